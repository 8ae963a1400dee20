// SPDX-License-Identifier: GPL-3.0-or-later
// Compiled with -ffp-contract=off: every fused multiply-add below is written out with std::fma,
// exactly where GCC fused PyTorch's AVX2 intrinsics, so that results match it bit for bit.
#include "torch_generator.h"

#include <cfloat>
#include <cmath>
#include <cstring>
#include <limits>

namespace attn {

namespace {

std::uint32_t bitsOf(float x)
{
    std::uint32_t b;
    std::memcpy(&b, &x, sizeof b);
    return b;
}

float fromBits(std::uint32_t b)
{
    float x;
    std::memcpy(&x, &b, sizeof x);
    return x;
}

// log256_ps of PyTorch's avx_mathfun.h, one lane.
float logAvx(float x)
{
    const bool invalid = !(x > 0.0f);
    x = std::fmax(x, FLT_MIN);
    float e = static_cast<float>(static_cast<std::int32_t>(bitsOf(x) >> 23) - 127) + 1.0f;
    x = fromBits((bitsOf(x) & ~0x7f800000u) | bitsOf(0.5f));
    const bool m = x < 0.707106781186547524f;
    const float tmp = m ? x : 0.0f;
    x = x - 1.0f;
    e = e - (m ? 1.0f : 0.0f);
    x = x + tmp;
    const float z = x * x;
    float y = 7.0376836292E-2f;
    static const float p[] = { -1.1514610310E-1f, 1.1676998740E-1f, -1.2420140846E-1f, 1.4249322787E-1f,
        -1.6668057665E-1f, 2.0000714765E-1f, -2.4999993993E-1f, 3.3333331174E-1f };
    for (float c : p)
        y = std::fma(y, x, c);
    y = y * x;
    y = std::fma(y, z, e * -2.12194440e-4f);
    y = std::fma(-z, 0.5f, y);
    x = x + y;
    x = std::fma(e, 0.693359375f, x);
    return invalid ? std::numeric_limits<float>::quiet_NaN() : x;
}

// sincos256_ps of PyTorch's avx_mathfun.h, one lane, for x >= 0.
void sincosAvx(float x, float *sinOut, float *cosOut)
{
    float y = x * 1.27323954473516f;
    const std::int32_t j = (static_cast<std::int32_t>(y) + 1) & ~1;
    y = static_cast<float>(j);
    const std::uint32_t swapSin = static_cast<std::uint32_t>(j & 4) << 29;
    const bool poly = (j & 2) == 0;
    x = std::fma(y, -0.78515625f, x);
    x = std::fma(y, -2.4187564849853515625e-4f, x);
    x = std::fma(y, -3.77489497744594108e-8f, x);
    const std::uint32_t signCos = static_cast<std::uint32_t>(~(j - 2) & 4) << 29;
    const float z = x * x;
    float c = std::fma(2.443315711809948E-5f, z, -1.388731625493765E-3f);
    c = std::fma(c, z, 4.166664568298827E-2f);
    c = c * z;
    c = std::fma(c, z, -(z * 0.5f));
    c = c + 1.0f;
    float s = std::fma(-1.9515295891E-4f, z, 8.3321608736E-3f);
    s = std::fma(s, z, -1.6666654611E-1f);
    s = s * z;
    s = std::fma(s, x, x);
    *sinOut = fromBits(bitsOf(poly ? s : c) ^ swapSin);
    *cosOut = fromBits(bitsOf(poly ? c : s) ^ signCos);
}

} // namespace

void boxMuller16(float *d)
{
    const float twoPi = 6.2831855f;
    for (int j = 0; j < 8; ++j) {
        const float u1 = 1.0f - d[j];
        const float u2 = d[j + 8];
        const float radius = std::sqrt(-2.0f * logAvx(u1));
        const float theta = twoPi * u2;
        float s, c;
        sincosAvx(theta, &s, &c);
        d[j] = radius * c;
        d[j + 8] = radius * s;
    }
}

void TorchGenerator::manualSeed(std::uint64_t seed)
{
    m_engine.seed(static_cast<std::uint32_t>(seed));
    m_hasCachedNormal = false;
    m_cachedNormal = 0.0;
}

std::uint64_t TorchGenerator::random64()
{
    const std::uint64_t hi = random();
    const std::uint64_t lo = random();
    return (hi << 32) | lo;
}

float TorchGenerator::uniformFloat()
{
    return static_cast<float>(random() & 0xFFFFFFu) * (1.0f / 16777216.0f);
}

double TorchGenerator::uniformDouble()
{
    return static_cast<double>(random64() & ((std::uint64_t(1) << 53) - 1)) * (1.0 / 9007199254740992.0);
}

void TorchGenerator::uniform(float *out, std::size_t n, double from, double to)
{
    const float lo = static_cast<float>(from), hi = static_cast<float>(to);
    const float width = hi - lo;
    for (std::size_t i = 0; i < n; ++i)
        out[i] = std::fma(uniformFloat(), width, lo); // fused in PyTorch's AVX2 kernel
}

double TorchGenerator::normalDouble()
{
    if (m_hasCachedNormal) {
        m_hasCachedNormal = false;
        return m_cachedNormal;
    }
    const double u1 = uniformDouble(); // gives the angle
    const double u2 = uniformDouble();
    const double r = std::sqrt(-2.0 * std::log(1.0 - u2));
    const double theta = 2.0 * M_PI * u1;
    m_cachedNormal = r * std::sin(theta);
    m_hasCachedNormal = true;
    return r * std::cos(theta);
}

std::vector<float> TorchGenerator::randn(std::size_t n)
{
    std::vector<float> v(n);
    randn(v.data(), n);
    return v;
}

void TorchGenerator::randn(float *d, std::size_t n)
{
    if (n < 16) {
        for (std::size_t i = 0; i < n; ++i)
            d[i] = static_cast<float>(normalDouble());
        return;
    }
    for (std::size_t i = 0; i < n; ++i)
        d[i] = uniformFloat();
    // Each block of 16 is its own: the blocks are shared between the cores (the same bits as one after another).
    const std::ptrdiff_t blocks = std::ptrdiff_t(n / 16);
#pragma omp parallel for schedule(dynamic, 128) if (n >= 16384)
    for (std::ptrdiff_t b = 0; b < blocks; ++b)
        boxMuller16(d + 16 * b);
    if (n % 16 != 0) {
        // PyTorch redraws the last 16 slots and recomputes them.
        float *t = d + n - 16;
        for (int i = 0; i < 16; ++i)
            t[i] = uniformFloat();
        boxMuller16(t);
    }
}

} // namespace attn
