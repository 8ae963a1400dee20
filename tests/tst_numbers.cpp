// SPDX-License-Identifier: GPL-3.0-or-later
// Every number of the heatmap's side panels can be read: hovering a bar names its value, the cell
// tooltip gives the row's sum and entropy, small matrices write the numbers beside the bars; with
// softmax over queries the column entropy (against ln L) replaces the row entropy; masked cells
// carry no number except −∞ among the logits; a flat-looking large matrix says that F fits the
// colours, and F does; the presentation buttons say what is on.
#include "gui_driver.h"
#include "lecture.h"
#include "shown_window.h"

#include <QToolButton>
#include <QtTest>

class TestNumbers : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void init();
    void cleanup() { m_shown.reset(); }
    void barsNameTheirValues();
    void cellToolTipHasRowSumAndEntropy();
    void smallMatricesWriteBarValues();
    void columnEntropyForSoftmaxOverQueries();
    void maskedCellsHaveNoNumber();
    void maskedRowsHaveTheirOwnMostEntropy();
    void flatLargeMatrixPointsToFit();
    void presentationButtonsShowTheirState();

private:
    std::unique_ptr<ShownWindow> m_shown;
    AttentionModel *m_model = nullptr;
    MainWindow *m_window = nullptr;
    HeatmapPanel *heatmap() { return m_window->heatmap(); }
};

void TestNumbers::init()
{
    m_shown = showWindow();
    QVERIFY(m_shown);
    m_model = &m_shown->model;
    m_window = &m_shown->window;
    m_model->setParams(lecture::exercise(-2)); // 3 x 5, not scaled, dim -2: rows do not sum to 1
    m_window->settle();
}

void TestNumbers::barsNameTheirValues()
{
    m_model->setParams(lecture::block1());
    m_window->settle();
    const auto r = m_model->result();
    const attn::Statistics &st = r->attention.stats;
    QCustomPlot *plot = heatmap()->plot();
    // The middle of row 2's bars in the row-sum and entropy panels, and of key 3's column-sum bar.
    QCPAxisRect *rowSum = plot->axisRect(1), *entropy = plot->axisRect(2);
    const double y = rowSum->axis(QCPAxis::atLeft)->coordToPixel(2);
    const QString sumTip = heatmap()->barToolTip(QPointF(rowSum->center().x(), y));
    QVERIFY2(
        sumTip.contains(QString("query 2: the row sums to %1").arg(st.rowSums(0, 2), 0, 'f', 4)), qPrintable(sumTip));
    const QString entropyTip = heatmap()->barToolTip(QPointF(entropy->center().x(), y));
    QVERIFY2(entropyTip.contains(QString("row entropy %1 nats").arg(st.rowEntropy(0, 2), 0, 'f', 4)),
        qPrintable(entropyTip));
    QVERIFY(entropyTip.contains(QString("ln S = %1").arg(std::log(5.0), 0, 'f', 4)));
    QCPAxisRect *colSum = nullptr;
    for (QCPAxisRect *a : plot->axisRects())
        if (a->axis(QCPAxis::atLeft)->label() == "col. sum")
            colSum = a;
    QVERIFY(colSum);
    const double x = colSum->axis(QCPAxis::atBottom)->coordToPixel(3);
    const QString colTip = heatmap()->barToolTip(QPointF(x, colSum->center().y()));
    QVERIFY2(
        colTip.contains(QString("key 3: the column sums to %1").arg(st.colSums(0, 3), 0, 'f', 4)), qPrintable(colTip));
    // outside every bar panel: nothing
    QVERIFY(heatmap()->barToolTip(QPointF(2, 2)).isEmpty());
}

void TestNumbers::cellToolTipHasRowSumAndEntropy()
{
    const auto r = m_model->result();
    const attn::Statistics &st = r->attention.stats;
    const QString tip = heatmap()->cellToolTip(0, 3);
    QVERIFY2(tip.contains("row 0 sums to 0.8702"), qPrintable(tip)); // the lecture's exercise
    QVERIFY(tip.contains(QString("its entropy is %1 nats").arg(st.rowEntropy(0, 0), 0, 'f', 4)));
    // dim -2: the column's sum (1) and entropy too
    QVERIFY2(tip.contains("column 3 sums to 1.0000"), qPrintable(tip));
    QVERIFY(tip.contains(QString("ln L = %1").arg(std::log(3.0), 0, 'f', 4)));
}

// Under a causal mask row i sees i + 1 keys, so its entropy can reach ln(i + 1), not ln S: the
// tooltips say so and the entropy panel's dashed line becomes a staircase at those heights.
void TestNumbers::maskedRowsHaveTheirOwnMostEntropy()
{
    attn::Params p = lecture::block1();
    p.batch = 1;
    p.mask = attn::MaskKind::Causal;
    m_model->setParams(p);
    m_window->settle();
    const QString tip = heatmap()->cellToolTip(2, 1);
    QVERIFY2(
        tip.contains(QString("over its 3 visible keys: ln 3 = %1").arg(std::log(3.0), 0, 'f', 4)), qPrintable(tip));
    QVERIFY(!tip.contains("ln S"));
    QVERIFY2(heatmap()->cellToolTip(0, 0).contains("the most is 0"), qPrintable(heatmap()->cellToolTip(0, 0)));
    QCustomPlot *plot = heatmap()->plot();
    QCPGraph *stairs = nullptr;
    for (int g = 0; g < plot->graphCount(); ++g)
        if (plot->graph(g)->visible() && plot->graph(g)->keyAxis()->orientation() == Qt::Vertical)
            stairs = plot->graph(g);
    QVERIFY(stairs);
    QCOMPARE(stairs->dataCount(), 2 * p.queryLength);
    for (int i = 0; i < p.queryLength; ++i)
        QVERIFY(std::fabs(stairs->data()->at(2 * i)->value - std::log(double(i + 1))) < 1e-12);
    // without a mask: one line at ln S, no staircase
    p.mask = attn::MaskKind::None;
    m_model->setParams(p);
    m_window->settle();
    for (int g = 0; g < plot->graphCount(); ++g)
        QVERIFY(!plot->graph(g)->visible());
    QVERIFY(heatmap()->cellToolTip(2, 1).contains(QString("ln S = %1").arg(std::log(5.0), 0, 'f', 4)));
}

void TestNumbers::smallMatricesWriteBarValues()
{
    const auto r = m_model->result();
    const attn::Statistics &st = r->attention.stats;
    const QStringList texts = heatmap()->barTexts();
    // three row sums, five column sums, five column entropies
    QCOMPARE(texts.size(), 3 + 5 + 5);
    QVERIFY(texts.contains("0.8702"));
    for (int j = 0; j < 5; ++j)
        QVERIFY(texts.contains(QString::number(st.colEntropy(0, j), 'f', 4)));
}

void TestNumbers::columnEntropyForSoftmaxOverQueries()
{
    const auto r = m_model->result();
    QVERIFY(heatmap()->showsColumnEntropy());
    const QVector<double> bars = heatmap()->columnEntropyBars();
    QCOMPARE(bars.size(), 5);
    for (int j = 0; j < 5; ++j)
        QCOMPARE(bars[j], r->attention.stats.colEntropy(0, j));
    QVERIFY(heatmap()->noteText().contains("their entropy is shown under the map, against the most each can have"));
    gui::pressKey(m_window, Qt::Key_D); // back to dim -1: rows are distributions again
    m_window->settle();
    QCOMPARE(m_model->params().softmaxDim, -1);
    QVERIFY(!heatmap()->showsColumnEntropy());
    QCOMPARE(heatmap()->rowEntropyBars().size(), 3);
}

void TestNumbers::maskedCellsHaveNoNumber()
{
    attn::Params p = lecture::block1();
    p.mask = attn::MaskKind::Causal;
    m_model->setParams(p);
    m_window->settle();
    // weights: 15 of 25 cells seen, 10 masked (grey, no number; the weight there is 0, not −∞)
    QCOMPARE(heatmap()->cellTextCount(), 15);
    for (const auto &t : heatmap()->textRects())
        QVERIFY(t.first != QStringLiteral("−∞"));
    DisplayOptions d = m_model->display();
    d.quantity = attn::Quantity::Logits;
    m_model->setDisplay(d);
    m_window->settle();
    int infinities = 0;
    for (const auto &t : heatmap()->textRects())
        infinities += t.first == QStringLiteral("−∞");
    QCOMPARE(infinities, 10); // the logits of masked cells are −∞
    QCOMPARE(heatmap()->cellTextCount(), 25);
}

void TestNumbers::flatLargeMatrixPointsToFit()
{
    attn::Params p;
    p.mode = attn::Mode::Direct;
    p.queryLength = p.keyLength = 2048;
    p.dK = p.dV = 16;
    m_model->setParams(p);
    m_window->settle();
    const attn::Statistics &st = m_model->result()->attention.stats;
    const double typical = st.rowMax.row(0).mean(); // the rows' largest weights, averaged
    QVERIFY2(typical < 0.1, qPrintable(QString::number(typical)));
    QVERIFY2(
        heatmap()->noteText().contains(
            QString("The rows' largest weights average %1: on the fixed 0 to 1 colour range").arg(typical, 0, 'g', 3)),
        qPrintable(heatmap()->noteText()));
    QVERIFY(clickHeatmap(m_window));
    gui::pressKey(m_window, Qt::Key_F);
    m_window->settle();
    QCOMPARE(m_model->display().range, DisplayOptions::Range::Fit);
    QVERIFY(!heatmap()->noteText().contains("largest weights average"));
    gui::pressKey(m_window, Qt::Key_F); // and back
    QCOMPARE(m_model->display().range, DisplayOptions::Range::Fixed01);
    // the lecture's 5 x 5 matrix is not flat: no such note
    m_model->setParams(lecture::block1());
    m_window->settle();
    QVERIFY(!heatmap()->noteText().contains("largest weights average"));
}

void TestNumbers::presentationButtonsShowTheirState()
{
    m_model->setParams(lecture::block2(true));
    m_window->setPresentation(true, false);
    m_window->settle();
    auto *scaling = m_window->findChild<QToolButton *>("demo-toggleScaling");
    auto *leave = m_window->findChild<QToolButton *>("demo-leavePresentation");
    QVERIFY(scaling && leave);
    QVERIFY(scaling->isVisible() && leave->isVisible()); // a visible way out
    QVERIFY(scaling->isChecked());
    QVERIFY(scaling->text().contains("on"));
    QVERIFY(clickHeatmap(m_window));
    gui::pressKey(m_window, Qt::Key_S);
    QCOMPARE(m_model->params().scaling, attn::Scaling::None);
    QVERIFY(!scaling->isChecked());
    QVERIFY(scaling->text().contains("off"));
    // clicking the button does what the key does
    QTest::mouseClick(scaling, Qt::LeftButton);
    QCOMPARE(m_model->params().scaling, attn::Scaling::InvSqrtDk);
    QVERIFY(scaling->isChecked());
    auto *dim = m_window->findChild<QToolButton *>("demo-toggleSoftmaxDim");
    QVERIFY(dim->text().startsWith("dim −1"));
    QTest::mouseClick(leave, Qt::LeftButton);
    QVERIFY(!m_window->isPresentation());
}

QTEST_MAIN(TestNumbers)
#include "tst_numbers.moc"
