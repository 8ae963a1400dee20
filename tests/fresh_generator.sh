#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The builds use Ninja (build.sh, tests/fuzz/run.sh). A build folder configured before with another generator
# (Makefiles) cannot be reconfigured with Ninja: its cache is removed, so the next configure starts afresh.
#   tests/fresh_generator.sh BUILD_DIR...
for dir in "$@"; do
  cache="$dir/CMakeCache.txt"
  if [ -f "$cache" ] && ! grep -q '^CMAKE_GENERATOR:INTERNAL=Ninja$' "$cache"; then
    echo "$dir was configured with another generator: configuring it afresh for Ninja"
    rm -rf "$cache" "$dir/CMakeFiles"
  fi
done
