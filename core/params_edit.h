// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The editing rules, in one place. Every entry point (the settings widgets, the demo keys, lesson
// steps, the sweep, series, the command line, scenario files) changes Params through these functions,
// and the model normalises every Params it receives, so a rule cannot be applied in one place and
// forgotten in another.
//
// The rules:
//  - d_v follows d_k while Params::dvFollowsDk is set; giving d_v a value of its own unlinks it.
//  - S follows L while Params::keysFollowLength is set (self-attention over one sequence); giving S a
//    value of its own, or choosing cross-attention, unlinks it.
//  - a padding mask never masks more keys than there are.
//  - words on the axes are dropped when the lengths no longer match them; position encodings need
//    words in projection mode.
//  - the batch element shown exists.

#include "params.h"

#include <array>

namespace attn {

// Applies the links and the invariants above; everything else stays as it is.
void normalize(Params &p);

void setDk(Params &p, int dK); // d_v follows when linked
void setDv(Params &p, int dV); // unlinks d_v from d_k
void setDvFollowsDk(Params &p, bool on); // on: d_v = d_k from now on
void setQueryLength(Params &p, int L); // S follows when linked
void setKeyLength(Params &p, int S); // unlinks S from L
// On: S is set on its own (projection mode: keys and values from a second sequence Y, i.e.
// cross-attention). Off: self-attention, S = L.
void setSeparateKeys(Params &p, bool on);
void setMode(Params &p, Mode m); // direct mode has no second sequence
// Q, K, V from files in place of the draws (direct mode): they fix B, L, S, d_k and d_v; the settings' mask is
// kept, fitted to the files' keys. The only way loaded data enters the settings (command line, scenarios, window).
void setLoaded(Params &p, std::shared_ptr<const LoadedInputs> in);
// Sets the mask (one padCount for every batch element). The first custom mask starts from the mask shown;
// custom cells are kept under other masks and come back when Custom is chosen again.
void setMask(Params &p, MaskKind kind, int padCount = 0);
// A padding mask's count for batch element b alone (pad:N1,N2,...; back to pad:N when all are equal).
void setPadOf(Params &p, int b, int count);
// A custom mask's cell (query, key) masked or not, the other way round.
void toggleMaskCell(Params &p, int query, int key);

// The demo keys and the sweep.
void toggleScaling(Params &p); // none <-> 1/sqrt(d_k) (a custom factor counts as scaled)
void toggleSoftmaxDim(Params &p); // -1 <-> -2
// none -> causal -> last quarter of the keys padded (-> the custom cells, when there are) -> none
void nextMask(Params &p);
// Projection mode: randn (the lecture's) -> randn / sqrt(d_model) (entries of variance 1, the footnote's) ->
// nn.Linear's init -> randn. Direct mode and loaded data draw no weights: unchanged.
void nextInit(Params &p);
constexpr int kDemoMaxDk = 1024;
constexpr int kDemoMaxLength = 4096;
void doubleDk(Params &p); // up to kDemoMaxDk
void halveDk(Params &p); // down to 1
void stepQueryLength(Params &p, int delta); // within 1..kDemoMaxLength
void sweepDk(Params &p); // 1, 2, 4, ... kDemoMaxDk, then 1 again
void sweepLength(Params &p); // L = 1, 2, 4, ... kDemoMaxLength, then 1 again
// The other d_k of a d_k comparison when none is given (View > Compare, a scenario without "compare_d_k"): 16 times
// d_k, where the entropies part as block 2's do, at most kDemoMaxDk.
constexpr int comparisonDk(int dK)
{
    return std::min(16 * dK, kDemoMaxDk);
}

// Where the program starts, and what the command line's options change: the lecture's block 1 (X (2, 5, 8),
// W_q, W_k, W_v randn, d_k = 4, seed 0), which is Params' defaults with B = 2.
Params lectureBlock1();

// Two heatmaps of the same Q and K side by side.
enum class Comparison { None, Scaling, SoftmaxDim, Dk, Score, MaskFill, Sdpa };

// The settings of the two sides, always in the same order, for the window and for exports alike:
// Scaling: [scaled (p's factor, or 1/sqrt(d_k) when p is not scaled) | not scaled];
// SoftmaxDim: [over keys (dim -1) | over queries (dim -2)]; Dk: [p's d_k | otherDk];
// Score: [scaled dot product (p's scaling, or 1/sqrt(d_k) when p is additive) | additive (p's H)];
// Sdpa: [p, the manual line | F.scaled_dot_product_attention (sdpaKernel)].
// *currentSide: the side equal to p (0 or 1). None gives [p | p].
std::array<Params, 2> comparisonSides(const Params &p, Comparison kind, int otherDk, int *currentSide = nullptr);

} // namespace attn
