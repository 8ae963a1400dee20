// SPDX-License-Identifier: GPL-3.0-or-later
#include "sdpa.h"

#include "torch_exp.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>

namespace attn {

namespace {

// F.softmax(x, dim=-1) in float32 as PyTorch's CPU kernel computes it, row by row in place: the exponentials from the
// row's maximum (torchExp, as its vectorised kernel), their sum from the first on, and the multiplication by its
// inverse. A row of −∞ only (a query that sees no key) is NaN.
void softmaxRows(MatrixRM &x, int *nanRows)
{
    const int L = int(x.rows()), S = int(x.cols());
    for (int i = 0; i < L; ++i) {
        float m = -std::numeric_limits<float>::infinity();
        for (int j = 0; j < S; ++j)
            m = std::max(m, x(i, j));
        if (std::isinf(m)) {
            x.row(i).setConstant(std::numeric_limits<float>::quiet_NaN());
            ++*nanRows;
            continue;
        }
        float sum = 0.0f;
        for (int j = 0; j < S; ++j) {
            x(i, j) = torchExp(x(i, j) - m);
            sum += x(i, j);
        }
        const float inv = 1.0f / sum;
        for (int j = 0; j < S; ++j)
            x(i, j) *= inv;
    }
}

// a·b with each dot product summed from the first term on, as PyTorch's bmm does for small products (contraction ×
// rows × columns below 400, aten/src/ATen/native/LinearAlgebra.cpp) and the reference BLAS Debian's PyTorch calls
// for larger ones. The loops run over b's columns innermost, so they vectorise without changing any sum's order.
MatrixRM product(const MatrixRM &a, const MatrixRM &b)
{
    MatrixRM out = MatrixRM::Zero(a.rows(), b.cols());
    const Eigen::Index n = b.cols();
    for (Eigen::Index i = 0; i < a.rows(); ++i) {
        float *row = out.row(i).data();
        for (Eigen::Index j = 0; j < a.cols(); ++j) {
            const float x = a(i, j);
            const float *bj = b.row(j).data();
            for (Eigen::Index c = 0; c < n; ++c)
                row[c] += x * bj[c];
        }
    }
    return out;
}

// q·kᵀ, in the same order.
MatrixRM dots(const MatrixRM &q, const MatrixRM &k)
{
    return product(q, k.transpose());
}

} // namespace

SdpaCheck checkAgainstSdpa(const Result &r)
{
    const Params &p = r.params;
    SdpaCheck c;
    if (p.score == Score::Additive)
        return c;
    c.applies = true;
    c.scale = p.scaleFactor();
    const Inputs &in = *r.inputs;
    const int B = in.Q.batch, L = in.Q.rows, S = in.K.rows, dv = in.V.cols;
    // scaling_factor = sqrt(scale), in float as the kernel's tensors are.
    const float root = float(std::sqrt(c.scale));
    c.officialOut = Tensor3(B, L, dv, 0.0f);
    c.manualOut = Tensor3(B, L, dv, 0.0f);
    double diff = 0.0;
    bool close = true;
    int nanRows = 0; // (the manual line's, not reported: SDPA's are)
    for (int b = 0; b < B; ++b) {
        // The manual line: softmax(Q @ K.transpose(-2, -1) / d_k ** 0.5, dim) @ V with the settings' scaling, dim
        // and mask fill (masked_fill(mask, -inf) or -1e9).
        const float fill = p.maskFill == MaskFill::NegInf ? -std::numeric_limits<float>::infinity() : -1e9f;
        MatrixRM logits = dots(in.Q.slice(b), in.K.slice(b));
        for (int i = 0; i < L; ++i)
            for (int j = 0; j < S; ++j)
                logits(i, j) = isMasked(p, b, i, j) ? fill : logitOf(logits(i, j), p);
        if (p.softmaxDim == -2) {
            MatrixRM t = logits.transpose();
            int emptyColumns = 0;
            softmaxRows(t, &emptyColumns);
            logits = t.transpose();
        } else {
            softmaxRows(logits, &nanRows);
        }
        c.manualOut.slice(b) = product(logits, in.V.slice(b));
        // The official one: q and k each times √scale, then the product, the boolean attn_mask as −∞, the softmax
        // over the keys.
        MatrixRM a = dots(MatrixRM(in.Q.slice(b) * root), MatrixRM(in.K.slice(b) * root));
        for (int i = 0; i < L; ++i)
            for (int j = 0; j < S; ++j)
                if (isMasked(p, b, i, j))
                    a(i, j) = -std::numeric_limits<float>::infinity();
        softmaxRows(a, &c.nanRows);
        c.officialOut.slice(b) = product(a, in.V.slice(b));
        for (int i = 0; i < L; ++i)
            for (int d = 0; d < dv; ++d) {
                const double o = c.officialOut(b, i, d), mine = c.manualOut(b, i, d);
                if (std::isnan(o) || std::isnan(mine))
                    continue;
                const double e = std::fabs(mine - o);
                diff = std::max(diff, e);
                close = close && e <= 1e-6 + 1e-5 * std::fabs(o);
            }
    }
    c.maxAbsDiff = diff;
    c.allclose = close && c.nanRows == 0;
    std::ostringstream call;
    call << "F.scaled_dot_product_attention(Q, K, V";
    if (p.mask == MaskKind::Causal)
        call << ", is_causal=True";
    else if (p.mask != MaskKind::None)
        call << ", attn_mask=m";
    if (p.scaling != Scaling::InvSqrtDk)
        call << ", scale=" << c.scale;
    call << ")";
    c.call = call.str();
    return c;
}

} // namespace attn
