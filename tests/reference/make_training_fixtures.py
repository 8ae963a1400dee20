#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Reference numbers for core/training (the "watch it fail to learn" runs), made with real PyTorch:
autograd for the gradients, torch.optim.SGD / torch.optim.Adam for the updates.

Draws follow core/training.h: torch.manual_seed(seed); W_q = randn(d_model, d_k), W_k = randn(d_model, d_k)
(float32, widened to float64, times 1/sqrt(d_model) for the "normal" init); then per step
X = randn(B, L, d_model), V = randn(B, L, d_v), t = randint(0, L, (B,)), eps = randn(B, d_model);
q = X[b, t_b] + noise * eps. Everything after the draws is float64. Accuracy is measured at every step (before the
update) on 512 held-out examples too, drawn the same way as one batch from torch.Generator().manual_seed(seed + 1).

Run: /usr/bin/python3 tests/reference/make_training_fixtures.py > tests/reference/training_fixtures.json
"""
import json
import math
import sys

import torch


def run(seed=0, d_k=256, steps=300, lr=0.5, optimizer="sgd", batch=64, length=16, d_model=32, d_v=8,
        noise=1.0, init="normal", scaling="sqrt-d-k", held_out=512):
    torch.manual_seed(seed)
    std = 1 / math.sqrt(d_model) if init == "normal" else 1.0
    w_q0 = torch.randn(d_model, d_k).double() * std
    w_k0 = torch.randn(d_model, d_k).double() * std
    g = torch.Generator().manual_seed((seed + 1) % 2**64)
    hx = torch.randn(held_out, length, d_model, generator=g).double()
    torch.randn(held_out, length, d_v, generator=g)  # the held-out values: drawn, not needed for accuracy
    ht = torch.randint(0, length, (held_out,), generator=g)
    hq = hx[torch.arange(held_out), ht] + noise * torch.randn(held_out, d_model, generator=g).double()
    scaled = {"sqrt-d-k": 1 / math.sqrt(d_k), "d-k": 1 / d_k, "sqrt-d-model": 1 / math.sqrt(d_model)}[scaling]
    sides = {}
    for name, scale in (("scaled", scaled), ("unscaled", 1.0)):
        w_q = w_q0.clone().requires_grad_()
        w_k = w_k0.clone().requires_grad_()
        opt = (torch.optim.SGD([w_q, w_k], lr=lr) if optimizer == "sgd"
               else torch.optim.Adam([w_q, w_k], lr=lr))
        sides[name] = dict(w_q=w_q, w_k=w_k, opt=opt, scale=scale, loss=[], accuracy=[], grad_norm=[],
                           max_weight=[], target_weight=[], held_out_accuracy=[])
    rows = torch.arange(batch)
    for step in range(steps):
        x = torch.randn(batch, length, d_model).double()
        v = torch.randn(batch, length, d_v).double()
        t = torch.randint(0, length, (batch,))
        eps = torch.randn(batch, d_model).double()
        q = x[rows, t] + noise * eps
        for s in sides.values():
            s["opt"].zero_grad()
            logits = torch.einsum("bd,bld->bl", q @ s["w_q"], x @ s["w_k"]) * s["scale"]
            w = torch.softmax(logits, -1)
            out = torch.einsum("bl,blv->bv", w, v)
            loss = ((out - v[rows, t]) ** 2).sum(-1).mean()
            loss.backward()
            s["loss"].append(loss.item())
            s["accuracy"].append((w.argmax(-1) == t).double().mean().item())
            s["max_weight"].append(w.max(-1).values.mean().item())
            s["target_weight"].append(w[rows, t].mean().item())
            with torch.no_grad():
                held = torch.einsum("bd,bld->bl", hq @ s["w_q"], hx @ s["w_k"]) * s["scale"]
                s["held_out_accuracy"].append((held.argmax(-1) == ht).double().mean().item())
            s["grad_norm"].append(math.sqrt((s["w_q"].grad ** 2).sum().item() + (s["w_k"].grad ** 2).sum().item()))
            if step == 0:
                s["grad_W_q_step0"] = s["w_q"].grad.tolist()
                s["grad_W_k_step0"] = s["w_k"].grad.tolist()
            s["opt"].step()
    out = {}
    for name, s in sides.items():
        out[name] = {k: s[k] for k in ("loss", "accuracy", "grad_norm", "max_weight", "target_weight",
                                       "held_out_accuracy", "grad_W_q_step0", "grad_W_k_step0")}
        out[name]["scale"] = s["scale"]
    out["init"] = {"W_q": w_q0.tolist(), "W_k": w_k0.tolist()}
    return out


CASES = [
    ("small_randn_sgd", dict(seed=3, d_k=8, steps=20, lr=0.1, batch=5, length=4, d_model=6, d_v=3, init="randn")),
    ("small_adam", dict(seed=5, d_k=12, steps=20, lr=0.05, optimizer="adam", batch=7, length=5, d_model=4, d_v=2,
                        noise=0.2)),
    ("dk16_sgd", dict(d_k=16)),
    ("default_sgd", dict()),
    ("default_adam", dict(optimizer="adam", lr=0.01)),
    ("dk64_seed1_inv_dk", dict(d_k=64, seed=1, scaling="d-k", steps=100)),
]


def main():
    result = {"torch_version": torch.__version__, "cases": []}
    for name, settings in CASES:
        print(name, file=sys.stderr)
        case = {"name": name, "settings": settings}
        case.update(run(**settings))
        if settings.get("d_k", 256) * settings.get("d_model", 32) > 1024:
            # Large gradients: keep their norms and first rows (the curves cover the rest).
            for side in ("scaled", "unscaled"):
                for key in ("grad_W_q_step0", "grad_W_k_step0"):
                    m = torch.tensor(case[side][key], dtype=torch.float64)
                    case[side][key + "_norm"] = m.norm().item()
                    case[side][key + "_row0"] = m[0].tolist()
                    del case[side][key]
            del case["init"]
        result["cases"].append(case)
    json.dump(result, sys.stdout, separators=(",", ":"))
    print()


if __name__ == "__main__":
    main()
