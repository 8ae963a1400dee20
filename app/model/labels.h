// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What the window and the pictures call the settings, in the interface's language.

#include "model/view_state.h"

#include <QString>

// "d_k = 64, scaled by 1/√64, softmax over keys (dim −1), causal mask  (L = 5, S = 5, seed 0)"
QString settingsTitle(const attn::Params &p);
// "scaled by 1/√64", "not scaled", "scaled by 0.5"
QString scalingLabel(const attn::Params &p);
// "softmax over keys (dim −1)" or "softmax over queries (dim −2)"
QString softmaxDimLabel(const attn::Params &p);
// What one side of a comparison shows that the other does not, e.g. "not scaled" or "d_k = 256".
QString compareLabel(const attn::Params &p, CompareKind kind);
// The title of a comparison: the settings both sides share.
QString compareTitle(const attn::Params &p, CompareKind kind);
