// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Why divide by sqrt(d_k), as an experiment: for each d_k, T seeded trials of one query against S keys
// drawn as direct mode draws them (trial t is torch.manual_seed(seed + t); q = randn(1, d_k) * sigma;
// K = randn(S, d_k) * sigma, exactly the Q and K of `--mode direct --len 1 --keys S --seed seed+t`), the
// row's softmax scaled (by the chosen scaling) and not scaled, and over the trials the mean and the
// 10th and 90th percentiles of: the row's entropy, its largest weight, the variance of its logits
// (the raw scores for the unscaled side) and the Frobenius norm of the softmax's Jacobian.

#include "params.h"

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

namespace attn {

struct SweepSettings
{
    std::vector<int> dks { 1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024 };
    int keys = 16; // S, at least 2 (a variance needs two scores)
    int trials = 200; // T
    std::uint64_t seed = 0;
    Scaling scaling = Scaling::InvSqrtDk; // the scaled side's (Custom uses customScale); the other is none
    double customScale = 1.0;
    int dModel = 512; // for Scaling::InvSqrtDModel: the model's width the mistake divides by
    double sigma = 1.0; // the inputs' scale
    // > 0: a third side, additive (Bahdanau) scores with this many hidden units, from the same q and K (its
    // W_1, W_2, v drawn after them, as --score additive draws them); 0: none.
    int additiveHidden = 0;

    bool operator==(const SweepSettings &o) const;
};

struct SweepLimits
{
    static constexpr int maxDk = 65536;
    static constexpr int maxKeys = 4096;
    static constexpr int maxTrials = 100000;
    static constexpr double maxWork = 4e9; // sum over d_k of trials * (S + 1) * d_k random draws
};

// Mean and the 10th and 90th percentiles (linear interpolation between order statistics, as
// numpy.percentile's default) of one quantity, one entry per d_k.
struct SweepBand
{
    std::vector<double> mean, p10, p90;
};

struct SweepSide
{
    SweepBand entropy; // nats; its most is ln S
    SweepBand maxWeight;
    SweepBand scoreVariance; // sample variance (divided by S - 1) of the S logits (raw scores when unscaled)
    SweepBand jacobianNorm; // ||diag(p) - p pᵀ||_F: sqrt(S - 1) / S for a uniform row, 0 one-hot, at most 1/2
};

struct SweepResult
{
    SweepSettings settings;
    SweepSide scaled, unscaled;
    std::optional<SweepSide> additive; // when settings.additiveHidden > 0
};

// The first problem with the settings, or nothing ("trials: must be from 1 to 100000 (got 0)").
std::optional<std::string> validateSweep(const SweepSettings &s);

// "1..1024" (the powers of two from the first to the last, both powers of two) or "1,3,64" (ascending
// whole numbers); the error names what is wrong.
std::optional<std::vector<int>> parseSweepValues(const std::string &text, std::string *error);

// The trial's Params: direct mode, L = 1, the given d_k, seed + trial, the settings' scaling and sigma.
Params sweepTrialParams(const SweepSettings &s, int dk, int trial, bool scaled);
// The additive side's: the same, with additive scores of settings.additiveHidden units.
Params sweepAdditiveParams(const SweepSettings &s, int dk, int trial);

// Runs the sweep on all cores. progress(fraction done) is called from the calling thread after each
// chunk of 256 trials; when it returns false the sweep stops and nothing is returned.
std::optional<SweepResult> runSweep(const SweepSettings &s, const std::function<bool(double)> &progress = {});

// {"d_k": [...], "keys": S, "trials": T, "seed": s, "scaling": "...", "sigma": 1, "ln_s": ..., "uniform_jacobian_norm":
// ...,
//  "scaled": {"entropy_mean": [...], "entropy_p10": [...], ...}, "unscaled": {...}}
void writeSweepJson(std::ostream &out, const SweepResult &r);
// One line per d_k, after a header line: d_k, the settings (keys, trials, seed, scaling, sigma), the
// factor the scaled side's scores were multiplied by at that d_k (scale), then each side's mean, p10
// and p90 of every quantity.
void writeSweepCsv(std::ostream &out, const SweepResult &r);

} // namespace attn
