#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Times the core computation in attention-viz, PyTorch and NumPy in one run, on this machine.

    /usr/bin/python3 tests/bench/compare_torch.py [build dir, default build] [--multihead]

The computation, from given Q and K (L = S = n, d_k = d, float32): scores = Q·Kᵀ, logits = scores / sqrt(d),
weights = softmax over keys, row sums, column sums, row entropy. PyTorch and NumPy use 2 threads.
attention-viz's figures come from its benchmark (attention_bench -csv -median 5), run by this script.
The notebook route is what a student does in Jupyter: that computation in PyTorch, then matplotlib's
imshow set_data and a full draw of the figure (Agg, 1400 x 900 px, with a colour bar), against the window's
change to finished repaint. The core, the gemm and PyTorch are timed again beside one busy process (`yes`),
as on a laptop with a browser open. It then times the program itself: start to first frame (--screenshot),
--export of the lecture's block 1 as PNG, and the peak memory of the window at L = S = 4096.
Multi-head attention: nn.MultiheadAttention(512, h, bias=False, batch_first=True)'s forward pass with
need_weights=True, average_attn_weights=False (every head's weights), then their entropy and average as the
program shows them, under torch.no_grad(), against the program's multiheadForward (the same outputs), and the
change to repaint of the Heads window's grid. --multihead times only that (about a minute).
Every figure is a median. Needs python3-torch, python3-numpy and python3-matplotlib.
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
ARGS = [a for a in sys.argv[1:] if not a.startswith("--")]
ONLY_MULTIHEAD = "--multihead" in sys.argv[1:]
BUILD = ARGS[0] if ARGS else "build"
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


def cpu():
    """The CPU's name and the vector extensions that matter here, from /proc/cpuinfo."""
    name, flags = "unknown CPU", set()
    with open("/proc/cpuinfo") as f:
        for line in f:
            key, _, value = line.partition(":")
            if key.strip() == "model name" and name == "unknown CPU":
                name = value.strip()
            elif key.strip() == "flags" and not flags:
                flags = set(value.split())
    wanted = ["avx2", "fma", "avx512f", "avx512bw", "avx512vl"]
    return name, [f for f in wanted if f in flags]


def ours(*functions):
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    out = subprocess.run([BENCH, "-csv", "-median", "5", *functions], capture_output=True, text=True, env=env,
                         check=True).stdout
    figures = {}
    for row in csv.reader(io.StringIO(out)):
        if len(row) >= 4 and row[2] == "WalltimeMilliseconds":
            figures[(row[0], row[1])] = float(row[3])
    return figures


def notebook_route(n, d, repeats):
    """PyTorch's core, then matplotlib redrawing the figure: the change-to-picture time of a notebook."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, ax = plt.subplots(figsize=(14, 9), dpi=100)
    gen = torch.Generator().manual_seed(0)
    Q, K = torch.randn(n, d, generator=gen), torch.randn(n, d, generator=gen)
    im = ax.imshow(torch.softmax(Q @ K.T / d ** 0.5, dim=-1).numpy(), cmap="viridis", vmin=0.0)
    fig.colorbar(im, ax=ax)
    fig.canvas.draw()

    def change():  # a new seed: new Q and K, the core, the picture
        Qn, Kn = torch.randn(n, d, generator=gen), torch.randn(n, d, generator=gen)
        w = torch.softmax(Qn @ Kn.T / d ** 0.5, dim=-1)
        w.sum(-1), w.sum(-2), torch.special.entr(w).sum(-1)
        im.set_data(w.numpy())
        fig.canvas.draw()
    t = median_ms(change, repeats)
    plt.close(fig)
    return t


class BusyProcess:
    """One process that keeps one core busy (as `yes > /dev/null`) while the block runs."""

    def __enter__(self):
        self.p = subprocess.Popen(["yes"], stdout=subprocess.DEVNULL)
        time.sleep(0.5)
        return self

    def __exit__(self, *exc):
        self.p.kill()
        self.p.wait()


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


def torch_multihead_ms(n, h, repeats):
    torch.manual_seed(0)
    mha = torch.nn.MultiheadAttention(512, h, bias=False, batch_first=True)
    X = torch.randn(1, n, 512)

    def forward():
        with torch.no_grad():
            out, w = mha(X, X, X, need_weights=True, average_attn_weights=False)
            return out, w.mean(1), torch.special.entr(w).sum(-1).mean(-1)
    return median_ms(forward, repeats)


def multihead_rows(figures):
    """The multi-head rows: the forward pass against PyTorch's, and the heads grid's repaint; the targets met."""
    print()
    print("| nn.MultiheadAttention(512, h), L = S | attention-viz forward | PyTorch forward, need_weights=True | "
          "PyTorch / ours |")
    print("|---|---:|---:|---:|")
    ratio = {}
    for n in (512, 2048):
        for h in (8, 1):
            ours_ms = figures[("multihead", f"h={h},d_model=512,L=S={n}")]
            theirs = torch_multihead_ms(n, h, 9 if n <= 512 else 5)
            ratio[(n, h)] = theirs / ours_ms
            print(f"| h = {h} (d_k = {512 // h}), {n} | {ours_ms:.3g} ms | {theirs:.4g} ms | {theirs / ours_ms:.1f} |")
    print()
    print("| change to finished repaint, 8 heads of d_model = 512 (main heatmap and the Heads grid) | the window |")
    print("|---|---:|")
    for n in (64, 512):
        print(f"| L = S = {n} | {figures[('guiHeads', f'L=S={n},d_k=64')]:.3g} ms |")
    grid = figures[("guiHeads", "L=S=512,d_k=64")]
    return [("multi-head forward, h = 8, d_model = 512, 2048: at least 10× nn.MultiheadAttention (need_weights=True)",
             f"{ratio[(2048, 8)]:.1f}×", ratio[(2048, 8)] >= 10),
            ("change to repaint of the heads grid at 512 under 50 ms", f"{grid:.3g} ms", grid < 50)]


def line(target, measured, met):
    print(f"| {target} | {measured} | {'yes' if met else 'no'} |")


def main():
    name, ext = cpu()
    print(f"{name}, {os.cpu_count()} cores, vector extensions: {' '.join(ext) or 'none of avx2/avx512'}; "
          f"PyTorch {torch.__version__} ({torch.get_num_threads()} threads), NumPy {np.__version__}")
    if ONLY_MULTIHEAD:
        lines = multihead_rows(ours("multihead", "guiHeads"))
        print()
        print("| target | measured | met |")
        print("|---|---|---|")
        for target in lines:
            line(*target)
        return
    figures = ours()
    print()
    print("| L = S | d_k | attention-viz core | Eigen Q·Kᵀ alone | core / gemm | PyTorch | NumPy | PyTorch / ours | NumPy / ours |")
    print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    rng = np.random.default_rng(0)
    inputs = {}
    torch_ms = {}
    for n, d in SIZES:
        Qn = rng.standard_normal((n, d), dtype=np.float32)
        Kn = rng.standard_normal((n, d), dtype=np.float32)
        Qt, Kt = torch.from_numpy(Qn), torch.from_numpy(Kn)
        inputs[(n, d)] = (Qt, Kt)
        t_torch = median_ms(lambda: torch_core(Qt, Kt, d), repeats_for(n))
        t_numpy = median_ms(lambda: numpy_core(Qn, Kn, d), repeats_for(n))
        torch_ms[(n, d)] = t_torch
        row = f"L=S={n},d_k={d}"
        core, gemm = figures.get(("core", row)), figures.get(("gemm", row))
        print(f"| {n} | {d} | {core:.3g} ms | {gemm:.3g} ms | {core / gemm:.2f} | {t_torch:.3g} ms | {t_numpy:.3g} ms | "
              f"{t_torch / core:.1f} | {t_numpy / core:.1f} |")

    print()
    print("Beside one busy process (`yes`), the same computation; idle and loaded runs taken in turn, three of each "
          "(on a shared machine the load of the neighbours changes between minutes), the median of each:")
    print()
    print("| L = S, d_k | core idle | core loaded | slowdown | gemm idle | gemm loaded | slowdown | PyTorch idle | PyTorch loaded | slowdown |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    loaded_rows = [(512, 64), (2048, 64)]
    functions = [f"{f}:L=S={n},d_k={d}" for n, d in loaded_rows for f in ("core", "gemm")]
    runs = {"idle": [], "loaded": []}
    torch_runs = {"idle": [], "loaded": []}
    for _ in range(3):
        for state in ("idle", "loaded"):
            busy = BusyProcess() if state == "loaded" else None
            if busy:
                busy.__enter__()
            try:
                runs[state].append(ours(*functions))
                torch_runs[state].append({nd: median_ms(lambda: torch_core(*inputs[nd], nd[1]), repeats_for(nd[0]))
                                          for nd in loaded_rows})
            finally:
                if busy:
                    busy.__exit__()
    def med(state, key):
        return statistics.median(r[key] for r in runs[state])
    slowdown = {}
    for n, d in loaded_rows:
        row = f"L=S={n},d_k={d}"
        c0, c1 = med("idle", ("core", row)), med("loaded", ("core", row))
        g0, g1 = med("idle", ("gemm", row)), med("loaded", ("gemm", row))
        t0 = statistics.median(r[(n, d)] for r in torch_runs["idle"])
        t1 = statistics.median(r[(n, d)] for r in torch_runs["loaded"])
        slowdown[(n, d)] = (c1 / c0, t1 / t0)
        print(f"| {n}, {d} | {c0:.3g} ms | {c1:.3g} ms | {c1 / c0:.2f} | {g0:.3g} ms | {g1:.3g} ms | {g1 / g0:.2f} | "
              f"{t0:.3g} ms | {t1:.3g} ms | {t1 / t0:.2f} |")

    print()
    print("| change to finished repaint, d_k = 64 | the window | notebook route (PyTorch + matplotlib) | notebook / window |")
    print("|---|---:|---:|---:|")
    repaint = {}
    for n in (64, 512, 2048, 4096):
        ours_ms = figures.get(("gui", f"L=S={n},d_k=64"))
        nb = notebook_route(n, 64, 9 if n <= 512 else 5 if n <= 2048 else 3)
        repaint[n] = (ours_ms, nb)
        print(f"| L = S = {n} | {ours_ms:.3g} ms | {nb:.3g} ms | {nb / ours_ms:.1f} |")
    print()
    print("| change to finished repaint, the comparison view (scaled and not, two maps) | the window |")
    print("|---|---:|")
    for n in (64, 512, 2048):
        print(f"| L = S = {n}, d_k = 64 | {figures.get(('guiCompare', f'L=S={n},d_k=64')):.3g} ms |")
    heads_targets = multihead_rows(figures)
    print()
    print("| the program | median |")
    print("|---|---:|")
    for n in (2048, 4096):
        print(f"| longest GUI-thread block, 100 changes in a burst, L = S = {n} | "
              f"{figures.get(('guiBlocking', f'L=S={n},d_k=64')):.3g} ms |")
    first_frame, export, peak = program_figures()
    print(f"| start to first frame (--screenshot, whole process) | {first_frame:.0f} ms |")
    print(f"| --export of block 1 as PNG, end to end | {export:.0f} ms |")
    print(f"| peak memory, window at L = S = 4096 | {peak:.0f} MB |")

    print()
    print("| target | measured | met |")
    print("|---|---|---|")
    row = "L=S=2048,d_k=64"
    core, gemm = figures[("core", row)], figures[("gemm", row)]
    line("core at 2048/64 at least 20× Debian's PyTorch", f"{torch_ms[(2048, 64)] / core:.1f}×",
         torch_ms[(2048, 64)] / core >= 20)
    line("core at 2048/64 at most 1.5× the bare gemm", f"{core / gemm:.2f}×", core / gemm <= 1.5)
    ours_slow, torch_slow = slowdown[(2048, 64)]
    line("beside one busy process, the core slows down no more than PyTorch (2048/64)",
         f"{ours_slow:.2f}× against {torch_slow:.2f}×", ours_slow <= torch_slow)
    for n, target, factor in ((512, 10, 5), (2048, 25, 10)):
        ours_ms, nb = repaint[n]
        line(f"change to repaint at {n} under {target} ms", f"{ours_ms:.3g} ms", ours_ms < target)
        line(f"change to repaint at {n} at least {factor}× faster than the notebook route", f"{nb / ours_ms:.1f}×",
             nb / ours_ms >= factor)
    for target in heads_targets:
        line(*target)


if __name__ == "__main__":
    main()
