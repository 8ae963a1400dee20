// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Time as the program's paced behaviours see it: the training's steps and the curves' refresh, the sweep's steps,
// the undo history's merging of quick changes, the Why-scale window's pause before it sweeps again. They take a Clock
// rather than reading the time themselves, so that a test can give them a fake one and drive it exactly
// (tests/support/fake_clock.h): "after 1 s of fake time at 100 steps a second, 100 steps ran", on any machine, however
// busy. The program uses systemClock().

#include <QObject>

#include <atomic>
#include <chrono>

// A timer made by a clock: its timeout() comes on the thread that made it, as a QTimer's does.
class ClockTimer : public QObject
{
    Q_OBJECT
public:
    using QObject::QObject;
    virtual void setInterval(int ms) = 0;
    virtual int interval() const = 0;
    virtual void setSingleShot(bool singleShot) = 0;
    virtual void start() = 0; // (again) from now: the first timeout after interval()
    virtual void stop() = 0;
    virtual bool isActive() const = 0;

signals:
    void timeout();
};

class Clock
{
public:
    using Duration = std::chrono::nanoseconds; // since the clock's own start
    virtual ~Clock() = default;

    virtual Duration now() const = 0;
    // A worker thread waits here until now() reaches `until`, or until stop is set (seen within a few milliseconds).
    virtual void sleepUntil(Duration until, const std::atomic<bool> &stop) = 0;
    // A timer owned by parent, for the thread parent lives in.
    virtual ClockTimer *createTimer(QObject *parent) = 0;
    // A worker thread that paces itself by sleepUntil: workerStarting() before it starts (on the thread that starts
    // it), workerFinished() as its last act. A fake clock waits for its workers to sleep or finish before it moves on.
    virtual void workerStarting() { }
    virtual void workerFinished() { }
};

// The machine's steady clock and Qt's timers.
Clock &systemClock();
