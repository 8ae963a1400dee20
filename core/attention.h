// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The attention pipeline as pure functions: draw Q, K, V as PyTorch would, then
// scores = Q·Kᵀ, logits = scale and mask, weights = softmax, out = weights·V, and statistics.
// Stages are separate so a caller recomputes only what a change of settings invalidates.

#include "params.h"
#include "tensor.h"
#include "tolerance.h"

#include <limits>
#include <memory>
#include <string>
#include <vector>

namespace attn {

// The random tensors, drawn in PyTorch's order after torch.manual_seed(seed):
// projection: X (B,L,d_model), Y (B,S,d_model) for cross-attention, W_q, W_k (d_model,d_k), W_v (d_model,d_v)
// direct:     Q (B,L,d_k), K (B,S,d_k), V (B,S,d_v)
// then, for additive scores: W_1 (d_k,H), W_2 (d_k,H), v (H)
struct Inputs
{
    Tensor3 X, Y, Wq, Wk, Wv; // projection only; W_* have batch 1; Y only for cross-attention
    Tensor3 E; // projection with tokens: (1, distinct tokens, d_model), drawn in place of X
    Tensor3 Q, K, V;
    // Additive scores only, drawn after everything above: W_1, W_2 (1, d_k, H), v (1, 1, H).
    Tensor3 W1, W2, va;
};

struct ScoreMoments
{
    double mean = 0.0;
    double variance = 0.0; // population variance over all B·L·S entries
};

struct Statistics
{
    Table rowSums; // B by L
    Table colSums; // B by S
    Table rowEntropy; // B by L, nats
    Table colEntropy; // B by S, nats: -sum_i w_ij ln w_ij (a distribution's entropy for softmax dim -2)
    // The Frobenius norm of the softmax's Jacobian diag(p) - p·pᵀ at each distribution: the rows under
    // softmax over keys (colJacobian is then 0), the columns over queries (rowJacobian is then 0).
    Table rowJacobian; // B by L
    Table colJacobian; // B by S
    Table rowMax; // B by L: the largest weight of each query
    IndexTable rowArgmax; // B by L: the key holding it
    double maxRowEntropy = 0.0; // ln S
    double maxColEntropy = 0.0; // ln L
    ScoreMoments rawScores; // of Q·Kᵀ
    ScoreMoments scaledScores; // of Q·Kᵀ times the scale factor (before masking)
    double meanRowEntropy = 0.0; // over the rows of the shown batch element
};

// The scaled logits are not stored (it would double the memory traffic of the softmax): logitOf,
// isMasked and computeLogits give them from the scores when they are shown or written.
struct Attention
{
    Tensor3 weights; // (B,L,S)
    Tensor3 out; // (B,L,d_v)
    Statistics stats;
    std::vector<std::string> warnings;
};

// Inputs and scores are shared, so a result computed for new settings reuses them when only
// the scaling, mask, softmax dimension or shown batch element changed.
struct Result
{
    Params params;
    std::shared_ptr<const Inputs> inputs;
    std::shared_ptr<const Tensor3> scores; // (B,L,S) raw Q·Kᵀ
    Attention attention;
};

// The variance the scores are expected to have for these settings, over the random draws (the
// lecture's argument for the scale): the entries of Q and K are independent with mean 0, so
// Var(q·k) = d_k · Var(q_i) · Var(k_i). Direct mode draws them with variance 1: d_k. Projection
// mode draws X and W with variance 1, so q_i = Σ x_m W_mi has variance d_model: d_k · d_model².
// scaled = raw · scale². Not known (known = false) with position encodings, which are not random.
struct ExpectedVariance
{
    bool known = false;
    double entry = 0.0; // Var(q_i) = Var(k_i): σ² direct, σ²·d_model·Var(w) projected
    double raw = 0.0; // of Q·Kᵀ
    double scaled = 0.0; // of the logits (before masking)
    // The footnote's argument for ÷√d_k assumes entries of variance 1, so that the scaled scores have variance 1:
    // false when Var(q_i) is more than twice or less than half of 1 (block 1's randn weights: d_model = 8, and
    // ÷√d_k leaves d_model² = 64).
    bool unitEntries() const { return !known || (entry <= 2.0 && entry >= 0.5); }
};
ExpectedVariance expectedScoreVariance(const Params &p);

// @param[in] p  valid parameters (see validate)
Inputs drawInputs(const Params &p);

// (B,L,S) = Q·Kᵀ for each batch element.
Tensor3 computeScores(const Tensor3 &Q, const Tensor3 &K);

// The bound on every additive score, Σ_h |v_h| (tanh lies in [−1, 1]); 0 without additive draws.
double additiveScoreBound(const Inputs &in);

// (B,L,S): Bahdanau's score v·tanh(q_i·W_1 + k_j·W_2) for each query and key (float32, as NumPy computes it in
// float32: the projections first, then the sum over the hidden units).
Tensor3 computeAdditiveScores(
    const Tensor3 &Q, const Tensor3 &K, const Tensor3 &W1, const Tensor3 &W2, const Tensor3 &va);

// logits = scores times p.scaleFactor() (divided by sqrt(d_k) by default, as PyTorch code does),
// masked entries set to maskedLogit(p) (-inf, or -1e9).
Tensor3 computeLogits(const Tensor3 &scores, const Params &p);

// One scaled logit (not masked), rounded as computeLogits rounds it.
float logitOf(float score, const Params &p);

// What a masked logit becomes: -inf, or -1e9 for MaskFill::MinusBillion.
float maskedLogit(const Params &p);

// True where query i of batch element b may not look at key j under p's mask.
bool isMasked(const Params &p, int batch, int query, int key);
// True where that makes the weight 0: masked, unless the fill is -1e9 and the mask leaves the whole
// distribution (the row over keys, the column over queries) nothing, which is then uniform.
bool maskedOut(const Params &p, int batch, int query, int key);

// How many keys query i may look at under p's mask (S without one), and how many queries may look
// at key j (L without one).
int unmaskedKeys(const Params &p, int batch, int query);
int unmaskedQueries(const Params &p, int batch, int key);
// What a distribution spreads over: the unmasked ones, or all of them when none is and the fill is -1e9.
int visibleKeys(const Params &p, int batch, int query);
int visibleQueries(const Params &p, int batch, int key);
// The largest entropy row i (softmax over keys) or column j (over queries) can have: that of the
// uniform distribution over what it spreads over, ln(count) (0 when nothing is visible).
double maxRowEntropyOf(const Params &p, int batch, int query);
double maxColEntropyOf(const Params &p, int batch, int key);
// The softmax Jacobian's norm of that uniform distribution over what the mask leaves visible (what a
// row's or column's gradient is compared with; not its largest: two weights of 1/2 give 1/2).
double uniformRowJacobianOf(const Params &p, int batch, int query);
double uniformColJacobianOf(const Params &p, int batch, int key);

// Everything the views need after the scores: logits, weights, statistics (no output), with softmax,
// sums and entropies fused in one pass over each row, rows shared between the cores.
Attention attendWeights(const Tensor3 &scores, const Params &p);

// As attendWeights from Q and K: each block of rows is multiplied, written to *scores and taken
// through the softmax while it is still in the cache.
Attention attendFromInputs(const Tensor3 &Q, const Tensor3 &K, const Params &p, Tensor3 *scores);

// Everything after the scores: logits, weights, output and statistics.
// @param[in] scores  (B,L,S) from computeScores
// @param[in] V       (B,S,d_v)
Attention attend(const Tensor3 &scores, const Tensor3 &V, const Params &p);

// True when a and b draw the same Q, K and V (and so have the same scores).
bool sameInputs(const Params &a, const Params &b);

// The whole pipeline: drawInputs, computeScores, attend. When previous is given and its inputs
// are the same, its Q, K, V and scores are reused instead of recomputed.
Result compute(const Params &p, const Result *previous = nullptr);

} // namespace attn

namespace attn {

// What the explanation strip says about one batch element.
struct BatchSummary
{
    double maxWeight = 0.0; // the largest weight
    int maxQuery = 0, maxKey = 0; // where it is
    double meanRowMax = 0.0; // the rows' largest weights, averaged: how peaked a typical row is
    // Means over the rows (columns) the mask leaves at least one key (query) to:
    double meanRowEntropy = 0.0; // nats
    double meanMostRowEntropy = 0.0; // the most they can have: ln S, or ln of each row's visible keys on average
    double entropyFraction = 0.0; // meanRowEntropy / meanMostRowEntropy (0 when that is 0)
    double meanColEntropy = 0.0; // nats: the distributions' entropy when softmax runs over queries
    double meanMostColEntropy = 0.0; // ln L, or ln of each column's visible queries on average
    double colEntropyFraction = 0.0; // meanColEntropy / meanMostColEntropy
    int rowsNotSummingToOne = 0; // |row sum - 1| > tolerance (NaN rows are counted apart)
    int colsNotSummingToOne = 0;
    // Distributions (rows over keys, columns over queries) that are NaN: their scores hold NaN or +inf from
    // loaded values, as PyTorch makes them.
    int nanDistributions = 0;
    int fullyMasked = 0; // queries that may see no key (softmax over keys), or keys no query (over queries)
    int uniformMasked = 0; // those of them that masked_fill(-1e9) makes uniform (MaskFill::MinusBillion)
    // The softmax Jacobian's Frobenius norm averaged over the distributions the mask leaves something to.
    double meanJacobianNorm = 0.0;
    // Its value at a uniform distribution, sqrt(n - 1) / n for n = S (or L over queries); 0 at a one-hot
    // one. (Not the largest: two weights of 1/2 give 1/2, the most any distribution gives.)
    double uniformJacobianNorm = 0.0;
    // Under a mask: a uniform distribution's norm over what each one may see, averaged as meanJacobianNorm
    // (uniformJacobianNorm without a mask).
    double meanUniformJacobianNorm = 0.0;
};

BatchSummary summarize(const Result &r, int batch, double tolerance = kSumTolerance);

// The distribution of one batch element's scores (raw Q·Kᵀ, or the scaled logits without the masked
// ones): a histogram normalised to a density (its bars' areas sum to 1), with the sample's mean and
// standard deviation (divided by n).
struct ScoreHistogram
{
    double lo = 0.0, hi = 0.0; // the bins' range; bin k covers lo + k·width .. lo + (k + 1)·width
    std::vector<double> density;
    double mean = 0.0, sd = 0.0;
    int count = 0; // scores counted
    double width() const { return density.empty() ? 0.0 : (hi - lo) / double(density.size()); }
};
// bins: 0 picks about sqrt(n), from 8 to 40. The range covers the data and +-3 expectedSd around 0
// (so that the N(0, expected variance) curve drawn over it is seen whole); expectedSd 0: the data only.
ScoreHistogram scoreHistogram(const Result &r, int b, bool scaled, double expectedSd = 0.0, int bins = 0);

// For batch element b, the Frobenius norm of the softmax's Jacobian at each distribution: each row
// (softmax over keys, L values) or each column (over queries, S values). A fully masked one has 0.
// (Statistics::rowJacobian or colJacobian, made in the softmax's pass.)
std::vector<double> jacobianNorms(const Result &r, int b);

} // namespace attn
