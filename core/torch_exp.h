// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// exp in float32 as PyTorch's CPU kernels compute it (torch.exp, and the exponentials of F.softmax): SLEEF's
// expf_u10, the vectorised exp that ATen's Vectorized<float>::exp() calls on AVX2 and AVX-512 alike, written here
// one value at a time with the same fused multiply-adds, so it gives the same bits on any x86-64 CPU (and any other
// with IEEE fma). Within 1 ulp of the true exp; 0 below −104, +∞ above 100, NaN for NaN.
// It has no branch, so a loop over it vectorises (the softmax kernel's is 8 or 16 values at a time with -march
// of an AVX2 or AVX-512 CPU) and gives the same bits as one value at a time.
// tests/core/tst_torch_exp.cpp checks it bit for bit against torch.exp (tests/reference/make_exp_fixtures.py).

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

namespace attn {

namespace detail {

inline float pow2i(std::int32_t q) // 2^q for q in the normal range, from its bits
{
    const std::uint32_t bits = std::uint32_t(q + 0x7f) << 23;
    float f;
    std::memcpy(&f, &bits, sizeof f);
    return f;
}

// SLEEF's reduction and polynomial for exp(c): q = rint(c / ln 2) and u = exp(c - q ln 2), for |c| small enough
// that c / ln 2 stays within 2^22. rint (to nearest, ties to even) by adding and taking away 1.5·2^23: the same
// bits, and without the call that keeps an AVX2 build's loop from vectorising.
struct Reduced
{
    float u;
    std::int32_t q;
};
inline Reduced expReduced(float c)
{
    constexpr float kInvLn2 = 1.442695040888963407359924681001892137426645954152985934135449406931f;
    constexpr float kLn2Upper = 0.693145751953125f, kLn2Lower = 1.428606765330187045e-06f;
    constexpr float kRound = 12582912.0f;
    const float qf = (c * kInvLn2 + kRound) - kRound;
    float s = std::fma(qf, -kLn2Upper, c);
    s = std::fma(qf, -kLn2Lower, s);
    float u = 0.000198527617612853646278381f;
    u = std::fma(u, s, 0.00139304355252534151077271f);
    u = std::fma(u, s, 0.00833336077630519866943359f);
    u = std::fma(u, s, 0.0416664853692054748535156f);
    u = std::fma(u, s, 0.166666671633720397949219f);
    u = std::fma(u, s, 0.5f);
    return { 1.0f + std::fma(s * s, u, s), std::int32_t(qf) };
}

} // namespace detail

inline float torchExp(float d)
{
    // SLEEF 3's xexpf (sleefsimdsp.c): q = rint(d / ln 2), s = d − q·ln 2 in two parts, a degree-6 polynomial,
    // then d·2^q in two steps (SLEEF's ldexp2kf), so that q down to −150 stays within the range of pow2i.
    // SLEEF's final selections are made on d; the polynomial runs on d clamped to [−104, 100] (and 0 for NaN),
    // so that no value outside int's range reaches the conversion.
    const bool nan = d != d;
    const float c = nan ? 0.0f : std::min(std::max(d, -104.0f), 100.0f);
    const auto [u, q] = detail::expReduced(c);
    const std::int32_t half = q >> 1;
    const float r = u * detail::pow2i(half) * detail::pow2i(q - half);
    // (every comparison made whatever the others give: a comparison only made under a condition keeps the loop
    // from vectorising where a compare may trap, on AVX2)
    const bool low = d < -104.0f, high = 100.0f < d;
    const float big = high ? std::numeric_limits<float>::infinity() : nan ? d : r;
    return low ? 0.0f : big;
}

// torchExp(d) for d in [kFastExpLow, 0] (not NaN), with the same bits: there q = rint(d / ln 2) >= -126, so 2^q is a
// normal float and u · 2^q is the same single rounding of the same product as torchExp's two steps, and no clamp or
// selection applies. The softmax's exponentials (x - max over a row) take this path when the row's smallest
// logit is within 87 of its largest: 8 instructions fewer for each 8 or 16 values.
inline constexpr float kFastExpLow = -87.0f;
inline float torchExpNormalRange(float d)
{
    const auto [u, q] = detail::expReduced(d);
    return u * detail::pow2i(q);
}

} // namespace attn
