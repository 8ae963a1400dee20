// SPDX-License-Identifier: GPL-3.0-or-later
// Every number of the heatmap's side panels can be read: hovering a bar names its value, the cell
// tooltip gives the row's sum and entropy, small matrices write the numbers beside the bars; with
// softmax over queries the column entropy (against ln L) replaces the row entropy; masked cells
// carry no number except −∞ among the logits; a flat-looking large matrix says that F fits the
// colours, and F does; the presentation buttons say what is on; the gradient panels draw each row's
// (column's) softmax Jacobian norm against a uniform one's, and G hides and shows them.
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
    void tooltipsGiveTheJacobianNorm();
    void flatLargeMatrixPointsToFit();
    void presentationButtonsShowTheirState();
    void rowBoundOnlyWhereRowsAreDistributions();
    void hoverOutlineGoesWithThePointer();
    void entropyNumbersStandClearOfTheStaircase();
    void gradientPanelsShowEachDistributionsJacobianNorm();
    void block1sVarianceNoteAndTheInitKey();

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
    QCPGraph *stairs = nullptr; // the entropy panel's (the gradient panel's comes after it)
    for (int g = 0; g < plot->graphCount() && !stairs; ++g)
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
    QVERIFY(!stairs->visible());
    QVERIFY(heatmap()->cellToolTip(2, 1).contains(QString("ln S = %1").arg(std::log(5.0), 0, 'f', 4)));
}

// The cell and entropy-bar tooltips give the softmax Jacobian's norm of the row (core's, against a
// uniform row's sqrt(S - 1) / S), or of the column under softmax over queries.
void TestNumbers::tooltipsGiveTheJacobianNorm()
{
    m_model->setParams(lecture::block2(false)); // unscaled d_k = 64: one weight 0.8638
    m_window->settle();
    const auto r = m_model->result();
    const double norm = attn::jacobianNorms(*r, 0)[0];
    const QString tip = heatmap()->cellToolTip(0, 1);
    QVERIFY2(tip.contains(QString("softmax Jacobian norm of row 0: %1 (a uniform row %2")
                              .arg(norm, 0, 'f', 4)
                              .arg(std::sqrt(5.0) / 6, 0, 'f', 4)),
        qPrintable(tip));
    m_model->setParams(lecture::exercise(-2));
    m_window->settle();
    const auto c = m_model->result();
    QVERIFY(heatmap()->cellToolTip(1, 3).contains(
        QString("softmax Jacobian norm of column 3: %1").arg(attn::jacobianNorms(*c, 0)[3], 0, 'f', 4)));
}

void TestNumbers::smallMatricesWriteBarValues()
{
    const auto r = m_model->result();
    const attn::Statistics &st = r->attention.stats;
    const QStringList texts = heatmap()->barTexts();
    // three row sums, five column sums, five column entropies (the gradient panels are off by default)
    QCOMPARE(texts.size(), 3 + 5 + 5);
    QVERIFY(texts.contains(lecture::printed(lecture::exerciseRow0Sum)));
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
    QVERIFY2(heatmap()->noteText().contains("their entropy is shown under the map, against the most each can have"),
        qPrintable(heatmap()->noteText()));
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

// ln S bounds a row's entropy only where the rows are the distributions (softmax over keys): under
// softmax over queries a row can sum to well over 1 (the exercise's row 1: 3.3447) and its entropy can
// pass ln S. The tooltip gives the row's numbers without a bound then, and the column's with theirs.
void TestNumbers::rowBoundOnlyWhereRowsAreDistributions()
{
    const auto r = m_model->result();
    const attn::Statistics &st = r->attention.stats;
    for (int i = 0; i < 3; ++i) {
        const QString tip = heatmap()->cellToolTip(i, 2);
        QVERIFY2(tip.contains(QString("row %1 sums to %2, its entropy is %3 nats")
                                  .arg(i)
                                  .arg(st.rowSums(0, i), 0, 'f', 4)
                                  .arg(st.rowEntropy(0, i), 0, 'f', 4)),
            qPrintable(tip));
        QVERIFY2(!tip.contains("uniform row") && !tip.contains("ln S"), qPrintable(tip));
        QVERIFY2(tip.contains(QString("(the most, for a uniform column: ln L = %1)").arg(std::log(3.0), 0, 'f', 4)),
            qPrintable(tip));
    }
    // under a mask too: no bound of visible keys for a row; the column has its own
    attn::Params p = lecture::exercise(-2);
    p.mask = attn::MaskKind::Causal;
    m_model->setParams(p);
    m_window->settle();
    for (int i = 0; i < 3; ++i) {
        const QString masked = heatmap()->cellToolTip(i, 0);
        QVERIFY2(!masked.contains("visible keys") && !masked.contains("this row") && !masked.contains("ln S"),
            qPrintable(masked));
        QVERIFY2(masked.contains("column 0 sums to") && masked.contains("(the most"), qPrintable(masked));
    }
    // softmax over keys: the row's bound is back, and there is no column part
    p = lecture::exercise(-1);
    m_model->setParams(p);
    m_window->settle();
    const QString keys = heatmap()->cellToolTip(1, 2);
    QVERIFY2(keys.contains(QString("(the most, for a uniform row: ln S = %1)").arg(std::log(5.0), 0, 'f', 4)),
        qPrintable(keys));
    QVERIFY(!keys.contains("column 2 sums"));
}

namespace {
QCPItemRect *outline(QCustomPlot *plot)
{
    for (int k = 0; k < plot->itemCount(); ++k)
        if (auto *r = qobject_cast<QCPItemRect *>(plot->item(k)))
            return r;
    return nullptr;
}
} // namespace

// The red outline of a hovered cell goes when the pointer leaves the heatmap (to a menu, a dialog,
// the settings) and when the settings change; hovering the same cell again brings it back.
void TestNumbers::hoverOutlineGoesWithThePointer()
{
    m_model->setParams(lecture::block1());
    m_window->settle();
    QCustomPlot *plot = heatmap()->plot();
    QCPItemRect *rect = outline(plot);
    QVERIFY(rect);
    int nudge = 0; // Qt drops a move to where the pointer already is: a pixel further each time
    const auto hoverCell = [&](int query, int key) {
        QTest::mouseMove(plot, heatmap()->cellCenter(query, key).toPoint() + QPoint(nudge, nudge));
        nudge = (nudge + 1) % 4;
        return heatmap()->highlight() == QPoint(key, query) && rect->visible();
    };
    QVERIFY(hoverCell(2, 3));
    QCOMPARE(m_model->hoveredCell(), QPoint(3, 2));
    // out of the plot, onto the settings
    QWidget *settings = m_window->findChild<QWidget *>("settingsDock");
    QVERIFY(settings);
    QTest::mouseMove(settings, settings->rect().center());
    QTRY_VERIFY_WITH_TIMEOUT(!rect->visible(), gui::kPatienceMs);
    QCOMPARE(heatmap()->highlight(), QPoint(-1, -1));
    QCOMPARE(m_model->hoveredCell(), QPoint(-1, -1));
    // a dialog or a menu over the plot: the plot is left
    QVERIFY(hoverCell(1, 1));
    QEvent leave(QEvent::Leave);
    QCoreApplication::sendEvent(plot, &leave);
    QVERIFY(!rect->visible());
    QCOMPARE(m_model->hoveredCell(), QPoint(-1, -1));
    // the settings change under a still pointer
    QVERIFY(hoverCell(4, 0));
    DisplayOptions d = m_model->display();
    d.quantity = attn::Quantity::Logits;
    m_model->setDisplay(d);
    m_window->settle();
    QVERIFY(!rect->visible());
    QCOMPARE(m_model->hoveredCell(), QPoint(-1, -1));
    QVERIFY(hoverCell(4, 0)); // and back, on the same cell
    attn::Params p = m_model->params();
    p.seed = 7;
    m_model->setParams(p);
    m_window->settle();
    QVERIFY(!rect->visible());
    QCOMPARE(heatmap()->highlight(), QPoint(-1, -1));
}

// Under a causal mask the dashed staircase of each row's most entropy, ln(i + 1), runs through the
// middle of the entropy panel, where the numbers stand: they stand on opaque plates, which the line
// does not cross (through a see-through one it showed pink in the digits).
void TestNumbers::entropyNumbersStandClearOfTheStaircase()
{
    attn::Params p;
    p.queryLength = p.keyLength = 12;
    p.mask = attn::MaskKind::Causal;
    m_model->setParams(p);
    m_window->settle();
    QCustomPlot *plot = heatmap()->plot();
    QCPAxisRect *entropy = plot->axisRect(2);
    QCOMPARE(entropy->axis(QCPAxis::atTop)->label(), QString("entropy"));
    const QImage img = plot->toPixmap().toImage();
    QCPAxis *value = entropy->axis(QCPAxis::atBottom);
    int crossed = 0; // numbers the staircase's steps pass through
    for (const auto &t : heatmap()->textRects()) {
        const QRectF r = t.second.adjusted(1, 1, -1, -1);
        if (!entropy->rect().contains(r.center().toPoint()) || t.first.size() != 6)
            continue;
        const int row = int(std::lround(entropy->axis(QCPAxis::atLeft)->pixelToCoord(r.center().y())));
        const double step = value->coordToPixel(std::log(double(row + 1)));
        crossed += step > r.left() && step < r.right();
        for (int y = int(std::ceil(r.top())); y < int(r.bottom()); ++y)
            for (int x = int(std::ceil(r.left())); x < int(r.right()); ++x) {
                const QColor c = img.pixelColor(x, y);
                QVERIFY2(c.red() - c.green() <= 12 || c.red() - c.blue() <= 12,
                    qPrintable(QString("%1: (%2, %3) is %4").arg(t.first).arg(x).arg(y).arg(c.name())));
            }
    }
    QVERIFY2(crossed >= 3, qPrintable(QString::number(crossed)));
}

// Beside the entropy, each row's softmax Jacobian norm (core's, from the softmax's pass), with a
// uniform row's as the dashed yardstick (a staircase under a mask); under dim −2 the columns'. Bar
// texts and tooltips carry the numbers; G (and the View box) hides and shows the panels.
void TestNumbers::gradientPanelsShowEachDistributionsJacobianNorm()
{
    // off by default; G shows them. dim −2 (init): one gradient bar per column, core's norm of each
    QVERIFY(!heatmap()->showsColumnGradient());
    gui::pressKey(m_window, Qt::Key_G);
    m_window->settle();
    QVERIFY(heatmap()->noteText().contains("their entropy and gradient are shown under the map"));
    QCOMPARE(heatmap()->barTexts().size(), 3 + 5 + 5 + 5);
    const auto c = m_model->result();
    QVERIFY(heatmap()->showsColumnGradient());
    QVector<double> bars = heatmap()->gradientBars();
    QCOMPARE(bars.size(), 5);
    for (int j = 0; j < 5; ++j)
        QCOMPARE(bars[j], c->attention.stats.colJacobian(0, j));

    // dim −1, causal: one bar per row; the yardstick of row i is a uniform row over its i + 1 keys
    attn::Params p = lecture::block1();
    p.batch = 1;
    p.mask = attn::MaskKind::Causal;
    m_model->setParams(p);
    m_window->settle();
    const auto r = m_model->result();
    QVERIFY(!heatmap()->showsColumnGradient());
    bars = heatmap()->gradientBars();
    QCOMPARE(bars.size(), 5);
    const QStringList texts = heatmap()->barTexts();
    for (int i = 0; i < 5; ++i) {
        QCOMPARE(bars[i], r->attention.stats.rowJacobian(0, i));
        QVERIFY(texts.contains(QString::number(bars[i], 'f', 4)));
    }
    QCOMPARE(bars[0], 0.0); // row 0 sees one key: weight 1, no gradient
    QCustomPlot *plot = heatmap()->plot();
    QCPGraph *yardstick = nullptr; // the second visible staircase along the rows: the gradient panel's
    int seen = 0;
    for (int g = 0; g < plot->graphCount(); ++g)
        if (plot->graph(g)->visible() && plot->graph(g)->keyAxis()->orientation() == Qt::Vertical && ++seen == 2)
            yardstick = plot->graph(g);
    QVERIFY(yardstick);
    QCOMPARE(yardstick->dataCount(), 10);
    for (int i = 0; i < 5; ++i)
        QVERIFY(std::fabs(yardstick->data()->at(2 * i)->value - std::sqrt(double(i)) / (i + 1)) < 1e-15);
    // The uniform row's norm is no maximum (a row with a few large weights passes more): dotted, where the most
    // entropy, which no row passes, is dashed.
    QCOMPARE(yardstick->name(), QString("uniform gradient"));
    QCOMPARE(yardstick->pen().style(), Qt::DotLine);
    for (int g = 0; g < plot->graphCount(); ++g)
        if (plot->graph(g)->name() == "most entropy")
            QCOMPARE(plot->graph(g)->pen().style(), Qt::DashLine);
    // the bar's tooltip names the norm and the uniform row's over the visible keys
    QCPAxisRect *gradient = nullptr;
    for (QCPAxisRect *a : plot->axisRects())
        if (a->axis(QCPAxis::atTop)->label() == "gradient")
            gradient = a;
    QVERIFY(gradient && gradient->visible());
    const QString tip
        = heatmap()->barToolTip(QPointF(gradient->center().x(), gradient->axis(QCPAxis::atLeft)->coordToPixel(3)));
    QVERIFY2(tip.contains(QString("softmax Jacobian norm of row 3: %1 (a uniform row %2")
                              .arg(bars[3], 0, 'f', 4)
                              .arg(std::sqrt(3.0) / 4, 0, 'f', 4)),
        qPrintable(tip));

    // G hides them (the numbers go too), G brings them back; the View box follows
    gui::pressKey(m_window, Qt::Key_G);
    m_window->settle();
    QVERIFY(!m_model->display().gradientPanels);
    QVERIFY(!gradient->visible());
    QCOMPARE(heatmap()->barTexts().size(), 5 + 5 + 5); // row sums, entropies, column sums
    QVERIFY(!m_window->findChild<QCheckBox *>("gradient-check")->isChecked());
    gui::pressKey(m_window, Qt::Key_G);
    m_window->settle();
    QVERIFY(m_model->display().gradientPanels);
    QVERIFY(gradient->visible());
    QCOMPARE(heatmap()->barTexts().size(), 5 + 5 + 5 + 5);
}

// The lecture's action item (block 1, d_k 4 -> 64) with ÷√d_k on: row 0 one-hot, and the note under the map says
// why (randn weights: variance d_model = 8); I draws the weights as randn/√d_model and the row spreads, the note goes.
void TestNumbers::block1sVarianceNoteAndTheInitKey()
{
    m_model->setParams(lecture::block1());
    m_window->settle();
    for (int i = 0; i < 4; ++i)
        gui::pressKey(m_window, Qt::Key_Up);
    m_window->settle();
    QCOMPARE(m_model->params().dK, 64);
    QVERIFY2(heatmap()->noteText().contains("d_model² = 64 remains in the scores' variance. Press I"),
        qPrintable(heatmap()->noteText()));
    QVERIFY(m_model->result()->attention.stats.rowMax(0, 0) > 0.99);
    gui::pressKey(m_window, Qt::Key_I);
    m_window->settle();
    QCOMPARE(m_model->params().init, attn::Init::Scaled);
    QVERIFY(!heatmap()->noteText().contains("randn"));
    QVERIFY(m_model->result()->attention.stats.rowMax(0, 0) < 0.9);
    QVERIFY(m_window->action("nextInit")->iconText().startsWith("init: randn/√d_model"));
}

QTEST_MAIN(TestNumbers)
#include "tst_numbers.moc"
