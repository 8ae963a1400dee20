// SPDX-License-Identifier: GPL-3.0-or-later
// The four steps, visible (View > The four steps, key P): Q, K, V, the scores, the logits, the
// weights and out, each with its shape and, for the lecture's block 1, its values; out[0][0] reads
// as the lecture prints it; hovering weight (i, j) outlines Q row i, K and V row j and out row i.
#include "gui_driver.h"
#include "lecture.h"
#include "mha_settings.h"
#include "multihead.h"
#include "shown_window.h"
#include "widgets/pipeline_view.h"

#include <QtTest>

using M = PipelineView::Matrix;

class TestPipeline : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void showsTheFourSteps();
    void hoveringAWeightOutlinesItsRows();
    void headsShowTheirWayFromXToOut();
};

void TestPipeline::showsTheFourSteps()
{
    auto shown = showWindow(QSize(1280, 720));
    QVERIFY(shown);
    shown->model.setParams(lecture::block1());
    shown->window.settle();
    QVERIFY(clickHeatmap(&shown->window));
    gui::pressKey(&shown->window, Qt::Key_P);
    PipelineView *view = shown->window.pipeline();
    QVERIFY(view->isVisible());
    QVERIFY(QTest::qWaitForWindowExposed(view));
    view->resize(1280, 720);
    view->repaint();
    if (!qEnvironmentVariableIsEmpty("PIPELINE_PNG"))
        view->grab().save(qEnvironmentVariable("PIPELINE_PNG"));
    // shapes as the lecture gives them: (2, 5, 4) for Q, K, V and out; (2, 5, 5) for the rest
    for (M m : { M::Q, M::K, M::V, M::Out })
        QVERIFY2(view->title(m).contains("(2, 5, 4)"), qPrintable(view->title(m)));
    for (M m : { M::Scores, M::Logits, M::Weights })
        QVERIFY2(view->title(m).contains("(2, 5, 5)"), qPrintable(view->title(m)));
    // block 1 prints out[0][0] = [-2.2439, -2.8877, -1.4509, -4.7220]: here at two decimals
    const auto r = shown->model.result();
    const QStringList lecture { "-2.24", "-2.89", "-1.45", "-4.72" };
    for (int j = 0; j < 4; ++j) {
        QCOMPARE(view->cellText(M::Out, 0, j), lecture[j]);
        QCOMPARE(view->value(M::Out, 0, j), r->attention.out(0, 0, j));
    }
    QCOMPARE(view->cellText(M::Weights, 0, 2), lecture::printed(lecture::block1Weights00[2]));
    QCOMPARE(view->value(M::Logits, 1, 3), attn::logitOf((*r->scores)(0, 1, 3), r->params));
    // the panels do not overlap and lie inside the view
    for (int a = 0; a < PipelineView::kMatrices; ++a) {
        const QRectF ra = view->cellRect(M(a), 0, 0).united(view->cellRect(M(a), 4, 3));
        QVERIFY(QRectF(view->rect()).contains(ra));
        for (int b = a + 1; b < PipelineView::kMatrices; ++b)
            QVERIFY(!ra.intersects(view->cellRect(M(b), 0, 0).united(view->cellRect(M(b), 4, 3))));
    }
    gui::pressKey(view, Qt::Key_P); // P again, in the steps' own window too, closes it
    QVERIFY(!view->isVisible());
}

void TestPipeline::hoveringAWeightOutlinesItsRows()
{
    auto shown = showWindow(QSize(1280, 720));
    QVERIFY(shown);
    shown->model.setParams(lecture::block1());
    shown->window.settle();
    PipelineView *view = shown->window.pipeline();
    view->show();
    QVERIFY(QTest::qWaitForWindowExposed(view));
    view->repaint();
    // the mouse over weight (3, 1)
    const QPointF at = view->cellRect(M::Weights, 3, 1).center();
    QMouseEvent move(QEvent::MouseMove, at, view->mapToGlobal(at), Qt::NoButton, Qt::NoButton, Qt::NoModifier);
    QApplication::sendEvent(view, &move);
    QCOMPARE(view->outlinedRow(M::Q), 3);
    QCOMPARE(view->outlinedRow(M::Out), 3);
    QCOMPARE(view->outlinedRow(M::K), 1);
    QCOMPARE(view->outlinedRow(M::V), 1);
    view->hoverCell(M::V, 2, 0); // a row of V: key 2, no query
    QCOMPARE(view->outlinedRow(M::K), 2);
    QCOMPARE(view->outlinedRow(M::Q), -1);
    // block 2 (1 query, 6 keys, d_k = 64): the strips' titles stay inside their panels
    shown->model.setParams(lecture::block2(true));
    shown->window.settle();
    view->resize(1100, 700);
    view->repaint();
    if (!qEnvironmentVariableIsEmpty("PIPELINE_PNG2"))
        view->grab().save(qEnvironmentVariable("PIPELINE_PNG2"));
    QVERIFY(view->title(M::Scores).contains("(1, 1, 6)"));
    QVERIFY(view->title(M::Out).contains("(1, 1, 64)"));
}

QTEST_MAIN(TestPipeline)

// With nn.MultiheadAttention(512, 8)'s heads shown, the four steps are one head's (d_k = 64) and above them is the
// way from X to out with the shapes of the module's own tensors: the split into 8 heads, concat and W_O; the panels
// still lie inside the view below it. Block 1 (one head) has no such line.
void TestPipeline::headsShowTheirWayFromXToOut()
{
    auto shown = showWindow(QSize(1280, 720));
    QVERIFY(shown);
    attn::MultiheadSettings s = mhaSettings(1, 6, 512, 8);
    attn::Params p = attn::multiheadParams(attn::Params(), s);
    p.batchIndex = 3; // head 3
    shown->model.setParams(p);
    shown->window.settle();
    gui::pressKey(&shown->window, Qt::Key_P);
    PipelineView *view = shown->window.pipeline();
    QVERIFY(QTest::qWaitForWindowExposed(view));
    view->resize(1280, 720);
    view->repaint();
    if (!qEnvironmentVariableIsEmpty("PIPELINE_PNG"))
        view->grab().save(qEnvironmentVariable("PIPELINE_PNG"));
    const attn::MultiheadResult module = attn::computeMultihead(s);
    const auto dims
        = [](const attn::Tensor3 &t) { return QString("(%1, %2, %3)").arg(t.batch).arg(t.rows).arg(t.cols); };
    const QString flow = view->headsFlow();
    for (const QString &part : { "nn.MultiheadAttention(512, 8): X " + dims(module.X), "Q, K, V " + dims(module.Q),
             QString("split into 8 heads (1, 8, 6, %1)").arg(module.headDim), QString("batch 0, head 3 below"),
             "concat " + dims(module.concat), "out " + dims(module.out) })
        QVERIFY2(flow.contains(part), qPrintable(part + " | " + flow));
    QCOMPARE(module.headWeights.data.size(), std::size_t(1 * 8 * 6 * 6)); // (1, 8, 6, 6): 8 heads' weights
    QVERIFY2(view->title(M::Q).contains("(8, 6, 64) [batch 0, head 3]"), qPrintable(view->title(M::Q)));
    for (int a = 0; a < PipelineView::kMatrices; ++a)
        QVERIFY(QRectF(view->rect()).contains(view->cellRect(M(a), 0, 0)));
    QVERIFY(view->cellRect(M::Q, 0, 0).top() > view->fontMetrics().height() * 2.5); // below the line
    shown->model.setParams(lecture::block1());
    shown->window.settle();
    QVERIFY(view->headsFlow().isEmpty());
}

#include "tst_pipeline.moc"
