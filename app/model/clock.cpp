// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/clock.h"

#include <QTimer>

#include <algorithm>
#include <thread>

namespace {

class SystemTimer final : public ClockTimer
{
public:
    explicit SystemTimer(QObject *parent)
        : ClockTimer(parent)
    {
        connect(&m_timer, &QTimer::timeout, this, &ClockTimer::timeout);
    }
    void setInterval(int ms) override { m_timer.setInterval(ms); }
    int interval() const override { return m_timer.interval(); }
    void setSingleShot(bool singleShot) override { m_timer.setSingleShot(singleShot); }
    void start() override { m_timer.start(); }
    void stop() override { m_timer.stop(); }
    bool isActive() const override { return m_timer.isActive(); }

private:
    QTimer m_timer;
};

class SystemClock final : public Clock
{
public:
    Duration now() const override { return std::chrono::steady_clock::now() - m_start; }
    void sleepUntil(Duration until, const std::atomic<bool> &stop) override
    {
        // In slices of at most 5 ms, so that a stop is seen soon.
        for (Duration left = until - now(); left > Duration::zero() && !stop.load(); left = until - now())
            std::this_thread::sleep_for(std::min<Duration>(left, std::chrono::milliseconds(5)));
    }
    ClockTimer *createTimer(QObject *parent) override { return new SystemTimer(parent); }

private:
    const std::chrono::steady_clock::time_point m_start = std::chrono::steady_clock::now();
};

} // namespace

Clock &systemClock()
{
    static SystemClock clock;
    return clock;
}
