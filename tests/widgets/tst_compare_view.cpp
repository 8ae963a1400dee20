// SPDX-License-Identifier: GPL-3.0-or-later
// The compare view: a second heatmap from the very same Q and K that follows every change, hovering
// a cell outlines it in both heatmaps, and the two sides stand in the window where the exported
// comparison puts them.
#include "gui_driver.h"
#include "lecture.h"
#include "render/figure.h"
#include "shown_window.h"

#include <QHBoxLayout>
#include <QStandardPaths>
#include <QtTest>

Q_DECLARE_METATYPE(CompareKind)

class TestCompareView : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void cleanup();
    void compareViewSharesQAndK();
    void hoverIsSynchronised();
    void sidesStandAsInTheExport_data();
    void sidesStandAsInTheExport();
    void presentedComparisonLeavesTheDimParagraphToItsTitles();

private:
    std::unique_ptr<ShownWindow> m_shown;
    AttentionModel *m_model = nullptr;
    MainWindow *m_window = nullptr;
};

void TestCompareView::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
}

void TestCompareView::init()
{
    m_shown = showWindow();
    QVERIFY(m_shown);
    m_model = &m_shown->model;
    m_window = &m_shown->window;
}

void TestCompareView::cleanup()
{
    m_shown.reset();
}

void TestCompareView::compareViewSharesQAndK()
{
    m_model->setParams(lecture::block1());
    QVERIFY(gui::chooseMenu(m_window, { "View", "Compare", "Softmax over keys and over queries" }));
    QCOMPARE(m_model->compare(), CompareKind::SoftmaxDim);
    const auto a = m_model->result(), b = m_window->comparison()->partner()->result();
    QCOMPARE(b->inputs.get(), a->inputs.get()); // the very same Q, K, V
    QCOMPARE(b->scores.get(), a->scores.get());
    QCOMPARE(b->params.softmaxDim, -2);
    QCOMPARE(m_window->heatmap()->title(), QString("softmax over keys (dim −1)"));
    QCOMPARE(m_window->partnerHeatmap()->title(), QString("softmax over queries (dim −2)"));
    QVERIFY(!m_window->partnerHeatmap()->flaggedRows().isEmpty()); // its row-sum panel flags rows
    // changing the settings moves both
    gui::pressKey(m_window, Qt::Key_Up);
    QCOMPARE(m_window->comparison()->partner()->result()->params.dK, 8);
    QCOMPARE(m_window->comparison()->partner()->result()->inputs.get(), m_model->result()->inputs.get());
    gui::pressKey(m_window, Qt::Key_Down); // back to d_k = 4: the menu's other d_k is 16 times that
    QVERIFY(gui::chooseMenu(m_window, { "View", "Compare", "d_k and 16 × d_k (at most 1024)" }));
    QCOMPARE(m_window->comparison()->partner()->result()->params.dK, 64);

    // large enough to be computed off the GUI thread: both heatmaps end on the new settings
    QVERIFY(gui::chooseMenu(m_window, { "View", "Compare", "Softmax over keys and over queries" }));
    QVERIFY(gui::chooseInCombo(gui::find<QComboBox>(m_window, "source"), "Direct Q, K, V"));
    QVERIFY(gui::typeInto(gui::find<QSpinBox>(m_window, "len-spin"), "1500"));
    QCOMPARE(m_model->params().mode, attn::Mode::Direct);
    QCOMPARE(m_model->params().keyLength, 1500);
    m_window->waitUntilComputed();
    QCOMPARE(m_window->comparison()->partner()->result()->params.queryLength, 1500);
    QCOMPARE(m_window->comparison()->partner()->result()->inputs.get(), m_model->result()->inputs.get());
    QCOMPARE(m_window->comparison()->partner()->result()->params.seed, m_model->params().seed);
}

void TestCompareView::hoverIsSynchronised()
{
    gui::pressKey(m_window, Qt::Key_C);
    QCOMPARE(m_model->compare(), CompareKind::Scaling);
    QCustomPlot *plot = m_window->heatmap()->plot();
    QCustomPlot *partnerPlot = m_window->partnerHeatmap()->plot();
    m_window->settle(); // laid out and drawn, as the user sees it before moving the mouse
    QTest::mouseMove(plot, m_window->heatmap()->cellCenter(2, 3).toPoint()); // query 2, key 3
    QCOMPARE(m_model->hoveredCell(), QPoint(3, 2)); // through the model
    QCOMPARE(m_window->partnerHeatmap()->highlight(), QPoint(3, 2));
    QCOMPARE(m_window->heatmap()->highlight(), QPoint(3, 2));
    QTest::mouseMove(partnerPlot, QPoint(1, 1)); // over the other heatmap, but outside its cells
    QCOMPARE(m_window->heatmap()->highlight(), QPoint(-1, -1));
    // a mouse move over a cell of the first heatmap outlines it in the second
    QTest::mouseMove(plot, m_window->heatmap()->cellCenter(1, 4).toPoint());
    QCOMPARE(m_window->partnerHeatmap()->highlight(), QPoint(4, 1));
}

namespace {

// The row the heatmaps stand in, side by side.
QHBoxLayout *heatmapRow(MainWindow *window)
{
    for (QHBoxLayout *row : window->centralWidget()->findChildren<QHBoxLayout *>())
        if (row->indexOf(window->heatmap()) >= 0 && row->indexOf(window->partnerHeatmap()) >= 0)
            return row;
    return nullptr;
}

} // namespace

void TestCompareView::sidesStandAsInTheExport_data()
{
    // From the lecture's block 1 (scaled, softmax over keys): S and D set the main heatmap's
    // settings, C switches the comparison on (none -> scaling -> softmax dim). Whatever the settings,
    // the left heatmap must be scaled and the right not scaled, or the left over keys (dim -1) and the
    // right over queries (dim -2), as in the exported comparison.
    QTest::addColumn<QList<int>>("keys");
    QTest::addColumn<CompareKind>("kind");
    QTest::addColumn<bool>("mainScaled");
    QTest::addColumn<int>("mainDim");
    QTest::addColumn<bool>("leftScaled");
    QTest::addColumn<int>("leftDim");
    QTest::addColumn<bool>("rightScaled");
    QTest::addColumn<int>("rightDim");
    const int S = Qt::Key_S, D = Qt::Key_D, C = Qt::Key_C;
    QTest::newRow("scaled, dim -1: scaling")
        << QList<int> { C } << CompareKind::Scaling << true << -1 << true << -1 << false << -1;
    QTest::newRow("scaled, dim -1: softmax dim")
        << QList<int> { C, C } << CompareKind::SoftmaxDim << true << -1 << true << -1 << true << -2;
    QTest::newRow("not scaled, dim -1: scaling")
        << QList<int> { S, C } << CompareKind::Scaling << false << -1 << true << -1 << false << -1;
    QTest::newRow("not scaled, dim -1: softmax dim")
        << QList<int> { S, C, C } << CompareKind::SoftmaxDim << false << -1 << false << -1 << false << -2;
    QTest::newRow("scaled, dim -2: scaling")
        << QList<int> { D, C } << CompareKind::Scaling << true << -2 << true << -2 << false << -2;
    QTest::newRow("scaled, dim -2: softmax dim")
        << QList<int> { D, C, C } << CompareKind::SoftmaxDim << true << -2 << true << -1 << true << -2;
    QTest::newRow("not scaled, dim -2: scaling")
        << QList<int> { S, D, C } << CompareKind::Scaling << false << -2 << true << -2 << false << -2;
    QTest::newRow("not scaled, dim -2: softmax dim")
        << QList<int> { S, D, C, C } << CompareKind::SoftmaxDim << false << -2 << false << -1 << false << -2;
}

// Regression: the main heatmap stood on the left whatever it showed, while exports put the scaled
// (or softmax over keys) side on the left.
void TestCompareView::sidesStandAsInTheExport()
{
    QFETCH(QList<int>, keys);
    QFETCH(CompareKind, kind);
    QFETCH(bool, mainScaled);
    QFETCH(int, mainDim);
    QFETCH(bool, leftScaled);
    QFETCH(int, leftDim);
    QFETCH(bool, rightScaled);
    QFETCH(int, rightDim);

    m_model->setParams(lecture::block1());
    for (int key : keys)
        gui::pressKey(m_window, Qt::Key(key));
    QCOMPARE(m_model->params().scaling != attn::Scaling::None, mainScaled);
    QCOMPARE(m_model->params().softmaxDim, mainDim);
    QCOMPARE(m_model->compare(), kind);
    m_window->waitUntilComputed();

    // The heatmap on the left is the first of the row, once the layout has placed them.
    QHBoxLayout *row = heatmapRow(m_window);
    QVERIFY(row);
    QCOMPARE(row->count(), 2);
    auto *left = qobject_cast<HeatmapPanel *>(row->itemAt(0)->widget());
    auto *right = qobject_cast<HeatmapPanel *>(row->itemAt(1)->widget());
    QVERIFY(left && right && left != right);
    QVERIFY(left->isVisible() && right->isVisible());
    // Side by side the first stands left; stacked (when that gives larger cells) it stands on top.
    if (m_window->isStacked())
        QTRY_VERIFY_WITH_TIMEOUT(
            left->mapTo(m_window, QPoint(0, 0)).y() + left->height() <= right->mapTo(m_window, QPoint(0, 0)).y(),
            gui::kPatienceMs);
    else
        QTRY_VERIFY_WITH_TIMEOUT(
            left->mapTo(m_window, QPoint(0, 0)).x() + left->width() <= right->mapTo(m_window, QPoint(0, 0)).x(),
            gui::kPatienceMs);
    // Each heatmap shows its model's result: the main one the window's model, the other the partner.
    const ResultPtr main = m_model->result(), partner = m_window->comparison()->partner()->result();
    const attn::Params shownLeft = (left == m_window->heatmap() ? main : partner)->params;
    const attn::Params shownRight = (right == m_window->heatmap() ? main : partner)->params;

    // The export's comparison, as File > Export comparison writes it.
    const std::vector<FigurePanel> exported = comparePanels(main, kind, m_model->compareDk());
    QCOMPARE(int(exported.size()), 2);
    const attn::Params &exportedLeft = exported[0].result->params, &exportedRight = exported[1].result->params;

    QCOMPARE(shownLeft.scaling, exportedLeft.scaling);
    QCOMPARE(shownLeft.softmaxDim, exportedLeft.softmaxDim);
    QCOMPARE(shownRight.scaling, exportedRight.scaling);
    QCOMPARE(shownRight.softmaxDim, exportedRight.softmaxDim);
    QCOMPARE(left->title(), exported[0].subtitle);
    QCOMPARE(right->title(), exported[1].subtitle);
    // and both put the sides where the lecture expects them
    QCOMPARE(exportedLeft.scaling != attn::Scaling::None, leftScaled);
    QCOMPARE(exportedLeft.softmaxDim, leftDim);
    QCOMPARE(exportedRight.scaling != attn::Scaling::None, rightScaled);
    QCOMPARE(exportedRight.softmaxDim, rightDim);
}

// Presenting a softmax-dim comparison, the paragraph on what dim −2 means gives its room to the cells
// (the Chinese exercise at 1280 x 720 had no numbers in its three rows): the sides' titles name the dims,
// the column panels show the sums; out of presentation the paragraph is back.
void TestCompareView::presentedComparisonLeavesTheDimParagraphToItsTitles()
{
    m_model->setParams(lecture::block1());
    for (Qt::Key key : { Qt::Key_D, Qt::Key_C, Qt::Key_C })
        gui::pressKey(m_window, key);
    QCOMPARE(m_model->compare(), CompareKind::SoftmaxDim);
    m_window->waitUntilComputed();
    HeatmapPanel *overQueries = m_model->params().softmaxDim == -2 ? m_window->heatmap() : m_window->partnerHeatmap();
    const QString paragraph = "each column sums to 1";
    QTRY_VERIFY_WITH_TIMEOUT(overQueries->noteText().contains(paragraph), gui::kPatienceMs);
    gui::pressKey(m_window, Qt::Key_F5);
    QVERIFY(m_window->isPresentation());
    QTRY_VERIFY_WITH_TIMEOUT(!overQueries->noteText().contains(paragraph), gui::kPatienceMs);
    QVERIFY(overQueries->title().contains("dim −2"));
    gui::pressKey(m_window, Qt::Key_Escape);
    QVERIFY(!m_window->isPresentation());
    QTRY_VERIFY_WITH_TIMEOUT(overQueries->noteText().contains(paragraph), gui::kPatienceMs);
    // A single map presented keeps it: nothing else on screen says it.
    gui::pressKey(m_window, Qt::Key_C);
    QCOMPARE(m_model->compare(), CompareKind::None);
    gui::pressKey(m_window, Qt::Key_F5);
    m_window->waitUntilComputed();
    QVERIFY(m_window->heatmap()->noteText().contains(paragraph));
}

QTEST_MAIN(TestCompareView)
#include "tst_compare_view.moc"
