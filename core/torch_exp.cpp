// SPDX-License-Identifier: GPL-3.0-or-later
#include "torch_exp.h"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

namespace attn {

namespace {

float pow2i(int q) // 2^q for q in the normal range, from its bits
{
    const std::uint32_t bits = std::uint32_t(q + 0x7f) << 23;
    float f;
    std::memcpy(&f, &bits, sizeof f);
    return f;
}

// d·2^e in two steps, so that e down to −150 and up to 128 stays within the range of pow2i (SLEEF's ldexp2kf).
float ldexp2k(float d, int e)
{
    return d * pow2i(e >> 1) * pow2i(e - (e >> 1));
}

} // namespace

float torchExp(float d)
{
    // SLEEF 3's xexpf (sleefsimdsp.c): q = rint(d / ln 2), s = d − q·ln 2 in two parts, a degree-6 polynomial.
    constexpr float kInvLn2 = 1.442695040888963407359924681001892137426645954152985934135449406931f;
    constexpr float kLn2Upper = 0.693145751953125f, kLn2Lower = 1.428606765330187045e-06f;
    // SLEEF's final selections first, so that −inf, +inf and NaN never reach the conversion to int (undefined there).
    if (std::isnan(d))
        return d;
    if (d < -104.0f)
        return 0.0f;
    if (100.0f < d)
        return std::numeric_limits<float>::infinity();
    const int q = int(std::nearbyint(d * kInvLn2));
    float s = std::fma(float(q), -kLn2Upper, d);
    s = std::fma(float(q), -kLn2Lower, s);
    float u = 0.000198527617612853646278381f;
    u = std::fma(u, s, 0.00139304355252534151077271f);
    u = std::fma(u, s, 0.00833336077630519866943359f);
    u = std::fma(u, s, 0.0416664853692054748535156f);
    u = std::fma(u, s, 0.166666671633720397949219f);
    u = std::fma(u, s, 0.5f);
    u = 1.0f + std::fma(s * s, u, s);
    return ldexp2k(u, q);
}

} // namespace attn
