// SPDX-License-Identifier: GPL-3.0-or-later
// Masks as PyTorch means them: padding per batch element, any pattern cell by cell, -inf against the -1e9
// idiom, and the two boolean conventions. The weights equal real PyTorch's (tests/reference/
// make_mask_fixtures.py): SDPA with a boolean mask, nn.MultiheadAttention with key_padding_mask or attn_mask,
// and masked_fill(-1e9); where PyTorch gives NaN (a query that sees no key, -inf) the program gives 0 and
// says so; -1e9 gives uniform weights where PyTorch does. The dump's attn_mask is the tensor PyTorch took.

#include "attention.h"
#include "fixtures.h"
#include "heatmap_grid.h"
#include "json_dump.h"
#include "params_edit.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <cmath>
#include <sstream>

using namespace attn;

namespace {

QJsonArray cases()
{
    QFile f(QStringLiteral(ATTN_MASK_FIXTURES));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot open %s", ATTN_MASK_FIXTURES);
    return QJsonDocument::fromJson(f.readAll()).object().value("cases").toArray();
}

Params paramsOf(const QJsonObject &c)
{
    return paramsOfFixture(c); // (the case is its own params object)
}

// Within 1e-6 of PyTorch; where PyTorch has NaN the program must have 0 (and say so elsewhere).
void compareWeights(const Tensor3 &ours, const QJsonObject &theirs, const QString &what, int *nans)
{
    const std::vector<float> v = fixtureValues(theirs);
    QCOMPARE(ours.data.size(), v.size());
    for (std::size_t i = 0; i < v.size(); ++i) {
        if (std::isnan(v[i])) {
            ++*nans;
            if (ours.data[i] != 0.0f)
                QFAIL(qPrintable(
                    QString("%1[%2]: %3 where PyTorch has NaN (0 expected)").arg(what).arg(i).arg(ours.data[i])));
            continue;
        }
        if (!(std::abs(ours.data[i] - v[i]) <= 1e-6))
            QFAIL(qPrintable(QString("%1[%2]: %3, PyTorch %4").arg(what).arg(i).arg(ours.data[i]).arg(v[i])));
    }
}

bool anyWarningContains(const Result &r, const char *text)
{
    for (const std::string &w : r.attention.warnings)
        if (w.find(text) != std::string::npos)
            return true;
    return false;
}

} // namespace

class TestMasks : public QObject
{
    Q_OBJECT

private slots:
    void matchesPyTorch_data();
    void matchesPyTorch();
    void dumpedMaskIsPyTorchs_data() { matchesPyTorch_data(); }
    void dumpedMaskIsPyTorchs();
    void maskTextRoundTrips_data();
    void maskTextRoundTrips();
    void badMaskText_data();
    void badMaskText();
    void editing();
    void gridFollowsCustomMask();
};

void TestMasks::matchesPyTorch_data()
{
    QTest::addColumn<QJsonObject>("fixture");
    for (const QJsonValue &c : cases())
        QTest::newRow(qPrintable(c.toObject().value("name").toString())) << c.toObject();
}

void TestMasks::matchesPyTorch()
{
    QFETCH(QJsonObject, fixture);
    Params p = paramsOf(fixture);
    QVERIFY(!validate(p, defaultMemoryBudget()));
    // -inf (a boolean mask): SDPA's and nn.MultiheadAttention's weights, 0 where theirs are NaN.
    p.maskFill = MaskFill::NegInf;
    const Result inf = compute(p);
    int nans = 0;
    if (p.softmaxDim == -1) {
        compareWeights(inf.attention.weights, fixture.value("sdpa").toObject(), "sdpa", &nans);
        int mhaNans = 0;
        compareWeights(inf.attention.weights, fixture.value("mha").toObject(), "mha", &mhaNans);
        QCOMPARE(mhaNans, nans);
    } else {
        compareWeights(inf.attention.weights, fixture.value("neg_inf").toObject(), "neg_inf", &nans);
    }
    QCOMPARE(anyWarningContains(inf, "PyTorch gives NaN"), nans > 0);
    // -1e9 (masked_fill): PyTorch's weights everywhere, uniform where everything is masked.
    p.maskFill = MaskFill::MinusBillion;
    const Result billion = compute(p);
    int none = 0;
    compareWeights(billion.attention.weights, fixture.value("minus_1e9").toObject(), "minus_1e9", &none);
    QCOMPARE(none, 0); // -1e9 never gives NaN
    QCOMPARE(anyWarningContains(billion, "uniform weights"), nans > 0);
    QVERIFY(!anyWarningContains(billion, "PyTorch gives NaN"));
    // The summary counts them: set to 0 under -inf, uniform under -1e9.
    int fully = 0, uniform = 0;
    for (int b = 0; b < p.batch; ++b) {
        fully += summarize(inf, b).fullyMasked;
        uniform += summarize(billion, b).uniformMasked;
        QCOMPARE(summarize(billion, b).fullyMasked, 0);
    }
    QCOMPARE(fully * (p.softmaxDim == -1 ? p.keyLength : p.queryLength), nans);
    QCOMPARE(uniform, fully);
}

void TestMasks::dumpedMaskIsPyTorchs()
{
    QFETCH(QJsonObject, fixture);
    Params p = paramsOf(fixture);
    for (const MaskConvention c : { MaskConvention::Sdpa, MaskConvention::Mha }) {
        p.maskConvention = c;
        std::ostringstream out;
        writeJson(out, compute(p));
        const QJsonObject dump = QJsonDocument::fromJson(QByteArray::fromStdString(out.str())).object();
        QCOMPARE(dump.value("params").toObject().value("mask_convention").toString(),
            QString::fromStdString(maskConventionName(c)));
        QCOMPARE(dump.value("attn_mask_true_means").toString(), c == MaskConvention::Sdpa ? "take part" : "ignore");
        const QJsonArray theirs = fixture.value(c == MaskConvention::Sdpa ? "sdpa_mask" : "mha_mask").toArray();
        const QJsonArray ours = dump.value("attn_mask").toArray();
        QCOMPARE(ours.size(), theirs.size());
        for (int b = 0; b < theirs.size(); ++b)
            for (int i = 0; i < p.queryLength; ++i)
                for (int j = 0; j < p.keyLength; ++j)
                    QCOMPARE(ours[b][i][j].toBool(), theirs[b][i][j].toInt() == 1);
        QCOMPARE(QString::fromStdString(maskName(p)), fixture.value("mask").toString());
    }
}

void TestMasks::maskTextRoundTrips_data()
{
    QTest::addColumn<int>("batch");
    QTest::addColumn<int>("len");
    QTest::addColumn<int>("keys");
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("name"); // maskName after parsing
    QTest::newRow("none") << 1 << 3 << 3 << "none"
                          << "none";
    QTest::newRow("causal") << 2 << 3 << 3 << "causal"
                            << "causal";
    QTest::newRow("pad") << 2 << 3 << 3 << "pad:1"
                         << "pad:1";
    QTest::newRow("pad per element") << 3 << 3 << 3 << "pad:0,3,1"
                                     << "pad:0,3,1";
    QTest::newRow("custom") << 1 << 2 << 3 << "custom:.x./x.."
                            << "custom:.x./x..";
    QTest::newRow("custom capital X") << 1 << 2 << 2 << "custom:.X/X."
                                      << "custom:.x/x.";
}

void TestMasks::maskTextRoundTrips()
{
    QFETCH(int, batch);
    QFETCH(int, len);
    QFETCH(int, keys);
    QFETCH(QString, text);
    Params p;
    p.batch = batch;
    p.queryLength = len;
    p.keyLength = keys;
    p.keysFollowLength = len == keys;
    std::string error;
    QVERIFY2(parseMask(text.toStdString(), p, &error), error.c_str());
    QVERIFY(!validate(p, defaultMemoryBudget()));
    QTEST(QString::fromStdString(maskName(p)), "name");
    Params again = p;
    QVERIFY(parseMask(maskName(p), again, &error));
    QVERIFY(again == p);
}

void TestMasks::badMaskText_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("message"); // the start of the error
    QTest::newRow("pad counts not one per element") << "pad:1,2,0"
                                                    << "pad:N1,N2,... needs one count per batch element: 2";
    QTest::newRow("pad count too large") << "pad:1,4"
                                         << "pad:N needs a number of keys N from 0 to 3";
    QTest::newRow("pad empty count")
        << "pad:1,"
        << "pad:N needs a number of keys N from 0 to 3 (the key length), got 'an empty count'";
    QTest::newRow("pad negative") << "pad:-1,1"
                                  << "pad:N needs a number of keys N from 0 to 3";
    QTest::newRow("custom too few rows") << "custom:.../..."
                                         << "custom: needs 3 rows (one per query, joined by '/'), got 2";
    QTest::newRow("custom too many rows") << "custom:.../.../.../..."
                                          << "custom: needs 3 rows (one per query, joined by '/'), got 4";
    QTest::newRow("custom short row") << "custom:.../../..."
                                      << "custom: row 1 needs 3 cells";
    QTest::newRow("custom bad cell") << "custom:.../.1./..."
                                     << "custom: row 1, key 1: expected '.' (looks) or 'x' (masked), got '1'";
    QTest::newRow("custom empty") << "custom:"
                                  << "custom: row 0 needs 3 cells";
    QTest::newRow("unknown") << "diagonal"
                             << "expected none, causal, pad:N, pad:N1,N2,... or custom:ROWS, got 'diagonal'";
}

void TestMasks::badMaskText()
{
    QFETCH(QString, text);
    QFETCH(QString, message);
    Params p;
    p.batch = 2;
    p.queryLength = p.keyLength = 3;
    const Params before = p;
    std::string error;
    QVERIFY(!parseMask(text.toStdString(), p, &error));
    QVERIFY2(QString::fromStdString(error).startsWith(message), error.c_str());
    QVERIFY(p == before); // nothing half-set
}

void TestMasks::editing()
{
    Params p;
    p.queryLength = p.keyLength = 4;
    p.batch = 3;
    // A custom mask starts from the one shown: causal here.
    setMask(p, MaskKind::Causal);
    setMask(p, MaskKind::Custom);
    QCOMPARE(QString::fromStdString(maskName(p)), QString("custom:.xxx/..xx/...x/...."));
    toggleMaskCell(p, 3, 0);
    toggleMaskCell(p, 0, 1);
    QCOMPARE(QString::fromStdString(maskName(p)), QString("custom:..xx/..xx/...x/x..."));
    // Longer and shorter: the cells both sizes have are kept, new ones look.
    setQueryLength(p, 5); // S follows L
    QCOMPARE(QString::fromStdString(maskName(p)), QString("custom:..xx./..xx./...x./x..../....."));
    setQueryLength(p, 2);
    QCOMPARE(QString::fromStdString(maskName(p)), QString("custom:../.."));
    QVERIFY(!validate(p, defaultMemoryBudget()));
    // From padding of the shown batch element.
    setMask(p, MaskKind::Pad, 1);
    setPadOf(p, 2, 2);
    QCOMPARE(QString::fromStdString(maskName(p)), QString("pad:1,1,2"));
    p.batchIndex = 2;
    setMask(p, MaskKind::Custom); // the cells edited before come back (the keys M cycles through too)
    QCOMPARE(QString::fromStdString(maskName(p)), QString("custom:../.."));
    setMask(p, MaskKind::Pad, 1);
    nextMask(p);
    QCOMPARE(QString::fromStdString(maskName(p)), QString("custom:../.."));
    nextMask(p);
    QCOMPARE(p.mask, MaskKind::None);
    Params fresh = p; // a first custom mask starts from the shown element's padding
    fresh.customMask.clear();
    setMask(fresh, MaskKind::Pad, 1);
    setPadOf(fresh, 2, 2);
    setMask(fresh, MaskKind::Custom);
    QCOMPARE(QString::fromStdString(maskName(fresh)), QString("custom:xx/xx"));
    // Pads per element: one back to pad:N when all are equal again; a new batch size keeps the last count.
    setMask(p, MaskKind::Pad, 1);
    setPadOf(p, 0, 0);
    QCOMPARE(QString::fromStdString(maskName(p)), QString("pad:0,1,1"));
    p.batch = 4;
    normalize(p);
    QCOMPARE(QString::fromStdString(maskName(p)), QString("pad:0,1,1,1"));
    QVERIFY(!validate(p, defaultMemoryBudget()));
    for (int b : { 1, 2, 3 })
        setPadOf(p, b, 0);
    QCOMPARE(QString::fromStdString(maskName(p)), QString("pad:0"));
    QVERIFY(p.padPerBatch.empty());
    // The comparison of the fills: the same settings, -inf on the left and -1e9 on the right, whichever is set.
    for (const MaskFill fill : { MaskFill::NegInf, MaskFill::MinusBillion }) {
        p.maskFill = fill;
        int current = -1;
        const auto sides = comparisonSides(p, Comparison::MaskFill, 0, &current);
        QCOMPARE(sides[0].maskFill, MaskFill::NegInf);
        QCOMPARE(sides[1].maskFill, MaskFill::MinusBillion);
        QCOMPARE(current, fill == MaskFill::MinusBillion ? 1 : 0);
        Params same = sides[1];
        same.maskFill = MaskFill::NegInf;
        QVERIFY(same == sides[0]);
    }
    // A custom mask on a matrix too large to click through is refused, naming the mask.
    setMask(p, MaskKind::Custom);
    p.queryLength = p.keyLength = Limits::maxCustomMaskSide + 1;
    normalize(p);
    const auto e = validate(p, defaultMemoryBudget());
    QVERIFY(e && e->field == "mask");
}

// The heatmap's cells (and their blocks, shrunk) follow any pattern: masked cells have no value, and
// under -1e9 a fully masked row has its uniform weights.
void TestMasks::gridFollowsCustomMask()
{
    Params p;
    p.mode = Mode::Direct;
    p.queryLength = p.keyLength = 6;
    std::string error;
    QVERIFY(parseMask("custom:.x..x./xxxxxx/..x.../x....x/.xx.../......", p, &error));
    for (const MaskFill fill : { MaskFill::NegInf, MaskFill::MinusBillion }) {
        p.maskFill = fill;
        const Result r = compute(p);
        const HeatmapGrid full = heatmapGrid(r, 0, Quantity::Weights, 6, 6);
        for (int i = 0; i < 6; ++i)
            for (int j = 0; j < 6; ++j) {
                const bool hidden = maskedOut(p, 0, i, j);
                QCOMPARE(std::isnan(full.values(i, j)), hidden);
                if (!hidden)
                    QCOMPARE(full.values(i, j), r.attention.weights(0, i, j));
            }
        // Row 1 is fully masked: no values under -inf, 1/6 each under -1e9.
        QCOMPARE(std::isnan(full.values(1, 3)), fill == MaskFill::NegInf);
        if (fill == MaskFill::MinusBillion)
            QVERIFY(std::abs(full.values(1, 3) - 1.0f / 6) < 1e-7);
        const HeatmapGrid half = heatmapGrid(r, 0, Quantity::Weights, 3, 3); // 2 x 2 blocks
        for (int gy = 0; gy < 3; ++gy)
            for (int gx = 0; gx < 3; ++gx) {
                float best = std::numeric_limits<float>::quiet_NaN();
                for (int i = 2 * gy; i < 2 * gy + 2; ++i)
                    for (int j = 2 * gx; j < 2 * gx + 2; ++j)
                        if (!maskedOut(p, 0, i, j) && (std::isnan(best) || r.attention.weights(0, i, j) > best))
                            best = r.attention.weights(0, i, j);
                QCOMPARE(std::isnan(half.values(gy, gx)), std::isnan(best));
                if (!std::isnan(best))
                    QCOMPARE(half.values(gy, gx), best);
            }
        // The scores show every unmasked cell, the masked ones none, whatever the fill.
        const HeatmapGrid scores = heatmapGrid(r, 0, Quantity::Scores, 6, 6);
        for (int i = 0; i < 6; ++i)
            for (int j = 0; j < 6; ++j)
                QCOMPARE(std::isnan(scores.values(i, j)), isMasked(p, 0, i, j));
    }
}

QTEST_APPLESS_MAIN(TestMasks)
#include "tst_masks.moc"
