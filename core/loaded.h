// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Q, K and V from files (NumPy, CSV) in place of random draws: checked against each other and shared,
// unchanged, by every Params that shows them (Params::loaded). Every view and setting that works on Q and K
// (scaling, softmax dimension, masks, comparisons, mistakes) works on them.

#include "array_io.h"
#include "tensor.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace attn {

struct MultiheadResult; // multihead.h

struct LoadedInputs
{
    Tensor3 Q, K, V; // (B, L, d_k), (B, S, d_k), (B, S, d_v)
    bool vGiven = false; // without a V file, V = K (and the explanation says so)
    int heads = 1; // a head axis (B, H, L, d) is shown as B·H elements: element b·H + h is batch b, head h
    std::vector<std::string> tokens; // names for the axes (L = S = their number), else empty
    std::string source; // what was loaded, for messages and titles: "q.npy, k.npy" or "run.npz"
    std::vector<std::string> paths; // the files, absolute: one .npz, or q, k (and v); scenarios refer to them
    std::size_t nonFinite = 0; // NaN and infinite values in Q, K and V
    std::vector<std::string> notes; // what was left out (tokens that do not fit), said with the warnings
    // Not from files: the heads of nn.MultiheadAttention as the window draws them (multiheadParams); paths empty.
    std::shared_ptr<const MultiheadResult> multihead;
};

// One array as Q, K or V: (L, d), (B, L, d) or (B, H, L, d). name ("q") is used in messages.
std::optional<Tensor3> arrayAsInputs(const LoadedArray &a, const std::string &name, int *heads, std::string *error);

// Q, K and optionally V, checked against each other: the same batch (and heads), Q's and K's widths equal, K's
// and V's lengths equal. The error names the arrays and their shapes. tokens label the axes when there are as
// many as queries and keys (self-attention); otherwise they are left out.
std::shared_ptr<const LoadedInputs> makeLoadedInputs(const LoadedArray &q, const LoadedArray &k, const LoadedArray *v,
    const std::string &source, std::string *error, const std::vector<std::string> &tokens = {},
    const std::vector<std::string> &paths = {});

} // namespace attn
