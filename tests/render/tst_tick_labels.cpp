// SPDX-License-Identifier: GPL-3.0-or-later
// The labels of a heatmap's axes never meet: from 1 to 4096 positions, numbers and tokens (short, long,
// Chinese), at small and large plots and fonts, each axis is laid out by QCustomPlot as the window and the
// exports lay it out, and the label boxes it placed are measured in the font it draws them with. At L = 40
// the keys' numbers ran together ("1011121314..."); a 32-token capture made both axes scribble.
#include "render/heatmap_drawing.h"

#include <QtTest>

class TestTickLabels : public QObject
{
    Q_OBJECT
private slots:
    void noTwoLabelsMeet_data();
    void noTwoLabelsMeet();
    void everyLabelWhereAllFit();
    void zoomedInTheLabelsFollow();
};

namespace {

std::vector<std::string> tokens(int n, const QString &kind)
{
    std::vector<std::string> t;
    for (int i = 0; i < n; ++i) {
        QString s;
        if (kind == "short")
            s = QString(QChar('a' + i % 26));
        else if (kind == "long")
            s = QStringLiteral("representation%1").arg(i % 3 == 0 ? QStringLiteral("s") : QString());
        else
            s = QString::fromUtf8(i % 2 ? "注意力" : "我");
        t.push_back(s.toStdString());
    }
    return t;
}

struct Laid
{
    QCustomPlot plot;
    QCPAxis *keys, *queries;
};

void layOut(Laid &l, int n, const std::vector<std::string> &toks, QSize size, int fontPx)
{
    l.plot.resize(size); // (as the exports lay out a plot that is never shown)
    l.plot.setViewport(QRect(QPoint(0, 0), size));
    l.plot.plotLayout()->setOuterRect(QRect(QPoint(0, 0), size));
    QCPAxisRect *rect = l.plot.axisRect();
    setUpHeatmapAxes(rect);
    l.keys = rect->axis(QCPAxis::atBottom);
    l.queries = rect->axis(QCPAxis::atLeft);
    QFont f = l.plot.font();
    f.setPixelSize(fontPx);
    for (QCPAxis *a : { l.keys, l.queries }) {
        a->setTickLabelFont(f);
        a->setRange(-0.5, n - 0.5);
    }
    setAxisLabels(rect, toks);
    // As the exports do: laid out again while the labels chosen for the last layout's lengths gave other lengths.
    l.plot.replot(QCustomPlot::rpImmediateRefresh);
    for (int pass = 0; pass < 3 && ticksStale(rect); ++pass)
        l.plot.replot(QCustomPlot::rpImmediateRefresh);
    QVERIFY2(!ticksStale(rect), "the labels did not settle in three layouts");
}

// The labels' boxes along the axis, in pixels, in the order of their positions; "" when they meet.
QString overlap(QCPAxis *axis)
{
    const QVector<double> ticks = axis->tickVector();
    const QVector<QString> labels = axis->tickVectorLabels();
    const QFontMetricsF fm(axis->tickLabelFont());
    const bool vertical = axis->orientation() == Qt::Vertical;
    const double angle = std::fabs(axis->tickLabelRotation()) * 3.14159265358979 / 180.0;
    for (int k = 1; k < ticks.size(); ++k) {
        const double a = axis->coordToPixel(ticks[k - 1]), b = axis->coordToPixel(ticks[k]);
        const double apart = std::fabs(b - a);
        double need;
        if (vertical)
            need = fm.height(); // one line each, stacked
        else if (angle > 0.05)
            need = fm.height() / std::sin(angle); // parallel slanted boxes
        else
            need = (fm.horizontalAdvance(labels[k - 1]) + fm.horizontalAdvance(labels[k])) / 2;
        if (apart <= need)
            return QStringLiteral("'%1' at %2 and '%3' at %4 px: %5 px apart, need more than %6")
                .arg(labels[k - 1])
                .arg(a)
                .arg(labels[k])
                .arg(b)
                .arg(apart)
                .arg(need);
    }
    return {};
}

} // namespace

void TestTickLabels::noTwoLabelsMeet_data()
{
    QTest::addColumn<int>("n");
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QSize>("size");
    QTest::addColumn<int>("fontPx");
    for (int n : { 1, 2, 3, 5, 8, 12, 13, 16, 32, 40, 64, 100, 257, 512, 1000, 2048, 4096 })
        for (const QString &kind :
            { QStringLiteral("numbers"), QStringLiteral("short"), QStringLiteral("long"), QStringLiteral("chinese") }) {
            if (kind != "numbers" && n > 64)
                continue; // more tokens than that are shown as numbers
            for (QSize size : { QSize(260, 200), QSize(800, 600), QSize(1900, 1000) })
                for (int px : { 11, 24 })
                    QTest::addRow("%d %s %dx%d %dpx", n, qPrintable(kind), size.width(), size.height(), px)
                        << n << kind << size << px;
        }
}

void TestTickLabels::noTwoLabelsMeet()
{
    QFETCH(int, n);
    QFETCH(QString, kind);
    QFETCH(QSize, size);
    QFETCH(int, fontPx);
    Laid l;
    const std::vector<std::string> toks = kind == "numbers" ? std::vector<std::string>() : tokens(n, kind);
    layOut(l, n, toks, size, fontPx);
    for (QCPAxis *axis : { l.keys, l.queries }) {
        const QVector<double> ticks = axis->tickVector();
        const QVector<QString> labels = axis->tickVectorLabels();
        QVERIFY2(!ticks.isEmpty(), "no label at all");
        QCOMPARE(ticks.first(), 0.0); // the first position is always named
        QVERIFY(ticks.last() <= n - 1);
        for (int k = 0; k < ticks.size(); ++k) {
            const int i = int(ticks[k]);
            QCOMPARE(ticks[k], double(i)); // on positions, not between them
            const QString want = toks.empty() ? QString::number(i)
                : axis == l.keys              ? QString::fromStdString(toks[std::size_t(i)])
                                 : QStringLiteral("%1: %2").arg(i).arg(QString::fromStdString(toks[std::size_t(i)]));
            QCOMPARE(labels[k], want);
        }
        const QString meet = overlap(axis);
        QVERIFY2(meet.isEmpty(), qPrintable(meet));
        const double length = axis == l.keys ? l.plot.axisRect()->width() : l.plot.axisRect()->height();
        QVERIFY2(length > 0.3 * (axis == l.keys ? size.width() : size.height()) || size.width() < 300,
            qPrintable(QString::number(length)));
    }
}

// Thinned only where needed: five keys on a wide plot are all named, and 40 numbered keys at 800 pixels
// keep every second or fifth, not fewer.
void TestTickLabels::everyLabelWhereAllFit()
{
    Laid five;
    layOut(five, 5, {}, QSize(800, 600), 11);
    QCOMPARE(five.keys->tickVector().size(), 5);
    QCOMPARE(five.queries->tickVector().size(), 5);
    Laid forty;
    layOut(forty, 40, {}, QSize(800, 600), 11);
    QVERIFY2(forty.keys->tickVector().size() >= 8, qPrintable(QString::number(forty.keys->tickVector().size())));
    QVERIFY2(forty.keys->tickVector().size() < 40, qPrintable(QString::number(forty.keys->tickVector().size())));
}

// The map can be dragged and zoomed: 20 of 2048 keys across 800 pixels get labels every 1st or 2nd (the step
// for the 120 positions up to the range's end gave every 5th).
void TestTickLabels::zoomedInTheLabelsFollow()
{
    Laid l;
    layOut(l, 2048, {}, QSize(800, 600), 11);
    l.keys->setRange(99.5, 119.5);
    for (int pass = 0; pass < 4; ++pass)
        l.plot.replot(QCustomPlot::rpImmediateRefresh);
    const QVector<double> ticks = l.keys->tickVector();
    QVERIFY2(ticks.size() >= 10, qPrintable(QString::number(ticks.size())));
    QVERIFY(ticks.first() >= 100 && ticks.last() <= 119);
    const QString meet = overlap(l.keys);
    QVERIFY2(meet.isEmpty(), qPrintable(meet));
}

QTEST_MAIN(TestTickLabels)
#include "tst_tick_labels.moc"
