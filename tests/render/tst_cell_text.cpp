// SPDX-License-Identifier: GPL-3.0-or-later
// Values written into heatmap cells stay readable on every colour of every colour map: the text colour is
// chosen by contrast, not by the colour's HSL lightness (which put white on viridis' yellow, 0.94 to 1).
#include "render/color_maps.h"
#include "render/heatmap_drawing.h"

#include <QtTest>

class TestCellText : public QObject
{
    Q_OBJECT
private slots:
    void knownColours_data();
    void knownColours();
    void everyLevelOfEveryMapIsReadable_data();
    void everyLevelOfEveryMapIsReadable();
};

void TestCellText::knownColours_data()
{
    QTest::addColumn<QString>("background");
    QTest::addColumn<bool>("dark");
    QTest::newRow("viridis 1 (yellow)") << "#fde725" << true;
    QTest::newRow("viridis 0.9 (yellow-green)") << "#bddf26" << true;
    QTest::newRow("viridis 0 (dark purple)") << "#440154" << false;
    QTest::newRow("viridis 0.5 (teal): black has 5.4:1, white 3.9:1") << "#21918c" << true;
    QTest::newRow("coolwarm 0 (grey)") << "#dddcdc" << true;
    QTest::newRow("coolwarm max (red)") << "#b40426" << false;
    QTest::newRow("grayscale white") << "#ffffff" << true;
    QTest::newRow("grayscale black") << "#000000" << false;
}

void TestCellText::knownColours()
{
    QFETCH(QString, background);
    QFETCH(bool, dark);
    const QColor text = cellTextColor(QColor(background));
    QCOMPARE(text.lightness() < 128, dark);
}

void TestCellText::everyLevelOfEveryMapIsReadable_data()
{
    QTest::addColumn<QString>("map");
    for (const QString &name : colorMapNames())
        QTest::newRow(qPrintable(name)) << name;
}

// WCAG asks 4.5:1 for normal text; every one of the 256 levels of every map reaches it.
void TestCellText::everyLevelOfEveryMapIsReadable()
{
    QFETCH(QString, map);
    QCPColorGradient g = colorGradient(map);
    double worst = 21;
    for (int i = 0; i < 256; ++i) {
        const QColor c = QColor::fromRgb(g.color(i / 255.0, QCPRange(0, 1)));
        worst = std::min(worst, contrastRatio(cellTextColor(c), c));
    }
    QVERIFY2(worst >= 4.5, qPrintable(QStringLiteral("%1: contrast %2").arg(map).arg(worst)));
}

QTEST_MAIN(TestCellText)
#include "tst_cell_text.moc"
