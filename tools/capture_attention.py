#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Captures the attention of a PyTorch model into one .npz that attention-viz opens (File > Open attention data,
or attention-viz --load FILE.npz). Standard PyTorch only.

What it writes:
  attn    (layers, B, H, L, S)  every nn.MultiheadAttention's per-head weights, in the order the layers run,
                                as MultiheadAttention returns them with need_weights=True, average_attn_weights=False
  q, k, v (B, H, L, d_head)     one layer's queries, keys and values per head (its in_proj applied to its
                                inputs, split into heads as MultiheadAttention splits them; q not yet scaled), so
                                that attention-viz recomputes that layer's weights: softmax(q·kᵀ/√d_head)
  tokens  (L,)                  optional words for the axes
attention-viz shows the heads of q, k, v as B·H elements (element b·H + h is batch b, head h).

Use it on your own model:
    import capture_attention
    capture_attention.capture(model, x, "run.npz", layer=0, tokens=["the", "cat", ...])
where model contains nn.MultiheadAttention layers (nn.TransformerEncoderLayer has one as .self_attn) and x is its
input; the model is run once on x, with dropout off (model.eval()). Or try it on a small random encoder:
    /usr/bin/python3 tools/capture_attention.py --demo run.npz
It checks what it wrote: the captured weights equal softmax(q·kᵀ/√d_head) from the q and k it wrote.
"""
import argparse
import math
import sys

import numpy as np
import torch
import torch.nn.functional as F


def _heads(t, batch_first, heads):
    """(B, L, E) or (L, B, E) into (B, H, L, E / H), as MultiheadAttention splits it."""
    if not batch_first:
        t = t.transpose(0, 1)
    b, n, e = t.shape
    return t.reshape(b, n, heads, e // heads).transpose(1, 2)


def _projections(mha, query, key, value):
    """The layer's q, k, v per head (q not scaled), from its in_proj weights and biases."""
    e = mha.embed_dim
    if mha._qkv_same_embed_dim:
        w_q, w_k, w_v = mha.in_proj_weight[:e], mha.in_proj_weight[e:2 * e], mha.in_proj_weight[2 * e:]
    else:
        w_q, w_k, w_v = mha.q_proj_weight, mha.k_proj_weight, mha.v_proj_weight
    b_q = b_k = b_v = None
    if mha.in_proj_bias is not None:
        b_q, b_k, b_v = mha.in_proj_bias[:e], mha.in_proj_bias[e:2 * e], mha.in_proj_bias[2 * e:]
    q, k, v = F.linear(query, w_q, b_q), F.linear(key, w_k, b_k), F.linear(value, w_v, b_v)
    return [_heads(t, mha.batch_first, mha.num_heads) for t in (q, k, v)]


def capture(model, x, path, layer=0, tokens=None):
    """Runs model on x and writes every nn.MultiheadAttention's per-head weights (and layer `layer`'s q, k, v)."""
    layers = [m for m in model.modules() if isinstance(m, torch.nn.MultiheadAttention)]
    if not layers:
        raise SystemExit("capture: the model has no nn.MultiheadAttention layer")
    if not 0 <= layer < len(layers):
        raise SystemExit(f"capture: layer {layer} of {len(layers)}")
    weights, qkv = [None] * len(layers), [None] * len(layers)
    originals = []
    for i, mha in enumerate(layers):
        original = mha.forward

        def forward(query, key, value, *args, _i=i, _mha=mha, _original=original, **kwargs):
            kwargs["need_weights"] = True
            kwargs["average_attn_weights"] = False
            out, w = _original(query, key, value, *args, **kwargs)
            weights[_i] = w.detach()
            qkv[_i] = [t.detach() for t in _projections(_mha, query, key, value)]
            return out, w

        originals.append((mha, original))
        mha.forward = forward
    was_training = model.training
    model.eval()
    try:
        with torch.enable_grad():  # (PyTorch's fused inference path would skip the layers' forward)
            model(x)
    finally:
        for mha, original in originals:
            mha.forward = original
        model.train(was_training)
    if any(w is None for w in weights):
        raise SystemExit("capture: some attention layers did not run on this input")
    attn = torch.stack(weights)  # (layers, B, H, L, S)
    q, k, v = qkv[layer]
    # What attention-viz will compute from q and k must be what the layer did (without masks).
    again = torch.softmax(q @ k.transpose(-2, -1) / math.sqrt(q.shape[-1]), dim=-1)
    if not torch.allclose(again, attn[layer], atol=1e-5):
        print("capture: note: layer %d used a mask; q and k alone do not give its weights" % layer, file=sys.stderr)
    arrays = {"attn": attn.numpy().astype(np.float32), "q": q.numpy().astype(np.float32),
              "k": k.numpy().astype(np.float32), "v": v.numpy().astype(np.float32)}
    if tokens is not None:
        arrays["tokens"] = np.array(tokens)
    np.savez_compressed(path, **arrays)
    return arrays


def demo(path, seed=0):
    """A random 2-layer encoder (d_model 16, 4 heads) on 1 sentence of 6 tokens; returns what was written."""
    torch.manual_seed(seed)
    layer = torch.nn.TransformerEncoderLayer(d_model=16, nhead=4, dim_feedforward=32, batch_first=True)
    model = torch.nn.TransformerEncoder(layer, num_layers=2)
    x = torch.randn(1, 6, 16)
    arrays = capture(model, x, path, layer=0, tokens=["the", "cat", "sat", "on", "the", "mat"])
    # The weights captured are MultiheadAttention's own: layer 0 called alone on the same input.
    mha = model.layers[0].self_attn
    mha.eval()
    _, w = mha(x, x, x, need_weights=True, average_attn_weights=False)
    assert np.allclose(arrays["attn"][0], w.detach().numpy(), atol=1e-6), "captured weights differ from MHA's"
    return arrays


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--demo", metavar="OUT.npz", required=True,
                    help="capture a small random nn.TransformerEncoder into OUT.npz")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    a = demo(args.demo, args.seed)
    print(f"{args.demo}: attn {a['attn'].shape}, q/k/v {a['q'].shape} (layer 0), tokens {list(a['tokens'])}")
