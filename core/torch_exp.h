// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// exp in float32 as PyTorch's CPU kernels compute it (torch.exp, and the exponentials of F.softmax): SLEEF's
// expf_u10, the vectorised exp that ATen's Vectorized<float>::exp() calls on AVX2 and AVX-512 alike, written here
// one value at a time with the same fused multiply-adds, so it gives the same bits on any x86-64 CPU (and any other
// with IEEE fma). Within 1 ulp of the true exp; 0 below −104, +∞ above 100, NaN for NaN.
// tests/core/tst_torch_exp.cpp checks it bit for bit against torch.exp (tests/reference/make_exp_fixtures.py).

namespace attn {

float torchExp(float x);

} // namespace attn
