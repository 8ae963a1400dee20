#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Fails, listing them, if any C++ file under core/ app/ tests/ is not formatted as .clang-format says.
# Pinned to Debian 12's clang-format 14: other versions format some constructs differently.
# CLANG_FORMAT may name the binary (CTest passes the one CMake found).
set -uo pipefail
cd "$(dirname "$0")/.."

clang_format="${CLANG_FORMAT:-clang-format}"
if ! command -v "$clang_format" >/dev/null 2>&1; then
  echo "format check: clang-format not found (Debian: apt-get install clang-format; ./build.sh test installs it)" >&2
  exit 1
fi

# Tracked files in a git checkout, every file otherwise (an unpacked source archive).
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  mapfile -t files < <(git ls-files -- 'core/*.cpp' 'core/*.h' 'app/*.cpp' 'app/*.h' 'tests/*.cpp' 'tests/*.h')
else
  mapfile -t files < <(find core app tests -type f \( -name '*.cpp' -o -name '*.h' \) | sort)
fi
if [ ${#files[@]} -eq 0 ]; then
  echo "format check: no files found" >&2
  exit 1
fi

bad=()
for f in "${files[@]}"; do
  if ! err=$("$clang_format" --dry-run --Werror "$f" 2>&1 >/dev/null); then
    bad+=("$f")
    # Not a formatting difference (e.g. a bad .clang-format): show what clang-format said.
    grep -q -- '-Wclang-format-violations' <<<"$err" || printf '%s\n' "$err" >&2
  fi
done

version=$("$clang_format" --version)
if [ ${#bad[@]} -gt 0 ]; then
  echo "format check: ${#bad[@]} of ${#files[@]} files are not formatted ($version):"
  printf '  %s\n' "${bad[@]}"
  echo "fix with: $clang_format -i <files>"
  exit 1
fi
echo "format check: all ${#files[@]} files formatted ($version)"
