// SPDX-License-Identifier: GPL-3.0-or-later
#include "heatmap_grid.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

namespace attn {

namespace {

const Tensor3 &source(const Result &r, Quantity q)
{
    return q == Quantity::Weights ? r.attention.weights : *r.scores; // logits are made from the scores
}

} // namespace

float cellValue(const Result &r, int batch, Quantity q, int i, int j)
{
    if (q == Quantity::Weights ? maskedOut(r.params, batch, i, j) : isMasked(r.params, batch, i, j))
        return std::numeric_limits<float>::quiet_NaN();
    const float v = source(r, q)(batch, i, j);
    return q == Quantity::Logits ? logitOf(v, r.params) : v;
}

HeatmapGrid matrixGrid(const float *values, int rows, int cols, int maxRows, int maxCols)
{
    HeatmapGrid g;
    if (rows <= 0 || cols <= 0)
        return g;
    g.rowStep = gridStep(rows, maxRows);
    g.colStep = gridStep(cols, maxCols);
    const int gr = (rows + g.rowStep - 1) / g.rowStep, gc = (cols + g.colStep - 1) / g.colStep;
    const float nan = std::numeric_limits<float>::quiet_NaN();
    g.values = MatrixRM::Constant(gr, gc, nan);
#pragma omp parallel for schedule(dynamic, 8) if (std::size_t(rows) * std::size_t(cols) > 65536)
    for (int gy = 0; gy < gr; ++gy) { // grid rows are independent: shared between the cores
        float *out = g.values.row(gy).data();
        for (int i = gy * g.rowStep; i < std::min(rows, (gy + 1) * g.rowStep); ++i) {
            const float *row = values + std::size_t(i) * std::size_t(cols);
            for (int c = 0; c < gc; ++c) { // each block's largest finite value, -inf when it has none
                const int j0 = c * g.colStep, j1 = std::min(cols, j0 + g.colStep);
                float best = -std::numeric_limits<float>::infinity();
                for (int j = j0; j < j1; ++j) // (branch-free: NaN and ±inf fail the test, so it vectorizes)
                    best = std::max(best, std::fabs(row[j]) <= std::numeric_limits<float>::max() ? row[j] : best);
                if (best > -std::numeric_limits<float>::infinity() && (std::isnan(out[c]) || best > out[c]))
                    out[c] = best;
            }
        }
    }
    return g;
}

HeatmapGrid heatmapGrid(const Result &r, int batch, Quantity q, int maxRows, int maxCols)
{
    return heatmapGrid(r, batch, q, maxRows, maxCols, 0, r.scores->rows, 0, r.scores->cols);
}

HeatmapGrid heatmapGrid(const Result &r, int batch, Quantity q, int maxRows, int maxCols, int rowBegin, int rowEnd,
    int colBegin, int colEnd)
{
    const Tensor3 &src = source(r, q);
    const int fullL = src.rows, fullS = src.cols;
    rowBegin = std::clamp(rowBegin, 0, fullL - 1);
    rowEnd = std::clamp(rowEnd, rowBegin + 1, fullL);
    colBegin = std::clamp(colBegin, 0, fullS - 1);
    colEnd = std::clamp(colEnd, colBegin + 1, fullS);
    const int L = rowEnd - rowBegin, S = colEnd - colBegin; // the region's size
    HeatmapGrid g;
    g.rowBegin = rowBegin;
    g.colBegin = colBegin;
    g.rowStep = gridStep(L, maxRows);
    g.colStep = gridStep(S, maxCols);
    const int rows = (L + g.rowStep - 1) / g.rowStep, cols = (S + g.colStep - 1) / g.colStep;
    const float nan = std::numeric_limits<float>::quiet_NaN();
    g.values = MatrixRM::Constant(rows, cols, nan);
    const bool signedQuantity = q != Quantity::Weights;
    const Params &p = r.params;
    // The keys a query may see, counted from colBegin: [0, visible).
    const auto visibleKeys = [&](int i) {
        int end = fullS;
        if (p.mask == MaskKind::Causal)
            end = std::min(fullS, i + 1);
        else if (p.mask == MaskKind::Pad)
            end = fullS - p.padOf(batch);
        return std::clamp(end, colBegin, colEnd) - colBegin;
    };
    // A custom mask, or -1e9 making a fully masked distribution uniform: not a prefix of each row; cell by cell.
    if (p.mask == MaskKind::Custom || (p.mask != MaskKind::None && p.maskFill == MaskFill::MinusBillion)) {
        for (int gy = 0; gy < rows; ++gy)
            for (int gx = 0; gx < cols; ++gx) {
                float best = nan;
                for (int i = rowBegin + gy * g.rowStep; i < std::min(rowEnd, rowBegin + (gy + 1) * g.rowStep); ++i)
                    for (int j = colBegin + gx * g.colStep; j < std::min(colEnd, colBegin + (gx + 1) * g.colStep);
                         ++j) {
                        const float v = cellValue(r, batch, q, i, j);
                        if (std::isnan(v))
                            continue;
                        if (std::isnan(best) || (signedQuantity ? std::fabs(v) > std::fabs(best) : v > best))
                            best = v;
                    }
                g.values(gy, gx) = best;
            }
        return g;
    }
    // Grid rows are independent: share them between the cores. Each cell takes the max (or the
    // value of largest magnitude) of its block, segment by segment; logits are monotonic in the
    // scores, so they are made from the segment's extremes only.
    const float ninf = -std::numeric_limits<float>::infinity();
    const bool logits = q == Quantity::Logits;
#pragma omp parallel for schedule(dynamic, 8) if (std::size_t(L) * S > 65536)
    // (L and S are the region's)
    for (int gy = 0; gy < rows; ++gy) {
        float *out = g.values.row(gy).data();
        std::fill(out, out + cols, ninf); // nothing seen yet
        const int first = rowBegin + gy * g.rowStep, last = std::min(rowEnd, rowBegin + (gy + 1) * g.rowStep);
        if (!signedQuantity) {
            // Weights: the block's rows key by key into one row of maxima (vectorised), then that row cell by cell.
            std::vector<float> most(g.colStep == 1 ? 0 : std::size_t(S), ninf);
            float *m = g.colStep == 1 ? out : most.data();
            int seen = 0;
            for (int i = first; i < last; ++i) {
                const float *v = src.row(batch, i) + colBegin;
                const int n = visibleKeys(i);
                seen = std::max(seen, n);
#pragma omp simd
                for (int j = 0; j < n; ++j)
                    m[j] = std::max(m[j], v[j]);
            }
            if (g.colStep > 1)
                for (int gx = 0; gx * g.colStep < seen; ++gx) {
                    const int begin = gx * g.colStep, end = std::min(seen, begin + g.colStep);
                    float hi = m[begin];
                    for (int j = begin + 1; j < end; ++j)
                        hi = std::max(hi, m[j]);
                    out[gx] = hi;
                }
        }
        for (int i = first; i < last && signedQuantity; ++i) {
            const float *v = src.row(batch, i) + colBegin;
            const int visible = visibleKeys(i);
            for (int gx = 0; gx < cols; ++gx) {
                const int begin = gx * g.colStep, end = std::min(visible, begin + g.colStep);
                if (begin >= end)
                    break;
                float hi = v[begin], lo = v[begin];
                for (int j = begin + 1; j < end; ++j) {
                    hi = std::max(hi, v[j]);
                    lo = std::min(lo, v[j]);
                }
                if (logits) {
                    hi = logitOf(hi, p);
                    lo = logitOf(lo, p);
                }
                const float x = std::fabs(hi) >= std::fabs(lo) ? hi : lo;
                if (out[gx] == ninf || std::fabs(x) > std::fabs(out[gx]))
                    out[gx] = x;
            }
        }
        for (int gx = 0; gx < cols; ++gx)
            if (out[gx] == ninf)
                out[gx] = nan; // every covered cell is masked
    }
    return g;
}

} // namespace attn
