#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Remakes the pictures of the README and docs/ (docs/*.png) from the built program, without a display:
#   tools/readme_pictures.sh [build/app/attention-viz]
set -euo pipefail
cd "$(dirname "$0")/.."
bin="${1:-build/app/attention-viz}"
export QT_QPA_PLATFORM=offscreen
shot() { "$bin" "$@"; }
# The window at a 720p projector's size and at full HD; presentation mode at both.
shot --preset qkv-basics --size 1280x720 --screenshot docs/window-1280x720.png
shot --preset wrong-dim --size 1920x1080 --screenshot docs/window-1920x1080.png
shot --preset wrong-dim --presentation --size 1280x720 --screenshot docs/presentation-1280x720.png
shot --preset why-scale --presentation --size 1920x1080 --screenshot docs/presentation-1920x1080.png
# Chinese: the window with block 2 unscaled; presentation mode at a lesson step.
shot --lang zh --mode direct --len 1 --keys 6 --d-k 64 --no-scale --gradient-panels --size 1280x720 \
  --screenshot docs/screenshot-zh.png
shot --lang zh --lesson lecture --step 4 --presentation --size 1280x720 --screenshot docs/presentation-zh.png
# An exported comparison.
shot --preset why-scale --export-compare scaling docs/why-scale.png --size 1000x450
# The Mistakes window: softmax over dim=-2 beside dim=-1.
shot --mistake softmax-dim --size 1280x720 --screenshot docs/mistakes-window.png
# The why-scale sweep's four panels.
shot --sweep d-k=1..1024 --export docs/why-scale-sweep.png --size 1000x700
# The Training window after its 300 steps, as a real window at 1280 × 720 (needs Xvfb, xdotool, ImageMagick).
if command -v Xvfb >/dev/null && command -v xdotool >/dev/null && command -v import >/dev/null; then
  Xvfb :77 -screen 0 1280x720x24 >/dev/null 2>&1 & xvfb=$!
  sleep 1
  DISPLAY=:77 QT_QPA_PLATFORM=xcb "$bin" --train >/dev/null 2>&1 & app=$!
  sleep 3
  DISPLAY=:77 xdotool mousemove 57 50 click 1 # Start: 300 steps at 100 a second
  sleep 6
  DISPLAY=:77 import -window root docs/training-window.png
  kill $app $xvfb
fi
echo "docs/: $(ls docs | tr '\n' ' ')"
