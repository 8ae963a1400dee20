// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The --dump JSON: every setting, every tensor as nested arrays in row-major order (float32 values
// with 9 significant digits, masked logits as null), and the statistics.

#include "attention.h"
#include "message_text.h"
#include "mistakes.h"

#include <ostream>
#include <vector>

namespace attn {

// mistake: also written, as "mistake": {"name", "expression", "right_expression", "operands", "shape" (or null),
// "error" (or null), "weights" (or null), "row_sums" (or null), "pad" (the mask mistake's padded keys, or null)}.
// text: the warnings in the interface's language (none: in English).
void writeJson(
    std::ostream &out, const Result &r, const MistakeResult *mistake = nullptr, const MessageText &text = nullptr);

// One double as JSON, to 17 significant digits (it reads back exactly) in the C locale; null when not finite.
void writeJsonNumber(std::ostream &out, double v);
// s as a JSON string, quoted, with its quotes, backslashes and control characters escaped.
std::string jsonQuoted(const std::string &s);
// [a, b, ...] of writeJsonNumber's.
void writeJsonList(std::ostream &out, const std::vector<double> &v);

} // namespace attn
