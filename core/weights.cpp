// SPDX-License-Identifier: GPL-3.0-or-later
#include "weights.h"
#include "parallel.h"

#include "json_dump.h"
#include "params.h"

#include <Eigen/Core>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <sstream>

namespace attn {

std::shared_ptr<const LoadedWeights> makeLoadedWeights(
    LoadedArray a, const std::string &source, std::string *error, const std::vector<std::string> &tokens)
{
    const std::vector<std::int64_t> &s = a.shape;
    if (s.size() < 2 || s.size() > 5) {
        *error = "weights of shape " + shapeText(s) + ": expected (L, S), (B, L, S), (B, H, L, S) or (layers, B, H, "
            + "L, S)";
        return nullptr;
    }
    for (const std::int64_t n : s)
        if (n < 1) {
            *error = "weights of shape " + shapeText(s) + ": every size must be at least 1";
            return nullptr;
        }
    auto w = std::make_shared<LoadedWeights>();
    const std::size_t n = s.size();
    w->rows = int(s[n - 2]);
    w->cols = int(s[n - 1]);
    w->batch = n >= 3 ? int(s[n - 3]) : 1;
    if (n >= 4) { // (B, H, L, S) or (layers, B, H, L, S)
        w->heads = int(s[n - 3]);
        w->batch = int(s[n - 4]);
    }
    w->layers = n == 5 ? int(s[0]) : 1;
    if (w->rows > Limits::maxLength || w->cols > Limits::maxLength) {
        *error = "weights of shape " + shapeText(s) + ": at most " + std::to_string(Limits::maxLength)
            + " queries and keys";
        return nullptr;
    }
    w->data = std::move(a.data);
    w->source = source;
    if (!tokens.empty() && int(tokens.size()) == w->rows && w->rows == w->cols)
        w->tokens = tokens;
    return w;
}

WeightsSummary summarizeWeights(const float *w, int rows, int cols, double tolerance)
{
    // (A map small enough for one thread reads no /proc: a dump of 100,000 maps of 2 x 2 spent most of its 5.9 s
    // there.)
    const bool shared = std::size_t(rows) * std::size_t(cols) > 65536;
    if (shared)
        fitThreadsToFreeCores();
    WeightsSummary s;
    s.rowSums.resize(std::size_t(rows));
    s.rowEntropy.resize(std::size_t(rows));
    // Each row vectorised in float (Eigen's log), summed in double; the rows shared between the cores; then what
    // is odd gathered in order.
    std::vector<Eigen::Index> finiteOf(static_cast<std::size_t>(rows)), negativeOf(static_cast<std::size_t>(rows));
#pragma omp parallel for schedule(dynamic, 8) if (shared)
    for (int i = 0; i < rows; ++i) {
        const Eigen::Map<const Eigen::ArrayXf> r(w + std::size_t(i) * std::size_t(cols), cols);
        const Eigen::Index finite = r.isFinite().count();
        s.rowSums[std::size_t(i)] = r.cast<double>().sum();
        s.rowEntropy[std::size_t(i)] = finite < cols // NaN or infinite: no entropy either
            ? std::nan("")
            : -(r > 0.0f).select(r * r.max(FLT_MIN).log(), 0.0f).cast<double>().sum();
        finiteOf[std::size_t(i)] = finite;
        negativeOf[std::size_t(i)] = (r < 0.0f).count();
    }
    double entropySum = 0.0;
    int entropyRows = 0, oddRows = 0; // rows with numbers only, and rows with NaN or infinities
    for (int i = 0; i < rows; ++i) {
        const double sum = s.rowSums[std::size_t(i)];
        s.nonFinite += std::size_t(cols - finiteOf[std::size_t(i)]);
        s.negative += std::size_t(negativeOf[std::size_t(i)]);
        if (finiteOf[std::size_t(i)] == cols) {
            entropySum += s.rowEntropy[std::size_t(i)];
            ++entropyRows;
            if (entropyRows == 1 || sum < s.minSum)
                s.minSum = sum;
            if (entropyRows == 1 || sum > s.maxSum)
                s.maxSum = sum;
        } else {
            ++oddRows;
        }
        if (!sumsToOne(sum, tolerance))
            ++s.rowsNotSummingToOne;
    }
    s.meanEntropy = entropyRows > 0 ? entropySum / entropyRows : std::nan("");
    std::ostringstream m;
    if (s.rowsNotSummingToOne > oddRows) {
        m << "rows that do not sum to 1: " << s.rowsNotSummingToOne - oddRows << " of " << rows << " (from " << s.minSum
          << " to " << s.maxSum << "): not a softmax over the keys";
        s.warnings.push_back(m.str());
    }
    if (s.negative > 0)
        s.warnings.push_back("negative weights: " + std::to_string(s.negative)
            + " (not probabilities; the entropy counts the positive ones)");
    if (s.nonFinite > 0)
        s.warnings.push_back("NaN or infinite weights: " + std::to_string(s.nonFinite) + ", in "
            + std::to_string(oddRows) + (oddRows == 1 ? " row" : " rows") + " (no entropy there)");
    return s;
}

namespace {

void jsonString(std::ostream &out, const std::string &s)
{
    out << '"';
    for (const char c : s) {
        if (c == '"' || c == '\\')
            out << '\\' << c;
        else if (static_cast<unsigned char>(c) < 0x20)
            out << "\\u00"
                << "0123456789abcdef"[(c >> 4) & 0xf] << "0123456789abcdef"[c & 0xf];
        else
            out << c;
    }
    out << '"';
}

} // namespace

void writeWeightsJson(std::ostream &out, const LoadedWeights &w, const MessageText &text)
{
    out << "{\n\"loaded\": ";
    jsonString(out, w.source);
    out << ",\n\"shape\": [" << w.layers << ", " << w.batch << ", " << w.heads << ", " << w.rows << ", " << w.cols
        << "],\n\"tokens\": [";
    for (std::size_t i = 0; i < w.tokens.size(); ++i) {
        out << (i ? ", " : "");
        jsonString(out, w.tokens[i]);
    }
    out << "],\n\"maps\": [";
    for (int l = 0; l < w.layers; ++l)
        for (int b = 0; b < w.batch; ++b)
            for (int h = 0; h < w.heads; ++h) {
                const WeightsSummary s = summarizeWeights(w.map(l, b, h), w.rows, w.cols);
                out << ((l || b || h) ? ",\n " : "\n ") << "{\"layer\": " << l << ", \"batch\": " << b
                    << ", \"head\": " << h << ", \"row_sums\": [";
                for (std::size_t i = 0; i < s.rowSums.size(); ++i) {
                    out << (i ? "," : "");
                    writeJsonNumber(out, s.rowSums[i]);
                }
                out << "], \"row_entropy\": [";
                for (std::size_t i = 0; i < s.rowEntropy.size(); ++i) {
                    out << (i ? "," : "");
                    writeJsonNumber(out, s.rowEntropy[i]);
                }
                out << "], \"mean_entropy\": ";
                writeJsonNumber(out, s.meanEntropy);
                out << ", \"warnings\": [";
                for (std::size_t i = 0; i < s.warnings.size(); ++i) {
                    out << (i ? ", " : "");
                    jsonString(out, messageIn(text, s.warnings[i]));
                }
                out << "]}";
            }
    out << "\n]}\n";
}

} // namespace attn
