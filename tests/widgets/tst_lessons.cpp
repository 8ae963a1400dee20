// SPDX-License-Identifier: GPL-3.0-or-later
// Scenarios and lessons in the window: a scenario is shown and given back whole, Page Down and
// Page Up step through a lesson (the built-in one opens with the first Page Down), the settings
// panel shows every step's settings, and a bad lesson leaves the state as it was.
#include "gui_driver.h"
#include "io/scenario.h"
#include "lecture.h"
#include "model/translations.h"
#include "multihead.h"
#include "scenario_files.h"
#include "shown_window.h"
#include "widgets/controls_panel.h"
#include "widgets/export_dialog.h"
#include "widgets/heads_window.h"
#include "widgets/undo_history.h"

#include <QApplication>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

class TestLessons : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void cleanup();
    void scenarioInTheWindow();
    void lessonStepsForwardAndBack();
    void theStepsMessageFollowsTheLanguage();
    void presetLeavesTheLessonsStep();
    void pagingFromAPresetGoesOnFromItsStep();
    void titleNamesWhatIsShown();
    void captionSaysWhatTheKeyChanged();
    void captionFollowsEveryChangeOfAPreset();
    void builtInLessonLoads();
    void lastStepShowsEightHeadsAndTheirCost();
    void typingIntoTheHeadsSizesKeepsTheKeys();
    void settingsShowEveryLessonStep_data();
    void settingsShowEveryLessonStep();
    void badLessonKeepsState();
    void failedExportKeepsTheDialog();

private:
    QTemporaryDir m_dir;
    std::unique_ptr<ShownWindow> m_shown;
    AttentionModel *m_model = nullptr;
    MainWindow *m_window = nullptr;
};

void TestLessons::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(m_dir.isValid());
}

void TestLessons::init()
{
    m_shown = showWindow();
    QVERIFY(m_shown);
    m_model = &m_shown->model;
    m_window = &m_shown->window;
}

void TestLessons::cleanup()
{
    m_shown.reset();
}

void TestLessons::scenarioInTheWindow()
{
    const Scenario s = everyFieldScenario();
    const QString path = m_dir.filePath("window.json"), saved = m_dir.filePath("saved.json");
    QString error;
    QVERIFY(saveScenario(path, s, &error));
    gui::answerFileDialog(path);
    QVERIFY(gui::chooseMenu(m_window, { "File", "Open scenario…" }));
    QVERIFY(m_window->currentScenario().params == s.params);
    QCOMPARE(m_window->currentScenario().compareDk, 512);
    // and File > Save scenario writes what the window shows
    gui::answerFileDialog(saved);
    QVERIFY(gui::chooseMenu(m_window, { "File", "Save scenario…" }));
    const auto back = loadScenario(saved, &error);
    QVERIFY2(back.has_value(), qPrintable(error));
    QVERIFY(back->params == s.params);
    QVERIFY(*back == m_window->currentScenario());
    QCOMPARE(m_window->captionText(), s.captionEn); // shown ...
    QCOMPARE(back->captionEn, s.captionEn); // ... and saved
}

void TestLessons::lessonStepsForwardAndBack()
{
    const QString path = m_dir.filePath("lesson.json");
    writeFile(path, R"({"format": "attention-viz-lesson", "version": 1, "title": "Two steps",
        "steps": [{"params": {"mode": "direct", "len": 1, "keys": 6, "d_k": 64}, "caption": "first"},
                  {"params": {"mode": "direct", "len": 1, "keys": 6, "d_k": 64, "scaling": "none"}, "compare": "scaling",
                   "caption": {"en": "second", "zh": "第二步"}}]})");
    gui::answerFileDialog(path);
    QVERIFY(gui::chooseMenu(m_window, { "File", "Open lesson…" }));
    QVERIFY(gui::reactivate(m_window));
    QCOMPARE(m_window->lesson()->currentStep(), 0);
    QCOMPARE(m_window->lesson()->length(), 2);
    QVERIFY(m_window->captionText().contains("first"));
    gui::pressKey(m_window, Qt::Key_PageDown);
    QCOMPARE(m_window->lesson()->currentStep(), 1);
    QCOMPARE(m_model->params().scaling, attn::Scaling::None);
    QCOMPARE(m_model->compare(), CompareKind::Scaling);
    QVERIFY(m_window->captionText().contains("second"));
    gui::pressKey(m_window, Qt::Key_PageDown); // stays on the last step
    QCOMPARE(m_window->lesson()->currentStep(), 1);
    gui::pressKey(m_window, Qt::Key_PageUp);
    QCOMPARE(m_window->lesson()->currentStep(), 0);
    QCOMPARE(m_model->params().scaling, attn::Scaling::InvSqrtDk);
    QCOMPARE(m_model->compare(), CompareKind::None);
}

// "Lesson step 2 of 9" in the status bar is said again in Chinese when the language switches under it (it stayed in
// English), and it stays as long as the step is shown.
void TestLessons::theStepsMessageFollowsTheLanguage()
{
    gui::pressKey(m_window, Qt::Key_PageDown);
    gui::pressKey(m_window, Qt::Key_PageDown);
    QCOMPARE(m_window->statusText(), QString("Lesson step 2 of 9"));
    QVERIFY(setInterfaceLanguage("zh"));
    gui::deliverQueued();
    const QString chinese = m_window->statusText();
    setInterfaceLanguage("en");
    gui::deliverQueued();
    QCOMPARE(chinese, QString::fromUtf8("课程第 2 步，共 9 步"));
    // It stays while the step is shown (the 4 s it had were gone before the demo got to it), and goes with it.
    QTest::qWait(50);
    QCOMPARE(m_window->statusText(), QString("Lesson step 2 of 9"));
    gui::pressKey(m_window, Qt::Key_Up); // d_k doubled: no longer the step's example
    QVERIFY2(!m_window->statusText().contains("Lesson step"), qPrintable(m_window->statusText()));
}

// A preset chosen during the lesson takes the step's place: the lesson no longer says "step 4/9" or gives the step's
// title to the preset's caption, and Page Down goes back to step 4; undo brings the step back too.
void TestLessons::presetLeavesTheLessonsStep()
{
    for (int i = 0; i < 4; ++i)
        gui::pressKey(m_window, Qt::Key_PageDown); // the built-in lesson, step 4
    QCOMPARE(m_window->lesson()->currentStep(), 3);
    QVERIFY2(m_window->action("nextStep")->iconText().startsWith("step 4/9 ▶"),
        qPrintable(m_window->action("nextStep")->iconText()));
    QVERIFY(m_window->captionText().contains("4/9") || m_window->captionText().contains("Lecture"));
    gui::deliverQueued(); // (each its own undo step)
    QVERIFY(gui::chooseMenu(m_window, { "Lecture", "Block 1: Q, K, V projected from X   (qkv-basics)" }));
    gui::deliverQueued();
    QVERIFY(!m_window->lesson()->onStep());
    QVERIFY2(m_window->captionText().startsWith("Block 1:"), qPrintable(m_window->captionText()));
    QVERIFY2(m_window->action("nextStep")->iconText().startsWith("back to step 4/9"),
        qPrintable(m_window->action("nextStep")->iconText()));
    QCOMPARE(m_window->windowTitle(), QString("attention-viz — Block 1 of the lecture"));
    gui::pressKey(m_window, Qt::Key_PageDown);
    gui::deliverQueued();
    QVERIFY(m_window->lesson()->onStep());
    QCOMPARE(m_window->lesson()->currentStep(), 3); // back to the step left, not the next
    QCOMPARE(m_model->params(), lecture::block2(true));
    QVERIFY(m_window->windowTitle().contains("step 4 of 9"));
    // undo: the preset again, and off the step
    m_window->undoHistory()->undo();
    gui::deliverQueued();
    QCOMPARE(m_model->params(), lecture::block1());
    QVERIFY(!m_window->lesson()->onStep());
}

// The title names what the window shows: the lecture's block, a lesson's step, or the user's settings.
// An instructor shows block 2 from its preset and pages on: the lesson goes on from the step the preset
// shows (step 4, block 2 divided by √64, so Page Down gives step 5), not from step 1; Page Up from block 3
// (step 6) gives step 5. From a state no step shows, Page Down starts at step 1.
void TestLessons::pagingFromAPresetGoesOnFromItsStep()
{
    for (const auto &[name, key, step] : { std::tuple { "why-scale", Qt::Key_PageDown, 4 },
             std::tuple { "sdpa-check", Qt::Key_PageUp, 4 }, std::tuple { "qkv-basics", Qt::Key_PageDown, 1 } }) {
        init();
        const auto preset = findPreset(name);
        QVERIFY(preset);
        m_window->applyScenario(preset->scenario);
        QVERIFY(!m_window->lesson()->hasLesson());
        gui::pressKey(m_window, key);
        QVERIFY(m_window->lesson()->hasLesson());
        QVERIFY2(m_window->lesson()->currentStep() == step,
            qPrintable(QString("%1: step %2").arg(name).arg(m_window->lesson()->currentStep() + 1)));
        QVERIFY(m_window->lesson()->onStep());
        QVERIFY2(
            m_window->captionText().contains(QString("%1/9 · ").arg(step + 1)), qPrintable(m_window->captionText()));
        cleanup();
    }
    init();
    gui::pressKey(m_window, Qt::Key_PageDown); // the built-in example: no step shows it
    QCOMPARE(m_window->lesson()->currentStep(), 0);
}

void TestLessons::titleNamesWhatIsShown()
{
    QCOMPARE(m_window->windowTitle(), QString("attention-viz — your settings"));
    QVERIFY(gui::chooseMenu(
        m_window, { "Lecture", "Block 2: why divide by √d_k (scaled beside not scaled)   (why-scale)" }));
    QCOMPARE(m_window->windowTitle(), QString("attention-viz — Block 2 of the lecture"));
    gui::pressKey(m_window, Qt::Key_Up); // d_k × 2: no longer block 2
    QTRY_COMPARE_WITH_TIMEOUT(m_window->windowTitle(), QString("attention-viz — your settings"), gui::kPatienceMs);
    gui::pressKey(m_window, Qt::Key_PageDown);
    QVERIFY2(m_window->windowTitle().endsWith("step 1 of 9"), qPrintable(m_window->windowTitle()));
}

// Step 5 invites "Press Up/Down to change d_k": after Up its caption says what changed, with the values, instead of
// only that the settings differ; step 6 (block 3) shows the official function beside the manual one.
void TestLessons::captionSaysWhatTheKeyChanged()
{
    for (int i = 0; i < 5; ++i)
        gui::pressKey(m_window, Qt::Key_PageDown);
    QCOMPARE(m_window->lesson()->currentStep(), 4);
    QVERIFY(m_window->captionText().contains("Press Up/Down to change d_k"));
    gui::pressKey(m_window, Qt::Key_Up);
    QTRY_VERIFY2_WITH_TIMEOUT(m_window->captionText().contains("Changed from the example: d_k 256 → 512."),
        qPrintable(m_window->captionText()), gui::kPatienceMs);
    gui::pressKey(m_window, Qt::Key_Up); // a second change is said too, from the example's value
    QTRY_VERIFY2_WITH_TIMEOUT(m_window->captionText().contains("Changed from the example: d_k 256 → 1024."),
        qPrintable(m_window->captionText()), gui::kPatienceMs);
    gui::pressKey(m_window, Qt::Key_Down);
    QTRY_VERIFY2_WITH_TIMEOUT(m_window->captionText().contains("Changed from the example: d_k 256 → 512."),
        qPrintable(m_window->captionText()), gui::kPatienceMs);
    gui::pressKey(m_window, Qt::Key_S); // and the scaling, in its words
    QTRY_VERIFY2_WITH_TIMEOUT(m_window->captionText().contains("d_k 256 → 512, scaled by 1/√256 → not scaled"),
        qPrintable(m_window->captionText()), gui::kPatienceMs);
    gui::pressKey(m_window, Qt::Key_PageDown);
    QTRY_COMPARE_WITH_TIMEOUT(m_window->lesson()->currentStep(), 5, gui::kPatienceMs);
    QCOMPARE(m_model->compare(), CompareKind::Sdpa);
    QVERIFY(m_window->captionText().contains("1.1920929e-07"));
}

// From an example (not a lesson step), each further change is said as well: Up three times from block 1's d_k = 4
// says "4 → 32", not the first change's "4 → 8" (as the caption did, stale, until it was tied to every change).
void TestLessons::captionFollowsEveryChangeOfAPreset()
{
    const auto preset = findPreset("qkv-basics");
    QVERIFY(preset);
    m_window->applyScenario(preset->scenario);
    m_window->settle();
    QCOMPARE(m_model->params().dK, 4);
    for (const char *expected : { "d_k 4 → 8.", "d_k 4 → 16.", "d_k 4 → 32." }) {
        gui::pressKey(m_window, Qt::Key_Up);
        QTRY_VERIFY2_WITH_TIMEOUT(m_window->captionText().contains(QString::fromUtf8(expected)),
            qPrintable(m_window->captionText()), gui::kPatienceMs);
    }
}

void TestLessons::builtInLessonLoads()
{
    QString error;
    const auto lesson = loadLesson(builtInLessonPath(), &error);
    QVERIFY2(lesson.has_value(), qPrintable(error));
    QCOMPARE(int(lesson->steps.size()), 9);
    QCOMPARE(lesson->steps.front().params, lecture::block1()); // from the first block ...
    QCOMPARE(lesson->steps[6].params, lecture::exercise(-2)); // ... to the exercise
    for (const Scenario &s : lesson->steps) {
        QVERIFY(!s.captionEn.isEmpty());
        QVERIFY(!s.captionZh.isEmpty());
    }
    gui::pressKey(m_window, Qt::Key_PageDown); // with no lesson open, Page Down starts the lecture's
    QCOMPARE(m_window->lesson()->length(), 9);
    QVERIFY(m_window->captionText().contains("1/9"));
}

// The lesson's step 9, after the lecture's eight: nn.MultiheadAttention(512, 8)'s heads of d_k = 64 in the window,
// head 0 in the map, and every multiply-add its caption quotes is core's count for these 6 tokens, the same total
// for 8 heads of 64 as for one head of 512 (the paper's claim); Ctrl+H shows the 8 heads and their average.
void TestLessons::lastStepShowsEightHeadsAndTheirCost()
{
    for (int i = 0; i < 9; ++i)
        gui::pressKey(m_window, Qt::Key_PageDown);
    QCOMPARE(m_window->lesson()->currentStep(), 8);
    const attn::Params &p = m_model->params();
    const attn::MultiheadResult *heads = attn::multiheadOf(p);
    QVERIFY(heads);
    QCOMPARE(heads->settings.dModel, 512);
    QCOMPARE(heads->settings.heads, 8);
    QCOMPARE(p.dK, 64);
    QCOMPARE(p.batchIndex, 0);
    const QString caption = m_window->captionText();
    QVERIFY2(caption.contains(QString::fromUtf8("— 9/9 · Next section")), qPrintable(caption));
    const int tokens = heads->settings.length;
    QVERIFY2(caption.contains(QString("for these %1 tokens").arg(tokens)), qPrintable(caption));
    const attn::MultiheadCost eight = attn::multiheadCost(1, tokens, 512, 8),
                              one = attn::multiheadCost(1, tokens, 512, 1);
    QCOMPARE(eight.total(), one.total());
    const QLocale en(QLocale::English);
    const auto n = [&](double v) { return en.toString(qlonglong(v)); };
    for (const QString &quoted : { "both take " + n(eight.total()), "projections " + n(eight.projections),
             "scores " + n(eight.scores), "weighted sums " + n(eight.weightedSums), "W_O " + n(eight.outProjection) })
        QVERIFY2(caption.contains(quoted), qPrintable(quoted + " | " + caption));
    QCOMPARE(eight.scores, one.scores);
    gui::pressKey(m_window, Qt::Key_H, Qt::ControlModifier);
    auto *grid = m_window->findChild<HeadsWindow *>("headsWindow");
    QVERIFY(grid);
    QTRY_VERIFY_WITH_TIMEOUT(grid->isVisible(), gui::kPatienceMs);
    QTRY_COMPARE_WITH_TIMEOUT(grid->tiles().size(), 10, gui::kPatienceMs); // 8 heads, their mean and max
    QCOMPARE(grid->tiles()[8]->title(), QString("mean of 8 heads"));
    grid->close();
}

// Regression (a cold walk): at step 9 "12" typed into Queries L gave L = 1 and Heads h = 2, the "2" going to the
// Heads box (L's box was disabled for a moment by each change, handing its focus on); and d_model could not be typed
// at all with 8 heads ("5" of 512 refused at once as not divisible). Keys typed go to where the focus is.
void TestLessons::typingIntoTheHeadsSizesKeepsTheKeys()
{
    for (int i = 0; i < 9; ++i)
        gui::pressKey(m_window, Qt::Key_PageDown);
    const auto type = [this](QAbstractSpinBox *box, const QString &text) {
        box->setFocus();
        box->selectAll();
        for (const QChar c : text) {
            QTest::keyClick(QApplication::focusWidget(), c.toLatin1());
            m_window->settle();
        }
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Return);
        m_window->settle();
    };
    auto *len = gui::find<QSpinBox>(m_window, "len-spin");
    type(len, "12");
    QCOMPARE(QApplication::focusWidget(), len);
    QCOMPARE(m_model->params().queryLength, 12);
    QVERIFY(attn::multiheadOf(m_model->params()));
    QCOMPARE(attn::multiheadOf(m_model->params())->settings.heads, 8);
    auto *dModel = gui::find<QSpinBox>(m_window, "d-model-spin");
    type(dModel, "256");
    QCOMPARE(QApplication::focusWidget(), dModel);
    QCOMPARE(attn::multiheadOf(m_model->params())->settings.dModel, 256);
    QCOMPARE(m_model->params().dK, 32);
    QCOMPARE(attn::multiheadOf(m_model->params())->settings.heads, 8);
    QCOMPARE(dModel->singleStep(), 8); // (the arrows keep a multiple of h)
}

void TestLessons::settingsShowEveryLessonStep_data()
{
    // Page Down as often as pageDowns (the first opens the built-in lesson at its first step), then
    // Page Up as often as pageUps: the lesson is at step (0-based), whose keys are its own (block 2
    // and the exercise: S != L) or follow the queries (every other step).
    QTest::addColumn<int>("pageDowns");
    QTest::addColumn<int>("pageUps");
    QTest::addColumn<int>("step");
    QTest::addColumn<bool>("ownKeys");
    const bool ownKeys[9] = { false, false, true, true, false, false, true, false, false };
    for (int step = 0; step < 9; ++step)
        QTest::addRow("step %d", step + 1) << step + 1 << 0 << step << ownKeys[step];
    QTest::newRow("Page Down on the last step") << 10 << 0 << 8 << ownKeys[8];
    for (int step = 7; step >= 0; --step)
        QTest::addRow("back to step %d", step + 1) << 9 << 8 - step << step << ownKeys[step];
}

// Regression: after the lesson's last steps the settings showed cross-attention (and enabled the
// keys' slider and spin box) while the model's keys followed the queries again.
void TestLessons::settingsShowEveryLessonStep()
{
    QFETCH(int, pageDowns);
    QFETCH(int, pageUps);
    QFETCH(int, step);
    QFETCH(bool, ownKeys);
    for (int i = 0; i < pageDowns; ++i)
        gui::pressKey(m_window, Qt::Key_PageDown);
    for (int i = 0; i < pageUps; ++i)
        gui::pressKey(m_window, Qt::Key_PageUp);
    QCOMPARE(m_window->lesson()->length(), 9);
    QCOMPARE(m_window->lesson()->currentStep(), step);
    QVERIFY(m_window->captionText().contains(QString("%1/9").arg(step + 1)));
    QCOMPARE(!m_model->params().keysFollowLength, ownKeys);

    const attn::Params &p = m_model->params();
    const auto separateKeys = gui::find<QCheckBox>(m_window, "separate-keys");
    const auto keysSlider = gui::find<QSlider>(m_window, "keys-slider");
    const auto keysSpin = gui::find<QSpinBox>(m_window, "keys-spin");
    QCOMPARE(separateKeys->isChecked(), !p.keysFollowLength);
    QCOMPARE(keysSlider->isEnabled(), !p.keysFollowLength);
    QCOMPARE(keysSpin->isEnabled(), !p.keysFollowLength);
    QCOMPARE(gui::find<QSpinBox>(m_window, "len-spin")->value(), p.queryLength);
    QCOMPARE(gui::find<QSlider>(m_window, "len-slider")->value(), ControlsPanel::sliderFromLength(p.queryLength));
    QCOMPARE(keysSpin->value(), p.keyLength);
    QCOMPARE(keysSlider->value(), ControlsPanel::sliderFromLength(p.keyLength));
    // d_v's link, likewise
    QCOMPARE(gui::find<QCheckBox>(m_window, "dv-follows-dk")->isChecked(), p.dvFollowsDk);
    QCOMPARE(gui::find<QSpinBox>(m_window, "dv-spin")->isEnabled(), !p.dvFollowsDk);
    QCOMPARE(gui::find<QSpinBox>(m_window, "dv-spin")->value(), p.dV);
    // and the model holds the step's settings
    QCOMPARE(p, m_window->lesson()->currentScenario()->params);
}

void TestLessons::badLessonKeepsState()
{
    m_model->setParams(lecture::block1());
    QString error;
    QVERIFY(!m_window->openLesson(m_dir.filePath("missing.json"), &error));
    const QString bad = m_dir.filePath("badlesson.json");
    writeFile(bad,
        R"({"format": "attention-viz-lesson", "version": 1, "steps": [{"params": {"len": 3}}, {"params": {"batch": 0}}]})");
    QVERIFY(!m_window->openLesson(bad, &error));
    QVERIFY2(error.contains("steps[1].params.batch: must be from 1"), qPrintable(error));
    // and through File > Open lesson the window says why
    QString said;
    gui::answerFileDialog(bad);
    gui::answerMessageBox(&said);
    QVERIFY(gui::chooseMenu(m_window, { "File", "Open lesson…" }));
    QVERIFY2(said.contains(bad + ": steps[1].params.batch: must be from 1"), qPrintable(said));
    QCOMPARE(m_model->params(), lecture::block1()); // nothing changed
    QCOMPARE(m_window->lesson()->length(), 0);
}

// File > Export into a folder that does not exist: the window says why, and the dialog comes back
// with what was typed (the path and the title), to be mended rather than typed again.
void TestLessons::failedExportKeepsTheDialog()
{
    const QString bad = m_dir.filePath("no-such-folder/figure.png");
    QString said, pathAgain, titleAgain;
    gui::whenModal([&](QWidget *modal) {
        auto *dialog = qobject_cast<ExportDialog *>(modal);
        if (!dialog)
            return false;
        gui::find<QLineEdit>(dialog, "export-path")->setText(bad);
        gui::find<QLineEdit>(dialog, "export-title")->setText("Row sums of the exercise");
        gui::answerMessageBox(&said);
        gui::whenModal([&](QWidget *again) { // the dialog once more: read it and cancel
            auto *d = qobject_cast<ExportDialog *>(again);
            if (!d)
                return false;
            pathAgain = gui::find<QLineEdit>(d, "export-path")->text();
            titleAgain = gui::find<QLineEdit>(d, "export-title")->text();
            d->reject();
            return true;
        });
        dialog->accept();
        return true;
    });
    QVERIFY(gui::chooseMenu(m_window, { "File", "Export…" }));
    QTRY_VERIFY_WITH_TIMEOUT(!titleAgain.isEmpty(), gui::kPatienceMs);
    QVERIFY2(said.contains("no-such-folder"), qPrintable(said));
    QCOMPARE(pathAgain, bad);
    QCOMPARE(titleAgain, QString("Row sums of the exercise"));
    QVERIFY(!QFileInfo::exists(bad));
}

QTEST_MAIN(TestLessons)
#include "tst_lessons.moc"
