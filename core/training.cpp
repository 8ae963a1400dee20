// SPDX-License-Identifier: GPL-3.0-or-later
#include "training.h"
#include "parallel.h"

#include "json_dump.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <ostream>
#include <sstream>

namespace attn {

std::string optimizerName(Optimizer o)
{
    return nameIn(kOptimizerNames, o);
}

std::optional<Optimizer> parseOptimizer(const std::string &text)
{
    return parseIn(kOptimizerNames, text);
}

std::string trainInitName(TrainInit i)
{
    return nameIn(kTrainInitNames, i);
}

std::optional<TrainInit> parseTrainInit(const std::string &text)
{
    return parseIn(kTrainInitNames, text);
}

double defaultLearningRate(Optimizer o)
{
    return o == Optimizer::Adam ? 0.01 : 0.5;
}

bool TrainSettings::operator==(const TrainSettings &o) const
{
    return dK == o.dK && steps == o.steps && optimizer == o.optimizer && learningRate == o.learningRate
        && batch == o.batch && length == o.length && dModel == o.dModel && dV == o.dV && noise == o.noise
        && seed == o.seed && init == o.init && scaling == o.scaling
        && (scaling != Scaling::Custom || customScale == o.customScale);
}

double TrainSettings::scaledFactor() const
{
    Params p;
    p.dK = dK;
    p.dModel = dModel;
    p.scaling = scaling;
    p.customScale = customScale;
    return p.scaleFactor();
}

namespace {

std::string outside(const char *name, double lo, double hi, double got)
{
    std::ostringstream s;
    s.imbue(std::locale::classic());
    s << name << ": must be from " << lo << " to " << hi << " (got " << got << ")";
    return s.str();
}

} // namespace

std::optional<std::string> validateTraining(const TrainSettings &s)
{
    struct Whole
    {
        const char *name;
        int value, lo, hi;
    };
    for (const Whole &w : { Whole { "d_k", s.dK, 1, TrainLimits::maxDk },
             Whole { "steps", s.steps, 1, TrainLimits::maxSteps }, Whole { "batch", s.batch, 1, TrainLimits::maxBatch },
             Whole { "length", s.length, 2, TrainLimits::maxLength },
             Whole { "d_model", s.dModel, 1, TrainLimits::maxDModel }, Whole { "d_v", s.dV, 1, TrainLimits::maxDV } })
        if (w.value < w.lo || w.value > w.hi)
            return outside(w.name, w.lo, w.hi, w.value);
    if (!(s.learningRate > 0 && s.learningRate <= TrainLimits::maxLearningRate))
        return std::isfinite(s.learningRate) && s.learningRate <= 0
            ? std::string("learning rate: must be more than 0")
            : outside("learning rate", 0, TrainLimits::maxLearningRate, s.learningRate);
    if (!(s.noise >= 0 && s.noise <= TrainLimits::maxNoise))
        return outside("noise", 0, TrainLimits::maxNoise, s.noise);
    if (s.scaling == Scaling::None)
        return std::string("scaling: the scaled run cannot be unscaled (the other run is the unscaled one)");
    if (s.scaling == Scaling::Custom && !(std::isfinite(s.customScale) && s.customScale != 0))
        return std::string("scale: must be a finite number other than 0");
    const double perStep = 3.0 * s.dModel * s.dModel * s.dK + double(s.batch) * s.length * (2.0 * s.dModel + 2.0 * s.dV)
        + double(s.batch) * s.dModel * s.dModel;
    if (2.0 * perStep * s.steps > TrainLimits::maxWork) {
        std::ostringstream m;
        m.imbue(std::locale::classic());
        m << "too much work: " << s.steps << " steps at d_k = " << s.dK << ", d_model = " << s.dModel << ", batch "
          << s.batch << " would take over a minute; lower the steps, d_k, d_model or the batch";
        return m.str();
    }
    return std::nullopt;
}

namespace {

// n values of randn, as float32, widened.
void randnInto(TorchGenerator &g, double *out, std::size_t n, double factor = 1.0)
{
    std::vector<float> v = g.randn(n);
    for (std::size_t i = 0; i < n; ++i)
        out[i] = double(v[i]) * factor;
}

} // namespace

TrainBatch drawTrainBatch(TorchGenerator &g, const TrainSettings &s)
{
    const int B = s.batch, L = s.length;
    TrainBatch b;
    b.X.resize(Eigen::Index(B) * L, s.dModel);
    b.V.resize(Eigen::Index(B) * L, s.dV);
    randnInto(g, b.X.data(), std::size_t(b.X.size()));
    randnInto(g, b.V.data(), std::size_t(b.V.size()));
    // torch.randint(0, L, (B,)): one 32-bit draw per value, taken modulo L.
    b.target.resize(std::size_t(B));
    for (int &t : b.target)
        t = int(g.random() % std::uint32_t(L));
    b.query.resize(B, s.dModel);
    randnInto(g, b.query.data(), std::size_t(b.query.size()));
    for (int e = 0; e < B; ++e)
        b.query.row(e) = b.X.row(Eigen::Index(e) * L + b.target[std::size_t(e)]) + s.noise * b.query.row(e);
    return b;
}

namespace {

// e^x for x ≤ 0 (a logit minus its row's largest), the same bits on every x86-64 CPU and in every build: x = k·ln 2 + r
// (Cody and Waite's two-part ln 2, |r| ≤ ln 2 / 2), e^r by its Taylor series to r¹³ (truncation below 1e-17
// relative), then ·2^k exactly. Every operation is one IEEE double operation: this file is compiled without
// fused multiply-adds (core/CMakeLists.txt), and no library exp whose variant depends on the CPU is called.
double fixedExp(double x)
{
    if (x < -745.2)
        return 0.0;
    constexpr double log2e = 1.4426950408889634, ln2Hi = 6.93147180369123816490e-01, ln2Lo = 1.90821492927058770002e-10;
    const double k = std::nearbyint(x * log2e);
    const double r = (x - k * ln2Hi) - k * ln2Lo;
    double p = 1.0 / 6227020800.0; // 1/13!
    for (const double c : { 1.0 / 479001600.0, 1.0 / 39916800.0, 1.0 / 3628800.0, 1.0 / 362880.0, 1.0 / 40320.0,
             1.0 / 5040.0, 1.0 / 720.0, 1.0 / 120.0, 1.0 / 24.0, 1.0 / 6.0, 0.5, 1.0, 1.0 })
        p = p * r + c;
    return std::ldexp(p, int(k));
}

// C = A·B for row-major A (n × m) and B (m × p): each C(i, j) summed over m in order (the inner loop runs over j, so
// a vectorising compiler keeps that order).
MatrixD product(const MatrixD &A, const MatrixD &B)
{
    MatrixD C = MatrixD::Zero(A.rows(), B.cols());
    for (Eigen::Index i = 0; i < A.rows(); ++i) {
        double *c = C.row(i).data();
        for (Eigen::Index k = 0; k < A.cols(); ++k) {
            const double a = A(i, k);
            const double *b = B.row(k).data();
            for (Eigen::Index j = 0; j < B.cols(); ++j)
                c[j] += a * b[j];
        }
    }
    return C;
}

// C = Aᵀ·B for A (m × n) and B (m × p), summed over m in order.
MatrixD transposedProduct(const MatrixD &A, const MatrixD &B)
{
    MatrixD C = MatrixD::Zero(A.cols(), B.cols());
    for (Eigen::Index k = 0; k < A.rows(); ++k) {
        const double *b = B.row(k).data();
        for (Eigen::Index i = 0; i < A.cols(); ++i) {
            const double a = A(k, i);
            double *c = C.row(i).data();
            for (Eigen::Index j = 0; j < B.cols(); ++j)
                c[j] += a * b[j];
        }
    }
    return C;
}

// Σ a_i b_i over n values, in order.
double dot(const double *a, const double *b, Eigen::Index n)
{
    double s = 0;
    for (Eigen::Index i = 0; i < n; ++i)
        s += a[i] * b[i];
    return s;
}

double squaredNorm(const MatrixD &m)
{
    return dot(m.data(), m.data(), m.size());
}

// d_model × d_model: logits_j = scale · q M X_jᵀ with M = W_q W_kᵀ, M(a, b) = Σ_c W_q(a, c) W_k(b, c).
MatrixD scoreMatrix(const MatrixD &Wq, const MatrixD &Wk)
{
    MatrixD M(Wq.rows(), Wk.rows());
    for (Eigen::Index a = 0; a < M.rows(); ++a)
        for (Eigen::Index b = 0; b < M.cols(); ++b)
            M(a, b) = dot(Wq.row(a).data(), Wk.row(b).data(), Wq.cols());
    return M;
}

// evaluateTraining with M = scoreMatrix(W_q, W_k) made by the caller (a step uses it for its batch and the held-out
// examples).
TrainEvaluation evaluateWith(
    const MatrixD &M, const MatrixD &Wq, const MatrixD &Wk, double scale, const TrainBatch &batch, bool gradients)
{
    // Every sum runs in a fixed order (no Eigen product or reduction, whose order depends on the CPU's vector width
    // and on the threads), so a run gives the same bits on every machine, in every build, with any OMP_NUM_THREADS.
    const int B = batch.size(), L = batch.length();
    const Eigen::Index dModel = Wq.rows(), dV = batch.V.cols();
    const MatrixD U = product(batch.query, M); // B × d_model
    TrainEvaluation e;
    e.weights.resize(B, L);
    MatrixD R; // B × d_model: Σ_j ∂loss/∂logit_j · X_j
    if (gradients)
        R.setZero(B, dModel);
    double loss = 0, right = 0, largest = 0, onTarget = 0;
    std::vector<double> diff(static_cast<std::size_t>(dV)), dLogit(static_cast<std::size_t>(L));
    for (int b = 0; b < B; ++b) {
        const Eigen::Index first = Eigen::Index(b) * L;
        double *w = e.weights.row(b).data();
        double top = -std::numeric_limits<double>::infinity();
        for (int j = 0; j < L; ++j) {
            w[j] = dot(batch.X.row(first + j).data(), U.row(b).data(), dModel) * scale;
            top = std::max(top, w[j]);
        }
        double z = 0;
        for (int j = 0; j < L; ++j)
            z += (w[j] = fixedExp(w[j] - top));
        int best = 0; // the first of equal largest weights, as torch.argmax
        for (int j = 0; j < L; ++j) {
            w[j] /= z;
            if (w[j] > w[best])
                best = j;
        }
        const int t = batch.target[std::size_t(b)];
        std::fill(diff.begin(), diff.end(), 0.0);
        for (int j = 0; j < L; ++j) {
            const double *v = batch.V.row(first + j).data();
            for (Eigen::Index k = 0; k < dV; ++k)
                diff[std::size_t(k)] += w[j] * v[k];
        }
        const double *vt = batch.V.row(first + t).data();
        for (Eigen::Index k = 0; k < dV; ++k)
            diff[std::size_t(k)] -= vt[k];
        loss += dot(diff.data(), diff.data(), dV);
        largest += w[best];
        right += best == t ? 1 : 0;
        onTarget += w[t];
        if (!gradients)
            continue;
        // ∂loss/∂out = 2 diff / B; ∂/∂w_j = that · V_j; through the softmax: w_j (dw_j − Σ_i w_i dw_i).
        double mean = 0;
        for (int j = 0; j < L; ++j) {
            dLogit[std::size_t(j)] = dot(batch.V.row(first + j).data(), diff.data(), dV) * (2.0 / B);
            mean += w[j] * dLogit[std::size_t(j)];
        }
        double *r = R.row(b).data();
        for (int j = 0; j < L; ++j) {
            const double g = w[j] * (dLogit[std::size_t(j)] - mean);
            const double *x = batch.X.row(first + j).data();
            for (Eigen::Index k = 0; k < dModel; ++k)
                r[k] += g * x[k];
        }
    }
    e.loss = loss / B;
    e.accuracy = right / B;
    e.maxWeight = largest / B;
    e.targetWeight = onTarget / B;
    if (gradients) {
        // ∂loss/∂M = scale · Σ_b q_bᵀ R_b; M = W_q W_kᵀ gives ∂/∂W_q = (∂/∂M) W_k and ∂/∂W_k = (∂/∂M)ᵀ W_q.
        MatrixD dM = transposedProduct(batch.query, R);
        for (Eigen::Index i = 0; i < dM.size(); ++i)
            dM.data()[i] *= scale;
        e.gradWq = product(dM, Wk);
        e.gradWk = transposedProduct(dM, Wq);
        e.gradNorm = std::sqrt(squaredNorm(e.gradWq) + squaredNorm(e.gradWk));
    }
    return e;
}

} // namespace

TrainEvaluation evaluateTraining(
    const MatrixD &Wq, const MatrixD &Wk, double scale, const TrainBatch &batch, bool gradients)
{
    return evaluateWith(scoreMatrix(Wq, Wk), Wq, Wk, scale, batch, gradients);
}

TrainingRun::TrainingRun(const TrainSettings &s)
    : m_settings(s)
    , m_generator(s.seed)
{
    const double std = s.init == TrainInit::Normal ? 1.0 / std::sqrt(double(s.dModel)) : 1.0;
    m_initWq.resize(s.dModel, s.dK);
    m_initWk.resize(s.dModel, s.dK);
    randnInto(m_generator, m_initWq.data(), std::size_t(m_initWq.size()), std);
    randnInto(m_generator, m_initWk.data(), std::size_t(m_initWk.size()), std);
    m_firstBatch = drawTrainBatch(m_generator, s);
    TorchGenerator heldOutGenerator(s.seed + 1); // wraps at 2⁶⁴ as torch.Generator().manual_seed((seed + 1) % 2**64)
    TrainSettings heldOut = s;
    heldOut.batch = kHeldOutExamples;
    m_heldOut = drawTrainBatch(heldOutGenerator, heldOut);
    for (int i = 0; i < 2; ++i) {
        TrainSide &side = m_side[i];
        side.scale = i == 0 ? s.scaledFactor() : 1.0;
        side.Wq = m_initWq;
        side.Wk = m_initWk;
        for (MatrixD *m : { &side.adamM[0], &side.adamM[1], &side.adamV[0], &side.adamV[1] })
            m->setZero(s.dModel, s.dK);
        side.history.loss.reserve(std::size_t(s.steps));
    }
}

namespace {

// xⁿ by squaring: the same bits everywhere (std::pow's variant depends on the CPU).
double power(double x, int n)
{
    double result = 1;
    for (; n > 0; n >>= 1, x *= x)
        if (n & 1)
            result *= x;
    return result;
}

} // namespace

void TrainingRun::update(TrainSide &side, const TrainEvaluation &e) const
{
    const double lr = m_settings.learningRate;
    MatrixD *params[2] = { &side.Wq, &side.Wk };
    const MatrixD *grads[2] = { &e.gradWq, &e.gradWk };
    if (m_settings.optimizer == Optimizer::Sgd) {
        for (int k = 0; k < 2; ++k) {
            double *w = params[k]->data();
            const double *g = grads[k]->data();
            for (Eigen::Index i = 0; i < params[k]->size(); ++i)
                w[i] -= lr * g[i];
        }
        return;
    }
    // torch.optim.Adam's defaults (betas 0.9 and 0.999, eps 1e-8), as its single-tensor step computes it.
    constexpr double beta1 = 0.9, beta2 = 0.999, eps = 1e-8;
    const int t = side.history.size(); // this step's number, from 1 (history already holds it)
    const double correction1 = 1 - power(beta1, t), correction2 = 1 - power(beta2, t);
    const double stepSize = lr / correction1, root2 = std::sqrt(correction2);
    for (int k = 0; k < 2; ++k) {
        double *w = params[k]->data(), *m = side.adamM[k].data(), *v = side.adamV[k].data();
        const double *g = grads[k]->data();
        for (Eigen::Index i = 0; i < params[k]->size(); ++i) {
            m[i] = beta1 * m[i] + (1 - beta1) * g[i];
            v[i] = beta2 * v[i] + (1 - beta2) * (g[i] * g[i]);
            w[i] -= stepSize * (m[i] / (std::sqrt(v[i]) / root2 + eps));
        }
    }
}

void TrainingRun::step()
{
    fitThreadsToFreeCores();
    if (finished())
        return;
    const bool first = stepsDone() == 0;
    const TrainBatch next = first ? TrainBatch() : drawTrainBatch(m_generator, m_settings);
    const TrainBatch &batch = first ? m_firstBatch : next;
    for (TrainSide &side : m_side) {
        const MatrixD M = scoreMatrix(side.Wq, side.Wk); // for the batch and the held-out examples
        TrainEvaluation e = evaluateWith(M, side.Wq, side.Wk, side.scale, batch, true);
        TrainHistory &h = side.history;
        h.loss.push_back(e.loss);
        h.accuracy.push_back(e.accuracy);
        h.gradNorm.push_back(e.gradNorm);
        h.maxWeight.push_back(e.maxWeight);
        h.targetWeight.push_back(e.targetWeight);
        h.heldOutAccuracy.push_back(evaluateWith(M, side.Wq, side.Wk, side.scale, m_heldOut, false).accuracy);
        if (first) {
            side.gradWq0 = e.gradWq;
            side.gradWk0 = e.gradWk;
        }
        update(side, e);
    }
}

MatrixD TrainingRun::watchedWeights(int side, int rows) const
{
    const TrainSide &s = m_side[side];
    const int n = std::clamp(rows, 0, m_firstBatch.size());
    TrainBatch head;
    const int L = m_settings.length;
    head.X = m_firstBatch.X.topRows(Eigen::Index(n) * L);
    head.V = m_firstBatch.V.topRows(Eigen::Index(n) * L);
    head.query = m_firstBatch.query.topRows(n);
    head.target.assign(m_firstBatch.target.begin(), m_firstBatch.target.begin() + n);
    if (n == 0)
        return MatrixD::Zero(0, L);
    return evaluateTraining(s.Wq, s.Wk, s.scale, head, false).weights;
}

TrainingSnapshot snapshotOf(const TrainingRun &run, int watchedRows)
{
    TrainingSnapshot s;
    s.settings = run.settings();
    for (int i = 0; i < 2; ++i) {
        s.scale[i] = run.side(i).scale;
        s.history[i] = run.side(i).history;
        s.watched[i] = run.watchedWeights(i, watchedRows);
    }
    const std::vector<int> &t = run.firstBatch().target;
    s.watchedTargets.assign(t.begin(), t.begin() + s.watched[0].rows());
    return s;
}

std::vector<double> runningMedian(const std::vector<double> &v, int window)
{
    std::vector<double> out(v.size());
    std::vector<double> w;
    for (std::size_t i = 0; i < v.size(); ++i) {
        const std::size_t first
            = i + 1 > std::size_t(std::max(window, 1)) ? i + 1 - std::size_t(std::max(window, 1)) : 0;
        w.assign(v.begin() + std::ptrdiff_t(first), v.begin() + std::ptrdiff_t(i) + 1);
        std::sort(w.begin(), w.end());
        const std::size_t n = w.size();
        out[i] = n % 2 ? w[n / 2] : 0.5 * (w[n / 2 - 1] + w[n / 2]);
    }
    return out;
}

std::optional<TrainingRun> runTraining(const TrainSettings &s, const std::function<bool(int)> &progress)
{
    TrainingRun run(s);
    while (!run.finished()) {
        run.step();
        if (progress && run.stepsDone() % 16 == 0 && !progress(run.stepsDone()))
            return std::nullopt;
    }
    return run;
}

namespace {

// rows × cols rows of m from row `first`, as nested lists.
void writeRows(std::ostream &out, const MatrixD &m, Eigen::Index first, Eigen::Index rows)
{
    out << '[';
    for (Eigen::Index r = 0; r < rows; ++r) {
        out << (r ? ", [" : "[");
        for (Eigen::Index c = 0; c < m.cols(); ++c) {
            if (c)
                out << ", ";
            writeJsonNumber(out, m(first + r, c));
        }
        out << ']';
    }
    out << ']';
}

void writeMatrix(std::ostream &out, const MatrixD &m)
{
    writeRows(out, m, 0, m.rows());
}

// [B][L][cols]
void writeExamples(std::ostream &out, const MatrixD &m, int batch, int length)
{
    out << '[';
    for (int b = 0; b < batch; ++b) {
        out << (b ? ",\n  " : "");
        writeRows(out, m, Eigen::Index(b) * length, length);
    }
    out << ']';
}

void writeSide(std::ostream &out, const TrainSide &s)
{
    out << "{\"scale\": ";
    writeJsonNumber(out, s.scale);
    const TrainHistory &h = s.history;
    out << ",\n \"loss\": ";
    writeJsonList(out, h.loss);
    out << ",\n \"accuracy\": ";
    writeJsonList(out, h.accuracy);
    out << ",\n \"grad_norm\": ";
    writeJsonList(out, h.gradNorm);
    out << ",\n \"max_weight\": ";
    writeJsonList(out, h.maxWeight);
    out << ",\n \"target_weight\": ";
    writeJsonList(out, h.targetWeight);
    out << ",\n \"held_out_accuracy\": ";
    writeJsonList(out, h.heldOutAccuracy);
    out << ",\n \"grad_W_q_step0\": ";
    writeMatrix(out, s.gradWq0);
    out << ",\n \"grad_W_k_step0\": ";
    writeMatrix(out, s.gradWk0);
    out << '}';
}

} // namespace

void writeTrainingJson(std::ostream &out, const TrainingRun &run)
{
    const TrainSettings &s = run.settings();
    out << "{\"steps\": [";
    for (int i = 0; i < run.stepsDone(); ++i)
        out << (i ? ", " : "") << i;
    out << "],\n\"settings\": {\"d_k\": " << s.dK << ", \"steps\": " << s.steps << R"(, "optimizer": ")"
        << optimizerName(s.optimizer) << R"(", "learning_rate": )";
    writeJsonNumber(out, s.learningRate);
    out << ", \"batch\": " << s.batch << ", \"length\": " << s.length << ", \"d_model\": " << s.dModel
        << ", \"d_v\": " << s.dV << ", \"noise\": ";
    writeJsonNumber(out, s.noise);
    out << ", \"seed\": " << s.seed << R"(, "init": ")" << trainInitName(s.init) << R"(", "scaling": ")"
        << scalingName(s.scaling) << "\"}";
    out << ",\n\"scaled\": ";
    writeSide(out, run.side(0));
    out << ",\n\"unscaled\": ";
    writeSide(out, run.side(1));
    out << ",\n\"init\": {\"W_q\": ";
    writeMatrix(out, run.initWq());
    out << ",\n \"W_k\": ";
    writeMatrix(out, run.initWk());
    const TrainBatch &b = run.firstBatch();
    out << "},\n\"batch0\": {\"X\": ";
    writeExamples(out, b.X, b.size(), b.length());
    out << ",\n \"V\": ";
    writeExamples(out, b.V, b.size(), b.length());
    out << ",\n \"query\": ";
    writeMatrix(out, b.query);
    out << ",\n \"target\": [";
    for (int i = 0; i < b.size(); ++i)
        out << (i ? ", " : "") << b.target[std::size_t(i)];
    out << "]},\n\"held_out\": {\"examples\": " << run.heldOut().size() << ", \"seed\": " << s.seed + 1 << "}}\n";
}

void writeTrainingCsv(std::ostream &out, const TrainingRun &run)
{
    out << "step";
    for (const char *side : { "scaled", "unscaled" })
        for (const char *name : { "loss", "accuracy", "grad_norm", "max_weight", "target_weight", "held_out_accuracy" })
            out << ',' << side << '_' << name;
    out << '\n';
    for (int i = 0; i < run.stepsDone(); ++i) {
        out << i;
        for (int k = 0; k < 2; ++k) {
            const TrainHistory &h = run.side(k).history;
            for (auto curve : kTrainCurves) {
                out << ',';
                writeJsonNumber(out, (h.*curve)[std::size_t(i)]);
            }
        }
        out << '\n';
    }
}

} // namespace attn
