// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Every setting of one attention computation, as a plain value type, with its validation.

#include "names.h"

#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace attn {

struct LoadedInputs; // loaded.h

enum class Mode { Projection, Direct }; // Q = X·W_q ... , or Q, K, V drawn directly
// How the scores become logits. InvSqrtDk is the lecture's; the others are found in real code:
// none, 1/d_k, 1/sqrt(d_model) (multi-head code dividing by the model's width instead of the head's),
// and d_k^-1/4 on q and on k (equivalent to 1/sqrt(d_k)), or any factor.
enum class Scaling { InvSqrtDk, None, Custom, InvDk, InvSqrtDModel, QuarterEach };
// How projection mode draws W_q, W_k, W_v: randn (the lecture's), randn / sqrt(d_model), or as
// PyTorch's nn.Linear(d_model, d, bias=False) initialises its weight (kaiming-uniform, bound
// 1/sqrt(d_model), drawn as (d, d_model) and stored transposed).
enum class Init { Randn, Scaled, Linear };
// The mask: none; causal (query i sees keys 0..i); padding (the last N keys of each batch element, N the
// same for all or one per element); or any pattern, edited cell by cell (shared by the batch elements).
enum class MaskKind { None, Causal, Pad, Custom };
// What a masked logit becomes: -inf (a boolean mask, is_causal, or an additive -inf float mask), or -1e9
// (the common idiom scores.masked_fill(mask, -1e9)). They differ only where everything is masked: -inf gives
// NaN in PyTorch (0 here, with a warning), -1e9 gives uniform weights, in PyTorch as here.
enum class MaskFill { NegInf, MinusBillion };
// How a boolean mask tensor is read, shown and dumped (the computation is the same): F.scaled_dot_product_
// attention's attn_mask (True = take part), or nn.MultiheadAttention's key_padding_mask and attn_mask
// (True = ignore, not allowed).
enum class MaskConvention { Sdpa, Mha };
// How a query and a key are scored: the scaled dot product q·k (times the scaling), or Bahdanau's additive
// score v·tanh(q·W_1 + k·W_2) with a hidden layer of H units (not scaled: tanh keeps it bounded).
enum class Score { Dot, Additive };

struct Params
{
    Mode mode = Mode::Projection;
    int batch = 1;
    int queryLength = 5; // L
    int keyLength = 5; // S
    bool cross = false; // projection: K and V from a second sequence Y even when S == L
    int dModel = 8;
    static constexpr int kDefaultDk = 4;
    int dK = kDefaultDk;
    int dV = 4;
    std::uint64_t seed = 0; // torch.manual_seed(seed)
    Scaling scaling = Scaling::InvSqrtDk;
    double customScale = 1.0; // used when scaling == Custom: logits = scores * customScale
    Init init = Init::Randn; // projection mode: how the weights are drawn
    double sigma = 1.0; // the inputs' scale: X = sigma * randn (projection), Q, K = sigma * randn (direct)
    int softmaxDim = -1; // -1: over keys (rows sum to 1); -2: over queries (columns sum to 1)
    Score score = Score::Dot;
    int additiveHidden = 8; // H, for Score::Additive: W_1, W_2 = randn(d_k, H), v = randn(H), drawn after the rest
    MaskKind mask = MaskKind::None;
    int padCount = 0; // MaskKind::Pad: the last padCount keys are masked (in every batch element)
    // MaskKind::Pad with one count per batch element (pad:N1,N2,...; B of them); empty: padCount for all.
    std::vector<int> padPerBatch;
    // MaskKind::Custom: L x S cells, row-major, 1 where query i may not look at key j (every batch element).
    std::vector<std::uint8_t> customMask;
    int customCols = 0; // the S that customMask is laid out with (normalize() follows a change of L or S)
    MaskFill maskFill = MaskFill::NegInf;
    MaskConvention maskConvention = MaskConvention::Sdpa;
    int batchIndex = 0; // the batch element the views show
    // Optional words on the axes. Projection mode: each distinct token has its own embedding row
    // (E = randn(distinct tokens, d_model) is drawn in place of X, then X[b, i] = E[id of token i]),
    // so repeated words give identical rows and columns; L = S = number of tokens.
    std::vector<std::string> tokens;
    bool positions = false; // projection with tokens: add sinusoidal position encodings to X
    // Links between settings, kept by normalize() in params_edit.h: d_v = d_k, and S = L.
    bool dvFollowsDk = true;
    bool keysFollowLength = true;
    // Direct mode with Q, K, V from files (loaded.h) in place of the draws: they fix B, L, S, d_k and d_v.
    std::shared_ptr<const LoadedInputs> loaded;
    // Not a setting (never saved, read or shown as one): the right side of Comparison::Sdpa, whose weights and out are
    // F.scaled_dot_product_attention's as PyTorch 2's math kernel orders them (sdpa.h): q and k each times
    // √(scale factor), then the product, the mask as −∞ and the softmax over the keys, whatever the settings' dim
    // and fill say.
    bool sdpaKernel = false;

    // The number of padded keys of batch element b (MaskKind::Pad).
    int padOf(int b) const
    {
        return padPerBatch.empty() ? padCount : padPerBatch[std::size_t(std::clamp(b, 0, int(padPerBatch.size()) - 1))];
    }

    bool hasTokenEmbeddings() const { return mode == Mode::Projection && !tokens.empty(); }

    // Projection mode draws a second sequence Y for the keys and values.
    bool isCross() const { return mode == Mode::Projection && tokens.empty() && (cross || keyLength != queryLength); }
    // The factor the scores are multiplied by (1/sqrt(d_k) by default; 1 for additive scores).
    double scaleFactor() const;

    bool operator==(const Params &o) const; // (loaded inputs: the same ones, sameLoaded)
    bool operator!=(const Params &o) const { return !(*this == o); }
};

// The settings, one bit each, as changedSettings reports them.
enum Setting : unsigned {
    SettingMode = 1U << 0,
    SettingBatch = 1U << 1,
    SettingQueryLength = 1U << 2, // L
    SettingKeyLength = 1U << 3, // S
    SettingCross = 1U << 4,
    SettingDModel = 1U << 5,
    SettingDk = 1U << 6,
    SettingDv = 1U << 7,
    SettingSeed = 1U << 8,
    SettingScaling = 1U << 9, // the rule and a custom factor (and sdpaKernel)
    SettingInit = 1U << 10,
    SettingSigma = 1U << 11,
    SettingSoftmaxDim = 1U << 12,
    SettingMask = 1U << 13, // kind, padding counts, custom cells
    SettingMaskFill = 1U << 14,
    SettingMaskConvention = 1U << 15,
    SettingBatchIndex = 1U << 16,
    SettingTokens = 1U << 17,
    SettingPositions = 1U << 18,
    SettingLinks = 1U << 19, // d_v follows d_k, S follows L
    SettingScore = 1U << 20, // dot or additive, and H
    SettingLoaded = 1U << 21, // Q, K, V from files
};
// The same loaded inputs: the same object, or nn.MultiheadAttention's heads drawn from the same settings.
bool sameLoaded(const std::shared_ptr<const LoadedInputs> &a, const std::shared_ptr<const LoadedInputs> &b);
// Which settings differ between a and b (0 exactly when a == b), compared as operator== compares them. Undo
// merges a run of changes to the same settings, as a slider's drag makes, into one step.
unsigned changedSettings(const Params &a, const Params &b);

// Limits of the settings, shared by the command line, the widgets and validation.
struct Limits
{
    static constexpr int maxBatch = 4096;
    static constexpr int maxLength = 65536;
    static constexpr int maxDim = 65536;
    static constexpr double maxSeconds = 15; // estimated computing time of one change (estimatedSeconds)
    static constexpr double maxScale
        = 1e6; // |custom scale factor|: far beyond any useful temperature, and finite in float
    static constexpr int maxHidden = 4096; // H of additive attention
    static constexpr int maxCustomMaskSide = 256; // L and S of a mask edited cell by cell
    static constexpr double minSigma = 1e-3; // the inputs' scale sigma: from 0.001 to 1000
    static constexpr double maxSigma = 1e3;
};

struct ValidationError
{
    std::string field; // the parameter's command-line name without dashes, e.g. "d-k"; "memory" or "work" for the sizes
                       // together
    std::string message; // what is wrong, e.g. "must be from 1 to 65536 (got 0)"
};

// Bytes the computation would allocate for its tensors (inputs, scores, weights, output, and the
// transposed copies softmax over queries works on).
std::uint64_t estimatedBytes(const Params &p);

// A generous estimate of the seconds compute(p) takes from scratch (random draws and multiply-adds).
double estimatedSeconds(const Params &p);

// Half of this machine's physical memory: what one computation's tensors may take.
std::uint64_t defaultMemoryBudget();

// The first problem with p, or nothing when p can be computed within memoryBudget bytes.
std::optional<ValidationError> validate(const Params &p, std::uint64_t memoryBudget);

// The settings' values as text, the one spelling that the command line, files and the dump share: one table each.
inline constexpr Named<Mode> kModeNames[] = { { Mode::Projection, "projection" }, { Mode::Direct, "direct" } };
inline constexpr Named<Scaling> kScalingNames[] = { { Scaling::InvSqrtDk, "inv_sqrt_d_k" }, { Scaling::None, "none" },
    { Scaling::Custom, "custom" }, { Scaling::InvDk, "inv_d_k" }, { Scaling::InvSqrtDModel, "inv_sqrt_d_model" },
    { Scaling::QuarterEach, "quarter_each" } };
// The command line's spelling of --scaling (no custom: that is --scale F).
inline constexpr Named<Scaling> kScalingOptions[] = { { Scaling::InvSqrtDk, "sqrt-d-k" }, { Scaling::None, "none" },
    { Scaling::InvDk, "d-k" }, { Scaling::InvSqrtDModel, "sqrt-d-model" }, { Scaling::QuarterEach, "quarter-each" } };
inline constexpr Named<Score> kScoreNames[] = { { Score::Dot, "dot" }, { Score::Additive, "additive" } };
inline constexpr Named<Init> kInitNames[]
    = { { Init::Randn, "randn" }, { Init::Scaled, "scaled" }, { Init::Linear, "linear" } };
inline constexpr Named<MaskFill> kMaskFillNames[]
    = { { MaskFill::NegInf, "-inf" }, { MaskFill::MinusBillion, "-1e9" } };
inline constexpr Named<MaskConvention> kMaskConventionNames[]
    = { { MaskConvention::Sdpa, "sdpa" }, { MaskConvention::Mha, "mha" } };

std::string modeName(Mode m); // "projection" | "direct"
std::optional<Mode> parseMode(const std::string &text);
// "inv_sqrt_d_k" | "none" | "custom" | "inv_d_k" | "inv_sqrt_d_model" | "quarter_each"
std::string scalingName(Scaling s);
std::optional<Scaling> parseScaling(const std::string &text);
// The command line's spelling: "sqrt-d-k" | "none" | "d-k" | "sqrt-d-model" | "quarter-each" ("custom" for Custom,
// which the command line gives as --scale F).
std::string scalingOption(Scaling s);
std::optional<Scaling> parseScalingOption(const std::string &text);
std::string scoreName(Score s); // "dot" | "additive"
std::optional<Score> parseScore(const std::string &text);
std::string initName(Init i); // "randn" | "scaled" | "linear"
std::optional<Init> parseInit(const std::string &text);
// "none" | "causal" | "pad:N" | "pad:N1,N2,..." (one per batch element) | "custom:ROWS", ROWS the L rows of
// S characters joined by '/', '.' where the query looks at the key and 'x' where it may not: "custom:.x/..".
std::string maskName(const Params &p);
// Sets p's mask (mask, padCount, padPerBatch, customMask) from that text, against p's batch, queryLength and
// keyLength: pad counts from 0 to S, one or B of them; a custom pattern of exactly L rows of S cells (L and
// S at most Limits::maxCustomMaskSide). Leaves p unchanged and says what is wrong when the text is not one.
bool parseMask(const std::string &text, Params &p, std::string *error);
std::string maskFillName(MaskFill f); // "-inf" | "-1e9"
std::optional<MaskFill> parseMaskFill(const std::string &text);
std::string maskConventionName(MaskConvention c); // "sdpa" | "mha"
std::optional<MaskConvention> parseMaskConvention(const std::string &text);

// For each token, the index of its first occurrence among the distinct tokens: "a b a" -> 0 1 0.
std::vector<int> tokenIds(const std::vector<std::string> &tokens, int *distinct = nullptr);

// Sinusoidal position encoding (Vaswani et al.): column c of position pos is sin (c even) or cos
// (c odd) of pos / 10000^(2 floor(c/2) / d_model).
double positionEncoding(int pos, int column, int dModel);

} // namespace attn
