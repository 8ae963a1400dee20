// SPDX-License-Identifier: GPL-3.0-or-later
#include "params.h"

#include <cmath>
#include <map>
#include <sstream>

#include <unistd.h>

namespace attn {

double Params::scaleFactor() const
{
    if (score == Score::Additive)
        return 1.0;
    switch (scaling) {
    case Scaling::InvSqrtDk:
        return 1.0 / std::sqrt(double(dK));
    case Scaling::None:
        return 1.0;
    case Scaling::Custom:
        return customScale;
    case Scaling::InvDk:
        return 1.0 / double(dK);
    case Scaling::InvSqrtDModel:
        return 1.0 / std::sqrt(double(dModel));
    case Scaling::QuarterEach: {
        const double c = std::pow(double(dK), -0.25);
        return c * c;
    }
    }
    return 1.0;
}

bool Params::operator==(const Params &o) const
{
    return mode == o.mode && batch == o.batch && queryLength == o.queryLength && keyLength == o.keyLength
        && cross == o.cross && dModel == o.dModel && dK == o.dK && dV == o.dV && seed == o.seed && scaling == o.scaling
        && (scaling != Scaling::Custom || customScale == o.customScale) && init == o.init && sigma == o.sigma
        && softmaxDim == o.softmaxDim && mask == o.mask && (mask != MaskKind::Pad || padCount == o.padCount)
        && batchIndex == o.batchIndex && tokens == o.tokens && positions == o.positions && dvFollowsDk == o.dvFollowsDk
        && keysFollowLength == o.keysFollowLength && score == o.score
        && (score != Score::Additive || additiveHidden == o.additiveHidden);
}

std::vector<int> tokenIds(const std::vector<std::string> &tokens, int *distinct)
{
    std::map<std::string, int> seen;
    std::vector<int> ids;
    ids.reserve(tokens.size());
    for (const std::string &t : tokens) {
        const auto it = seen.emplace(t, int(seen.size())).first;
        ids.push_back(it->second);
    }
    if (distinct)
        *distinct = int(seen.size());
    return ids;
}

double positionEncoding(int pos, int column, int dModel)
{
    const double angle = pos * std::exp(double(column - column % 2) * (-std::log(10000.0) / dModel));
    return column % 2 == 0 ? std::sin(angle) : std::cos(angle);
}

std::uint64_t estimatedBytes(const Params &p)
{
    const std::uint64_t B = std::uint64_t(std::max(p.batch, 0)), L = std::uint64_t(std::max(p.queryLength, 0)),
                        S = std::uint64_t(std::max(p.keyLength, 0)), dm = std::uint64_t(std::max(p.dModel, 0)),
                        dk = std::uint64_t(std::max(p.dK, 0)), dv = std::uint64_t(std::max(p.dV, 0));
    std::uint64_t floats = B * L * dk + B * S * dk + B * S * dv + B * L * dv // Q, K, V, out
        + 2 * B * L * S // scores, weights
        + (p.softmaxDim == -2 ? 3 * L * S : 0); // over queries: transposed copies
    if (p.mode == Mode::Projection)
        floats += B * L * dm + (p.isCross() ? B * S * dm : 0) + dm * (2 * dk + dv) + p.tokens.size() * dm;
    if (p.score == Score::Additive) { // W_1, W_2, v and the projected queries and keys
        const std::uint64_t H = std::uint64_t(std::max(p.additiveHidden, 0));
        floats += 2 * dk * H + H + B * (L + S) * H;
    }
    return floats * sizeof(float);
}

namespace {

std::optional<ValidationError> range(const char *field, long long v, long long lo, long long hi)
{
    if (v >= lo && v <= hi)
        return std::nullopt;
    std::ostringstream m;
    m << "must be from " << lo << " to " << hi << " (got " << v << ")";
    return ValidationError { field, m.str() };
}

} // namespace

double estimatedSeconds(const Params &p)
{
    const double B = p.batch, L = p.queryLength, S = p.keyLength, dm = p.dModel, dk = p.dK, dv = p.dV;
    double draws = 0, macs = B * L * S * (dk + dv + 10.0); // scores, output, softmax and statistics
    if (p.mode == Mode::Projection) {
        draws = B * L * dm + (p.isCross() ? B * S * dm : 0.0) + dm * (2 * dk + dv) + double(p.tokens.size()) * dm;
        macs += B * L * dm * dk + B * S * dm * (dk + dv);
    } else {
        draws = B * L * dk + B * S * (dk + dv);
    }
    if (p.score == Score::Additive) { // a tanh and a multiply-add per query, key and hidden unit (about 20 each)
        draws += 2 * dk * p.additiveHidden + p.additiveHidden;
        macs += B * (L + S) * dk * p.additiveHidden + B * L * S * p.additiveHidden * 20.0;
    }
    // Measured on the 2-core development machine: about 17 ns a random number, 0.05 ns a multiply-add;
    // rounded up so that slower machines stay within the limit.
    return draws * 2e-8 + macs * 1e-10;
}

std::uint64_t defaultMemoryBudget()
{
    const long pages = sysconf(_SC_PHYS_PAGES), pageSize = sysconf(_SC_PAGE_SIZE);
    if (pages <= 0 || pageSize <= 0)
        return std::uint64_t(2) << 30;
    return std::uint64_t(pages) * std::uint64_t(pageSize) / 2;
}

std::optional<ValidationError> validate(const Params &p, std::uint64_t memoryBudget)
{
    if (auto e = range("batch", p.batch, 1, Limits::maxBatch))
        return e;
    if (auto e = range("len", p.queryLength, 1, Limits::maxLength))
        return e;
    if (auto e = range("keys", p.keyLength, 1, Limits::maxLength))
        return e;
    if (auto e = range("d-model", p.dModel, 1, Limits::maxDim))
        return e;
    if (auto e = range("d-k", p.dK, 1, Limits::maxDim))
        return e;
    if (auto e = range("d-v", p.dV, 1, Limits::maxDim))
        return e;
    if (p.softmaxDim != -1 && p.softmaxDim != -2)
        return ValidationError { "softmax-dim",
            "must be -1 (over keys) or -2 (over queries) (got " + std::to_string(p.softmaxDim) + ")" };
    if (p.scaling == Scaling::Custom && !(std::fabs(p.customScale) <= Limits::maxScale))
        return ValidationError { "scale", "must be a number from -1e6 to 1e6" };
    if (!(p.sigma >= Limits::minSigma && p.sigma <= Limits::maxSigma))
        return ValidationError { "sigma", "must be a number from 0.001 to 1000" };
    if (p.score == Score::Additive)
        if (auto e = range("additive-hidden", p.additiveHidden, 1, Limits::maxHidden))
            return e;
    if (p.mask == MaskKind::Pad)
        if (auto e = range("mask", p.padCount, 0, p.keyLength)) {
            e->message = "pad:N must mask from 0 to " + std::to_string(p.keyLength) + " keys (got "
                + std::to_string(p.padCount) + ")";
            return e;
        }
    if (auto e = range("batch-index", p.batchIndex, 0, p.batch - 1))
        return e;
    if (!p.tokens.empty()) {
        if (p.tokens.size() > std::size_t(Limits::maxLength))
            return ValidationError { "tokens", "at most " + std::to_string(Limits::maxLength) + " tokens" };
        for (const std::string &t : p.tokens)
            if (t.empty())
                return ValidationError { "tokens", "a token is empty" };
        if (p.mode == Mode::Projection && p.cross)
            return ValidationError { "cross",
                "tokens are for self-attention: keys and values come from the same words" };
        if (p.queryLength != int(p.tokens.size()) || p.keyLength != int(p.tokens.size()))
            return ValidationError { "tokens",
                "with " + std::to_string(p.tokens.size()) + " tokens there are as many queries and keys (got L = "
                    + std::to_string(p.queryLength) + ", S = " + std::to_string(p.keyLength) + ")" };
    }
    if (p.positions && (p.tokens.empty() || p.mode != Mode::Projection))
        return ValidationError { "positions",
            "position encodings are added to token embeddings: they need tokens in projection mode" };
    const std::uint64_t need = estimatedBytes(p);
    if (need > memoryBudget) {
        std::ostringstream m;
        m << "these sizes need about " << (need >> 20) << " MiB for their tensors, more than the "
          << (memoryBudget >> 20) << " MiB allowed on this machine; reduce --batch, --len, --keys or the dimensions";
        return ValidationError { "memory", m.str() };
    }
    if (const double seconds = estimatedSeconds(p); seconds > Limits::maxSeconds) {
        std::ostringstream m;
        m << "these sizes would take about " << std::lround(seconds) << " s to compute, more than the "
          << Limits::maxSeconds << " s allowed; reduce --batch, --len, --keys or the dimensions";
        return ValidationError { "work", m.str() };
    }
    return std::nullopt;
}

std::string modeName(Mode m)
{
    return m == Mode::Projection ? "projection" : "direct";
}

std::optional<Mode> parseMode(const std::string &text)
{
    if (text == "projection")
        return Mode::Projection;
    if (text == "direct")
        return Mode::Direct;
    return std::nullopt;
}

std::string scoreName(Score s)
{
    return s == Score::Additive ? "additive" : "dot";
}

std::optional<Score> parseScore(const std::string &text)
{
    for (Score s : { Score::Dot, Score::Additive })
        if (text == scoreName(s))
            return s;
    return std::nullopt;
}

std::string scalingName(Scaling s)
{
    switch (s) {
    case Scaling::InvSqrtDk:
        return "inv_sqrt_d_k";
    case Scaling::None:
        return "none";
    case Scaling::Custom:
        return "custom";
    case Scaling::InvDk:
        return "inv_d_k";
    case Scaling::InvSqrtDModel:
        return "inv_sqrt_d_model";
    case Scaling::QuarterEach:
        return "quarter_each";
    }
    return "inv_sqrt_d_k";
}

namespace {
constexpr Scaling kScalings[] = { Scaling::InvSqrtDk, Scaling::None, Scaling::Custom, Scaling::InvDk,
    Scaling::InvSqrtDModel, Scaling::QuarterEach };
}

std::optional<Scaling> parseScaling(const std::string &text)
{
    for (Scaling s : kScalings)
        if (text == scalingName(s))
            return s;
    return std::nullopt;
}

std::string scalingOption(Scaling s)
{
    switch (s) {
    case Scaling::InvSqrtDk:
        return "sqrt-d-k";
    case Scaling::None:
        return "none";
    case Scaling::Custom:
        return "custom";
    case Scaling::InvDk:
        return "d-k";
    case Scaling::InvSqrtDModel:
        return "sqrt-d-model";
    case Scaling::QuarterEach:
        return "quarter-each";
    }
    return "sqrt-d-k";
}

std::optional<Scaling> parseScalingOption(const std::string &text)
{
    for (Scaling s : kScalings)
        if (s != Scaling::Custom && text == scalingOption(s))
            return s;
    return std::nullopt;
}

std::string initName(Init i)
{
    switch (i) {
    case Init::Randn:
        return "randn";
    case Init::Scaled:
        return "scaled";
    case Init::Linear:
        return "linear";
    }
    return "randn";
}

std::optional<Init> parseInit(const std::string &text)
{
    for (Init i : { Init::Randn, Init::Scaled, Init::Linear })
        if (text == initName(i))
            return i;
    return std::nullopt;
}

bool parseMask(const std::string &text, int keyLength, MaskKind *kind, int *padCount, std::string *error)
{
    *padCount = 0;
    if (text == "none") {
        *kind = MaskKind::None;
        return true;
    }
    if (text == "causal") {
        *kind = MaskKind::Causal;
        return true;
    }
    if (text.rfind("pad:", 0) == 0) {
        const std::string digits = text.substr(4);
        const bool numeric
            = !digits.empty() && digits.size() <= 9 && digits.find_first_not_of("0123456789") == std::string::npos;
        const long n = numeric ? std::stol(digits) : -1;
        if (n < 0 || n > keyLength) {
            *error = "pad:N needs a number of keys N from 0 to " + std::to_string(keyLength)
                + " (the key length), got '" + text + "'";
            return false;
        }
        *kind = MaskKind::Pad;
        *padCount = int(n);
        return true;
    }
    *error = "expected none, causal or pad:N, got '" + text + "'";
    return false;
}

std::string maskName(const Params &p)
{
    switch (p.mask) {
    case MaskKind::None:
        return "none";
    case MaskKind::Causal:
        return "causal";
    case MaskKind::Pad:
        return "pad:" + std::to_string(p.padCount);
    }
    return "none";
}

} // namespace attn
