// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The lecture's table of common mistakes (常见错误), committed on purpose: each mistake's result next to
// the right version, from the same Q, K and V, as PyTorch computes them when the mistake is made.
//  - no-scale:          softmax(Q·Kᵀ) without 1/sqrt(d_k)
//  - softmax-dim:       softmax over dim -2 (the queries)
//  - mha-mask-in-sdpa:  nn.MultiheadAttention's key_padding_mask (True = ignore this padded key) handed to
//                       F.scaled_dot_product_attention's attn_mask (True = take part) without ~
//  - transpose-0-1:     Q @ K.transpose(0, 1)
//  - transpose-q:       Q.transpose(-2, -1) @ K
// The transposes either raise the error PyTorch's matmul raises for these shapes, or, when the shapes
// happen to fit, give a matrix of the wrong shape and meaning.

#include "attention.h"

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace attn {

enum class Mistake { NoScale, SoftmaxDim, MhaMaskInSdpa, Transpose01, TransposeQ };
inline constexpr Named<Mistake> kMistakeNames[] = { { Mistake::NoScale, "no-scale" },
    { Mistake::SoftmaxDim, "softmax-dim" }, { Mistake::MhaMaskInSdpa, "mha-mask-in-sdpa" },
    { Mistake::Transpose01, "transpose-0-1" }, { Mistake::TransposeQ, "transpose-q" } };

const std::vector<Mistake> &allMistakes(); // in the order above
std::string mistakeName(Mistake m); // "no-scale" | "softmax-dim" | "mha-mask-in-sdpa" | "transpose-0-1" | "transpose-q"
std::optional<Mistake> parseMistake(const std::string &name);

// What torch.matmul(a, b) gives for two 3-D tensors of these shapes: the result's shape, or the error
// PyTorch raises, as it prints it ("RuntimeError: ..."; the batch dimensions are checked first).
struct MatmulOutcome
{
    std::array<int, 3> shape {}; // valid when error is empty
    std::string error;
};
MatmulOutcome matmulOutcome(const std::array<int, 3> &a, const std::array<int, 3> &b);

// One side of a mistake: the line of PyTorch, and what it gave.
struct MistakeSide
{
    std::string expression; // the line, e.g. "weights = F.softmax(Q @ K.transpose(-2, -1) / d_k ** 0.5, dim=-1)"
    std::string operands; // the shapes multiplied, e.g. "Q (1, 5, 4) @ K.transpose(0, 1) (5, 1, 4)"
    std::string rowName, colName; // what the weights' rows and columns are: "query", "key", "Q's feature" ...
    std::string error; // the error raised, or empty
    Tensor3 weights; // (batch, rows, cols); empty when error is set
    Table rowSums, rowEntropy, rowMax, rowJacobian; // batch by rows, as Statistics
    Tensor3 out; // weights·V (batch, rows, d_v) when the weights are (B, L, S); empty otherwise
    std::vector<bool> maskedKeys; // cols: keys no query may look at (the mask mistake's padding)
    std::vector<std::string> warnings;
};

struct MistakeResult
{
    Mistake mistake = Mistake::NoScale;
    Params params; // the settings both sides ran from (the mask mistake adds its padding mask)
    int padCount = 0; // mha-mask-in-sdpa: the last padCount keys are padding (key_padding_mask True)
    Tensor3 V; // (B, S, d_v): the values both sides' outputs mix
    MistakeSide right, wrong;
};

// The padding the mask mistake uses: p's pad:N when it masks keys, else the last 2 of 5 keys (40 %, at least 1).
int mistakePadCount(const Params &p);

// Both sides of mistake m for p's Q, K and V. Shapes the transposes give that would hold more than
// maxElements values are not computed (their error says so).
// @param[in] p  valid parameters (see validate)
MistakeResult commitMistake(const Params &p, Mistake m, std::size_t maxElements = std::size_t(1) << 26);

// The Mistakes window's settings: p with at most kMistakeMaxBatch batch elements, kMistakeMaxLength queries and
// keys and kMistakeMaxDk for d_k and d_v (so every cell can be drawn); *clamped says whether anything changed.
constexpr int kMistakeMaxBatch = 8;
constexpr int kMistakeMaxLength = 32;
constexpr int kMistakeMaxDk = 512;
Params mistakeViewParams(const Params &p, bool *clamped = nullptr);

// What the caption says about batch element b of each side (0 right, 1 wrong): the symptoms in numbers.
struct MistakeSummary
{
    std::array<double, 2> minRowSum {}, maxRowSum {}; // over the rows
    std::array<double, 2> meanRowMax {}; // the largest weight of each row, averaged
    std::array<double, 2> meanJacobian {}; // the softmax's Jacobian norm of each row, averaged (its gradient)
    std::array<double, 2> weightOnPadding {}; // mha-mask-in-sdpa: the weight each row puts on the padding, averaged
    int shownBatch = 0; // b, clamped to the wrong side's batch
    bool wrongComputed = false;
};
MistakeSummary summarizeMistake(const MistakeResult &r, int b);

} // namespace attn
