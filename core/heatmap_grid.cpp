#include "heatmap_grid.h"

#include <cmath>
#include <limits>

namespace attn {

namespace {

const Tensor3 &source(const Result &r, Quantity q)
{
    return q == Quantity::Weights ? r.attention.weights : *r.scores; // logits are made from the scores
}

} // namespace

float cellValue(const Result &r, int batch, Quantity q, int i, int j)
{
    if (isMasked(r.params, i, j))
        return std::numeric_limits<float>::quiet_NaN();
    const float v = source(r, q)(batch, i, j);
    return q == Quantity::Logits ? logitOf(v, r.params) : v;
}

HeatmapGrid heatmapGrid(const Result &r, int batch, Quantity q, int maxRows, int maxCols)
{
    const Tensor3 &src = source(r, q);
    const int L = src.rows, S = src.cols;
    HeatmapGrid g;
    g.rowStep = (L + std::max(1, maxRows) - 1) / std::max(1, maxRows);
    g.colStep = (S + std::max(1, maxCols) - 1) / std::max(1, maxCols);
    const int rows = (L + g.rowStep - 1) / g.rowStep, cols = (S + g.colStep - 1) / g.colStep;
    const float nan = std::numeric_limits<float>::quiet_NaN();
    g.values = MatrixRM::Constant(rows, cols, nan);
    const bool signedQuantity = q != Quantity::Weights;
    const Params &p = r.params;
    // The keys a query may see: [0, visible).
    const auto visibleKeys = [&](int i) {
        switch (p.mask) {
        case MaskKind::None: return S;
        case MaskKind::Causal: return std::min(S, i + 1);
        case MaskKind::Pad: return S - p.padCount;
        }
        return S;
    };
    // Grid rows are independent: share them between the cores. Each cell takes the max (or the
    // value of largest magnitude) of its block, segment by segment; logits are monotonic in the
    // scores, so they are made from the segment's extremes only.
    const float ninf = -std::numeric_limits<float>::infinity();
    const bool logits = q == Quantity::Logits;
#pragma omp parallel for schedule(static) if (std::size_t(L) * S > 65536)
    for (int gy = 0; gy < rows; ++gy) {
        float *out = g.values.row(gy).data();
        std::fill(out, out + cols, ninf); // nothing seen yet
        for (int i = gy * g.rowStep; i < std::min(L, (gy + 1) * g.rowStep); ++i) {
            const float *v = src.row(batch, i);
            const int visible = visibleKeys(i);
            for (int gx = 0; gx < cols; ++gx) {
                const int begin = gx * g.colStep, end = std::min(visible, begin + g.colStep);
                if (begin >= end)
                    break;
                const Eigen::Map<const Eigen::ArrayXf> seg(v + begin, end - begin);
                if (!signedQuantity) {
                    out[gx] = std::max(out[gx], seg.maxCoeff());
                    continue;
                }
                float hi = seg.maxCoeff(), lo = seg.minCoeff();
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
