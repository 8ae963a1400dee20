// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The settings of the lecture's code blocks and every number it prints (rounded to 4 decimals there), each with the
// line it comes from. The lecture is 《Self-Attention：QKV 与缩放点积》 (小象实战讲义 · 深度学习基础, section 19 of
// 40), which the program accompanies; its printed lines are quoted below as they stand in it.

#include "params.h"

#include <QString>

#include <cmath>

namespace lecture {

// Block 1: batch 2, seq_len 5, d_model 8, d_k 4, seed 0, projection; softmax(scores / d_k**0.5, dim=-1).
inline attn::Params block1()
{
    attn::Params p;
    p.mode = attn::Mode::Projection;
    p.batch = 2;
    p.queryLength = p.keyLength = 5;
    p.dModel = 8;
    p.dK = p.dV = 4;
    p.seed = 0;
    return p;
}
// "weights[0][0] = [0.0001, 0.0, 0.9977, 0.0002, 0.0019]"
constexpr double block1Weights00[] = { 0.0001, 0.0, 0.9977, 0.0002, 0.0019 };
// "out[0][0] = [-2.2439, -2.8877, -1.4509, -4.722]"
constexpr double block1Out00[] = { -2.2439, -2.8877, -1.4509, -4.722 };
// "weights[0] 各行和 = [1.0, 1.0, 1.0, 1.0, 1.0]"

// Block 2: one query, six keys, d_k 64, seed 0: q = randn(64), K = randn(6, 64).
inline attn::Params block2(bool scaled)
{
    attn::Params p;
    p.mode = attn::Mode::Direct;
    p.queryLength = 1;
    p.keyLength = 6;
    p.keysFollowLength = false;
    p.dK = p.dV = 64;
    p.seed = 0;
    p.scaling = scaled ? attn::Scaling::InvSqrtDk : attn::Scaling::None;
    return p;
}
// "原始分数 = [-11.4345, 2.2093, 0.3528, -14.6962, -4.5081, -6.3864]"
constexpr double block2Scores[] = { -11.4345, 2.2093, 0.3528, -14.6962, -4.5081, -6.3864 };
// "未缩放：最大权重 = 0.8638 熵 = 0.4053"
constexpr double block2UnscaledMax = 0.8638, block2UnscaledEntropy = 0.4053;
// "缩放后：最大权重 = 0.3486 熵 = 1.5694"
constexpr double block2ScaledMax = 0.3486, block2ScaledEntropy = 1.5694;
// "n=6 个键时，最大熵是 ln 6 ≈ 1.7918"
constexpr double ln6 = 1.7918;

// Block 3: Q, K, V = randn(2, 5, 4) each, seed 1; compared with softmax(QKᵀ / 4**0.5)·V.
// "最大绝对差 = 1.2e-07" (round(·, 8) of max |manual − official|), "allclose = True" (atol=1e-6)
constexpr double block3MaxAbsDiff = 1.2e-07;
inline attn::Params block3()
{
    attn::Params p;
    p.mode = attn::Mode::Direct;
    p.batch = 2;
    p.queryLength = p.keyLength = 5;
    p.dK = p.dV = 4;
    p.seed = 1;
    return p;
}

// The exercise: Q = randn(1, 3, 4), K = randn(1, 5, 4), seed 0, unscaled, softmax over dim -2.
inline attn::Params exercise(int dim)
{
    attn::Params p;
    p.mode = attn::Mode::Direct;
    p.queryLength = 3;
    p.keyLength = 5;
    p.keysFollowLength = false;
    p.dK = p.dV = 4;
    p.seed = 0;
    p.scaling = attn::Scaling::None;
    p.softmaxDim = dim;
    return p;
}
// "dim=-2 时第 0 行和 = 0.8702"; "dim=-2 时各列和 = [1.0, 1.0, 1.0, 1.0, 1.0]"
constexpr double exerciseRow0Sum = 0.8702;

// A printed value as the program writes it: four decimals.
inline QString printed(double v)
{
    return QString::number(v, 'f', 4);
}

// True when v prints as `printed` with 4 decimals (Python's round(v, 4)).
inline bool printsAs(double v, double printed)
{
    return std::fabs(v - printed) <= 0.00005 + 1e-12;
}

} // namespace lecture
