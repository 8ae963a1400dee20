// SPDX-License-Identifier: GPL-3.0-or-later
// Time-dependent behaviour on a fake clock (model/clock.h, tests/support/fake_clock.h), counted exactly: the fake
// clock's timers and paced workers themselves, and the training controller's pace and its snapshots 30 times a second.
#include "fake_clock.h"
#include "model/training_controller.h"

#include <QSignalSpy>
#include <QtTest>

#include <thread>

class TestClock : public QObject
{
    Q_OBJECT
private slots:
    void timersFireWhenDue();
    void aWorkerRunsWhenItWakes();
    void systemClockSleepsAndStops();
    void trainingAtItsPace();
    void trainingAsFastAsItGoes();
    void aNewPaceCountsAtOnce();
};

// A repeating timer of 33 ms: at 33, 66 ... 990 ms, 30 timeouts by 999 ms. A single-shot one once; a running timer
// given a new interval starts again from then; a stopped one stays quiet.
void TestClock::timersFireWhenDue()
{
    FakeClock clock;
    QObject owner;
    ClockTimer *repeating = clock.createTimer(&owner);
    repeating->setInterval(33);
    QList<long long> at; // when each timeout came, in ms
    connect(repeating, &ClockTimer::timeout, &owner,
        [&] { at << std::chrono::duration_cast<std::chrono::milliseconds>(clock.now()).count(); });
    ClockTimer *once = clock.createTimer(&owner);
    once->setSingleShot(true);
    once->setInterval(250);
    QSignalSpy onceSpy(once, &ClockTimer::timeout);
    repeating->start();
    once->start();
    clock.advanceMs(999);
    QCOMPARE(at.size(), 30);
    QCOMPARE(at.front(), 33LL);
    QCOMPARE(at.back(), 990LL);
    QCOMPARE(onceSpy.count(), 1);
    QVERIFY(!once->isActive());
    QVERIFY(repeating->isActive());
    repeating->setInterval(100); // from 999 ms: at 1099, 1199 ...
    clock.advanceMs(200);
    QCOMPARE(at.size(), 32);
    QCOMPARE(at.back(), 1199LL);
    repeating->stop();
    clock.advanceMs(1000);
    QCOMPARE(at.size(), 32);
    QCOMPARE(clock.timeouts(), 33);
}

// A worker that sleeps until 10, 20 ... ms and counts its wake-ups: advancing waits for it each time, so after 95 ms it
// has woken exactly 9 times, however slowly it runs.
void TestClock::aWorkerRunsWhenItWakes()
{
    FakeClock clock;
    std::atomic<bool> stop { false };
    std::atomic<int> woke { 0 };
    clock.workerStarting();
    std::thread worker([&] {
        for (int k = 1; !stop.load(); ++k) {
            clock.sleepUntil(std::chrono::milliseconds(10 * k), stop);
            if (stop.load())
                break;
            std::this_thread::sleep_for(std::chrono::milliseconds(k % 3)); // work that takes real time
            ++woke;
        }
        clock.workerFinished();
    });
    clock.advanceMs(95);
    QCOMPARE(woke.load(), 9);
    clock.advanceMs(5);
    QCOMPARE(woke.load(), 10);
    stop.store(true);
    worker.join();
}

// The program's clock: its time goes forward, and a sleep ends when its stop is set.
void TestClock::systemClockSleepsAndStops()
{
    Clock &clock = systemClock();
    const Clock::Duration before = clock.now();
    std::atomic<bool> stop { false };
    clock.sleepUntil(before + std::chrono::milliseconds(2), stop);
    QVERIFY(clock.now() >= before + std::chrono::milliseconds(2));
    stop.store(true);
    clock.sleepUntil(before + std::chrono::hours(1), stop); // returns: the stop is seen
    QObject owner;
    ClockTimer *t = clock.createTimer(&owner);
    t->setInterval(700);
    t->start();
    QVERIFY(t->isActive());
    QCOMPARE(t->interval(), 700);
    t->stop();
    QVERIFY(!t->isActive());
}

namespace {

attn::TrainSettings smallRuns()
{
    attn::TrainSettings s;
    s.dK = 16; // quick steps; the pace is the same at any size
    return s;
}

} // namespace

// At 100 steps a second the first step runs at once and one more every 10 ms: by 999 ms the steps at 0, 10 ... 990
// ms, 100 of them. The worker publishes at most every 16 ms (at 0, 20 ... 980 ms) and the controller takes what was
// published every 33 ms: 30 updates, the last holding the 99 steps published at 980 ms.
void TestClock::trainingAtItsPace()
{
    FakeClock clock;
    TrainingController controller(4, clock);
    controller.setSettings(smallRuns());
    controller.setStepsPerSecond(100);
    QList<int> steps; // the snapshot's steps at each update
    connect(&controller, &TrainingController::updated, this, [&] { steps << controller.snapshot().steps(); });
    controller.start();
    clock.advanceMs(999);
    QCOMPARE(steps.size(), 30);
    QCOMPARE(steps.front(), 3); // taken at 33 ms: the steps published at 20 ms (those at 0, 10 and 20 ms)
    QCOMPARE(steps.back(), 99);
    QVERIFY(controller.running());
    clock.advanceMs(2004); // the 300th and last step at 2990 ms; the take at 3003 ms finds the worker done
    QVERIFY(!controller.running()); // finished, the worker gone
    QVERIFY(controller.finished());
    QCOMPARE(controller.snapshot().steps(), 300);
    // ... and the same numbers as a run without pauses.
    attn::TrainingRun straight(smallRuns());
    while (!straight.finished())
        straight.step();
    for (int side = 0; side < 2; ++side)
        QCOMPARE(controller.snapshot().history[side].loss, straight.side(side).history.loss);
}

// As fast as it goes (pace 0) the worker never sleeps: the first take, 33 ms on, finds it finished.
void TestClock::trainingAsFastAsItGoes()
{
    FakeClock clock;
    TrainingController controller(4, clock);
    controller.setSettings(smallRuns());
    controller.setStepsPerSecond(0);
    QSignalSpy updated(&controller, &TrainingController::updated);
    controller.start();
    clock.advanceMs(TrainingController::kUpdateIntervalMs - 1);
    QVERIFY(controller.running()); // (no take yet)
    clock.advanceMs(1);
    QVERIFY(!controller.running());
    QCOMPARE(controller.snapshot().steps(), 300);
    QCOMPARE(updated.count(), 1);
}

// 300 steps a second for 200 ms (a step every 3333 µs: 61 steps), then 10 a second: the step already due at 203.3 ms
// runs, then one every 100 ms: 10 in the next second, 71 in all.
void TestClock::aNewPaceCountsAtOnce()
{
    FakeClock clock;
    TrainingController controller(4, clock);
    controller.setSettings(smallRuns());
    controller.setStepsPerSecond(300);
    controller.start();
    clock.advanceMs(200);
    controller.setStepsPerSecond(10);
    clock.advanceMs(1000);
    controller.pause();
    QCOMPARE(controller.snapshot().steps(), 71);
    QVERIFY(!controller.running());
    clock.advanceMs(1000); // paused: nothing steps
    QCOMPARE(controller.snapshot().steps(), 71);
}

QTEST_GUILESS_MAIN(TestClock)
#include "tst_clock.moc"
