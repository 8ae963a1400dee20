// SPDX-License-Identifier: GPL-3.0-or-later
#include "heads.h"

#include <algorithm>

namespace attn {

HeadsOverview headsOverview(const Result &r, int heads)
{
    const Tensor3 &w = r.attention.weights;
    HeadsOverview o;
    o.heads = heads >= 1 && w.batch % heads == 0 ? heads : 1;
    o.batches = w.batch / o.heads;
    o.meanEntropy.reserve(std::size_t(w.batch));
    for (int e = 0; e < w.batch; ++e)
        o.meanEntropy.push_back(summarize(r, e).meanRowEntropy);
    o.mean = Tensor3(o.batches, w.rows, w.cols);
    o.max = Tensor3(o.batches, w.rows, w.cols);
    const std::size_t n = std::size_t(w.rows) * std::size_t(w.cols);
    for (int b = 0; b < o.batches; ++b) {
        float *mean = o.mean.row(b, 0), *max = o.max.row(b, 0);
        std::fill(mean, mean + n, 0.0f);
        std::fill(max, max + n, 0.0f);
        for (int h = 0; h < o.heads; ++h) {
            const float *x = w.row(b * o.heads + h, 0);
            for (std::size_t k = 0; k < n; ++k) {
                mean[k] += x[k];
                max[k] = h == 0 ? x[k] : std::max(max[k], x[k]);
            }
        }
        for (std::size_t k = 0; k < n; ++k)
            mean[k] /= float(o.heads);
    }
    return o;
}

} // namespace attn
