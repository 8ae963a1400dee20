#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Reads the cell values of the lecture's matrices off presentation-mode screenshots with OCR, as a
student at the back of the room would read them off the projector.

For each of the four presets at 1280x720 and 1920x1080, in presentation mode and in the window beside its
settings (and in Chinese, presented at 1280x720), and each step of the built-in lesson in presentation mode at 1280x720 (the size where cells are smallest; the steps at 1920x1080 were left out to keep CI within
its 15 minutes):
  attention-viz ... --presentation --size WxH --screenshot shot.png
  convert shot.png -colorspace Gray -resize 200% big.png      (ImageMagick)
  tesseract big.png - --psm 11                                 (Debian's tesseract-ocr)
(and, for values that sparse-text reading did not find, tesseract's own page layout, --psm 3: a row of
large bold numbers on dark cells a few lines high, block 2's 1 x 6 map, is passed over by --psm 11 as a
graphic, picture and crop alike, though --psm 3 and a person read every value of it)
and every value the heatmap writes in its cells (both sides of a comparison; 4 decimals for
weights, 2 for scores and logits; masked cells have none) must be among the numbers OCR read.
The expected values come from the program's own --dump of the same state (the core's numbers,
which the other tests hold to PyTorch). Matrices larger than 8 x 8 are left out: their cells are
too small for numbers at these sizes (tests/widgets/tst_layout.cpp says the same).

usage: ocr_cells.py ATTENTION_VIZ_BINARY [WORK_DIR]
Prints what was read and missed per picture. Exit status 1 when a preset's picture (either mode, either
size) has fewer than 90% of its values read, a lesson step's fewer than 75%, or the pictures of either mode
together fewer than 90%. (OCR is not a person: looked at by eye, the
values it misses are legible; they are black on mid-tone or yellow cells, where tesseract's binarising
loses them. Before the adaptive layout, 720p presentation cells were 7 to 12 pixels and read 0%.)
"""
import collections
import concurrent.futures
import json
import math
import os
import re
import subprocess
import sys
import tempfile

SIZES = ["1280x720", "1920x1080"]
MODES = ["presentation", "window"]
PRESETS = ["qkv-basics", "why-scale", "sdpa-check", "wrong-dim"]
LESSON_STEPS = 8
MAX_SIDE = 8


def run(binary, args):
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    done = subprocess.run([binary] + args, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(args)}: exit {done.returncode}: {done.stderr.strip()}")
    return done.stdout


def scenario_of(binary, args, work):
    path = os.path.join(work, "scenario.json")
    run(binary, args + ["--save-scenario", path])
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def written_values(binary, args, quantity):
    """The texts the heatmap writes into its cells for this state."""
    dump = json.loads(run(binary, args + ["--dump", "-"]))
    p = dump["params"]
    if p["len"] > MAX_SIDE or p["keys"] > MAX_SIDE:
        return None
    matrix = dump[quantity][p["batch_index"]]
    decimals = 4 if quantity == "weights" else 2
    values = []
    for i, row in enumerate(matrix):
        for j, v in enumerate(row):
            masked = (p["mask"] == "causal" and j > i) or v is None or (isinstance(v, float) and math.isinf(v))
            if p["mask"].startswith("pad"):
                masked = masked or j >= p["keys"] - int(p["mask"].split(":")[1])
            if not masked:
                values.append(f"{abs(v):.{decimals}f}")  # OCR may drop or misread a minus sign
    return values


def partner_args(scenario, dump_params):
    kind = scenario.get("compare", "none")
    if kind == "scaling":
        if dump_params["scaling"] == "none":
            return ["--scale", repr(1.0 / math.sqrt(dump_params["d_k"]))]
        return ["--no-scale"]
    if kind == "softmax-dim":
        return ["--softmax-dim", "-1" if dump_params["softmax_dim"] == -2 else "-2"]
    return None


def read_picture(binary, work, name, args, size, mode, expected):
    shot = os.path.join(work, f"{name.replace(' ', '-')}-{mode}-{size}.png")
    big = shot.replace(".png", "-gray2x.png")
    run(binary, args + (["--presentation"] if mode == "presentation" else []) + ["--size", size, "--screenshot", shot])
    negative = shot.replace(".png", "-gray2x-negative.png")
    subprocess.run(["convert", shot, "-colorspace", "Gray", "-resize", "200%", big], check=True)
    subprocess.run(["convert", big, "-negate", negative], check=True)
    env = dict(os.environ, OMP_THREAD_LIMIT="1")
    # Read as it is and as its negative: tesseract reads dark text on light, and a heatmap has both
    # (white numbers on dark cells, black ones on light cells), as a reader's eye adapts to both. A
    # value counts as read as often as the better of the two passes read it.
    # (The negative is not read when the picture itself gave every value: it could add nothing.)
    read = collections.Counter()
    want = collections.Counter(expected)
    for picture, layout in ((big, "11"), (negative, "11"), (big, "3"), (negative, "3")):
        text = subprocess.run(["tesseract", picture, "-", "--psm", layout], capture_output=True, text=True,
                              check=True, env=env).stdout
        read |= collections.Counter(re.findall(r"\d+\.\d+", text))
        if not want - read:
            break
    return name, size, mode, sum(want.values()), want - read


def main():
    binary = os.path.abspath(sys.argv[1])
    work = sys.argv[2] if len(sys.argv) > 2 else tempfile.mkdtemp(prefix="ocr-cells-")
    os.makedirs(work, exist_ok=True)
    cases = [(p, ["--preset", p]) for p in PRESETS]
    cases += [(f"lesson step {n}", ["--lesson", "lecture", "--step", str(n)]) for n in range(1, LESSON_STEPS + 1)]
    failures, poor = 0, 0
    jobs = []
    for name, args in cases:
        scenario = scenario_of(binary, args, work)
        quantity = {"scores": "scores", "logits": "logits"}.get(scenario.get("display", {}).get("show"), "weights")
        params = json.loads(run(binary, args + ["--dump", "-"]))["params"]
        expected = written_values(binary, args, quantity)
        if expected is None:
            print(f"{name}: {params['len']} x {params['keys']}, larger than {MAX_SIDE} x {MAX_SIDE}: no values written, skipped")
            continue
        extra = partner_args(scenario, params)
        if extra is not None:
            expected += written_values(binary, args + extra, quantity)
        for mode in MODES if name in PRESETS else MODES[:1]:
            for size in SIZES if name in PRESETS else SIZES[:1]:
                jobs.append((name, args, size, mode, expected))
        if name in PRESETS:
            # The lecture is in Chinese: each preset presented in Chinese at the smaller size too (its
            # taller CJK lines once left block 2's comparison side by side with cells too small for numbers).
            jobs.append((name + " zh", args + ["--lang", "zh"], SIZES[0], MODES[0], expected))
    # Two at a time (the machines have two cores); tesseract itself on one thread each.
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(lambda job: read_picture(binary, work, *job), jobs))
    read = {mode: [0, 0] for mode in MODES}
    for name, size, mode, n_want, missed in results:
        n_missed = sum(missed.values())
        status = "ok" if n_missed == 0 else "MISSED " + " ".join(sorted(missed.elements()))
        print(f"{name} {mode} {size}: read {n_want - n_missed} of {n_want} cell values: {status}")
        read[mode][0] += n_want - n_missed
        read[mode][1] += n_want
        failures += n_missed > 0
        least = 0.9 if name.removesuffix(" zh") in PRESETS else 0.75
        if n_want - n_missed < least * n_want:
            print(f"  FAIL: fewer than {least:.0%} of the values read")
            poor += 1
    for mode in MODES:
        print(f"in all, {mode} mode: {read[mode][0]} of {read[mode][1]} cell values read")
    print(f"{failures} pictures with values missed")
    return 1 if poor or any(r < 0.9 * w for r, w in read.values()) else 0

if __name__ == "__main__":
    sys.exit(main())
