// SPDX-License-Identifier: GPL-3.0-or-later
// Multi-head attention against nn.MultiheadAttention in Debian's PyTorch (tests/reference/make_mha_fixtures.py): the
// module's weights and X bit for bit (the same generator, the same order of draws), every head's weights, their
// average and the output within 1e-6; masks through the module's own arguments (attn_mask, key_padding_mask).

#include "attention.h"
#include "fixtures.h"
#include "mha_settings.h"
#include "multihead.h"
#include "params_edit.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <cmath>

using namespace attn;

namespace {

QJsonArray cases()
{
    QFile f(QStringLiteral(ATTN_MHA_FIXTURES));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot open %s", ATTN_MHA_FIXTURES);
    return QJsonDocument::fromJson(f.readAll()).object().value("cases").toArray();
}

std::vector<float> values(const QJsonObject &c, const char *name)
{
    QJsonObject t;
    t.insert("f32", c.value(QLatin1String(name)));
    return fixtureValues(t);
}

MultiheadSettings settingsOf(const QJsonObject &c)
{
    MultiheadSettings s = mhaSettings(c.value("batch").toInt(), c.value("length").toInt(), c.value("d_model").toInt(),
        c.value("heads").toInt(), c.value("seed").toInt());
    const QString mask = c.value("mask").toString();
    s.mask = mask == "causal"     ? MultiheadMask::Causal
        : mask.startsWith("pad:") ? MultiheadMask::KeyPadding
                                  : MultiheadMask::None;
    if (s.mask == MultiheadMask::KeyPadding)
        s.padKeys = mask.mid(4).toInt();
    return s;
}

// The largest |ours − theirs| (INFINITY when the sizes differ), and whether they are the same bits.
std::pair<double, bool> compare(const Tensor3 &ours, const std::vector<float> &theirs)
{
    if (ours.data.size() != theirs.size())
        return { INFINITY, false };
    double worst = 0;
    bool exact = true;
    for (std::size_t i = 0; i < theirs.size(); ++i) {
        worst = std::max(worst, std::abs(double(ours.data[i]) - double(theirs[i])));
        exact = exact && floatBits(ours.data[i]) == floatBits(theirs[i]);
    }
    return { worst, exact };
}

} // namespace

class TestMultihead : public QObject
{
    Q_OBJECT

private slots:
    void agreesWithPyTorch_data();
    void agreesWithPyTorch();
    void refusesWhatPyTorchRefuses();
    void costOfHeadsIsThatOfOneFullHead();
    void windowHeadsAgreeWithTheModule();
    void windowHeadsFollowDModelAndRefuseABadOne();
    void forwardOnDrawnWeightsIsTheModule();
    void stagesHaveTheModulesShapes();
    void dividingByDModelFlattensEveryHead();
    void headsDrawnAgainAreTheSameSettings();
};

void TestMultihead::agreesWithPyTorch_data()
{
    QTest::addColumn<QJsonObject>("entry");
    for (const QJsonValue &c : cases()) {
        const QJsonObject o = c.toObject();
        QTest::newRow(qPrintable(QString("seed %1, h = %2, d_model = %3, %4")
                                     .arg(o.value("seed").toInt())
                                     .arg(o.value("heads").toInt())
                                     .arg(o.value("d_model").toInt())
                                     .arg(o.value("mask").toString())))
            << o;
    }
}

void TestMultihead::agreesWithPyTorch()
{
    QFETCH(QJsonObject, entry);
    const MultiheadSettings s = settingsOf(entry);
    QVERIFY(multiheadProblem(s).empty());
    const MultiheadResult r = computeMultihead(s);
    // The draws: bit for bit.
    for (const auto &[ours, name] : { std::pair { &r.inProjWeight, "in_proj_weight" },
             std::pair { &r.outProjWeight, "out_proj_weight" }, std::pair { &r.X, "X" } }) {
        const auto [worst, exact] = compare(*ours, values(entry, name));
        QVERIFY2(exact, qPrintable(QString("%1: differs by up to %2").arg(name).arg(worst)));
    }
    // The computation: within 1e-6.
    for (const auto &[ours, name] : { std::pair { &r.headWeights, "head_weights" },
             std::pair { &r.averageWeights, "average_weights" }, std::pair { &r.out, "out" } }) {
        const auto [worst, exact] = compare(*ours, values(entry, name));
        QVERIFY2(worst <= 1e-6, qPrintable(QString("%1: differs by up to %2").arg(name).arg(worst)));
    }
    // Masked keys get weight 0, and every head's rows sum to 1.
    const int L = s.length;
    for (int e = 0; e < s.batch * s.heads; ++e)
        for (int i = 0; i < L; ++i) {
            double sum = 0;
            for (int j = 0; j < L; ++j) {
                const float w = r.headWeights(e, i, j);
                sum += w;
                if ((s.mask == MultiheadMask::Causal && j > i)
                    || (s.mask == MultiheadMask::KeyPadding && j >= L - s.padKeys))
                    QCOMPARE(w, 0.0f);
            }
            QVERIFY(std::abs(sum - 1.0) < 1e-5);
        }
    QCOMPARE(r.headMeanEntropy.size(), std::size_t(s.batch * s.heads));
    for (double h : r.headMeanEntropy)
        QVERIFY(h >= 0 && h <= std::log(double(L)) + 1e-9);
}

void TestMultihead::refusesWhatPyTorchRefuses()
{
    MultiheadSettings s;
    s.dModel = 12;
    s.heads = 5;
    QCOMPARE(QString::fromStdString(multiheadProblem(s)),
        QString("d_model = 12 is not divisible by 5 heads (nn.MultiheadAttention needs d_model = h·d_k)"));
    s.heads = 4;
    QVERIFY(multiheadProblem(s).empty());
    s.mask = MultiheadMask::KeyPadding;
    s.padKeys = s.length;
    QVERIFY(multiheadProblem(s).find("NaN") != std::string::npos);
}

void TestMultihead::costOfHeadsIsThatOfOneFullHead()
{
    // The paper's §3.2.2 with the lecture's numbers: 8 heads of 64 against one head of 512 cost the same.
    const MultiheadCost eight = multiheadCost(1, 128, 512, 8), one = multiheadCost(1, 128, 512, 1);
    QCOMPARE(eight.total(), one.total());
    QCOMPARE(eight.scores, 128.0 * 128 * 512); // 8 heads × L² × 64
    QCOMPARE(eight.projections, 128.0 * 512 * 3 * 512);
    QCOMPARE(eight.outProjection, 128.0 * 512 * 512);
    // not in the total: one exponential per weight the module gives, h times one head's
    MultiheadSettings s = mhaSettings(2, 5, 16, 4);
    QCOMPARE(multiheadCost(2, 5, 16, 4).exponentials, double(computeMultihead(s).headWeights.data.size()));
    QCOMPARE(eight.exponentials, 8 * one.exponentials);
}

// The window's heads (multiheadParams through the one-head pipeline) against computeMultihead, which agrees with
// PyTorch: each head's weights within 1e-6, the output after W_O too.
void TestMultihead::windowHeadsAgreeWithTheModule()
{
    attn::MultiheadSettings s = mhaSettings(2, 7, 48, 4, 11);
    const attn::MultiheadResult module = attn::computeMultihead(s);
    const attn::Params p = attn::multiheadParams(attn::Params(), s);
    QVERIFY(!attn::validate(p, attn::defaultMemoryBudget()));
    QCOMPARE(p.batch, 8);
    QCOMPARE(p.dK, 12);
    const attn::Result r = attn::compute(p);
    QCOMPARE(r.attention.weights.data.size(), module.headWeights.data.size());
    double worst = 0;
    for (std::size_t i = 0; i < module.headWeights.data.size(); ++i)
        worst = std::max(worst, double(std::fabs(r.attention.weights.data[i] - module.headWeights.data[i])));
    QVERIFY2(worst < 1e-6, qPrintable(QString::number(worst)));
    const attn::Tensor3 out = attn::multiheadOutput(*attn::multiheadOf(p), r.attention.out);
    worst = 0;
    for (std::size_t i = 0; i < module.out.data.size(); ++i)
        worst = std::max(worst, double(std::fabs(out.data[i] - module.out.data[i])));
    QVERIFY2(worst < 1e-5, qPrintable(QString::number(worst)));
}

// multiheadForward (what the benchmark and the Heads window's Measure both time) recomputes everything from X and
// the weights: on draws whose Q, K, V were spoiled it gives computeMultihead's results bit for bit, with 2 heads
// per batch element shared between the threads (L = 64: above the one-thread limit) and with causal masking.
void TestMultihead::forwardOnDrawnWeightsIsTheModule()
{
    attn::MultiheadSettings s = mhaSettings(2, 64, 128, 8, 5);
    s.mask = attn::MultiheadMask::Causal;
    const attn::MultiheadResult module = attn::computeMultihead(s);
    attn::MultiheadResult r = attn::drawMultihead(s);
    QVERIFY(r.headWeights.data.empty());
    std::fill(r.Q.data.begin(), r.Q.data.end(), 0.0f);
    std::fill(r.V.data.begin(), r.V.data.end(), 1.0f);
    attn::multiheadForward(r);
    QVERIFY(r.headWeights.data == module.headWeights.data);
    QVERIFY(r.averageWeights.data == module.averageWeights.data);
    QVERIFY(r.out.data == module.out.data);
    QVERIFY(r.headMeanEntropy == module.headMeanEntropy);
    QCOMPARE(r.headWeights(0, 0, 1), 0.0f); // (causal: the first query sees only itself)
    QVERIFY(r.headMeanEntropy[3] > 0.5);
}

// The shapes the four-steps view writes (multiheadStages) are those of the module's own tensors.
void TestMultihead::stagesHaveTheModulesShapes()
{
    attn::MultiheadSettings s = mhaSettings(2, 5, 24, 3);
    const attn::MultiheadResult r = attn::computeMultihead(s);
    const auto dims = [](const attn::Tensor3 &t) { return std::vector<int> { t.batch, t.rows, t.cols }; };
    const std::vector<attn::MultiheadStage> st = attn::multiheadStages(s);
    QCOMPARE(st.size(), std::size_t(5));
    QVERIFY(st[0].shape == dims(r.X));
    QVERIFY(st[1].shape == dims(r.Q) && dims(r.K) == dims(r.V) && dims(r.V) == dims(r.Q));
    // the heads (B, h, L, d_k): B·h elements of (L, d_k), as headWeights holds (B·h, L, L)
    QCOMPARE(st[2].shape[0] * st[2].shape[1], r.headWeights.batch);
    QCOMPARE(st[2].shape[2], r.headWeights.rows);
    QCOMPARE(st[2].shape[3], r.headDim);
    QVERIFY(st[3].shape == dims(r.concat));
    QVERIFY(st[4].shape == dims(r.out));
}

// ÷√d_model instead of ÷√d_k (the heads window's multi-head mistake): with √d_k the module's own entropies, bit for
// bit; with the larger divisor every head's rows are flatter (a softmax's entropy falls as its logits grow), so each
// head's mean entropy is higher, and none passes ln L.
void TestMultihead::dividingByDModelFlattensEveryHead()
{
    attn::MultiheadSettings s = mhaSettings(2, 9, 64, 8, 2);
    const attn::MultiheadResult r = attn::computeMultihead(s);
    QVERIFY(attn::multiheadMeanEntropies(r, std::sqrt(8.0)) == r.headMeanEntropy);
    const std::vector<double> wrong = attn::multiheadMeanEntropies(r, 8.0);
    QCOMPARE(wrong.size(), std::size_t(16));
    for (std::size_t e = 0; e < wrong.size(); ++e) {
        QVERIFY2(wrong[e] > r.headMeanEntropy[e],
            qPrintable(QString("head %1: %2 against %3").arg(e).arg(wrong[e]).arg(r.headMeanEntropy[e])));
        QVERIFY(wrong[e] <= std::log(9.0) + 1e-9);
    }
}

// Heads drawn twice from the same settings are the same state (the lesson's step 9 opened by --lesson --step 9 hid
// its caption as "changed: other settings", the command line having drawn them again); another seed is not.
void TestMultihead::headsDrawnAgainAreTheSameSettings()
{
    attn::MultiheadSettings s;
    s.dModel = 16;
    s.heads = 4;
    const attn::Params a = attn::multiheadParams(attn::Params(), s), b = attn::multiheadParams(attn::Params(), s);
    QVERIFY(a.loaded != b.loaded); // (two draws)
    QVERIFY(a == b);
    QCOMPARE(attn::changedSettings(a, b), 0U);
    s.seed = 1;
    const attn::Params c = attn::multiheadParams(attn::Params(), s);
    QVERIFY(!(a == c));
    QVERIFY(attn::changedSettings(a, c) & attn::SettingLoaded);
}

void TestMultihead::windowHeadsFollowDModelAndRefuseABadOne()
{
    attn::MultiheadSettings s;
    s.dModel = 16;
    s.heads = 4;
    attn::Params p = attn::multiheadParams(attn::Params(), s);
    p.dModel = 32;
    attn::normalize(p);
    QVERIFY(attn::multiheadOf(p));
    QCOMPARE(attn::multiheadOf(p)->settings.dModel, 32);
    QCOMPARE(p.dK, 8);
    p.dModel = 30; // not divisible by 4 heads: not drawn, and refused by name
    attn::normalize(p);
    QCOMPARE(attn::multiheadOf(p)->settings.dModel, 32);
    const auto e = attn::validate(p, attn::defaultMemoryBudget());
    QVERIFY(e);
    QCOMPARE(QString::fromStdString(e->field), QStringLiteral("heads"));
    QVERIFY(QString::fromStdString(e->message).contains("not divisible by 4 heads"));
    const attn::Params one = attn::singleHeadParams(p);
    QVERIFY(!attn::multiheadOf(one));
    QCOMPARE(one.mode, attn::Mode::Projection);
}

QTEST_APPLESS_MAIN(TestMultihead)
#include "tst_multihead.moc"
