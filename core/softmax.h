// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The softmax kernel the pipeline runs: a numerically stable softmax over each row of a logits matrix
// that, in the same pass over the row (while it is in the cache), gives the row's sum, entropy in nats,
// largest weight and its column, and adds the row to the column sums and column entropies.
// Rows are shared between the cores (OpenMP). Softmax over columns is this kernel on the transpose.
// Masked entries are -inf. A row whose entries are all masked gets weights of 0, where PyTorch would
// give NaN, and is listed in maskedRows so the caller can report it.
// Each row is four vectorised passes in the cache: its largest and smallest logit; exp (as PyTorch's, torchExp,
// or its shorter form torchExpNormalRange, the same bits, when the row spans no more than 87) and its sum; the
// weights with their sums, entropy terms and column sums; the Jacobian's norm in double (16 partial sums). Sums are
// float within chunks of 256 elements and double across them. Blocks of rows go to whichever thread is free; the column
// sums are kept per block and added in block order, so the results do not depend on which thread took which rows. The
// last bits of the results depend on where the weights lie modulo 64 bytes: the compiler's vector loops work a row's
// elements before its first aligned vector one at a time. Compare bit for bit at the same placement.

#include "tensor.h"

#include <functional>
#include <vector>

namespace attn {

// Writes rows [first, last) of the logits, (last - first) by n in row-major order, into buffer.
using LogitRows = std::function<void(int first, int last, float *buffer)>;

// @param[in]  logits      rows by n, n >= 1; -inf marks a masked entry, every other entry is finite
// @param[out] weights     rows by n: each row sums to 1, or is all 0 when fully masked
// @param[out] rowSum      rows: the sum of the row's weights (1 within rounding; 0 when fully masked)
// @param[out] rowEntropy  rows: -sum_j w_ij ln w_ij in nats, with 0 ln 0 = 0
// @param[out] rowMax      rows: the row's largest weight (0 when fully masked)
// @param[out] rowArgmax   rows: its column, the first of equal ones (0 when fully masked)
// @param[out] colSum      n: sum_i w_ij
// @param[out] colEntropy  n: -sum_i w_ij ln w_ij
// @param[out] maskedRows  the fully masked rows, ascending
// @param[out] rowJacobian when given, rows: the Frobenius norm of the softmax's Jacobian at the row's
//                         weights (as softmaxJacobianNorm, within rounding; 0 when fully masked)
void softmaxRowsWithStats(const Eigen::Ref<const MatrixRM> &logits, Eigen::Ref<MatrixRM> weights,
    Eigen::Ref<Eigen::VectorXd> rowSum, Eigen::Ref<Eigen::VectorXd> rowEntropy, Eigen::Ref<Eigen::VectorXd> rowMax,
    Eigen::Ref<Eigen::VectorXi> rowArgmax, Eigen::Ref<Eigen::VectorXd> colSum, Eigen::Ref<Eigen::VectorXd> colEntropy,
    std::vector<int> &maskedRows, double *rowJacobian = nullptr);

// As above, with the logits made by makeLogits a block of rows at a time into a buffer of the thread's
// instead of read from a matrix, so they are never written to memory (rows = weights.rows(),
// n = weights.cols()). makeLogits is called from several threads at once, on disjoint rows.
void softmaxRowsWithStats(const LogitRows &makeLogits, Eigen::Ref<MatrixRM> weights, Eigen::Ref<Eigen::VectorXd> rowSum,
    Eigen::Ref<Eigen::VectorXd> rowEntropy, Eigen::Ref<Eigen::VectorXd> rowMax, Eigen::Ref<Eigen::VectorXi> rowArgmax,
    Eigen::Ref<Eigen::VectorXd> colSum, Eigen::Ref<Eigen::VectorXd> colEntropy, std::vector<int> &maskedRows,
    double *rowJacobian = nullptr);

// The Frobenius norm of the softmax's Jacobian J = diag(p) - p·pᵀ at the distribution p (n values,
// stride apart): sqrt(sum_i p_i²(1 - p_i)² + sum_{i != j} p_i² p_j²), in double without the
// cancellation of the expanded form (so a nearly one-hot row gives its small norm, not rounding noise).
// sqrt(n - 1) / n for a uniform p, 0 for a one-hot p (no gradient flows back through the softmax), and
// at most 1/2 (two weights of 1/2).
double softmaxJacobianNorm(const float *p, int n, int stride = 1);
// Its value at the uniform distribution over n values: sqrt(n - 1) / n (0 for n <= 1).
double uniformJacobianNorm(int n);

} // namespace attn
