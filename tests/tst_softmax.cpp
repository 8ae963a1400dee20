// Softmax and entropy: the properties that make them right, and staying finite at the extremes.
#include "attention.h"
#include "softmax.h"
#include "torch_generator.h"

#include <QtTest>

#include <cmath>
#include <limits>

using attn::MatrixRM;

namespace {

MatrixRM randomLogits(int rows, int cols, std::uint64_t seed, float scale)
{
    attn::TorchGenerator g(seed);
    MatrixRM m(rows, cols);
    g.randn(m.data(), std::size_t(m.size()));
    return m * scale;
}

// softmax in double precision, the straightforward way, for comparison.
Eigen::VectorXd referenceSoftmax(const Eigen::VectorXd &z)
{
    const Eigen::VectorXd e = (z.array() - z.maxCoeff()).exp();
    return e / e.sum();
}

} // namespace

class TestSoftmax : public QObject
{
    Q_OBJECT
private slots:
    void rowsSumToOne_data();
    void rowsSumToOne();
    void columnsSumToOne();
    void matchesDoublePrecision();
    void shiftInvariance();
    void entropyBounds_data();
    void entropyBounds();
    void uniformHasMaximalEntropy();
    void oneHotHasZeroEntropy();
    void extremeLogitsStayFinite_data();
    void extremeLogitsStayFinite();
    void unscaledLargeDkStaysFinite();
    void fullyMaskedRowIsZero();
    void maskedEntriesGetZeroWeight();
};

void TestSoftmax::rowsSumToOne_data()
{
    QTest::addColumn<int>("rows");
    QTest::addColumn<int>("cols");
    QTest::addColumn<float>("scale");
    QTest::newRow("1x1") << 1 << 1 << 1.0f;
    QTest::newRow("5x5") << 5 << 5 << 1.0f;
    QTest::newRow("3x17 sharp") << 3 << 17 << 30.0f;
    QTest::newRow("64x1000") << 64 << 1000 << 4.0f;
}

void TestSoftmax::rowsSumToOne()
{
    QFETCH(int, rows);
    QFETCH(int, cols);
    QFETCH(float, scale);
    const MatrixRM z = randomLogits(rows, cols, 3, scale);
    MatrixRM w(rows, cols);
    QCOMPARE(attn::softmaxRows(z, w), 0);
    for (int i = 0; i < rows; ++i) {
        QVERIFY2(std::fabs(w.row(i).cast<double>().sum() - 1.0) < 1e-6, qPrintable(QString("row %1").arg(i)));
        QVERIFY((w.row(i).array() >= 0).all());
    }
}

void TestSoftmax::columnsSumToOne()
{
    const MatrixRM z = randomLogits(7, 4, 5, 3.0f);
    MatrixRM w(7, 4);
    attn::softmaxCols(z, w);
    for (int j = 0; j < 4; ++j)
        QVERIFY(std::fabs(w.col(j).cast<double>().sum() - 1.0) < 1e-6);
    // and the rows, in general, do not
    bool someRowOff = false;
    for (int i = 0; i < 7; ++i)
        someRowOff |= std::fabs(w.row(i).cast<double>().sum() - 1.0) > 1e-3;
    QVERIFY(someRowOff);
}

void TestSoftmax::matchesDoublePrecision()
{
    const MatrixRM z = randomLogits(8, 33, 11, 5.0f);
    MatrixRM w(8, 33);
    attn::softmaxRows(z, w);
    for (int i = 0; i < 8; ++i) {
        const Eigen::VectorXd ref = referenceSoftmax(z.row(i).transpose().cast<double>());
        for (int j = 0; j < 33; ++j)
            QVERIFY2(std::fabs(w(i, j) - ref(j)) <= 1e-7 + 1e-6 * ref(j), qPrintable(QString("(%1,%2)").arg(i).arg(j)));
    }
}

void TestSoftmax::shiftInvariance()
{
    const MatrixRM z = randomLogits(4, 9, 7, 2.0f);
    MatrixRM a(4, 9), b(4, 9);
    attn::softmaxRows(z, a);
    attn::softmaxRows((z.array() + 100.0f).matrix(), b);
    QVERIFY(((a - b).array().abs() < 1e-5f).all());
}

void TestSoftmax::entropyBounds_data()
{
    QTest::addColumn<float>("scale");
    QTest::newRow("flat") << 0.01f;
    QTest::newRow("normal") << 1.0f;
    QTest::newRow("sharp") << 50.0f;
}

void TestSoftmax::entropyBounds()
{
    QFETCH(float, scale);
    const int S = 12;
    const MatrixRM z = randomLogits(6, S, 13, scale);
    MatrixRM w(6, S);
    attn::softmaxRows(z, w);
    for (int i = 0; i < 6; ++i) {
        const double h = attn::entropy(w.row(i));
        QVERIFY(h >= 0.0);
        QVERIFY(h <= std::log(double(S)) + 1e-9);
    }
}

void TestSoftmax::uniformHasMaximalEntropy()
{
    MatrixRM w(1, 6);
    attn::softmaxRows(MatrixRM::Constant(1, 6, 3.0f), w);
    QVERIFY(std::fabs(attn::entropy(w.row(0)) - std::log(6.0)) < 1e-6);
    QVERIFY(std::fabs(std::log(6.0) - 1.7918) < 5e-5); // the lecture's ln 6
}

void TestSoftmax::oneHotHasZeroEntropy()
{
    Eigen::VectorXf v = Eigen::VectorXf::Zero(5);
    v(2) = 1.0f;
    QCOMPARE(attn::entropy(v), 0.0); // 0 ln 0 counts as 0, not NaN
}

void TestSoftmax::extremeLogitsStayFinite_data()
{
    QTest::addColumn<float>("a");
    QTest::addColumn<float>("b");
    QTest::addColumn<float>("c");
    QTest::newRow("1e30 twice") << 1e30f << 1e30f << -1e30f;
    QTest::newRow("max float") << std::numeric_limits<float>::max() << -std::numeric_limits<float>::max() << 0.0f;
    QTest::newRow("tiny differences") << 1e-30f << -1e-30f << 0.0f;
    QTest::newRow("large negative") << -1e30f << -1e30f << -1e30f;
}

void TestSoftmax::extremeLogitsStayFinite()
{
    QFETCH(float, a);
    QFETCH(float, b);
    QFETCH(float, c);
    MatrixRM z(1, 3);
    z << a, b, c;
    MatrixRM w(1, 3);
    attn::softmaxRows(z, w);
    QVERIFY(w.allFinite());
    QVERIFY(std::fabs(w.sum() - 1.0f) < 1e-6f);
    QVERIFY(std::isfinite(attn::entropy(w.row(0))));
}

void TestSoftmax::unscaledLargeDkStaysFinite()
{
    attn::Params p;
    p.mode = attn::Mode::Direct;
    p.queryLength = 8;
    p.keyLength = 8;
    p.dK = p.dV = 4096;
    p.scaling = attn::Scaling::None;
    const attn::Result r = attn::compute(p);
    for (float x : r.attention.weights.data)
        QVERIFY(std::isfinite(x));
    for (float x : r.attention.out.data)
        QVERIFY(std::isfinite(x));
    // unscaled, the scores' spread is about sqrt(4096) = 64: the rows are nearly one-hot
    QVERIFY(r.attention.stats.rowMax.row(0).minCoeff() > 0.99);

    p.scaling = attn::Scaling::Custom;
    p.customScale = 1e30; // logits overflow float: still no NaN
    const attn::Result huge = attn::compute(p);
    for (float x : huge.attention.weights.data)
        QVERIFY(std::isfinite(x));
    QVERIFY(std::fabs(huge.attention.stats.rowSums(0, 0) - 1.0) < 1e-6);
}

void TestSoftmax::fullyMaskedRowIsZero()
{
    const float ninf = -std::numeric_limits<float>::infinity();
    MatrixRM z(2, 3);
    z << ninf, ninf, ninf, 1.0f, 2.0f, ninf;
    MatrixRM w(2, 3);
    QCOMPARE(attn::softmaxRows(z, w), 1);
    QCOMPARE(w.row(0).sum(), 0.0f);
    QVERIFY(w.allFinite());
    QCOMPARE(attn::entropy(w.row(0)), 0.0);
}

void TestSoftmax::maskedEntriesGetZeroWeight()
{
    const float ninf = -std::numeric_limits<float>::infinity();
    MatrixRM z(1, 4);
    z << 0.5f, ninf, 0.5f, ninf;
    MatrixRM w(1, 4);
    attn::softmaxRows(z, w);
    QCOMPARE(w(0, 1), 0.0f);
    QCOMPARE(w(0, 3), 0.0f);
    QCOMPARE(w(0, 0), 0.5f);
    QCOMPARE(w(0, 2), 0.5f);
}

QTEST_APPLESS_MAIN(TestSoftmax)
#include "tst_softmax.moc"
