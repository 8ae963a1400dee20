// SPDX-License-Identifier: GPL-3.0-or-later
// The Training window (View > Training, key T) and the controller that steps its runs off the GUI
// thread: T opens it, Start runs both runs to the end with the curves growing live, the numbers are core's
// runTraining's, pause, step and reset leave no thread running, a paused run goes on to the same numbers, the
// optimiser sets its learning rate, hiding it pauses, and Export writes the picture and the numbers. The window runs
// on a fake clock (tests/support/fake_clock.h): the pace and the curves' 30 updates a second are counted exactly.
#include "fake_clock.h"
#include "gui_driver.h"
#include "model/training_controller.h"
#include "render/training_plot.h"
#include "shown_window.h"
#include "training_once.h"
#include "widgets/training_window.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPushButton>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <numeric>

class TestTrainingWindow : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void init();
    void cleanup() { m_shown.reset(); }
    void keyOpensItAndStartRunsToTheEnd();
    void curvesUpdateThirtyTimesASecond();
    void aNewPaceCountsAtOnce();
    void pauseStepAndResetLeaveNoThread();
    void settingsReset();
    void aCommandLineFactorIsShown();
    void hidingPauses();
    void exportsPictureAndNumbers();

private:
    TrainingWindow *training() { return m_shown->window.training(); }
    TrainingController *controller() { return training()->controller(); }
    FakeClock m_clock; // (made before the window and gone after it)
    std::unique_ptr<ShownWindow> m_shown;
};

void TestTrainingWindow::init()
{
    m_shown = showWindow(QSize(1400, 900), m_clock);
    QVERIFY(m_shown);
    QVERIFY(clickHeatmap(&m_shown->window));
}

void TestTrainingWindow::keyOpensItAndStartRunsToTheEnd()
{
    QVERIFY(!training()->isVisible());
    gui::pressKey(&m_shown->window, Qt::Key_T);
    QVERIFY(training()->isVisible());
    QVERIFY(QTest::qWaitForWindowExposed(training()));
    QCOMPARE(controller()->snapshot().steps(), 0);
    controller()->setStepsPerSecond(0);
    auto *start = training()->findChild<QPushButton *>("train-start");
    QCOMPARE(start->text(), QString("Start"));
    QTest::mouseClick(start, Qt::LeftButton);
    QVERIFY(controller()->running());
    QCOMPARE(start->text(), QString("Pause"));
    // As fast as it goes: the worker never sleeps, so the clock's first timeout comes after its 300 steps.
    m_clock.advanceMs(TrainingController::kUpdateIntervalMs);
    QVERIFY(!controller()->running());
    QCOMPARE(controller()->snapshot().steps(), 300);
    QCOMPARE(start->text(), QString("Again"));
    // What the window shows is core's run for its settings, step for step.
    const attn::TrainingRun *expected = trainingOnce(training()->settings());
    QVERIFY(expected);
    for (int side = 0; side < 2; ++side) {
        QCOMPARE(controller()->snapshot().history[side].loss, expected->side(side).history.loss);
        QCOMPARE(controller()->snapshot().history[side].gradNorm, expected->side(side).history.gradNorm);
        const attn::MatrixD rows = expected->watchedWeights(side, kWatchedExamples);
        QVERIFY(controller()->snapshot().watched[side] == rows);
        QCOMPARE(training()->trainingPlot()->curve(0, side)->dataCount(), 300);
    }
    QVERIFY(training()->trainingPlot()->mapTitle(0).replace('\n', ' ').contains(
        QString("in 8 of 8 training examples"))); // (wrapped)
    // Every sentence follows its numbers: "does not learn" only within twice chance (1/L) on the held-out examples
    // and over the last 50 batches, otherwise whether it improves on the held-out examples since the start; and the
    // unscaled gradient's larger start is explained.
    const attn::TrainHistory &unscaled = controller()->snapshot().history[1];
    const double last = std::accumulate(unscaled.accuracy.end() - 50, unscaled.accuracy.end(), 0.0) / 50;
    const double heldOut = unscaled.heldOutAccuracy.back(), begun = unscaled.heldOutAccuracy.front();
    const double chance = 1.0 / training()->settings().length;
    const QString summary = training()->summaryText();
    const bool learns = heldOut > 2 * chance || last > 2 * chance;
    QCOMPARE(summary.contains("Without the scale the layer does not learn: held-out accuracy "
                 + QString::number(heldOut, 'f', 2) + ", " + QString::number(heldOut / chance, 'f', 1) + "× chance"),
        !learns);
    QVERIFY2(summary.contains("Not scaled: loss")
            && summary.contains(QString::number(heldOut, 'f', 2) + " on the held-out examples ("
                + QString::number(last, 'f', 2) + " on the last batches)"),
        qPrintable(summary));
    if (learns)
        QVERIFY2(summary.contains((heldOut >= begun + 0.1 ? "Without the scale it learns slowly: held-out accuracy "
                                                          : "Without the scale it does not improve: held-out accuracy ")
                     + QString::number(begun, 'f', 2) + " at the start"),
            qPrintable(summary));
    QVERIFY2(summary.contains("The unscaled gradient starts"), qPrintable(summary));
    QVERIFY(summary.contains("are 16 times larger")); // d_k = 256: the factor 1/16
    // T closes it again, from within.
    gui::pressKey(training(), Qt::Key_T);
    QVERIFY(!training()->isVisible());
}

// At 100 steps a second the first step runs at once and one more every 10 ms: by 999 ms, the steps at 0, 10 ... 990
// ms, 100 of them. The worker publishes at most every 16 ms (at 0, 20, 40 ... 980 ms), the window's timer takes what
// was published every 33 ms (33, 66 ... 990: 30 times), and each time the curves grow; the last take, at 990 ms, has
// the steps up to the one published at 980 ms: 99.
void TestTrainingWindow::curvesUpdateThirtyTimesASecond()
{
    training()->show();
    QVERIFY(QTest::qWaitForWindowExposed(training()));
    controller()->setStepsPerSecond(100); // the default pace: 300 steps in 3 s
    QList<int> shown; // the steps the curves held at each update
    connect(controller(), &TrainingController::updated, this,
        [this, &shown] { shown << training()->trainingPlot()->curve(0, 0)->dataCount(); });
    controller()->start();
    m_clock.advanceMs(999);
    QCOMPARE(shown.size(), 30); // the window's timer every 33 ms of fake time
    QCOMPARE(controller()->snapshot().steps(), 99);
    QCOMPARE(shown.back(), 99); // the curves show what was taken
    for (int i = 1; i < shown.size(); ++i)
        QVERIFY2(shown[i] > shown[i - 1], qPrintable(QString::number(i))); // every update brought new steps
    QVERIFY(controller()->running());
    controller()->pause(); // what the worker had not yet published is taken: its 100 steps
    QCOMPARE(controller()->snapshot().steps(), 100);
    QVERIFY(!controller()->running());
}

// From 300 steps a second down to 10: the next steps come at 10 a second at once. At 300 a second a step is due every
// 3333 µs: by 200 ms the steps at 0 ... 199.98 ms, 61 of them. The 62nd, already due at 203.3 ms, runs; from then on
// one every 100 ms (303.3 ... 1103.3 ms): 10 steps in the next second, 71 in all, where the old pace would have made
// 300 more.
void TestTrainingWindow::aNewPaceCountsAtOnce()
{
    training()->show();
    QVERIFY(QTest::qWaitForWindowExposed(training()));
    controller()->setStepsPerSecond(300);
    controller()->start();
    m_clock.advanceMs(200);
    auto *pace = training()->findChild<QComboBox *>("train-pace");
    pace->setCurrentIndex(0); // 10 steps/s: the count below says the controller took it
    m_clock.advanceMs(1000);
    controller()->pause();
    QCOMPARE(controller()->snapshot().steps(), 71);
}

void TestTrainingWindow::pauseStepAndResetLeaveNoThread()
{
    training()->show();
    QVERIFY(QTest::qWaitForWindowExposed(training()));
    controller()->setStepsPerSecond(100);
    controller()->start();
    m_clock.advanceMs(300); // the steps at 0, 10 ... 300 ms
    gui::pressKey(training(), Qt::Key_Space); // Space pauses
    QVERIFY(!controller()->running());
    const int paused = controller()->snapshot().steps();
    QCOMPARE(paused, 31);
    m_clock.advanceMs(1000);
    QCOMPARE(controller()->snapshot().steps(), paused); // nothing steps behind the pause
    gui::pressKey(training(), Qt::Key_Right); // one step
    QVERIFY(!controller()->running());
    QCOMPARE(controller()->snapshot().steps(), paused + 1);
    // Going on after the pause comes to the same numbers as a run without one.
    controller()->setStepsPerSecond(0);
    controller()->start();
    controller()->waitForIdle();
    QCOMPARE(controller()->snapshot().steps(), 300);
    const attn::TrainingRun *expected = trainingOnce(training()->settings());
    QCOMPARE(controller()->snapshot().history[1].loss, expected->side(1).history.loss);
    gui::pressKey(training(), Qt::Key_R); // reset
    QVERIFY(!controller()->running());
    QCOMPARE(controller()->snapshot().steps(), 0);
    QCOMPARE(training()->trainingPlot()->curve(0, 0)->dataCount(), 0);
    // A reset while running stops the worker too.
    controller()->setStepsPerSecond(30);
    controller()->start();
    QVERIFY(controller()->running());
    controller()->reset();
    QVERIFY(!controller()->running());
}

void TestTrainingWindow::settingsReset()
{
    training()->show();
    QVERIFY(QTest::qWaitForWindowExposed(training()));
    controller()->stepOnce();
    QCOMPARE(controller()->snapshot().steps(), 1);
    auto *optimizer = training()->findChild<QComboBox *>("train-optimizer");
    auto *lr = training()->findChild<QDoubleSpinBox *>("train-lr");
    optimizer->setCurrentIndex(1); // Adam: its usual learning rate, and the runs start again
    QCOMPARE(lr->value(), 0.01);
    QCOMPARE(controller()->settings().optimizer, attn::Optimizer::Adam);
    QCOMPARE(controller()->snapshot().steps(), 0);
    auto *dk = training()->findChild<QSpinBox *>("train-d-k");
    QVERIFY(gui::typeInto(dk, "16"));
    QCOMPARE(controller()->settings().dK, 16);
    QCOMPARE(controller()->snapshot().scale[0], 0.25);
    // Too much work is said, not run.
    auto *steps = training()->findChild<QSpinBox *>("train-steps");
    QVERIFY(gui::typeInto(dk, "4096"));
    QVERIFY(gui::typeInto(steps, "100000"));
    QVERIFY(training()->summaryText().startsWith("Not run: 100000 steps at d_k = 4096"));
    // ... and nothing runs that the controls do not show.
    QVERIFY(!training()->findChild<QPushButton *>("train-start")->isEnabled());
    gui::pressKey(training(), Qt::Key_Space);
    QVERIFY(!controller()->running());
    QVERIFY(gui::typeInto(steps, "50"));
    QVERIFY(training()->findChild<QPushButton *>("train-start")->isEnabled());
    QCOMPARE(controller()->settings().steps, 50);
    QCOMPARE(controller()->settings().dK, 4096);
}

// --train --scale F opens the window on that factor: the blue run's choice says so, and runs it.
void TestTrainingWindow::aCommandLineFactorIsShown()
{
    attn::TrainSettings s;
    s.scaling = attn::Scaling::Custom;
    s.customScale = 0.3;
    training()->setSettings(s);
    auto *scaling = training()->findChild<QComboBox *>("train-scaling");
    QCOMPARE(scaling->currentText(), QString("× 0.3 (the command line's)"));
    QCOMPARE(controller()->snapshot().scale[0], 0.3);
    QCOMPARE(training()->settings().customScale, 0.3);
    scaling->setCurrentIndex(0);
    QCOMPARE(controller()->snapshot().scale[0], 1 / 16.0);
}

void TestTrainingWindow::hidingPauses()
{
    training()->show();
    QVERIFY(QTest::qWaitForWindowExposed(training()));
    controller()->setStepsPerSecond(30);
    controller()->start();
    QVERIFY(controller()->running());
    training()->hide();
    QVERIFY(!controller()->running());
}

void TestTrainingWindow::exportsPictureAndNumbers()
{
    training()->show();
    QVERIFY(QTest::qWaitForWindowExposed(training()));
    attn::TrainSettings s = training()->settings();
    s.steps = 40;
    training()->setSettings(s);
    controller()->setStepsPerSecond(0);
    controller()->start();
    controller()->waitForIdle();
    QTemporaryDir dir;
    QString error;
    for (const char *name : { "t.png", "t.pdf", "t.svg", "t.csv", "t.json" }) {
        QVERIFY2(training()->exportTo(dir.filePath(name), &error), qPrintable(error));
        QVERIFY(QFileInfo(dir.filePath(name)).size() > 500);
    }
    QFile json(dir.filePath("t.json"));
    QVERIFY(json.open(QIODevice::ReadOnly));
    const QJsonObject o = QJsonDocument::fromJson(json.readAll()).object();
    QCOMPARE(o["steps"].toArray().size(), 40);
    QVERIFY(!training()->exportTo(dir.filePath("t.bmp"), &error));
    QVERIFY(error.contains(".bmp"));
}

QTEST_MAIN(TestTrainingWindow)
#include "tst_training_window.moc"
