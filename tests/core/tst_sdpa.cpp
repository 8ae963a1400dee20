// SPDX-License-Identifier: GPL-3.0-or-later
// The lecture's block 3: F.scaled_dot_product_attention as PyTorch 2's math kernel computes it (q and k each times
// √scale, then the product) beside the manual line, against real PyTorch (tests/reference/make_sdpa_fixtures.py):
// bit for bit on the lecture's seed-1 tensors, where the two differ by exactly 2⁻²³, and within float32 rounding for
// settings drawn at random.

#include "attention.h"
#include "fixtures.h"
#include "params_edit.h"
#include "sdpa.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <cmath>

using namespace attn;

namespace {

QJsonObject sdpaFixtures()
{
    QFile f(QStringLiteral(ATTN_SDPA_FIXTURES));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot open %s", ATTN_SDPA_FIXTURES);
    return QJsonDocument::fromJson(f.readAll()).object();
}

// The largest |ours − theirs| relative to max(1, |theirs|), and whether every entry is bit for bit the same.
struct Agreement
{
    double worst = 0.0;
    bool exact = true;
};

Agreement agreement(const Tensor3 &ours, const QJsonObject &theirs)
{
    const std::vector<float> v = fixtureValues(theirs);
    Agreement a;
    if (v.size() != ours.data.size()) {
        a.worst = INFINITY;
        a.exact = false;
        return a;
    }
    for (std::size_t i = 0; i < v.size(); ++i) {
        a.exact = a.exact && floatBits(ours.data[i]) == floatBits(v[i]);
        a.worst = std::max(a.worst, std::abs(double(ours.data[i]) - v[i]) / std::max(1.0, double(std::abs(v[i]))));
    }
    return a;
}

double largestLogit(const Result &r)
{
    double most = 0.0;
    for (float x : r.scores->data)
        most = std::max(most, std::abs(double(logitOf(x, r.params))));
    return most;
}

Params lectureBlock3()
{
    return paramsOfFixture(sdpaFixtures().value("cases").toArray().at(0).toObject().value("params").toObject());
}

} // namespace

class TestSdpa : public QObject
{
    Q_OBJECT
private slots:
    void lectureCaseBitForBit()
    {
        const QJsonObject c = sdpaFixtures().value("cases").toArray().at(0).toObject();
        const Params p = paramsOfFixture(c.value("params").toObject());
        QCOMPARE(p.seed, 1U); // block 3: torch.manual_seed(1); Q, K, V = randn(2, 5, 4)
        QCOMPARE(p.batch, 2);
        const Result r = compute(p);
        const SdpaCheck s = checkAgainstSdpa(r);
        QVERIFY(s.applies);
        const Agreement official = agreement(s.officialOut, c.value("official").toObject());
        const Agreement manual = agreement(s.manualOut, c.value("manual").toObject());
        const Agreement program = agreement(r.attention.out, c.value("manual").toObject());
        QVERIFY2(official.exact, qPrintable(QString("official out off by %1").arg(official.worst)));
        QVERIFY2(manual.exact, qPrintable(QString("manual out off by %1").arg(manual.worst)));
        // The program's own out sums in blocks, with Eigen's exp: the same within rounding, not bit for bit.
        QVERIFY2(program.worst <= 1e-6, qPrintable(QString("the program's out off by %1").arg(program.worst)));
        // The lecture prints 最大绝对差 = 1.1920929e-07 and allclose True.
        QCOMPARE(float(s.maxAbsDiff), 1.1920929e-07f);
        QCOMPARE(s.maxAbsDiff, c.value("max_abs_diff").toDouble());
        QVERIFY(s.allclose);
        QCOMPARE(QString::fromStdString(s.call), QStringLiteral("F.scaled_dot_product_attention(Q, K, V)"));
    }

    // A plain q / 2 before the product gives 0 on the lecture's tensors: the check is of the kernel's order.
    void orderMatters()
    {
        const Result r = compute(lectureBlock3());
        const SdpaCheck s = checkAgainstSdpa(r);
        double manualVsOfficial = 0.0;
        for (std::size_t i = 0; i < s.manualOut.data.size(); ++i)
            manualVsOfficial
                = std::max(manualVsOfficial, double(std::abs(s.manualOut.data[i] - s.officialOut.data[i])));
        QVERIFY(manualVsOfficial > 0.0);
        QCOMPARE(manualVsOfficial, s.maxAbsDiff);
    }

    void randomSettings_data()
    {
        QTest::addColumn<QJsonObject>("c");
        for (const QJsonValue &v : sdpaFixtures().value("cases").toArray())
            QTest::newRow(QJsonDocument(v.toObject().value("params").toObject()).toJson(QJsonDocument::Compact))
                << v.toObject();
    }

    void randomSettings()
    {
        QFETCH(QJsonObject, c);
        const Result r = compute(paramsOfFixture(c.value("params").toObject()));
        const SdpaCheck s = checkAgainstSdpa(r);
        QVERIFY(s.applies);
        const Agreement official = agreement(s.officialOut, c.value("official").toObject());
        const Agreement manual = agreement(s.manualOut, c.value("manual").toObject());
        const Agreement program = agreement(r.attention.out, c.value("manual").toObject());
        QVERIFY2(official.worst <= 1e-6, qPrintable(QString("official out off by %1").arg(official.worst)));
        QVERIFY2(manual.worst <= 1e-6, qPrintable(QString("manual out off by %1").arg(manual.worst)));
        // The program's out rounds its logits otherwise (blocked sums): exp turns their last bit, relative to the
        // largest logit, into that much of the weights.
        const double tol = 1e-6 * std::max(1.0, largestLogit(r));
        QVERIFY2(program.worst <= tol,
            qPrintable(QString("the program's out off by %1 (allowed %2)").arg(program.worst).arg(tol)));
        QCOMPARE(s.nanRows, 0);
        // allclose as PyTorch decides it on its own tensors, unless the verdict hangs on the last bits.
        const double theirs = c.value("max_abs_diff").toDouble();
        QVERIFY2(std::abs(s.maxAbsDiff - theirs) <= 1e-6,
            qPrintable(QString("max |out - official| %1, PyTorch %2").arg(s.maxAbsDiff).arg(theirs)));
        if (theirs < 5e-7 || theirs > 2e-6)
            QCOMPARE(s.allclose, c.value("allclose").toBool());
    }

    // SDPA's softmax is always over the keys: over the queries the manual line is another one, and it is the
    // program's.
    void overQueriesDiffers()
    {
        Params p = lectureBlock3();
        p.softmaxDim = -2;
        const Result r = compute(p);
        const SdpaCheck s = checkAgainstSdpa(r);
        QVERIFY(s.applies);
        for (std::size_t i = 0; i < s.manualOut.data.size(); ++i)
            QVERIFY(std::abs(s.manualOut.data[i] - r.attention.out.data[i]) <= 1e-6);
        QVERIFY(s.maxAbsDiff > 1e-2);
        QVERIFY(!s.allclose);
    }

    // A query that sees no key: NaN in PyTorch, left out of the difference, and not allclose.
    void fullyMaskedRow()
    {
        Params p = lectureBlock3();
        std::string error;
        QVERIFY(parseMask("custom:xxxxx/...../...../...../.....", p, &error));
        const SdpaCheck s = checkAgainstSdpa(compute(p));
        QCOMPARE(s.nanRows, 2); // row 0 of both batch elements
        QVERIFY(std::isnan(s.officialOut(0, 0, 0)));
        QVERIFY(std::isfinite(s.maxAbsDiff));
        QVERIFY(!s.allclose);
        QVERIFY(QString::fromStdString(s.call).contains("attn_mask=m"));
    }

    void customScaleAndCausal()
    {
        Params p = lectureBlock3();
        p.scaling = Scaling::Custom;
        p.customScale = 0.25;
        p.mask = MaskKind::Causal;
        const SdpaCheck s = checkAgainstSdpa(compute(p));
        QCOMPARE(s.scale, 0.25);
        QCOMPARE(QString::fromStdString(s.call),
            QStringLiteral("F.scaled_dot_product_attention(Q, K, V, is_causal=True, scale=0.25)"));
        QVERIFY(s.allclose);
    }

    // masked_fill(mask, -1e9): the manual line gives a fully masked query uniform weights, SDPA NaN.
    void minusBillionFill()
    {
        Params p = lectureBlock3();
        std::string error;
        QVERIFY(parseMask("custom:xxxxx/...../...../...../.....", p, &error));
        p.maskFill = MaskFill::MinusBillion;
        const Result r = compute(p);
        const SdpaCheck s = checkAgainstSdpa(r);
        QVERIFY(std::isfinite(s.manualOut(0, 0, 0)));
        QVERIFY(std::abs(s.manualOut(0, 0, 0) - r.attention.out(0, 0, 0)) <= 1e-6);
        QVERIFY(std::isnan(s.officialOut(0, 0, 0)));
        QCOMPARE(s.nanRows, 2);
        QVERIFY(!s.allclose);
    }

    void additiveHasNoSdpa()
    {
        Params p = lectureBlock3();
        p.score = Score::Additive;
        QVERIFY(!checkAgainstSdpa(compute(p)).applies);
    }
};

QTEST_APPLESS_MAIN(TestSdpa)
#include "tst_sdpa.moc"
