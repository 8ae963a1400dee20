// SPDX-License-Identifier: GPL-3.0-or-later
// The editing rules (core/params_edit.h): each edit function and normalize, and the comparison's sides.
#include "loaded.h"
#include "mistakes.h"
#include "params_edit.h"
#include "training.h"

#include <QtTest>

#include <random>
#include <set>

using attn::Params;

namespace {

// A starting state by name, so rows can say where they start.
Params start(const QString &name)
{
    Params p; // L = S = 5, d_k = d_v = 4, both links on
    if (name == "dv-unlinked")
        attn::setDv(p, 4); // the same value, but given on its own
    else if (name == "keys-unlinked")
        attn::setKeyLength(p, 5);
    else if (name == "cross")
        attn::setSeparateKeys(p, true);
    else if (name == "direct-own-keys") {
        attn::setMode(p, attn::Mode::Direct);
        attn::setSeparateKeys(p, true);
    } else if (name == "pad-4") {
        attn::setMask(p, attn::MaskKind::Pad, 4);
    } else if (name == "tokens") {
        p.tokens = { "a", "b", "a", "c", "d" };
        p.positions = true;
    } else if (name == "batch-3-shows-2") {
        p.batch = 3;
        p.batchIndex = 2;
    }
    return p;
}

// An edit by name, with one argument.
void edit(Params &p, const QString &what, int v)
{
    if (what == "setDk")
        attn::setDk(p, v);
    else if (what == "setDv")
        attn::setDv(p, v);
    else if (what == "linkDv")
        attn::setDvFollowsDk(p, v != 0);
    else if (what == "setL")
        attn::setQueryLength(p, v);
    else if (what == "setS")
        attn::setKeyLength(p, v);
    else if (what == "separateKeys")
        attn::setSeparateKeys(p, v != 0);
    else if (what == "direct")
        attn::setMode(p, attn::Mode::Direct);
    else if (what == "doubleDk")
        attn::doubleDk(p);
    else if (what == "halveDk")
        attn::halveDk(p);
    else if (what == "stepL")
        attn::stepQueryLength(p, v);
    else if (what == "sweepDk")
        attn::sweepDk(p);
    else if (what == "sweepLength")
        attn::sweepLength(p);
    else if (what == "batch") {
        p.batch = v;
        attn::normalize(p);
    } else
        QFAIL(qPrintable("unknown edit " + what));
}

} // namespace

class TestParamsEdit : public QObject
{
    Q_OBJECT
private slots:
    void edits_data();
    void edits();
    void masks_data();
    void masks();
    void togglesAreInvolutions();
    void changedSettingsNameWhatDiffers();
    void changedSettingsIsZeroExactlyWhenEqual();
    void comparisonSides_data();
    void comparisonSides();
    void namesAreOneTableEach();
    void theComparedDk();
    void loadedDataThroughItsEdit();
};

void TestParamsEdit::edits_data()
{
    QTest::addColumn<QString>("from");
    QTest::addColumn<QString>("what");
    QTest::addColumn<int>("value");
    QTest::addColumn<int>("dK");
    QTest::addColumn<int>("dV");
    QTest::addColumn<int>("L");
    QTest::addColumn<int>("S");
    QTest::addColumn<bool>("cross");
    QTest::addColumn<int>("tokens");

    QTest::newRow("d_v follows d_k") << "default"
                                     << "setDk" << 64 << 64 << 64 << 5 << 5 << false << 0;
    QTest::newRow("unlinked d_v stays, even when equal") << "dv-unlinked"
                                                         << "setDk" << 64 << 64 << 4 << 5 << 5 << false << 0;
    QTest::newRow("Up with d_v unlinked") << "dv-unlinked"
                                          << "doubleDk" << 0 << 8 << 4 << 5 << 5 << false << 0;
    QTest::newRow("Up with d_v linked") << "default"
                                        << "doubleDk" << 0 << 8 << 8 << 5 << 5 << false << 0;
    QTest::newRow("giving d_v unlinks it") << "default"
                                           << "setDv" << 16 << 4 << 16 << 5 << 5 << false << 0;
    QTest::newRow("linking d_v again copies d_k") << "dv-unlinked"
                                                  << "linkDv" << 1 << 4 << 4 << 5 << 5 << false << 0;
    QTest::newRow("Up stops at 1024") << "default"
                                      << "setDk" << 1024 << 1024 << 1024 << 5 << 5 << false << 0;
    QTest::newRow("Down stops at 1") << "default"
                                     << "halveDk" << 0 << 2 << 2 << 5 << 5 << false << 0;
    QTest::newRow("S follows L") << "default"
                                 << "setL" << 9 << 4 << 4 << 9 << 9 << false << 0;
    QTest::newRow("unlinked S stays (projection: S != L is cross-attention)")
        << "keys-unlinked"
        << "setL" << 9 << 4 << 4 << 9 << 5 << true << 0;
    QTest::newRow("cross-attention keeps S") << "cross"
                                             << "setL" << 9 << 4 << 4 << 9 << 5 << true << 0;
    QTest::newRow("giving S unlinks it") << "default"
                                         << "setS" << 7 << 4 << 4 << 5 << 7 << true << 0;
    QTest::newRow("self-attention again: S = L") << "cross"
                                                 << "separateKeys" << 0 << 4 << 4 << 5 << 5 << false << 0;
    QTest::newRow("direct mode has no second sequence") << "cross"
                                                        << "direct" << 0 << 4 << 4 << 5 << 5 << false << 0;
    QTest::newRow("direct mode, own S") << "direct-own-keys"
                                        << "setL" << 2 << 4 << 4 << 2 << 5 << false << 0;
    QTest::newRow("Right adds a query and a key") << "default"
                                                  << "stepL" << 1 << 4 << 4 << 6 << 6 << false << 0;
    QTest::newRow("Left stops at 1") << "default"
                                     << "stepL" << -10 << 4 << 4 << 1 << 1 << false << 0;
    QTest::newRow("Right stops at 4096") << "default"
                                         << "stepL" << 5000 << 4 << 4 << 4096 << 4096 << false << 0;
    QTest::newRow("sweep doubles d_k") << "default"
                                       << "sweepDk" << 0 << 8 << 8 << 5 << 5 << false << 0;
    QTest::newRow("sweep doubles L") << "default"
                                     << "sweepLength" << 0 << 4 << 4 << 10 << 10 << false << 0;
    QTest::newRow("tokens stay while lengths match") << "tokens"
                                                     << "setDk" << 8 << 8 << 8 << 5 << 5 << false << 5;
    QTest::newRow("tokens go when L changes") << "tokens"
                                              << "setL" << 6 << 4 << 4 << 6 << 6 << false << 0;
}

void TestParamsEdit::edits()
{
    QFETCH(QString, from);
    QFETCH(QString, what);
    QFETCH(int, value);
    Params p = start(from);
    edit(p, what, value);
    QTEST(p.dK, "dK");
    QTEST(p.dV, "dV");
    QTEST(p.queryLength, "L");
    QTEST(p.keyLength, "S");
    QTEST(p.isCross(), "cross");
    QTEST(int(p.tokens.size()), "tokens");
    if (p.tokens.empty())
        QVERIFY(!p.positions); // position encodings need words
    // normalize is idempotent: an edited state is already normal
    Params again = p;
    attn::normalize(again);
    QCOMPARE(again, p);
}

void TestParamsEdit::masks_data()
{
    QTest::addColumn<QString>("from");
    QTest::addColumn<int>("S");
    QTest::addColumn<QString>("after"); // maskName after M, or after S keys when S > 0

    QTest::newRow("M: none to causal") << "default" << 0 << "causal";
    QTest::newRow("pad clamped to fewer keys") << "pad-4" << 2 << "pad:2";
    QTest::newRow("pad kept with more keys") << "pad-4" << 9 << "pad:4";
}

void TestParamsEdit::masks()
{
    QFETCH(QString, from);
    QFETCH(int, S);
    Params p = start(from);
    if (S > 0) {
        attn::setSeparateKeys(p, true);
        attn::setKeyLength(p, S);
    } else {
        attn::nextMask(p);
    }
    QTEST(QString::fromStdString(attn::maskName(p)), "after");
    // M cycles none -> causal -> pad:S/4 -> none
    Params q;
    attn::setQueryLength(q, 8);
    QStringList seen;
    for (int i = 0; i < 3; ++i) {
        attn::nextMask(q);
        seen << QString::fromStdString(attn::maskName(q));
    }
    QCOMPARE(seen, QStringList({ "causal", "pad:2", "none" }));
    // with one key there is nothing to pad: causal goes back to none
    Params one;
    attn::setQueryLength(one, 1);
    attn::nextMask(one);
    attn::nextMask(one);
    QCOMPARE(QString::fromStdString(attn::maskName(one)), QString("none"));
}

void TestParamsEdit::togglesAreInvolutions()
{
    Params p;
    attn::toggleScaling(p);
    QCOMPARE(p.scaling, attn::Scaling::None);
    attn::toggleScaling(p);
    QCOMPARE(p.scaling, attn::Scaling::InvSqrtDk);
    p.scaling = attn::Scaling::Custom;
    attn::toggleScaling(p);
    QCOMPARE(p.scaling, attn::Scaling::None); // a custom factor counts as scaled
    attn::toggleSoftmaxDim(p);
    QCOMPARE(p.softmaxDim, -2);
    attn::toggleSoftmaxDim(p);
    QCOMPARE(p.softmaxDim, -1);
    Params b = start("batch-3-shows-2");
    edit(b, "batch", 2);
    QCOMPARE(b.batchIndex, 1); // the element shown still exists
}

// What undo merges by (a slider's drag changes one setting, or d_k with the d_v linked to it).
void TestParamsEdit::changedSettingsNameWhatDiffers()
{
    const Params p;
    Params q = p;
    QCOMPARE(attn::changedSettings(p, q), 0U);
    attn::setDk(q, 16); // d_v follows
    QCOMPARE(attn::changedSettings(p, q), unsigned(attn::SettingDk | attn::SettingDv));
    q = p;
    attn::setKeyLength(q, 7); // unlinks S from L
    QCOMPARE(attn::changedSettings(p, q), unsigned(attn::SettingKeyLength | attn::SettingLinks));
    q = p;
    attn::toggleSoftmaxDim(q);
    QCOMPARE(attn::changedSettings(p, q), unsigned(attn::SettingSoftmaxDim));
    q = p;
    attn::setMask(q, attn::MaskKind::Pad, 2);
    QCOMPARE(attn::changedSettings(p, q), unsigned(attn::SettingMask));
    Params r = q;
    attn::setPadOf(r, 0, 3); // another count under the same kind of mask
    QCOMPARE(attn::changedSettings(q, r), unsigned(attn::SettingMask));
    q = p;
    q.customScale = 0.25; // not in effect while the rule is 1/sqrt(d_k), as operator== has it
    QCOMPARE(attn::changedSettings(p, q), 0U);
    q.scaling = attn::Scaling::Custom;
    QCOMPARE(attn::changedSettings(p, q), unsigned(attn::SettingScaling));
    q = p;
    q.seed = 7;
    q.sigma = 2.0;
    QCOMPARE(attn::changedSettings(p, q), unsigned(attn::SettingSeed | attn::SettingSigma));
}

// Over a few hundred random edits: no bit exactly when operator== says equal, so undo never drops a change.
void TestParamsEdit::changedSettingsIsZeroExactlyWhenEqual()
{
    std::mt19937 rng(5);
    const QStringList edits = { "setDk", "setDv", "linkDv", "setL", "setS", "separateKeys", "direct", "doubleDk",
        "halveDk", "stepL", "batch" };
    Params p;
    int equal = 0, differ = 0;
    for (int i = 0; i < 400; ++i) {
        Params q = p;
        const QString what = edits[int(rng() % unsigned(edits.size()))];
        const int v = 1 + int(rng() % 6);
        if (rng() % 5 == 0)
            attn::toggleScaling(q);
        else if (rng() % 7 == 0)
            attn::nextMask(q);
        else
            edit(q, what, what == "stepL" ? v - 3 : v);
        const unsigned changed = attn::changedSettings(p, q);
        QVERIFY2((changed == 0) == (p == q), qPrintable(QStringLiteral("edit %1 %2").arg(what).arg(v)));
        QCOMPARE(attn::changedSettings(q, p), changed);
        (changed == 0 ? equal : differ)++;
        p = q;
    }
    QVERIFY(equal > 10 && differ > 100); // both cases were seen
}

void TestParamsEdit::comparisonSides_data()
{
    QTest::addColumn<int>("kind");
    QTest::addColumn<int>("scaling"); // of the current settings
    QTest::addColumn<int>("dim");
    QTest::addColumn<int>("leftScaling");
    QTest::addColumn<int>("rightScaling");
    QTest::addColumn<int>("leftDim");
    QTest::addColumn<int>("rightDim");
    QTest::addColumn<int>("currentSide");
    const int inv = int(attn::Scaling::InvSqrtDk), none = int(attn::Scaling::None), custom = int(attn::Scaling::Custom);
    const int scaling = int(attn::Comparison::Scaling), dim = int(attn::Comparison::SoftmaxDim);
    QTest::newRow("scaling, now scaled") << scaling << inv << -1 << inv << none << -1 << -1 << 0;
    QTest::newRow("scaling, now not scaled") << scaling << none << -1 << inv << none << -1 << -1 << 1;
    QTest::newRow("scaling, custom factor") << scaling << custom << -1 << custom << none << -1 << -1 << 0;
    QTest::newRow("softmax dim, now -1") << dim << inv << -1 << inv << inv << -1 << -2 << 0;
    QTest::newRow("softmax dim, now -2") << dim << none << -2 << none << none << -1 << -2 << 1;
}

void TestParamsEdit::comparisonSides()
{
    QFETCH(int, kind);
    QFETCH(int, scaling);
    QFETCH(int, dim);
    Params p;
    p.scaling = attn::Scaling(scaling);
    p.softmaxDim = dim;
    int side = -1;
    const auto sides = attn::comparisonSides(p, attn::Comparison(kind), 256, &side);
    QTEST(int(sides[0].scaling), "leftScaling");
    QTEST(int(sides[1].scaling), "rightScaling");
    QTEST(sides[0].softmaxDim, "leftDim");
    QTEST(sides[1].softmaxDim, "rightDim");
    QTEST(side, "currentSide");
    QCOMPARE(sides[std::size_t(side)], p); // the current settings are one of the sides, unchanged

    // another d_k: the right side has it, and d_v follows it only when linked
    const auto dk = attn::comparisonSides(start("dv-unlinked"), attn::Comparison::Dk, 64);
    QCOMPARE(dk[1].dK, 64);
    QCOMPARE(dk[1].dV, 4);
    QCOMPARE(attn::comparisonSides(Params(), attn::Comparison::Dk, 64)[1].dV, 64);
}

namespace {

// Every value of E in the table once, every name once, and each name read back as its value.
template <typename E, std::size_t N> bool oneTable(const attn::Named<E> (&table)[N], int values, QString *why)
{
    std::set<int> seen;
    std::set<std::string> names;
    for (const attn::Named<E> &n : table) {
        seen.insert(int(n.value));
        names.insert(n.name);
        if (attn::parseIn(table, n.name) != n.value || attn::nameIn(table, n.value) != n.name) {
            *why = QString("'%1' does not read back").arg(n.name);
            return false;
        }
    }
    if (int(seen.size()) != values || names.size() != N) {
        *why = QString("%1 values and %2 names for %3 entries, %4 values in the enum")
                   .arg(seen.size())
                   .arg(names.size())
                   .arg(N)
                   .arg(values);
        return false;
    }
    return !attn::parseIn(table, "no such name");
}

} // namespace

// The names every file, dump and option spells a setting with are one table per enum (core/names.h): each value once,
// each name once, both ways.
void TestParamsEdit::namesAreOneTableEach()
{
    QString why;
    QVERIFY2(oneTable(attn::kModeNames, 2, &why), qPrintable(why));
    QVERIFY2(oneTable(attn::kScalingNames, 6, &why), qPrintable(why));
    QVERIFY2(oneTable(attn::kScalingOptions, 5, &why), qPrintable(why)); // (a custom factor is --scale F)
    QVERIFY2(oneTable(attn::kScoreNames, 2, &why), qPrintable(why));
    QVERIFY2(oneTable(attn::kInitNames, 3, &why), qPrintable(why));
    QVERIFY2(oneTable(attn::kMaskFillNames, 2, &why), qPrintable(why));
    QVERIFY2(oneTable(attn::kMaskConventionNames, 2, &why), qPrintable(why));
    QVERIFY2(oneTable(attn::kOptimizerNames, 2, &why), qPrintable(why));
    QVERIFY2(oneTable(attn::kTrainInitNames, 2, &why), qPrintable(why));
    QVERIFY2(oneTable(attn::kMistakeNames, int(attn::allMistakes().size()), &why), qPrintable(why));
    QCOMPARE(attn::scalingName(attn::Scaling::QuarterEach), std::string("quarter_each"));
    QCOMPARE(attn::scalingOption(attn::Scaling::Custom), std::string("custom"));
    QCOMPARE(attn::parseScalingOption("custom"), std::nullopt);
}

// The other d_k of a d_k comparison when none is given: 16 times d_k, at most 1024 (the demo's largest).
void TestParamsEdit::theComparedDk()
{
    QCOMPARE(attn::comparisonDk(4), 64);
    QCOMPARE(attn::comparisonDk(16), 256);
    QCOMPARE(attn::comparisonDk(64), 1024);
    QCOMPARE(attn::comparisonDk(512), attn::kDemoMaxDk);
}

// Loaded Q, K, V fix the sizes and make the source direct; a padding mask is fitted to the files' keys.
void TestParamsEdit::loadedDataThroughItsEdit()
{
    auto in = std::make_shared<attn::LoadedInputs>();
    in->Q = attn::Tensor3(2, 3, 4);
    in->K = attn::Tensor3(2, 6, 4);
    in->V = attn::Tensor3(2, 6, 5);
    Params p = start("pad-4");
    p.tokens = { "a", "b", "c", "d", "e" };
    attn::setLoaded(p, in);
    QCOMPARE(p.mode, attn::Mode::Direct);
    QVERIFY(p.loaded == in);
    QCOMPARE(p.batch, 2);
    QCOMPARE(p.queryLength, 3);
    QCOMPARE(p.keyLength, 6);
    QCOMPARE(p.dK, 4);
    QCOMPARE(p.dV, 5);
    QVERIFY(p.tokens.empty()); // (the files have none)
    QCOMPARE(p.padCount, 4);
    attn::setMode(p, attn::Mode::Projection); // another source: back to the draws, at the loaded sizes
    QVERIFY(!p.loaded);
    QCOMPARE(p.keyLength, 6);
}

QTEST_APPLESS_MAIN(TestParamsEdit)
#include "tst_params_edit.moc"
