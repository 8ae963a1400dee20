// SPDX-License-Identifier: GPL-3.0-or-later
#include "softmax.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <limits>

namespace attn {

namespace {

// softmaxJacobianNorm with the largest weight's index known, in one pass: with t that index,
// ||J||² = sum_j p_j²(1 - p_j)² + p_t²·o + (o + p_t²)·o - sum_{j != t} p_j⁴, where o = sum_{j != t} p_j².
// Leaving t out of o and of the fourth powers keeps a nearly one-hot row's small norm exact: no term
// is a difference of numbers near 1.
double jacobianNormAt(const float *p, int n, int top)
{
    double diag = 0.0, others = 0.0, fourth = 0.0;
#pragma omp simd reduction(+ : diag, others, fourth)
    for (int j = 0; j < n; ++j) {
        const double pj = p[j], sq = pj * pj, off = j == top ? 0.0 : sq;
        diag += sq * (1.0 - pj) * (1.0 - pj);
        others += off;
        fourth += off * off;
    }
    const double pt = p[top], pt2 = pt * pt;
    return std::sqrt(std::max(0.0, diag + pt2 * others + (others + pt2) * others - fourth));
}

// The kernel behind both overloads: logits from x (row i at x + i * xStride) or, when makeLogits is
// given, from it. Entropy uses ln w = (x - max) - ln Z, so there is no logarithm per element.
void kernel(const float *x, Eigen::Index xStride, const LogitRows *makeLogits, Eigen::Ref<MatrixRM> &weights,
    double *rowSum, double *rowEntropy, double *rowMax, int *rowArgmax, double *colSum, double *colEntropy,
    std::vector<int> &maskedRows, double *rowJacobian)
{
    const int rows = int(weights.rows()), n = int(weights.cols());
    float *w = weights.data();
    const Eigen::Index wStride = weights.outerStride();
    // Rows go in blocks whose logits fit the core's cache (a few hundred kB).
    const int block = std::clamp(131072 / std::max(n, 1), 8, 128);
    const int blocks = (rows + block - 1) / block;
    const float ninf = -std::numeric_limits<float>::infinity();
    std::fill(colSum, colSum + n, 0.0);
    std::fill(colEntropy, colEntropy + n, 0.0);
    maskedRows.clear();
#pragma omp parallel if (std::size_t(rows) * n > 32768)
    {
        // Column sums in float per thread (a thread adds at most rows / threads values), then in double.
        std::vector<float> sums(n, 0.0f), ents(n, 0.0f);
        float *cs = sums.data(), *ce = ents.data();
        std::vector<float> buffer(makeLogits ? std::size_t(block) * n : 0);
        std::vector<int> masked;
#pragma omp for schedule(static)
        for (int k = 0; k < blocks; ++k) {
            const int first = k * block, last = std::min(rows, first + block);
            if (makeLogits)
                (*makeLogits)(first, last, buffer.data());
            for (int i = first; i < last; ++i) {
                const float *xr = makeLogits ? buffer.data() + std::size_t(i - first) * n : x + i * xStride;
                float *wr = w + i * wStride;
                Eigen::Map<const Eigen::ArrayXf> xi(xr, n);
                Eigen::Map<Eigen::ArrayXf> wi(wr, n);
                const float m = xi.maxCoeff();
                if (m == ninf) {
                    wi.setZero();
                    rowSum[i] = rowEntropy[i] = rowMax[i] = 0.0;
                    rowArgmax[i] = 0;
                    if (rowJacobian)
                        rowJacobian[i] = 0.0;
                    masked.push_back(i);
                    continue;
                }
                wi = (xi - m).exp();
                // Eigen's exp clamps its argument at -88.7 (on some CPUs' code paths): exp(-inf), a masked
                // logit's, would be 2.9e-39, not 0. Below -87 the exact value instead: a subnormal down to
                // -104 (std::exp, rare), 0 below (masked logits without a call).
                for (int j = 0; j < n; ++j) {
                    const float d = xr[j] - m;
                    if (d < -87.0f)
                        wr[j] = d < -104.0f ? 0.0f : std::exp(d);
                }
                const float z = wi.sum();
                const float lnZ = std::log(z);
                // One loop for the rest: normalise, and w ln w with ln w = (x - m) - ln Z where w > 0
                // (0 ln 0 = 0 for masked or underflowed weights). The row's entropy is taken as
                // ln Z · Σw - Σ w (x - m): its large part, ln Z, is then not a float sum of n small terms
                // (a near-uniform row's entropy stays within an ulp or two of ln n, whatever the vector width).
                // (The sums in double: in float they stray by more than 1e-6 over thousands of weights on AVX2.)
                double sum = 0.0, wx = 0.0;
                float best = 0.0f;
                const float inv = 1.0f / z; // a multiply, not a division, per element (within 1 ulp of PyTorch's)
#pragma omp simd reduction(+ : sum, wx) reduction(max : best)
                for (int j = 0; j < n; ++j) {
                    const float wj = wr[j] * inv;
                    wr[j] = wj;
                    const float d = wj > 0.0f ? wj * (xr[j] - m) : 0.0f;
                    const float t = wj > 0.0f ? d - wj * lnZ : 0.0f;
                    sum += wj;
                    wx += d;
                    best = std::max(best, wj);
                    cs[j] += wj;
                    ce[j] -= t;
                }
                int arg = 0;
                while (arg < n - 1 && wr[arg] != best)
                    ++arg;
                rowSum[i] = sum;
                rowEntropy[i] = std::max(0.0, double(lnZ) * sum - wx);
                rowMax[i] = best;
                rowArgmax[i] = arg;
                if (rowJacobian)
                    rowJacobian[i] = jacobianNormAt(wr, n, arg); // the row is still in the cache
            }
        }
#pragma omp critical
        {
            for (int j = 0; j < n; ++j) {
                colSum[j] += sums[j];
                colEntropy[j] += ents[j];
            }
            maskedRows.insert(maskedRows.end(), masked.begin(), masked.end());
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
