// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Matrices for notebooks: CSV (one row per line, 9 significant digits, no header) and NumPy .npy
// (format 1.0, '<f4', C order), plus a reader for .npy used by tests.

#include "tensor.h"

#include <istream>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace attn {

// @param[in] m  rows by cols; NaN and infinities are written as nan, inf, -inf (numpy.loadtxt reads them)
void writeCsv(std::ostream &out, const Eigen::Ref<const MatrixRM> &m);

// The whole tensor, shape (batch, rows, cols), float32 little-endian.
void writeNpy(std::ostream &out, const Tensor3 &t);

struct NpyArray
{
    std::vector<std::size_t> shape;
    std::vector<float> data;
};
// Reads what writeNpy writes ('<f4', C order); nothing on anything else, with *error saying why.
std::optional<NpyArray> readNpy(std::istream &in, std::string *error);

} // namespace attn
