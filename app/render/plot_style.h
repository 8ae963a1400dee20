// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The colours the window and the pictures draw alike: the "why scale" sweep's and the training figure's two runs, the
// grey of a reference line, the bars beside a heatmap (row sums, column sums, entropy, gradient; red where a sum is
// not 1) and their dashed yardsticks; and the curves' values as QCustomPlot takes them.

#include <QColor>
#include <QVector>

#include <vector>

namespace plot_style {

// Okabe-Ito blue (scaled) and vermilion (not scaled): told apart in every common colour blindness,
// and in grey print by their lightness.
inline const QColor kSide[2] = { QColor(0, 114, 178), QColor(213, 94, 0) };
inline const QColor kReference(110, 110, 110);

inline const QColor kRowSumBar(70, 110, 170);
inline const QColor kColSumBar(100, 80, 160);
inline const QColor kSumNotOne(215, 60, 40); // a row or column that does not sum to 1
inline const QColor kEntropyBar(40, 120, 85); // dark enough for white numbers (5:1)
inline const QColor kGradientBar(200, 110, 30); // the softmax Jacobian's norm
inline const QColor kMostEntropy(200, 60, 40); // the dashed most a row's entropy can be
inline const QColor kTarget(40, 40, 40); // the dashed 1 of the sums, the uniform row's gradient

inline QVector<double> toVector(const std::vector<double> &v)
{
    return { v.begin(), v.end() };
}

} // namespace plot_style
