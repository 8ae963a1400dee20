// SPDX-License-Identifier: GPL-3.0-or-later
// Numerical robustness as properties over random and extreme inputs: whatever the scores, the weights are
// finite, non-negative and sum to 1 along the softmax dimension, or the row (column) is reported as masked
// and is all zeros; the entropies lie in [0, ln n].
#include "attention.h"
#include "params_edit.h"

#include <QtTest>

#include <cmath>
#include <limits>
#include <random>

namespace {

// Checks the properties; returns an empty string or what broke.
QString violations(const attn::Attention &a, const attn::Params &p)
{
    const bool overKeys = p.softmaxDim == -1;
    const int B = a.weights.batch, L = a.weights.rows, S = a.weights.cols;
    for (int b = 0; b < B; ++b) {
        const int lines = overKeys ? L : S, length = overKeys ? S : L;
        for (int i = 0; i < lines; ++i) {
            double sum = 0;
            bool anyVisible = false;
            for (int k = 0; k < length; ++k) {
                const int q = overKeys ? i : k, key = overKeys ? k : i;
                const float w = a.weights(b, q, key);
                if (!std::isfinite(w) || w < 0.0f)
                    return QStringLiteral("weight (%1, %2, %3) = %4").arg(b).arg(q).arg(key).arg(w);
                if (attn::maskedOut(p, b, q, key) && w != 0.0f)
                    return QStringLiteral("masked weight (%1, %2, %3) = %4").arg(b).arg(q).arg(key).arg(w);
                anyVisible |= !attn::maskedOut(p, b, q, key);
                sum += w;
            }
            if (anyVisible && std::fabs(sum - 1.0) > 1e-5)
                return QStringLiteral("line %1 of batch %2 sums to %3").arg(i).arg(b).arg(sum, 0, 'g', 9);
            if (!anyVisible && sum != 0.0)
                return QStringLiteral("fully masked line %1 sums to %2").arg(i).arg(sum);
        }
    }
    for (int b = 0; b < B; ++b)
        for (int i = 0; i < L; ++i) {
            const double h = a.stats.rowEntropy(b, i);
            if (!std::isfinite(h) || h < -1e-6 || (overKeys && h > std::log(double(S)) + 1e-4))
                return QStringLiteral("row entropy (%1, %2) = %3").arg(b).arg(i).arg(h);
        }
    return {};
}

attn::Tensor3 scoresFilledWith(int L, int S, const std::function<float(int, int)> &f)
{
    attn::Tensor3 t(1, L, S);
    for (int i = 0; i < L; ++i)
        for (int j = 0; j < S; ++j)
            t(0, i, j) = f(i, j);
    return t;
}

attn::Params paramsFor(int L, int S, int dim, attn::MaskKind mask, int pad, attn::Scaling scaling)
{
    attn::Params p;
    attn::setMode(p, attn::Mode::Direct);
    attn::setSeparateKeys(p, true);
    attn::setQueryLength(p, L);
    attn::setKeyLength(p, S);
    p.softmaxDim = dim;
    p.scaling = scaling;
    attn::setMask(p, mask, pad);
    return p;
}

} // namespace

class TestRobustness : public QObject
{
    Q_OBJECT
private slots:
    void extremeScores_data();
    void extremeScores();
    void randomSettings();
};

void TestRobustness::extremeScores_data()
{
    QTest::addColumn<QString>("fill");
    QTest::addColumn<int>("L");
    QTest::addColumn<int>("S");
    for (const char *fill : { "±1e30", "+1e30 everywhere", "-1e30 everywhere", "denormals", "equal rows", "one-hot",
             "max float", "alternating ±3e38" })
        for (const auto &[L, S] : { std::pair { 7, 9 }, std::pair { 1, 1 }, std::pair { 5, 1 }, std::pair { 1, 300 } })
            QTest::newRow(qPrintable(QStringLiteral("%1, %2x%3").arg(QString::fromUtf8(fill)).arg(L).arg(S)))
                << QString(fill) << L << S;
}

void TestRobustness::extremeScores()
{
    QFETCH(QString, fill);
    QFETCH(int, L);
    QFETCH(int, S);
    const float big = 1e30f, maxf = std::numeric_limits<float>::max(),
                denorm = std::numeric_limits<float>::denorm_min();
    const auto f = [&](int i, int j) -> float {
        if (fill == "±1e30")
            return (i + j) % 3 == 0 ? big : ((i * j) % 2 ? -big : 0.5f);
        if (fill == "+1e30 everywhere")
            return big;
        if (fill == "-1e30 everywhere")
            return -big;
        if (fill == "denormals")
            return float(j % 5) * denorm;
        if (fill == "equal rows")
            return 2.5f;
        if (fill == "one-hot")
            return j == i % S ? 100.0f : 0.0f;
        if (fill == "max float")
            return j % 2 ? maxf : -maxf;
        return (i + j) % 2 ? 3e38f : -3e38f;
    };
    const attn::Tensor3 scores = scoresFilledWith(L, S, f);
    for (int dim : { -1, -2 })
        for (attn::MaskKind mask : { attn::MaskKind::None, attn::MaskKind::Causal, attn::MaskKind::Pad })
            for (attn::Scaling scaling : { attn::Scaling::InvSqrtDk, attn::Scaling::None, attn::Scaling::Custom }) {
                attn::Params p = paramsFor(L, S, dim, mask, mask == attn::MaskKind::Pad ? S / 2 + 1 : 0, scaling);
                p.customScale = 1e6; // pushes 1e30 past float's range: -> ±inf logits
                const attn::Attention a = attn::attendWeights(scores, p);
                const QString broken = violations(a, p);
                QVERIFY2(broken.isEmpty(),
                    qPrintable(QStringLiteral("dim %1, mask %2, scaling %3: %4")
                                   .arg(dim)
                                   .arg(QString::fromStdString(attn::maskName(p)))
                                   .arg(int(scaling))
                                   .arg(broken)));
            }
}

// Random settings through the whole pipeline (PyTorch-identical draws), including unscaled d_k = 4096,
// one key, one query, padding that hides every key, both softmax dimensions.
void TestRobustness::randomSettings()
{
    std::mt19937 rng(20261130);
    auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
    for (int trial = 0; trial < 150; ++trial) {
        attn::Params p;
        attn::setMode(p, pick(0, 1) ? attn::Mode::Direct : attn::Mode::Projection);
        p.batch = pick(1, 3);
        p.seed = std::uint64_t(pick(0, 1 << 30));
        attn::setSeparateKeys(p, pick(0, 1) == 1);
        attn::setQueryLength(p, pick(1, 40));
        if (!p.keysFollowLength)
            attn::setKeyLength(p, pick(1, 40));
        attn::setDk(p, 1 << pick(0, trial % 10 == 0 ? 12 : 7)); // now and then d_k = 4096
        p.dModel = pick(1, 16);
        p.softmaxDim = pick(0, 1) ? -1 : -2;
        p.scaling = attn::Scaling(pick(0, 2));
        p.customScale = std::pow(10.0, pick(-3, 6));
        const int m = pick(0, 2);
        attn::setMask(p, attn::MaskKind(m), pick(0, p.keyLength)); // pad:S hides every key
        QVERIFY(!attn::validate(p, std::uint64_t(1) << 32));
        const attn::Result r = attn::compute(p);
        const QString broken = violations(r.attention, p);
        QVERIFY2(broken.isEmpty(),
            qPrintable(QStringLiteral("trial %1 (%2, d_k %3, L %4, S %5, dim %6, mask %7, scale %8): %9")
                           .arg(trial)
                           .arg(QString::fromStdString(attn::modeName(p.mode)))
                           .arg(p.dK)
                           .arg(p.queryLength)
                           .arg(p.keyLength)
                           .arg(p.softmaxDim)
                           .arg(QString::fromStdString(attn::maskName(p)))
                           .arg(p.scaleFactor())
                           .arg(broken)));
        for (float v : r.attention.out.data)
            QVERIFY2(std::isfinite(v), "output not finite");
    }
}

QTEST_APPLESS_MAIN(TestRobustness)
#include "tst_robustness.moc"
