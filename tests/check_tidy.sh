#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Static checks: clang-tidy with the checks .clang-tidy names (bugprone, performance, modernize), every warning an
# error, two files at a time.
#   tests/check_tidy.sh BUILD_DIR [FOLDER...]   (FOLDER: core (the default, what CI checks) and/or app; BUILD_DIR
#                                                holds compile_commands.json; CLANG_TIDY may name the binary)
# (The extra arguments: clang does not know a GCC warning flag of the build; and the baseline x86-64 instead
# of this machine's CPU, which only changes the vector code Eigen's headers choose, not ours, and saves a
# fifth of the time: 17.7 s against 22.7 s for core/attention.cpp.) CI checks core/ only: app/'s 40 files took
# Qt's and QCustomPlot's headers through every check, 762 s on two cores (28 s for main_window.cpp).
set -uo pipefail
build="${1:?usage: $0 BUILD_DIR [core] [app]}"
shift
folders=("$@")
[ ${#folders[@]} -eq 0 ] && folders=(core)
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
files=()
for f in "${folders[@]}"; do
  case "$f" in
    core) files+=(core/*.cpp) ;;
    app) files+=(app/main.cpp app/*/*.cpp) ;;
    *) echo "tidy check: unknown folder $f (core or app)" >&2; exit 2 ;;
  esac
done
out=$(printf '%s\n' "${files[@]}" | xargs -P 2 -n 1 "$tidy" -p "$build" --quiet --extra-arg=-Wno-unknown-warning-option \
  --extra-arg=-march=x86-64 2>&1)
status=$?
if [ $status -ne 0 ]; then
  grep -E "error:|warning:" -A3 <<<"$out"
  echo "tidy check: clang-tidy found problems in ${folders[*]} ($("$tidy" --version | grep -m 1 -i version))"
  exit 1
fi
echo "tidy check: ${#files[@]} files of ${folders[*]} clean"
