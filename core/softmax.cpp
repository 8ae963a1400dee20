// SPDX-License-Identifier: GPL-3.0-or-later
#include "softmax.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <limits>
#include <memory>

#include "torch_exp.h"

namespace attn {

namespace {

// Adds each p_j's terms of the norm (p_j²(1 - p_j)², p_j², p_j⁴) over [first, last) to 16 partial sums of each (two
// or four vector registers of doubles; the additions of one element do not wait for the previous element's).
constexpr int kLanes = 16;
void addJacobianTerms(const float *p, int first, int last, double *d, double *o, double *f)
{
    int j = first;
    for (; j + kLanes <= last; j += kLanes)
        for (int k = 0; k < kLanes; ++k) {
            const double pj = p[j + k], sq = pj * pj;
            d[k] += sq * (1.0 - pj) * (1.0 - pj);
            o[k] += sq;
            f[k] += sq * sq;
        }
    for (int k = 0; j < last; ++j, ++k) {
        const double pj = p[j], sq = pj * pj;
        d[k] += sq * (1.0 - pj) * (1.0 - pj);
        o[k] += sq;
        f[k] += sq * sq;
    }
}

// softmaxJacobianNorm with the largest weight's index known, in one pass: with t that index,
// ||J||² = sum_j p_j²(1 - p_j)² + p_t²·o + (o + p_t²)·o - sum_{j != t} p_j⁴, where o = sum_{j != t} p_j².
// Leaving t out of o and of the fourth powers keeps a nearly one-hot row's small norm exact: no term
// is a difference of numbers near 1. (In double: norms go down to 1e-30, whose p_j⁴ float cannot hold.)
// Any index of the largest weight gives the same value.
double jacobianNormAt(const float *p, int n, int top)
{
    // the elements before and after top, so that no element is compared with top's index
    double d[kLanes] = {}, o[kLanes] = {}, f[kLanes] = {};
    addJacobianTerms(p, 0, top, d, o, f);
    addJacobianTerms(p, top + 1, n, d, o, f);
    const double pt = p[top], pt2 = pt * pt;
    double diag = pt2 * (1.0 - pt) * (1.0 - pt), others = 0.0, fourth = 0.0;
    for (int k = 0; k < kLanes; ++k) {
        diag += d[k];
        others += o[k];
        fourth += f[k];
    }
    return std::sqrt(std::max(0.0, diag + pt2 * others + (others + pt2) * others - fourth));
}

// A row's sums are taken in float over chunks of this many elements (each of 8 or 16 vector lanes adding 32 or 16 of
// them, then the lanes together), the chunks' sums in double: within a few float ulps of the exact sum at any row
// length (a whole row's float sum drifts by more than 1e-6 over thousands of weights), at the speed of float.
constexpr int kChunk = 256;

// A row's largest and smallest logit, and whether it holds a NaN, in one vectorised pass. (clang starts OpenMP's
// max reduction at -FLT_MAX, not -inf, so a fully masked row comes out at -FLT_MAX: that value is looked at again.)
struct RowRange
{
    float max, min;
    bool nan;
};

RowRange rangeOf(const float *x, int n)
{
    float hi = -std::numeric_limits<float>::infinity(), lo = std::numeric_limits<float>::infinity();
    int nan = 0;
#pragma omp simd reduction(max : hi) reduction(min : lo) reduction(| : nan)
    for (int j = 0; j < n; ++j) {
        const float v = x[j];
        hi = std::max(hi, v);
        lo = std::min(lo, v);
        nan |= int(v != v);
    }
    if (hi == std::numeric_limits<float>::lowest())
        hi = Eigen::Map<const Eigen::ArrayXf>(x, n).maxCoeff();
    return { hi, lo, nan != 0 };
}

// exp(x_j - m) for a row, vectorised (torchExp has no branch), and their sum. fast: every x_j - m is within
// [kFastExpLow, 0], where torchExpNormalRange gives torchExp's bits with less work.
template <bool fast> double expRow(const float *x, float m, float *e, int n)
{
    double z = 0.0;
    for (int c = 0; c < n; c += kChunk) {
        const int end = std::min(n, c + kChunk);
        float part = 0.0f;
#pragma omp simd reduction(+ : part)
        for (int j = c; j < end; ++j) {
            const float v = fast ? torchExpNormalRange(x[j] - m) : torchExp(x[j] - m);
            e[j] = v;
            part += v;
        }
        z += part;
    }
    return z;
}

// One pass over a row of exponentials e (in place, into weights), with lnZ = ln z and inv = 1 / z:
// w_j = e_j · inv; the row's sum Σw and Σ w (x - m) (its entropy is ln Z · Σw - Σ w (x - m), so that its large
// part, ln Z, is not a float sum of n small terms: a near-uniform row's entropy stays within an ulp or two of
// ln n, whatever the vector width), the column sums and entropies (per thread, in float), the largest weight and
// the first column holding it. (0 ln 0 = 0 for masked or underflowed weights.)
struct RowStats
{
    double sum = 0.0, wx = 0.0;
    float best = 0.0f;
    int first = 0;
};

// fresh: the block's first row, which writes the column sums instead of adding to them (no pass to clear them).
template <bool fresh>
RowStats normalizeRow(const float *x, float m, float *w, int n, float lnZ, float inv, float *cs, float *ce)
{
    RowStats r;
    // The largest e is exp(0) = 1 (the maximum's own), so the largest weight is 1 · inv = inv.
    const float best = inv;
    int first = n;
    for (int c = 0; c < n; c += kChunk) {
        const int end = std::min(n, c + kChunk);
        float sum = 0.0f, wx = 0.0f;
#pragma omp simd reduction(+ : sum, wx) reduction(min : first)
        for (int j = c; j < end; ++j) {
            const float wj = w[j] * inv; // a multiply, not a division, per element (within 1 ulp of PyTorch's)
            w[j] = wj;
            // (both products made for every element, the zeros chosen after: a product made only under a
            // condition keeps the loop from vectorising on AVX2)
            const bool positive = wj > 0.0f;
            const float dx = wj * (x[j] - m), dt = dx - wj * lnZ;
            const float d = positive ? dx : 0.0f;
            const float t = positive ? dt : 0.0f;
            sum += wj;
            wx += d;
            cs[j] = fresh ? wj : cs[j] + wj;
            ce[j] = fresh ? -t : ce[j] - t;
            first = std::min(first, wj == best ? j : n);
        }
        r.sum += sum;
        r.wx += wx;
    }
    r.first = std::min(first, n - 1);
    r.best = w[r.first];
    return r;
}

// The kernel behind both overloads: logits from x (row i at x + i * xStride) or, when makeLogits is
// given, from it.
void kernel(const float *x, Eigen::Index xStride, const LogitRows *makeLogits, Eigen::Ref<MatrixRM> &weights,
    double *rowSum, double *rowEntropy, double *rowMax, int *rowArgmax, double *colSum, double *colEntropy,
    std::vector<int> &maskedRows, double *rowJacobian)
{
    const int rows = int(weights.rows()), n = int(weights.cols());
    float *w = weights.data();
    const Eigen::Index wStride = weights.outerStride();
    // Rows go in blocks whose logits fit the core's cache (a few hundred kB), handed out one at a time to whichever
    // thread is free (a thread the system has put aside for another program holds up only its own block).
    const int block = std::clamp(131072 / std::max(n, 1), 8, 128);
    const int blocks = (rows + block - 1) / block;
    const float ninf = -std::numeric_limits<float>::infinity();
    // Each block's column sums and entropies in float (a block adds at most 128 values to each), then the blocks'
    // in double in their order: the same bits whichever thread took which block.
    std::unique_ptr<float[]> parts(new float[std::size_t(blocks) * 2 * std::size_t(n)]);
    maskedRows.clear();
    const bool parallel = std::size_t(rows) * n > 32768;
#pragma omp parallel if (parallel)
    {
        std::unique_ptr<float[]> buffer(makeLogits ? new float[std::size_t(block) * n] : nullptr);
        std::vector<int> masked;
#pragma omp for schedule(dynamic, 1)
        for (int k = 0; k < blocks; ++k) {
            const int first = k * block, last = std::min(rows, first + block);
            float *cs = parts.get() + std::size_t(k) * 2 * n, *ce = cs + n;
            bool fresh = true; // no row of the block added to cs and ce yet
            if (makeLogits)
                (*makeLogits)(first, last, buffer.get());
            for (int i = first; i < last; ++i) {
                const float *xr = makeLogits ? buffer.get() + std::size_t(i - first) * n : x + i * xStride;
                float *wr = w + i * wStride;
                // (with a NaN, the maximum as Eigen finds it, and the full exp)
                const RowRange range = rangeOf(xr, n);
                const float m = range.nan ? Eigen::Map<const Eigen::ArrayXf>(xr, n).maxCoeff() : range.max;
                if (m == ninf) {
                    std::fill(wr, wr + n, 0.0f);
                    rowSum[i] = rowEntropy[i] = rowMax[i] = 0.0;
                    rowArgmax[i] = 0;
                    if (rowJacobian)
                        rowJacobian[i] = 0.0;
                    masked.push_back(i);
                    continue;
                }
                // exp as PyTorch's (exact down to its subnormals, 0 for a masked logit)
                const bool fast = !range.nan && std::isfinite(m) && range.min - m >= kFastExpLow;
                const float z = float(fast ? expRow<true>(xr, m, wr, n) : expRow<false>(xr, m, wr, n));
                const float lnZ = std::log(z);
                const RowStats r = fresh ? normalizeRow<true>(xr, m, wr, n, lnZ, 1.0f / z, cs, ce)
                                         : normalizeRow<false>(xr, m, wr, n, lnZ, 1.0f / z, cs, ce);
                fresh = false;
                rowSum[i] = r.sum;
                rowEntropy[i] = std::max(0.0, double(lnZ) * r.sum - r.wx);
                rowMax[i] = r.best;
                rowArgmax[i] = r.first;
                if (rowJacobian)
                    rowJacobian[i] = jacobianNormAt(wr, n, r.first); // the row is still in the cache
            }
            if (fresh) // every row of the block masked
                std::fill(cs, cs + 2 * std::size_t(n), 0.0f);
        }
#pragma omp critical
        maskedRows.insert(maskedRows.end(), masked.begin(), masked.end());
        // The columns shared out, each thread adding its columns' block sums in block order.
#pragma omp for schedule(dynamic, 1)
        for (int c = 0; c < n; c += 512) {
            const int end = std::min(n, c + 512);
            std::fill(colSum + c, colSum + end, 0.0);
            std::fill(colEntropy + c, colEntropy + end, 0.0);
            for (int k = 0; k < blocks; ++k) {
                const float *cs = parts.get() + std::size_t(k) * 2 * n, *ce = cs + n;
#pragma omp simd
                for (int j = c; j < end; ++j) {
                    colSum[j] += double(cs[j]);
                    colEntropy[j] += double(ce[j]);
                }
            }
        }
    }
    std::sort(maskedRows.begin(), maskedRows.end());
}

} // namespace

void softmaxRowsWithStats(const Eigen::Ref<const MatrixRM> &logits, Eigen::Ref<MatrixRM> weights,
    Eigen::Ref<Eigen::VectorXd> rowSum, Eigen::Ref<Eigen::VectorXd> rowEntropy, Eigen::Ref<Eigen::VectorXd> rowMax,
    Eigen::Ref<Eigen::VectorXi> rowArgmax, Eigen::Ref<Eigen::VectorXd> colSum, Eigen::Ref<Eigen::VectorXd> colEntropy,
    std::vector<int> &maskedRows, double *rowJacobian)
{
    assert(logits.rows() == weights.rows() && logits.cols() == weights.cols());
    assert(rowSum.size() == weights.rows() && rowEntropy.size() == weights.rows());
    assert(rowMax.size() == weights.rows() && rowArgmax.size() == weights.rows());
    assert(colSum.size() == weights.cols() && colEntropy.size() == weights.cols());
    kernel(logits.data(), logits.outerStride(), nullptr, weights, rowSum.data(), rowEntropy.data(), rowMax.data(),
        rowArgmax.data(), colSum.data(), colEntropy.data(), maskedRows, rowJacobian);
}

void softmaxRowsWithStats(const LogitRows &makeLogits, Eigen::Ref<MatrixRM> weights, Eigen::Ref<Eigen::VectorXd> rowSum,
    Eigen::Ref<Eigen::VectorXd> rowEntropy, Eigen::Ref<Eigen::VectorXd> rowMax, Eigen::Ref<Eigen::VectorXi> rowArgmax,
    Eigen::Ref<Eigen::VectorXd> colSum, Eigen::Ref<Eigen::VectorXd> colEntropy, std::vector<int> &maskedRows,
    double *rowJacobian)
{
    assert(rowSum.size() == weights.rows() && rowEntropy.size() == weights.rows());
    assert(rowMax.size() == weights.rows() && rowArgmax.size() == weights.rows());
    assert(colSum.size() == weights.cols() && colEntropy.size() == weights.cols());
    kernel(nullptr, 0, &makeLogits, weights, rowSum.data(), rowEntropy.data(), rowMax.data(), rowArgmax.data(),
        colSum.data(), colEntropy.data(), maskedRows, rowJacobian);
}

double uniformJacobianNorm(int n)
{
    return n > 1 ? std::sqrt(double(n - 1)) / double(n) : 0.0;
}

double softmaxJacobianNorm(const float *p, int n, int stride)
{
    if (n <= 0)
        return 0.0;
    const auto at = [p, stride](int j) { return double(p[std::ptrdiff_t(j) * stride]); };
    int top = 0;
    for (int j = 1; j < n; ++j)
        if (at(j) > at(top))
            top = j;
    double others = 0.0; // sum of p_j² over j != top, summed directly
    for (int j = 0; j < n; ++j)
        if (j != top)
            others += at(j) * at(j);
    const double pt = at(top), all = others + pt * pt;
    double squared = pt * pt * others; // the top row's off-diagonal entries: p_top² (sum - p_top²)
    for (int j = 0; j < n; ++j) {
        const double pj = at(j);
        squared += pj * pj * (1.0 - pj) * (1.0 - pj); // diagonal
        if (j != top)
            squared += pj * pj * (all - pj * pj); // off-diagonal entries of row j
    }
    return std::sqrt(std::max(0.0, squared));
}

} // namespace attn
