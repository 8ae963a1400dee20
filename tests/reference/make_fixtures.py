#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Makes tests/reference/torch_fixtures.json with real PyTorch (Debian's python3-torch).

Run:  /usr/bin/python3 tests/reference/make_fixtures.py > tests/reference/torch_fixtures.json

Tensors are stored as base64 of little-endian float32 bytes, so generator values compare bit for bit.
The attention cases follow the lecture's code: Q = X @ W_q ..., softmax(scores / d_k ** 0.5, dim) @ V.
"""
import base64
import math
import json
import sys

import numpy as np
import torch
import torch.nn.functional as F

torch.set_num_threads(1)


def b64(t):
    return base64.b64encode(t.detach().contiguous().numpy().astype("<f4").tobytes()).decode()


def enc(t):
    return {"shape": list(t.shape), "f32": b64(t)}


# Generator: after manual_seed(seed), randn is called with each count in turn (the cached twin of
# the n < 16 path carries across calls).
randn_cases = [
    (0, [1]), (0, [2]), (0, [3]), (1, [5]), (2, [7]), (3, [8]), (4, [15]),
    (0, [16]), (5, [16]), (42, [17]), (6, [31]), (7, [32]), (8, [33]), (9, [100]),
    (10, [255]), (123, [1000]), (11, [4099]), (12, [10001]), (13, [16384]), (14, [20000]),
    (0, [3, 1]), (0, [3, 20, 1]), (15, [5, 5, 5]), (16, [1, 16, 1, 17]),
    (2**32 + 3, [10]), (-1, [9]), (2**63 + 5, [24]), (4294967295, [40]),
]

randn = []
for seed, counts in randn_cases:
    torch.manual_seed(seed)
    calls = [enc(torch.randn(n)) for n in counts]
    randn.append({"seed": str(seed if seed >= 0 else seed + 2**64),  # a string: JSON numbers lose bits past 2**53
                  "counts": counts, "calls": calls})


def position_encoding(L, d):
    """The sinusoidal encoding of the PyTorch tutorial, also for odd d (cos gets the first d // 2 frequencies)."""
    pe = torch.zeros(L, d)
    position = torch.arange(0, L, dtype=torch.float).unsqueeze(1)
    div_term = torch.exp(torch.arange(0, d, 2).float() * (-math.log(10000.0) / d))
    pe[:, 0::2] = torch.sin(position * div_term)
    pe[:, 1::2] = torch.cos(position * div_term[: d // 2])
    return pe


def weight(init, d_model, d):
    """W_q, W_k or W_v as (d_model, d), drawn as the program's --init says."""
    if init == "randn":
        return torch.randn(d_model, d)
    if init == "scaled":
        return torch.randn(d_model, d) / math.sqrt(d_model)
    # PyTorch's own default: the weight of nn.Linear(d_model, d, bias=False) is (d, d_model), x @ weight.T
    return torch.nn.Linear(d_model, d, bias=False).weight.detach().T


def attention_case(mode="projection", batch=1, L=5, S=None, cross=False, d_model=8, d_k=4, d_v=None,
                   seed=0, scaling="inv_sqrt_d_k", scale=None, dim=-1, mask="none", tokens=None, positions=False,
                   init="randn", sigma=1.0):
    if tokens is not None:
        L = S = len(tokens)
    S = L if S is None else S
    d_v = d_k if d_v is None else d_v
    torch.manual_seed(seed)
    case = {"params": {"mode": mode, "batch": batch, "len": L, "keys": S, "cross": cross, "d_model": d_model,
                       "d_k": d_k, "d_v": d_v, "seed": seed, "scaling": scaling, "scale": scale,
                       "softmax_dim": dim, "mask": mask, "init": init, "sigma": sigma}}
    if tokens is not None:
        case["params"]["tokens"] = tokens
        case["params"]["positions"] = positions
    t = {}
    if mode == "projection":
        if tokens is not None:
            # each distinct token (in order of first occurrence) has one embedding row
            vocab = list(dict.fromkeys(tokens))
            ids = torch.tensor([vocab.index(w) for w in tokens])
            E = torch.randn(len(vocab), d_model)
            X = E[ids]
            if positions:
                X = X + position_encoding(L, d_model)
            X = X.unsqueeze(0).expand(batch, L, d_model).contiguous()
            t["E"] = E
        else:
            X = torch.randn(batch, L, d_model)
            if sigma != 1.0:
                X = X * sigma
        t["X"] = X
        src = X
        if tokens is None and (cross or S != L):
            Y = torch.randn(batch, S, d_model)
            if sigma != 1.0:
                Y = Y * sigma
            t["Y"] = Y
            src = Y
        W_q = weight(init, d_model, d_k)
        W_k = weight(init, d_model, d_k)
        W_v = weight(init, d_model, d_v)
        t.update(W_q=W_q, W_k=W_k, W_v=W_v)
        Q, K, V = X @ W_q, src @ W_k, src @ W_v
    else:
        Q = torch.randn(batch, L, d_k)
        K = torch.randn(batch, S, d_k)
        V = torch.randn(batch, S, d_v)
        if sigma != 1.0:
            Q, K = Q * sigma, K * sigma
    scores = Q @ K.transpose(-2, -1)
    if scaling == "inv_sqrt_d_k":
        logits = scores / d_k ** 0.5
    elif scaling == "none":
        logits = scores
    elif scaling == "inv_d_k":
        logits = scores / d_k
    elif scaling == "inv_sqrt_d_model":       # the multi-head mistake: the model's width, not the head's
        logits = scores / math.sqrt(d_model)
    elif scaling == "quarter_each":           # d^-1/4 on q and on k, as some code writes it
        c = d_k ** -0.25
        logits = (Q * c) @ (K * c).transpose(-2, -1)
    else:
        logits = scores * scale
    if mask == "causal":
        allowed = torch.ones(L, S, dtype=torch.bool).tril()
        logits = logits.masked_fill(~allowed, float("-inf"))
    elif mask.startswith("pad:"):
        n = int(mask[4:])
        allowed = torch.ones(L, S, dtype=torch.bool)
        if n:
            allowed[:, S - n:] = False
        logits = logits.masked_fill(~allowed, float("-inf"))
    weights = F.softmax(logits, dim=dim)
    out = weights @ V
    t.update(Q=Q, K=K, V=V, scores=scores, weights=weights, out=out)
    case["tensors"] = {k: enc(v) for k, v in t.items()}
    return case


attention = [
    attention_case(batch=2, L=5, d_model=8, d_k=4, seed=0),                      # lecture block 1
    attention_case(mode="direct", L=1, S=6, d_k=64, seed=0),                     # lecture block 2, scaled
    attention_case(mode="direct", L=1, S=6, d_k=64, seed=0, scaling="none"),     # block 2, unscaled
    attention_case(mode="direct", batch=2, L=5, d_k=4, seed=1),                  # block 3
    attention_case(mode="direct", L=3, S=5, d_k=4, seed=0, scaling="none", dim=-2),  # the exercise
    attention_case(mode="direct", L=3, S=5, d_k=4, seed=0, scaling="none", dim=-1),
    attention_case(batch=3, L=7, d_model=16, d_k=8, d_v=5, seed=3, dim=-2),
    attention_case(L=6, S=9, d_model=8, d_k=4, seed=4),                          # cross-attention, S != L
    attention_case(L=6, cross=True, d_model=8, d_k=4, seed=5),                   # cross-attention, S == L
    attention_case(L=8, seed=6, mask="causal"),
    attention_case(mode="direct", L=9, S=6, d_k=16, seed=7, mask="causal"),
    attention_case(mode="direct", L=4, S=10, d_k=8, seed=8, mask="causal", dim=-2),  # keys 4..9 fully masked
    attention_case(mode="direct", batch=2, L=6, S=6, d_k=8, seed=9, mask="pad:2"),
    attention_case(mode="direct", L=6, S=6, d_k=8, seed=9, mask="pad:6"),           # every row fully masked
    attention_case(mode="direct", L=5, S=7, d_k=8, seed=10, mask="pad:3", dim=-2),
    attention_case(mode="direct", L=5, d_k=32, seed=11, scaling="custom", scale=0.5),
    attention_case(mode="direct", L=64, S=48, d_k=64, d_v=16, seed=12),
    attention_case(L=33, d_model=64, d_k=16, seed=13, scaling="none"),
    attention_case(mode="direct", L=1, S=1, d_k=1, seed=14),
    attention_case(mode="direct", L=2, S=3, d_k=1, d_v=2, seed=15, scaling="none"),
    attention_case(L=12, d_model=32, d_k=32, seed=2024, mask="causal"),
    attention_case(mode="direct", L=130, S=70, d_k=24, d_v=3, seed=77, dim=-2),
    attention_case(tokens="the cat sat on the mat".split(), d_model=8, d_k=4, seed=3),
    attention_case(tokens="the cat sat on the mat".split(), batch=2, d_model=16, d_k=8, seed=3, positions=True),
    attention_case(tokens=list("我爱你爱我"), d_model=7, d_k=4, seed=5, positions=True, mask="causal"),
    # how the weights are drawn (--init) and the inputs' scale (--sigma)
    attention_case(L=6, d_model=16, d_k=8, seed=20, init="scaled"),
    attention_case(L=6, d_model=16, d_k=8, seed=21, init="linear"),
    attention_case(L=5, S=7, d_model=24, d_k=8, d_v=3, seed=22, init="linear"),    # cross-attention, Y drawn first
    attention_case(batch=2, L=17, d_model=512, d_k=64, seed=23, init="linear"),
    attention_case(L=4, d_model=8, d_k=4, seed=24, init="scaled", sigma=2.5),
    attention_case(mode="direct", L=3, S=6, d_k=16, seed=25, sigma=0.5),
    # wrong scales found in real code
    attention_case(mode="direct", L=1, S=6, d_k=64, seed=0, scaling="inv_d_k"),
    attention_case(L=5, d_model=512, d_k=64, seed=26, init="linear", scaling="inv_sqrt_d_model"),
    attention_case(mode="direct", L=1, S=6, d_k=64, seed=0, scaling="quarter_each"),
    attention_case(mode="direct", L=7, S=9, d_k=48, seed=27, scaling="quarter_each", mask="causal"),
]


def jacobian_case(n, temperature, seed):
    """A softmax row p (float32) and the Frobenius norm of the softmax's Jacobian there, by autograd in float64."""
    g = torch.Generator().manual_seed(seed)
    p = F.softmax(torch.randn(n, generator=g, dtype=torch.float64) * temperature, dim=0).float()
    x = p.double().log()                      # logits whose softmax is p (up to p's rounding to float32)
    J = torch.autograd.functional.jacobian(lambda v: F.softmax(v, dim=0), x)
    return {"p": enc(p), "norm": torch.linalg.matrix_norm(J).item()}


jacobian = [jacobian_case(n, t, seed) for seed, (n, t) in enumerate(
    [(2, 1.0), (3, 0.5), (6, 1.0), (6, 4.0), (16, 1.0), (16, 3.0), (64, 0.3), (64, 2.0), (257, 1.0), (1024, 0.5)])]

json.dump({"torch_version": torch.__version__, "numpy_version": np.__version__,
           "randn": randn, "attention": attention, "jacobian": jacobian}, sys.stdout, indent=1)
sys.stdout.write("\n")
