// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/training_controller.h"

#include <chrono>
#include <optional>
#include <thread>

namespace {

// from's values from index `first` on, appended to `to`.
void append(attn::TrainHistory &to, const attn::TrainHistory &from, int first)
{
    for (auto member : attn::kTrainCurves)
        (to.*member).insert((to.*member).end(), (from.*member).begin() + first, (from.*member).end());
}

} // namespace

TrainingController::TrainingController(int watchedExamples, Clock &clock, QObject *parent)
    : QObject(parent)
    , m_watched(watchedExamples)
    , m_clock(clock)
    , m_timer(clock.createTimer(this))
{
    m_timer->setInterval(kUpdateIntervalMs);
    connect(m_timer, &ClockTimer::timeout, this, [this] {
        take();
        if (m_done.load() && running()) { // the worker has finished its steps
            join();
            emit stateChanged();
        }
    });
    setSettings(m_settings);
}

TrainingController::~TrainingController()
{
    m_stop.store(true);
    if (m_thread.joinable())
        m_thread.join();
}

void TrainingController::setSettings(const attn::TrainSettings &s)
{
    join();
    m_settings = s;
    m_run = std::make_unique<attn::TrainingRun>(s);
    m_snapshot = attn::snapshotOf(*m_run, m_watched);
    {
        const std::lock_guard<std::mutex> lock(m_mutex);
        m_published = m_snapshot;
        m_publishedUpTo = 0;
        m_fresh = false;
    }
    emit updated();
    emit stateChanged();
}

void TrainingController::setStepsPerSecond(int n)
{
    m_stepsPerSecond.store(std::max(0, n));
}

void TrainingController::start()
{
    if (running())
        return;
    if (finished())
        reset();
    launch(m_settings.steps);
}

void TrainingController::pause()
{
    if (!running())
        return;
    join();
    emit stateChanged();
}

void TrainingController::stepOnce()
{
    if (running() || finished())
        return;
    launch(1);
    waitForIdle(); // one step is a few milliseconds at the defaults
}

void TrainingController::reset()
{
    setSettings(m_settings);
}

const attn::TrainingRun &TrainingController::run()
{
    if (running())
        pause();
    return *m_run;
}

void TrainingController::waitForIdle()
{
    if (!running())
        return;
    while (!m_done.load())
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    join();
    emit stateChanged();
}

void TrainingController::publish(const attn::TrainingRun &run, int watched)
{
    attn::MatrixD rows[2] = { run.watchedWeights(0, watched), run.watchedWeights(1, watched) };
    const std::lock_guard<std::mutex> lock(m_mutex);
    for (int side = 0; side < 2; ++side) {
        append(m_published.history[side], run.side(side).history, m_publishedUpTo);
        m_published.watched[side] = std::move(rows[side]);
    }
    m_publishedUpTo = run.stepsDone();
    m_fresh = true;
}

void TrainingController::take()
{
    {
        const std::lock_guard<std::mutex> lock(m_mutex);
        if (!m_fresh)
            return;
        for (int side = 0; side < 2; ++side) {
            append(m_snapshot.history[side], m_published.history[side], 0);
            m_published.history[side] = attn::TrainHistory();
            m_snapshot.watched[side] = m_published.watched[side];
        }
        m_fresh = false;
    }
    emit updated();
}

void TrainingController::join()
{
    if (!m_thread.joinable())
        return;
    m_stop.store(true);
    m_thread.join();
    m_timer->stop();
    take();
}

void TrainingController::launch(int steps)
{
    m_stop.store(false);
    m_done.store(false);
    attn::TrainingRun *run = m_run.get();
    const int watched = m_watched;
    Clock &clock = m_clock;
    clock.workerStarting();
    m_thread = std::thread([this, run, steps, watched, &clock] {
        using namespace std::chrono;
        Clock::Duration due = clock.now(); // when the next step may run
        std::optional<Clock::Duration> lastPublished;
        for (int k = 0; k < steps && !run->finished() && !m_stop.load(); ++k) {
            run->step();
            const Clock::Duration now = clock.now();
            // Published at most every kPublishIntervalMs (the timer takes them 30 times a second), and after the last
            // step.
            const bool last = k + 1 == steps || run->finished();
            if (last || !lastPublished || now - *lastPublished >= milliseconds(kPublishIntervalMs)) {
                lastPublished = now;
                publish(*run, watched);
            }
            const int pace = m_stepsPerSecond.load(); // read every step: a new pace counts at once
            if (pace > 0 && !last) {
                due += microseconds(std::int64_t(1e6 / pace));
                if (due < now - milliseconds(100)) // fallen behind (a busy machine): no burst to catch up
                    due = now;
                clock.sleepUntil(due, m_stop);
            }
        }
        publish(*run, watched); // what a stop left unpublished
        m_done.store(true);
        clock.workerFinished();
    });
    m_timer->start();
    emit stateChanged();
}
