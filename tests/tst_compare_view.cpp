// The compare view: a second heatmap from the very same Q and K that follows every change, and
// hovering a cell outlines it in both heatmaps.
#include "gui_driver.h"
#include "lecture.h"
#include "shown_window.h"

#include <QStandardPaths>
#include <QtTest>

class TestCompareView : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void cleanup();
    void compareViewSharesQAndK();
    void hoverIsSynchronised();

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
    QVERIFY(gui::chooseMenu(m_window, { "View", "Compare", "d_k and 16 × d_k" }));
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
    plot->replot();
    partnerPlot->replot();
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

QTEST_MAIN(TestCompareView)
#include "tst_compare_view.moc"
