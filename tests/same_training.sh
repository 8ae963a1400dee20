#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Training gives the same bits everywhere (core/training.h): the default runs' whole --train --dump (SGD and Adam:
# every curve, the first step's gradients, the draws) from each PROGRAM given, with OMP_NUM_THREADS 1 and 2, are
# one and the same file. build.sh test runs it over the release build (GCC, -march=native) and the sanitizer build
# (clang, generic x86-64) with RUNS=sgd THREADS=2 (a run takes 30 s under the sanitizers); the release build's
# CTest over its own program.
#   [RUNS="sgd adam"] [THREADS="1 2"] tests/same_training.sh PROGRAM...
set -euo pipefail
[ $# -ge 1 ] || { echo "usage: $0 PROGRAM..." >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
status=0
for run in ${RUNS:-sgd adam}; do
  first=""
  for program in "$@"; do
    for threads in ${THREADS:-1 2}; do
      out="$work/$run-$(echo "$program" | tr / _)-$threads.json"
      OMP_NUM_THREADS=$threads "$program" --train --optimizer "$run" --dump "$out"
      if [ -z "$first" ]; then
        first=$out
        label="$program with OMP_NUM_THREADS=$threads"
      elif ! cmp -s "$first" "$out"; then
        echo "$run: $program with OMP_NUM_THREADS=$threads differs from $label:" >&2
        cmp "$first" "$out" >&2 || true
        status=1
      fi
    done
  done
  [ $status -eq 0 ] && echo "$run: the same $(wc -c <"$first") bytes from $# program(s), threads ${THREADS:-1 2}"
done
exit $status
