// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What the window and the pictures call the settings, in the interface's language.

#include "model/view_state.h"

#include <QString>

#include <iterator>

// "d_k = 64, scaled by 1/√64, softmax over keys (dim −1), causal mask  (L = 5, S = 5, seed 0)"
QString settingsTitle(const attn::Params &p);
// "scaled by 1/√64", "not scaled", "scaled by 0.5"
QString scalingLabel(const attn::Params &p);

// The scalings the Why-scale and Training windows offer for their scaled (blue) side, in their lists' order (the
// orange side is never scaled).
inline constexpr attn::Scaling kScalingChoices[]
    = { attn::Scaling::InvSqrtDk, attn::Scaling::InvDk, attn::Scaling::InvSqrtDModel, attn::Scaling::QuarterEach };
inline constexpr int kScalingChoiceCount = int(std::size(kScalingChoices));
// A scaling as a list offers it: "÷√d_k (the lecture's)", "not scaled", "÷d_k (too much)", "÷√d_model (the
// multi-head mistake)", "d_k^−¼ on q and on k (= ÷√d_k)", "custom factor". Every list of scalings uses these.
QString scalingChoiceText(attn::Scaling s);
// The scaled side of a sweep or a training run in a legend: "÷√d_k", "÷d_k", "÷√d_model (d_model = 32)",
// "d_k^−¼ on q and on k", "× 0.3", "not scaled".
QString scalingLegend(attn::Scaling s, int dModel, double customScale);
// What changed from was to now, with the values where they are numbers: "d_k 256 → 512", "not scaled → scaled by
// 1/√64", "softmax dim −1 → −2", "the mask"; more than three: "several settings". Empty when they are equal.
QString settingsChange(const attn::Params &was, const attn::Params &now);
// "softmax over keys (dim −1)" or "softmax over queries (dim −2)"
QString softmaxDimLabel(const attn::Params &p);
// What one side of a comparison shows that the other does not, e.g. "not scaled" or "d_k = 256".
QString compareLabel(const attn::Params &p, CompareKind kind);
// The title of a comparison: the settings both sides share.
QString compareTitle(const attn::Params &p, CompareKind kind);
