// SPDX-License-Identifier: GPL-3.0-or-later
// The softmax kernel the pipeline runs (softmaxRowsWithStats): the properties that make it right,
// its edge cases against a reference computed here in long double, and that the pipeline's results
// are the kernel's, bit for bit.
#include "attention.h"
#include "softmax.h"
#include "torch_generator.h"

#include <QtTest>

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>

using attn::MatrixRM;

Q_DECLARE_METATYPE(attn::MatrixRM)
Q_DECLARE_METATYPE(attn::Params)

namespace {

const float kInf = std::numeric_limits<float>::infinity();

MatrixRM randomLogits(int rows, int cols, std::uint64_t seed, float scale)
{
    attn::TorchGenerator g(seed);
    MatrixRM m(rows, cols);
    g.randn(m.data(), std::size_t(m.size()));
    return m * scale;
}

MatrixRM logitRows(std::initializer_list<std::initializer_list<float>> rows)
{
    MatrixRM m(int(rows.size()), int(rows.begin()->size()));
    int i = 0;
    for (const auto &row : rows) {
        int j = 0;
        for (float x : row)
            m(i, j++) = x;
        ++i;
    }
    return m;
}

// Everything the kernel gives for a rows by n matrix of logits.
struct Kernel
{
    MatrixRM weights;
    Eigen::VectorXd rowSum, rowEntropy, rowMax;
    Eigen::VectorXi rowArgmax;
    Eigen::VectorXd colSum, colEntropy;
    std::vector<int> masked;

    Kernel(Eigen::Index rows, Eigen::Index n)
        : weights(rows, n)
        , rowSum(rows)
        , rowEntropy(rows)
        , rowMax(rows)
        , rowArgmax(rows)
        , colSum(n)
        , colEntropy(n)
    {
    }
};

// Where the kernel writes decides some of its last bits: Eigen does the first elements of a row one
// at a time up to a 64-byte boundary (scalar exp, another order of summation). So the weights are
// written at an address with the remainder `placement` modulo 64, as the pipeline's are, and copied out.
// inBlocks: the overload the pipeline calls over keys, the logits handed over a block of rows at a time.
Kernel kernelOf(const MatrixRM &logits, bool inBlocks = false, std::uintptr_t placement = 0)
{
    const Eigen::Index rows = logits.rows(), n = logits.cols();
    Kernel k(rows, n);
    std::vector<float> memory(std::size_t(rows * n) + 32);
    float *at = memory.data();
    while (reinterpret_cast<std::uintptr_t>(at) % 64 != placement % 64)
        ++at;
    Eigen::Map<MatrixRM> weights(at, rows, n);
    if (inBlocks) {
        const attn::LogitRows blocks = [&](int first, int last, float *buffer) {
            Eigen::Map<MatrixRM>(buffer, last - first, n) = logits.middleRows(first, last - first);
        };
        attn::softmaxRowsWithStats(
            blocks, weights, k.rowSum, k.rowEntropy, k.rowMax, k.rowArgmax, k.colSum, k.colEntropy, k.masked);
    } else {
        attn::softmaxRowsWithStats(
            logits, weights, k.rowSum, k.rowEntropy, k.rowMax, k.rowArgmax, k.colSum, k.colEntropy, k.masked);
    }
    k.weights = weights;
    return k;
}

template <typename A, typename B> bool sameBits(const A &a, const B &b)
{
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), sizeof(*a.data()) * std::size_t(a.size())) == 0;
}

// The first output in which a and b differ in any bit, or "".
std::string difference(const Kernel &a, const Kernel &b)
{
    if (!sameBits(a.weights, b.weights))
        return "weights";
    if (!sameBits(a.rowSum, b.rowSum))
        return "row sums";
    if (!sameBits(a.rowEntropy, b.rowEntropy))
        return "row entropies";
    if (!sameBits(a.rowMax, b.rowMax))
        return "row maxima";
    if (!sameBits(a.rowArgmax, b.rowArgmax))
        return "row argmax";
    if (!sameBits(a.colSum, b.colSum))
        return "column sums";
    if (!sameBits(a.colEntropy, b.colEntropy))
        return "column entropies";
    if (a.masked != b.masked)
        return "masked rows";
    return {};
}

// Softmax and entropies the straightforward way, in long double, for comparison.
struct Reference
{
    Eigen::Matrix<long double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor> w;
    std::vector<long double> rowEntropy, colSum, colEntropy;
    std::vector<int> masked;
};

Reference referenceOf(const MatrixRM &x)
{
    const Eigen::Index rows = x.rows(), n = x.cols();
    Reference r;
    r.w.setZero(rows, n);
    r.rowEntropy.assign(std::size_t(rows), 0.0L);
    r.colSum.assign(std::size_t(n), 0.0L);
    r.colEntropy.assign(std::size_t(n), 0.0L);
    for (Eigen::Index i = 0; i < rows; ++i) {
        long double m = -INFINITY;
        for (Eigen::Index j = 0; j < n; ++j)
            m = std::max(m, (long double)x(i, j));
        if (m == -INFINITY) {
            r.masked.push_back(int(i));
            continue;
        }
        long double z = 0.0L;
        for (Eigen::Index j = 0; j < n; ++j)
            z += std::exp((long double)x(i, j) - m);
        for (Eigen::Index j = 0; j < n; ++j) {
            const long double w = std::exp((long double)x(i, j) - m) / z;
            const long double wlnw = w > 0 ? w * std::log(w) : 0.0L;
            r.w(i, j) = w;
            r.rowEntropy[i] -= wlnw;
            r.colSum[j] += w;
            r.colEntropy[j] -= wlnw;
        }
    }
    return r;
}

QString at(Eigen::Index i, Eigen::Index j = -1)
{
    return j < 0 ? QString("row %1").arg(i) : QString("(%1, %2)").arg(i).arg(j);
}

// A float kernel over n keys: entropy to 1e-6 of its largest value, ln n.
double defaultEntropyTolerance(Eigen::Index n)
{
    return 1e-6 * std::max(1.0, std::log(double(n)));
}

// Under the sanitizers (ATTN_SANITIZED) the kernel's `omp simd` sums are not vectorised: n floats are added one
// after another, whose error bound is n · 2⁻²⁴ of the sum. The release build's lanes stay within 1e-6; the
// sanitizer run is there for memory and undefined behaviour, so it gets the sequential bound.
double sumTolerance(Eigen::Index n, double tolerance)
{
#ifdef ATTN_SANITIZED
    return std::max(tolerance, double(n) * 0x1p-24 * std::max(1.0, std::log(double(n))));
#else
    Q_UNUSED(n);
    return tolerance;
#endif
}

// The kernel's results k for these logits against the reference; QVERIFY returns from here only.
void verifyKernel(const MatrixRM &logits, const Kernel &k, const Reference &ref, double entropyTolerance)
{
    const Eigen::Index rows = logits.rows(), n = logits.cols();
    QCOMPARE(k.masked, ref.masked);
    for (Eigen::Index i = 0; i < rows; ++i) {
        const auto w = k.weights.row(i);
        QVERIFY2(w.allFinite() && (w.array() >= 0.0f).all(), qPrintable(at(i)));
        for (Eigen::Index j = 0; j < n; ++j) {
            const long double r = ref.w(i, j);
            if (logits(i, j) == -kInf && w(j) != 0.0f)
                QFAIL(qPrintable("masked entry with weight " + QString::number(w(j)) + " at " + at(i, j)));
            if ((long double)float(r) == r && w(j) != float(r)) // an exact float answer is given exactly
                QFAIL(qPrintable(QString("weight %1, exactly %2, at ").arg(w(j)).arg(double(r)) + at(i, j)));
            if (std::fabs(w(j) - r) > 1e-7L + (long double)sumTolerance(n, 1e-6) * r) // (its sum's error)
                QFAIL(qPrintable(QString("weight %1, reference %2, at ").arg(w(j)).arg(double(r)) + at(i, j)));
        }
        if (std::binary_search(ref.masked.begin(), ref.masked.end(), int(i))) {
            // exactly 0: a row sum of 0 is how the views count fully masked rows
            QVERIFY2((w.array() == 0.0f).all() && k.rowSum(i) == 0.0 && k.rowEntropy(i) == 0.0, qPrintable(at(i)));
            QVERIFY2(k.rowMax(i) == 0.0 && k.rowArgmax(i) == 0, qPrintable(at(i)));
            continue;
        }
        const double sum = w.cast<double>().sum();
        QVERIFY2(std::fabs(sum - 1.0) < sumTolerance(n, 1e-6),
            qPrintable(at(i) + QString(" sums to %1").arg(sum, 0, 'g', 10)));
        QVERIFY2(std::fabs(k.rowSum(i) - 1.0) < sumTolerance(n, 1e-6), qPrintable(at(i)));

        const double h = k.rowEntropy(i), hRef = double(ref.rowEntropy[std::size_t(i)]);
        QVERIFY2(std::isfinite(h) && h >= 0.0, qPrintable(at(i))); // and at most ln n, as the reference is
        QVERIFY2(std::fabs(h - hRef) <= sumTolerance(n, entropyTolerance),
            qPrintable(at(i) + QString(": entropy %1, reference %2").arg(h, 0, 'g', 10).arg(hRef, 0, 'g', 10)));
        // One-hot in float: 1 ln 1 and 0 ln 0 are exactly 0.
        if ((w.array() == 0.0f || w.array() == 1.0f).all())
            QVERIFY2(h == 0.0, qPrintable(at(i)));

        // The largest weight, and the first column holding it, which is a largest weight of the reference.
        Eigen::Index first = 0;
        while (w(first) != w.maxCoeff())
            ++first;
        QVERIFY2(k.rowMax(i) == double(w(first)) && k.rowArgmax(i) == int(first), qPrintable(at(i)));
        const long double refMax = ref.w.row(i).maxCoeff();
        QVERIFY2(ref.w(i, first) >= refMax - (1e-7L + 1e-6L * refMax), qPrintable(at(i)));
    }

    for (Eigen::Index j = 0; j < n; ++j) {
        const long double s = ref.colSum[std::size_t(j)], e = ref.colEntropy[std::size_t(j)];
        QVERIFY2(std::fabs(k.colSum(j) - s) <= 1e-6L * (1 + s), qPrintable(QString("column %1 sum").arg(j)));
        QVERIFY2(std::fabs(k.colEntropy(j) - e) <= 1e-6L * (1 + e), qPrintable(QString("column %1 entropy").arg(j)));
    }
}

} // namespace

class TestSoftmax : public QObject
{
    Q_OBJECT
private slots:
    void kernel_data();
    void kernel();
    void pipelineIsTheKernel_data();
    void pipelineIsTheKernel();
    void softmaxOverColumnsIsTheTranspose();
    void shiftInvariance();
    void entropyBounds_data();
    void entropyBounds();
    void uniformHasMaximalEntropy();
    void unscaledLargeDkStaysFinite();
};

void TestSoftmax::kernel_data()
{
    QTest::addColumn<MatrixRM>("logits");
    QTest::addColumn<double>("entropyTolerance"); // |entropy - reference| allowed, per row

    const auto row = [](const char *name, const MatrixRM &logits, double tolerance = -1.0) {
        QTest::newRow(name) << logits << (tolerance < 0 ? defaultEntropyTolerance(logits.cols()) : tolerance);
    };
    const float denormal = std::numeric_limits<float>::denorm_min();

    // One logit far above the rest: the weights are (nearly) one-hot, the entropy (nearly) 0.
    row("one-hot, 50 above", logitRows({ { 0, 0, 50, 0, 0 } }));
    row("one-hot, 1000 above: 0 ln 0 = 0", logitRows({ { 0, 0, 1000, 0, 0 } }));
    row("one-hot, first and last", logitRows({ { 100, 0, 0, 0 }, { 0, 0, 0, 100 } }));
    row("one-hot, identity", MatrixRM(MatrixRM::Identity(6, 6) * 200.0f));
    MatrixRM lastOf4097 = MatrixRM::Zero(2, 4097);
    lastOf4097(0, 4096) = 200.0f;
    lastOf4097(1, 2048) = 30.0f;
    row("one-hot, 4097 keys", lastOf4097);

    // Equal logits: uniform weights, entropy ln n to within 1e-6.
    row("equal, 2 keys", MatrixRM::Constant(1, 2, 0.5f), 1e-6);
    row("equal, 3 keys of -1e30", MatrixRM::Constant(2, 3, -1e30f), 1e-6);
    row("equal, 6 keys (lecture)", MatrixRM::Constant(3, 6, 3.0f), 1e-6);
    row("equal, 64 keys", MatrixRM::Constant(2, 64, -7.25f), 1e-6);
    row("equal, 128 keys of 1e30", MatrixRM::Constant(1, 128, 1e30f), 1e-6);
    row("equal, 4097 keys", MatrixRM::Constant(1, 4097, 0.25f), 1e-6);

    // Logits of +-1e30 among ordinary ones: the differences overflow nothing and exp sees no NaN.
    row("1e30 twice", logitRows({ { 1e30f, 1e30f, -1e30f } }));
    row("+1e30 among ordinary", logitRows({ { 1.0f, 1e30f, -2.5f, 0.0f } }));
    row("-1e30 among ordinary", logitRows({ { 1.0f, -1e30f, -2.5f, 0.0f, -1e30f } }));
    row("+-1e30 among ordinary",
        logitRows({ { 1e30f, -1e30f, 3.0f, -1e30f, 1e30f, 0.0f }, { -1e30f, 2.0f, -1e30f, 0.5f, -1e30f, 1.0f } }));
    row("all -1e30", logitRows({ { -1e30f, -1e30f, -1e30f } }));
    row("max float", logitRows({ { FLT_MAX, -FLT_MAX, 0.0f } }));
    row("tiny differences", logitRows({ { 1e-30f, -1e-30f, 0.0f } }));

    // Denormals: as logits (the weights are uniform), and as weights (exp of -90 to -104).
    row("denormal logits", logitRows({ { denormal, -denormal, 1e-40f, -1e-42f, 0.0f } }));
    row("denormal weights", logitRows({ { 0.0f, -90.0f, -100.0f, -104.0f, -200.0f } }));

    // Masked entries (-inf) get weight 0; a row with nothing else is reported.
    row("fully masked row", logitRows({ { -kInf, -kInf, -kInf }, { 1.0f, 2.0f, -kInf } }));
    row("partly masked", logitRows({ { 0.5f, -kInf, 0.5f, -kInf } }));
    row("every row masked", MatrixRM::Constant(3, 5, -kInf));
    MatrixRM scattered = randomLogits(1000, 64, 17, 2.0f); // both threads, masked rows in each
    for (int i = 0; i < 1000; ++i)
        scattered.row(i).tail(i % 7 == 0 ? 64 : i % 64).setConstant(-kInf);
    row("masked rows across threads", scattered);

    // A single key: weight 1 and entropy 0, whatever the logit (unless masked).
    row("single key", logitRows({ { 3.7f }, { 1e30f }, { -1e30f }, { denormal }, { FLT_MAX }, { -kInf }, { 0.0f } }));

    // Random logits, flat to sharp, up to 4097 keys.
    row("random 1x1", randomLogits(1, 1, 3, 1.0f));
    row("random 5x5", randomLogits(5, 5, 3, 1.0f));
    row("random 3x17 sharp", randomLogits(3, 17, 3, 30.0f));
    row("random 8x33", randomLogits(8, 33, 11, 5.0f));
    row("random 64x1000", randomLogits(64, 1000, 3, 4.0f));
    row("random 4097 keys flat", randomLogits(3, 4097, 5, 0.01f));
    row("random 4097 keys", randomLogits(40, 4097, 7, 4.0f));
}

void TestSoftmax::kernel()
{
    QFETCH(MatrixRM, logits);
    QFETCH(double, entropyTolerance);
    const Reference ref = referenceOf(logits);
    for (std::uintptr_t placement : { 0, 4 }) { // rows from a 64-byte boundary, and from a float past it
        const Kernel k = kernelOf(logits, false, placement);
        // Both ways in give the same bits (the pipeline uses the second over keys, the first over queries).
        const std::string differs = difference(k, kernelOf(logits, true, placement));
        QVERIFY2(differs.empty(), differs.c_str());
        verifyKernel(logits, k, ref, entropyTolerance);
        if (QTest::currentTestFailed())
            QFAIL(qPrintable(QString("weights placed %1 bytes past a 64-byte boundary").arg(placement)));
    }
}

void TestSoftmax::pipelineIsTheKernel_data()
{
    QTest::addColumn<attn::Params>("params");
    const auto direct = [](int batch, int L, int S, int dk) {
        attn::Params p;
        p.mode = attn::Mode::Direct;
        p.batch = batch;
        p.queryLength = L;
        p.keyLength = S;
        p.dK = p.dV = dk;
        p.seed = std::uint64_t(L) * 1000 + S;
        return p;
    };
    attn::Params p = direct(2, 37, 53, 16);
    QTest::newRow("keys") << p;
    p = direct(1, 512, 512, 64);
    p.mask = attn::MaskKind::Causal;
    QTest::newRow("keys, causal, 512 (both threads)") << p;
    p = direct(2, 9, 6, 8);
    p.mask = attn::MaskKind::Pad;
    p.padCount = 6;
    QTest::newRow("keys, every key padded") << p;
    p = direct(1, 40, 4097, 8);
    p.mask = attn::MaskKind::Pad;
    p.padCount = 100;
    QTest::newRow("keys, padded, 4097 keys") << p;
    p = direct(1, 30, 30, 64);
    p.scaling = attn::Scaling::Custom;
    p.customScale = 1e6;
    QTest::newRow("keys, scaled by 1e6") << p;
    p = direct(1, 20, 20, 64);
    p.mode = attn::Mode::Projection;
    p.scaling = attn::Scaling::None;
    QTest::newRow("keys, projection, not scaled") << p;
    p = direct(2, 300, 200, 16);
    p.softmaxDim = -2;
    QTest::newRow("queries") << p;
    p = direct(1, 6, 9, 4);
    p.softmaxDim = -2;
    p.mask = attn::MaskKind::Causal;
    QTest::newRow("queries, causal, keys no query sees") << p;
}

// The pipeline's weights and statistics are the kernel's on the pipeline's logits, bit for bit,
// from fresh inputs (compute) and from stored scores (attendWeights).
void TestSoftmax::pipelineIsTheKernel()
{
    QFETCH(attn::Params, params);
    const attn::Result r = attn::compute(params);
    const attn::Attention reused = attn::attendWeights(*r.scores, params);
    const attn::Tensor3 logits = attn::computeLogits(*r.scores, params);
    const bool overKeys = params.softmaxDim == -1;
    int batchesMasked = 0;
    for (const attn::Attention *a : { &r.attention, &reused }) {
        const attn::Statistics &st = a->stats;
        for (int b = 0; b < params.batch; ++b) {
            const MatrixRM x = overKeys ? MatrixRM(logits.slice(b)) : MatrixRM(logits.slice(b).transpose());
            // Over keys the pipeline hands the logits over in blocks and writes into its own weights;
            // over queries it calls the kernel on a transposed matrix of its own (64-byte aligned).
            const auto placement = reinterpret_cast<std::uintptr_t>(a->weights.slice(b).data());
            const Kernel k = overKeys ? kernelOf(x, true, placement) : kernelOf(x);
            const MatrixRM w = overKeys ? k.weights : MatrixRM(k.weights.transpose());
            const QString batch = QString(a == &reused ? "from stored scores, " : "") + QString("batch %1: ").arg(b);
            QVERIFY2(sameBits(a->weights.slice(b), w), qPrintable(batch + "weights"));
            // Over queries the kernel's rows are keys: its row statistics are the columns'.
            const auto &rowSums = overKeys ? st.rowSums : st.colSums, &colSums = overKeys ? st.colSums : st.rowSums;
            const auto &rowEnt = overKeys ? st.rowEntropy : st.colEntropy;
            const auto &colEnt = overKeys ? st.colEntropy : st.rowEntropy;
            QVERIFY2(sameBits(rowSums.row(b), k.rowSum), qPrintable(batch + "sums"));
            QVERIFY2(sameBits(rowEnt.row(b), k.rowEntropy), qPrintable(batch + "entropies"));
            QVERIFY2(sameBits(colSums.row(b), k.colSum), qPrintable(batch + "sums the other way"));
            QVERIFY2(sameBits(colEnt.row(b), k.colEntropy), qPrintable(batch + "entropies the other way"));
            if (overKeys) // over queries the pipeline takes each query's largest weight from the weights
                QVERIFY2(sameBits(st.rowMax.row(b), k.rowMax) && sameBits(st.rowArgmax.row(b), k.rowArgmax),
                    qPrintable(batch + "largest weights"));
            // Fully masked rows: counted by the summary, and one warning for the batch element.
            QCOMPARE(attn::summarize(r, b).fullyMasked, int(k.masked.size()));
            batchesMasked += a == &r.attention && !k.masked.empty() ? 1 : 0;
        }
    }
    QCOMPARE(int(r.attention.warnings.size()), batchesMasked);
    QCOMPARE(reused.warnings, r.attention.warnings);
    for (const std::string &warning : r.attention.warnings)
        QVERIFY(QString::fromStdString(warning).contains(overKeys ? "every key is masked" : "every query is masked"));
}

void TestSoftmax::softmaxOverColumnsIsTheTranspose()
{
    const MatrixRM z = randomLogits(7, 4, 5, 3.0f);
    const MatrixRM w = kernelOf(z.transpose()).weights.transpose();
    for (int j = 0; j < 4; ++j)
        QVERIFY(std::fabs(w.col(j).cast<double>().sum() - 1.0) < 1e-6);
    // and the rows, in general, do not
    bool someRowOff = false;
    for (int i = 0; i < 7; ++i)
        someRowOff |= std::fabs(w.row(i).cast<double>().sum() - 1.0) > 1e-3;
    QVERIFY(someRowOff);
}

void TestSoftmax::shiftInvariance()
{
    const MatrixRM z = randomLogits(4, 9, 7, 2.0f);
    const Kernel a = kernelOf(z), b = kernelOf((z.array() + 100.0f).matrix());
    QVERIFY(((a.weights - b.weights).array().abs() < 1e-5f).all());
    QVERIFY(((a.rowEntropy - b.rowEntropy).array().abs() < 1e-5).all());
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
    const Kernel k = kernelOf(randomLogits(6, S, 13, scale));
    for (int i = 0; i < 6; ++i) {
        const double h = k.rowEntropy(i);
        QVERIFY(h >= 0.0);
        QVERIFY(h <= std::log(double(S)) + 1e-9);
    }
}

void TestSoftmax::uniformHasMaximalEntropy()
{
    const Kernel k = kernelOf(MatrixRM::Constant(1, 6, 3.0f));
    QVERIFY(std::fabs(k.rowEntropy(0) - std::log(6.0)) < 1e-6);
    // the lecture's "ln 6 ≈ 1.7918", from the kernel's own entropy, rounded as the lecture rounds
    QCOMPARE(std::round(k.rowEntropy(0) * 1e4) / 1e4, 1.7918);
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

QTEST_APPLESS_MAIN(TestSoftmax)
#include "tst_softmax.moc"
