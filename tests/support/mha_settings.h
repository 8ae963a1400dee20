// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// nn.MultiheadAttention's settings in one line, for the tests: B, L, d_model, h and the seed (no mask).

#include "multihead.h"

inline attn::MultiheadSettings mhaSettings(int batch, int length, int dModel, int heads, unsigned long long seed = 0)
{
    attn::MultiheadSettings s;
    s.batch = batch;
    s.length = length;
    s.dModel = dModel;
    s.heads = heads;
    s.seed = seed;
    return s;
}
