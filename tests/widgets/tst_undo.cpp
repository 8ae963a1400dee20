// SPDX-License-Identifier: GPL-3.0-or-later
// Edit > Undo and Redo (widgets/undo_history.h): a slider's drag is one step, different changes are different
// steps, a preset or a lesson step is one step with its display, comparison and caption, the keys answer with the
// menu bar hidden, and the menu says what it will undo. The window runs on a fake clock (tests/support/fake_clock.h):
// "within a second" is a second of its time, however slow the machine.
#include "fake_clock.h"
#include "gui_driver.h"
#include "io/scenario.h"
#include "shown_window.h"
#include "widgets/undo_history.h"

#include <QSignalSpy>
#include <QStandardPaths>
#include <QUndoStack>
#include <QtTest>

class TestUndo : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void cleanup();
    void aSliderDragIsOneStep();
    void draggedBackIsNoStep();
    void differentChangesAreDifferentSteps();
    void aPauseEndsAStep();
    void aPresetIsOneStep();
    void aDragAfterAPresetIsOneStep();
    void aHiddenCaptionStaysHidden();
    void lessonSteps();
    void keysWithTheMenuBarHidden();
    void aNewChangeDropsTheRedo();
    void theHistoryIsBounded();

private:
    QAction *undoAction() const { return gui::find<QAction>(m_window, "undoAction"); }
    QAction *redoAction() const { return gui::find<QAction>(m_window, "redoAction"); }
    QUndoStack *stack() const { return m_window->undoHistory()->stack(); }
    // Drags the d_k slider's handle to position `to` as a hand does: a few pixels at a time, the window drawing in
    // between and 5 ms passing (so the changes arrive over time, not in one turn of the event loop).
    bool dragDk(int to);
    // The user's pause between two actions: the clock moves on by ms, and what the event loop has queued is delivered.
    void pause(int ms);

    FakeClock m_clock;
    std::unique_ptr<ShownWindow> m_shown;
    AttentionModel *m_model = nullptr;
    MainWindow *m_window = nullptr;
};

void TestUndo::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
}

void TestUndo::init()
{
    m_shown = showWindow(QSize(1400, 900), m_clock);
    QVERIFY(m_shown);
    m_model = &m_shown->model;
    m_window = &m_shown->window;
    QVERIFY(!undoAction()->isEnabled());
    QVERIFY(!redoAction()->isEnabled());
}

void TestUndo::cleanup()
{
    m_shown.reset();
}

void TestUndo::pause(int ms)
{
    gui::deliverQueued();
    m_clock.advanceMs(ms);
    gui::deliverQueued();
}

bool TestUndo::dragDk(int to)
{
    const bool dragged = gui::dragSlider(gui::find<QSlider>(m_window, "dk-slider"), to, 3, [this] { pause(5); });
    pause(20);
    return dragged;
}

void TestUndo::aSliderDragIsOneStep()
{
    const int dk0 = m_model->params().dK; // 4: slider position 2
    QSignalSpy changes(m_model, &AttentionModel::paramsChanged);
    QVERIFY(dragDk(6)); // d_k = 64, through 8, 16 and 32
    QCOMPARE(m_model->params().dK, 64);
    QVERIFY2(changes.count() >= 4, qPrintable(QString::number(changes.count()))); // every value on the way
    QCOMPARE(stack()->count(), 1);
    QVERIFY(undoAction()->isEnabled());
    QCOMPARE(gui::shownText(undoAction()->text()), QString("Undo d_k, d_v")); // d_v follows d_k
    undoAction()->trigger();
    QCOMPARE(m_model->params().dK, dk0);
    QCOMPARE(gui::find<QSlider>(m_window, "dk-slider")->value(), 2); // the controls follow
    QVERIFY(!undoAction()->isEnabled());
    QVERIFY(redoAction()->isEnabled());
    redoAction()->trigger();
    QCOMPARE(m_model->params().dK, 64);
    QCOMPARE(m_model->params().dV, 64);
}

void TestUndo::draggedBackIsNoStep()
{
    auto *slider = gui::find<QSlider>(m_window, "dk-slider");
    QPoint at = gui::sliderHandle(slider).center();
    const QPoint start = at;
    QTest::mousePress(slider, Qt::LeftButton, {}, at);
    for (int i = 0; i < 20; ++i) {
        at.rx() += 3;
        QTest::mouseMove(slider, at);
        pause(5);
    }
    QVERIFY(m_model->params().dK > 4);
    for (int i = 0; i < 20; ++i) {
        at.rx() -= 3;
        QTest::mouseMove(slider, at);
        pause(5);
    }
    QTest::mouseRelease(slider, Qt::LeftButton, {}, start);
    pause(20);
    QCOMPARE(m_model->params().dK, 4);
    QCOMPARE(stack()->count(), 0);
    QVERIFY(!undoAction()->isEnabled());
}

// The demo keys S and D in a row: scaling, then the softmax dim, two steps undone one by one.
void TestUndo::differentChangesAreDifferentSteps()
{
    QVERIFY(clickHeatmap(m_window));
    gui::pressKey(m_window, Qt::Key_S);
    pause(10);
    gui::pressKey(m_window, Qt::Key_D);
    pause(10);
    QCOMPARE(m_model->params().scaling, attn::Scaling::None);
    QCOMPARE(m_model->params().softmaxDim, -2);
    QCOMPARE(stack()->count(), 2);
    QCOMPARE(gui::shownText(undoAction()->text()), QString("Undo softmax dim"));
    undoAction()->trigger();
    QCOMPARE(m_model->params().softmaxDim, -1);
    QCOMPARE(m_model->params().scaling, attn::Scaling::None);
    QCOMPARE(gui::shownText(undoAction()->text()), QString("Undo scaling"));
    QCOMPARE(gui::shownText(redoAction()->text()), QString("Redo softmax dim"));
    undoAction()->trigger();
    QCOMPARE(m_model->params(), attn::Params());
}

// The same setting changed again after more than a second is a step of its own.
void TestUndo::aPauseEndsAStep()
{
    QVERIFY(clickHeatmap(m_window));
    gui::pressKey(m_window, Qt::Key_Up); // d_k 4 -> 8
    pause(50);
    gui::pressKey(m_window, Qt::Key_Up); // 16, merged with the first
    pause(UndoHistory::kMergeMilliseconds + 100);
    gui::pressKey(m_window, Qt::Key_Up); // 32, a step of its own
    pause(10);
    QCOMPARE(m_model->params().dK, 32);
    QCOMPARE(stack()->count(), 2);
    undoAction()->trigger();
    QCOMPARE(m_model->params().dK, 16);
    undoAction()->trigger();
    QCOMPARE(m_model->params().dK, 4);
}

// A preset changes settings, display, comparison and caption at once: one step brings all of them back.
void TestUndo::aPresetIsOneStep()
{
    const Scenario before = m_window->currentScenario();
    const Preset *preset = findPreset("why-scale");
    QVERIFY(preset);
    m_window->applyScenario(preset->scenario);
    pause(10);
    QVERIFY(!m_window->captionText().isEmpty());
    QVERIFY(m_model->compare() != CompareKind::None || m_model->params() != before.params);
    QCOMPARE(stack()->count(), 1);
    undoAction()->trigger();
    QVERIFY(m_window->currentScenario() == before);
    QVERIFY(m_window->captionText().isEmpty());
    redoAction()->trigger();
    QVERIFY(m_window->currentScenario() == preset->scenario || m_model->params() == preset->scenario.params);
    QVERIFY(!m_window->captionText().isEmpty()); // the caption is current again: shown
}

// Right after a preset the first change also hides the preset's caption; it still merges with the next ones.
void TestUndo::aDragAfterAPresetIsOneStep()
{
    const Preset *preset = findPreset("sdpa-check");
    QVERIFY(preset);
    m_window->applyScenario(preset->scenario);
    pause(10);
    const QString caption = m_window->captionText();
    const int dk = m_model->params().dK;
    QVERIFY(clickHeatmap(m_window));
    gui::pressKey(m_window, Qt::Key_Up);
    pause(50);
    gui::pressKey(m_window, Qt::Key_Up);
    pause(10);
    QCOMPARE(m_model->params().dK, 4 * dk);
    QCOMPARE(stack()->count(), 2); // the preset, and the two presses as one
    undoAction()->trigger();
    QCOMPARE(m_model->params().dK, dk);
    QCOMPARE(m_window->captionText(), caption); // the preset's caption shown again
}

// A caption the settings have left (hidden, with a note saying so) is hidden again after an undo back to them.
void TestUndo::aHiddenCaptionStaysHidden()
{
    QVERIFY(clickHeatmap(m_window));
    gui::pressKey(m_window, Qt::Key_PageDown); // lesson step 1, with its caption
    pause(10);
    gui::pressKey(m_window, Qt::Key_C); // a comparison: the step's caption no longer fits
    pause(10);
    const QString hidden = m_window->captionText();
    QVERIFY2(hidden.contains("Changed from the example: the comparison"), qPrintable(hidden));
    m_window->applyScenario(findPreset("why-scale")->scenario);
    pause(10);
    QVERIFY(m_window->captionText() != hidden);
    undoAction()->trigger();
    QCOMPARE(m_window->captionText(), hidden);
    QCOMPARE(m_window->lesson()->currentStep(), 0);
    undoAction()->trigger(); // before C: the step's own caption
    QVERIFY(!m_window->captionText().contains("Changed from the example"));
    QVERIFY(!m_window->captionText().isEmpty());
}

// Page Down twice, then undo: the first step's settings and caption, and Page Down goes on from there.
void TestUndo::lessonSteps()
{
    QVERIFY(clickHeatmap(m_window));
    gui::pressKey(m_window, Qt::Key_PageDown);
    pause(10);
    const QString first = m_window->captionText();
    const Scenario firstState = m_window->currentScenario();
    gui::pressKey(m_window, Qt::Key_PageDown);
    pause(10);
    QCOMPARE(m_window->lesson()->currentStep(), 1);
    QVERIFY(m_window->captionText() != first);
    undoAction()->trigger();
    QCOMPARE(m_window->lesson()->currentStep(), 0);
    QCOMPARE(m_window->captionText(), first);
    QVERIFY(m_window->currentScenario() == firstState);
    gui::pressKey(m_window, Qt::Key_PageDown); // from the first step to the second again
    pause(10);
    QCOMPARE(m_window->lesson()->currentStep(), 1);
}

// Ctrl+Z and Ctrl+Shift+Z (and Ctrl+Y) in presentation mode, where the menu bar is hidden.
void TestUndo::keysWithTheMenuBarHidden()
{
    m_window->setPresentation(true, false);
    QVERIFY(QTest::qWaitForWindowExposed(m_window));
    QVERIFY(clickHeatmap(m_window));
    gui::pressKey(m_window, Qt::Key_S);
    pause(10);
    QCOMPARE(m_model->params().scaling, attn::Scaling::None);
    gui::pressKey(m_window, Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(m_model->params().scaling, attn::Scaling::InvSqrtDk);
    gui::pressKey(m_window, Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(m_model->params().scaling, attn::Scaling::None);
    gui::pressKey(m_window, Qt::Key_Z, Qt::ControlModifier);
    gui::pressKey(m_window, Qt::Key_Y, Qt::ControlModifier);
    QCOMPARE(m_model->params().scaling, attn::Scaling::None);
}

// Undo, then a change of another kind: the undone step cannot be redone any more (as in any editor).
void TestUndo::aNewChangeDropsTheRedo()
{
    QVERIFY(clickHeatmap(m_window));
    gui::pressKey(m_window, Qt::Key_S);
    pause(10);
    undoAction()->trigger();
    QVERIFY(redoAction()->isEnabled());
    gui::pressKey(m_window, Qt::Key_D);
    pause(10);
    QVERIFY(!redoAction()->isEnabled());
    QCOMPARE(stack()->count(), 1);
    QCOMPARE(m_model->params().scaling, attn::Scaling::InvSqrtDk);
}

// S and D in turn, 210 steps: the oldest are forgotten beyond UndoHistory::kUndoLimit.
void TestUndo::theHistoryIsBounded()
{
    QVERIFY(clickHeatmap(m_window));
    for (int i = 0; i < UndoHistory::kUndoLimit + 10; ++i) {
        gui::pressKey(m_window, i % 2 ? Qt::Key_D : Qt::Key_S);
        pause(1);
    }
    QCOMPARE(stack()->count(), UndoHistory::kUndoLimit);
    for (int i = 0; i < UndoHistory::kUndoLimit; ++i)
        undoAction()->trigger();
    QVERIFY(!undoAction()->isEnabled());
    QCOMPARE(m_model->params().softmaxDim, -2); // 10 steps in: S five times, D five times (both toggled)
    QCOMPARE(m_model->params().scaling, attn::Scaling::None);
}

QTEST_MAIN(TestUndo)
#include "tst_undo.moc"
