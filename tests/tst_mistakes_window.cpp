// SPDX-License-Identifier: GPL-3.0-or-later
// The Mistakes window (menu Mistakes, key X): each of the lecture's mistakes chosen from the menu and by
// the keys shows core's commitMistake beside the right line: the numbers in the cells and beside the rows
// are core's, the error is PyTorch's, the caption is the lecture's (in Chinese too), it follows the main
// window's settings, and in presentation mode at 1280 × 720 the maps keep their numbers readable.
#include "gui_driver.h"
#include "model/translations.h"
#include "shown_window.h"
#include "widgets/mistakes_window.h"

#include <QLabel>
#include <QPushButton>
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
        const QStringList items { "1  Forgetting ÷√d_k", "2  softmax over dim=-2", "3  MHA's key_padding_mask handed to SDPA",
            "4  Q @ K.transpose(0, 1)", "5  Q.transpose(-2, -1) @ K" };
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
                QVERIFY(mistakes()->sideText(side).contains(QString::fromStdString(s.expression)));
                QVERIFY(mistakes()->sideText(side).contains(QString::fromStdString(s.operands)));
                if (s.weights.empty()) {
                    QVERIFY(mistakes()->sideText(side).contains(QString::fromStdString(s.error)));
                    continue;
                }
                QTest::qWait(50); // the queued replot lays out the cells
                for (int r = 0; r < s.weights.rows; ++r) {
                    QCOMPARE(mistakes()->rowSumText(side, r), two(s.rowSums(0, r)));
                    for (int c = 0; c < s.weights.cols; ++c) {
                        const bool hidden = m == attn::Mistake::MhaMaskInSdpa && s.maskedKeys[std::size_t(c)] == (side == 0);
                        QCOMPARE(mistakes()->cellText(side, r, c), hidden ? QString() : two(s.weights(0, r, c)));
                    }
                }
            }
        }
        // the defaults: K.transpose(0, 1) raises PyTorch's error, Q.transpose(-2, -1) @ K fits by chance
        gui::pressKey(mistakes(), Qt::Key_4);
        QVERIFY(mistakes()->sideText(1).contains("RuntimeError: Expected size for first two dimensions of batch2 tensor "
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
        QVERIFY(w->captionText().contains(QString("sum to %1 to %2").arg(two(s.minRowSum[1]), two(s.maxRowSum[1]))));
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
        w->showNormal(); // the offscreen screen is larger than a projector
        w->resize(1280, 720);
        QVERIFY(QTest::qWaitForWindowExposed(w));
        for (attn::Mistake m : attn::allMistakes()) {
            w->setMistake(m);
            QTest::qWait(50);
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
                    QVERIFY2(l->sizeHint().width() <= l->width() + 1, qPrintable(l->objectName() + ": " + l->text()));
            QVERIFY(w->geometry().height() <= 720);
        }
        gui::pressKey(w, Qt::Key_Escape);
        QVERIFY(!w->isPresentation());
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
        for (QTranslator *t : QCoreApplication::instance()->findChildren<QTranslator *>())
            QCoreApplication::removeTranslator(t);
    }

private:
    MistakesWindow *mistakes() { return m_shown->window.mistakes(); }
    std::unique_ptr<ShownWindow> m_shown;
};

QTEST_MAIN(TestMistakesWindow)
#include "tst_mistakes_window.moc"
