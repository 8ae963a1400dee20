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
#include "params.h"
#include "tensor.h"

#include <cstdint>
#include <memory>
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
    bool operator==(const MultiheadSettings &o) const
    {
        return batch == o.batch && length == o.length && dModel == o.dModel && heads == o.heads && seed == o.seed
            && mask == o.mask && padKeys == o.padKeys;
    }
    bool operator!=(const MultiheadSettings &o) const { return !(*this == o); }
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

// The draws and the packed projection alone (X, the weights, Q, K, V; no attention, headWeights and the rest
// empty): what the window's heads are made of. Settings must be valid.
MultiheadResult drawMultihead(const MultiheadSettings &s);
// nn.MultiheadAttention's forward pass on r's X and weights (r.settings saying the sizes and the mask): the
// packed projection into Q, K, V, then every head's weights, their average, the concatenation and out. What a
// forward call does, without drawing (computeMultihead = drawMultihead, then attendMultihead).
void multiheadForward(MultiheadResult &r);
// Its two halves: Q, K, V from X and in_proj_weight; the heads, their average, concat and out from Q, K, V.
void projectMultihead(MultiheadResult &r);
void attendMultihead(MultiheadResult &r);
// Each head's mean row entropy (B·h values, in nats) when its logits are Q_h·K_hᵀ / divisor instead of / √d_k: with
// √d_model, the multi-head mistake of scaling by the model's width instead of the head's (flatter weights). r must
// hold Q and K (drawMultihead); √d_k gives r.headMeanEntropy.
std::vector<double> multiheadMeanEntropies(const MultiheadResult &r, double divisor);
// The bytes drawMultihead allocates (with the heads' copies the window makes of Q, K and V).
std::uint64_t multiheadDrawBytes(const MultiheadSettings &s);

// The window's multi-head view: p's inputs replaced by the heads of nn.MultiheadAttention(s.dModel, s.heads) drawn
// as computeMultihead draws them (s.mask is not used: p's own mask applies to every head). The result is Direct
// mode over B·h elements, element b·h + i being batch b, head i, each head's Q, K, V of d_k = d_v = d_model / h
// (Params::loaded, as loaded heads are shown); p's scaling, softmax dim, mask and display are kept. Every one-head
// view then shows one head. s must be valid (multiheadProblem empty) with s.heads >= 2.
Params multiheadParams(const Params &p, const MultiheadSettings &s);
// The multi-head draws that p shows, or null when p shows no multi-head view.
const MultiheadResult *multiheadOf(const Params &p);
// The settings of the heads p shows with p's own d_model, length and seed (what a change of them asks for);
// p must show heads (multiheadOf not null).
MultiheadSettings requestedMultihead(const Params &p);
// p's heads back to one head: projection mode with randn weights (the lecture's), p's B, L, d_model and seed.
Params singleHeadParams(const Params &p);
// The heads' outputs concatenated and projected by W_O: (B, L, d_model) = concat · out_proj_weightᵀ, headOut
// (B·h, L, d_k) being every head's weights · V_h (as Result::attention.out holds them).
Tensor3 multiheadOutput(const MultiheadResult &r, const Tensor3 &headOut);

// The way from X to out, stage by stage with its shape, as the four-steps view writes it above the head it shows:
// X (B, L, d_model) · in_proj_weightᵀ → Q, K, V (B, L, d_model) each → split into h heads (B, h, L, d_k) → one head's
// four steps → concat (B, L, d_model) → · out_proj_weightᵀ (W_O) → out (B, L, d_model).
struct MultiheadStage
{
    std::string name; // "X", "Q, K, V", "heads", "concat", "out"
    std::vector<int> shape;
};
std::vector<MultiheadStage> multiheadStages(const MultiheadSettings &s);

// The multiply-adds of one forward pass: the three projections, the scores, the weighted sums and W_O.
struct MultiheadCost
{
    double projections = 0, scores = 0, weightedSums = 0, outProjection = 0;
    double total() const { return projections + scores + weightedSums + outProjection; }
    // Not multiply-adds, not in the total: the softmax's exponentials, one per weight of every head (B·h·L·L), h
    // times one head's; with the h smaller products, why the same multiply-adds need not take the same time.
    double exponentials = 0;
};
// For h heads of d_model / h over B × L tokens (L keys each); h = 1 is one head of the full d_model.
MultiheadCost multiheadCost(int batch, int length, int dModel, int heads);

} // namespace attn
