// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A bit-exact copy of PyTorch's CPU generator for torch.manual_seed(s) followed by
// torch.randn(...) in float32 (docs/torch-randn.md describes the algorithm).

#include <cstddef>
#include <cstdint>
#include <random>
#include <vector>

namespace attn {

class TorchGenerator
{
public:
    explicit TorchGenerator(std::uint64_t seed = 0) { manualSeed(seed); }

    // torch.manual_seed(seed): the engine takes the low 32 bits; the cached normal is cleared.
    void manualSeed(std::uint64_t seed);

    // torch.randn(n) in float32: fills n values in memory order (the shape does not matter).
    std::vector<float> randn(std::size_t n);
    void randn(float *out, std::size_t n);

    // tensor.uniform_(from, to) on a float32 tensor: one 32-bit draw per value, in memory order;
    // value = fma(k / 2^24, to - from, from) in float, k the draw's low 24 bits (from and to rounded to
    // float first). nn.init.kaiming_uniform_ and so nn.Linear's weights are drawn this way.
    void uniform(float *out, std::size_t n, double from, double to);

    // The raw draws, exposed for tests.
    std::uint32_t random() { return static_cast<std::uint32_t>(m_engine()); }
    std::uint64_t random64();

private:
    float uniformFloat();
    double uniformDouble();
    double normalDouble();

    std::mt19937 m_engine;
    bool m_hasCachedNormal = false;
    double m_cachedNormal = 0.0;
};

// The per-block Box-Muller transform of PyTorch's AVX2 kernel on 16 uniforms in place
// (slot j pairs with slot j + 8). Exposed for tests.
void boxMuller16(float *d);

} // namespace attn
