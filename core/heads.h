// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Heads side by side. Loaded (B, H, L, d) data are B·H elements, element b·H + h being batch b, head h; drawn data
// have one head per batch element. For the heads grid: each element's mean row entropy (written under its map)
// and, per batch element, the heads' weights averaged (what nn.MultiheadAttention returns with
// average_attn_weights=True) and their largest weight.

#include "attention.h"

#include <vector>

namespace attn {

struct HeadsOverview
{
    int batches = 0; // B
    int heads = 1; // H
    std::vector<double> meanEntropy; // per element (B·H): the mean entropy of its rows that see something, nats
    Tensor3 mean; // (B, L, S): the weights averaged over the heads
    Tensor3 max; // (B, L, S): the largest weight over the heads
};

// r's elements grouped into heads (heads must divide the batch; 1 otherwise).
HeadsOverview headsOverview(const Result &r, int heads);

} // namespace attn
