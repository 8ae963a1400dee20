// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What a heatmap draws: one batch element's weights, raw scores or scaled logits as a grid with
// NaN for masked cells, reduced to at most maxRows by maxCols cells so that drawing costs what the
// screen has pixels for, not L·S. A reduced cell holds the max of its block (for signed quantities
// the value of largest magnitude), so a single sharp weight stays visible.

#include "attention.h"

#include <algorithm>

namespace attn {

enum class Quantity { Weights, Scores, Logits };

struct HeatmapGrid
{
    MatrixRM values; // rows by cols; NaN where every covered cell is masked
    int rowStep = 1; // queries per grid row
    int colStep = 1; // keys per grid column
    int rowBegin = 0; // the first query and key covered (a zoomed-in region)
    int colBegin = 0;
    bool aggregated() const { return rowStep > 1 || colStep > 1; }
};

// How many of n rows (or columns) one grid row (column) covers when there may be at most maxCells of them.
inline int gridStep(int n, int maxCells)
{
    return (n + std::max(1, maxCells) - 1) / std::max(1, maxCells);
}

// @param[in] r       a computed result; batch = the batch element
// @param[in] maxRows at most this many grid rows (>= 1); likewise maxCols
HeatmapGrid heatmapGrid(const Result &r, int batch, Quantity q, int maxRows, int maxCols);

// The same for the queries [rowBegin, rowEnd) and keys [colBegin, colEnd) only (zoomed in).
HeatmapGrid heatmapGrid(const Result &r, int batch, Quantity q, int maxRows, int maxCols, int rowBegin, int rowEnd,
    int colBegin, int colEnd);

// A plain rows x cols matrix (weights loaded from a file, row-major) reduced the same way: each grid cell is the
// largest finite value of its block, NaN where the block has none (NaN or infinite values only).
HeatmapGrid matrixGrid(const float *values, int rows, int cols, int maxRows, int maxCols);

// The value of one cell (query i, key j) for q, NaN when masked.
float cellValue(const Result &r, int batch, Quantity q, int i, int j);

} // namespace attn
