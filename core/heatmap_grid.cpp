#include "heatmap_grid.h"

#include <cmath>
#include <limits>

namespace attn {

namespace {

const Tensor3 &source(const Result &r, Quantity q)
{
    switch (q) {
    case Quantity::Weights: return r.attention.weights;
    case Quantity::Scores: return *r.scores;
    case Quantity::Logits: return r.attention.logits;
    }
    return r.attention.weights;
}

} // namespace

float cellValue(const Result &r, int batch, Quantity q, int i, int j)
{
    if (r.attention.logits(batch, i, j) == -std::numeric_limits<float>::infinity())
        return std::numeric_limits<float>::quiet_NaN();
    return source(r, q)(batch, i, j);
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
    const float ninf = -std::numeric_limits<float>::infinity();
    g.values = MatrixRM::Constant(rows, cols, nan);
    const bool signedQuantity = q != Quantity::Weights;
    const auto values = src.slice(batch);
    const auto logits = r.attention.logits.slice(batch);
    for (int i = 0; i < L; ++i) {
        const float *v = values.row(i).data();
        const float *m = logits.row(i).data();
        float *out = g.values.row(i / g.rowStep).data();
        for (int j = 0; j < S; ++j) {
            if (m[j] == ninf)
                continue;
            float &cell = out[j / g.colStep];
            const float x = v[j];
            if (std::isnan(cell) || (signedQuantity ? std::fabs(x) > std::fabs(cell) : x > cell))
                cell = x;
        }
    }
    return g;
}

} // namespace attn
