#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Makes tests/reference/exp_fixtures.json: torch.exp on float32 values over the whole range a softmax meets
(and past its ends), for core/torch_exp.h's bit-for-bit test.

Run:  /usr/bin/python3 tests/reference/make_exp_fixtures.py > tests/reference/exp_fixtures.json

Tensors are base64 of little-endian float32, as in torch_fixtures.json.
"""
import base64
import json
import sys

import torch


def enc(t):
    return {"shape": list(t.shape), "f32": base64.b64encode(t.contiguous().numpy().astype("<f4").tobytes()).decode()}


def main():
    torch.manual_seed(0)
    x = torch.cat([torch.rand(6000) * -110,  # a softmax's x - max: from 0 down past -104, where exp is 0
                   torch.randn(4000) * 3,  # around 0
                   torch.rand(2000) * 220 - 110,  # both ends, past +100, where exp is +inf
                   torch.linspace(-1e-3, 1e-3, 300),
                   torch.tensor([0.0, -0.0, -104.0, -103.99, -87.3, -88.8, 88.7, 89.0, 100.0, 100.01,
                                 float("-inf"), float("inf"), float("nan")])])
    json.dump({"torch": torch.__version__, "x": enc(x), "exp": enc(torch.exp(x))}, sys.stdout, indent=1)
    print()


if __name__ == "__main__":
    main()
