// SPDX-License-Identifier: GPL-3.0-or-later
#include "multihead.h"

#include "loaded.h"
#include "parallel.h"
#include "params.h"
#include "params_edit.h"
#include "softmax.h"
#include "torch_generator.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace attn {

std::string multiheadProblem(const MultiheadSettings &s)
{
    if (s.heads < 1)
        return "the number of heads must be at least 1 (got " + std::to_string(s.heads) + ")";
    if (s.dModel % s.heads != 0)
        return "d_model = " + std::to_string(s.dModel) + " is not divisible by " + std::to_string(s.heads)
            + " heads (nn.MultiheadAttention needs d_model = h·d_k)";
    if (s.batch < 1 || s.length < 1 || s.dModel < 1)
        return "batch, length and d_model must be at least 1";
    if (s.mask == MultiheadMask::KeyPadding && (s.padKeys < 0 || s.padKeys >= s.length))
        return "the padding must leave at least one key (pad:N with N from 0 to " + std::to_string(s.length - 1)
            + ", got " + std::to_string(s.padKeys) + "): PyTorch gives NaN for a query that sees no key";
    return {};
}

namespace {

// nn.init's uniform draws: torch.empty(rows, cols).uniform_(-bound, bound), in C order.
Tensor3 uniformTensor(TorchGenerator &g, int rows, int cols, double bound)
{
    Tensor3 t(1, rows, cols);
    g.uniform(t.data.data(), t.data.size(), -bound, bound);
    return t;
}

using ConstMap = Eigen::Map<const MatrixRM, Eigen::Unaligned, Eigen::OuterStride<>>;
using Map = Eigen::Map<MatrixRM, Eigen::Unaligned, Eigen::OuterStride<>>;

} // namespace

MultiheadResult drawMultihead(const MultiheadSettings &s)
{
    MultiheadResult r;
    r.settings = s;
    const int B = s.batch, L = s.length, E = s.dModel;
    r.headDim = E / s.heads;
    TorchGenerator g(s.seed);
    // nn.Linear(E, E, bias=False) inside the constructor: kaiming_uniform_(weight, a=sqrt(5)), as torch.nn.init
    // computes its bound (gain = sqrt(2 / (1 + a²)), std = gain / sqrt(fan_in), bound = sqrt(3)·std).
    const double a = std::sqrt(5.0);
    const double linearBound = std::sqrt(3.0) * (std::sqrt(2.0 / (1 + a * a)) / std::sqrt(double(E)));
    r.outProjWeight = uniformTensor(g, E, E, linearBound);
    // _reset_parameters: xavier_uniform_(in_proj_weight), fan_in = E, fan_out = 3E: std = sqrt(2 / (fan_in + fan_out)).
    const double xavierBound = std::sqrt(3.0) * (1.0 * std::sqrt(2.0 / double(E + 3 * E)));
    r.inProjWeight = uniformTensor(g, 3 * E, E, xavierBound);
    r.X = Tensor3(B, L, E);
    g.randn(r.X.data.data(), r.X.data.size());
    projectMultihead(r);
    return r;
}

void projectMultihead(MultiheadResult &r)
{
    const int B = r.settings.batch, L = r.settings.length, E = r.settings.dModel;
    fitThreadsToFreeCores(3.0 * B * L * double(E) * E);
    // The packed projection: (B·L, E) · in_proj_weightᵀ → (B·L, 3E), its thirds Q, K, V.
    const Eigen::Map<const MatrixRM> x(r.X.data.data(), Eigen::Index(B) * L, E);
    const Eigen::Map<const MatrixRM> w(r.inProjWeight.data.data(), Eigen::Index(3) * E, E);
    const MatrixRM proj = x * w.transpose();
    r.Q = Tensor3(B, L, E);
    r.K = Tensor3(B, L, E);
    r.V = Tensor3(B, L, E);
    for (Eigen::Index i = 0; i < proj.rows(); ++i)
        for (int c = 0; c < E; ++c) {
            r.Q.data[std::size_t(i) * E + c] = proj(i, c);
            r.K.data[std::size_t(i) * E + c] = proj(i, E + c);
            r.V.data[std::size_t(i) * E + c] = proj(i, 2 * E + c);
        }
}

std::uint64_t multiheadDrawBytes(const MultiheadSettings &s)
{
    const std::uint64_t tokens = std::uint64_t(std::max(s.batch, 0)) * std::uint64_t(std::max(s.length, 0)),
                        E = std::uint64_t(std::max(s.dModel, 0));
    // X, the weights (4E²), the packed projection and Q, K, V, and the heads' copies of Q, K, V: floats.
    return 4 * (tokens * E + 4 * E * E + 3 * tokens * E + 3 * tokens * E + 3 * tokens * E);
}

MultiheadResult computeMultihead(const MultiheadSettings &s)
{
    MultiheadResult r = drawMultihead(s);
    attendMultihead(r);
    return r;
}

void multiheadForward(MultiheadResult &r)
{
    projectMultihead(r);
    attendMultihead(r);
}

namespace {

// Every head's weights softmax(Q_h / divisor · K_hᵀ + mask), one head per thread: f(element, weights, rowEntropy)
// is called on the head's thread with its (L, L) weights and its rows' entropies (q is divided before the product,
// as PyTorch does).
template <class F> void eachHead(const MultiheadResult &r, float divisor, F &&f)
{
    const MultiheadSettings &s = r.settings;
    const int B = s.batch, L = s.length, E = s.dModel, h = s.heads, d = E / h;
    const float minusInf = -std::numeric_limits<float>::infinity();
    // The heads are independent: one per thread (each product alone on one thread, Eigen not nested).
    const int elements = B * h;
    fitThreadsToFreeCores(2.0 * double(elements) * L * L * d);
#pragma omp parallel if (double(elements) * L * L * d > kParallelWork)
    {
        MatrixRM logits(L, L), weights(L, L);
        Eigen::VectorXd rowSum(L), rowEntropy(L), rowMax(L), colSum(L), colEntropy(L);
        Eigen::VectorXi rowArgmax(L);
        std::vector<int> maskedRows;
#pragma omp for schedule(dynamic, 1)
        for (int e = 0; e < elements; ++e) {
            const int b = e / h, head = e % h;
            const ConstMap q(r.Q.row(b, 0) + std::ptrdiff_t(head) * d, L, d, Eigen::OuterStride<>(E));
            const ConstMap k(r.K.row(b, 0) + std::ptrdiff_t(head) * d, L, d, Eigen::OuterStride<>(E));
            const MatrixRM qScaled = q.array() / divisor;
            logits.noalias() = qScaled * k.transpose();
            for (int i = 0; i < L; ++i)
                for (int j = 0; j < L; ++j) {
                    const bool ignored = (s.mask == MultiheadMask::Causal && j > i)
                        || (s.mask == MultiheadMask::KeyPadding && j >= L - s.padKeys);
                    if (ignored)
                        logits(i, j) = minusInf;
                }
            maskedRows.clear();
            softmaxRowsWithStats(
                logits, weights, rowSum, rowEntropy, rowMax, rowArgmax, colSum, colEntropy, maskedRows, nullptr);
            f(e, weights, rowEntropy);
        }
    }
}

} // namespace

std::vector<double> multiheadMeanEntropies(const MultiheadResult &r, double divisor)
{
    std::vector<double> mean(std::size_t(r.settings.batch) * r.settings.heads, 0.0);
    eachHead(r, float(divisor), [&mean](int e, const MatrixRM &, const Eigen::VectorXd &rowEntropy) {
        mean[std::size_t(e)] = rowEntropy.mean();
    });
    return mean;
}

void attendMultihead(MultiheadResult &r)
{
    const MultiheadSettings &s = r.settings;
    const int B = s.batch, L = s.length, E = s.dModel, h = s.heads, d = E / h;
    r.headWeights = Tensor3(B * h, L, L);
    r.concat = Tensor3(B, L, E);
    r.headMeanEntropy.assign(std::size_t(B) * h, 0.0);
    eachHead(r, float(std::sqrt(double(d))), [&](int e, const MatrixRM &weights, const Eigen::VectorXd &rowEntropy) {
        const int b = e / h, head = e % h;
        Eigen::Map<MatrixRM>(r.headWeights.data.data() + std::size_t(e) * r.headWeights.sliceSize(), L, L) = weights;
        const ConstMap v(r.V.row(b, 0) + std::ptrdiff_t(head) * d, L, d, Eigen::OuterStride<>(E));
        Map o(r.concat.data.data() + std::size_t(b) * L * E + std::size_t(head) * d, L, d, Eigen::OuterStride<>(E));
        o.noalias() = weights * v;
        r.headMeanEntropy[std::size_t(e)] = rowEntropy.mean();
    });

    // The average over heads, and the output projection concat · out_proj_weightᵀ.
    r.averageWeights = Tensor3(B, L, L, 0.0f);
    for (int b = 0; b < B; ++b) {
        for (int head = 0; head < h; ++head)
            for (std::size_t c = 0; c < r.averageWeights.sliceSize(); ++c)
                r.averageWeights.data[b * r.averageWeights.sliceSize() + c]
                    += r.headWeights.data[(std::size_t(b) * h + head) * r.headWeights.sliceSize() + c];
        for (std::size_t c = 0; c < r.averageWeights.sliceSize(); ++c)
            r.averageWeights.data[b * r.averageWeights.sliceSize() + c] /= float(h);
    }
    r.out = Tensor3(B, L, E);
    const Eigen::Map<const MatrixRM> concat(r.concat.data.data(), Eigen::Index(B) * L, E);
    const Eigen::Map<const MatrixRM> wo(r.outProjWeight.data.data(), E, E);
    fitThreadsToFreeCores(double(B) * L * double(E) * E);
    Eigen::Map<MatrixRM>(r.out.data.data(), Eigen::Index(B) * L, E).noalias() = concat * wo.transpose();
}

Params multiheadParams(const Params &p, const MultiheadSettings &s)
{
    auto draws = std::make_shared<MultiheadResult>(drawMultihead(s));
    const int B = s.batch, L = s.length, E = s.dModel, h = s.heads, d = E / h;
    auto in = std::make_shared<LoadedInputs>();
    in->Q = Tensor3(B * h, L, d);
    in->K = Tensor3(B * h, L, d);
    in->V = Tensor3(B * h, L, d);
    for (int b = 0; b < B; ++b)
        for (int head = 0; head < h; ++head)
            for (int i = 0; i < L; ++i)
                for (int c = 0; c < d; ++c) {
                    const std::size_t from = (std::size_t(b) * L + i) * E + std::size_t(head) * d + c;
                    const std::size_t to = ((std::size_t(b) * h + head) * L + i) * d + c;
                    in->Q.data[to] = draws->Q.data[from];
                    in->K.data[to] = draws->K.data[from];
                    in->V.data[to] = draws->V.data[from];
                }
    in->vGiven = true;
    in->heads = h;
    in->source
        = "nn.MultiheadAttention(" + std::to_string(E) + ", " + std::to_string(h) + "), seed " + std::to_string(s.seed);
    in->multihead = std::move(draws);
    Params q = p;
    q.score = Score::Dot;
    q.dModel = E;
    q.seed = s.seed;
    q.queryLength = q.keyLength = L; // (normalize would otherwise draw the heads again for p's length)
    q.tokens.clear();
    q.positions = false;
    q.batchIndex = std::clamp(p.batchIndex, 0, B * h - 1);
    setLoaded(q, std::move(in));
    return q;
}

const MultiheadResult *multiheadOf(const Params &p)
{
    return p.loaded && p.mode == Mode::Direct ? p.loaded->multihead.get() : nullptr;
}

MultiheadSettings requestedMultihead(const Params &p)
{
    MultiheadSettings s = multiheadOf(p)->settings;
    s.dModel = p.dModel;
    s.length = p.queryLength;
    s.seed = p.seed;
    return s;
}

Params singleHeadParams(const Params &p)
{
    Params q = p;
    if (const MultiheadResult *m = multiheadOf(p)) {
        q.batch = m->settings.batch;
        q.queryLength = q.keyLength = m->settings.length;
        q.dModel = m->settings.dModel;
        q.seed = m->settings.seed;
        q.batchIndex = p.batchIndex / m->settings.heads;
    }
    q.loaded.reset();
    q.mode = Mode::Projection;
    q.init = Init::Randn;
    q.dK = q.dV = std::max(1, Params::kDefaultDk);
    q.keysFollowLength = q.dvFollowsDk = true;
    normalize(q);
    return q;
}

Tensor3 multiheadOutput(const MultiheadResult &r, const Tensor3 &headOut)
{
    const int B = r.settings.batch, L = r.settings.length, E = r.settings.dModel, h = r.settings.heads, d = E / h;
    Tensor3 concat(B, L, E);
    for (int b = 0; b < B; ++b)
        for (int head = 0; head < h; ++head)
            for (int i = 0; i < L; ++i)
                for (int c = 0; c < d; ++c)
                    concat.data[(std::size_t(b) * L + i) * E + std::size_t(head) * d + c]
                        = headOut.data[((std::size_t(b) * h + head) * L + i) * d + c];
    Tensor3 out(B, L, E);
    const Eigen::Map<const MatrixRM> c(concat.data.data(), Eigen::Index(B) * L, E);
    const Eigen::Map<const MatrixRM> wo(r.outProjWeight.data.data(), E, E);
    Eigen::Map<MatrixRM>(out.data.data(), Eigen::Index(B) * L, E).noalias() = c * wo.transpose();
    return out;
}

std::vector<MultiheadStage> multiheadStages(const MultiheadSettings &s)
{
    const int B = s.batch, L = s.length, E = s.dModel, h = std::max(1, s.heads);
    return { { "X", { B, L, E } }, { "Q, K, V", { B, L, E } }, { "heads", { B, h, L, E / h } },
        { "concat", { B, L, E } }, { "out", { B, L, E } } };
}

MultiheadCost multiheadCost(int batch, int length, int dModel, int heads)
{
    const double tokens = double(batch) * length, d = double(dModel) / heads;
    MultiheadCost c;
    c.projections = tokens * dModel * 3.0 * dModel; // X · W_q, W_k, W_v: each (d_model, h·d_k = d_model)
    c.scores = double(batch) * heads * length * length * d; // h heads of L × L dot products of d_k
    c.weightedSums = double(batch) * heads * length * length * d; // weights · V per head
    c.outProjection = tokens * dModel * double(dModel); // concat · W_O
    c.exponentials = double(batch) * heads * length * length;
    return c;
}

} // namespace attn
