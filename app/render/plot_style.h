// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What the "why scale" sweep and the training figure draw alike: their two runs' colours and the
// grey of a reference line, and the curves' values as QCustomPlot takes them.

#include <QColor>
#include <QVector>

#include <vector>

namespace plot_style {

// Okabe-Ito blue (scaled) and vermilion (not scaled): told apart in every common colour blindness,
// and in grey print by their lightness.
inline const QColor kSide[2] = { QColor(0, 114, 178), QColor(213, 94, 0) };
inline const QColor kReference(110, 110, 110);

inline QVector<double> toVector(const std::vector<double> &v)
{
    return { v.begin(), v.end() };
}

} // namespace plot_style
