#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Makes tests/reference/additive_fixtures.json: Bahdanau's additive attention computed with NumPy.

Run:  /usr/bin/python3 tests/reference/make_additive_fixtures.py > tests/reference/additive_fixtures.json

The random tensors are drawn as the program draws them after torch.manual_seed(seed) (projection: X, W_q, W_k, W_v
by randn; direct: Q, K, V), then W_1 = randn(d_k, H), W_2 = randn(d_k, H), v = randn(H). Everything after the draws
is NumPy in float32: score[b, i, j] = tanh(Q[b, i] @ W_1 + K[b, j] @ W_2) @ v, no scaling, softmax over the keys
(or the queries), out = weights @ V. Tensors are base64 of little-endian float32, as in torch_fixtures.json.
"""
import base64
import json
import sys

import numpy as np
import torch


def enc(a):
    a = np.ascontiguousarray(np.asarray(a, dtype="<f4"))
    return {"shape": list(a.shape), "f32": base64.b64encode(a.tobytes()).decode()}


def softmax(x, axis):
    e = np.exp(x - x.max(axis=axis, keepdims=True))
    return e / e.sum(axis=axis, keepdims=True)


def case(mode="direct", batch=1, L=5, S=None, d_model=8, d_k=4, H=8, seed=0, dim=-1):
    S = L if S is None else S
    torch.manual_seed(seed)
    if mode == "projection":
        X = torch.randn(batch, L, d_model)
        src = X if S == L else torch.randn(batch, S, d_model)
        W_q, W_k, W_v = torch.randn(d_model, d_k), torch.randn(d_model, d_k), torch.randn(d_model, d_k)
        Q, K, V = X @ W_q, src @ W_k, src @ W_v
    else:
        Q, K, V = torch.randn(batch, L, d_k), torch.randn(batch, S, d_k), torch.randn(batch, S, d_k)
    W_1, W_2, v = torch.randn(d_k, H), torch.randn(d_k, H), torch.randn(H)
    Q, K, V, W_1, W_2, v = (t.numpy() for t in (Q, K, V, W_1, W_2, v))
    a = Q @ W_1                                   # (B, L, H)
    c = K @ W_2                                   # (B, S, H)
    scores = np.tanh(a[:, :, None, :] + c[:, None, :, :]) @ v   # (B, L, S)
    weights = softmax(scores, axis=dim)
    out = weights @ V
    return {"params": {"mode": mode, "batch": batch, "len": L, "keys": S, "d_model": d_model, "d_k": d_k,
                       "hidden": H, "seed": seed, "softmax_dim": dim},
            "W_1": enc(W_1), "W_2": enc(W_2), "v_a": enc(v), "Q": enc(Q), "K": enc(K),
            "scores": enc(scores), "weights": enc(weights), "out": enc(out)}


cases = [
    case("projection", L=5, d_model=8, d_k=4, H=8, seed=0),
    case("direct", batch=2, L=5, d_k=4, H=8, seed=1),
    case("direct", L=3, S=7, d_k=16, H=5, seed=2),
    case("direct", L=6, d_k=64, H=32, seed=3, dim=-2),
    case("projection", batch=2, L=4, S=6, d_model=16, d_k=8, H=1, seed=4),
    case("direct", L=1, S=6, d_k=1024, H=16, seed=5),
]
json.dump({"torch_version": torch.__version__, "numpy_version": np.__version__, "cases": cases}, sys.stdout, indent=1)
print()
