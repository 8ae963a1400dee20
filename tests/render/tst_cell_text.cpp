// SPDX-License-Identifier: GPL-3.0-or-later
// Values written into heatmap cells stay readable on every colour of every colour map: the text colour is
// chosen by contrast, not by the colour's HSL lightness (which put white on viridis' yellow, 0.94 to 1). A map
// writes all its values in one tone (light or dark), with a plate of the other tone under a value where its
// cell is too close to the text.
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
    void oneToneWithPlates_data();
    void oneToneWithPlates();
    void theToneMostCellsReadWithout();
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

void TestCellText::oneToneWithPlates_data()
{
    QTest::addColumn<QString>("map");
    QTest::addColumn<bool>("light");
    for (const QString &name : colorMapNames()) {
        QTest::newRow(qPrintable(name + " light")) << name << true;
        QTest::newRow(qPrintable(name + " dark")) << name << false;
    }
}

// In either tone, every level of every map reads at 4.5:1 or better on what the text stands on (the cell, or
// the plate over it). Light: always white, a plate only where the cell itself does not reach 4.5:1. Dark: no
// plates, black wherever black reaches it.
void TestCellText::oneToneWithPlates()
{
    QFETCH(QString, map);
    QFETCH(bool, light);
    const CellTone tone = light ? CellTone::Light : CellTone::Dark;
    QCPColorGradient g = colorGradient(map);
    int plates = 0;
    for (int i = 0; i < 256; ++i) {
        const QColor c = QColor::fromRgb(g.color(i / 255.0, QCPRange(0, 1)));
        const CellInk ink = cellInk(c, tone);
        const double onPlate = contrastRatio(ink.text, underText(c, ink));
        QVERIFY2(onPlate >= 4.5, qPrintable(QStringLiteral("%1 level %2: %3").arg(map).arg(i).arg(onPlate)));
        if (light) {
            QCOMPARE(ink.text, QColor(Qt::white));
            QCOMPARE(ink.plate.isValid(), contrastRatio(ink.text, c) < 4.5);
        } else {
            QVERIFY(!ink.plate.isValid());
            QCOMPARE(ink.text == QColor(Qt::black), contrastRatio(QColor(Qt::black), c) >= 4.5);
        }
        plates += ink.plate.isValid();
    }
    // White on viridis' light end needs plates (about its upper half), its dark end none.
    if (map == QLatin1String("viridis") && light)
        QVERIFY2(plates > 50 && plates < 200, qPrintable(QString::number(plates)));
}

void TestCellText::theToneMostCellsReadWithout()
{
    // A weights map is mostly dark on viridis: white text. Raw scores near 0 are pale on cool-warm: black text.
    QCPColorGradient viridis = colorGradient(QStringLiteral("viridis"));
    QCPColorGradient coolwarm = colorGradient(QStringLiteral("coolwarm"));
    QList<QColor> weights, scores;
    for (double v : { 0.0026, 0.0039, 0.0007, 0.9903, 0.0025, 0.0493, 0.2017, 0.5422 })
        weights << QColor::fromRgb(viridis.color(v, QCPRange(0, 1)));
    for (double v : { 0.45, 0.5, 0.55, 0.6, 0.05, 0.95 })
        scores << QColor::fromRgb(coolwarm.color(v, QCPRange(0, 1)));
    QCOMPARE(cellTone(weights), CellTone::Light);
    QCOMPARE(cellTone(scores), CellTone::Dark);
    QCOMPARE(underText(QColor(200, 100, 50), CellInk { Qt::white, QColor() }), QColor(200, 100, 50));
}

QTEST_MAIN(TestCellText)
#include "tst_cell_text.moc"
