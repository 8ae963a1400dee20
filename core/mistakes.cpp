// SPDX-License-Identifier: GPL-3.0-or-later
#include "mistakes.h"

#include "array_io.h"
#include "params_edit.h"
#include "softmax.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace attn {

const std::vector<Mistake> &allMistakes()
{
    static const std::vector<Mistake> all { Mistake::NoScale, Mistake::SoftmaxDim, Mistake::MhaMaskInSdpa,
        Mistake::Transpose01, Mistake::TransposeQ };
    return all;
}

std::string mistakeName(Mistake m)
{
    return nameIn(kMistakeNames, m);
}

std::optional<Mistake> parseMistake(const std::string &name)
{
    return parseIn(kMistakeNames, name);
}

namespace {

// A matmul operand's shape as PyTorch prints it (array_io's shapeText).
std::string shapeOf(const std::array<int, 3> &s)
{
    return shapeText({ s[0], s[1], s[2] });
}

// The side's statistics and output from a finished computation.
void fillFrom(MistakeSide &side, const Result &r)
{
    side.weights = r.attention.weights;
    side.rowSums = r.attention.stats.rowSums;
    side.rowEntropy = r.attention.stats.rowEntropy;
    side.rowMax = r.attention.stats.rowMax;
    side.rowJacobian = r.attention.stats.rowJacobian;
    side.out = r.attention.out;
    side.warnings = r.attention.warnings;
    side.rowName = "query";
    side.colName = "key";
}

// softmax over the last dimension of logits (batch, rows, cols) into side, with the statistics.
void softmaxInto(MistakeSide &side, const Tensor3 &logits)
{
    const int B = logits.batch, R = logits.rows, C = logits.cols;
    side.weights = Tensor3(B, R, C);
    side.rowSums = Table::Zero(B, R);
    side.rowEntropy = Table::Zero(B, R);
    side.rowMax = Table::Zero(B, R);
    side.rowJacobian = Table::Zero(B, R);
    IndexTable argmax = IndexTable::Zero(B, R);
    Table colSums = Table::Zero(B, C), colEntropy = Table::Zero(B, C);
    for (int b = 0; b < B; ++b) {
        std::vector<int> masked;
        softmaxRowsWithStats(logits.slice(b), side.weights.slice(b), side.rowSums.row(b), side.rowEntropy.row(b),
            side.rowMax.row(b), argmax.row(b), colSums.row(b), colEntropy.row(b), masked,
            side.rowJacobian.row(b).data());
        if (!masked.empty())
            side.warnings.push_back("batch " + std::to_string(b) + ": " + std::to_string(masked.size())
                + " queries have every key masked; their weights are 0 here, NaN in PyTorch");
    }
}

// The lecture's correct line and its scores' shapes.
void rightLine(MistakeSide &side, const Params &p, const Result &r)
{
    const std::array<int, 3> q { p.batch, p.queryLength, p.dK }, kt { p.batch, p.dK, p.keyLength };
    side.expression = "weights = F.softmax(Q @ K.transpose(-2, -1) / d_k ** 0.5, dim=-1)";
    side.operands = "Q " + shapeOf(q) + " @ K.transpose(-2, -1) " + shapeOf(kt) + " = "
        + shapeText({ p.batch, p.queryLength, p.keyLength });
    fillFrom(side, r);
}

// A transposed product: the error, or the wrong weights. a and b are the shapes multiplied; entry
// (n, i, j) of the product is product(n, i, j) (batch indices already broadcast).
template <typename Product>
void wrongProduct(MistakeSide &side, const std::string &expression, const std::string &left,
    const std::array<int, 3> &a, const std::string &right, const std::array<int, 3> &b, double scale,
    std::size_t maxElements, const Product &product)
{
    side.expression = "weights = F.softmax(" + expression + " / d_k ** 0.5, dim=-1)";
    const MatmulOutcome m = matmulOutcome(a, b);
    side.operands = left + " " + shapeOf(a) + " @ " + right + " " + shapeOf(b);
    if (!m.error.empty()) {
        side.error = m.error;
        return;
    }
    side.operands += " = " + shapeOf(m.shape);
    const auto count = std::size_t(m.shape[0]) * std::size_t(m.shape[1]) * std::size_t(m.shape[2]);
    if (count > maxElements) {
        side.error = "(not computed here: " + shapeOf(m.shape) + " holds " + std::to_string(count) + " values)";
        return;
    }
    Tensor3 logits(m.shape[0], m.shape[1], m.shape[2]);
    const int inner = a[2];
    for (int n = 0; n < m.shape[0]; ++n)
        for (int i = 0; i < m.shape[1]; ++i)
            for (int j = 0; j < m.shape[2]; ++j) {
                float s = 0.0f; // float32 as PyTorch's matmul; the fixtures compare to a relative 1e-5
                for (int k = 0; k < inner; ++k)
                    s += product(n, i, j, k);
                logits(n, i, j) = float(double(s) * scale);
            }
    softmaxInto(side, logits);
}

} // namespace

MatmulOutcome matmulOutcome(const std::array<int, 3> &a, const std::array<int, 3> &b)
{
    MatmulOutcome m;
    if (a[0] != b[0] && a[0] != 1 && b[0] != 1) {
        m.error = "RuntimeError: The size of tensor a (" + std::to_string(a[0]) + ") must match the size of tensor b ("
            + std::to_string(b[0]) + ") at non-singleton dimension 0";
        return m;
    }
    const int n = std::max(a[0], b[0]);
    if (a[2] != b[1]) {
        m.error = "RuntimeError: Expected size for first two dimensions of batch2 tensor to be: [" + std::to_string(n)
            + ", " + std::to_string(a[2]) + "] but got: [" + std::to_string(n) + ", " + std::to_string(b[1]) + "].";
        return m;
    }
    m.shape = { n, a[1], b[2] };
    return m;
}

int mistakePadCount(const Params &p)
{
    if (p.mask == MaskKind::Pad && p.padOf(p.batchIndex) > 0)
        return std::min(p.padOf(p.batchIndex), p.keyLength);
    return std::max(1, p.keyLength * 2 / 5);
}

MistakeResult commitMistake(const Params &given, Mistake m, std::size_t maxElements)
{
    MistakeResult res;
    res.mistake = m;
    // Both sides from the lecture's line: scaled by 1/sqrt(d_k), softmax over the keys, no mask; the
    // mistake changes one thing.
    Params p = given;
    p.score = Score::Dot; // the lecture's mistakes are the dot product's
    p.scaling = Scaling::InvSqrtDk;
    p.softmaxDim = -1;
    p.maskFill = MaskFill::NegInf;
    setMask(p, MaskKind::None);
    if (m == Mistake::MhaMaskInSdpa) {
        res.padCount = mistakePadCount(given);
        setMask(p, MaskKind::Pad, res.padCount);
    }
    res.params = p;
    const Result right = compute(p);
    const Tensor3 &Q = right.inputs->Q, &K = right.inputs->K;
    res.V = right.inputs->V;
    const int B = p.batch, L = p.queryLength, S = p.keyLength, dk = p.dK;
    const double scale = p.scaleFactor();
    switch (m) {
    case Mistake::NoScale: {
        rightLine(res.right, p, right);
        Params w = p;
        w.scaling = Scaling::None;
        fillFrom(res.wrong, compute(w, &right));
        res.wrong.expression = "weights = F.softmax(Q @ K.transpose(-2, -1), dim=-1)";
        res.wrong.operands = res.right.operands;
        break;
    }
    case Mistake::SoftmaxDim: {
        rightLine(res.right, p, right);
        Params w = p;
        w.softmaxDim = -2;
        fillFrom(res.wrong, compute(w, &right));
        res.wrong.expression = "weights = F.softmax(Q @ K.transpose(-2, -1) / d_k ** 0.5, dim=-2)";
        res.wrong.operands = res.right.operands;
        break;
    }
    case Mistake::MhaMaskInSdpa: {
        const std::string shapes = "Q " + shapeText({ B, L, dk }) + ", K " + shapeText({ B, S, dk }) + ", attn_mask "
            + shapeText({ B, 1, S }) + ": weights = " + shapeText({ B, L, S });
        fillFrom(res.right, right);
        res.right.expression
            = "out = F.scaled_dot_product_attention(Q, K, V,\n    attn_mask=~key_padding_mask[:, None, :])";
        res.right.operands = shapes;
        // The mask as handed over: True (padding) now means "take part", so only the padding is seen.
        Params unmasked = p;
        setMask(unmasked, MaskKind::None);
        Tensor3 inverted = computeLogits(*right.scores, unmasked);
        for (int b = 0; b < B; ++b)
            for (int i = 0; i < L; ++i)
                for (int j = 0; j < S - res.padCount; ++j)
                    inverted(b, i, j) = -std::numeric_limits<float>::infinity();
        softmaxInto(res.wrong, inverted);
        res.wrong.out = Tensor3(B, L, p.dV);
        for (int b = 0; b < B; ++b)
            res.wrong.out.slice(b).noalias() = res.wrong.weights.slice(b) * right.inputs->V.slice(b);
        res.wrong.expression
            = "out = F.scaled_dot_product_attention(Q, K, V,\n    attn_mask=key_padding_mask[:, None, :])";
        res.wrong.operands = shapes;
        res.wrong.rowName = "query";
        res.wrong.colName = "key";
        res.right.maskedKeys.assign(std::size_t(S), false);
        for (int j = S - res.padCount; j < S; ++j)
            res.right.maskedKeys[std::size_t(j)] = true;
        res.wrong.maskedKeys = res.right.maskedKeys;
        break;
    }
    case Mistake::Transpose01: {
        rightLine(res.right, p, right);
        // K.transpose(0, 1) is (S, B, d_k): its batch index is K's key, its rows K's batch.
        const bool qBroadcast = B == 1, kBroadcast = S == 1;
        wrongProduct(res.wrong, "Q @ K.transpose(0, 1)", "Q", { B, L, dk }, "K.transpose(0, 1)", { S, B, dk }, scale,
            maxElements,
            [&](int n, int i, int j, int k) { return Q(qBroadcast ? 0 : n, i, k) * K(k, kBroadcast ? 0 : n, j); });
        res.wrong.rowName = "query";
        res.wrong.colName = "K's feature";
        break;
    }
    case Mistake::TransposeQ: {
        rightLine(res.right, p, right);
        // Q.transpose(-2, -1) is (B, d_k, L): (Qᵀ K)[n, i, j] = sum over positions k of Q[n, k, i] K[n, k, j].
        wrongProduct(res.wrong, "Q.transpose(-2, -1) @ K", "Q.transpose(-2, -1)", { B, dk, L }, "K", { B, S, dk },
            scale, maxElements, [&](int n, int i, int j, int k) { return Q(n, k, i) * K(n, k, j); });
        res.wrong.rowName = "Q's feature";
        res.wrong.colName = "K's feature";
        break;
    }
    }
    return res;
}

Params mistakeViewParams(const Params &given, bool *clamped)
{
    Params p = given;
    p.batch = std::min(p.batch, kMistakeMaxBatch);
    p.batchIndex = std::min(p.batchIndex, p.batch - 1);
    if (p.hasTokenEmbeddings() && p.queryLength > kMistakeMaxLength)
        p.tokens.clear();
    setQueryLength(p, std::min(p.queryLength, kMistakeMaxLength));
    if (p.keyLength > kMistakeMaxLength)
        setKeyLength(p, kMistakeMaxLength);
    setDk(p, std::min(p.dK, kMistakeMaxDk));
    if (p.dV > kMistakeMaxDk)
        setDv(p, kMistakeMaxDk);
    normalize(p);
    if (clamped)
        *clamped = p.batch != given.batch || p.queryLength != given.queryLength || p.keyLength != given.keyLength
            || p.dK != given.dK || p.dV != given.dV;
    return p;
}

MistakeSummary summarizeMistake(const MistakeResult &r, int b)
{
    MistakeSummary s;
    const MistakeSide *sides[2] = { &r.right, &r.wrong };
    s.wrongComputed = !r.wrong.weights.empty();
    s.shownBatch = std::clamp(b, 0, std::max(0, (s.wrongComputed ? r.wrong.weights.batch : r.right.weights.batch) - 1));
    for (int k = 0; k < 2; ++k) {
        const MistakeSide &side = *sides[k];
        if (side.weights.empty())
            continue;
        const int row = std::min(s.shownBatch, side.weights.batch - 1);
        s.minRowSum[std::size_t(k)] = side.rowSums.row(row).minCoeff();
        s.maxRowSum[std::size_t(k)] = side.rowSums.row(row).maxCoeff();
        s.meanRowMax[std::size_t(k)] = side.rowMax.row(row).mean();
        s.meanJacobian[std::size_t(k)] = side.rowJacobian.row(row).mean();
        if (r.mistake == Mistake::MhaMaskInSdpa) {
            double sum = 0;
            for (int i = 0; i < side.weights.rows; ++i)
                for (int j = side.weights.cols - r.padCount; j < side.weights.cols; ++j)
                    sum += side.weights(row, i, j);
            s.weightOnPadding[std::size_t(k)] = side.weights.rows ? sum / side.weights.rows : 0.0;
        }
    }
    return s;
}

} // namespace attn
