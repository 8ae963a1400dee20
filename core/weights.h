// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Attention weights from a file, shown as they are (no Q and K): (L, S), (B, L, S), (B, H, L, S) or
// (layers, B, H, L, S), e.g. tools/capture_attention.py's attn. Each map's row sums and row entropy, and what is
// odd about them: rows that do not sum to 1, negative values, NaN or infinities.

#include "array_io.h"
#include "message_text.h"
#include "tolerance.h"

#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace attn {

struct LoadedWeights
{
    int layers = 1, batch = 1, heads = 1, rows = 0, cols = 0; // L = rows, S = cols
    std::vector<float> data; // (layers, batch, heads, rows, cols), C order
    std::vector<std::string> tokens; // names for the axes (L = S = their number), else empty
    std::string source; // the file, for titles and messages

    int maps() const { return layers * batch * heads; }
    const float *map(int layer, int b, int h) const
    {
        return data.data()
            + ((std::size_t(layer) * std::size_t(batch) + std::size_t(b)) * std::size_t(heads) + std::size_t(h))
            * std::size_t(rows) * std::size_t(cols);
    }
};

// The array as weights; the error names the shape when it is not one of the five.
std::shared_ptr<const LoadedWeights> makeLoadedWeights(
    LoadedArray a, const std::string &source, std::string *error, const std::vector<std::string> &tokens = {});

struct WeightsSummary
{
    std::vector<double> rowSums, rowEntropy; // per row; entropy -Σ w ln w over the positive weights, nats
    int rowsNotSummingToOne = 0; // |sum - 1| > tolerance, or not a number
    double minSum = 0.0, maxSum = 0.0;
    std::size_t negative = 0, nonFinite = 0;
    double meanEntropy = 0.0;
    // What is odd, as sentences ("2 of 8 rows do not sum to 1 (from 0.93 to 1.07)"), empty when nothing is.
    std::vector<std::string> warnings;
};

// One L x S map's rows.
WeightsSummary summarizeWeights(const float *w, int rows, int cols, double tolerance = kSumTolerance);

// --load-weights with --dump: {"loaded", "shape" [layers, B, H, L, S], "tokens", "maps": [{"layer", "batch",
// "head", "row_sums", "row_entropy", "mean_entropy", "warnings"}]} (the weights themselves are the file's).
void writeWeightsJson(
    std::ostream &out, const LoadedWeights &w, const MessageText &text = nullptr); // text: see json_dump.h

} // namespace attn
