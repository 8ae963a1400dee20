// SPDX-License-Identifier: GPL-3.0-or-later
// Nothing of its own: the object library built from this file makes the precompiled header the tests of one
// library share (tests/CMakeLists.txt, attention_test_pch).
