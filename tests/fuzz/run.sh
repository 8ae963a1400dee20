#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Builds the libFuzzer targets with clang (AddressSanitizer, UBSan) and runs each for SECONDS from
# the committed seeds (copied to a temporary folder: the checkout is not changed), two at a time (one per
# core). Any crash, leak or sanitizer report fails the run and leaves the input that caused it in the
# temporary folder, named.
#   tests/fuzz/run.sh BUILD_DIR SECONDS [CMAKE_OPTIONS...]
# -O1 with line tables: compiled in half the time of -O2 -g, fast enough to fuzz (and to run the tests in: build.sh
# test builds the rest of this folder, what the fuzz targets do not reach at -O0: CMakeLists.txt), and a report
# still names file and line. For any x86-64: tuned to this CPU,
# the core compiled in half as long again, and the sanitizers look for the same mistakes.
set -euo pipefail
cd "$(dirname "$0")/../.."
build="${1:?usage: $0 BUILD_DIR SECONDS [CMAKE_OPTIONS...]}"
seconds="${2:?usage: $0 BUILD_DIR SECONDS [CMAKE_OPTIONS...]}"
shift 2
jobs=$(nproc 2>/dev/null || echo 2)
tests/fresh_generator.sh "$build"
ld=()
command -v ld.lld >/dev/null && ld=(-DATTENTION_VIZ_LLD=ON)
CXX=clang++ cmake -G Ninja -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -gline-tables-only -DNDEBUG" -DATTENTION_VIZ_NATIVE=OFF "${ld[@]}" \
  -DATTENTION_VIZ_FUZZ=ON "$@" >/dev/null
cmake --build "$build" -j"$jobs" --target fuzz_cli fuzz_scenario fuzz_lesson fuzz_arrays
work=$(mktemp -d)

fuzz() {
  local target=$1 dict=tests/fuzz/json.dict
  [ "$target" = cli ] && dict=tests/fuzz/cli.dict
  [ "$target" = arrays ] && dict=tests/fuzz/arrays.dict
  mkdir -p "$work/$target"
  cp -r "tests/fuzz/corpus/$target/." "$work/$target/"
  if QT_QPA_PLATFORM=offscreen LSAN_OPTIONS="suppressions=$PWD/tests/lsan.supp" \
      "$build/tests/fuzz/fuzz_$target" -max_total_time="$seconds" -dict="$dict" \
      -artifact_prefix="$work/crash-$target-" "$work/$target" >"$work/$target.log" 2>&1; then
    echo "fuzz_$target: $(grep -o 'Done [0-9]* runs in [0-9]* second(s)' "$work/$target.log"), nothing found"
  else
    echo "fuzz_$target FAILED (log and input in $work):"
    tail -n 40 "$work/$target.log"
    return 1
  fi
}

status=0
for pair in "cli scenario" "lesson arrays"; do
  pids=()
  for target in $pair; do
    fuzz "$target" >"$work/$target.result" &
    pids+=($!)
  done
  for i in "${!pids[@]}"; do
    wait "${pids[$i]}" || status=1
  done
  for target in $pair; do
    cat "$work/$target.result"
  done
done
[ $status -eq 0 ] && rm -rf "$work"
exit $status
