// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A clock that stands still until the test moves it (model/clock.h). advance(d) moves the time on event by event:
// to the next moment a timer is due or a paced worker thread wakes, lets every worker that woke run until it sleeps
// again or ends, fires the timers due (on the calling thread, which must be the one the timers live in), and so on
// to now + d. However slow or busy the machine, the same advance gives the same steps, publications and timeouts,
// so a test can assert exact counts.

#include "model/clock.h"

#include <QtGlobal>

#include <algorithm>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <set>
#include <vector>

class FakeClock final : public Clock
{
public:
    Duration now() const override
    {
        const std::lock_guard<std::mutex> lock(m_mutex);
        return m_now;
    }

    void sleepUntil(Duration until, const std::atomic<bool> &stop) override
    {
        std::unique_lock<std::mutex> lock(m_mutex);
        const auto it = m_sleepers.insert(until);
        m_changed.notify_all();
        // (The stop flag is set without a word to this clock: looked at every few real milliseconds.)
        while (m_now < until && !stop.load())
            m_wake.wait_for(lock, std::chrono::milliseconds(2));
        m_sleepers.erase(it);
    }

    ClockTimer *createTimer(QObject *parent) override { return new Timer(this, parent); }

    void workerStarting() override
    {
        const std::lock_guard<std::mutex> lock(m_mutex);
        ++m_workers;
    }
    void workerFinished() override
    {
        const std::lock_guard<std::mutex> lock(m_mutex);
        --m_workers;
        m_changed.notify_all();
    }

    // Moves the time on by d, firing every timer and waking every worker on the way in the order they are due.
    void advance(Duration d)
    {
        const Duration end = now() + d;
        for (;;) {
            settle();
            Duration next = end;
            bool any = false;
            {
                const std::lock_guard<std::mutex> lock(m_mutex);
                for (Duration wake : m_sleepers)
                    if (wake > m_now && wake <= next) {
                        next = wake;
                        any = true;
                        break; // (the set is ordered)
                    }
            }
            for (const Timer *t : m_timers)
                if (t->m_active && t->m_due <= next) {
                    next = t->m_due;
                    any = true;
                }
            if (!any)
                break;
            moveTo(next);
            settle(); // the workers that woke have run
            fireDue();
        }
        moveTo(end);
        settle();
    }
    void advanceMs(std::int64_t ms) { advance(std::chrono::milliseconds(ms)); }

    // Timeouts delivered so far by all of this clock's timers.
    int timeouts() const { return m_timeouts; }

private:
    class Timer final : public ClockTimer
    {
    public:
        Timer(FakeClock *clock, QObject *parent)
            : ClockTimer(parent)
            , m_clock(clock)
        {
            m_clock->m_timers.insert(this);
        }
        ~Timer() override { m_clock->m_timers.erase(this); }
        void setInterval(int ms) override
        {
            m_interval = ms;
            if (m_active) // as a QTimer: a running timer starts again with the new interval
                start();
        }
        int interval() const override { return m_interval; }
        void setSingleShot(bool singleShot) override { m_singleShot = singleShot; }
        void start() override
        {
            m_active = true;
            m_due = m_clock->now() + std::chrono::milliseconds(m_interval);
            m_order = ++m_clock->m_started;
        }
        void stop() override { m_active = false; }
        bool isActive() const override { return m_active; }

        FakeClock *m_clock;
        int m_interval = 0;
        bool m_singleShot = false;
        bool m_active = false;
        Duration m_due {};
        std::uint64_t m_order = 0; // timers due at the same moment fire in the order they were started
    };

    void moveTo(Duration t)
    {
        const std::lock_guard<std::mutex> lock(m_mutex);
        m_now = std::max(m_now, t);
        m_wake.notify_all();
    }

    // Waits until every worker sleeps until later than now, or has ended.
    void settle()
    {
        std::unique_lock<std::mutex> lock(m_mutex);
        const bool settled = m_changed.wait_for(lock, std::chrono::minutes(2), [this] {
            const auto later = std::distance(m_sleepers.upper_bound(m_now), m_sleepers.end());
            return m_workers <= later;
        });
        if (!settled)
            qFatal("FakeClock: a worker neither slept nor ended within 2 minutes");
    }

    void fireDue()
    {
        const Duration t = now();
        std::vector<Timer *> due;
        for (Timer *timer : m_timers)
            if (timer->m_active && timer->m_due <= t)
                due.push_back(timer);
        std::sort(due.begin(), due.end(), [](const Timer *a, const Timer *b) {
            return a->m_due != b->m_due ? a->m_due < b->m_due : a->m_order < b->m_order;
        });
        for (Timer *timer : due) {
            if (!m_timers.count(timer) || !timer->m_active || timer->m_due > t) // stopped or restarted by another's
                continue;
            if (timer->m_singleShot)
                timer->m_active = false;
            else
                timer->m_due += std::chrono::milliseconds(std::max(1, timer->m_interval));
            ++m_timeouts;
            emit timer->timeout();
        }
    }

    mutable std::mutex m_mutex; // guards m_now, m_sleepers and m_workers
    std::condition_variable m_wake; // the time moved
    std::condition_variable m_changed; // a worker went to sleep or ended
    Duration m_now {};
    std::multiset<Duration> m_sleepers; // when each sleeping worker wakes
    int m_workers = 0;
    std::set<Timer *> m_timers; // (the calling thread's only)
    std::uint64_t m_started = 0;
    int m_timeouts = 0;
};
