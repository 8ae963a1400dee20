#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Trains the small transformer whose attention ships with attention-viz (File > Examples), and captures it.

Run:  /usr/bin/python3 tools/train_example.py resources/examples/reverse.npz

The task: reverse a sequence of 8 digits (input 3 1 4 1 5 9 2 6, output 6 2 9 5 1 4 1 3). A single
nn.TransformerEncoderLayer (d_model 32, 2 heads, learned position embeddings) reads the digits and a linear layer
reads the answer off each position. To put digit L-1-i at position i, position i must look at position L-1-i:
a head of the trained layer attends along the anti-diagonal, which is what to look for in its heatmap (the
other head is free to do something else). Fixed seed, CPU, Adam, about a minute; it prints the accuracy on new
sequences. tools/capture_attention.py then writes the layer's per-head q, k, v and weights for one example
sequence (its digits are the tokens), well under 1 MB.
"""
import os
import sys

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import capture_attention  # noqa: E402

L, DIGITS, D_MODEL, HEADS = 8, 10, 32, 2


class Reverser(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = torch.nn.Embedding(DIGITS, D_MODEL)
        self.position = torch.nn.Parameter(torch.randn(L, D_MODEL) * 0.5)
        self.layer = torch.nn.TransformerEncoderLayer(D_MODEL, HEADS, dim_feedforward=64, dropout=0.0,
                                                      batch_first=True)
        self.out = torch.nn.Linear(D_MODEL, DIGITS)

    def inputs(self, x):
        return self.embed(x) + self.position

    def forward(self, x):
        return self.out(self.layer(self.inputs(x)))


def batch(n, generator):
    x = torch.randint(0, DIGITS, (n, L), generator=generator)
    return x, x.flip(1)


def main(path):
    torch.manual_seed(0)
    torch.set_num_threads(1)
    g = torch.Generator().manual_seed(1)
    model = Reverser()
    opt = torch.optim.Adam(model.parameters(), lr=3e-3)
    for step in range(3000):
        x, y = batch(64, g)
        loss = torch.nn.functional.cross_entropy(model(x).reshape(-1, DIGITS), y.reshape(-1))
        opt.zero_grad()
        loss.backward()
        opt.step()
        if step % 500 == 0:
            print(f"step {step}: loss {loss.item():.4f}")
    model.eval()
    x, y = batch(2000, torch.Generator().manual_seed(2))
    with torch.no_grad():
        accuracy = (model(x).argmax(-1) == y).float().mean().item()
    print(f"accuracy on 2000 new sequences: {accuracy:.4f}")
    example = torch.tensor([[3, 1, 4, 1, 5, 9, 2, 6]])

    class Wrapped(torch.nn.Module):  # the layer on the embedded digits: what capture_attention runs
        def __init__(self, m):
            super().__init__()
            self.m = m

        def forward(self, e):
            return self.m.layer(e)

    with torch.no_grad():
        e = model.inputs(example)
    arrays = capture_attention.capture(Wrapped(model), e, path, layer=0,
                                       tokens=[str(int(d)) for d in example[0]])
    w = arrays["attn"][0, 0]  # (H, L, L)
    anti = [float(sum(w[h, i, L - 1 - i] for i in range(L)) / L) for h in range(HEADS)]
    print(f"{path}: mean weight on the anti-diagonal per head: {', '.join(f'{a:.3f}' for a in anti)}; "
          f"{os.path.getsize(path)} bytes")
    return accuracy


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "resources/examples/reverse.npz")
