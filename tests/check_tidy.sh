#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Static checks: clang-tidy with the checks .clang-tidy names (bugprone, performance, modernize), every warning an
# error, over the sources of core/ and app/ (what CI checks).
#   tests/check_tidy.sh BUILD_DIR [FOLDER...]   (FOLDER: core and/or app, both by default; BUILD_DIR holds
#                                                compile_commands.json; CLANG_TIDY may name the binary)
# The sources are checked a few layers at a time, each group as one translation unit (tests/tidy_units.py
# writes them into BUILD_DIR/tidy): the checks walk every declaration of Eigen's and Qt's headers once per unit,
# not once per file, which takes a few times less. A finding names the source file and line as before. Left out
# for the units only: bugprone-suspicious-include, which would flag the units' own #include of .cpp files.
set -uo pipefail
build="${1:?usage: $0 BUILD_DIR [core] [app]}"
shift
folders=("$@")
[ ${#folders[@]} -eq 0 ] && folders=(core app)
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
join() { local IFS=,; echo "$*"; }
units=()
count=0
for f in "${folders[@]}"; do
  case "$f" in
    # The core with the layers of Qt Core alone; the drawing and widget layers with the program's main.
    core) units+=("core=$(join core/*.cpp)"); count=$((count + $(ls core/*.cpp | wc -l))) ;;
    app) units+=("layers=$(join app/model/*.cpp app/io/*.cpp app/cli/*.cpp)"
                 "window=$(join app/render/*.cpp app/widgets/*.cpp app/main.cpp)")
         count=$((count + $(ls app/main.cpp app/*/*.cpp | wc -l))) ;;
    *) echo "tidy check: unknown folder $f (core or app)" >&2; exit 2 ;;
  esac
done
paths=$(python3 tests/tidy_units.py "$build" "$build/tidy" "${units[@]}") || exit 1
out=$(printf '%s\n' $paths | xargs -P 2 -n 1 "$tidy" -p "$build/tidy" --config-file=.clang-tidy \
  --checks=-bugprone-suspicious-include --quiet 2>&1)
status=$?
if [ $status -ne 0 ]; then
  grep -E "error:|warning:" -A3 <<<"$out"
  echo "tidy check: clang-tidy found problems in ${folders[*]} ($("$tidy" --version | grep -m 1 -i version))"
  exit 1
fi
echo "tidy check: ${count} files of ${folders[*]} clean"
