#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Times the core computation in attention-viz, PyTorch and NumPy in one run, on this machine.

    /usr/bin/python3 tests/bench/compare_torch.py [build dir, default build]

The computation, from given Q and K (L = S = n, d_k = d, float32): scores = Q·Kᵀ, logits = scores / sqrt(d),
weights = softmax over keys, row sums, column sums, row entropy. PyTorch and NumPy use 2 threads.
attention-viz's figures come from its benchmark (attention_bench -csv -median 5), run by this script.
It then times the program itself: start to first frame (--screenshot), --export of the lecture's block 1
as PNG, and the peak memory of the window at L = S = 4096. Every figure is a median.
"""
import os

os.environ.setdefault("OMP_NUM_THREADS", "2")
os.environ.setdefault("OPENBLAS_NUM_THREADS", "2")
os.environ.setdefault("MKL_NUM_THREADS", "2")

import csv
import io
import resource
import statistics
import subprocess
import sys
import tempfile
import time

import numpy as np
import torch

torch.set_num_threads(2)
BUILD = sys.argv[1] if len(sys.argv) > 1 else "build"
EXE = os.path.join(BUILD, "app", "attention-viz")
BENCH = os.path.join(BUILD, "tests", "bench", "attention_bench")
SIZES = [(64, 64), (64, 512), (512, 64), (512, 512), (2048, 64), (2048, 512), (4096, 64), (4096, 512)]


def median_ms(fn, repeats):
    fn()  # warm up
    times = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t0) * 1000.0)
    return statistics.median(times)


def repeats_for(n):
    return 30 if n <= 512 else 9 if n <= 2048 else 5


def torch_core(Q, K, d):
    s = Q @ K.T
    w = torch.softmax(s / d ** 0.5, dim=-1)
    return w.sum(-1), w.sum(-2), torch.special.entr(w).sum(-1)


def numpy_core(Q, K, d):
    x = (Q @ K.T) / np.float32(d ** 0.5)
    e = np.exp(x - x.max(axis=1, keepdims=True))
    w = e / e.sum(axis=1, keepdims=True)
    logw = np.log(w, where=w > 0, out=np.zeros_like(w))
    return w.sum(1), w.sum(0), -(w * logw).sum(1)


def ours():
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    out = subprocess.run([BENCH, "-csv", "-median", "5"], capture_output=True, text=True, env=env, check=True).stdout
    figures = {}
    for row in csv.reader(io.StringIO(out)):
        if len(row) >= 4 and row[2] == "WalltimeMilliseconds":
            figures[(row[0], row[1])] = float(row[3])
    return figures


def program_figures():
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    with tempfile.TemporaryDirectory() as tmp:
        def run(args):
            t0 = time.perf_counter()
            subprocess.run([EXE] + args, env=env, check=True, capture_output=True)
            return (time.perf_counter() - t0) * 1000.0
        shot = os.path.join(tmp, "shot.png")
        first_frame = statistics.median([run(["--screenshot", shot]) for _ in range(5)])
        png = os.path.join(tmp, "block1.png")
        export = statistics.median([run(["--batch", "2", "--len", "5", "--d-model", "8", "--d-k", "4", "--seed", "0",
                                         "--export", png]) for _ in range(5)])
        before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
        run(["--mode", "direct", "--len", "4096", "--d-k", "64", "--screenshot", shot])
        peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss  # the largest child so far, in KiB
        return first_frame, export, peak / 1024.0


def main():
    print(f"PyTorch {torch.__version__} ({torch.get_num_threads()} threads), NumPy {np.__version__}, "
          f"{os.cpu_count()} cores")
    figures = ours()
    print()
    print("| L = S | d_k | attention-viz core | Eigen Q·Kᵀ alone | core / gemm | PyTorch | NumPy | PyTorch / ours | NumPy / ours |")
    print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    rng = np.random.default_rng(0)
    for n, d in SIZES:
        Qn = rng.standard_normal((n, d), dtype=np.float32)
        Kn = rng.standard_normal((n, d), dtype=np.float32)
        Qt, Kt = torch.from_numpy(Qn), torch.from_numpy(Kn)
        t_torch = median_ms(lambda: torch_core(Qt, Kt, d), repeats_for(n))
        t_numpy = median_ms(lambda: numpy_core(Qn, Kn, d), repeats_for(n))
        row = f"L=S={n},d_k={d}"
        core, gemm = figures.get(("core", row)), figures.get(("gemm", row))
        print(f"| {n} | {d} | {core:.3g} ms | {gemm:.3g} ms | {core / gemm:.2f} | {t_torch:.3g} ms | {t_numpy:.3g} ms | "
              f"{t_torch / core:.1f} | {t_numpy / core:.1f} |")
    print()
    print("| window: change to finished repaint | median |")
    print("|---|---:|")
    for n in (64, 512, 2048, 4096):
        print(f"| L = S = {n}, d_k = 64 | {figures.get(('gui', f'L=S={n},d_k=64')):.3g} ms |")
    for n in (2048, 4096):
        print(f"| longest GUI-thread block, 100 changes in a burst, L = S = {n} | "
              f"{figures.get(('guiBlocking', f'L=S={n},d_k=64')):.3g} ms |")
    first_frame, export, peak = program_figures()
    print(f"| start to first frame (--screenshot, whole process) | {first_frame:.0f} ms |")
    print(f"| --export of block 1 as PNG, end to end | {export:.0f} ms |")
    print(f"| peak memory, window at L = S = 4096 | {peak:.0f} MB |")


if __name__ == "__main__":
    main()
