// SPDX-License-Identifier: GPL-3.0-or-later
#include "params.h"
#include "loaded.h"

#include "multihead.h"

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

bool sameLoaded(const std::shared_ptr<const LoadedInputs> &a, const std::shared_ptr<const LoadedInputs> &b)
{
    // (the heads of nn.MultiheadAttention are their settings' draws: drawn again, the same inputs)
    return a == b || (a && b && a->multihead && b->multihead && a->multihead->settings == b->multihead->settings);
}

bool Params::operator==(const Params &o) const
{
    return mode == o.mode && batch == o.batch && queryLength == o.queryLength && keyLength == o.keyLength
        && cross == o.cross && dModel == o.dModel && dK == o.dK && dV == o.dV && seed == o.seed && scaling == o.scaling
        && (scaling != Scaling::Custom || customScale == o.customScale) && init == o.init && sigma == o.sigma
        && softmaxDim == o.softmaxDim && mask == o.mask
        && (mask != MaskKind::Pad || (padCount == o.padCount && padPerBatch == o.padPerBatch))
        && (mask != MaskKind::Custom || customMask == o.customMask) && maskFill == o.maskFill
        && maskConvention == o.maskConvention && batchIndex == o.batchIndex && tokens == o.tokens
        && positions == o.positions && dvFollowsDk == o.dvFollowsDk && keysFollowLength == o.keysFollowLength
        && score == o.score && (score != Score::Additive || additiveHidden == o.additiveHidden)
        && sameLoaded(loaded, o.loaded) && sdpaKernel == o.sdpaKernel;
}

unsigned changedSettings(const Params &a, const Params &b)
{
    unsigned changed = 0;
    const auto mark = [&changed](bool differs, Setting s) {
        if (differs)
            changed |= s;
    };
    mark(a.mode != b.mode, SettingMode);
    mark(a.batch != b.batch, SettingBatch);
    mark(a.queryLength != b.queryLength, SettingQueryLength);
    mark(a.keyLength != b.keyLength, SettingKeyLength);
    mark(a.cross != b.cross, SettingCross);
    mark(a.dModel != b.dModel, SettingDModel);
    mark(a.dK != b.dK, SettingDk);
    mark(a.dV != b.dV, SettingDv);
    mark(a.seed != b.seed, SettingSeed);
    mark(a.scaling != b.scaling || (a.scaling == Scaling::Custom && a.customScale != b.customScale)
            || a.sdpaKernel != b.sdpaKernel,
        SettingScaling);
    mark(a.init != b.init, SettingInit);
    mark(a.sigma != b.sigma, SettingSigma);
    mark(a.softmaxDim != b.softmaxDim, SettingSoftmaxDim);
    mark(a.mask != b.mask || (a.mask == MaskKind::Pad && (a.padCount != b.padCount || a.padPerBatch != b.padPerBatch))
            || (a.mask == MaskKind::Custom && a.customMask != b.customMask),
        SettingMask);
    mark(a.maskFill != b.maskFill, SettingMaskFill);
    mark(a.maskConvention != b.maskConvention, SettingMaskConvention);
    mark(a.batchIndex != b.batchIndex, SettingBatchIndex);
    mark(a.tokens != b.tokens, SettingTokens);
    mark(a.positions != b.positions, SettingPositions);
    mark(a.dvFollowsDk != b.dvFollowsDk || a.keysFollowLength != b.keysFollowLength, SettingLinks);
    mark(a.score != b.score || (a.score == Score::Additive && a.additiveHidden != b.additiveHidden), SettingScore);
    mark(!sameLoaded(a.loaded, b.loaded), SettingLoaded);
    return changed;
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
    if (const MultiheadResult *m = multiheadOf(p)) {
        const MultiheadSettings s = requestedMultihead(p);
        if (s != m->settings) {
            if (const std::string problem = multiheadProblem(s); !problem.empty())
                return ValidationError { "heads", problem };
            std::ostringstream text;
            text << "nn.MultiheadAttention(" << s.dModel << ", " << s.heads << ") over " << s.batch << " x " << s.length
                 << " tokens needs about " << (multiheadDrawBytes(s) >> 20) << " MiB, more than the "
                 << (memoryBudget >> 20) << " MiB allowed on this machine; reduce --len or --d-model";
            return ValidationError { "memory", text.str() };
        }
    }
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
    if (p.mask == MaskKind::Pad && !p.padPerBatch.empty()) {
        if (p.padPerBatch.size() != std::size_t(p.batch))
            return ValidationError { "mask",
                "pad:N1,N2,... needs one count per batch element: " + std::to_string(p.batch) + " (got "
                    + std::to_string(p.padPerBatch.size()) + ")" };
        for (int n : p.padPerBatch)
            if (n < 0 || n > p.keyLength)
                return ValidationError { "mask",
                    "pad:N1,N2,... must mask from 0 to " + std::to_string(p.keyLength) + " keys (got "
                        + std::to_string(n) + ")" };
    }
    if (p.mask == MaskKind::Custom) {
        if (p.queryLength > Limits::maxCustomMaskSide || p.keyLength > Limits::maxCustomMaskSide)
            return ValidationError { "mask",
                "a custom mask is edited cell by cell: at most " + std::to_string(Limits::maxCustomMaskSide)
                    + " queries and keys (L = " + std::to_string(p.queryLength) + ", S = " + std::to_string(p.keyLength)
                    + ")" };
        if (p.customMask.size() != std::size_t(p.queryLength) * std::size_t(p.keyLength) || p.customCols != p.keyLength)
            return ValidationError { "mask", "a custom mask needs L x S cells" };
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
    return nameIn(kModeNames, m);
}

std::optional<Mode> parseMode(const std::string &text)
{
    return parseIn(kModeNames, text);
}

std::string scoreName(Score s)
{
    return nameIn(kScoreNames, s);
}

std::optional<Score> parseScore(const std::string &text)
{
    return parseIn(kScoreNames, text);
}

std::string scalingName(Scaling s)
{
    return nameIn(kScalingNames, s);
}

std::optional<Scaling> parseScaling(const std::string &text)
{
    return parseIn(kScalingNames, text);
}

std::string scalingOption(Scaling s)
{
    return s == Scaling::Custom ? "custom" : nameIn(kScalingOptions, s);
}

std::optional<Scaling> parseScalingOption(const std::string &text)
{
    return parseIn(kScalingOptions, text);
}

std::string initName(Init i)
{
    return nameIn(kInitNames, i);
}

std::optional<Init> parseInit(const std::string &text)
{
    return parseIn(kInitNames, text);
}

namespace {

// A count from 0 to max written in at most 9 digits, or -1.
long countOf(const std::string &digits, long max)
{
    const bool numeric
        = !digits.empty() && digits.size() <= 9 && digits.find_first_not_of("0123456789") == std::string::npos;
    const long n = numeric ? std::stol(digits) : -1;
    return n <= max ? n : -1;
}

bool parsePad(const std::string &list, Params &p, std::string *error)
{
    std::vector<int> counts;
    std::size_t start = 0;
    while (true) {
        const std::size_t comma = list.find(',', start);
        const std::string item = list.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
        const long n = countOf(item, p.keyLength);
        if (n < 0) {
            *error = "pad:N needs a number of keys N from 0 to " + std::to_string(p.keyLength)
                + " (the key length), got '" + (item.empty() ? std::string("an empty count") : item)
                + "' in 'pad:" + list + "'";
            return false;
        }
        counts.push_back(int(n));
        if (counts.size() > std::size_t(Limits::maxBatch)) {
            *error = "pad:N1,N2,... has one count per batch element, at most " + std::to_string(Limits::maxBatch);
            return false;
        }
        if (comma == std::string::npos)
            break;
        start = comma + 1;
    }
    if (counts.size() > 1 && counts.size() != std::size_t(p.batch)) {
        *error = "pad:N1,N2,... needs one count per batch element: " + std::to_string(p.batch)
            + " (the batch size), got " + std::to_string(counts.size());
        return false;
    }
    p.mask = MaskKind::Pad;
    p.padCount = counts.front();
    p.padPerBatch.clear();
    if (counts.size() > 1)
        p.padPerBatch = counts;
    p.customMask.clear();
    return true;
}

bool parseCustom(const std::string &rows, Params &p, std::string *error)
{
    const int L = p.queryLength, S = p.keyLength, most = Limits::maxCustomMaskSide;
    if (L > most || S > most) {
        *error = "a custom mask is edited cell by cell: at most " + std::to_string(most)
            + " queries and keys (L = " + std::to_string(L) + ", S = " + std::to_string(S) + ")";
        return false;
    }
    std::vector<std::uint8_t> cells;
    cells.reserve(std::size_t(L) * std::size_t(S));
    int row = 0;
    std::size_t start = 0;
    while (true) {
        const std::size_t slash = rows.find('/', start);
        const std::string text = rows.substr(start, slash == std::string::npos ? std::string::npos : slash - start);
        if (row >= L) {
            *error = "custom: needs " + std::to_string(L) + " rows (one per query, joined by '/'), got "
                + std::to_string(1 + std::count(rows.begin(), rows.end(), '/'));
            return false;
        }
        if (text.size() != std::size_t(S)) {
            *error = "custom: row " + std::to_string(row) + " needs " + std::to_string(S)
                + " cells (one per key, '.' looks, 'x' masked), got " + std::to_string(text.size());
            return false;
        }
        for (std::size_t j = 0; j < text.size(); ++j) {
            const char c = text[j];
            if (c != '.' && c != 'x' && c != 'X') {
                *error = "custom: row " + std::to_string(row) + ", key " + std::to_string(j)
                    + ": expected '.' (looks) or 'x' (masked), got '" + std::string(1, c) + "'";
                return false;
            }
            cells.push_back(c == '.' ? 0 : 1);
        }
        ++row;
        if (slash == std::string::npos)
            break;
        start = slash + 1;
    }
    if (row != L) {
        *error
            = "custom: needs " + std::to_string(L) + " rows (one per query, joined by '/'), got " + std::to_string(row);
        return false;
    }
    p.mask = MaskKind::Custom;
    p.padCount = 0;
    p.padPerBatch.clear();
    p.customMask = std::move(cells);
    p.customCols = S;
    return true;
}

} // namespace

bool parseMask(const std::string &text, Params &p, std::string *error)
{
    if (text == "none" || text == "causal") {
        p.mask = text == "none" ? MaskKind::None : MaskKind::Causal;
        p.padCount = 0;
        p.padPerBatch.clear();
        p.customMask.clear();
        return true;
    }
    if (text.rfind("pad:", 0) == 0)
        return parsePad(text.substr(4), p, error);
    if (text.rfind("custom:", 0) == 0)
        return parseCustom(text.substr(7), p, error);
    *error = "expected none, causal, pad:N, pad:N1,N2,... or custom:ROWS, got '"
        + (text.size() > 60 ? text.substr(0, 60) + "..." : text) + "'";
    return false;
}

std::string maskName(const Params &p)
{
    switch (p.mask) {
    case MaskKind::None:
        return "none";
    case MaskKind::Causal:
        return "causal";
    case MaskKind::Pad: {
        if (p.padPerBatch.empty())
            return "pad:" + std::to_string(p.padCount);
        std::string t = "pad:";
        for (std::size_t b = 0; b < p.padPerBatch.size(); ++b)
            t += (b ? "," : "") + std::to_string(p.padPerBatch[b]);
        return t;
    }
    case MaskKind::Custom: {
        std::string t = "custom:";
        const std::size_t S = std::size_t(p.keyLength);
        for (std::size_t k = 0; k < p.customMask.size(); ++k) {
            if (k > 0 && k % S == 0)
                t += '/';
            t += p.customMask[k] ? 'x' : '.';
        }
        return t;
    }
    }
    return "none";
}

std::string maskFillName(MaskFill f)
{
    return nameIn(kMaskFillNames, f);
}

std::optional<MaskFill> parseMaskFill(const std::string &text)
{
    return parseIn(kMaskFillNames, text);
}

std::string maskConventionName(MaskConvention c)
{
    return nameIn(kMaskConventionNames, c);
}

std::optional<MaskConvention> parseMaskConvention(const std::string &text)
{
    return parseIn(kMaskConventionNames, text);
}

} // namespace attn
