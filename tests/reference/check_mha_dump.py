#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""attention-viz --init mha --dump against nn.MultiheadAttention in Debian's PyTorch, run now.

    /usr/bin/python3 tests/reference/check_mha_dump.py PROGRAM [N [SEED]]

Draws N settings (default 6) at random from SEED (default 2026): seeds, B, L, d_model, h in {1, 2, 8} (and any
divisor of d_model), masks none / causal / pad:N. For each: the program's dump, then
    torch.manual_seed(seed); mha = nn.MultiheadAttention(d_model, h, bias=False, batch_first=True)
    X = torch.randn(B, L, d_model); out, w = mha(X, X, X, need_weights=True, average_attn_weights=False, ...)
The weights in_proj_weight, out_proj_weight and X must be the same bits; every head's weights, their average and
out within 1e-6. Prints one line per setting; exit status 1 on any disagreement.
"""
import json
import random
import subprocess
import sys

import numpy as np
import torch

torch.set_num_threads(1)
PROGRAM = sys.argv[1]
N = int(sys.argv[2]) if len(sys.argv) > 2 else 6
rng = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 2026)


def settings():
    for i in range(N):
        h = [1, 2, 8][i % 3] if i < 3 else rng.choice([1, 2, 4, 8, 16])
        d_model = h * rng.choice([1, 2, 4, 8])
        B, L = rng.randint(1, 3), rng.randint(1, 9)
        mask = rng.choice(["none", "causal", "pad"]) if L > 1 else "none"
        if mask == "pad":
            mask = f"pad:{rng.randint(1, L - 1)}"
        yield rng.randint(0, 2**31), B, L, d_model, h, mask


failed = 0
for seed, B, L, E, h, mask in settings():
    args = [PROGRAM, "--init", "mha", "--heads", str(h), "--batch", str(B), "--len", str(L), "--d-model", str(E),
            "--seed", str(seed), "--mask", mask, "--dump", "-"]
    run = subprocess.run(args, capture_output=True, text=True)
    if run.returncode != 0:
        print(" ".join(args), "failed:", run.stderr.strip())
        failed += 1
        continue
    dump = json.loads(run.stdout)
    torch.manual_seed(seed)
    mha = torch.nn.MultiheadAttention(E, h, bias=False, batch_first=True)
    X = torch.randn(B, L, E)
    kwargs = {}
    if mask == "causal":
        kwargs["attn_mask"] = torch.triu(torch.ones(L, L, dtype=torch.bool), diagonal=1)
    elif mask.startswith("pad:"):
        pad = torch.zeros(B, L, dtype=torch.bool)
        pad[:, L - int(mask[4:]):] = True
        kwargs["key_padding_mask"] = pad
    with torch.no_grad():
        out, heads = mha(X, X, X, need_weights=True, average_attn_weights=False, **kwargs)
        _, average = mha(X, X, X, need_weights=True, average_attn_weights=True, **kwargs)
    problems = []
    for name, theirs in [("in_proj_weight", mha.in_proj_weight), ("out_proj_weight", mha.out_proj.weight), ("X", X)]:
        ours = np.array(dump[name], dtype=np.float32)
        if ours.shape != tuple(theirs.shape) or not np.array_equal(ours.view(np.uint32),
                                                                    theirs.detach().numpy().view(np.uint32)):
            problems.append(f"{name} not bit for bit")
    for name, theirs in [("head_weights", heads), ("weights", average), ("out", out)]:
        ours = np.array(dump[name], dtype=np.float64)
        t = theirs.detach().numpy().astype(np.float64)
        worst = float(np.abs(ours - t).max()) if ours.shape == t.shape else float("inf")
        if not worst <= 1e-6:
            problems.append(f"{name} differs by {worst:.3g}")
    line = f"seed {seed}, B = {B}, L = {L}, d_model = {E}, h = {h}, mask {mask}: "
    print(line + ("; ".join(problems) if problems else "the same (weights and X bit for bit, the rest within 1e-6)"))
    failed += bool(problems)
sys.exit(1 if failed else 0)
