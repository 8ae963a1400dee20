// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The Training window's runs (core's TrainingRun, scaled and not) stepped off the GUI thread: start,
// pause, one step, reset, a pace in steps per second. A worker thread runs only while the runs step
// (paused, reset or finished, none is left); it publishes each step's numbers (at most every 16 ms), and a timer on
// the GUI thread takes them 30 times a second into snapshot() and says updated(). The pace and the timer follow the
// clock it is given (model/clock.h), so a test's fake clock gives exact counts.

#include "model/clock.h"
#include "training.h"

#include <QObject>

#include <atomic>
#include <memory>
#include <mutex>
#include <thread>

class TrainingController : public QObject
{
    Q_OBJECT
public:
    static constexpr int kUpdatesPerSecond = 30;
    static constexpr int kUpdateIntervalMs = 1000 / kUpdatesPerSecond; // 33
    static constexpr int kPublishIntervalMs = 16; // the worker publishes at most this often

    TrainingController(int watchedExamples, Clock &clock, QObject *parent = nullptr);
    ~TrainingController() override;

    const attn::TrainSettings &settings() const { return m_settings; }
    // New settings reset the runs (valid settings only: validateTraining).
    void setSettings(const attn::TrainSettings &s);
    // Steps per second while running; 0: as fast as the machine goes.
    void setStepsPerSecond(int n);
    int stepsPerSecond() const { return m_stepsPerSecond.load(); }

    void start(); // from where it stands (after a finished run: from the beginning)
    void pause();
    void stepOnce(); // paused: one step of both runs
    void reset(); // back to step 0, paused
    bool running() const { return m_thread.joinable(); } // a worker is stepping
    bool finished() const { return m_snapshot.steps() >= m_settings.steps; }

    // What the window shows: every step published so far, and the watched rows now.
    const attn::TrainingSnapshot &snapshot() const { return m_snapshot; }
    // The whole run (for its JSON and CSV): stops the worker first if one runs.
    const attn::TrainingRun &run();
    // Waits until the worker has ended and its last steps are in snapshot() (for tests and exports).
    void waitForIdle();

signals:
    void updated(); // snapshot() has new steps
    void stateChanged(); // started, paused, finished or reset

private:
    void launch(int steps); // a worker for at most `steps` steps
    void join(); // stops the worker, if any, and takes what it published
    void publish(const attn::TrainingRun &run, int watched); // worker thread
    void take(); // the published steps into m_snapshot (GUI thread)

    attn::TrainSettings m_settings;
    int m_watched;
    std::unique_ptr<attn::TrainingRun> m_run; // the worker's while one runs
    attn::TrainingSnapshot m_snapshot;
    std::thread m_thread;
    std::atomic<bool> m_stop { false };
    std::atomic<bool> m_done { false }; // the worker has left its loop
    std::atomic<int> m_stepsPerSecond { 100 };
    std::mutex m_mutex; // guards m_published
    attn::TrainingSnapshot m_published; // the worker's steps not yet taken, and the watched rows
    int m_publishedUpTo = 0; // steps published so far (the worker's, while one runs)
    bool m_fresh = false;
    Clock &m_clock;
    ClockTimer *m_timer;
};
