// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The names of the settings' fields in JSON, one spelling for --dump's "params" (core/json_dump.cpp) and the
// "params" of scenarios, lessons and the stored settings (app/io/params_codec.cpp).

namespace attn::key {

inline constexpr char mode[] = "mode";
inline constexpr char batch[] = "batch";
inline constexpr char len[] = "len";
inline constexpr char keys[] = "keys";
inline constexpr char cross[] = "cross";
inline constexpr char dModel[] = "d_model";
inline constexpr char dK[] = "d_k";
inline constexpr char dV[] = "d_v";
inline constexpr char dvFollowsDk[] = "d_v_follows_d_k";
inline constexpr char keysFollowLen[] = "keys_follow_len";
inline constexpr char seed[] = "seed";
inline constexpr char scaling[] = "scaling";
inline constexpr char scale[] = "scale";
inline constexpr char init[] = "init";
inline constexpr char sigma[] = "sigma";
inline constexpr char score[] = "score";
inline constexpr char additiveHidden[] = "additive_hidden";
inline constexpr char softmaxDim[] = "softmax_dim";
inline constexpr char mask[] = "mask";
inline constexpr char maskCells[] = "mask_cells";
inline constexpr char maskFill[] = "mask_fill";
inline constexpr char maskConvention[] = "mask_convention";
inline constexpr char batchIndex[] = "batch_index";
inline constexpr char tokens[] = "tokens";
inline constexpr char positions[] = "positions";
inline constexpr char heads[] = "heads"; // the heads of nn.MultiheadAttention (multihead.h), when more than one
inline constexpr char loaded[] = "loaded"; // --dump only: the files Q, K, V came from
inline constexpr char vGiven[] = "v_given"; // --dump only

// What a scenario's "params" may hold (all but the dump's own).
inline constexpr const char *scenarioKeys[] = { mode, batch, len, keys, cross, dModel, dK, dV, dvFollowsDk,
    keysFollowLen, seed, scaling, scale, init, sigma, softmaxDim, mask, maskCells, maskFill, maskConvention, batchIndex,
    tokens, positions, score, additiveHidden, heads };

} // namespace attn::key
