// SPDX-License-Identifier: GPL-3.0-or-later
// The rehearsal (../shared/rehearsal.md, docs/user-guide.md "Teaching with it"): the lecture walked in presentation
// mode on a 1280 × 720 projector with no window manager and real keys only — every lesson step, Why scale? (W),
// Training (T) with a few steps, every mistake (X, →), the language switched mid-way and back, out again. After
// each key: which window has the keys (the one on top, never one hidden behind it), the numbers written at 18
// pixels or more, and at the end nothing left open.
#include "fake_clock.h"
#include "gui_driver.h"
#include "model/training_controller.h"
#include "model/translations.h"
#include "multihead.h"
#include "projector_screen.h"
#include "shown_window.h"
#include "widgets/heads_window.h"
#include "widgets/heatmap_panel.h"
#include "widgets/mistakes_window.h"
#include "widgets/other_windows.h"
#include "widgets/pipeline_view.h"
#include "widgets/training_window.h"
#include "widgets/why_scale_window.h"

#include <qcustomplot.h>

#include <QFontInfo>
#include <QScreen>
#include <QStandardPaths>
#include <QtTest>

static int kWait = gui::kPatienceMs;

class TestRehearsal : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void theWholeLectureByKeys();
    void cleanupTestCase();

private:
    // A key to the window that has the keys; false when none has them.
    bool press(int key, Qt::KeyboardModifiers modifiers = {});
    QWidget *active() const { return QApplication::activeWindow(); }
    // The smallest pixel size of the numbers written in w's maps and plots (0: none written).
    static int smallestNumberPixels(QWidget *w);
    // The main window's maps: every value written 18 px or more, and written at all where the map is 8 × 8 or less.
    void checkMainNumbers(const QString &where);
    void checkFourSteps(const QString &where);
    QStringList openWindows() const { return m_window->windows()->openNames(); }

    FakeClock m_clock;
    std::unique_ptr<ShownWindow> m_shown;
    AttentionModel *m_model = nullptr;
    MainWindow *m_window = nullptr;
};

bool TestRehearsal::press(int key, Qt::KeyboardModifiers modifiers)
{
    return gui::pressInActiveWindow(key, modifiers);
}

int TestRehearsal::smallestNumberPixels(QWidget *w)
{
    static const QRegularExpression number(QStringLiteral("\\d\\.\\d"));
    int smallest = 0;
    for (QCustomPlot *plot : w->findChildren<QCustomPlot *>()) {
        if (!plot->isVisible())
            continue;
        plot->replot(QCustomPlot::rpImmediateRefresh); // laid out as drawn (the cells' texts are sized on layout)
        for (int i = 0; i < plot->itemCount(); ++i) {
            const auto *text = qobject_cast<const QCPItemText *>(plot->item(i));
            if (!text || !text->visible() || !number.match(text->text()).hasMatch())
                continue;
            const int px = QFontInfo(text->font()).pixelSize();
            smallest = smallest == 0 ? px : std::min(smallest, px);
        }
    }
    return smallest;
}

void TestRehearsal::checkMainNumbers(const QString &where)
{
    m_window->settle();
    for (HeatmapPanel *map : { m_window->heatmap(), m_window->partnerHeatmap() }) {
        if (!map || !map->isVisible())
            continue;
        const attn::Params &p = m_model->params(); // (a comparison's other side has the same L and S)
        if (p.queryLength <= 8 && p.keyLength <= 8) {
            QVERIFY2(map->cellTextCount() > 0, qPrintable(where + ": no values in the cells"));
            QVERIFY2(!map->barTexts().isEmpty(), qPrintable(where + ": no row sums written"));
        }
        if (map->cellTextCount() > 0)
            QVERIFY2(map->cellTextPixelSize() >= 18,
                qPrintable(where + QStringLiteral(": cell values %1 px").arg(map->cellTextPixelSize())));
    }
    // Every number the maps write (cells, row sums, entropies, column sums), or none where there is no room for it.
    const int px = smallestNumberPixels(m_window->centralWidget());
    QVERIFY2(px == 0 || px >= 18, qPrintable(where + QStringLiteral(": a number %1 px").arg(px)));
}

void TestRehearsal::checkFourSteps(const QString &where)
{
    // The four steps (P): on top, the whole screen, one step a page turned by Tab and Shift+Tab (and 1 to 4); every
    // value written 18 px or more, and written at all on a page whose matrices are 8 × 8 or less. Esc back.
    QWidget *main = m_window;
    const QRect screen = m_window->screen()->geometry();
    QVERIFY(press(Qt::Key_P));
    PipelineView *steps = m_window->pipeline();
    QTRY_COMPARE_WITH_TIMEOUT(active(), static_cast<QWidget *>(steps), kWait);
    QTRY_COMPARE_WITH_TIMEOUT(steps->geometry(), screen, kWait);
    QCOMPARE(steps->pageCount(), 4);
    QCOMPARE(steps->page(), 0);
    for (int page = 0; page < 4; ++page) {
        if (page > 0)
            QVERIFY(press(Qt::Key_Tab));
        QCOMPARE(steps->page(), page);
        QVERIFY(steps->pageHeading().startsWith(QStringLiteral("Step %1 of 4").arg(page + 1)));
        const attn::Params &shownParams = m_model->result()->params; // (each heading true of the settings)
        if (page == 0)
            QCOMPARE(steps->pageHeading().contains(QStringLiteral("projections of X")),
                shownParams.mode == attn::Mode::Projection);
        if (page == 1)
            QCOMPARE(steps->pageHeading().contains(QStringLiteral("not scaled")),
                shownParams.scaling == attn::Scaling::None || shownParams.score == attn::Score::Additive);
        steps->repaint();
        // A page whose matrices are all 8 × 8 or less (no two-digit dimension) must write every value.
        bool small = true;
        for (int k = 0; k < PipelineView::kMatrices; ++k)
            if (steps->shows(PipelineView::Matrix(k))
                && steps->title(PipelineView::Matrix(k)).contains(QRegularExpression(QStringLiteral("\\d{2}\\)"))))
                small = false;
        int shown = 0;
        for (int k = 0; k < PipelineView::kMatrices; ++k) {
            const auto m = PipelineView::Matrix(k);
            if (!steps->shows(m))
                continue;
            ++shown;
            QVERIFY(QRectF(steps->rect()).contains(steps->cellRect(m, 0, 0)));
            const int px = steps->cellTextPixels(m);
            const QString what
                = QStringLiteral("%1, page %2, %3: %4 px").arg(where).arg(page + 1).arg(steps->title(m)).arg(px);
            QVERIFY2(px == 0 || px >= 18, qPrintable(what));
            if (small)
                QVERIFY2(px > 0, qPrintable(what));
        }
        QVERIFY(shown >= 2);
    }
    QVERIFY(press(Qt::Key_Tab)); // past the last page: it stays
    QCOMPARE(steps->page(), 3);
    QVERIFY(press(Qt::Key_Backtab, Qt::ShiftModifier));
    QCOMPARE(steps->page(), 2);
    QVERIFY(press(Qt::Key_1));
    QCOMPARE(steps->page(), 0);
    QCOMPARE(active(), static_cast<QWidget *>(steps));
    QVERIFY(press(Qt::Key_Escape));
    QVERIFY(!steps->isVisible());
    QTRY_COMPARE_WITH_TIMEOUT(active(), main, kWait);
    QVERIFY(m_window->isPresentation());
}

void TestRehearsal::initTestCase()
{
    if (qEnvironmentVariableIsSet("ATTN_TEST_WAIT_MS"))
        kWait = qEnvironmentVariableIntValue("ATTN_TEST_WAIT_MS");
    QStandardPaths::setTestModeEnabled(true);
    setInterfaceLanguage(QStringLiteral("en"));
    m_shown = showWindow(QSize(1280, 720), m_clock);
    QVERIFY(m_shown);
    m_model = &m_shown->model;
    m_window = &m_shown->window;
    m_window->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(m_window));
    QVERIFY(clickHeatmap(m_window)); // the one click: the window's keys from here on
}

void TestRehearsal::cleanupTestCase()
{
    m_shown.reset();
    setInterfaceLanguage(QStringLiteral("en"));
}

void TestRehearsal::theWholeLectureByKeys()
{
    const QRect screen = m_window->screen()->geometry();
    QCOMPARE(screen.size(), QSize(1280, 720));
    QWidget *main = m_window;
    OtherWindows *windows = m_window->windows();

    // Presentation mode: the whole screen.
    QVERIFY(press(Qt::Key_F5));
    QVERIFY(m_window->isPresentation());
    QTRY_COMPARE_WITH_TIMEOUT(m_window->geometry(), screen, kWait);
    checkMainNumbers(QStringLiteral("block 1"));

    // The lesson, step by step; the language switched to Chinese at step 4 and back at step 7.
    for (int step = 0; step < 8; ++step) {
        QVERIFY(press(Qt::Key_PageDown));
        QCOMPARE(active(), main);
        QCOMPARE(m_window->lesson()->currentStep(), step);
        QVERIFY(m_window->lesson()->onStep());
        if (step == 3 || step == 6) {
            const attn::Params before = m_model->params();
            QVERIFY(press(Qt::Key_L));
            QCOMPARE(interfaceIsChinese(), step == 3);
            QVERIFY(m_model->params() == before); // the state kept
            QCOMPARE(m_window->lesson()->currentStep(), step);
            QCOMPARE(active(), main);
            QVERIFY2(m_window->windowTitle().contains(QRegularExpression(QStringLiteral("[\\x{4e00}-\\x{9fff}]")))
                    == (step == 3),
                qPrintable(m_window->windowTitle()));
        }
        checkMainNumbers(QStringLiteral("step %1").arg(step + 1));
        if (step == 0)
            checkFourSteps(QStringLiteral("step 1")); // block 1: the lecture shows the four steps' shapes here
    }
    // After the lecture's eight, the next section: nn.MultiheadAttention(512, 8)'s heads, every number readable;
    // Ctrl+H shows the 8 heads with their mean and largest on top, Esc back. Past the last step the lesson stays.
    QVERIFY(press(Qt::Key_PageDown));
    QCOMPARE(m_window->lesson()->currentStep(), 8);
    QVERIFY(attn::multiheadOf(m_model->params()));
    checkMainNumbers(QStringLiteral("step 9"));
    QVERIFY(press(Qt::Key_H, Qt::ControlModifier));
    HeadsWindow *heads = windows->heads();
    QTRY_COMPARE_WITH_TIMEOUT(active(), static_cast<QWidget *>(heads), kWait);
    QTRY_COMPARE_WITH_TIMEOUT(heads->tiles().size(), 10, kWait);
    QVERIFY(heads->tiles()[0]->contentHeight() >= 100); // (the maps are not squeezed by the cost table)
    QVERIFY(press(Qt::Key_Escape));
    QTRY_COMPARE_WITH_TIMEOUT(active(), main, kWait);
    QVERIFY(m_window->isPresentation());
    QVERIFY(press(Qt::Key_PageDown)); // past the last step: it stays
    QCOMPARE(m_window->lesson()->currentStep(), 8);
    QVERIFY(openWindows().isEmpty());
    QVERIFY(press(Qt::Key_PageUp)); // back to the causal mask for the rest
    QCOMPARE(m_window->lesson()->currentStep(), 7);

    // The four steps again at the last step's larger matrices (8 queries, d_k = 16): values too small are not written.
    checkFourSteps(QStringLiteral("step 8"));

    // Why scale?: on top, the whole screen, its numbers large; Esc back to the lesson.
    QVERIFY(press(Qt::Key_W));
    WhyScaleWindow *why = windows->whyScale();
    QTRY_COMPARE_WITH_TIMEOUT(active(), static_cast<QWidget *>(why), kWait);
    QTRY_COMPARE_WITH_TIMEOUT(why->geometry(), screen, kWait);
    for (const QCPAxisRect *rect : why->findChild<QCustomPlot *>("sweep-plot")->axisRects())
        QVERIFY(rect->axis(QCPAxis::atBottom)->tickLabelFont().pixelSize() >= 18);
    // T from it: Training on top (the lecture's next stop); Esc closes that first, back to Why scale?.
    QVERIFY(press(Qt::Key_T));
    QTRY_COMPARE_WITH_TIMEOUT(active(), static_cast<QWidget *>(windows->training()), kWait);
    QVERIFY(press(Qt::Key_Escape));
    QVERIFY(!windows->training()->isVisible());
    QTRY_COMPARE_WITH_TIMEOUT(active(), static_cast<QWidget *>(why), kWait);
    QVERIFY(press(Qt::Key_Escape));
    QVERIFY(!why->isVisible());
    QTRY_COMPARE_WITH_TIMEOUT(active(), main, kWait);
    QVERIFY(m_window->isPresentation());

    // Training: three steps by →, each one computed; its ticks large; Esc.
    QVERIFY(press(Qt::Key_T));
    TrainingWindow *training = windows->training();
    QTRY_COMPARE_WITH_TIMEOUT(active(), static_cast<QWidget *>(training), kWait);
    QTRY_COMPARE_WITH_TIMEOUT(training->geometry(), screen, kWait);
    for (int i = 1; i <= 3; ++i) {
        QVERIFY(press(Qt::Key_Right));
        QTRY_COMPARE_WITH_TIMEOUT(training->controller()->snapshot().steps(), i, kWait);
        QCOMPARE(active(), static_cast<QWidget *>(training));
    }
    for (const QCPAxisRect *rect : training->plot()->axisRects())
        QVERIFY(rect->axis(QCPAxis::atLeft)->tickLabelFont().pixelSize() >= 18);
    QVERIFY(press(Qt::Key_Escape));
    QTRY_COMPARE_WITH_TIMEOUT(active(), main, kWait);

    // The mistakes, every one by →; the main window's state untouched behind it.
    const attn::Params lesson = m_model->params();
    QVERIFY(press(Qt::Key_X));
    MistakesWindow *mistakes = windows->mistakes();
    QTRY_COMPARE_WITH_TIMEOUT(active(), static_cast<QWidget *>(mistakes), kWait);
    QTRY_COMPARE_WITH_TIMEOUT(mistakes->geometry(), screen, kWait);
    QList<attn::Mistake> seen { mistakes->mistake() };
    for (std::size_t i = 1; i < attn::allMistakes().size(); ++i) {
        QVERIFY(press(Qt::Key_Right));
        QVERIFY2(!seen.contains(mistakes->mistake()), qPrintable(QString::number(i)));
        seen << mistakes->mistake();
        QCOMPARE(active(), static_cast<QWidget *>(mistakes));
        const int px = smallestNumberPixels(mistakes);
        QVERIFY2(px == 0 || px >= 18, qPrintable(QStringLiteral("mistake %1: numbers %2 px").arg(i).arg(px)));
    }
    QCOMPARE(seen.size(), qsizetype(attn::allMistakes().size()));
    QVERIFY(m_model->params() == lesson);
    QVERIFY(press(Qt::Key_Escape));
    QTRY_COMPARE_WITH_TIMEOUT(active(), main, kWait);
    QVERIFY(m_window->isPresentation());
    QCOMPARE(m_window->lesson()->currentStep(), 7);

    // Back through the lesson by Page Up to step 1, then out of presentation mode.
    for (int step = 6; step >= 0; --step) {
        QVERIFY(press(Qt::Key_PageUp));
        QCOMPARE(m_window->lesson()->currentStep(), step);
        QCOMPARE(active(), main);
    }
    QVERIFY(press(Qt::Key_Escape));
    QVERIFY(!m_window->isPresentation());
    QVERIFY(!interfaceIsChinese());
    QVERIFY2(openWindows().isEmpty(), qPrintable(openWindows().join(", ")));
    QCOMPARE(active(), main);
}

PROJECTOR_TEST_MAIN(TestRehearsal)
#include "tst_rehearsal.moc"
