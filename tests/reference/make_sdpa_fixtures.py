#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Makes tests/reference/sdpa_fixtures.json: the lecture's block 3, the manual line against
F.scaled_dot_product_attention, in real PyTorch.

Run:  /usr/bin/python3 tests/reference/make_sdpa_fixtures.py > tests/reference/sdpa_fixtures.json

Q, K, V are drawn as the program's direct mode draws them (torch.manual_seed(seed); Q, K, V = randn each). For each
case the script computes
  manual    F.softmax(Q @ K.transpose(-2, -1) * scale, dim=-1) @ V     (the lecture's "/ 4 ** 0.5" when scale is
                                                                        1/sqrt(d_k); masked logits -inf)
  official  F.scaled_dot_product_attention(Q, K, V, ...) as PyTorch 2's math kernel computes it on the CPU
            (_scaled_dot_product_attention_math): q and k each times sqrt(scale) before the product, the mask
            added as -inf, then the softmax over the keys and @ V. Debian 12's PyTorch (1.13) has no SDPA: the
            script writes that kernel out in its own tensor operations; with PyTorch 2 it calls SDPA's math
            backend too and records both.
and max |manual - official|. Tensors are base64 of little-endian float32, as in torch_fixtures.json.

It also measures the remark of the lecture that at large sizes the kernels may differ more: the largest difference
at L = S = 64, 512, 2048 (d_k = 64), printed to stderr.
"""
import base64
import json
import math
import sys

import torch
import torch.nn.functional as F

torch.set_num_threads(1)


def enc(t):
    return {"shape": list(t.shape),
            "f32": base64.b64encode(t.detach().contiguous().numpy().astype("<f4").tobytes()).decode()}


def draw(seed, B, L, S, d):
    torch.manual_seed(seed)
    return torch.randn(B, L, d), torch.randn(B, S, d), torch.randn(B, S, d)


def masked(L, S, mask):
    """The boolean mask True where a query may not look at a key, as --mask spells it."""
    blocked = torch.zeros(L, S, dtype=torch.bool)
    if mask == "causal":
        blocked = torch.ones(L, S, dtype=torch.bool).triu(1)
    elif mask.startswith("pad:"):
        n = int(mask[4:])
        if n:
            blocked[:, S - n:] = True
    return blocked


def manual(Q, K, V, scale, blocked, lecture):
    scores = Q @ K.transpose(-2, -1)
    logits = scores / Q.size(-1) ** 0.5 if lecture else scores * scale
    return F.softmax(logits.masked_fill(blocked, float("-inf")), dim=-1) @ V


def official(Q, K, V, scale, blocked):
    r = math.sqrt(scale)
    attn = (Q * r) @ (K * r).transpose(-2, -1)
    return F.softmax(attn.masked_fill(blocked, float("-inf")), dim=-1) @ V


CASES = [  # seed, B, L, S, d_k, scale (None: 1/sqrt(d_k)), mask
    (1, 2, 5, 5, 4, None, "none"),  # the lecture's block 3
    (0, 1, 5, 5, 4, None, "none"),
    (7, 3, 6, 4, 8, None, "none"),
    (3, 2, 5, 5, 16, None, "causal"),
    (11, 1, 8, 8, 64, None, "pad:3"),
    (5, 2, 4, 9, 32, 0.25, "none"),
    (9, 1, 16, 16, 64, None, "none"),
]


def random_cases(n=12):
    """Settings drawn at random (a fixed stream, so the file is the same each time it is made)."""
    import random
    rng = random.Random(2026)
    out = []
    for _ in range(n):
        L, S = rng.randint(1, 24), rng.randint(1, 24)
        mask = rng.choice(["none", "causal", f"pad:{rng.randint(0, S - 1)}"]) if L == S else \
            rng.choice(["none", f"pad:{rng.randint(0, S - 1)}"])
        scale = rng.choice([None, None, round(rng.uniform(0.01, 2.0), 4)])
        out.append((rng.randint(0, 10**6), rng.randint(1, 3), L, S, rng.choice([1, 2, 3, 4, 8, 16, 32, 64, 100]),
                    scale, mask))
    return out


def main():
    cases = []
    for seed, B, L, S, d, scale, mask in CASES + random_cases():
        Q, K, V = draw(seed, B, L, S, d)
        lecture = scale is None
        s = 1 / math.sqrt(d) if lecture else scale
        blocked = masked(L, S, mask)
        m, o = manual(Q, K, V, s, blocked, lecture), official(Q, K, V, s, blocked)
        case = {"params": {"mode": "direct", "batch": B, "len": L, "keys": S, "d_k": d, "seed": seed,
                           "mask": mask, **({} if lecture else {"scaling": "custom", "scale": scale})},
                "manual": enc(m), "official": enc(o), "max_abs_diff": float((m - o).abs().max()),
                "allclose": bool(torch.allclose(m, o, atol=1e-6))}
        if hasattr(F, "scaled_dot_product_attention"):
            case["sdpa"] = enc(F.scaled_dot_product_attention(Q, K, V, attn_mask=~blocked, scale=s))
        cases.append(case)
    for n in (64, 512, 2048):
        Q, K, V = draw(0, 1, n, n, 64)
        s = 1 / math.sqrt(64)
        diff = float((manual(Q, K, V, s, masked(n, n, "none"), True) - official(Q, K, V, s, masked(n, n, "none")))
                     .abs().max())
        print(f"L = S = {n}, d_k = 64: max |manual - official| = {diff:.3g}", file=sys.stderr)
    json.dump({"torch": torch.__version__, "cases": cases}, sys.stdout, indent=1)
    print()


if __name__ == "__main__":
    main()
