#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Static checks: clang-tidy with the checks .clang-tidy names (bugprone, performance, modernize) over the
# Qt-free core (core/*.cpp), every warning an error. Two files at a time; about a minute on two cores.
#   tests/check_tidy.sh BUILD_DIR     (BUILD_DIR holds compile_commands.json; CLANG_TIDY may name the binary)
# (The extra argument: clang does not know a GCC warning flag of the build.) The window's code (app/) is
# not checked here: Qt's and QCustomPlot's headers make it ten minutes on two cores.
set -uo pipefail
build="${1:?usage: $0 BUILD_DIR}"
cd "$(dirname "$0")/.."
tidy="${CLANG_TIDY:-clang-tidy}"
if ! command -v "$tidy" >/dev/null 2>&1; then
  echo "tidy check: clang-tidy not found (Debian: apt-get install clang-tidy; ./build.sh test installs it)" >&2
  exit 1
fi
if [ ! -f "$build/compile_commands.json" ]; then
  echo "tidy check: no $build/compile_commands.json (configure with CMAKE_EXPORT_COMPILE_COMMANDS=ON)" >&2
  exit 1
fi
mapfile -t files < <(ls core/*.cpp)
out=$(printf '%s\n' "${files[@]}" | xargs -P 2 -n 1 "$tidy" -p "$build" --quiet --extra-arg=-Wno-unknown-warning-option 2>&1)
status=$?
if [ $status -ne 0 ]; then
  grep -E "error:|warning:" -A3 <<<"$out"
  echo "tidy check: clang-tidy found problems in core/ ($("$tidy" --version | grep -m 1 -i version))"
  exit 1
fi
echo "tidy check: ${#files[@]} files of core/ clean"
