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

ScoreMoments moments(const std::vector<float> &v, double factor)
{
    ScoreMoments m;
    if (v.empty())
        return m;
    double sum = 0.0, sumSq = 0.0;
    for (float x : v) {
        sum += x;
        sumSq += double(x) * x;
    }
    const double n = double(v.size());
    m.mean = sum / n;
    m.variance = std::max(0.0, sumSq / n - m.mean * m.mean);
    m.mean *= factor;
    m.variance *= factor * factor;
    return m;
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

bool isMasked(const Params &p, int query, int key)
{
    switch (p.mask) {
    case MaskKind::None: return false;
    case MaskKind::Causal: return key > query; // PyTorch is_causal: ones(L, S).tril()
    case MaskKind::Pad: return key >= p.keyLength - p.padCount;
    }
    return false;
}

Tensor3 computeLogits(const Tensor3 &scores, const Params &p)
{
    Tensor3 logits = scores;
    const float ninf = -std::numeric_limits<float>::infinity();
    // Divide as PyTorch code (scores / d_k ** 0.5) does, so results round the same way.
    const float divisor = float(std::sqrt(double(p.dK)));
    const float factor = float(p.scaleFactor());
    for (float &x : logits.data) {
        if (p.scaling == Scaling::InvSqrtDk)
            x = x / divisor;
        else if (p.scaling == Scaling::Custom)
            x = x * factor;
        // An overflowed product stays finite, so only a mask makes -inf.
        x = std::clamp(x, -FLT_MAX, FLT_MAX);
    }
    if (p.mask != MaskKind::None)
        for (int b = 0; b < logits.batch; ++b)
            for (int i = 0; i < logits.rows; ++i)
                for (int j = 0; j < logits.cols; ++j)
                    if (isMasked(p, i, j))
                        logits(b, i, j) = ninf;
    return logits;
}

Statistics computeStatistics(const Tensor3 &weights, const Tensor3 &scores, const Params &p)
{
    Statistics st;
    const int B = weights.batch, L = weights.rows, S = weights.cols;
    st.rowSums = Table::Zero(B, L);
    st.colSums = Table::Zero(B, S);
    st.rowEntropy = Table::Zero(B, L);
    st.colEntropy = Table::Zero(B, S);
    st.rowMax = Table::Zero(B, L);
    st.rowArgmax = IndexTable::Zero(B, L);
    for (int b = 0; b < B; ++b) {
        const auto w = weights.slice(b);
        for (int i = 0; i < L; ++i) {
            const auto row = w.row(i);
            st.rowSums(b, i) = row.cast<double>().sum();
            st.rowEntropy(b, i) = entropy(row);
            Eigen::Index arg = 0;
            st.rowMax(b, i) = row.maxCoeff(&arg);
            st.rowArgmax(b, i) = int(arg);
        }
        for (int j = 0; j < S; ++j) {
            st.colSums(b, j) = w.col(j).cast<double>().sum();
            st.colEntropy(b, j) = entropy(w.col(j));
        }
    }
    st.maxRowEntropy = std::log(double(S));
    st.maxColEntropy = std::log(double(L));
    st.rawScores = moments(scores.data, 1.0);
    st.scaledScores = moments(scores.data, p.scaleFactor());
    const int shown = std::clamp(p.batchIndex, 0, std::max(0, B - 1));
    st.meanRowEntropy = B > 0 && L > 0 ? st.rowEntropy.row(shown).mean() : 0.0;
    return st;
}

Attention attend(const Tensor3 &scores, const Tensor3 &V, const Params &p)
{
    Attention a;
    a.logits = computeLogits(scores, p);
    a.weights = Tensor3(scores.batch, scores.rows, scores.cols);
    a.out = Tensor3(scores.batch, scores.rows, V.cols);
    for (int b = 0; b < scores.batch; ++b) {
        const auto logits = a.logits.slice(b);
        auto w = a.weights.slice(b);
        if (p.softmaxDim == -1)
            softmaxRows(logits, w);
        else
            softmaxCols(logits, w);
        a.out.slice(b).noalias() = w * V.slice(b);

        // Name every query (or key) whose whole distribution is masked.
        std::vector<int> empty;
        const bool overKeys = p.softmaxDim == -1;
        const int n = overKeys ? scores.rows : scores.cols;
        for (int k = 0; k < n; ++k) {
            const bool allMasked = overKeys ? (logits.row(k).array() == -INFINITY).all()
                                            : (logits.col(k).array() == -INFINITY).all();
            if (allMasked)
                empty.push_back(k);
        }
        if (!empty.empty()) {
            std::ostringstream m;
            m << "batch " << b << ": every " << (overKeys ? "key" : "query") << " is masked for "
              << (overKeys ? (empty.size() > 1 ? "queries " : "query ") : (empty.size() > 1 ? "keys " : "key "))
              << indexList(empty) << "; its weights are set to 0 (PyTorch gives NaN)";
            a.warnings.push_back(m.str());
        }
    }
    a.stats = computeStatistics(a.weights, scores, p);
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
    } else {
        auto in = std::make_shared<Inputs>(drawInputs(p));
        r.scores = std::make_shared<const Tensor3>(computeScores(in->Q, in->K));
        r.inputs = std::move(in);
    }
    r.attention = attend(*r.scores, r.inputs->V, p);
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
    s.entropyFraction = st.maxRowEntropy > 0 ? s.meanRowEntropy / st.maxRowEntropy : 0.0;
    return s;
}

} // namespace attn
