// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Why divide by sqrt(d_k), as training: one attention layer learns W_q and W_k on a task that needs
// attention (value retrieval), twice from the same initial weights and the same batches, scaled and
// not scaled. Without the scale the softmax saturates, its gradient vanishes and SGD stalls (the
// lecture's 训练不收敛).
//
// The task, per example: tokens X (L × d_model), values V (L × d_v), a target position t and a
// query q = X[t] + noise · ε; logits_j = (q·W_q)·(X_j·W_k) × scale; w = softmax(logits);
// out = Σ_j w_j V_j; the example's loss is ‖out − V_t‖², the step's loss its mean over the batch.
// It is right (accuracy) when its largest weight is on the target.
//
// Draws, in PyTorch's order after torch.manual_seed(seed) (float32, as PyTorch draws them, then
// computed in float64): W_q = randn(d_model, d_k), W_k = randn(d_model, d_k), each times
// 1/√d_model (init N(0, 1/d_model)) or not (randn, the lecture's); then for every step
// X = randn(B, L, d_model), V = randn(B, L, d_v), t = randint(0, L, (B,)), ε = randn(B, d_model).
// Accuracy is also measured, at every step, on kHeldOutExamples examples never trained on: drawn as one batch, in the
// same order, from a second generator seeded with seed + 1 (torch.Generator().manual_seed(seed + 1)).
// Every sum runs in a fixed order and no CPU-dependent function is called, so a run gives the same bits on every
// x86-64 CPU, in every build and with any OMP_NUM_THREADS (training.cpp).
// tests/reference/make_training_fixtures.py does the same in PyTorch with autograd and torch.optim.

#include "params.h"
#include "torch_generator.h"

#include <Eigen/Core>

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

namespace attn {

using MatrixD = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

enum class Optimizer { Sgd, Adam };
enum class TrainInit { Normal, Randn }; // N(0, 1/d_model), or randn as the lecture draws
inline constexpr Named<Optimizer> kOptimizerNames[] = { { Optimizer::Sgd, "sgd" }, { Optimizer::Adam, "adam" } };
inline constexpr Named<TrainInit> kTrainInitNames[]
    = { { TrainInit::Normal, "normal" }, { TrainInit::Randn, "randn" } };

std::string optimizerName(Optimizer o); // "sgd", "adam"
std::optional<Optimizer> parseOptimizer(const std::string &text);
std::string trainInitName(TrainInit i); // "normal", "randn"
std::optional<TrainInit> parseTrainInit(const std::string &text);
// SGD 0.5, Adam 0.01: where both learn when scaled (measured; docs/user-guide.md, Training).
double defaultLearningRate(Optimizer o);

struct TrainSettings
{
    int dK = 256;
    int steps = 300;
    Optimizer optimizer = Optimizer::Sgd;
    double learningRate = 0.5;
    int batch = 64; // B
    int length = 16; // L, the tokens (keys) per example
    int dModel = 32;
    int dV = 8;
    // The query's noise: q = X[t] + noise · ε. At 1 the unscaled run stays within twice chance at seed 0 and the
    // scaled one reaches 0.97 (docs/user-guide.md, Training).
    double noise = 1.0;
    std::uint64_t seed = 0;
    TrainInit init = TrainInit::Normal;
    // The scaled run's scaling (÷√d_k by default; Custom uses customScale); the other run is never scaled.
    Scaling scaling = Scaling::InvSqrtDk;
    double customScale = 1.0;

    bool operator==(const TrainSettings &o) const;
    // The scaled run's factor (1/√d_k by default; ÷√d_model uses this layer's d_model).
    double scaledFactor() const;
};

// The examples of the held-out set (accuracy in steps of 1/512).
inline constexpr int kHeldOutExamples = 512;

struct TrainLimits
{
    static constexpr int maxDk = 4096;
    static constexpr int maxSteps = 100000;
    static constexpr int maxBatch = 1024;
    static constexpr int maxLength = 256;
    static constexpr int maxDModel = 256;
    static constexpr int maxDV = 256;
    static constexpr double maxLearningRate = 1000;
    static constexpr double maxNoise = 100;
    // Multiply-adds of all steps of both runs (3 · d_model² · d_k per step and run, plus the batch's
    // own work): about a minute on one core.
    static constexpr double maxWork = 2e11;
};

// The first problem with the settings, or nothing ("d_k: must be from 1 to 4096 (got 0)").
std::optional<std::string> validateTraining(const TrainSettings &s);

// One step's examples. X and V hold example b's token j in row b·L + j.
struct TrainBatch
{
    MatrixD X; // (B·L) × d_model
    MatrixD V; // (B·L) × d_v
    MatrixD query; // B × d_model: X[b, t_b] + noise · ε_b
    std::vector<int> target; // B positions t_b in [0, L)
    int size() const { return int(target.size()); }
    int length() const { return size() ? int(X.rows()) / size() : 0; }
};

// Draws the next batch from g as the header says (X, V, t, ε).
TrainBatch drawTrainBatch(TorchGenerator &g, const TrainSettings &s);

// The forward pass on a batch and, when asked, the hand-derived gradients of the loss.
struct TrainEvaluation
{
    double loss = 0; // mean over the batch of ‖out − V_t‖²
    double accuracy = 0; // the share of examples whose largest weight is on the target
    double maxWeight = 0; // the mean of each example's largest weight (1: one-hot, saturated)
    double targetWeight = 0; // the mean weight on the target
    MatrixD weights; // B × L
    MatrixD gradWq, gradWk; // d_model × d_k (empty without gradients)
    double gradNorm = 0; // √(‖∂loss/∂W_q‖² + ‖∂loss/∂W_k‖²)
};
TrainEvaluation evaluateTraining(
    const MatrixD &Wq, const MatrixD &Wk, double scale, const TrainBatch &batch, bool gradients = true);

// Per step, measured on that step's batch before its update.
struct TrainHistory
{
    std::vector<double> loss, accuracy, gradNorm, maxWeight, targetWeight;
    std::vector<double> heldOutAccuracy; // on the held-out examples, with the same weights
    int size() const { return int(loss.size()); }
};
// Every curve of a history, for code that handles them all alike.
inline constexpr std::vector<double> TrainHistory::*kTrainCurves[] = { &TrainHistory::loss, &TrainHistory::accuracy,
    &TrainHistory::gradNorm, &TrainHistory::maxWeight, &TrainHistory::targetWeight, &TrainHistory::heldOutAccuracy };

// NOLINTNEXTLINE(bugprone-reserved-identifier): clang-tidy 14 reads the parameter of the implicit copy, __i0, as ours
struct TrainSide
{
    double scale = 1; // the logits' factor
    MatrixD Wq, Wk; // now
    MatrixD adamM[2], adamV[2]; // Adam's moments of W_q and W_k
    MatrixD gradWq0, gradWk0; // the gradients of the first step
    TrainHistory history;
};

// Both runs, stepped together on the same batches.
// NOLINTNEXTLINE(bugprone-reserved-identifier): clang-tidy 14 reads the parameter of the implicit copy, __i0, as ours
class TrainingRun
{
public:
    // The settings must be valid (validateTraining).
    explicit TrainingRun(const TrainSettings &s);

    const TrainSettings &settings() const { return m_settings; }
    int stepsDone() const { return m_side[0].history.size(); }
    bool finished() const { return stepsDone() >= m_settings.steps; }
    // One step of both runs on the next batch (nothing once finished).
    void step();
    // 0: the scaled run, 1: not scaled.
    const TrainSide &side(int i) const { return m_side[i]; }
    const MatrixD &initWq() const { return m_initWq; }
    const MatrixD &initWk() const { return m_initWk; }
    // The first step's batch (drawn when the run is made): its first examples are the ones watched.
    const TrainBatch &firstBatch() const { return m_firstBatch; }
    // The examples accuracy is measured on and never trained on.
    const TrainBatch &heldOut() const { return m_heldOut; }
    // The attention rows of the first batch's first `rows` examples under the side's weights now.
    MatrixD watchedWeights(int side, int rows) const;

private:
    void update(TrainSide &side, const TrainEvaluation &e) const;

    TrainSettings m_settings;
    TorchGenerator m_generator;
    MatrixD m_initWq, m_initWk;
    TrainBatch m_firstBatch;
    TrainBatch m_heldOut;
    TrainSide m_side[2];
};

// What the Training window and its pictures show of a run: the curves, and the attention rows of the
// first batch's first examples (the watched ones) with their targets.
// NOLINTNEXTLINE(bugprone-reserved-identifier): clang-tidy 14 reads the parameter of the implicit copy, __i0, as ours
struct TrainingSnapshot
{
    TrainSettings settings;
    double scale[2] = { 1, 1 }; // 0: the scaled run, 1: not scaled
    TrainHistory history[2];
    MatrixD watched[2]; // rows × L
    std::vector<int> watchedTargets;
    int steps() const { return history[0].size(); }
};
TrainingSnapshot snapshotOf(const TrainingRun &run, int watchedRows);

// The median of v's last `window` values at each index (fewer at the start; the mean of the two middle
// ones for an even count): the gradient norm is spiky, its running median is the trend.
std::vector<double> runningMedian(const std::vector<double> &v, int window);

// Runs every step. progress(steps done) is called every 16 steps; when it returns false the run stops
// and nothing is returned.
std::optional<TrainingRun> runTraining(const TrainSettings &s, const std::function<bool(int)> &progress = {});

// {"steps": [0, 1, ...], "settings": {...}, "scaled": {"scale": f, "loss": [...], "accuracy": [...],
//  "grad_norm": [...], "max_weight": [...], "target_weight": [...], "held_out_accuracy": [...], "grad_W_q_step0":
//  [[...]], "grad_W_k_step0": [[...]]}, "unscaled": {the same}, "init": {"W_q": [[...]], "W_k": [[...]]}, "batch0":
//  {"X": [B][L][d_model], "V": [B][L][d_v], "query": [B][d_model], "target": [B]}, "held_out": {"examples": 512,
//  "seed": seed + 1}}
void writeTrainingJson(std::ostream &out, const TrainingRun &run);
// One line per step after a header: step, then each run's loss, accuracy, gradient norm, largest and
// target weight, held-out accuracy.
void writeTrainingCsv(std::ostream &out, const TrainingRun &run);

} // namespace attn
