#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Makes tests/reference/mistake_fixtures.json: the lecture's common mistakes (常见错误) made in real PyTorch.

Run:  /usr/bin/python3 tests/reference/make_mistake_fixtures.py > tests/reference/mistake_fixtures.json

For each case, Q, K and V are drawn as the program draws them (projection: X, W_q, W_k, W_v by randn;
direct: Q, K, V by randn), and each mistake is made as a student would type it:
  no-scale          F.softmax(Q @ K.transpose(-2, -1), dim=-1)
  softmax-dim       F.softmax(Q @ K.transpose(-2, -1) / d_k ** 0.5, dim=-2)
  mha-mask-in-sdpa  scaled_dot_product_attention(Q, K, V, attn_mask=key_padding_mask[:, None, :])
  transpose-0-1     F.softmax(Q @ K.transpose(0, 1) / d_k ** 0.5, dim=-1)
  transpose-q       F.softmax(Q.transpose(-2, -1) @ K / d_k ** 0.5, dim=-1)
The transposes are run as they are: the fixture holds PyTorch's own error (type and message) or its result.

F.scaled_dot_product_attention arrived in PyTorch 2.0; Debian 12's PyTorch (1.13) does not have it. Where it
is missing, the script uses the reference implementation printed in its documentation (a boolean attn_mask:
True = take part, masked_fill of the rest with -inf, then softmax). Either way the weights are read out by
passing V = identity, so the output *is* the weight matrix. The right side of the mask mistake is what
nn.MultiheadAttention does with the same key_padding_mask (True = ignore), checked against the module itself.
Tensors are base64 of little-endian float32, as in torch_fixtures.json.
"""
import base64
import json
import sys

import torch
import torch.nn.functional as F

torch.set_num_threads(1)


def enc(t):
    return {"shape": list(t.shape),
            "f32": base64.b64encode(t.detach().contiguous().numpy().astype("<f4").tobytes()).decode()}


def sdpa(Q, K, V, attn_mask):
    if hasattr(F, "scaled_dot_product_attention"):
        return F.scaled_dot_product_attention(Q, K, V, attn_mask=attn_mask)
    # The documentation's reference implementation, for a boolean mask and no dropout or causal flag.
    scale = 1 / Q.size(-1) ** 0.5
    attn_bias = torch.zeros(Q.size(-2), K.size(-2), dtype=Q.dtype)
    attn_bias = attn_bias.masked_fill(attn_mask.logical_not(), float("-inf"))
    attn_weight = Q @ K.transpose(-2, -1) * scale
    attn_weight += attn_bias
    attn_weight = torch.softmax(attn_weight, dim=-1)
    return attn_weight @ V


def mha_weights(Q, K, key_padding_mask):
    """nn.MultiheadAttention's weights for these Q and K: one head, identity projections, no bias."""
    d = Q.size(-1)
    mha = torch.nn.MultiheadAttention(d, 1, bias=False, batch_first=True)
    with torch.no_grad():
        mha.in_proj_weight.copy_(torch.eye(d).repeat(3, 1))
    _, w = mha(Q, K, K, key_padding_mask=key_padding_mask, need_weights=True)
    return w


def attempt(f):
    try:
        return f(), None
    except Exception as e:  # the error as PyTorch raises it
        return None, f"{type(e).__name__}: {e}"


def case(mode="direct", batch=1, L=5, S=None, d_model=8, d_k=4, seed=0, pad=2):
    S = L if S is None else S
    torch.manual_seed(seed)
    if mode == "projection":
        X = torch.randn(batch, L, d_model)
        src = X
        if S != L:
            src = torch.randn(batch, S, d_model)
        W_q, W_k, W_v = torch.randn(d_model, d_k), torch.randn(d_model, d_k), torch.randn(d_model, d_k)
        Q, K, V = X @ W_q, src @ W_k, src @ W_v
    else:
        Q, K, V = torch.randn(batch, L, d_k), torch.randn(batch, S, d_k), torch.randn(batch, S, d_k)
    scores = Q @ K.transpose(-2, -1)
    right = F.softmax(scores / d_k ** 0.5, dim=-1)
    key_padding_mask = torch.zeros(batch, S, dtype=torch.bool)
    key_padding_mask[:, S - pad:] = True
    eye = torch.eye(S).expand(batch, S, S)
    right_masked = sdpa(Q, K, eye, attn_mask=~key_padding_mask[:, None, :])
    # the same convention through nn.MultiheadAttention itself (True = ignore)
    assert torch.allclose(right_masked, mha_weights(Q, K, key_padding_mask), atol=1e-6, equal_nan=True)
    mistakes = {
        "no-scale": attempt(lambda: F.softmax(scores, dim=-1)),
        "softmax-dim": attempt(lambda: F.softmax(scores / d_k ** 0.5, dim=-2)),
        "mha-mask-in-sdpa": attempt(lambda: sdpa(Q, K, eye, attn_mask=key_padding_mask[:, None, :])),
        "transpose-0-1": attempt(lambda: F.softmax(Q @ K.transpose(0, 1) / d_k ** 0.5, dim=-1)),
        "transpose-q": attempt(lambda: F.softmax(Q.transpose(-2, -1) @ K / d_k ** 0.5, dim=-1)),
    }
    return {"params": {"mode": mode, "batch": batch, "len": L, "keys": S, "d_model": d_model, "d_k": d_k,
                       "seed": seed, "pad": pad},
            "right": enc(right), "right_masked": enc(right_masked),
            "mistakes": {name: {"weights": enc(w) if w is not None else None, "error": err}
                         for name, (w, err) in mistakes.items()}}


cases = [
    case("projection", batch=1, L=5, d_model=8, d_k=4, seed=0),   # the window's first settings
    case("projection", batch=2, L=5, d_model=8, d_k=4, seed=0),   # the lecture's first block
    case("direct", batch=2, L=5, d_k=4, seed=1, pad=1),           # the lecture's SDPA block
    case("direct", batch=4, L=4, d_k=4, seed=2),                  # transpose-0-1 fits: B = S = d_k
    case("direct", batch=4, L=5, S=1, d_k=4, seed=3, pad=1),      # fits with S = 1
    case("direct", batch=1, L=5, d_k=1, seed=4),                  # fits with d_k = 1
    case("direct", batch=1, L=3, S=7, d_k=4, seed=5, pad=3),      # cross: both transposes fail
    case("direct", batch=3, L=6, d_k=64, seed=6, pad=4),          # no-scale at a larger d_k
]

# torch.matmul's outcome for 3-D shapes, without values: the shapes or the error PyTorch prints.
shape_pairs = [((a, b, c), (d, e, f)) for a, b, c, d, e, f in [
    (1, 5, 4, 5, 1, 4), (2, 5, 4, 5, 2, 4), (4, 4, 4, 4, 4, 4), (4, 5, 4, 1, 4, 4), (1, 5, 1, 5, 1, 1),
    (1, 3, 1, 7, 1, 1), (3, 5, 3, 7, 3, 3), (1, 4, 5, 1, 5, 4), (2, 4, 5, 2, 7, 4), (1, 64, 7, 1, 7, 64),
    (1, 5, 4, 1, 4, 5), (6, 2, 3, 1, 3, 9), (1, 2, 3, 6, 3, 9), (6, 2, 3, 6, 4, 9), (3, 1, 1, 3, 1, 1)]]
matmul = []
for a, b in shape_pairs:
    r, err = attempt(lambda: torch.zeros(*a) @ torch.zeros(*b))
    matmul.append({"a": list(a), "b": list(b), "shape": list(r.shape) if r is not None else None, "error": err})

json.dump({"torch_version": torch.__version__, "cases": cases, "matmul": matmul}, sys.stdout, indent=1)
print()
