// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Multi-head self-attention as torch.nn.MultiheadAttention(d_model, h, bias=False, batch_first=True) computes it
// (PyTorch 1.13's F.multi_head_attention_forward, need_weights=True, the module in its default training mode with
// dropout 0): one packed projection X·in_proj_weightᵀ split into Q, K, V (B, L, d_model), each cut into h heads of
// d_k = d_model / h, every head's weights softmax(Q_h / √d_k · K_hᵀ + mask), their outputs concatenated (B, L,
// d_model) and projected by out_proj_weight. The weights are drawn as the script
//     torch.manual_seed(seed); mha = nn.MultiheadAttention(d_model, h, bias=False, batch_first=True)
//     X = torch.randn(B, L, d_model)
// draws them: the constructor's nn.Linear draws out_proj_weight first (kaiming_uniform_, a = √5), then
// _reset_parameters draws in_proj_weight (xavier_uniform_), then X: bit for bit.
#include "tensor.h"

#include <string>
#include <vector>

namespace attn {

// Which mask goes to the module: none; attn_mask = the causal pattern (True above the diagonal: ignored); or
// key_padding_mask with the last padKeys keys of every batch element True (ignored).
enum class MultiheadMask { None, Causal, KeyPadding };

struct MultiheadSettings
{
    int batch = 1;
    int length = 5;
    int dModel = 8;
    int heads = 2;
    unsigned long long seed = 0;
    MultiheadMask mask = MultiheadMask::None;
    int padKeys = 0; // KeyPadding: how many of the last keys are padding (fewer than length)
};

// "" when PyTorch takes these settings, else why not (for "--heads: ...").
std::string multiheadProblem(const MultiheadSettings &s);

struct MultiheadResult
{
    MultiheadSettings settings;
    int headDim = 0; // d_k = d_v = d_model / h
    Tensor3 X; // (B, L, d_model)
    Tensor3 inProjWeight; // (1, 3·d_model, d_model): rows 0..d_model-1 make Q, then K, then V (PyTorch's layout)
    Tensor3 outProjWeight; // (1, d_model, d_model)
    Tensor3 Q, K, V; // (B, L, d_model) before the split into heads
    Tensor3 headWeights; // (B·h, L, L): batch element b, head i at b·h + i (PyTorch's (B, h, L, S) in C order)
    Tensor3 averageWeights; // (B, L, L): the heads' weights summed and divided by h (average_attn_weights=True)
    Tensor3 concat; // (B, L, d_model): head i's output in columns i·d_k ... (i+1)·d_k - 1
    Tensor3 out; // (B, L, d_model): concat · out_proj_weightᵀ
    std::vector<double> headMeanEntropy; // B·h: each head's mean row entropy in nats
};

// Draws the module's weights and X and runs it. Settings must be valid (multiheadProblem empty).
MultiheadResult computeMultihead(const MultiheadSettings &s);

// The multiply-adds of one forward pass: the three projections, the scores, the weighted sums and W_O.
struct MultiheadCost
{
    double projections = 0, scores = 0, weightedSums = 0, outProjection = 0;
    double total() const { return projections + scores + weightedSums + outProjection; }
};
// For h heads of d_model / h over B × L tokens (L keys each); h = 1 is one head of the full d_model.
MultiheadCost multiheadCost(int batch, int length, int dModel, int heads);

} // namespace attn
