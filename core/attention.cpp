// SPDX-License-Identifier: GPL-3.0-or-later
#include "attention.h"
#include "parallel.h"

#include "loaded.h"
#include "multihead.h"
#include "softmax.h"
#include "torch_generator.h"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <limits>
#include <sstream>

namespace attn {

namespace {

// torch.randn(b, r, c) * sigma (the product only when sigma is not 1, as PyTorch code would write it).
Tensor3 draw(TorchGenerator &g, int b, int r, int c, double sigma = 1.0)
{
    Tensor3 t(b, r, c);
    g.randn(t.data.data(), t.data.size());
    if (sigma != 1.0) {
        const float s = float(sigma);
        for (float &v : t.data)
            v *= s;
    }
    return t;
}

// A projection's weight (d_model, d) drawn as p.init says, stored so that Q = X·W.
Tensor3 drawWeight(TorchGenerator &g, const Params &p, int d)
{
    switch (p.init) {
    case Init::Randn:
        break;
    case Init::Scaled: {
        // torch.randn(d_model, d) / math.sqrt(d_model)
        Tensor3 w = draw(g, 1, p.dModel, d);
        const float divisor = float(std::sqrt(double(p.dModel)));
        for (float &v : w.data)
            v /= divisor;
        return w;
    }
    case Init::Linear: {
        // nn.Linear(d_model, d, bias=False).weight: kaiming_uniform_(w, a=sqrt(5)) on (d, d_model),
        // its bound computed as torch.nn.init computes it; stored transposed.
        const double a = std::sqrt(5.0);
        const double gain = std::sqrt(2.0 / (1 + a * a));
        const double bound = std::sqrt(3.0) * (gain / std::sqrt(double(p.dModel)));
        std::vector<float> weight(std::size_t(d) * std::size_t(p.dModel));
        g.uniform(weight.data(), weight.size(), -bound, bound);
        Tensor3 w(1, p.dModel, d);
        for (int r = 0; r < d; ++r)
            for (int c = 0; c < p.dModel; ++c)
                w(0, c, r) = weight[std::size_t(r) * std::size_t(p.dModel) + std::size_t(c)];
        return w;
    }
    }
    return draw(g, 1, p.dModel, d);
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

namespace {

void drawAdditive(TorchGenerator &g, const Params &p, Inputs &in)
{
    if (p.score != Score::Additive)
        return;
    in.W1 = draw(g, 1, p.dK, p.additiveHidden);
    in.W2 = draw(g, 1, p.dK, p.additiveHidden);
    in.va = draw(g, 1, 1, p.additiveHidden);
}

} // namespace

Inputs drawInputs(const Params &p)
{
    TorchGenerator g(p.seed);
    Inputs in;
    const int B = p.batch, L = p.queryLength, S = p.keyLength;
    if (p.mode == Mode::Direct && p.loaded) {
        in.Q = p.loaded->Q;
        in.K = p.loaded->K;
        in.V = p.loaded->V;
        drawAdditive(g, p, in);
        return in;
    }
    if (p.mode == Mode::Direct) {
        in.Q = draw(g, B, L, p.dK, p.sigma);
        in.K = draw(g, B, S, p.dK, p.sigma);
        in.V = draw(g, B, S, p.dV);
        drawAdditive(g, p, in);
        return in;
    }
    if (p.hasTokenEmbeddings()) {
        // E = randn(V, d_model); X = E[ids] (+ PE), the same sentence in every batch element.
        int distinct = 0;
        const std::vector<int> ids = tokenIds(p.tokens, &distinct);
        in.E = draw(g, 1, distinct, p.dModel, p.sigma);
        in.X = Tensor3(B, L, p.dModel);
        for (int b = 0; b < B; ++b)
            for (int i = 0; i < L; ++i)
                for (int c = 0; c < p.dModel; ++c)
                    in.X(b, i, c) = in.E(0, ids[i], c) + (p.positions ? float(positionEncoding(i, c, p.dModel)) : 0.0f);
    } else {
        in.X = draw(g, B, L, p.dModel, p.sigma);
    }
    if (p.isCross())
        in.Y = draw(g, B, S, p.dModel, p.sigma);
    in.Wq = drawWeight(g, p, p.dK);
    in.Wk = drawWeight(g, p, p.dK);
    in.Wv = drawWeight(g, p, p.dV);
    drawAdditive(g, p, in);
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

double additiveScoreBound(const Inputs &in)
{
    double sum = 0;
    for (float v : in.va.data)
        sum += std::abs(double(v));
    return sum;
}

Tensor3 computeAdditiveScores(
    const Tensor3 &Q, const Tensor3 &K, const Tensor3 &W1, const Tensor3 &W2, const Tensor3 &va)
{
    const int B = Q.batch, L = Q.rows, S = K.rows, H = W1.cols;
    Tensor3 scores(B, L, S);
    const Eigen::Map<const Eigen::RowVectorXf> v(va.data.data(), H);
    for (int b = 0; b < B; ++b) {
        const MatrixRM a = Q.slice(b) * W1.slice(0), c = K.slice(b) * W2.slice(0); // L by H, S by H
#pragma omp parallel for schedule(dynamic, 4) if (std::size_t(L) * S * H > 65536)
        for (int i = 0; i < L; ++i) {
            Eigen::RowVectorXf t(H);
            for (int j = 0; j < S; ++j) {
                t = (a.row(i) + c.row(j)).array().tanh().matrix();
                scores(b, i, j) = t.dot(v);
            }
        }
    }
    return scores;
}

namespace {

bool isPowerOfTwo(float x)
{
    int e = 0;
    return std::frexp(x, &e) == 0.5f;
}

// What the scaling does to a score, in float as PyTorch code writes it: scores / sqrt(d_k),
// scores / d_k, scores / sqrt(d_model), scores * factor, or (for d_k^-1/4 on q and on k) the score
// times c twice, which equals (q c)·(k c) up to float rounding.
struct ScaleOp
{
    enum Kind { Identity, Divide, Multiply, MultiplyTwice } kind = Identity;
    float value = 1.0f;
};

ScaleOp scaleOp(const Params &p)
{
    if (p.score == Score::Additive)
        return {}; // not scaled
    switch (p.scaling) {
    case Scaling::InvSqrtDk:
        return { ScaleOp::Divide, float(std::sqrt(double(p.dK))) };
    case Scaling::InvDk:
        return { ScaleOp::Divide, float(p.dK) };
    case Scaling::InvSqrtDModel:
        return { ScaleOp::Divide, float(std::sqrt(double(p.dModel))) };
    case Scaling::Custom:
        return { ScaleOp::Multiply, float(p.customScale) };
    case Scaling::QuarterEach:
        return { ScaleOp::MultiplyTwice, float(std::pow(double(p.dK), -0.25)) };
    case Scaling::None:
        break;
    }
    return {};
}

// The scaled logit of a score, as PyTorch code (scores / d_k ** 0.5) rounds it. An overflowed product stays
// finite (a mask alone makes -inf); NaN stays NaN.
template <ScaleOp::Kind kind> inline float scaled(float s, float v)
{
    if constexpr (kind == ScaleOp::Identity)
        return s; // not scaled: as it is
    float x = s;
    if constexpr (kind == ScaleOp::Divide)
        x = s / v;
    else if constexpr (kind == ScaleOp::Multiply)
        x = s * v;
    else if constexpr (kind == ScaleOp::MultiplyTwice)
        x = (s * v) * v;
    return std::min(std::max(x, -FLT_MAX), FLT_MAX);
}

// Scales a row of scores into logits in one vectorised pass that also adds the scores and their squares
// (in float over chunks of 256, the chunks in double) into *sum and *sumSq when given.
template <ScaleOp::Kind kind>
void scaleRowAs(const float *scores, float *logits, int n, float v, double *sum, double *sumSq)
{
    double total = 0.0, totalSq = 0.0;
    for (int c = 0; c < n; c += 256) {
        const int end = std::min(n, c + 256);
        float part = 0.0f, partSq = 0.0f;
#pragma omp simd reduction(+ : part, partSq)
        for (int j = c; j < end; ++j) {
            const float sc = scores[j];
            part += sc;
            partSq += sc * sc;
            logits[j] = scaled<kind>(sc, v);
        }
        total += part;
        totalSq += partSq;
    }
    if (sum)
        *sum = total;
    if (sumSq)
        *sumSq = totalSq;
}

void scaleRow(
    const float *scores, float *logits, int n, const ScaleOp &op, double *sum = nullptr, double *sumSq = nullptr)
{
    switch (op.kind) {
    case ScaleOp::Divide:
        if (isPowerOfTwo(op.value)) // exact: the same as dividing
            scaleRowAs<ScaleOp::Multiply>(scores, logits, n, 1.0f / op.value, sum, sumSq);
        else
            scaleRowAs<ScaleOp::Divide>(scores, logits, n, op.value, sum, sumSq);
        break;
    case ScaleOp::Multiply:
        scaleRowAs<ScaleOp::Multiply>(scores, logits, n, op.value, sum, sumSq);
        break;
    case ScaleOp::MultiplyTwice:
        scaleRowAs<ScaleOp::MultiplyTwice>(scores, logits, n, op.value, sum, sumSq);
        break;
    case ScaleOp::Identity:
        scaleRowAs<ScaleOp::Identity>(scores, logits, n, op.value, sum, sumSq);
        break;
    }
}

void logitsRow(const float *scores, float *logits, int batch, int query, int n, const Params &p, const ScaleOp &op,
    double *sum = nullptr, double *sumSq = nullptr)
{
    scaleRow(scores, logits, n, op, sum, sumSq);
    const float fill = maskedLogit(p);
    if (p.mask == MaskKind::Custom) {
        const std::uint8_t *cells = p.customMask.data() + std::size_t(query) * std::size_t(n);
        for (int j = 0; j < n; ++j)
            if (cells[j])
                logits[j] = fill; // masked_fill: replaced, whatever the score
        return;
    }
    int firstMasked = n;
    if (p.mask == MaskKind::Causal)
        firstMasked = std::min(n, query + 1); // PyTorch is_causal: ones(L, S).tril()
    else if (p.mask == MaskKind::Pad)
        firstMasked = n - p.padOf(batch);
    std::fill(logits + firstMasked, logits + n, fill);
}

// Mean and variance from the sums of all scores and of their squares, times factor.
ScoreMoments momentsOf(double sum, double sumSq, double count, double factor)
{
    ScoreMoments m;
    if (count <= 0)
        return m;
    m.mean = sum / count;
    const double v = sumSq / count - m.mean * m.mean;
    m.variance = std::isnan(v) ? v : std::max(0.0, v); // NaN in loaded data stays NaN, not a variance of 0
    m.mean *= factor;
    m.variance *= factor * factor;
    return m;
}

std::string maskedWarning(int batch, const std::vector<int> &indices, bool overKeys)
{
    std::ostringstream m;
    m << "batch " << batch << ": every " << (overKeys ? "key" : "query") << " is masked for "
      << (overKeys ? (indices.size() > 1 ? "queries " : "query ") : (indices.size() > 1 ? "keys " : "key "))
      << indexList(indices) << "; " << (indices.size() > 1 ? "their" : "its")
      << " weights are set to 0 (PyTorch gives NaN)";
    return m.str();
}

std::string uniformWarning(int batch, const std::vector<int> &indices, bool overKeys, int n)
{
    std::ostringstream m;
    m << "batch " << batch << ": every " << (overKeys ? "key" : "query") << " is masked for "
      << (overKeys ? (indices.size() > 1 ? "queries " : "query ") : (indices.size() > 1 ? "keys " : "key "))
      << indexList(indices) << "; masked_fill(-1e9) gives " << (indices.size() > 1 ? "them" : "it")
      << " uniform weights 1/" << n << ", as in PyTorch (a -inf mask gives NaN there)";
    return m.str();
}

} // namespace

float maskedLogit(const Params &p)
{
    return p.maskFill == MaskFill::MinusBillion ? -1e9f : -std::numeric_limits<float>::infinity();
}

bool isMasked(const Params &p, int batch, int query, int key)
{
    switch (p.mask) {
    case MaskKind::None:
        return false;
    case MaskKind::Causal:
        return key > query; // PyTorch is_causal: ones(L, S).tril()
    case MaskKind::Pad:
        return key >= p.keyLength - p.padOf(batch);
    case MaskKind::Custom:
        return p.customMask[std::size_t(query) * std::size_t(p.keyLength) + std::size_t(key)] != 0;
    }
    return false;
}

int unmaskedKeys(const Params &p, int batch, int query)
{
    const int S = p.keyLength;
    switch (p.mask) {
    case MaskKind::None:
        return S;
    case MaskKind::Causal:
        return std::clamp(query + 1, 0, S);
    case MaskKind::Pad:
        return std::clamp(S - p.padOf(batch), 0, S);
    case MaskKind::Custom: {
        const auto row = p.customMask.begin() + std::ptrdiff_t(query) * S;
        return int(std::count(row, row + S, std::uint8_t(0)));
    }
    }
    return S;
}

int unmaskedQueries(const Params &p, int batch, int key)
{
    const int L = p.queryLength;
    switch (p.mask) {
    case MaskKind::None:
        return L;
    case MaskKind::Causal:
        return std::clamp(L - key, 0, L); // the queries i >= j
    case MaskKind::Pad:
        return key < p.keyLength - p.padOf(batch) ? L : 0;
    case MaskKind::Custom: {
        int n = 0;
        for (int i = 0; i < L; ++i)
            n += p.customMask[std::size_t(i) * std::size_t(p.keyLength) + std::size_t(key)] == 0 ? 1 : 0;
        return n;
    }
    }
    return L;
}

int visibleKeys(const Params &p, int batch, int query)
{
    const int n = unmaskedKeys(p, batch, query);
    return n == 0 && p.maskFill == MaskFill::MinusBillion ? p.keyLength : n;
}

int visibleQueries(const Params &p, int batch, int key)
{
    const int n = unmaskedQueries(p, batch, key);
    return n == 0 && p.maskFill == MaskFill::MinusBillion ? p.queryLength : n;
}

bool maskedOut(const Params &p, int batch, int query, int key)
{
    if (!isMasked(p, batch, query, key))
        return false;
    if (p.maskFill == MaskFill::NegInf)
        return true;
    // -1e9: a distribution the mask leaves nothing to is uniform over all of it.
    return p.softmaxDim == -1 ? unmaskedKeys(p, batch, query) > 0 : unmaskedQueries(p, batch, key) > 0;
}

double maxRowEntropyOf(const Params &p, int batch, int query)
{
    const int n = visibleKeys(p, batch, query);
    return n > 0 ? std::log(double(n)) : 0.0;
}

double maxColEntropyOf(const Params &p, int batch, int key)
{
    const int n = visibleQueries(p, batch, key);
    return n > 0 ? std::log(double(n)) : 0.0;
}

double uniformRowJacobianOf(const Params &p, int batch, int query)
{
    return uniformJacobianNorm(visibleKeys(p, batch, query));
}

double uniformColJacobianOf(const Params &p, int batch, int key)
{
    return uniformJacobianNorm(visibleQueries(p, batch, key));
}

Tensor3 computeLogits(const Tensor3 &scores, const Params &p)
{
    Tensor3 logits(scores.batch, scores.rows, scores.cols);
    const ScaleOp op = scaleOp(p);
    for (int b = 0; b < scores.batch; ++b)
        for (int i = 0; i < scores.rows; ++i)
            logitsRow(scores.row(b, i), logits.row(b, i), b, i, scores.cols, p, op);
    return logits;
}

float logitOf(float score, const Params &p)
{
    float x = score;
    scaleRow(&score, &x, 1, scaleOp(p));
    return x;
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
    fitThreadsToFreeCores(double(B) * L * S * (Q ? Q->cols : 1));
    a.weights = Tensor3(B, L, S);
    Statistics &st = a.stats;
    st.rowSums = Table::Zero(B, L);
    st.colSums = Table::Zero(B, S);
    st.rowEntropy = Table::Zero(B, L);
    st.colEntropy = Table::Zero(B, S);
    st.rowJacobian = Table::Zero(B, L);
    st.colJacobian = Table::Zero(B, S);
    st.rowMax = Table::Zero(B, L);
    st.rowArgmax = IndexTable::Zero(B, L);
    const ScaleOp op = scaleOp(p);
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
                logitsRow(row, buffer + std::size_t(i - first) * S, b, i, S, p, op, &rowSum[i], &rowSumSq[i]);
            }
        };
        if (p.softmaxDim == -1) {
            softmaxRowsWithStats(logits, a.weights.slice(b), st.rowSums.row(b), st.rowEntropy.row(b), st.rowMax.row(b),
                st.rowArgmax.row(b), st.colSums.row(b), st.colEntropy.row(b), empty, st.rowJacobian.row(b).data());
        } else {
            // Over queries: the same kernel on the transposed logits; its rows are keys.
            MatrixRM all(L, S);
#pragma omp parallel for schedule(dynamic, 1) if (std::size_t(L) * S > 32768)
            for (int k = 0; k < (L + 63) / 64; ++k)
                logits(k * 64, std::min(L, k * 64 + 64), all.row(Eigen::Index(k) * 64).data());
            MatrixRM t = all.transpose(), wt(S, L);
            Eigen::VectorXd keyMax(S);
            Eigen::VectorXi keyArg(S);
            softmaxRowsWithStats(t, wt, st.colSums.row(b), st.colEntropy.row(b), keyMax, keyArg, st.rowSums.row(b),
                st.rowEntropy.row(b), empty, st.colJacobian.row(b).data());
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
        if (p.mask != MaskKind::None && p.maskFill == MaskFill::MinusBillion) {
            const bool overKeys = p.softmaxDim == -1;
            std::vector<int> uniform;
            for (int k = 0; k < (overKeys ? L : S); ++k)
                if ((overKeys ? unmaskedKeys(p, b, k) : unmaskedQueries(p, b, k)) == 0)
                    uniform.push_back(k);
            if (!uniform.empty())
                a.warnings.push_back(uniformWarning(b, uniform, overKeys, overKeys ? S : L));
        }
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

namespace {

// Loaded data may hold NaN and infinities. A distribution whose unmasked logits hold NaN or +inf (or only -inf)
// is NaN throughout in PyTorch (x - max is inf - inf there); the softmax kernel, which clamps infinite scores,
// would make it one-hot. Such distributions become NaN here too, with their sums and entropies; the output
// follows. Returns how many there are.
int poisonNonFinite(Result &r)
{
    const Params &p = r.params;
    const Tensor3 &sc = *r.scores;
    Attention &a = r.attention;
    Statistics &st = a.stats;
    const int B = sc.batch, L = sc.rows, S = sc.cols;
    const bool overKeys = p.softmaxDim == -1;
    const double sign = p.scaleFactor() < 0 ? -1.0 : 1.0; // (a negative factor turns -inf into +inf)
    const float nan = std::numeric_limits<float>::quiet_NaN();
    int poisoned = 0;
    for (int b = 0; b < B; ++b)
        for (int k = 0; k < (overKeys ? L : S); ++k) {
            bool bad = false, finite = false, negInf = false;
            for (int m = 0; m < (overKeys ? S : L) && !bad; ++m) {
                const int i = overKeys ? k : m, j = overKeys ? m : k;
                if (isMasked(p, b, i, j))
                    continue;
                const float s = sc(b, i, j);
                bad = std::isnan(s) || (std::isinf(s) && double(s) * sign > 0);
                negInf = negInf || std::isinf(s);
                finite = finite || std::isfinite(s);
            }
            if (!bad && (finite || !negInf))
                continue;
            ++poisoned;
            for (int m = 0; m < (overKeys ? S : L); ++m)
                a.weights(b, overKeys ? k : m, overKeys ? m : k) = nan;
            if (overKeys) {
                st.rowSums(b, k) = st.rowEntropy(b, k) = st.rowMax(b, k) = st.rowJacobian(b, k) = nan;
                st.colSums.row(b).setConstant(nan); // every column holds one of its NaN
                st.colEntropy.row(b).setConstant(nan);
            } else {
                st.colSums(b, k) = st.colEntropy(b, k) = st.colJacobian(b, k) = nan;
                st.rowSums.row(b).setConstant(nan);
                st.rowEntropy.row(b).setConstant(nan);
            }
        }
    if (poisoned > 0) {
        computeOut(a, r.inputs->V);
        const int shown = std::clamp(p.batchIndex, 0, std::max(0, B - 1));
        double sum = 0.0;
        int n = 0;
        for (int i = 0; i < L; ++i)
            if (std::isfinite(st.rowEntropy(shown, i))) {
                sum += st.rowEntropy(shown, i);
                ++n;
            }
        st.meanRowEntropy = n > 0 ? sum / n : 0.0;
    }
    return poisoned;
}

// Loaded data may hold NaN and infinities: said first among the warnings, with what they did.
void warnOfLoadedValues(Result &r)
{
    const Params &p = r.params;
    if (p.loaded)
        r.attention.warnings.insert(r.attention.warnings.begin(), p.loaded->notes.begin(), p.loaded->notes.end());
    if (p.loaded && p.loaded->nonFinite > 0) {
        const int poisoned = poisonNonFinite(r);
        const char *what = p.softmaxDim == -1 ? " rows" : " columns";
        r.attention.warnings.insert(r.attention.warnings.begin(),
            "the loaded Q, K and V hold " + std::to_string(p.loaded->nonFinite) + " NaN or infinite values: "
                + (poisoned > 0 ? std::to_string(poisoned) + what
                            + " of weights are NaN, as in PyTorch (their scores hold NaN or +inf)"
                                : std::string("none of them makes a row of weights NaN (an output is NaN "
                                              "wherever a weight meets a NaN of V)")));
    }
}

} // namespace

bool sameInputs(const Params &a, const Params &b)
{
    return a.mode == b.mode && a.batch == b.batch && a.queryLength == b.queryLength && a.keyLength == b.keyLength
        && a.isCross() == b.isCross() && a.dK == b.dK && a.dV == b.dV && a.seed == b.seed && a.sigma == b.sigma
        && (a.mode == Mode::Direct
            || (a.dModel == b.dModel && a.init == b.init && a.tokens == b.tokens && a.positions == b.positions))
        && a.score == b.score && (a.score != Score::Additive || a.additiveHidden == b.additiveHidden)
        && a.loaded == b.loaded;
}

namespace {

// F.scaled_dot_product_attention's math kernel (Params::sdpaKernel): q·√s and k·√s, then the product, softmax over
// the keys with the mask as −∞, ·V; the scores kept as the raw Q·Kᵀ, as every view reads them.
Attention attendAsSdpa(const Inputs &in, const Params &p, Tensor3 *scores)
{
    const float root = float(std::sqrt(p.scaleFactor()));
    Tensor3 Qs = in.Q, Ks = in.K;
    for (float &x : Qs.data)
        x *= root;
    for (float &x : Ks.data)
        x *= root;
    Params kernel = p;
    kernel.scaling = Scaling::Custom;
    kernel.customScale = 1.0;
    kernel.softmaxDim = -1;
    kernel.maskFill = MaskFill::NegInf;
    Tensor3 scaled;
    Attention a = attendFromInputs(Qs, Ks, kernel, &scaled);
    *scores = computeScores(in.Q, in.K);
    double sum = 0.0, sumSq = 0.0;
    for (float x : scores->data) {
        sum += x;
        sumSq += double(x) * x;
    }
    a.stats.scaledScores = a.stats.rawScores; // of (q·√s)·(k·√s): the logits
    a.stats.rawScores = momentsOf(sum, sumSq, double(scores->data.size()), 1.0);
    computeOut(a, in.V);
    return a;
}

} // namespace

Result compute(const Params &p, const Result *previous)
{
    fitThreadsToFreeCores(); // (for this computation: the cores nobody else is running on now)
    Result r;
    r.params = p;
    if (p.sdpaKernel && p.score == Score::Dot) {
        auto in = previous && previous->inputs && sameInputs(p, previous->params)
            ? previous->inputs
            : std::make_shared<const Inputs>(drawInputs(p));
        auto scores = std::make_shared<Tensor3>();
        r.attention = attendAsSdpa(*in, p, scores.get());
        r.scores = std::move(scores);
        r.inputs = std::move(in);
        warnOfLoadedValues(r);
        return r;
    }
    if (previous && previous->inputs && previous->scores && sameInputs(p, previous->params)) {
        r.inputs = previous->inputs;
        r.scores = previous->scores;
        r.attention = attend(*r.scores, r.inputs->V, p);
        warnOfLoadedValues(r);
        return r;
    }
    auto in = std::make_shared<Inputs>(drawInputs(p));
    auto scores = std::make_shared<Tensor3>();
    if (p.score == Score::Additive) {
        *scores = computeAdditiveScores(in->Q, in->K, in->W1, in->W2, in->va);
        r.attention = attend(*scores, in->V, p);
    } else {
        r.attention = attendFromInputs(in->Q, in->K, p, scores.get());
        computeOut(r.attention, in->V);
    }
    r.scores = std::move(scores);
    r.inputs = std::move(in);
    warnOfLoadedValues(r);
    return r;
}

} // namespace attn

namespace attn {

BatchSummary summarize(const Result &r, int batch, double tolerance)
{
    BatchSummary s;
    const Statistics &st = r.attention.stats;
    const int L = int(st.rowMax.cols()), S = int(st.colSums.cols());
    bool anyMax = false;
    for (int i = 0; i < L; ++i) {
        if (!std::isnan(st.rowMax(batch, i)) && (st.rowMax(batch, i) > s.maxWeight || !anyMax)) { // (NaN rows: none)
            anyMax = true;
            s.maxWeight = st.rowMax(batch, i);
            s.maxQuery = i;
            s.maxKey = st.rowArgmax(batch, i);
        }
        if (std::isnan(st.rowSums(batch, i)))
            s.nanDistributions += r.params.softmaxDim == -1;
        else if (!sumsToOne(st.rowSums(batch, i), tolerance))
            ++s.rowsNotSummingToOne;
    }
    for (int j = 0; j < S; ++j)
        if (std::isnan(st.colSums(batch, j)))
            s.nanDistributions += r.params.softmaxDim == -2;
        else if (!sumsToOne(st.colSums(batch, j), tolerance))
            ++s.colsNotSummingToOne;
    // Entropies over the distributions a mask leaves something to (a fully masked one has none), against
    // the most each can have: ln of what it may see (ln S or ln L without a mask); the Jacobian's norms
    // (made in the softmax's pass) over the same ones, against a uniform distribution's over what it sees.
    const Params &p = r.params;
    int rows = 0, cols = 0;
    double rowSum = 0.0, rowMost = 0.0, colSum = 0.0, colMost = 0.0;
    double rowNorms = 0.0, rowUniform = 0.0, colNorms = 0.0, colUniform = 0.0;
    for (int i = 0; i < L; ++i)
        if (visibleKeys(p, batch, i) > 0 && std::isfinite(st.rowSums(batch, i))) { // (NaN rows: no distribution)
            ++rows;
            rowSum += st.rowEntropy(batch, i);
            rowMost += maxRowEntropyOf(p, batch, i);
            rowNorms += st.rowJacobian(batch, i);
            rowUniform += uniformRowJacobianOf(p, batch, i);
        }
    for (int j = 0; j < S; ++j)
        if (visibleQueries(p, batch, j) > 0 && std::isfinite(st.colSums(batch, j))) {
            ++cols;
            colNorms += st.colJacobian(batch, j);
            colUniform += uniformColJacobianOf(p, batch, j);
            colSum += st.colEntropy(batch, j);
            colMost += maxColEntropyOf(p, batch, j);
        }
    s.meanRowEntropy = rows > 0 ? rowSum / rows : 0.0;
    s.meanMostRowEntropy = rows > 0 ? rowMost / rows : 0.0;
    double maxSum = 0.0;
    int maxRows = 0;
    for (int i = 0; i < L; ++i)
        if (!std::isnan(st.rowMax(batch, i))) {
            maxSum += st.rowMax(batch, i);
            ++maxRows;
        }
    s.meanRowMax = maxRows > 0 ? maxSum / maxRows : 0.0;
    // A fully masked distribution is the only way a softmax sums to exactly 0.
    s.fullyMasked = r.params.softmaxDim == -1 ? int((st.rowSums.row(batch).array() == 0.0).count())
                                              : int((st.colSums.row(batch).array() == 0.0).count());
    if (p.mask != MaskKind::None && p.maskFill == MaskFill::MinusBillion) {
        const int n = p.softmaxDim == -1 ? L : S;
        for (int k = 0; k < n; ++k)
            s.uniformMasked += (p.softmaxDim == -1 ? unmaskedKeys(p, batch, k) : unmaskedQueries(p, batch, k)) == 0;
    }
    s.entropyFraction = s.meanMostRowEntropy > 0 ? s.meanRowEntropy / s.meanMostRowEntropy : 0.0;
    s.meanColEntropy = cols > 0 ? colSum / cols : 0.0;
    s.meanMostColEntropy = cols > 0 ? colMost / cols : 0.0;
    s.colEntropyFraction = s.meanMostColEntropy > 0 ? s.meanColEntropy / s.meanMostColEntropy : 0.0;
    const bool overKeys = p.softmaxDim == -1;
    const int counted = overKeys ? rows : cols;
    s.meanJacobianNorm = counted > 0 ? (overKeys ? rowNorms : colNorms) / counted : 0.0;
    s.meanUniformJacobianNorm = counted > 0 ? (overKeys ? rowUniform : colUniform) / counted : 0.0;
    const int n = r.params.softmaxDim == -1 ? S : L;
    s.uniformJacobianNorm = uniformJacobianNorm(n);
    return s;
}

ScoreHistogram scoreHistogram(const Result &r, int b, bool scaled, double expectedSd, int bins)
{
    ScoreHistogram h;
    const Tensor3 &scores = *r.scores;
    if (b < 0 || b >= scores.batch)
        return h;
    const Params &p = r.params;
    std::vector<double> values;
    values.reserve(std::size_t(scores.rows) * std::size_t(scores.cols));
    for (int i = 0; i < scores.rows; ++i)
        for (int j = 0; j < scores.cols; ++j) {
            if (scaled && isMasked(p, b, i, j))
                continue; // -inf: not a number of the distribution
            const float s = scores(b, i, j);
            values.push_back(scaled ? double(logitOf(s, p)) : double(s));
        }
    h.count = int(values.size());
    if (values.empty())
        return h;
    double sum = 0.0, lo = values.front(), hi = values.front();
    for (double v : values) {
        sum += v;
        lo = std::min(lo, v);
        hi = std::max(hi, v);
    }
    h.mean = sum / double(values.size());
    double squares = 0.0;
    for (double v : values)
        squares += (v - h.mean) * (v - h.mean);
    h.sd = std::sqrt(squares / double(values.size()));
    lo = std::min(lo, -3.0 * expectedSd);
    hi = std::max(hi, 3.0 * expectedSd);
    if (!(hi > lo)) { // one value, or all equal
        lo -= 0.5;
        hi += 0.5;
    }
    const int n = bins > 0 ? bins : std::clamp(int(std::lround(std::sqrt(double(values.size())))), 8, 40);
    h.lo = lo;
    h.hi = hi;
    h.density.assign(std::size_t(n), 0.0);
    const double width = (hi - lo) / n;
    for (double v : values)
        h.density[std::size_t(std::clamp(int((v - lo) / width), 0, n - 1))] += 1.0;
    for (double &d : h.density)
        d /= double(values.size()) * width;
    return h;
}

std::vector<double> jacobianNorms(const Result &r, int b)
{
    const Statistics &st = r.attention.stats;
    if (b < 0 || b >= int(st.rowJacobian.rows()))
        return {};
    const Table &t = r.params.softmaxDim == -1 ? st.rowJacobian : st.colJacobian;
    return { t.row(b).begin(), t.row(b).end() };
}

} // namespace attn

namespace attn {

ExpectedVariance expectedScoreVariance(const Params &p)
{
    ExpectedVariance e;
    if (p.positions && p.mode == Mode::Projection && !p.tokens.empty())
        return e; // position encodings are fixed numbers, not draws
    if (p.score == Score::Additive)
        return e; // a sum of tanh's: not the dot product's d_k · Var(q_i) · Var(k_i)
    if (const MultiheadResult *m = multiheadOf(p)) {
        // nn.MultiheadAttention's heads: X = randn, in_proj_weight xavier-uniform with bound √(6 / (d_model +
        // 3·d_model)), so Var(w) = bound² / 3 = 1 / (2·d_model) and Var(q_i) = d_model · Var(w) = 1/2.
        e.known = true;
        e.entry = double(m->settings.dModel) / (2.0 * m->settings.dModel);
        e.raw = double(p.dK) * e.entry * e.entry;
        e.scaled = e.raw * p.scaleFactor() * p.scaleFactor();
        return e;
    }
    if (p.loaded)
        return e; // loaded, not drawn: no distribution to expect from
    // Var(q_i) = Var(k_i): sigma² in direct mode; in projection mode sigma² d_model Var(w), with
    // Var(w) = 1 (randn), 1/d_model (randn / sqrt(d_model)) or bound²/3 = 1/(3 d_model) (nn.Linear).
    double entry = p.sigma * p.sigma;
    if (p.mode == Mode::Projection)
        entry *= p.init == Init::Randn ? double(p.dModel) : p.init == Init::Scaled ? 1.0 : 1.0 / 3.0;
    e.known = true;
    e.entry = entry;
    e.raw = double(p.dK) * entry * entry;
    e.scaled = e.raw * p.scaleFactor() * p.scaleFactor();
    return e;
}

} // namespace attn
