#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The tests on a busy machine: one busy process (yes >/dev/null) per core runs beside them, as when other work shares
# the machine. Every test must pass there too: none may count events per second or compare a measured duration (what
# depends on time runs on a fake clock, tests/support/fake_clock.h).
#   tests/busy_machine.sh                    the whole CTest suite of both builds of ./build.sh test (build, build-fuzz)
#   tests/busy_machine.sh DIR...             the CTest suites of these build folders
#   tests/busy_machine.sh -- COMMAND [ARG...]  any command, e.g. -- .ci/run in a fresh clone
set -euo pipefail
cd "$(dirname "$0")/.."

cores=$(nproc 2>/dev/null || echo 2)
hogs=()
stop_hogs() { [ ${#hogs[@]} -eq 0 ] || kill "${hogs[@]}" 2>/dev/null || true; }
trap stop_hogs EXIT
for _ in $(seq "$cores"); do
  yes >/dev/null &
  hogs+=($!)
done
echo "busy_machine.sh: $cores busy processes beside the tests (${hogs[*]})"

if [ "${1:-}" = "--" ]; then
  shift
  SECONDS=0
  status=0
  "$@" || status=$?
  echo "== '$*' ended with status $status after $SECONDS s beside $cores busy processes"
  exit "$status"
fi

dirs=("$@")
[ ${#dirs[@]} -gt 0 ] || dirs=(build build-fuzz)
for dir in "${dirs[@]}"; do
  if [ ! -f "$dir/CTestTestfile.cmake" ]; then
    echo "busy_machine.sh: $dir has no tests (build it first: ./build.sh test)" >&2
    exit 2
  fi
done
for dir in "${dirs[@]}"; do
  SECONDS=0
  ctest --test-dir "$dir" --output-on-failure -j"$cores"
  echo "== $dir: every test passed in $SECONDS s beside $cores busy processes"
done
