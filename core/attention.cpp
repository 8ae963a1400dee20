// SPDX-License-Identifier: GPL-3.0-or-later
#include "attention.h"

#include "softmax.h"
#include "torch_generator.h"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <limits>
#include <sstream>

namespace attn {

namespace {

Tensor3 draw(TorchGenerator &g, int b, int r, int c)
{
    Tensor3 t(b, r, c);
    g.randn(t.data.data(), t.data.size());
    return t;
}

// (B,n,d_model)·(d_model,d) for each batch element.
Tensor3 project(const Tensor3 &X, const Tensor3 &W)
{
    Tensor3 out(X.batch, X.rows, W.cols);
    for (int b = 0; b < X.batch; ++b)
        out.slice(b).noalias() = X.slice(b) * W.slice(0);
    return out;
}

// "queries 0, 1, 2" with at most a few indices listed.
std::string indexList(const std::vector<int> &idx)
{
    std::ostringstream s;
    const std::size_t shown = std::min<std::size_t>(idx.size(), 8);
    for (std::size_t i = 0; i < shown; ++i)
        s << (i ? ", " : "") << idx[i];
    if (idx.size() > shown)
        s << " and " << idx.size() - shown << " more";
    return s.str();
}

} // namespace

Inputs drawInputs(const Params &p)
{
    TorchGenerator g(p.seed);
    Inputs in;
    const int B = p.batch, L = p.queryLength, S = p.keyLength;
    if (p.mode == Mode::Direct) {
        in.Q = draw(g, B, L, p.dK);
        in.K = draw(g, B, S, p.dK);
        in.V = draw(g, B, S, p.dV);
        return in;
    }
    if (p.hasTokenEmbeddings()) {
        // E = randn(V, d_model); X = E[ids] (+ PE), the same sentence in every batch element.
        int distinct = 0;
        const std::vector<int> ids = tokenIds(p.tokens, &distinct);
        in.E = draw(g, 1, distinct, p.dModel);
        in.X = Tensor3(B, L, p.dModel);
        for (int b = 0; b < B; ++b)
            for (int i = 0; i < L; ++i)
                for (int c = 0; c < p.dModel; ++c)
                    in.X(b, i, c) = in.E(0, ids[i], c) + (p.positions ? float(positionEncoding(i, c, p.dModel)) : 0.0f);
    } else {
        in.X = draw(g, B, L, p.dModel);
    }
    if (p.isCross())
        in.Y = draw(g, B, S, p.dModel);
    in.Wq = draw(g, 1, p.dModel, p.dK);
    in.Wk = draw(g, 1, p.dModel, p.dK);
    in.Wv = draw(g, 1, p.dModel, p.dV);
    const Tensor3 &source = p.isCross() ? in.Y : in.X;
    in.Q = project(in.X, in.Wq);
    in.K = project(source, in.Wk);
    in.V = project(source, in.Wv);
    return in;
}

Tensor3 computeScores(const Tensor3 &Q, const Tensor3 &K)
{
    Tensor3 scores(Q.batch, Q.rows, K.rows);
    for (int b = 0; b < Q.batch; ++b)
        scores.slice(b).noalias() = Q.slice(b) * K.slice(b).transpose();
    return scores;
}

namespace {

bool isPowerOfTwo(float x)
{
    int e = 0;
    return std::frexp(x, &e) == 0.5f;
}

// Scaled and masked logits of one row of scores, as PyTorch code (scores / d_k ** 0.5) rounds them.
// An overflowed product stays finite, so only a mask makes -inf.
void logitsRow(const float *scores, float *logits, int query, int n, const Params &p, float divisor, float factor)
{
    Eigen::Map<const Eigen::ArrayXf> s(scores, n);
    Eigen::Map<Eigen::ArrayXf> x(logits, n);
    if (p.scaling == Scaling::InvSqrtDk && isPowerOfTwo(divisor))
        x = (s * (1.0f / divisor)).max(-FLT_MAX).min(FLT_MAX); // exact: the same as dividing
    else if (p.scaling == Scaling::InvSqrtDk)
        x = (s / divisor).max(-FLT_MAX).min(FLT_MAX);
    else if (p.scaling == Scaling::Custom)
        x = (s * factor).max(-FLT_MAX).min(FLT_MAX);
    else
        x = s;
    int firstMasked = n;
    if (p.mask == MaskKind::Causal)
        firstMasked = std::min(n, query + 1); // PyTorch is_causal: ones(L, S).tril()
    else if (p.mask == MaskKind::Pad)
        firstMasked = n - p.padCount;
    std::fill(logits + firstMasked, logits + n, -std::numeric_limits<float>::infinity());
}

// Mean and variance from the sums of all scores and of their squares, times factor.
ScoreMoments momentsOf(double sum, double sumSq, double count, double factor)
{
    ScoreMoments m;
    if (count <= 0)
        return m;
    m.mean = sum / count;
    m.variance = std::max(0.0, sumSq / count - m.mean * m.mean);
    m.mean *= factor;
    m.variance *= factor * factor;
    return m;
}

std::string maskedWarning(int batch, const std::vector<int> &indices, bool overKeys)
{
    std::ostringstream m;
    m << "batch " << batch << ": every " << (overKeys ? "key" : "query") << " is masked for "
      << (overKeys ? (indices.size() > 1 ? "queries " : "query ") : (indices.size() > 1 ? "keys " : "key "))
      << indexList(indices) << "; its weights are set to 0 (PyTorch gives NaN)";
    return m.str();
}

} // namespace

bool isMasked(const Params &p, int query, int key)
{
    switch (p.mask) {
    case MaskKind::None:
        return false;
    case MaskKind::Causal:
        return key > query; // PyTorch is_causal: ones(L, S).tril()
    case MaskKind::Pad:
        return key >= p.keyLength - p.padCount;
    }
    return false;
}

int visibleKeys(const Params &p, int query)
{
    const int S = p.keyLength;
    switch (p.mask) {
    case MaskKind::None:
        return S;
    case MaskKind::Causal:
        return std::clamp(query + 1, 0, S);
    case MaskKind::Pad:
        return std::clamp(S - p.padCount, 0, S);
    }
    return S;
}

int visibleQueries(const Params &p, int key)
{
    const int L = p.queryLength;
    switch (p.mask) {
    case MaskKind::None:
        return L;
    case MaskKind::Causal:
        return std::clamp(L - key, 0, L); // the queries i >= j
    case MaskKind::Pad:
        return key < p.keyLength - p.padCount ? L : 0;
    }
    return L;
}

double maxRowEntropyOf(const Params &p, int query)
{
    const int n = visibleKeys(p, query);
    return n > 0 ? std::log(double(n)) : 0.0;
}

double maxColEntropyOf(const Params &p, int key)
{
    const int n = visibleQueries(p, key);
    return n > 0 ? std::log(double(n)) : 0.0;
}

Tensor3 computeLogits(const Tensor3 &scores, const Params &p)
{
    Tensor3 logits(scores.batch, scores.rows, scores.cols);
    const float divisor = float(std::sqrt(double(p.dK))), factor = float(p.scaleFactor());
    for (int b = 0; b < scores.batch; ++b)
        for (int i = 0; i < scores.rows; ++i)
            logitsRow(scores.row(b, i), logits.row(b, i), i, scores.cols, p, divisor, factor);
    return logits;
}

float logitOf(float score, const Params &p)
{
    float x = score;
    if (p.scaling == Scaling::InvSqrtDk)
        x = score / float(std::sqrt(double(p.dK)));
    else if (p.scaling == Scaling::Custom)
        x = score * float(p.scaleFactor());
    return std::clamp(x, -FLT_MAX, FLT_MAX);
}

namespace {

// The body of attendWeights and attendFromInputs. Over keys, each block of rows has its scores made
// (from Q and K into scoresOut, or read from scores), scaled and masked into a buffer in the cache,
// and the softmax kernel takes it from there: the scores are written once and never read back.
Attention attendImpl(const Tensor3 *scores, const Tensor3 *Q, const Tensor3 *K, Tensor3 *scoresOut, const Params &p)
{
    Attention a;
    const int B = scores ? scores->batch : Q->batch, L = scores ? scores->rows : Q->rows,
              S = scores ? scores->cols : K->rows;
    a.weights = Tensor3(B, L, S);
    Statistics &st = a.stats;
    st.rowSums = Table::Zero(B, L);
    st.colSums = Table::Zero(B, S);
    st.rowEntropy = Table::Zero(B, L);
    st.colEntropy = Table::Zero(B, S);
    st.rowMax = Table::Zero(B, L);
    st.rowArgmax = IndexTable::Zero(B, L);
    const float divisor = float(std::sqrt(double(p.dK))), factor = float(p.scaleFactor());
    std::vector<double> rowSum(L), rowSumSq(L); // of the raw scores, for their mean and variance
    double sum = 0.0, sumSq = 0.0;
    for (int b = 0; b < B; ++b) {
        std::vector<int> empty;
        const auto scoreRows = [&](int first, int last) -> const float * {
            if (scores)
                return scores->row(b, first);
            Eigen::Map<MatrixRM> block(scoresOut->row(b, first), last - first, S);
            block.noalias() = Q->slice(b).middleRows(first, last - first) * K->slice(b).transpose();
            return block.data();
        };
        const auto logits = [&](int first, int last, float *buffer) {
            const float *sc = scoreRows(first, last);
            for (int i = first; i < last; ++i) {
                const float *row = sc + std::size_t(i - first) * S;
                const Eigen::Map<const Eigen::ArrayXf> r(row, S);
                rowSum[i] = r.sum(); // float within the row (a few thousand terms), double across rows
                rowSumSq[i] = r.square().sum();
                logitsRow(row, buffer + std::size_t(i - first) * S, i, S, p, divisor, factor);
            }
        };
        if (p.softmaxDim == -1) {
            softmaxRowsWithStats(logits, a.weights.slice(b), st.rowSums.row(b), st.rowEntropy.row(b), st.rowMax.row(b),
                st.rowArgmax.row(b), st.colSums.row(b), st.colEntropy.row(b), empty);
        } else {
            // Over queries: the same kernel on the transposed logits; its rows are keys.
            MatrixRM all(L, S);
#pragma omp parallel for schedule(static) if (std::size_t(L) * S > 32768)
            for (int k = 0; k < (L + 63) / 64; ++k)
                logits(k * 64, std::min(L, k * 64 + 64), all.row(k * 64).data());
            MatrixRM t = all.transpose(), wt(S, L);
            Eigen::VectorXd keyMax(S);
            Eigen::VectorXi keyArg(S);
            softmaxRowsWithStats(t, wt, st.colSums.row(b), st.colEntropy.row(b), keyMax, keyArg, st.rowSums.row(b),
                st.rowEntropy.row(b), empty);
            a.weights.slice(b) = wt.transpose();
            for (int i = 0; i < L; ++i) {
                Eigen::Index arg = 0;
                st.rowMax(b, i) = a.weights.slice(b).row(i).maxCoeff(&arg);
                st.rowArgmax(b, i) = int(arg);
            }
        }
        for (int i = 0; i < L; ++i) {
            sum += rowSum[i];
            sumSq += rowSumSq[i];
        }
        if (!empty.empty())
            a.warnings.push_back(maskedWarning(b, empty, p.softmaxDim == -1));
    }
    st.maxRowEntropy = std::log(double(S));
    st.maxColEntropy = std::log(double(L));
    const double count = double(B) * L * S;
    st.rawScores = momentsOf(sum, sumSq, count, 1.0);
    st.scaledScores = momentsOf(sum, sumSq, count, p.scaleFactor());
    const int shown = std::clamp(p.batchIndex, 0, std::max(0, B - 1));
    st.meanRowEntropy = B > 0 && L > 0 ? st.rowEntropy.row(shown).mean() : 0.0;
    return a;
}

} // namespace

Attention attendWeights(const Tensor3 &scores, const Params &p)
{
    return attendImpl(&scores, nullptr, nullptr, nullptr, p);
}

Attention attendFromInputs(const Tensor3 &Q, const Tensor3 &K, const Params &p, Tensor3 *scores)
{
    *scores = Tensor3(Q.batch, Q.rows, K.rows);
    return attendImpl(nullptr, &Q, &K, scores, p);
}

namespace {

// out = weights·V for each batch element.
void computeOut(Attention &a, const Tensor3 &V)
{
    const Tensor3 &w = a.weights;
    a.out = Tensor3(w.batch, w.rows, V.cols);
    for (int b = 0; b < w.batch; ++b)
        a.out.slice(b).noalias() = w.slice(b) * V.slice(b);
}

} // namespace

Attention attend(const Tensor3 &scores, const Tensor3 &V, const Params &p)
{
    Attention a = attendWeights(scores, p);
    computeOut(a, V);
    return a;
}

bool sameInputs(const Params &a, const Params &b)
{
    return a.mode == b.mode && a.batch == b.batch && a.queryLength == b.queryLength && a.keyLength == b.keyLength
        && a.isCross() == b.isCross() && a.dK == b.dK && a.dV == b.dV && a.seed == b.seed
        && (a.mode == Mode::Direct || (a.dModel == b.dModel && a.tokens == b.tokens && a.positions == b.positions));
}

Result compute(const Params &p, const Result *previous)
{
    Result r;
    r.params = p;
    if (previous && previous->inputs && previous->scores && sameInputs(p, previous->params)) {
        r.inputs = previous->inputs;
        r.scores = previous->scores;
        r.attention = attend(*r.scores, r.inputs->V, p);
        return r;
    }
    auto in = std::make_shared<Inputs>(drawInputs(p));
    auto scores = std::make_shared<Tensor3>();
    r.attention = attendFromInputs(in->Q, in->K, p, scores.get());
    computeOut(r.attention, in->V);
    r.scores = std::move(scores);
    r.inputs = std::move(in);
    return r;
}

} // namespace attn

namespace attn {

BatchSummary summarize(const Result &r, int batch, double tolerance)
{
    BatchSummary s;
    const Statistics &st = r.attention.stats;
    const int L = int(st.rowMax.cols()), S = int(st.colSums.cols());
    for (int i = 0; i < L; ++i) {
        if (st.rowMax(batch, i) > s.maxWeight || i == 0) {
            s.maxWeight = st.rowMax(batch, i);
            s.maxQuery = i;
            s.maxKey = st.rowArgmax(batch, i);
        }
        if (std::fabs(st.rowSums(batch, i) - 1.0) > tolerance)
            ++s.rowsNotSummingToOne;
    }
    for (int j = 0; j < S; ++j)
        if (std::fabs(st.colSums(batch, j) - 1.0) > tolerance)
            ++s.colsNotSummingToOne;
    s.meanRowEntropy = L > 0 ? st.rowEntropy.row(batch).mean() : 0.0;
    s.meanRowMax = L > 0 ? st.rowMax.row(batch).mean() : 0.0;
    // A fully masked distribution is the only way a softmax sums to exactly 0.
    s.fullyMasked = r.params.softmaxDim == -1 ? int((st.rowSums.row(batch).array() == 0.0).count())
                                              : int((st.colSums.row(batch).array() == 0.0).count());
    s.entropyFraction = st.maxRowEntropy > 0 ? s.meanRowEntropy / st.maxRowEntropy : 0.0;
    s.meanColEntropy = S > 0 ? st.colEntropy.row(batch).mean() : 0.0;
    s.colEntropyFraction = st.maxColEntropy > 0 ? s.meanColEntropy / st.maxColEntropy : 0.0;
    return s;
}

} // namespace attn

namespace attn {

ExpectedVariance expectedScoreVariance(const Params &p)
{
    ExpectedVariance e;
    if (p.positions && p.mode == Mode::Projection && !p.tokens.empty())
        return e; // position encodings are fixed numbers, not draws
    const double entry = p.mode == Mode::Projection ? double(p.dModel) : 1.0; // Var(q_i) = Var(k_i)
    e.known = true;
    e.raw = double(p.dK) * entry * entry;
    e.scaled = e.raw * p.scaleFactor() * p.scaleFactor();
    return e;
}

} // namespace attn
