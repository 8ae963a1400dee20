// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// How far from 1 a row's (or column's) sum may be before it is said not to sum to 1: in the summaries, the red
// bars of the window and the pictures, and the warnings of loaded weights. float32 softmax rows are within 1e-6 of 1;
// 1e-3 leaves room for weights saved with few digits (a CSV of 4 decimals) and still catches softmax over the wrong
// dimension, whose rows are off by 0.06 and more at the lecture's sizes.

#include <cmath>

namespace attn {

inline constexpr double kSumTolerance = 1e-3;

// Not a number counts as not summing to 1.
inline bool sumsToOne(double sum, double tolerance = kSumTolerance)
{
    return std::fabs(sum - 1.0) <= tolerance;
}

} // namespace attn
