// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The set-up the window's tests share: a main window over its own model, shown and exposed as on a
// desktop (events only land in a shown window), made afresh for each test function.

#include "model/attention_model.h"
#include "widgets/heatmap_panel.h"
#include "widgets/main_window.h"

#include <qcustomplot.h>

#include <QtTest>

#include <memory>

struct ShownWindow
{
    explicit ShownWindow(Clock &clock)
        : model(clock)
    {
    }
    AttentionModel model;
    MainWindow window { &model, false }; // remembers nothing between tests
};

// Null when the window could not be shown: QVERIFY(m_shown = showWindow()). The clock paces what the window does
// in time (a test's FakeClock, tests/support/fake_clock.h, makes it exact).
inline std::unique_ptr<ShownWindow> showWindow(QSize size = QSize(1400, 900), Clock &clock = systemClock())
{
    auto shown = std::make_unique<ShownWindow>(clock);
    shown->window.resize(size);
    shown->window.show();
    if (!QTest::qWaitForWindowExposed(&shown->window))
        return nullptr;
    return shown;
}

// Clicks the main heatmap outside its cells, which gives it the keyboard focus (the demo keys then
// reach the window, as after a click on the heatmap in a lecture).
inline bool clickHeatmap(MainWindow *window)
{
    QCustomPlot *plot = window->heatmap()->plot();
    QTest::mouseClick(plot, Qt::LeftButton, {}, QPoint(2, 2));
    return plot->hasFocus();
}
