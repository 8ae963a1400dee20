// SPDX-License-Identifier: GPL-3.0-or-later
// The pipeline: the lecture's printed numbers, agreement with real PyTorch (fixtures made by
// tests/reference/make_fixtures.py), masks, statistics, validation, reuse and the heatmap grid.
#include "attention.h"
#include "fixtures.h"
#include "heatmap_grid.h"
#include "json_dump.h"
#include "lecture.h"
#include "softmax.h"
#include "torch_generator.h"

#include <cmath>
#include <limits>
#include <sstream>

using attn::Params;
using attn::Result;

Q_DECLARE_METATYPE(attn::Params)

namespace {

// The pipeline in double precision, written out plainly, from the same (bit-identical) inputs:
// the exact answer that both PyTorch and we approximate in float32. Fully masked rows or columns
// give weights of 0, our documented convention where PyTorch gives NaN.
struct Exact
{
    std::vector<double> scores, weights, out;
};

Exact exactAttention(const Params &p, const attn::Inputs &in)
{
    const int B = p.batch, L = p.queryLength, S = p.keyLength, dk = p.dK, dv = p.dV, dm = p.dModel;
    auto project = [&](const attn::Tensor3 &X, const attn::Tensor3 &W, int rows, int d) {
        std::vector<double> out(std::size_t(B) * rows * d, 0.0);
        for (int b = 0; b < B; ++b)
            for (int i = 0; i < rows; ++i)
                for (int c = 0; c < d; ++c) {
                    double acc = 0.0;
                    for (int k = 0; k < dm; ++k)
                        acc += double(X(b, i, k)) * W(0, k, c);
                    out[(std::size_t(b) * rows + i) * d + c] = acc;
                }
        return out;
    };
    auto copy = [](const attn::Tensor3 &t) { return std::vector<double>(t.data.begin(), t.data.end()); };
    std::vector<double> Q, K, V;
    if (p.mode == attn::Mode::Direct) {
        Q = copy(in.Q);
        K = copy(in.K);
        V = copy(in.V);
    } else {
        const attn::Tensor3 &src = p.isCross() ? in.Y : in.X;
        Q = project(in.X, in.Wq, L, dk);
        K = project(src, in.Wk, S, dk);
        V = project(src, in.Wv, S, dv);
    }
    Exact e;
    e.scores.assign(std::size_t(B) * L * S, 0.0);
    std::vector<double> logit(e.scores.size());
    std::vector<bool> masked(e.scores.size());
    for (int b = 0; b < B; ++b)
        for (int i = 0; i < L; ++i)
            for (int j = 0; j < S; ++j) {
                double acc = 0.0;
                for (int c = 0; c < dk; ++c)
                    acc += Q[(std::size_t(b) * L + i) * dk + c] * K[(std::size_t(b) * S + j) * dk + c];
                const std::size_t at = (std::size_t(b) * L + i) * S + j;
                e.scores[at] = acc;
                logit[at] = acc * p.scaleFactor();
                masked[at] = attn::isMasked(p, b, i, j);
            }
    e.weights.assign(e.scores.size(), 0.0);
    const bool rows = p.softmaxDim == -1;
    const int groups = rows ? L : S, members = rows ? S : L;
    for (int b = 0; b < B; ++b)
        for (int g = 0; g < groups; ++g) {
            auto index
                = [&](int m) { return rows ? (std::size_t(b) * L + g) * S + m : (std::size_t(b) * L + m) * S + g; };
            double mx = -INFINITY, z = 0.0;
            for (int m = 0; m < members; ++m)
                if (!masked[index(m)])
                    mx = std::max(mx, logit[index(m)]);
            if (mx == -INFINITY)
                continue;
            for (int m = 0; m < members; ++m)
                if (!masked[index(m)])
                    z += std::exp(logit[index(m)] - mx);
            for (int m = 0; m < members; ++m)
                if (!masked[index(m)])
                    e.weights[index(m)] = std::exp(logit[index(m)] - mx) / z;
        }
    e.out.assign(std::size_t(B) * L * dv, 0.0);
    for (int b = 0; b < B; ++b)
        for (int i = 0; i < L; ++i)
            for (int c = 0; c < dv; ++c) {
                double acc = 0.0;
                for (int j = 0; j < S; ++j)
                    acc += e.weights[(std::size_t(b) * L + i) * S + j] * V[(std::size_t(b) * S + j) * dv + c];
                e.out[(std::size_t(b) * L + i) * dv + c] = acc;
            }
    return e;
}

// Each value within 1e-5 of PyTorch (relative above 1). Where PyTorch's own float32 rounding is
// larger than that (long sums, large unscaled scores), the value must instead be no farther from
// the exact answer than twice PyTorch's largest error in the tensor. Where PyTorch gives NaN
// (a fully masked row or column) the value must equal the exact answer with weights of 0.
void verifyAgainstTorch(
    const attn::Tensor3 &got, const std::vector<float> &torch, const std::vector<double> &exact, const char *what)
{
    QVERIFY2(got.data.size() == torch.size() && torch.size() == exact.size(), what);
    double torchError = 0.0;
    for (std::size_t i = 0; i < torch.size(); ++i)
        if (!std::isnan(torch[i]))
            torchError = std::max(torchError, std::fabs(torch[i] - exact[i]));
    for (std::size_t i = 0; i < torch.size(); ++i) {
        const double g = got.data[i], t = torch[i], x = exact[i];
        const double tol = 1e-5 * std::max(1.0, std::fabs(x));
        const bool ok
            = std::isnan(t) ? std::fabs(g - x) <= tol : std::fabs(g - t) <= tol || std::fabs(g - x) <= 2.0 * torchError;
        QVERIFY2(ok,
            qPrintable(QString("%1[%2]: got %3, PyTorch %4, exact %5 (PyTorch's largest error %6)")
                           .arg(what)
                           .arg(i)
                           .arg(g, 0, 'g', 9)
                           .arg(t, 0, 'g', 9)
                           .arg(x, 0, 'g', 12)
                           .arg(torchError)));
    }
}

void verifyBitIdentical(const attn::Tensor3 &got, const std::vector<float> &expected, const char *what)
{
    QVERIFY2(got.data.size() == expected.size(), what);
    for (std::size_t i = 0; i < expected.size(); ++i)
        QVERIFY2(floatBits(got.data[i]) == floatBits(expected[i]), qPrintable(QString("%1[%2]").arg(what).arg(i)));
}

} // namespace

class TestAttention : public QObject
{
    Q_OBJECT
private slots:
    void lectureBlock1();
    void dumpSizeIsEstimatedFromAbove();
    void lectureBlock2();
    void lectureBlock3MatchesHandComputation();
    void lectureExercise();
    void torchFixtures_data();
    void torchFixtures();
    void causalMask();
    void padMask();
    void maskedMaximumEntropy_data();
    void maskedMaximumEntropy();
    void fullyMaskedRowsWarn();
    void scoreVarianceGrowsWithDk();
    void expectedVarianceMatchesLargeSamples_data();
    void expectedVarianceMatchesLargeSamples();
    void statisticsAgreeWithWeights();
    void reuseGivesSameResult();
    void crossAttentionDrawsY();
    void validation_data();
    void validation();
    void memoryLimitRefusesBeforeAllocating();
    void heatmapGridAggregatesWithMax();
    void matrixGridKeepsEachBlocksLargest();
    void batchSummary();
    void tokensGiveIdenticalRows();
    void jsonDump();
    void jacobianNormMatchesAutograd();
    void jacobianNormExtremes();
    void jacobianNormsPerDistribution();
    void jacobianNormsOfTheSoftmaxPass();
    void quarterEachEqualsSqrtDk();
    void linearInitIsPyTorchs();
    void scoreHistogramIsADensity();
};

// --dump refuses a file larger than attn::kMaxJsonBytes before writing it: the estimate must be a ceiling of
// what writeJson writes (or a refused dump would have fitted) and not far above it (or a dump that fits is
// refused): within a factor of 2.5 for both modes, a mistake, tiny and larger sizes.
void TestAttention::dumpSizeIsEstimatedFromAbove()
{
    struct Case
    {
        attn::Mode mode;
        int batch, L, S, dk;
        bool mistake;
    };
    for (const Case &c : { Case { attn::Mode::Direct, 1, 1, 1, 1, false },
             Case { attn::Mode::Direct, 2, 64, 48, 16, false }, Case { attn::Mode::Projection, 2, 40, 40, 8, false },
             Case { attn::Mode::Projection, 3, 120, 120, 32, true },
             Case { attn::Mode::Direct, 1, 300, 200, 64, false } }) {
        Params p;
        p.mode = c.mode;
        p.batch = c.batch;
        p.queryLength = c.L;
        p.keyLength = c.mode == attn::Mode::Projection ? c.L : c.S;
        p.dK = p.dV = c.dk;
        p.dModel = 16;
        std::optional<attn::MistakeResult> m;
        if (c.mistake)
            m = attn::commitMistake(p, attn::Mistake::NoScale);
        const Result r = attn::compute(m ? m->params : p);
        std::ostringstream out;
        attn::writeJson(out, r, m ? &*m : nullptr);
        const double written = double(out.str().size()), estimated = double(attn::estimatedJsonBytes(p, c.mistake));
        QVERIFY2(written <= estimated && estimated <= 2.5 * written + 8192,
            qPrintable(QString("B %1, L %2, S %3: wrote %4 bytes, estimated %5")
                           .arg(c.batch)
                           .arg(c.L)
                           .arg(p.keyLength)
                           .arg(written)
                           .arg(estimated)));
    }
    Params big;
    big.mode = attn::Mode::Direct;
    big.queryLength = big.keyLength = 5000; // a scenario's 5,000 tokens wrote 948 MB
    QVERIFY(attn::jsonTooLarge(big).find("MiB of JSON") != std::string::npos);
    QVERIFY(attn::jsonTooLarge(attn::Params {}).empty());
}

void TestAttention::lectureBlock1()
{
    const Result r = attn::compute(lecture::block1());
    QCOMPARE(r.inputs->X.batch, 2);
    QCOMPARE(r.inputs->X.rows, 5);
    QCOMPARE(r.inputs->X.cols, 8);
    QCOMPARE(r.inputs->Q.cols, 4);
    QCOMPARE(r.scores->rows, 5);
    QCOMPARE(r.scores->cols, 5);
    QCOMPARE(r.attention.out.cols, 4);
    for (int i = 0; i < 5; ++i) {
        QVERIFY(lecture::printsAs(r.attention.stats.rowSums(0, i), 1.0));
        QVERIFY2(lecture::printsAs(r.attention.weights(0, 0, i), lecture::block1Weights00[i]),
            qPrintable(QString("weights[0][0][%1] = %2").arg(i).arg(r.attention.weights(0, 0, i))));
    }
    for (int j = 0; j < 4; ++j)
        QVERIFY2(lecture::printsAs(r.attention.out(0, 0, j), lecture::block1Out00[j]),
            qPrintable(QString("out[0][0][%1] = %2").arg(j).arg(r.attention.out(0, 0, j))));
}

void TestAttention::lectureBlock2()
{
    const Result raw = attn::compute(lecture::block2(false));
    const Result scaled = attn::compute(lecture::block2(true));
    for (int j = 0; j < 6; ++j)
        QVERIFY2(lecture::printsAs((*raw.scores)(0, 0, j), lecture::block2Scores[j]),
            qPrintable(QString("score %1 = %2").arg(j).arg((*raw.scores)(0, 0, j))));
    QVERIFY(lecture::printsAs(raw.attention.stats.rowMax(0, 0), lecture::block2UnscaledMax));
    QVERIFY(lecture::printsAs(raw.attention.stats.rowEntropy(0, 0), lecture::block2UnscaledEntropy));
    QVERIFY(lecture::printsAs(scaled.attention.stats.rowMax(0, 0), lecture::block2ScaledMax));
    QVERIFY(lecture::printsAs(scaled.attention.stats.rowEntropy(0, 0), lecture::block2ScaledEntropy));
    QVERIFY(lecture::printsAs(scaled.attention.stats.maxRowEntropy, lecture::ln6));
    QCOMPARE(scaled.params.scaleFactor(), 0.125);
}

void TestAttention::lectureBlock3MatchesHandComputation()
{
    const Result r = attn::compute(lecture::block3());
    const attn::Inputs &in = *r.inputs;
    double maxDiff = 0.0;
    for (int b = 0; b < 2; ++b)
        for (int i = 0; i < 5; ++i) {
            // softmax(q_i · K^T / 2) · V in double, written out
            double s[5], m = -1e300, z = 0.0;
            for (int j = 0; j < 5; ++j) {
                s[j] = 0.0;
                for (int d = 0; d < 4; ++d)
                    s[j] += double(in.Q(b, i, d)) * in.K(b, j, d);
                s[j] /= 2.0;
                m = std::max(m, s[j]);
            }
            for (double &x : s) {
                x = std::exp(x - m);
                z += x;
            }
            for (int d = 0; d < 4; ++d) {
                double o = 0.0;
                for (int j = 0; j < 5; ++j)
                    o += s[j] / z * in.V(b, j, d);
                maxDiff = std::max(maxDiff, std::fabs(o - r.attention.out(b, i, d)));
            }
        }
    QVERIFY2(maxDiff < 1e-6, qPrintable(QString("max |diff| = %1").arg(maxDiff))); // the lecture: 1.2e-07
}

void TestAttention::lectureExercise()
{
    const Result wrong = attn::compute(lecture::exercise(-2));
    const Result right = attn::compute(lecture::exercise(-1));
    QCOMPARE(wrong.scores->rows, 3);
    QCOMPARE(wrong.scores->cols, 5);
    for (int i = 0; i < 3; ++i)
        QVERIFY(lecture::printsAs(right.attention.stats.rowSums(0, i), 1.0));
    for (int j = 0; j < 5; ++j)
        QVERIFY(lecture::printsAs(wrong.attention.stats.colSums(0, j), 1.0));
    QVERIFY2(lecture::printsAs(wrong.attention.stats.rowSums(0, 0), lecture::exerciseRow0Sum),
        qPrintable(QString("row 0 sum = %1").arg(wrong.attention.stats.rowSums(0, 0))));
}

void TestAttention::torchFixtures_data()
{
    QTest::addColumn<QJsonObject>("fixture");
    const QJsonArray cases = loadFixtures().value("attention").toArray();
    QVERIFY(cases.size() >= 20);
    for (const QJsonValue &c : cases)
        QTest::newRow(qPrintable(fixtureName(c.toObject()))) << c.toObject();
}

void TestAttention::torchFixtures()
{
    QFETCH(QJsonObject, fixture);
    const Params p = fixtureParams(fixture);
    QVERIFY(!attn::validate(p, std::uint64_t(1) << 32));
    const Result r = attn::compute(p);
    const QJsonObject t = fixture.value("tensors").toObject();
    const attn::Inputs &in = *r.inputs;
    if (p.mode == attn::Mode::Direct) {
        verifyBitIdentical(in.Q, fixtureValues(t["Q"].toObject()), "Q");
        verifyBitIdentical(in.K, fixtureValues(t["K"].toObject()), "K");
        verifyBitIdentical(in.V, fixtureValues(t["V"].toObject()), "V");
    } else {
        if (p.hasTokenEmbeddings())
            verifyBitIdentical(in.E, fixtureValues(t["E"].toObject()), "E");
        if (p.positions) {
            // E[id] + PE: the encoding is computed in double and rounded here, in float32 by PyTorch
            const std::vector<float> x = fixtureValues(t["X"].toObject());
            for (std::size_t i = 0; i < x.size(); ++i)
                QVERIFY2(std::fabs(in.X.data[i] - x[i]) <= 1e-6, qPrintable(QString("X[%1]").arg(i)));
        } else {
            verifyBitIdentical(in.X, fixtureValues(t["X"].toObject()), "X");
        }
        QCOMPARE(t.contains("Y"), p.isCross());
        if (p.isCross())
            verifyBitIdentical(in.Y, fixtureValues(t["Y"].toObject()), "Y");
        verifyBitIdentical(in.Wq, fixtureValues(t["W_q"].toObject()), "W_q");
        verifyBitIdentical(in.Wk, fixtureValues(t["W_k"].toObject()), "W_k");
        verifyBitIdentical(in.Wv, fixtureValues(t["W_v"].toObject()), "W_v");
    }
    const Exact exact = exactAttention(p, in);
    verifyAgainstTorch(*r.scores, fixtureValues(t["scores"].toObject()), exact.scores, "scores");
    verifyAgainstTorch(r.attention.weights, fixtureValues(t["weights"].toObject()), exact.weights, "weights");
    verifyAgainstTorch(r.attention.out, fixtureValues(t["out"].toObject()), exact.out, "out");
}

void TestAttention::causalMask()
{
    Params p;
    p.mode = attn::Mode::Direct;
    p.queryLength = 4;
    p.keyLength = 6;
    p.mask = attn::MaskKind::Causal;
    const Result r = attn::compute(p);
    for (int i = 0; i < 4; ++i)
        for (int j = 0; j < 6; ++j) {
            QCOMPARE(attn::isMasked(p, 0, i, j), j > i);
            if (j > i) {
                QCOMPARE(r.attention.weights(0, i, j), 0.0f);
                QVERIFY(std::isinf(attn::computeLogits(*r.scores, p)(0, i, j)));
            } else {
                QVERIFY(r.attention.weights(0, i, j) > 0.0f);
            }
        }
    QCOMPARE(r.attention.weights(0, 0, 0), 1.0f); // query 0 sees only key 0
    QCOMPARE(r.attention.stats.rowEntropy(0, 0), 0.0);
    QVERIFY(r.attention.warnings.empty());
}

void TestAttention::padMask()
{
    Params p;
    p.mode = attn::Mode::Direct;
    p.queryLength = 3;
    p.keyLength = 5;
    p.mask = attn::MaskKind::Pad;
    p.padCount = 2;
    const Result r = attn::compute(p);
    for (int i = 0; i < 3; ++i) {
        QCOMPARE(r.attention.weights(0, i, 3), 0.0f);
        QCOMPARE(r.attention.weights(0, i, 4), 0.0f);
        QVERIFY(std::fabs(r.attention.stats.rowSums(0, i) - 1.0) < 1e-6);
        QVERIFY(r.attention.stats.rowEntropy(0, i) <= std::log(3.0) + 1e-9);
    }
    QCOMPARE(r.attention.stats.colSums(0, 3), 0.0);
}

// The most entropy a row can have under a mask is that of the uniform row over its visible keys:
// equal scores give exactly that, and the visible counts are those isMasked leaves.
void TestAttention::maskedMaximumEntropy_data()
{
    QTest::addColumn<int>("mask");
    QTest::addColumn<int>("pad");
    QTest::addColumn<int>("dim");
    for (int dim : { -1, -2 }) {
        const QByteArray d = dim == -1 ? "keys" : "queries";
        QTest::newRow("none, " + d) << int(attn::MaskKind::None) << 0 << dim;
        QTest::newRow("causal, " + d) << int(attn::MaskKind::Causal) << 0 << dim;
        QTest::newRow("pad:2, " + d) << int(attn::MaskKind::Pad) << 2 << dim;
        QTest::newRow("pad:6 (all), " + d) << int(attn::MaskKind::Pad) << 6 << dim;
    }
}

void TestAttention::maskedMaximumEntropy()
{
    QFETCH(int, mask);
    QFETCH(int, pad);
    QFETCH(int, dim);
    Params p;
    p.mode = attn::Mode::Direct;
    p.queryLength = 4;
    p.keyLength = 6;
    p.mask = attn::MaskKind(mask);
    p.padCount = pad;
    p.softmaxDim = dim;
    const attn::Tensor3 equal(1, 4, 6, 0.0f); // every score 0: uniform over what is visible
    const attn::Attention a = attn::attendWeights(equal, p);
    for (int i = 0; i < 4; ++i) {
        int visible = 0;
        for (int j = 0; j < 6; ++j)
            visible += attn::isMasked(p, 0, i, j) ? 0 : 1;
        QCOMPARE(attn::visibleKeys(p, 0, i), visible);
        if (dim == -1)
            QVERIFY2(std::fabs(a.stats.rowEntropy(0, i) - attn::maxRowEntropyOf(p, 0, i)) < 1e-6,
                qPrintable(QString("%1 %2").arg(a.stats.rowEntropy(0, i)).arg(attn::maxRowEntropyOf(p, 0, i))));
    }
    for (int j = 0; j < 6; ++j) {
        int visible = 0;
        for (int i = 0; i < 4; ++i)
            visible += attn::isMasked(p, 0, i, j) ? 0 : 1;
        QCOMPARE(attn::visibleQueries(p, 0, j), visible);
        if (dim == -2)
            QVERIFY(std::fabs(a.stats.colEntropy(0, j) - attn::maxColEntropyOf(p, 0, j)) < 1e-6);
    }
}

void TestAttention::fullyMaskedRowsWarn()
{
    Params p;
    p.mode = attn::Mode::Direct;
    p.batch = 2;
    p.queryLength = 3;
    p.keyLength = 4;
    p.mask = attn::MaskKind::Pad;
    p.padCount = 4;
    const Result r = attn::compute(p);
    for (float w : r.attention.weights.data)
        QCOMPARE(w, 0.0f);
    for (float o : r.attention.out.data)
        QCOMPARE(o, 0.0f);
    QCOMPARE(int(r.attention.warnings.size()), 2); // one per batch element
    QVERIFY(QString::fromStdString(r.attention.warnings[0]).contains("queries 0, 1, 2"));

    // over queries, a causal mask with more keys than queries leaves whole columns masked
    p.batch = 1;
    p.mask = attn::MaskKind::Causal;
    p.softmaxDim = -2;
    const Result cols = attn::compute(p);
    QCOMPARE(int(cols.attention.warnings.size()), 1);
    QVERIFY(QString::fromStdString(cols.attention.warnings[0]).contains("key 3"));
    QCOMPARE(cols.attention.stats.colSums(0, 3), 0.0);
    QVERIFY(std::fabs(cols.attention.stats.colSums(0, 2) - 1.0) < 1e-6);
}

void TestAttention::scoreVarianceGrowsWithDk()
{
    // The lecture's argument: q·k has variance d_k; dividing by sqrt(d_k) brings it back to about 1.
    for (int dk : { 4, 64, 256 }) {
        Params p;
        p.mode = attn::Mode::Direct;
        p.queryLength = p.keyLength = 128;
        p.dK = p.dV = dk;
        const Result r = attn::compute(p);
        const double raw = r.attention.stats.rawScores.variance, scaled = r.attention.stats.scaledScores.variance;
        QVERIFY2(std::fabs(raw / dk - 1.0) < 0.2, qPrintable(QString("d_k %1: raw variance %2").arg(dk).arg(raw)));
        QVERIFY2(std::fabs(scaled - 1.0) < 0.2, qPrintable(QString("d_k %1: scaled variance %2").arg(dk).arg(scaled)));
        QVERIFY(std::fabs(scaled * dk - raw) < 1e-6 * raw);
    }
}

// The expected variance the window names beside the sample one: a large sample (here 1 to 4 million
// scores from the PyTorch-identical generator) lands within a few percent of it, in both modes and
// with any scaling; with randn projections the scaled variance is d_model², not 1.
// The expected score variances, worked out by hand for each way of drawing (Var(q_i) = sigma² in
// direct mode; sigma² d_model Var(w) in projection mode, with Var(w) = 1, 1/d_model, or 1/(3 d_model)
// for nn.Linear's uniform weights), and checked against many draws within 5 %.
void TestAttention::expectedVarianceMatchesLargeSamples_data()
{
    QTest::addColumn<int>("mode"); // 0 direct, 1 projection
    QTest::addColumn<int>("init");
    QTest::addColumn<double>("sigma");
    QTest::addColumn<int>("dModel");
    QTest::addColumn<int>("dK");
    QTest::addColumn<int>("scaling");
    QTest::addColumn<double>("raw");
    QTest::addColumn<double>("scaled");
    const int randn = int(attn::Init::Randn), scaledInit = int(attn::Init::Scaled), linear = int(attn::Init::Linear);
    const int sqrtDk = int(attn::Scaling::InvSqrtDk), none = int(attn::Scaling::None);
    QTest::newRow("direct d_k 64") << 0 << randn << 1.0 << 8 << 64 << sqrtDk << 64.0 << 1.0;
    QTest::newRow("direct d_k 64 not scaled") << 0 << randn << 1.0 << 8 << 64 << none << 64.0 << 64.0;
    QTest::newRow("direct d_k 16 x0.3") << 0 << randn << 1.0 << 8 << 16 << int(attn::Scaling::Custom) << 16.0
                                        << 16.0 * 0.09;
    QTest::newRow("direct d_k 16 sigma 0.5") << 0 << randn << 0.5 << 8 << 16 << sqrtDk << 1.0 << 1.0 / 16;
    QTest::newRow("direct d_k 64 1/d_k") << 0 << randn << 1.0 << 8 << 64 << int(attn::Scaling::InvDk) << 64.0
                                         << 1.0 / 64;
    QTest::newRow("direct d_k 64 quarter each")
        << 0 << randn << 1.0 << 8 << 64 << int(attn::Scaling::QuarterEach) << 64.0 << 1.0;
    QTest::newRow("projection randn d_model 8 d_k 4") << 1 << randn << 1.0 << 8 << 4 << sqrtDk << 256.0 << 64.0;
    QTest::newRow("projection randn d_model 4 d_k 16") << 1 << randn << 1.0 << 4 << 16 << sqrtDk << 256.0 << 16.0;
    QTest::newRow("projection randn 1/sqrt(d_model)")
        << 1 << randn << 1.0 << 16 << 16 << int(attn::Scaling::InvSqrtDModel) << 4096.0 << 256.0;
    QTest::newRow("projection scaled d_model 16 d_k 8") << 1 << scaledInit << 1.0 << 16 << 8 << sqrtDk << 8.0 << 1.0;
    QTest::newRow("projection linear d_model 16 d_k 8")
        << 1 << linear << 1.0 << 16 << 8 << sqrtDk << 8.0 / 9 << 1.0 / 9;
    QTest::newRow("projection linear d_model 64 d_k 64 sigma 2")
        << 1 << linear << 2.0 << 64 << 64 << sqrtDk << 64.0 / 9 * 16 << 16.0 / 9;
}

void TestAttention::expectedVarianceMatchesLargeSamples()
{
    QFETCH(int, mode);
    QFETCH(int, init);
    QFETCH(double, sigma);
    QFETCH(int, dModel);
    QFETCH(int, dK);
    QFETCH(int, scaling);
    QFETCH(double, raw);
    QFETCH(double, scaled);
    Params p;
    p.mode = mode == 0 ? attn::Mode::Direct : attn::Mode::Projection;
    p.init = attn::Init(init);
    p.sigma = sigma;
    p.dModel = dModel;
    p.dK = p.dV = dK;
    p.scaling = attn::Scaling(scaling);
    p.customScale = 0.3;
    const attn::ExpectedVariance e = attn::expectedScoreVariance(p);
    QVERIFY(e.known);
    QVERIFY2(std::fabs(e.raw - raw) < 1e-12 * raw, qPrintable(QString::number(e.raw)));
    QVERIFY2(std::fabs(e.scaled - scaled) < 1e-6 * scaled, qPrintable(QString::number(e.scaled)));
    // Many draws: projection mode shares W over a batch, so it needs many seeds to average over W too.
    double sum = 0, sumScaled = 0;
    const int seeds = mode == 0 ? 4 : 400;
    for (int seed = 0; seed < seeds; ++seed) {
        Params q = p;
        q.seed = quint64(seed);
        q.queryLength = q.keyLength = mode == 0 ? 512 : 64;
        const attn::Statistics st = attn::compute(q).attention.stats;
        sum += st.rawScores.variance;
        sumScaled += st.scaledScores.variance;
    }
    const double sample = sum / seeds, sampleScaled = sumScaled / seeds;
    QVERIFY2(std::fabs(sample / raw - 1.0) < 0.05, qPrintable(QString("sample %1, expected %2").arg(sample).arg(raw)));
    QVERIFY2(std::fabs(sampleScaled / scaled - 1.0) < 0.05,
        qPrintable(QString("scaled: sample %1, expected %2").arg(sampleScaled).arg(scaled)));
}

void TestAttention::statisticsAgreeWithWeights()
{
    Params p = lecture::block1();
    p.softmaxDim = -2;
    const Result r = attn::compute(p);
    const attn::Statistics &st = r.attention.stats;
    for (int b = 0; b < 2; ++b)
        for (int i = 0; i < 5; ++i) {
            double sum = 0.0, h = 0.0, best = -1.0;
            int arg = -1;
            for (int j = 0; j < 5; ++j) {
                const double w = r.attention.weights(b, i, j);
                sum += w;
                if (w > 0)
                    h -= w * std::log(w);
                if (w > best) {
                    best = w;
                    arg = j;
                }
            }
            QVERIFY(std::fabs(st.rowSums(b, i) - sum) < 1e-6); // summed in float by the core
            // the core takes ln w exactly as (x - max) - ln Z, this loop from the float weights
            QVERIFY(std::fabs(st.rowEntropy(b, i) - h) < 1e-6);
            QCOMPARE(st.rowArgmax(b, i), arg);
            QCOMPARE(st.rowMax(b, i), best);
        }
    QVERIFY(std::fabs(st.maxColEntropy - std::log(5.0)) < 1e-15);
    QVERIFY(std::fabs(st.meanRowEntropy - st.rowEntropy.row(0).mean()) < 1e-15);
}

void TestAttention::reuseGivesSameResult()
{
    Params p = lecture::block1();
    const Result first = attn::compute(p);
    p.scaling = attn::Scaling::None;
    p.softmaxDim = -2;
    p.mask = attn::MaskKind::Causal;
    const Result reused = attn::compute(p, &first);
    const Result fresh = attn::compute(p);
    QCOMPARE(reused.inputs.get(), first.inputs.get()); // not redrawn
    QCOMPARE(reused.attention.weights.data, fresh.attention.weights.data);
    QCOMPARE(reused.attention.out.data, fresh.attention.out.data);
    p.seed = 1;
    const Result reseeded = attn::compute(p, &first);
    QVERIFY(reseeded.inputs.get() != first.inputs.get());
    QCOMPARE(reseeded.attention.weights.data, attn::compute(p).attention.weights.data);
    // the inputs' scale and the weights' init change the draws too (found by a student: they did not)
    for (int change = 0; change < 3; ++change) {
        Params q = p;
        if (change == 0)
            q.sigma = 2;
        else if (change == 1)
            q.init = attn::Init::Linear;
        else {
            q.mode = attn::Mode::Direct;
            const Result direct = attn::compute(q);
            q.sigma = 0.5;
            QVERIFY(!attn::sameInputs(q, direct.params));
            QCOMPARE(attn::compute(q, &direct).attention.weights.data, attn::compute(q).attention.weights.data);
            continue;
        }
        QVERIFY(!attn::sameInputs(q, reseeded.params));
        const Result changed = attn::compute(q, &reseeded);
        QVERIFY(changed.inputs.get() != reseeded.inputs.get());
        QCOMPARE(changed.attention.weights.data, attn::compute(q).attention.weights.data);
    }
}

void TestAttention::crossAttentionDrawsY()
{
    Params p;
    p.queryLength = 3;
    p.keyLength = 7;
    QVERIFY(p.isCross());
    const Result r = attn::compute(p);
    QCOMPARE(r.inputs->Y.rows, 7);
    QCOMPARE(r.scores->cols, 7);
    p.keyLength = 3;
    QVERIFY(!p.isCross());
    p.cross = true;
    QVERIFY(p.isCross());
    p.mode = attn::Mode::Direct;
    QVERIFY(!p.isCross());
}

void TestAttention::validation_data()
{
    QTest::addColumn<Params>("params"); // the defaults with one setting out of range
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("message");
    Params batch0, len0, keys70000, dk0, dvNegative, dModel0, dim0, pad9, batchIndex1, scaleNaN;
    batch0.batch = 0;
    len0.queryLength = 0;
    keys70000.keyLength = 70000;
    dk0.dK = 0;
    dvNegative.dV = -3;
    dModel0.dModel = 0;
    dim0.softmaxDim = 0;
    pad9.mask = attn::MaskKind::Pad;
    pad9.padCount = 9;
    batchIndex1.batchIndex = 1;
    scaleNaN.scaling = attn::Scaling::Custom;
    scaleNaN.customScale = std::numeric_limits<double>::quiet_NaN();
    QTest::newRow("batch 0") << batch0 << "batch"
                             << "from 1 to 4096 (got 0)";
    QTest::newRow("len 0") << len0 << "len"
                           << "(got 0)";
    QTest::newRow("keys too many") << keys70000 << "keys"
                                   << "from 1 to 65536";
    QTest::newRow("d_k 0") << dk0 << "d-k"
                           << "(got 0)";
    QTest::newRow("d_v negative") << dvNegative << "d-v"
                                  << "(got -3)";
    QTest::newRow("d_model 0") << dModel0 << "d-model"
                               << "(got 0)";
    QTest::newRow("softmax dim 0") << dim0 << "softmax-dim"
                                   << "-1 (over keys) or -2";
    QTest::newRow("pad too many") << pad9 << "mask"
                                  << "from 0 to 5 keys (got 9)";
    QTest::newRow("batch index") << batchIndex1 << "batch-index"
                                 << "from 0 to 0 (got 1)";
    QTest::newRow("scale nan") << scaleNaN << "scale"
                               << "from -1e6 to 1e6";
}

void TestAttention::validation()
{
    QFETCH(Params, params);
    QFETCH(QString, field);
    QFETCH(QString, message);
    QVERIFY(!attn::validate(Params(), 1u << 30)); // the defaults are valid
    const auto e = attn::validate(params, 1u << 30);
    QVERIFY(e.has_value());
    QCOMPARE(QString::fromStdString(e->field), field);
    QVERIFY2(QString::fromStdString(e->message).contains(message), e->message.c_str());
}

void TestAttention::memoryLimitRefusesBeforeAllocating()
{
    Params p;
    p.batch = 64;
    p.queryLength = p.keyLength = 65536;
    const auto e = attn::validate(p, std::uint64_t(8) << 30);
    QVERIFY(e.has_value());
    QCOMPARE(QString::fromStdString(e->field), QString("memory"));
    QVERIFY(QString::fromStdString(e->message).contains("MiB"));
    p.batch = 1;
    p.queryLength = p.keyLength = 4096;
    QVERIFY(!attn::validate(p, std::uint64_t(8) << 30)); // 4096 x 4096 is fine
    QVERIFY(attn::estimatedBytes(p) < std::uint64_t(300) << 20);
}

// Loaded weights (any values, NaN and infinities too) reduced for drawing: each cell the largest finite value
// of its block, NaN where the block has none.
void TestAttention::matrixGridKeepsEachBlocksLargest()
{
    const int rows = 7, cols = 5;
    std::vector<float> m(std::size_t(rows * cols));
    for (int k = 0; k < rows * cols; ++k)
        m[std::size_t(k)] = float((k * 37) % 11) - 3.0f; // negatives too
    const float nan = std::numeric_limits<float>::quiet_NaN(), inf = std::numeric_limits<float>::infinity();
    m[0] = nan;
    m[1] = inf; // not drawn as the block's largest
    for (int j = 3; j < 5; ++j) // a block of only non-finite values: (rows 6, keys 3 and 4) at step 2
        m[std::size_t(6 * cols + j)] = nan;
    const attn::HeatmapGrid full = attn::matrixGrid(m.data(), rows, cols, 100, 100);
    QVERIFY(!full.aggregated());
    QCOMPARE(full.values.rows(), rows);
    QVERIFY(std::isnan(full.values(0, 0)) && std::isnan(full.values(0, 1)));
    QCOMPARE(full.values(2, 3), m[2 * cols + 3]);
    const attn::HeatmapGrid g = attn::matrixGrid(m.data(), rows, cols, 4, 3);
    QCOMPARE(g.rowStep, 2);
    QCOMPARE(g.colStep, 2);
    QCOMPARE(g.values.rows(), 4);
    QCOMPARE(g.values.cols(), 3);
    for (int gy = 0; gy < 4; ++gy)
        for (int gx = 0; gx < 3; ++gx) {
            float best = nan;
            for (int i = 2 * gy; i < std::min(rows, 2 * gy + 2); ++i)
                for (int j = 2 * gx; j < std::min(cols, 2 * gx + 2); ++j) {
                    const float v = m[std::size_t(i * cols + j)];
                    if (std::isfinite(v) && (std::isnan(best) || v > best))
                        best = v;
                }
            if (std::isnan(best))
                QVERIFY(std::isnan(g.values(gy, gx)));
            else
                QCOMPARE(g.values(gy, gx), best);
        }
    QVERIFY(std::isnan(g.values(3, 2))); // the block of NaN only
    QVERIFY(!std::isnan(g.values(0, 0))); // NaN and inf beside finite values: the finite one
}

void TestAttention::heatmapGridAggregatesWithMax()
{
    Params p;
    p.mode = attn::Mode::Direct;
    p.queryLength = 10;
    p.keyLength = 7;
    p.mask = attn::MaskKind::Causal;
    const Result r = attn::compute(p);
    const attn::HeatmapGrid full = attn::heatmapGrid(r, 0, attn::Quantity::Weights, 100, 100);
    QVERIFY(!full.aggregated());
    QCOMPARE(full.values.rows(), 10);
    QVERIFY(std::isnan(full.values(0, 1))); // masked cells are NaN, not 0
    QCOMPARE(full.values(9, 6), r.attention.weights(0, 9, 6));

    const attn::HeatmapGrid small = attn::heatmapGrid(r, 0, attn::Quantity::Weights, 4, 3);
    QCOMPARE(small.rowStep, 3);
    QCOMPARE(small.colStep, 3);
    QCOMPARE(small.values.rows(), 4);
    QCOMPARE(small.values.cols(), 3);
    for (int gy = 0; gy < 4; ++gy)
        for (int gx = 0; gx < 3; ++gx) {
            float best = std::numeric_limits<float>::quiet_NaN();
            for (int i = gy * 3; i < std::min(10, gy * 3 + 3); ++i)
                for (int j = gx * 3; j < std::min(7, gx * 3 + 3); ++j)
                    if (!attn::isMasked(p, 0, i, j) && (std::isnan(best) || r.attention.weights(0, i, j) > best))
                        best = r.attention.weights(0, i, j);
            if (std::isnan(best))
                QVERIFY(std::isnan(small.values(gy, gx)));
            else
                QCOMPARE(small.values(gy, gx), best);
        }
    QCOMPARE(small.values(0, 0), 1.0f); // query 0's single weight stays visible

    // a region (zoomed in): the same cells, from its first query and key
    const attn::HeatmapGrid region = attn::heatmapGrid(r, 0, attn::Quantity::Weights, 100, 100, 2, 8, 1, 5);
    QCOMPARE(region.rowBegin, 2);
    QCOMPARE(region.colBegin, 1);
    QCOMPARE(region.values.rows(), 6);
    QCOMPARE(region.values.cols(), 4);
    for (int i = 2; i < 8; ++i)
        for (int j = 1; j < 5; ++j) {
            const float v = attn::cellValue(r, 0, attn::Quantity::Weights, i, j);
            if (std::isnan(v))
                QVERIFY(std::isnan(region.values(i - 2, j - 1)));
            else
                QCOMPARE(region.values(i - 2, j - 1), v);
        }

    // signed quantities keep the value of largest magnitude; logits are made from the scores
    for (attn::Quantity q : { attn::Quantity::Scores, attn::Quantity::Logits }) {
        const attn::HeatmapGrid g = attn::heatmapGrid(r, 0, q, 4, 3);
        for (int gy = 0; gy < 4; ++gy)
            for (int gx = 0; gx < 3; ++gx) {
                float best = std::numeric_limits<float>::quiet_NaN();
                for (int i = gy * 3; i < std::min(10, gy * 3 + 3); ++i)
                    for (int j = gx * 3; j < std::min(7, gx * 3 + 3); ++j) {
                        const float v = attn::cellValue(r, 0, q, i, j);
                        if (!std::isnan(v) && (std::isnan(best) || std::fabs(v) > std::fabs(best)))
                            best = v;
                    }
                if (std::isnan(best))
                    QVERIFY(std::isnan(g.values(gy, gx)));
                else
                    QCOMPARE(g.values(gy, gx), best);
            }
    }
}

void TestAttention::batchSummary()
{
    const Result r = attn::compute(lecture::block1());
    const attn::BatchSummary s = attn::summarize(r, 0);
    double best = -1;
    int bi = -1, bj = -1;
    for (int i = 0; i < 5; ++i)
        for (int j = 0; j < 5; ++j)
            if (r.attention.weights(0, i, j) > best) {
                best = r.attention.weights(0, i, j);
                bi = i;
                bj = j;
            }
    QCOMPARE(s.maxWeight, best);
    QCOMPARE(s.maxQuery, bi);
    QCOMPARE(s.maxKey, bj);
    QCOMPARE(s.rowsNotSummingToOne, 0);
    QVERIFY(s.colsNotSummingToOne > 0); // column 2 collects almost all the weight
    QVERIFY(std::fabs(s.entropyFraction - s.meanRowEntropy / std::log(5.0)) < 1e-12);

    const Result wrong = attn::compute(lecture::exercise(-2));
    const attn::BatchSummary w = attn::summarize(wrong, 0);
    QCOMPARE(w.rowsNotSummingToOne, 3);
    QCOMPARE(w.colsNotSummingToOne, 0);
    QCOMPARE(w.fullyMasked, 0);

    Params masked = lecture::exercise(-1);
    masked.mask = attn::MaskKind::Pad;
    masked.padCount = 5;
    QCOMPARE(attn::summarize(attn::compute(masked), 0).fullyMasked, 3);
    masked.softmaxDim = -2;
    masked.padCount = 2;
    QCOMPARE(attn::summarize(attn::compute(masked), 0).fullyMasked, 2);
}

void TestAttention::tokensGiveIdenticalRows()
{
    Params p;
    p.tokens = { "the", "cat", "sat", "on", "the", "mat" };
    p.queryLength = p.keyLength = 6;
    int distinct = 0;
    QCOMPARE(attn::tokenIds(p.tokens, &distinct), (std::vector<int> { 0, 1, 2, 3, 0, 4 }));
    QCOMPARE(distinct, 5);
    const Result r = attn::compute(p);
    QCOMPARE(r.inputs->E.rows, 5);
    // "the" at 0 and 4: identical rows and identical columns of the scores
    for (int j = 0; j < 6; ++j) {
        QCOMPARE((*r.scores)(0, 0, j), (*r.scores)(0, 4, j));
        QCOMPARE((*r.scores)(0, j, 0), (*r.scores)(0, j, 4));
    }
    // with positions they differ
    p.positions = true;
    const Result q = attn::compute(p);
    QVERIFY((*q.scores)(0, 0, 1) != (*q.scores)(0, 4, 1));
    QCOMPARE(q.inputs->X(0, 0, 1), q.inputs->E(0, 0, 1) + 1.0f); // PE(0, odd column) = cos 0 = 1
    // the sizes must match the tokens
    p.queryLength = 5;
    const auto e = attn::validate(p, 1u << 30);
    QVERIFY(e.has_value());
    QCOMPARE(QString::fromStdString(e->field), QString("tokens"));
    QVERIFY(std::fabs(attn::positionEncoding(3, 2, 8) - std::sin(3 / std::pow(10000.0, 2.0 / 8))) < 1e-15);
}

void TestAttention::jsonDump()
{
    Params p;
    p.mode = attn::Mode::Direct;
    p.batch = 2;
    p.queryLength = 3;
    p.keyLength = 4;
    p.mask = attn::MaskKind::Causal;
    const Result r = attn::compute(p);
    std::ostringstream out;
    attn::writeJson(out, r);
    QJsonParseError err;
    const QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromStdString(out.str()), &err);
    QVERIFY2(err.error == QJsonParseError::NoError, qPrintable(err.errorString()));
    const QJsonObject o = doc.object();
    for (const char *k : { "params", "Q", "K", "V", "scores", "logits", "weights", "out", "row_sums", "col_sums",
             "row_entropy", "col_entropy", "max_entropy", "warnings" })
        QVERIFY2(o.contains(k), k);
    QVERIFY(!o.contains("X")); // direct mode has no X
    QCOMPARE(o["params"].toObject()["mask"].toString(), QString("causal"));
    QCOMPARE(o["params"].toObject()["scale"].toDouble(), 0.5);
    QVERIFY(o["logits"].toArray()[1].toArray()[0].toArray()[3].isNull()); // masked
    QCOMPARE(float(o["weights"].toArray()[1].toArray()[2].toArray()[1].toDouble()), r.attention.weights(1, 2, 1));
    QCOMPARE(float(o["out"].toArray()[0].toArray()[1].toArray()[0].toDouble()), r.attention.out(0, 1, 0));
    QCOMPARE(o["row_sums"].toArray().size(), 2);
    QCOMPARE(o["col_sums"].toArray()[0].toArray().size(), 4);
    QVERIFY(std::fabs(o["max_entropy"].toDouble() - std::log(4.0)) < 1e-8);
}

// The softmax Jacobian's Frobenius norm agrees with PyTorch autograd's Jacobian (float64) at random
// rows of several lengths and temperatures (fixtures from tests/reference/make_fixtures.py).
void TestAttention::jacobianNormMatchesAutograd()
{
    const QJsonArray cases = loadFixtures().value("jacobian").toArray();
    QVERIFY(cases.size() >= 8);
    for (const QJsonValue &c : cases) {
        const std::vector<float> p = fixtureValues(c.toObject().value("p").toObject());
        const double expected = c.toObject().value("norm").toDouble();
        const double got = attn::softmaxJacobianNorm(p.data(), int(p.size()));
        QVERIFY2(std::fabs(got - expected) < 1e-6 * std::max(1.0, expected),
            qPrintable(
                QString("n = %1: %2, autograd %3").arg(p.size()).arg(got, 0, 'g', 12).arg(expected, 0, 'g', 12)));
    }
}

// sqrt(n - 1) / n for a uniform row, 0 for a one-hot row; a nearly one-hot row keeps its small norm
// (the definition summed in long double from the same floats), where the expanded formula
// sum p² - 2 sum p³ + (sum p²)² would give rounding noise; a strided column gives its own norm.
void TestAttention::jacobianNormExtremes()
{
    for (int n : { 1, 2, 5, 64, 1000 }) {
        const std::vector<float> uniform(n, 1.0f / float(n));
        const double got = attn::softmaxJacobianNorm(uniform.data(), n);
        QVERIFY2(std::fabs(got - std::sqrt(double(n - 1)) / n) < 1e-7, qPrintable(QString::number(n)));
        std::vector<float> hot(n, 0.0f);
        hot[n / 2] = 1.0f;
        QCOMPARE(attn::softmaxJacobianNorm(hot.data(), n), 0.0);
    }
    const auto definition = [](const std::vector<float> &p) {
        long double sum = 0;
        for (std::size_t i = 0; i < p.size(); ++i)
            for (std::size_t j = 0; j < p.size(); ++j) {
                const long double J = (i == j ? (long double)p[i] : 0.0L) - (long double)p[i] * p[j];
                sum += J * J;
            }
        return double(std::sqrt(sum));
    };
    for (float eps : { 1e-3f, 1e-6f, 3e-9f }) {
        const std::vector<float> p { 1.0f - eps, eps / 2, eps / 2 };
        const double expected = definition(p), got = attn::softmaxJacobianNorm(p.data(), 3);
        QVERIFY2(std::fabs(got - expected) < 1e-9 * expected,
            qPrintable(QString("eps %1: %2 vs %3").arg(eps).arg(got, 0, 'g', 10).arg(expected, 0, 'g', 10)));
    }
    // The most is 1/2, at two weights of 1/2 (what the statistics line says: a uniform row is not the most): no
    // distribution of 2 to 16 values drawn at random, at several temperatures, has more.
    {
        const std::vector<float> two { 0.5f, 0.5f, 0.0f, 0.0f };
        QVERIFY(std::fabs(attn::softmaxJacobianNorm(two.data(), 4) - 0.5) < 1e-12);
        attn::TorchGenerator g(7);
        double most = 0;
        for (int trial = 0; trial < 3000; ++trial) {
            const int n = 2 + trial % 15;
            const float temperature = float(trial % 5 + 1) * 0.7f;
            std::vector<float> p(std::size_t(n), 0.0f);
            std::vector<float> z(static_cast<std::size_t>(n));
            g.randn(z.data(), z.size());
            float sum = 0;
            for (int i = 0; i < n; ++i)
                sum += p[std::size_t(i)] = std::exp(z[std::size_t(i)] * temperature);
            for (float &v : p)
                v /= sum;
            most = std::max(most, attn::softmaxJacobianNorm(p.data(), n));
        }
        QVERIFY2(most <= 0.5 + 1e-9 && most > 0.4, qPrintable(QString::number(most, 'g', 12)));
    }
    const float column[] = { 0.25f, 9.0f, 0.5f, 9.0f, 0.25f, 9.0f }; // stride 2: (0.25, 0.5, 0.25)
    const std::vector<float> packed { 0.25f, 0.5f, 0.25f };
    QCOMPARE(attn::softmaxJacobianNorm(column, 3, 2), attn::softmaxJacobianNorm(packed.data(), 3));
}

// One norm per distribution: per row over keys, per column over queries; the summary's mean is
// theirs, and the uniform row's sqrt(n - 1) / n; a fully masked row has 0.
void TestAttention::jacobianNormsPerDistribution()
{
    Params p = lecture::exercise(-1);
    const Result rows = attn::compute(p);
    std::vector<double> n = attn::jacobianNorms(rows, 0);
    QCOMPARE(int(n.size()), 3);
    for (int i = 0; i < 3; ++i)
        QCOMPARE(n[i], attn::softmaxJacobianNorm(rows.attention.weights.row(0, i), 5));
    const attn::BatchSummary s = attn::summarize(rows, 0);
    QVERIFY(std::fabs(s.meanJacobianNorm - (n[0] + n[1] + n[2]) / 3) < 1e-15);
    QCOMPARE(s.uniformJacobianNorm, std::sqrt(4.0) / 5);
    p.softmaxDim = -2;
    const Result cols = attn::compute(p);
    n = attn::jacobianNorms(cols, 0);
    QCOMPARE(int(n.size()), 5);
    for (int j = 0; j < 5; ++j) {
        float column[3];
        for (int i = 0; i < 3; ++i)
            column[i] = cols.attention.weights(0, i, j);
        QCOMPARE(n[j], attn::softmaxJacobianNorm(column, 3));
    }
    QCOMPARE(attn::summarize(cols, 0).uniformJacobianNorm, std::sqrt(2.0) / 3);
    p = lecture::exercise(-1);
    p.mask = attn::MaskKind::Pad;
    p.padCount = 5;
    QCOMPARE(attn::jacobianNorms(attn::compute(p), 0)[1], 0.0);
    // without a mask the uniform yardstick is sqrt(S - 1) / S; under a causal one the mean over the rows
    // of a uniform row's over its i + 1 keys (L = 3: 0, 1/2, sqrt(2)/3)
    QCOMPARE(s.meanUniformJacobianNorm, std::sqrt(4.0) / 5);
    p = lecture::exercise(-1);
    p.mask = attn::MaskKind::Causal;
    QVERIFY(
        std::fabs(attn::summarize(attn::compute(p), 0).meanUniformJacobianNorm - (0.0 + 0.5 + std::sqrt(2.0) / 3) / 3)
        < 1e-15);
}

// The norms made in the softmax's pass (one sum over each row while it is in the cache) agree with
// softmaxJacobianNorm's to 1e-12 relative, down to the tiny norms of nearly one-hot rows, over keys
// and over queries, with and without a mask, in every batch element.
void TestAttention::jacobianNormsOfTheSoftmaxPass()
{
    for (int dim : { -1, -2 })
        for (attn::MaskKind mask : { attn::MaskKind::None, attn::MaskKind::Causal }) {
            Params p;
            p.mode = attn::Mode::Direct;
            p.batch = 2;
            p.queryLength = 200;
            p.keyLength = 200;
            p.dK = 1024; // not scaled: saturated rows with norms down to 1e-30 and below
            p.scaling = attn::Scaling::None;
            p.softmaxDim = dim;
            p.mask = mask;
            const Result r = attn::compute(p);
            const attn::Tensor3 &w = r.attention.weights;
            double smallest = 1.0;
            for (int b = 0; b < 2; ++b) {
                const std::vector<double> fused = attn::jacobianNorms(r, b);
                QCOMPARE(int(fused.size()), 200);
                for (int k = 0; k < 200; ++k) {
                    const double exact = dim == -1 ? attn::softmaxJacobianNorm(w.row(b, k), 200)
                                                   : attn::softmaxJacobianNorm(w.row(b, 0) + k, 200, 200);
                    if (std::fabs(fused[k] - exact) > 1e-12 * exact)
                        QFAIL(qPrintable(QString("dim %1 batch %2 distribution %3: %4 against %5")
                                             .arg(dim)
                                             .arg(b)
                                             .arg(k)
                                             .arg(fused[k], 0, 'g', 17)
                                             .arg(exact, 0, 'g', 17)));
                    if (exact > 0)
                        smallest = std::min(smallest, exact);
                }
            }
            QVERIFY2(smallest < 1e-6, qPrintable(QString::number(smallest))); // nearly one-hot rows were tried
        }
}

// d_k^-1/4 on q and on k gives the weights of 1/sqrt(d_k) (within 1e-6), with the same expected
// variance; the real mistakes do not (1/d_k and 1/sqrt(d_model) flatten the weights).
void TestAttention::quarterEachEqualsSqrtDk()
{
    for (int dk : { 1, 3, 64, 100, 1024 }) {
        Params p;
        p.mode = attn::Mode::Direct;
        p.queryLength = 4;
        p.keyLength = 9;
        p.dK = p.dV = dk;
        p.seed = quint64(dk);
        const Result right = attn::compute(p);
        p.scaling = attn::Scaling::QuarterEach;
        const Result quarter = attn::compute(p);
        for (std::size_t k = 0; k < right.attention.weights.data.size(); ++k)
            QVERIFY2(std::fabs(right.attention.weights.data[k] - quarter.attention.weights.data[k]) < 1e-6,
                qPrintable(QString("d_k %1, entry %2").arg(dk).arg(k)));
    }
    Params p = lecture::block2(true);
    const double right = attn::summarize(attn::compute(p), 0).meanRowMax;
    for (attn::Scaling wrong : { attn::Scaling::InvDk, attn::Scaling::InvSqrtDModel }) {
        p.scaling = wrong;
        p.dModel = 512;
        QVERIFY(attn::summarize(attn::compute(p), 0).meanRowMax < right);
    }
}

// --init linear draws what nn.Linear(d_model, d_k, bias=False) draws at that point of the stream:
// here checked on the lecture's sizes against the fixtures (the attention cases with init linear
// compare W_q, W_k, W_v bit for bit); and the weights' bound is 1/sqrt(d_model).
void TestAttention::linearInitIsPyTorchs()
{
    int cases = 0;
    for (const QJsonValue &c : loadFixtures().value("attention").toArray())
        cases += fixtureParams(c.toObject()).init == attn::Init::Linear ? 1 : 0;
    QVERIFY(cases >= 3);
    Params p;
    p.init = attn::Init::Linear;
    p.dModel = 512;
    p.dK = p.dV = 64;
    const attn::Inputs in = attn::drawInputs(p);
    float most = 0;
    for (float w : in.Wq.data)
        most = std::max(most, std::fabs(w));
    QVERIFY(most <= float(1 / std::sqrt(512.0)));
    QVERIFY(most > 0.95f * float(1 / std::sqrt(512.0)));
}

// The score histogram: bars whose areas sum to 1, every score counted (the masked logits not), the
// sample's sd as the dump's variance gives it, a range wide enough for +-3 expected sd, and for
// d_k = 1024 unscaled a spread about 32 times the scaled one.
void TestAttention::scoreHistogramIsADensity()
{
    Params p;
    p.mode = attn::Mode::Direct;
    p.queryLength = p.keyLength = 64;
    p.dK = p.dV = 1024;
    const Result r = attn::compute(p);
    const attn::ScoreHistogram raw = attn::scoreHistogram(r, 0, false, 32.0);
    const attn::ScoreHistogram scaled = attn::scoreHistogram(r, 0, true, 1.0);
    for (const attn::ScoreHistogram *h : { &raw, &scaled }) {
        QCOMPARE(h->count, 64 * 64);
        QCOMPARE(int(h->density.size()), 40);
        double area = 0;
        for (double d : h->density)
            area += d * h->width();
        QVERIFY(std::fabs(area - 1) < 1e-12);
    }
    QVERIFY(std::fabs(raw.sd * raw.sd - r.attention.stats.rawScores.variance) < 1e-6 * raw.sd * raw.sd);
    QVERIFY(std::fabs(raw.sd / scaled.sd - 32) < 1e-3);
    QVERIFY(raw.lo <= -96 && raw.hi >= 96);
    p.mask = attn::MaskKind::Causal;
    const Result masked = attn::compute(p);
    QCOMPARE(attn::scoreHistogram(masked, 0, true).count, 64 * 65 / 2);
    QCOMPARE(attn::scoreHistogram(masked, 0, false).count, 64 * 64);
}

QTEST_APPLESS_MAIN(TestAttention)
#include "tst_attention.moc"
