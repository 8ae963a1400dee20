#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The layers hold for headers: a file compiled as the model layer is (its include folders, nothing more) finds the
# model's headers and not the widget layer's.   tests/check_layers.sh BUILD_DIR
set -u
build=$1
if ! out=$(cmake --build "$build" --target layer_probe_below 2>&1); then
  echo "a model header is not found from the model layer:"; echo "$out"; exit 1
fi
if out=$(cmake --build "$build" --target layer_probe_above 2>&1); then
  echo "a widget header was included from the model layer: the layers do not hold for headers"; exit 1
fi
if ! grep -q "widgets/main_window.h: No such file or directory" <<<"$out"; then
  echo "the probe failed for another reason than the missing widget header:"; echo "$out"; exit 1
fi
echo "from the model layer: model/attention_model.h found, widgets/main_window.h not found"
