// SPDX-License-Identifier: GPL-3.0-or-later
// The one codec between the settings and JSON (io/params_codec.h), and the remembered settings that use it.
#include "io/params_codec.h"
#include "io/settings_store.h"
#include "json_dump.h"
#include "params_edit.h"
#include "params_keys.h"

#include <QFile>
#include <QJsonDocument>
#include <QSettings>
#include <QTemporaryDir>
#include <QtTest>

#include <sstream>

Q_DECLARE_METATYPE(attn::Params)

namespace {

QJsonObject object(const QByteArray &json)
{
    return QJsonDocument::fromJson(json).object();
}

} // namespace

class TestCodec : public QObject
{
    Q_OBJECT
private slots:
    void roundTrip_data();
    void roundTrip();
    void linksOfOlderFiles_data();
    void linksOfOlderFiles();
    void badFields_data();
    void badFields();
    void theDumpsFieldsAreTheCodecs();
    void settingsStoreNames();
    void oldSettingsIgnored();
};

void TestCodec::roundTrip_data()
{
    QTest::addColumn<attn::Params>("params");
    attn::Params p;
    QTest::newRow("defaults") << p;
    attn::Params dv = p;
    attn::setDv(dv, 4); // equal to d_k, but unlinked
    QTest::newRow("d_v unlinked at the same value") << dv;
    attn::Params cross = p;
    attn::setSeparateKeys(cross, true);
    attn::setKeyLength(cross, 9);
    QTest::newRow("cross-attention") << cross;
    attn::Params direct = p;
    attn::setMode(direct, attn::Mode::Direct);
    attn::setSeparateKeys(direct, true);
    attn::setMask(direct, attn::MaskKind::Pad, 2);
    direct.softmaxDim = -2;
    QTest::newRow("direct, own S, pad:2, dim -2") << direct;
    attn::Params custom = p;
    custom.scaling = attn::Scaling::Custom;
    custom.customScale = 0.3;
    custom.seed = 18446744073709551615ull; // above 2^53: written as a string
    QTest::newRow("custom scale, 64-bit seed") << custom;
    attn::Params tokens = p;
    attn::setQueryLength(tokens, 3);
    tokens.tokens = { "the", "cat", "the" };
    tokens.positions = true;
    QTest::newRow("tokens with positions") << tokens;
    attn::Params additive = p;
    additive.score = attn::Score::Additive;
    additive.additiveHidden = 5;
    QTest::newRow("additive, H = 5") << additive;
    attn::Params cells = p;
    attn::setQueryLength(cells, 3);
    attn::setMask(cells, attn::MaskKind::Causal);
    attn::setMask(cells, attn::MaskKind::Custom);
    attn::toggleMaskCell(cells, 2, 0);
    cells.maskFill = attn::MaskFill::MinusBillion;
    cells.maskConvention = attn::MaskConvention::Mha;
    QTest::newRow("custom mask, -1e9, MHA") << cells;
    attn::Params padded = p;
    padded.batch = 3;
    attn::setMask(padded, attn::MaskKind::Pad, 1);
    attn::setPadOf(padded, 1, 0);
    QTest::newRow("pad per batch element") << padded;
}

void TestCodec::roundTrip()
{
    QFETCH(attn::Params, params);
    const QJsonObject o = paramsToJson(params);
    QCOMPARE(paramsFromJson(o, "params."), params);
    // A custom mask is one readable string per query.
    if (params.mask == attn::MaskKind::Custom) {
        QCOMPARE(o.value("mask").toString(), QString("custom"));
        QCOMPARE(o.value("mask_cells").toArray(), QJsonArray({ ".xx", "..x", "x.." }));
    }
    // names, never enum numbers
    QVERIFY(o.value("mode").isString());
    QVERIFY(o.value("scaling").isString());
    QVERIFY(o.value("mask").isString());
}

void TestCodec::linksOfOlderFiles_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<bool>("dvFollows");
    QTest::addColumn<bool>("keysFollow");
    QTest::newRow("nothing given") << QByteArray("{}") << true << true;
    QTest::newRow("d_v absent") << QByteArray(R"({"d_k": 8})") << true << true;
    QTest::newRow("d_v equal") << QByteArray(R"({"d_k": 8, "d_v": 8})") << true << true;
    QTest::newRow("d_v different") << QByteArray(R"({"d_k": 8, "d_v": 16})") << false << true;
    QTest::newRow("S different") << QByteArray(R"({"len": 3, "keys": 6})") << true << false;
    QTest::newRow("cross with S = L") << QByteArray(R"({"len": 3, "keys": 3, "cross": true})") << true << false;
    QTest::newRow("explicit links off") << QByteArray(R"({"d_v_follows_d_k": false, "keys_follow_len": false})")
                                        << false << false;
}

void TestCodec::linksOfOlderFiles()
{
    QFETCH(QByteArray, json);
    const attn::Params p = paramsFromJson(object(json), "params.");
    QTEST(p.dvFollowsDk, "dvFollows");
    QTEST(p.keysFollowLength, "keysFollow");
}

void TestCodec::badFields_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("message");
    QTest::newRow("link contradicts values") << QByteArray(R"({"d_k": 8, "d_v": 16, "d_v_follows_d_k": true})")
                                             << "params.d_v: 16 differs from d_k = 8 while d_v_follows_d_k is true";
    QTest::newRow("keys link contradicts") << QByteArray(R"({"len": 3, "keys": 6, "keys_follow_len": true})")
                                           << "params.keys_follow_len: true, but S = 6 differs from L = 3";
    QTest::newRow("link not a bool") << QByteArray(R"({"d_v_follows_d_k": 1})")
                                     << "params.d_v_follows_d_k: expected true or false";
    QTest::newRow("mode") << QByteArray(R"({"mode": "sideways"})") << "params.mode: expected one of projection, direct";
    QTest::newRow("scaling") << QByteArray(R"({"scaling": 1})") << "params.scaling: expected a string";
    QTest::newRow("mask beyond keys") << QByteArray(R"({"keys": 4, "len": 4, "mask": "pad:9"})")
                                      << "params.mask: pad:N needs a number of keys N from 0 to 4";
    QTest::newRow("unknown field") << QByteArray(R"({"d_q": 4})") << "params.d_q: unknown field";
    QTest::newRow("score") << QByteArray(R"({"score": "bahdanau"})") << "params.score: expected one of dot, additive";
    QTest::newRow("additive hidden 0") << QByteArray(R"({"score": "additive", "additive_hidden": 0})")
                                       << "params.additive_hidden:";
}

void TestCodec::badFields()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, message);
    try {
        paramsFromJson(object(json), "params.");
        QFAIL("accepted");
    } catch (const CodecError &e) {
        QVERIFY2(e.message.startsWith(message), qPrintable(e.message));
    }
}

// --dump's "params" and a scenario's "params" name the settings alike (core/params_keys.h), with the same values:
// every field the codec writes is one the dump writes, spelled the same (but for the links and the mask's cells,
// which only files keep).
void TestCodec::theDumpsFieldsAreTheCodecs()
{
    attn::Params p;
    attn::setMode(p, attn::Mode::Projection);
    p.scaling = attn::Scaling::QuarterEach;
    p.init = attn::Init::Linear;
    p.sigma = 2.0;
    p.maskFill = attn::MaskFill::MinusBillion;
    p.maskConvention = attn::MaskConvention::Mha;
    p.tokens = { "a", "b", "a", "c", "d" };
    p.positions = true;
    attn::setMask(p, attn::MaskKind::Causal);
    std::ostringstream dump;
    attn::writeJson(dump, attn::compute(p));
    const QJsonObject dumped = object(QByteArray::fromStdString(dump.str()))["params"].toObject();
    const QJsonObject coded = paramsToJson(p);
    QStringList known;
    for (const char *k : attn::key::scenarioKeys)
        known << k;
    for (const QString &k : dumped.keys())
        QVERIFY2(known.contains(k) || k == attn::key::loaded || k == attn::key::vGiven, qPrintable(k));
    for (const QString &k : coded.keys()) {
        QVERIFY2(known.contains(k), qPrintable(k));
        if (k == attn::key::dvFollowsDk || k == attn::key::keysFollowLen || k == attn::key::maskCells)
            continue;
        QVERIFY2(dumped.contains(k), qPrintable(k));
        QCOMPARE(dumped[k], coded[k]);
    }
    QVERIFY(coded.size() >= 20);
}

void TestCodec::settingsStoreNames()
{
    QTemporaryDir dir;
    const QString path = dir.filePath("settings.ini");
    attn::Params p;
    attn::setDk(p, 64);
    attn::setDv(p, 16);
    p.scaling = attn::Scaling::None;
    attn::setMask(p, attn::MaskKind::Causal);
    DisplayOptions d;
    d.quantity = attn::Quantity::Logits;
    d.colorMap = "coolwarm";
    {
        QSettings s(path, QSettings::IniFormat);
        storeSettings(s, p, d);
    }
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray text = f.readAll();
    for (const char *name :
        { "\\\"scaling\\\":\\\"none\\\"", "\\\"mask\\\":\\\"causal\\\"", "\\\"show\\\":\\\"logits\\\"" })
        QVERIFY2(text.contains(name), text.constData());
    QSettings s(path, QSettings::IniFormat);
    attn::Params back;
    DisplayOptions backDisplay;
    QVERIFY(loadSettings(s, &back, &backDisplay));
    QCOMPARE(back, p);
    QVERIFY(backDisplay == d);
}

void TestCodec::oldSettingsIgnored()
{
    QTemporaryDir dir;
    const QString path = dir.filePath("old.ini");
    {
        // as the first version wrote them: enum numbers in a group
        QSettings s(path, QSettings::IniFormat);
        s.setValue("params/mode", "direct");
        s.setValue("params/scaling", 1);
        s.setValue("params/d_k", 64);
    }
    QSettings s(path, QSettings::IniFormat);
    attn::Params p;
    attn::setDk(p, 8);
    const attn::Params before = p;
    DisplayOptions d;
    QVERIFY(!loadSettings(s, &p, &d));
    QCOMPARE(p, before); // untouched: the program starts with its defaults
    // a broken "state" is ignored too
    s.setValue("state", "{\"params\": {\"d_k\": 0}}");
    QVERIFY(!loadSettings(s, &p, &d));
    QCOMPARE(p, before);
}

QTEST_APPLESS_MAIN(TestCodec)
#include "tst_codec.moc"
