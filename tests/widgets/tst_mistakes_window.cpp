// SPDX-License-Identifier: GPL-3.0-or-later
// The Mistakes window (menu Mistakes, key X): each of the lecture's mistakes chosen from the menu and by
// the keys shows core's commitMistake beside the right line: the numbers in the cells and beside the rows
// are core's, the error is PyTorch's, the caption is the lecture's (in Chinese too), it follows the main
// window's settings, and in presentation mode at 1280 × 720 the maps keep their numbers readable.
#include "gui_driver.h"
#include "lecture.h"
#include "model/translations.h"
#include "render/hull_plot.h"
#include "shown_window.h"
#include "widgets/explanation_panel.h"
#include "widgets/hull_window.h"
#include "widgets/mistakes_window.h"

#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QTranslator>
#include <QtTest>

namespace {

QString two(double v)
{
    return QString::number(v, 'f', 2);
}

} // namespace

class TestMistakesWindow : public QObject
{
    Q_OBJECT
private slots:
    void init()
    {
        m_shown = showWindow();
        QVERIFY(m_shown);
        QVERIFY(clickHeatmap(&m_shown->window));
    }
    void cleanup() { m_shown.reset(); }

    void menuOpensEachMistake()
    {
        const QStringList items { "1  Forgetting ÷√d_k", "2  softmax over dim=-2",
            "3  MHA's key_padding_mask handed to SDPA", "4  Q @ K.transpose(0, 1)", "5  Q.transpose(-2, -1) @ K" };
        for (int i = 0; i < items.size(); ++i) {
            QVERIFY(gui::chooseMenu(&m_shown->window, { "Mistakes", items[i] }));
            QVERIFY(QTest::qWaitForWindowExposed(mistakes()));
            QCOMPARE(mistakes()->mistake(), attn::allMistakes()[std::size_t(i)]);
            const auto *button = mistakes()->findChild<QPushButton *>(
                QStringLiteral("mistake-%1").arg(QString::fromStdString(attn::mistakeName(mistakes()->mistake()))));
            QVERIFY(button && button->isChecked());
        }
    }

    // X opens it, 1 to 5 and the arrows choose, and what it shows is core's.
    void keysChooseAndNumbersAreCore()
    {
        gui::pressKey(&m_shown->window, Qt::Key_X);
        QVERIFY(QTest::qWaitForWindowExposed(mistakes()));
        const attn::Params p = m_shown->model.params();
        for (int i = 0; i < 5; ++i) {
            gui::pressKey(mistakes(), Qt::Key(Qt::Key_1 + i));
            const attn::Mistake m = attn::allMistakes()[std::size_t(i)];
            QCOMPARE(mistakes()->mistake(), m);
            const attn::MistakeResult want = attn::commitMistake(attn::mistakeViewParams(p), m);
            for (int side = 0; side < 2; ++side) {
                const attn::MistakeSide &s = side ? want.wrong : want.right;
                QVERIFY(mistakes()->sideText(side).contains(QString::fromStdString(s.expression))
                    || mistakes()->isPresentation());
                QVERIFY(mistakes()->sideText(side).contains(QString::fromStdString(s.operands)));
                if (s.weights.empty()) {
                    QVERIFY(mistakes()->sideText(side).contains(QString::fromStdString(s.error)));
                    continue;
                }
                gui::deliverQueued(); // the queued replot lays out the cells
                for (int r = 0; r < s.weights.rows; ++r) {
                    QCOMPARE(mistakes()->rowSumText(side, r), two(s.rowSums(0, r)));
                    for (int c = 0; c < s.weights.cols; ++c) {
                        const bool hidden
                            = m == attn::Mistake::MhaMaskInSdpa && s.maskedKeys[std::size_t(c)] == (side == 0);
                        QCOMPARE(mistakes()->cellText(side, r, c), hidden ? QString() : two(s.weights(0, r, c)));
                    }
                }
            }
        }
        // the defaults: K.transpose(0, 1) raises PyTorch's error, Q.transpose(-2, -1) @ K fits by chance
        gui::pressKey(mistakes(), Qt::Key_4);
        QVERIFY(
            mistakes()->sideText(1).contains("RuntimeError: Expected size for first two dimensions of batch2 tensor "
                                             "to be: [5, 4] but got: [5, 1]."));
        gui::pressKey(mistakes(), Qt::Key_Right);
        QCOMPARE(mistakes()->mistake(), attn::Mistake::TransposeQ);
        QVERIFY(mistakes()->captionText().contains("the result is (1, 4, 4), not (B, L, S) = (1, 5, 5)"));
        gui::pressKey(mistakes(), Qt::Key_Right);
        QCOMPARE(mistakes()->mistake(), attn::Mistake::NoScale);
        gui::pressKey(mistakes(), Qt::Key_Left);
        QCOMPARE(mistakes()->mistake(), attn::Mistake::TransposeQ);
    }

    // The caption is the lecture's row of the table, with this example's numbers.
    void captionsAreTheLecturesAndTrue()
    {
        MistakesWindow *w = mistakes();
        w->setMistake(attn::Mistake::SoftmaxDim);
        const attn::MistakeResult r = w->result();
        const attn::MistakeSummary s = attn::summarizeMistake(r, 0);
        QVERIFY(w->captionText().contains("always write dim=-1"));
        QVERIFY(w->captionText().contains(
            QString("sum to between %1 and %2").arg(two(s.minRowSum[1]), two(s.maxRowSum[1]))));
        QVERIFY(s.maxRowSum[1] - s.minRowSum[1] > 0.5); // the symptom is there to see
        w->setMistake(attn::Mistake::MhaMaskInSdpa);
        QVERIFY(w->captionText().contains("~key_padding_mask"));
        QVERIFY(w->captionText().contains("every query puts 1.00 of its weight on the padding; the right way round, "
                                          "0.00"));
        // it follows the main window: d_k = 64 through the main window's key
        w->setMistake(attn::Mistake::NoScale);
        w->show();
        for (int i = 0; i < 4; ++i)
            gui::pressKey(w, Qt::Key_Up);
        QCOMPARE(m_shown->model.params().dK, 64);
        QCOMPARE(w->result().params.dK, 64);
        QVERIFY(w->captionText().contains("Here (d_k = 64)"));
        QVERIFY(!w->captionText().contains("still alike"));
        // From block 1 (randn weights) both maps are sharp: the window says why instead of "still alike"
        QVERIFY(m_shown->model.setParams(lecture::block1()));
        m_shown->model.waitForIdle();
        QTRY_VERIFY2_WITH_TIMEOUT(
            w->result().params.mode == attn::Mode::Projection, qPrintable(w->captionText()), gui::kPatienceMs);
        QVERIFY2(w->captionText().contains("The two are alike because the scaled scores are too wide as well: W_q "
                                           "and W_k are randn"),
            qPrintable(w->captionText()));
    }

    // Presentation mode at 1280 × 720: full screen, the maps large enough for their numbers.
    void presentationAt1280x720()
    {
        m_shown->window.resize(1280, 720);
        gui::pressKey(&m_shown->window, Qt::Key_F5);
        QVERIFY(m_shown->window.isPresentation());
        gui::pressKey(&m_shown->window, Qt::Key_X);
        MistakesWindow *w = mistakes();
        QVERIFY(w->isPresentation());
        w->showNormal(); // the offscreen screen (800 × 600) is not a projector's
        QCoreApplication::processEvents();
        w->resize(1280, 720);
        QTRY_COMPARE_WITH_TIMEOUT(w->width(), 1280, gui::kPatienceMs);
        QVERIFY(QTest::qWaitForWindowExposed(w));
        for (attn::Mistake m : attn::allMistakes()) {
            w->setMistake(m);
            gui::deliverQueued();
            for (int side = 0; side < 2; ++side) {
                if (w->result().wrong.weights.empty() && side == 1)
                    continue;
                QVERIFY2(w->sidePlot(side)->height() >= 250, qPrintable(QString::number(w->sidePlot(side)->height())));
                QVERIFY(!w->cellText(side, 0, 4).isEmpty() || m == attn::Mistake::MhaMaskInSdpa
                    || m == attn::Mistake::TransposeQ);
            }
            // no line of code or caption is cut off
            for (QLabel *l : w->findChildren<QLabel *>())
                if (l->isVisible() && !l->wordWrap())
                    QVERIFY2(l->sizeHint().width() <= l->width() + 1,
                        qPrintable(QString("%1 (%2 < %3 px; window %4): %5")
                                       .arg(l->objectName())
                                       .arg(l->width())
                                       .arg(l->sizeHint().width())
                                       .arg(w->width())
                                       .arg(l->text())));
            QVERIFY(w->geometry().height() <= 720);
        }
        gui::pressKey(w, Qt::Key_Escape); // one Esc closes it; the program stays in presentation mode
        QVERIFY(!w->isVisible());
        QVERIFY(m_shown->window.isPresentation());
    }

    // H: the outputs in the values' hull; with dim=-2 some leave it, with dim=-1 none do.
    void hullMode()
    {
        MistakesWindow *w = mistakes();
        w->setMistake(attn::Mistake::SoftmaxDim);
        gui::pressKey(&m_shown->window, Qt::Key_X);
        QVERIFY(QTest::qWaitForWindowExposed(w));
        gui::pressKey(w, Qt::Key_H);
        QVERIFY(w->showsHull());
        const attn::MistakeResult &r = w->result();
        for (int side = 0; side < 2; ++side) {
            const attn::MistakeSide &s = side ? r.wrong : r.right;
            const attn::HullProjection want = attn::projectHull(r.V.slice(0), s.out.slice(0), { -1, -1 });
            QCOMPARE(w->hull(side).outside, want.outside);
            QCOMPARE(int(w->hull(side).outputs.size()), 5);
        }
        const auto count = [](const std::vector<bool> &v) { return int(std::count(v.begin(), v.end(), true)); };
        QCOMPARE(count(w->hull(0).outside), 0);
        QVERIFY(count(w->hull(1).outside) > 0); // 2 of 5 at the defaults
        QVERIFY(w->captionText().contains(
            QString("polygon): 0 of 5 outputs lie outside it with the right line, %1 with the mistake")
                .arg(count(w->hull(1).outside))));
        // a transpose has no output to place
        gui::pressKey(w, Qt::Key_5);
        QVERIFY(w->hull(1).outputs.empty());
        QVERIFY(w->sideText(1).contains("No output to place"));
        gui::pressKey(w, Qt::Key_H);
        QVERIFY(!w->showsHull());
        QVERIFY(!w->sideText(1).contains("No output to place"));
    }

    // View > the output inside the hull (H): core's projection of the shown result; hovering a query sizes the
    // values by its weights, and a nearly one-hot query sits on its value.
    void hullWindow()
    {
        gui::pressKey(&m_shown->window, Qt::Key_H);
        HullWindow *h = m_shown->window.hull();
        QVERIFY(QTest::qWaitForWindowExposed(h));
        const auto check = [&] {
            const ResultPtr r = m_shown->model.result();
            const attn::HullProjection want
                = attn::projectHull(r->inputs->V.slice(0), r->attention.out.slice(0), { -1, -1 });
            QCOMPARE(h->projection().outside, want.outside);
            QCOMPARE(h->projection().hull, want.hull);
        };
        check();
        QVERIFY(h->statusText().startsWith("All 5 outputs of batch element 0 lie inside the hull."));
        // dim = -2 at the mistakes' example: outputs leave
        attn::Params p = m_shown->model.params();
        p.softmaxDim = -2;
        QVERIFY(m_shown->model.setParams(p));
        m_shown->model.waitForIdle();
        QCoreApplication::processEvents();
        check();
        QVERIFY2(h->statusText().contains("5 of the 5 outputs of batch element 0 lie outside the hull (red). Their "
                                          "rows' weights do not sum to 1."),
            qPrintable(h->statusText())); // in all 4 dimensions; the rows sum to 0.06 to 2.46
        // The exercise (L = 3, S = 5, dim −2): every row fails to sum to 1, and not every output leaves the hull;
        // the count of rows is said apart from the count of outputs (it said "1 of 3 outside: their weights do not
        // sum to 1").
        QVERIFY(m_shown->model.setParams(lecture::exercise(-2)));
        m_shown->model.waitForIdle();
        QCoreApplication::processEvents();
        check();
        const int out = int(std::count(h->projection().outside.begin(), h->projection().outside.end(), true));
        QVERIFY2(out < 3, qPrintable(h->statusText()));
        QVERIFY2(
            h->statusText().contains("The weights of 3 of the 3 rows do not sum to 1"), qPrintable(h->statusText()));
        QVERIFY(!h->statusText().contains("Their rows' weights"));
        // no scale at d_k = 512 (direct): rows nearly one-hot; hovering query 0 in the heatmap highlights it here
        p.softmaxDim = -1;
        p.mode = attn::Mode::Direct;
        p.scaling = attn::Scaling::None;
        attn::setDk(p, 512);
        QVERIFY(m_shown->model.setParams(p));
        m_shown->model.waitForIdle();
        QCoreApplication::processEvents();
        const ResultPtr r = m_shown->model.result();
        int query = 0;
        for (int i = 0; i < 5; ++i)
            if (r->attention.stats.rowMax(0, i) > r->attention.stats.rowMax(0, query))
                query = i;
        QVERIFY(r->attention.stats.rowMax(0, query) > 0.99);
        m_shown->model.setHoveredCell(query, 0);
        QCOMPARE(h->highlightedQuery(), query);
        h->plot()->replot();
        const int key = r->attention.stats.rowArgmax(0, query);
        for (int j = 0; j < 5; ++j)
            if (j != key)
                QVERIFY(h->hullPlot()->valueSize(j) < h->hullPlot()->valueSize(key));
        QVERIFY(QLineF(h->hullPlot()->outputPixel(query), h->hullPlot()->valuePixel(key)).length() < 3);
        QVERIFY(h->statusText().contains(QString("Query %1 puts its largest weight").arg(query)));
        // the mouse on another output highlights that one
        const int other = (query + 1) % 5;
        const QPointF at = h->hullPlot()->outputPixel(other);
        QMouseEvent move(QEvent::MouseMove, at, h->plot()->mapToGlobal(at), Qt::NoButton, Qt::NoButton, {});
        QApplication::sendEvent(h->plot(), &move);
        QCOMPARE(h->highlightedQuery(), h->hullPlot()->outputAt(at));
        QVERIFY(h->highlightedQuery() >= 0 && h->highlightedQuery() != query);
        // and by keys, without a mouse: → the next output, ← the previous, held at the ends; the status names the
        // query; the plot has the keys when the window opens
        h->hide();
        h->show();
        h->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(h));
        QCOMPARE(h->focusWidget(), h->plot());
        const int from = h->highlightedQuery();
        QTest::keyClick(h, Qt::Key_Right);
        QCOMPARE(h->highlightedQuery(), std::min(4, from + 1));
        for (int i = 0; i < 6; ++i)
            QTest::keyClick(h, Qt::Key_Left);
        QCOMPARE(h->highlightedQuery(), 0);
        QVERIFY(h->statusText().contains("Query 0 puts its largest weight"));
        QTest::keyClick(h, Qt::Key_Right);
        QCOMPARE(h->highlightedQuery(), 1);
    }

    // Additive attention from the settings and beside the dot product (View > Compare), every label saying so.
    void additiveInTheWindow()
    {
        MainWindow &w = m_shown->window;
        auto *score = w.findChild<QComboBox *>("score-combo");
        QVERIFY(score);
        QVERIFY(gui::chooseInCombo(score, "additive v·tanh(q·W₁ + k·W₂)"));
        m_shown->model.waitForIdle();
        QCoreApplication::processEvents();
        const ResultPtr r = m_shown->model.result();
        QCOMPARE(r->params.score, attn::Score::Additive);
        QVERIFY(w.findChild<QSpinBox *>("hidden-spin")->isEnabled());
        QVERIFY(!w.findChild<QComboBox *>("scaling-combo")->isEnabled());
        QVERIFY(!w.findChild<QCheckBox *>("scale-check")->isChecked());
        QVERIFY(w.explanation()->formulaText().contains("v·tanh(Q·W₁ + K·W₂) (additive, H = 8, not scaled)"));
        QVERIFY(w.explanation()->statisticsText().contains(
            QString("bounded by Σ|v_h| = %1").arg(attn::additiveScoreBound(*r->inputs), 0, 'g', 4)));
        QVERIFY(!w.explanation()->shapesText().contains("Q·Kᵀ"));
        // H through its spin box
        QVERIFY(gui::typeInto(w.findChild<QSpinBox *>("hidden-spin"), "3"));
        m_shown->model.waitForIdle();
        QCOMPARE(m_shown->model.params().additiveHidden, 3);
        QCOMPARE(m_shown->model.result()->inputs->va.cols, 3);
        // beside the dot product
        QVERIFY(gui::chooseMenu(&w, { "View", "Compare", "Dot product and additive" }));
        w.comparison()->waitUntilComputed();
        QCOMPARE(m_shown->model.compare(), CompareKind::Score);
        QCOMPARE(w.comparison()->mainSide(), 1); // the additive main model stands on the right
        QCOMPARE(w.comparison()->partner()->result()->params.score, attn::Score::Dot);
        QVERIFY(w.comparison()->mainLabel().contains("additive, H = 3"));
        QVERIFY(w.comparison()->partnerLabel().startsWith("dot product"));
    }

    void chinese()
    {
        QVERIFY(installTranslations(*QCoreApplication::instance(), "zh"));
        {
            AttentionModel model;
            MistakesWindow w(&model);
            w.setMistake(attn::Mistake::MhaMaskInSdpa);
            QVERIFY(w.captionText().contains(QString::fromUtf8("该屏蔽的位置反而被关注")));
            QVERIFY(w.captionText().contains(QString::fromUtf8("传参前取反：~key_padding_mask")));
            w.setMistake(attn::Mistake::SoftmaxDim);
            QVERIFY(w.captionText().contains(QString::fromUtf8("统一写 dim=-1，并打印行和做一次自查")));
        }
        QVERIFY(setInterfaceLanguage("en")); // English again for the next tests
    }

private:
    MistakesWindow *mistakes() { return m_shown->window.mistakes(); }
    std::unique_ptr<ShownWindow> m_shown;
};

QTEST_MAIN(TestMistakesWindow)
#include "tst_mistakes_window.moc"
