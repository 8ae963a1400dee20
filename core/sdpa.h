// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The lecture's block 3: the manual softmax(Q·Kᵀ·scale)·V against F.scaled_dot_product_attention as PyTorch 2's
// math kernel computes it on the CPU in float32 (aten/src/ATen/native/transformers/attention.cpp,
// _scaled_dot_product_attention_math): q and k are each multiplied by √scale before the product, then the softmax
// over the keys (masked positions −∞) and ·V. The same formula; the order of the float32 operations differs, and
// with it the last bits: on the lecture's seed-1 tensors the largest difference is 2⁻²³ = 1.1920929e-07.

#include "attention.h"

#include <string>

namespace attn {

struct SdpaCheck
{
    bool applies = false; // false for additive scores, which SDPA does not compute
    double scale = 0.0; // the scale SDPA is called with (the settings' factor: 1/√d_k by default)
    Tensor3 manualOut; // (B, L, d_v): the lecture's manual line as PyTorch's float32 kernels compute it
    Tensor3 officialOut; // (B, L, d_v)
    // max |manualOut − officialOut| over the rows SDPA gives numbers for (its NaN rows left out): the lecture's
    // 最大绝对差, the same on every machine. The program's own out (r.attention.out, summed in blocks for speed)
    // agrees with manualOut within float32 rounding of the logits. Over the queries (dim −2) the difference is the
    // point: SDPA's softmax is always over the keys, the manual line here follows the settings.
    double maxAbsDiff = 0.0;
    bool allclose = false; // torch.allclose(out, official, rtol=1e-5, atol=1e-6), as the lecture calls it
    int nanRows = 0; // queries that see no key: NaN in PyTorch (out has 0 there), left out of the comparison
    std::string call; // the PyTorch call, e.g. "F.scaled_dot_product_attention(Q, K, V)"
};

// SDPA for r's Q, K, V with r's scale and mask, beside the manual line with the same scale and mask (softmax over the
// keys, as SDPA): each in PyTorch's float32 order, dot products summed from the first term. (The program's own out,
// computed in blocks for speed, agrees with both within float32 rounding: tst_sdpa.)
SdpaCheck checkAgainstSdpa(const Result &r);

} // namespace attn
