// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// core's runTraining(s), made once per settings in a test program: the default runs (d_k = 256, 300 steps) are
// looked at by several tests, and one takes 10 to 12 s under the sanitizers. nullptr when the settings are refused.

#include "training.h"

#include <optional>
#include <utility>
#include <vector>

inline const attn::TrainingRun *trainingOnce(const attn::TrainSettings &s)
{
    static std::vector<std::pair<attn::TrainSettings, std::optional<attn::TrainingRun>>> made;
    for (const auto &[settings, run] : made)
        if (settings == s)
            return run ? &*run : nullptr;
    made.emplace_back(s, attn::runTraining(s));
    return made.back().second ? &*made.back().second : nullptr;
}
