#include "softmax.h"

#include <cmath>
#include <limits>

namespace attn {

namespace {

// Softmax of one row in place. Returns false when every entry is masked (-inf).
bool softmaxRow(float *x, Eigen::Index n)
{
    Eigen::Map<Eigen::ArrayXf> row(x, n);
    const float m = row.maxCoeff();
    if (m == -std::numeric_limits<float>::infinity()) {
        row.setZero();
        return false;
    }
    row = (row - m).exp(); // masked entries: exp(-inf) = 0
    const float sum = row.sum(); // >= 1: the maximum contributes exp(0)
    row /= sum;
    return true;
}

} // namespace

int softmaxRows(const Eigen::Ref<const MatrixRM> &logits, Eigen::Ref<MatrixRM> weights)
{
    weights = logits;
    int masked = 0;
    for (Eigen::Index i = 0; i < weights.rows(); ++i)
        masked += softmaxRow(weights.row(i).data(), weights.cols()) ? 0 : 1;
    return masked;
}

int softmaxCols(const Eigen::Ref<const MatrixRM> &logits, Eigen::Ref<MatrixRM> weights)
{
    MatrixRM t = logits.transpose();
    const int masked = softmaxRows(t, t);
    weights = t.transpose();
    return masked;
}

} // namespace attn
