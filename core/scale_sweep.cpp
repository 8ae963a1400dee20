// SPDX-License-Identifier: GPL-3.0-or-later
#include "scale_sweep.h"
#include "parallel.h"

#include "json_dump.h"

#include "attention.h"
#include "softmax.h"
#include "torch_generator.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <ostream>
#include <sstream>

namespace attn {

bool SweepSettings::operator==(const SweepSettings &o) const
{
    return dks == o.dks && keys == o.keys && trials == o.trials && seed == o.seed && scaling == o.scaling
        && (scaling != Scaling::Custom || customScale == o.customScale) && dModel == o.dModel && sigma == o.sigma
        && additiveHidden == o.additiveHidden;
}

namespace {

double work(const SweepSettings &s, int dk)
{
    // The additive side draws the trial again with V, then W_1, W_2, v.
    const double additive = s.additiveHidden > 0
        ? double(s.trials) * (double(2 * s.keys + 1) * dk + 2.0 * dk * s.additiveHidden + s.additiveHidden)
        : 0.0;
    return double(s.trials) * double(s.keys + 1) * double(dk) + additive;
}

// numpy.percentile(values, q) with its default (linear) interpolation; values are sorted here.
double percentile(std::vector<double> &values, double q)
{
    std::sort(values.begin(), values.end());
    const double at = q / 100.0 * double(values.size() - 1);
    const std::size_t lo = std::size_t(std::floor(at)), hi = std::min(values.size() - 1, lo + 1);
    return values[lo] + (values[hi] - values[lo]) * (at - double(lo));
}

void summarizeInto(SweepBand &band, std::vector<double> &values)
{
    double sum = 0.0;
    for (double v : values)
        sum += v;
    band.mean.push_back(sum / double(values.size()));
    band.p10.push_back(percentile(values, 10));
    band.p90.push_back(percentile(values, 90));
}

// Per trial, for one side: entropy, largest weight, logit variance, Jacobian norm.
struct TrialValues
{
    std::vector<double> entropy, maxWeight, variance, jacobian;
    explicit TrialValues(int n)
        : entropy(n)
        , maxWeight(n)
        , variance(n)
        , jacobian(n)
    {
    }
    void record(int t, const Attention &a, const ScoreMoments &m, int S)
    {
        entropy[t] = a.stats.rowEntropy(0, 0);
        maxWeight[t] = a.stats.rowMax(0, 0);
        variance[t] = m.variance * double(S) / double(S - 1);
        jacobian[t] = softmaxJacobianNorm(a.weights.row(0, 0), S);
    }
    void summarize(SweepSide &side)
    {
        summarizeInto(side.entropy, entropy);
        summarizeInto(side.maxWeight, maxWeight);
        summarizeInto(side.scoreVariance, variance);
        summarizeInto(side.jacobianNorm, jacobian);
    }
};

} // namespace

std::optional<std::string> validateSweep(const SweepSettings &s)
{
    const auto range = [](const char *name, long long v, long long lo, long long hi) -> std::optional<std::string> {
        if (v >= lo && v <= hi)
            return std::nullopt;
        return std::string(name) + ": must be from " + std::to_string(lo) + " to " + std::to_string(hi) + " (got "
            + std::to_string(v) + ")";
    };
    if (s.dks.empty())
        return std::string("d-k: no values to sweep");
    for (int dk : s.dks)
        if (auto e = range("d-k", dk, 1, SweepLimits::maxDk))
            return e;
    if (auto e = range("sweep-keys", s.keys, 2, SweepLimits::maxKeys))
        return e;
    if (auto e = range("trials", s.trials, 1, SweepLimits::maxTrials))
        return e;
    if (!(s.sigma >= Limits::minSigma && s.sigma <= Limits::maxSigma))
        return std::string("sigma: must be a number from 0.001 to 1000");
    if (auto e = range("additive-hidden", s.additiveHidden, 0, Limits::maxHidden))
        return e;
    if (s.scaling == Scaling::Custom && !(std::fabs(s.customScale) <= Limits::maxScale))
        return std::string("scale: must be a number from -1e6 to 1e6");
    double total = 0.0;
    for (int dk : s.dks)
        total += work(s, dk);
    if (total > SweepLimits::maxWork) {
        std::ostringstream m;
        m << "too much work: " << total << " random draws (trials x (keys + 1) x d_k summed over d_k); at most "
          << SweepLimits::maxWork << ", about a minute";
        return m.str();
    }
    return std::nullopt;
}

std::optional<std::vector<int>> parseSweepValues(const std::string &text, std::string *error)
{
    std::vector<int> values;
    const auto number = [&](const std::string &t, int *out) {
        if (t.empty() || t.size() > 6 || t.find_first_not_of("0123456789") != std::string::npos) {
            *error = "expected a whole number, got '" + t + "'";
            return false;
        }
        *out = std::stoi(t);
        return true;
    };
    const std::size_t dots = text.find("..");
    if (dots != std::string::npos) {
        int lo = 0, hi = 0;
        if (!number(text.substr(0, dots), &lo) || !number(text.substr(dots + 2), &hi))
            return std::nullopt;
        const auto power = [](int v) { return v > 0 && (v & (v - 1)) == 0; };
        if (!power(lo) || !power(hi) || lo > hi) {
            *error
                = "FIRST..LAST runs over powers of two: both must be powers of two, FIRST <= LAST (got '" + text + "')";
            return std::nullopt;
        }
        for (int v = lo; v <= hi; v *= 2)
            values.push_back(v);
        return values;
    }
    std::stringstream in(text);
    std::string item;
    while (std::getline(in, item, ',')) {
        int v = 0;
        if (!number(item, &v))
            return std::nullopt;
        if (!values.empty() && v <= values.back()) {
            *error = "values must be ascending (got '" + text + "')";
            return std::nullopt;
        }
        values.push_back(v);
    }
    if (values.empty()) {
        *error = "expected FIRST..LAST or a list such as 1,4,16";
        return std::nullopt;
    }
    return values;
}

Params sweepTrialParams(const SweepSettings &s, int dk, int trial, bool scaled)
{
    Params p;
    p.mode = Mode::Direct;
    p.queryLength = 1;
    p.keyLength = s.keys;
    p.keysFollowLength = false;
    p.dK = p.dV = dk;
    p.dModel = s.dModel;
    p.seed = s.seed + std::uint64_t(trial);
    p.sigma = s.sigma;
    p.scaling = scaled ? s.scaling : Scaling::None;
    p.customScale = s.customScale;
    return p;
}

Params sweepAdditiveParams(const SweepSettings &s, int dk, int trial)
{
    Params p = sweepTrialParams(s, dk, trial, false);
    p.score = Score::Additive;
    p.additiveHidden = s.additiveHidden;
    return p;
}

std::optional<SweepResult> runSweep(const SweepSettings &s, const std::function<bool(double)> &progress)
{
    SweepResult result;
    result.settings = s;
    const int T = s.trials, S = s.keys;
    double total = 0.0, done = 0.0;
    for (int dk : s.dks)
        total += work(s, dk);
    // Trials go in chunks, so that progress is told (and a cancel heard) every few hundred trials.
    const int chunk = 256;
    for (int dk : s.dks) {
        fitThreadsToFreeCores();
        TrialValues scaled(T), unscaled(T), additive(T);
        for (int first = 0; first < T; first += chunk) {
            const int last = std::min(T, first + chunk);
#pragma omp parallel for schedule(dynamic, 4)
            for (int t = first; t < last; ++t) {
                const Params raw = sweepTrialParams(s, dk, t, false), sc = sweepTrialParams(s, dk, t, true);
                // Q and K exactly as direct mode draws them (V is not needed).
                TorchGenerator g(raw.seed);
                Tensor3 Q(1, 1, dk), K(1, S, dk);
                g.randn(Q.data.data(), Q.data.size());
                g.randn(K.data.data(), K.data.size());
                if (s.sigma != 1.0) {
                    const float f = float(s.sigma);
                    for (Tensor3 *x : { &Q, &K })
                        for (float &v : x->data)
                            v *= f;
                }
                Tensor3 scores;
                const Attention a = attendFromInputs(Q, K, raw, &scores);
                unscaled.record(t, a, a.stats.rawScores, S);
                const Attention b = attendWeights(scores, sc);
                scaled.record(t, b, b.stats.scaledScores, S);
                if (s.additiveHidden > 0) {
                    // W_1, W_2, v follow the trial's Q, K and V in its generator, as compute() draws them.
                    const Inputs in = drawInputs(sweepAdditiveParams(s, dk, t));
                    const Attention c = attendWeights(
                        computeAdditiveScores(Q, K, in.W1, in.W2, in.va), sweepAdditiveParams(s, dk, t));
                    additive.record(t, c, c.stats.rawScores, S);
                }
            }
            done += work(s, dk) * (last - first) / T;
            if (progress && !progress(total > 0 ? std::min(1.0, done / total) : 1.0))
                return std::nullopt;
        }
        scaled.summarize(result.scaled);
        unscaled.summarize(result.unscaled);
        if (s.additiveHidden > 0) {
            if (!result.additive)
                result.additive.emplace();
            additive.summarize(*result.additive);
        }
    }
    return result;
}

namespace {

struct NamedBand
{
    const char *name;
    const SweepBand SweepSide::*band;
};
constexpr NamedBand kBands[] = { { "entropy", &SweepSide::entropy }, { "max_weight", &SweepSide::maxWeight },
    { "score_var", &SweepSide::scoreVariance }, { "jacobian_norm", &SweepSide::jacobianNorm } };

void writeSide(std::ostream &out, const SweepSide &side)
{
    out << '{';
    bool first = true;
    for (const NamedBand &n : kBands)
        for (const auto &[suffix, values] : { std::pair { "_mean", &(side.*n.band).mean },
                 std::pair { "_p10", &(side.*n.band).p10 }, std::pair { "_p90", &(side.*n.band).p90 } }) {
            out << (first ? "" : ",\n  ") << '"' << n.name << suffix << "\": ";
            writeJsonList(out, *values);
            first = false;
        }
    out << '}';
}

} // namespace

void writeSweepJson(std::ostream &out, const SweepResult &r)
{
    const SweepSettings &s = r.settings;
    out << "{\"d_k\": [";
    for (std::size_t i = 0; i < s.dks.size(); ++i)
        out << (i ? ", " : "") << s.dks[i];
    out << R"(], "keys": )" << s.keys << R"(, "trials": )" << s.trials << R"(, "seed": )" << s.seed
        << R"(, "scaling": ")" << scalingName(s.scaling) << R"(", "sigma": )";
    writeJsonNumber(out, s.sigma);
    if (s.scaling == Scaling::Custom) {
        out << ", \"scale\": ";
        writeJsonNumber(out, s.customScale);
    }
    if (s.scaling == Scaling::InvSqrtDModel)
        out << ", \"d_model\": " << s.dModel;
    out << ", \"ln_s\": ";
    writeJsonNumber(out, std::log(double(s.keys)));
    out << ", \"uniform_jacobian_norm\": ";
    writeJsonNumber(out, std::sqrt(double(s.keys - 1)) / double(s.keys));
    out << ",\n\"scaled\": ";
    writeSide(out, r.scaled);
    out << ",\n\"unscaled\": ";
    writeSide(out, r.unscaled);
    if (r.additive) {
        out << ",\n\"additive_hidden\": " << s.additiveHidden << ",\n\"additive\": ";
        writeSide(out, *r.additive);
    }
    out << "}\n";
}

void writeSweepCsv(std::ostream &out, const SweepResult &r)
{
    // The settings in every line (so each line says what it is, for any CSV reader), and the factor
    // the scaled side multiplied its scores by at that d_k.
    out << "d_k,keys,trials,seed,scaling,sigma,scale";
    std::vector<std::pair<const char *, const SweepSide *>> sides { { "scaled", &r.scaled },
        { "unscaled", &r.unscaled } };
    if (r.additive)
        sides.emplace_back("additive", &*r.additive);
    for (const auto &side : sides)
        for (const NamedBand &n : kBands)
            for (const char *suffix : { "_mean", "_p10", "_p90" })
                out << ',' << side.first << '_' << n.name << suffix;
    out << '\n';
    for (std::size_t i = 0; i < r.settings.dks.size(); ++i) {
        const SweepSettings &s = r.settings;
        out << s.dks[i] << ',' << s.keys << ',' << s.trials << ',' << s.seed << ',' << scalingName(s.scaling) << ',';
        writeJsonNumber(out, s.sigma);
        out << ',';
        writeJsonNumber(out, sweepTrialParams(s, s.dks[i], 0, true).scaleFactor());
        for (const auto &[name, side] : sides)
            for (const NamedBand &n : kBands)
                for (const std::vector<double> *v :
                    { &(side->*n.band).mean, &(side->*n.band).p10, &(side->*n.band).p90 }) {
                    out << ',';
                    writeJsonNumber(out, (*v)[i]);
                }
        out << '\n';
    }
}

} // namespace attn
