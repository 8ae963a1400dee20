#pragma once
// Value types for the pipeline's tensors: a (batch, rows, cols) float tensor in row-major order,
// and per-batch tables of statistics.

#include <Eigen/Core>
#include <cstddef>
#include <vector>

namespace attn {

using MatrixRM = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
// One row per batch element, e.g. row sums are batch by L.
using Table = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using IndexTable = Eigen::Matrix<int, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

struct Tensor3
{
    int batch = 0;
    int rows = 0;
    int cols = 0;
    std::vector<float> data; // batch * rows * cols values, C order

    Tensor3() = default;
    Tensor3(int b, int r, int c, float fill = 0.0f)
        : batch(b), rows(r), cols(c), data(std::size_t(b) * std::size_t(r) * std::size_t(c), fill)
    {}

    bool empty() const { return data.empty(); }
    std::size_t sliceSize() const { return std::size_t(rows) * std::size_t(cols); }
    float operator()(int b, int i, int j) const { return data[b * sliceSize() + std::size_t(i) * cols + j]; }
    float &operator()(int b, int i, int j) { return data[b * sliceSize() + std::size_t(i) * cols + j]; }

    // Batch element b as a rows by cols matrix view.
    Eigen::Map<MatrixRM> slice(int b) { return {data.data() + b * sliceSize(), rows, cols}; }
    Eigen::Map<const MatrixRM> slice(int b) const { return {data.data() + b * sliceSize(), rows, cols}; }
};

} // namespace attn
