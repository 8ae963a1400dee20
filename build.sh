#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The README's two commands:
#   ./build.sh run [options]   install what is needed, build, start attention-viz (options go to the program)
#   ./build.sh test            install what is needed, build, run every test through CTest
# and for packagers:
#   ./build.sh deb             install what is needed, build for any x86-64 CPU, make the DEB package (cpack)
# On Debian 12 (bookworm). Run as root or as a user who may use sudo.
set -euo pipefail
cd "$(dirname "$0")"

what="${1:-}"
case "$what" in
  run|test|deb) shift ;;
  *) echo "usage: $0 run [attention-viz options] | $0 test | $0 deb" >&2; exit 2 ;;
esac

# Build tools, Qt 6, QCustomPlot, Eigen; the platform plugins and fonts (Chinese too) to draw text.
packages=(cmake ninja-build lld g++ pkg-config
          qt6-base-dev qt6-svg-dev qt6-tools-dev qt6-l10n-tools qt6-qpa-plugins qt6-translations-l10n
          libqt6svg6 libeigen3-dev libqcustomplot-dev libquazip1-qt6-dev libgl-dev
          fonts-noto-cjk fonts-dejavu-core fonts-dejavu-extra)

# The tests also read exported PDFs (pdftotext) and open .npy files with NumPy; clang-format
# for the format check, clang-tidy (and the OpenMP header clang needs to read the core) for the static
# checks; tesseract and ImageMagick read the presentation screenshots' numbers.
[ "$what" = test ] && packages+=(poppler-utils python3-numpy clang-format clang-tidy libomp-14-dev tesseract-ocr imagemagick)
# and clang's libFuzzer with its sanitizers for a short run of every fuzz target; Debian's PyTorch runs the
# scripts Edit > Copy as PyTorch code writes (/usr/bin/python3).
[ "$what" = test ] && packages+=(clang libclang-rt-14-dev python3-torch)
# and the validators of the installed launcher and metainfo, and a desktop menu's definition read as a desktop
# reads it (the test `install`).
[ "$what" = test ] && packages+=(desktop-file-utils appstream python3-xdg lxmenu-data hicolor-icon-theme)

# dpkg-shlibdeps finds the package's dependencies.
[ "$what" = deb ] && packages+=(dpkg-dev file)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  echo "Installing: ${missing[*]}"
  $sudo apt-get update
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y --no-install-recommends "${packages[@]}"
fi

jobs=$(nproc 2>/dev/null || echo 2)
# Ninja and lld (a test links in a quarter of GNU ld's time); a folder configured before with Makefiles is
# configured afresh (its objects are rebuilt).
tools=(-G Ninja -DATTENTION_VIZ_LLD=ON)
tests/fresh_generator.sh build build-deb build-fuzz
if [ "$what" = deb ]; then
  # Not tuned to this machine's CPU, no tests; installed under /usr. Install with apt-get install ./build-deb/*.deb
  cmake "${tools[@]}" -S . -B build-deb -DCMAKE_BUILD_TYPE=Release -DATTENTION_VIZ_NATIVE=OFF -DBUILD_TESTING=OFF \
    -DCMAKE_INSTALL_PREFIX=/usr
  cmake --build build-deb -j"$jobs"
  (cd build-deb && cpack -G DEB)
  exit 0
fi
# How long each part of the test run took, from the start of the build (CI's budget is 15 minutes).
took() { echo "== $1: $SECONDS s since the build started"; }
SECONDS=0
# run and test configure build/ alike (the same options, so the same compiler flags): after one of them, the other
# compiles only what it adds (run: the program alone; test: the tests), nothing of the program again.
release=(-S . -B build -DCMAKE_BUILD_TYPE=Release -DATTENTION_VIZ_WERROR=ON -DBUILD_TESTING=ON -DATTENTION_VIZ_ALL_TESTS=OFF)
if [ "$what" = test ]; then
  # Two builds:
  # 1. the release build (GCC, -O3, tuned to this CPU): the program, the core's tests (the numbers bit for bit as
  #    users get them), the stress test of the window, the benchmarks, and the checks of the sources and of the program (format, clang-tidy,
  #    translations, OCR of presentation screenshots, install);
  cmake "${tools[@]}" "${release[@]}"
  cmake --build build -j"$jobs"
  took "release build built"
  ctest --test-dir build --output-on-failure -j"$jobs"
  took "its tests passed"
  # 2. the sanitizer build (clang, AddressSanitizer and UBSan, leaks reported): first every reader of outside data
  #    fuzzed for a short while from the committed seeds (tests/fuzz/run.sh), then every test of every layer, the
  #    window's too, the core's again.
  tests/fuzz/run.sh build-fuzz "${FUZZ_SECONDS:-8}" -DATTENTION_VIZ_WERROR=ON
  took "fuzzed"
  cmake --build build-fuzz -j"$jobs"
  took "sanitizer build built"
  ctest --test-dir build-fuzz --output-on-failure -j"$jobs"
  took "its tests passed"
  # 3. the two builds train alike: the default run's same bits from GCC -march=native and clang generic (the release
  #    build's test same_training compared 1 and 2 threads and Adam's run).
  RUNS=sgd THREADS=2 ASAN_OPTIONS=detect_leaks=0 tests/same_training.sh build/app/attention-viz build-fuzz/app/attention-viz
  took "both builds trained alike"
  exit 0
fi
# run: the program alone (no tests), then started with the options given.
cmake "${tools[@]}" "${release[@]}"
cmake --build build -j"$jobs" --target attention-viz
exec build/app/attention-viz "$@"
