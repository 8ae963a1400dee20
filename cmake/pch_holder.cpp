// SPDX-License-Identifier: GPL-3.0-or-later
// Nothing of its own: an object library built from this file makes a precompiled header that others reuse (the
// layers of Qt Core alone, app/CMakeLists.txt; the tests of one library, tests/CMakeLists.txt).
