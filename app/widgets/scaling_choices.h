// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The scalings the "Why scale?" and Training windows offer for their blue side, in their lists' order
// (the orange side is never scaled).

#include "params.h"

#include <iterator>

inline constexpr attn::Scaling kScalingChoices[]
    = { attn::Scaling::InvSqrtDk, attn::Scaling::InvDk, attn::Scaling::InvSqrtDModel, attn::Scaling::QuarterEach };
inline constexpr int kScalingChoiceCount = int(std::size(kScalingChoices));
