// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The --dump JSON: every setting, every tensor as nested arrays in row-major order (float32 values
// with 9 significant digits, masked logits as null), and the statistics.

#include "attention.h"
#include "message_text.h"
#include "mistakes.h"
#include "multihead.h"

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

namespace attn {

// mistake: also written, as "mistake": {"name", "expression", "right_expression", "operands", "shape" (or null),
// "error" (or null), "weights" (or null), "row_sums" (or null), "pad" (the mask mistake's padded keys, or null)}.
// text: the warnings in the interface's language (none: in English).
void writeJson(
    std::ostream &out, const Result &r, const MistakeResult *mistake = nullptr, const MessageText &text = nullptr);

// About how many bytes writeJson writes for p (a ceiling from measured dumps: 16 bytes a float32, 24 a double;
// with a mistake, its weights once more), so that --dump can refuse a file nobody can open before spending
// half a minute writing it (5,000 tokens: 948 MB).
std::uint64_t estimatedJsonBytes(const Params &p, bool withMistake = false);
// The most --dump writes: beyond it, the numbers go to .npy files (--export FILE.npy) or smaller sizes.
inline constexpr std::uint64_t kMaxJsonBytes = std::uint64_t(256) << 20;
// "" when estimatedJsonBytes(p) is within kMaxJsonBytes, else what to do instead (for "--dump: ...").
std::string jsonTooLarge(const Params &p, bool withMistake = false);

// --init mha --dump: the settings, X, in_proj_weight (3·d_model, d_model), out_proj_weight, Q, K, V (before the
// split into heads), head_weights (B, h, L, S), weights (their average, as average_attn_weights=True gives it),
// concat, out (after W_O), each head's mean row entropy and the multiply-adds against one head of d_model.
void writeMultiheadJson(std::ostream &out, const MultiheadResult &r);
// A ceiling on what writeMultiheadJson writes (as estimatedJsonBytes).
std::uint64_t estimatedMultiheadJsonBytes(const MultiheadSettings &s);

// One double as JSON, to 17 significant digits (it reads back exactly) in the C locale; null when not finite.
void writeJsonNumber(std::ostream &out, double v);
// s as a JSON string, quoted, with its quotes, backslashes and control characters escaped.
std::string jsonQuoted(const std::string &s);
// [a, b, ...] of writeJsonNumber's.
void writeJsonList(std::ostream &out, const std::vector<double> &v);

} // namespace attn
