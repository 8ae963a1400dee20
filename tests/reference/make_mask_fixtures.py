#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Makes tests/reference/mask_fixtures.json: masks as PyTorch means them, run in real PyTorch.

Run:  /usr/bin/python3 tests/reference/make_mask_fixtures.py > tests/reference/mask_fixtures.json

For each case Q, K and V are drawn as the program draws them (direct: Q, K, V by randn; projection: X,
W_q, W_k, W_v), the mask is built as a boolean tensor in both of PyTorch's conventions, and the weights are
computed three ways:
  sdpa       scaled_dot_product_attention(Q, K, V, attn_mask=keep)   keep: True = take part  (-inf fill)
  mha        nn.MultiheadAttention(...)(Q, K, V, key_padding_mask=pad or attn_mask=blocked)  True = ignore
  minus_1e9  F.softmax((Q @ K.transpose(-2, -1) / d_k ** 0.5).masked_fill(~keep, -1e9), dim)
A query that may see no key gets NaN from the first two and uniform weights from the third: the fixtures
keep PyTorch's NaN as it is. The weights are read out by passing V = identity (the output is the weight
matrix). F.scaled_dot_product_attention arrived in PyTorch 2.0; Debian 12's PyTorch (1.13) does not have
it, and the script then uses the reference implementation printed in its documentation (as
make_mistake_fixtures.py). Tensors are base64 of little-endian float32, as in torch_fixtures.json; the masks
are lists of 0/1.
"""
import base64
import json
import math

import torch
import torch.nn.functional as F

torch.set_num_threads(1)


def enc(t):
    return {"shape": list(t.shape),
            "f32": base64.b64encode(t.detach().contiguous().numpy().astype("<f4").tobytes()).decode()}


def sdpa(Q, K, V, keep):
    if hasattr(F, "scaled_dot_product_attention"):
        return F.scaled_dot_product_attention(Q, K, V, attn_mask=keep)
    # The documentation's reference implementation, for a boolean mask and no dropout or causal flag.
    scale = 1 / math.sqrt(Q.size(-1))
    attn_bias = torch.zeros(keep.shape, dtype=Q.dtype)
    attn_bias = attn_bias.masked_fill(keep.logical_not(), float("-inf"))
    attn_weight = Q @ K.transpose(-2, -1) * scale
    attn_weight += attn_bias
    attn_weight = torch.softmax(attn_weight, dim=-1)
    return attn_weight @ V


def mha_weights(Q, K, key_padding_mask=None, attn_mask=None):
    """nn.MultiheadAttention's weights for these Q and K: one head, identity projections, no bias."""
    d = Q.size(-1)
    mha = torch.nn.MultiheadAttention(d, 1, bias=False, batch_first=True)
    with torch.no_grad():
        mha.in_proj_weight.copy_(torch.eye(d).repeat(3, 1))
    _, w = mha(Q, K, K, key_padding_mask=key_padding_mask, attn_mask=attn_mask, need_weights=True)
    return w


def blocked_of(mask, B, L, S):
    """The program's mask text as a (B, L, S) boolean tensor, True where the query may not look."""
    blocked = torch.zeros(B, L, S, dtype=torch.bool)
    if mask == "causal":
        blocked[:] = torch.ones(L, S, dtype=torch.bool).tril().logical_not()
    elif mask.startswith("pad:"):
        counts = [int(n) for n in mask[4:].split(",")]
        counts = counts * B if len(counts) == 1 else counts
        for b, n in enumerate(counts):
            if n:
                blocked[b, :, S - n:] = True
    elif mask.startswith("custom:"):
        rows = mask[7:].split("/")
        blocked[:] = torch.tensor([[c == "x" for c in row] for row in rows])
    return blocked


def case(name, mask, mode="direct", batch=1, L=5, S=None, d_model=8, d_k=4, seed=0, softmax_dim=-1):
    S = L if S is None else S
    torch.manual_seed(seed)
    if mode == "projection":
        X = torch.randn(batch, L, d_model)
        W_q, W_k, W_v = torch.randn(d_model, d_k), torch.randn(d_model, d_k), torch.randn(d_model, d_k)
        Q, K = X @ W_q, X @ W_k
    else:
        Q, K = torch.randn(batch, L, d_k), torch.randn(batch, S, d_k)
    blocked = blocked_of(mask, batch, L, S)
    keep = blocked.logical_not()
    scaled = Q @ K.transpose(-2, -1) / math.sqrt(d_k)
    out = {"name": name, "mode": mode, "batch": batch, "len": L, "keys": S, "d_model": d_model, "d_k": d_k,
           "seed": seed, "mask": mask, "softmax_dim": softmax_dim,
           "sdpa_mask": keep.int().tolist(), "mha_mask": blocked.int().tolist()}
    out["minus_1e9"] = enc(F.softmax(scaled.masked_fill(blocked, -1e9), dim=softmax_dim))
    if softmax_dim == -1:
        eye = torch.eye(S).expand(batch, S, S)
        out["sdpa"] = enc(sdpa(Q, K, eye, keep))
        # nn.MultiheadAttention: padding as key_padding_mask (B, S), any other mask as attn_mask (L, S).
        if mask.startswith("pad:"):
            out["mha"] = enc(mha_weights(Q, K, key_padding_mask=blocked[:, 0, :]))
        else:
            out["mha"] = enc(mha_weights(Q, K, attn_mask=blocked[0]))
    else:
        out["neg_inf"] = enc(F.softmax(scaled.masked_fill(blocked, float("-inf")), dim=softmax_dim))
    return out


cases = [
    case("pad per batch element", "pad:1,3", batch=2),
    case("pad per batch, one fully padded", "pad:0,2,5", batch=3, seed=7),
    case("pad per batch, projection", "pad:2,0", mode="projection", batch=2, L=6, seed=3),
    case("custom pattern", "custom:.x.x./..x../x...x/.x.../....x"),
    case("custom with a fully masked row", "custom:.xxxx/..xxx/xxxxx/....x/.....", seed=1),
    case("custom cross shape", "custom:..x./x.../.x..", L=3, S=4, seed=2),
    case("causal", "causal", batch=2, seed=5),
    case("fully masked column over queries", "custom:.x.x./..x../x.x.x/.xx../..x.x", seed=4, softmax_dim=-2),
    case("pad over queries", "pad:2", batch=1, seed=6, softmax_dim=-2),
]
print(json.dumps({"torch": torch.__version__, "cases": cases}, indent=1))
