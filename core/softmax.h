#pragma once
// Numerically stable softmax over the rows or columns of a logits matrix, and entropy in nats.
// Masked entries are -inf. A row (or column) whose entries are all masked gets weights of 0,
// where PyTorch would give NaN; the caller reports it.

#include "tensor.h"

namespace attn {

// @param[in]  logits  rows by cols; -inf marks a masked entry, every other entry is finite
// @param[out] weights rows by cols; each row sums to 1 (0 for a fully masked row)
// @return number of fully masked rows
int softmaxRows(const Eigen::Ref<const MatrixRM> &logits, Eigen::Ref<MatrixRM> weights);

// As softmaxRows, over each column (softmax dim -2): each column sums to 1.
// @return number of fully masked columns
int softmaxCols(const Eigen::Ref<const MatrixRM> &logits, Eigen::Ref<MatrixRM> weights);

// -sum w ln w in nats, with 0 ln 0 = 0.
// @param[in] w  any 1-d block of non-negative weights
template <typename Derived>
double entropy(const Eigen::DenseBase<Derived> &w)
{
    double h = 0.0;
    for (Eigen::Index i = 0; i < w.size(); ++i) {
        const double v = double(w.derived().coeff(i));
        if (v > 0.0)
            h -= v * std::log(v);
    }
    return h;
}

} // namespace attn
