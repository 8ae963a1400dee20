#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Reference values for multi-head attention (core/multihead.h), from Debian's PyTorch.

    /usr/bin/python3 tests/reference/make_mha_fixtures.py [OUT.json, default tests/reference/mha.json]

For each setting: torch.manual_seed(seed); mha = nn.MultiheadAttention(d_model, h, bias=False, batch_first=True);
X = torch.randn(B, L, d_model); out, w = mha(X, X, X, need_weights=True, average_attn_weights=False, mask...);
and the averaged weights from average_attn_weights=True. Float32 arrays as base64 of their little-endian bytes.
"""
import base64
import json
import os
import sys

import numpy as np
import torch

torch.set_num_threads(1)
OUT = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "mha.json")

# seed, B, L, d_model, h, mask ("none", "causal" or "pad:N": the last N keys of every batch element)
SETTINGS = [
    (0, 2, 5, 8, 2, "none"),
    (1, 1, 6, 16, 1, "none"),
    (2, 2, 7, 16, 8, "causal"),
    (3, 3, 5, 24, 2, "pad:2"),
    (4, 1, 9, 64, 8, "none"),
    (5, 2, 4, 32, 8, "pad:1"),
]


def enc(t):
    return base64.b64encode(t.detach().numpy().astype("<f4").tobytes()).decode()


cases = []
for seed, B, L, E, h, mask in SETTINGS:
    torch.manual_seed(seed)
    mha = torch.nn.MultiheadAttention(E, h, bias=False, batch_first=True)
    X = torch.randn(B, L, E)
    kwargs = {}
    if mask == "causal":
        kwargs["attn_mask"] = torch.triu(torch.ones(L, L, dtype=torch.bool), diagonal=1)  # True = ignore
    elif mask.startswith("pad:"):
        n = int(mask[4:])
        pad = torch.zeros(B, L, dtype=torch.bool)
        pad[:, L - n:] = True  # True = ignore
        kwargs["key_padding_mask"] = pad
    with torch.no_grad():
        out, heads = mha(X, X, X, need_weights=True, average_attn_weights=False, **kwargs)
        out2, average = mha(X, X, X, need_weights=True, average_attn_weights=True, **kwargs)
    assert torch.equal(out, out2)
    cases.append({"seed": seed, "batch": B, "length": L, "d_model": E, "heads": h, "mask": mask,
                  "in_proj_weight": enc(mha.in_proj_weight), "out_proj_weight": enc(mha.out_proj.weight),
                  "X": enc(X), "head_weights": enc(heads), "average_weights": enc(average), "out": enc(out)})

with open(OUT, "w") as f:
    json.dump({"made_by": "tests/reference/make_mha_fixtures.py", "torch": torch.__version__, "cases": cases}, f,
              indent=1)
    f.write("\n")
print(f"{len(cases)} settings in {OUT}")
