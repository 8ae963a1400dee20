// SPDX-License-Identifier: GPL-3.0-or-later
// "Copy as PyTorch code" (--print-pytorch): the script core writes for a state, run in Debian's PyTorch
// (/usr/bin/python3), gives the weights and the output compute() gives, for every way the settings change the
// code: both modes, the three initialisations, sigma, cross-attention, tokens with position encodings, every
// scaling rule, additive scores, every mask (per element, custom, a fully masked row) with both fills, softmax
// over queries, a 64-bit seed, and Q, K (V) loaded from .npy files and from a CSV. The scripts run in one
// Python process (PyTorch is imported once), each in its own namespace.

#include "attention.h"
#include "loaded.h"
#include "mha_settings.h"
#include "multihead.h"
#include "params_edit.h"
#include "pytorch_code.h"
#include "sdpa.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using attn::Params;

namespace {

std::shared_ptr<const attn::LoadedInputs> loadNpy(const QStringList &names, std::string *error)
{
    std::vector<attn::LoadedArray> arrays;
    std::vector<std::string> paths;
    for (const QString &name : names) {
        const QString path = QStringLiteral(ATTN_ARRAY_FIXTURES "/") + name;
        QFile f(path);
        if (!f.open(QIODevice::ReadOnly)) {
            *error = "cannot open " + path.toStdString();
            return nullptr;
        }
        const QByteArray bytes = f.readAll();
        const bool csv = name.endsWith(".csv");
        auto a = csv ? attn::readCsv(bytes.constData(), std::size_t(bytes.size()), error)
                     : attn::readNpy(bytes.constData(), std::size_t(bytes.size()), error);
        if (!a)
            return nullptr;
        arrays.push_back(std::move(*a));
        paths.push_back(path.toStdString());
    }
    return attn::makeLoadedInputs(
        arrays[0], arrays[1], arrays.size() > 2 ? &arrays[2] : nullptr, "fixtures", error, {}, paths);
}

struct Case
{
    const char *name;
    Params p;
};

} // namespace

class TestPytorchCode : public QObject
{
    Q_OBJECT

private slots:
    void scriptsGiveTheWeightsInPyTorch();
    void commandLineQuotesForTheShell();
    void aComparisonPrintsBothSides();
};

void TestPytorchCode::scriptsGiveTheWeightsInPyTorch()
{
    std::vector<Case> cases;
    cases.push_back({ "defaults (the lecture's projection)", Params() });
    {
        Params p; // block 3
        p.mode = attn::Mode::Direct;
        p.batch = 2;
        p.seed = 1;
        cases.push_back({ "the lecture's block 3", p });
    }
    {
        Params p;
        p.mode = attn::Mode::Direct;
        p.batch = 2;
        p.sigma = 0.5;
        p.mask = attn::MaskKind::Pad;
        p.padPerBatch = { 1, 5 }; // element 1 fully padded: NaN in PyTorch, 0 here
        p.batchIndex = 1;
        cases.push_back({ "direct, sigma, padding per element", p });
    }
    {
        Params p;
        p.init = attn::Init::Scaled;
        p.keysFollowLength = false;
        attn::setKeyLength(p, 7); // cross-attention: Y drawn
        p.scaling = attn::Scaling::None;
        cases.push_back({ "scaled init, cross-attention, not scaled", p });
    }
    {
        Params p;
        p.init = attn::Init::Linear;
        p.tokens = { "the", "cat", "sat", "on", "the", "mat" };
        p.positions = true;
        attn::normalize(p);
        p.mask = attn::MaskKind::Causal;
        p.dModel = 16;
        cases.push_back({ "nn.Linear init, tokens with positions, causal", p });
    }
    {
        Params p;
        p.mode = attn::Mode::Direct;
        p.score = attn::Score::Additive;
        p.additiveHidden = 6;
        p.mask = attn::MaskKind::Causal;
        p.maskFill = attn::MaskFill::MinusBillion;
        p.softmaxDim = -2;
        cases.push_back({ "additive, causal with -1e9, over queries", p });
    }
    {
        Params p;
        p.queryLength = p.keyLength = 4;
        p.mask = attn::MaskKind::Custom;
        p.customCols = 4;
        p.customMask = { 0, 1, 1, 0, /**/ 1, 1, 1, 1, /**/ 0, 0, 0, 0, /**/ 1, 0, 1, 0 }; // row 1 fully masked
        cases.push_back({ "custom mask with a fully masked row", p });
    }
    {
        Params p;
        p.queryLength = p.keyLength = 4;
        p.mask = attn::MaskKind::Custom;
        p.customCols = 4;
        p.customMask = { 0, 1, 1, 0, /**/ 1, 1, 1, 1, /**/ 0, 0, 0, 0, /**/ 1, 0, 1, 0 };
        p.maskFill = attn::MaskFill::MinusBillion; // the fully masked row is uniform, in PyTorch too
        cases.push_back({ "custom mask, -1e9", p });
    }
    {
        Params p;
        attn::setDk(p, 16);
        p.scaling = attn::Scaling::QuarterEach;
        cases.push_back({ "d_k^-1/4 on q and k", p });
    }
    for (const attn::Scaling s : { attn::Scaling::InvDk, attn::Scaling::InvSqrtDModel, attn::Scaling::Custom }) {
        Params p;
        p.scaling = s;
        p.customScale = 0.3;
        p.seed = 42;
        cases.push_back({ "another scaling", p });
    }
    {
        Params p;
        p.seed = 9223372036854775813ull; // above 2^63
        p.dModel = 12;
        p.batch = 3;
        p.batchIndex = 2;
        cases.push_back({ "a 64-bit seed", p });
    }
    for (const attn::MaskKind mask : { attn::MaskKind::None, attn::MaskKind::Causal }) {
        attn::MultiheadSettings s = mhaSettings(2, 5, 16, 4, 3);
        Params p = attn::multiheadParams(Params(), s);
        p.mask = mask;
        p.batchIndex = 5; // batch 1, head 1
        cases.push_back({ mask == attn::MaskKind::None ? "nn.MultiheadAttention's heads"
                                                       : "nn.MultiheadAttention's heads, causal (attn_mask)",
            p });
    }
    std::string error;
    for (const auto &[files, label] : std::vector<std::pair<QStringList, const char *>> {
             { { "torch_q.npy", "torch_k.npy", "torch_v.npy" }, "q, k, v from .npy" },
             { { "shape_L_d.npy", "plain.csv" }, "q from .npy, k from a CSV: written out" },
             { { "shape_B_H_L_d.npy", "shape_B_H_L_d.npy" }, "heads" } }) {
        Params p;
        p.mode = attn::Mode::Direct;
        p.loaded = loadNpy(files, &error);
        QVERIFY2(p.loaded, error.c_str());
        attn::normalize(p);
        p.mask = attn::MaskKind::Causal;
        cases.push_back({ label, p });
    }
    {
        Params p = cases.back().p;
        p.score = attn::Score::Additive;
        p.seed = 7;
        cases.push_back({ "loaded heads, additive (W_1, W_2, v drawn)", p });
    }

    // Every script into a file; one driver runs them, each in a fresh namespace, and prints their tensors.
    QTemporaryDir dir;
    QStringList scripts;
    for (std::size_t k = 0; k < cases.size(); ++k) {
        const QString path = dir.filePath(QStringLiteral("case%1.py").arg(k));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray::fromStdString(attn::pytorchScript(cases[k].p)));
        f.close();
        scripts << QStringLiteral("\"%1\"").arg(path);
    }
    const QString driver
        = QStringLiteral("import contextlib, io, json, sys\n"
                         "results = []\n"
                         "for path in [%1]:\n"
                         "    space = {'__name__': '__main__'}\n"
                         "    printed = io.StringIO()\n"
                         "    with contextlib.redirect_stdout(printed):\n"
                         "        exec(compile(open(path).read(), path, 'exec'), space)\n"
                         "    results.append({'weights': space['weights'].tolist(), 'out': space['out'].tolist(),\n"
                         "                    'official': space['official'].nan_to_num(-7.0).tolist()\n"
                         "                        if 'official' in space else None,\n"
                         "                    'printed': printed.getvalue()})\n"
                         "print(json.dumps(results))\n")
              .arg(scripts.join(", "));
    QProcess python;
    python.start(QStringLiteral("/usr/bin/python3"), { QStringLiteral("-c"), driver });
    QVERIFY2(python.waitForFinished(180000), "python3 did not finish");
    const QByteArray err = python.readAllStandardError();
    QVERIFY2(python.exitStatus() == QProcess::NormalExit && python.exitCode() == 0,
        qPrintable(QStringLiteral("the scripts failed in /usr/bin/python3 (Debian: python3-torch): %1")
                       .arg(QString::fromUtf8(err))));
    const QJsonArray results = QJsonDocument::fromJson(python.readAllStandardOutput()).array();
    QCOMPARE(results.size(), int(cases.size()));
    for (std::size_t k = 0; k < cases.size(); ++k) {
        const Params &p = cases[k].p;
        const attn::Result r = attn::compute(p);
        const QJsonObject o = results[int(k)].toObject();
        const QJsonArray w = o.value("weights").toArray(), out = o.value("out").toArray();
        QCOMPARE(w.size(), p.batch);
        double worst = 0.0, worstOut = 0.0;
        for (int b = 0; b < p.batch; ++b)
            for (int i = 0; i < p.queryLength; ++i) {
                for (int j = 0; j < p.keyLength; ++j) {
                    const double theirs = w[b].toArray()[i].toArray()[j].toDouble();
                    worst = std::max(worst, std::abs(theirs - double(r.attention.weights(b, i, j))));
                }
                for (int c = 0; c < p.dV; ++c) {
                    const double theirs = out[b].toArray()[i].toArray()[c].toDouble();
                    worstOut = std::max(worstOut, std::abs(theirs - double(r.attention.out(b, i, c))));
                }
            }
        QVERIFY2(worst < 2e-6 && worstOut < 2e-5,
            qPrintable(QStringLiteral("%1: weights differ by %2, out by %3\n%4")
                           .arg(cases[k].name)
                           .arg(worst)
                           .arg(worstOut)
                           .arg(QString::fromStdString(attn::pytorchScript(p)))));
        // it prints the element shown: its first weight, to the 4 decimals PyTorch prints (0 is printed as "0.")
        const QString printed = o.value("printed").toString();
        QVERIFY2(printed.startsWith("tensor([["), qPrintable(printed));
        // Block 3's official line, for dot products: the out core's SDPA check gives (NaN rows written as -7).
        QCOMPARE(o.value("official").isArray(), p.score == attn::Score::Dot);
        if (p.score == attn::Score::Dot) {
            const attn::SdpaCheck sdpa = attn::checkAgainstSdpa(r);
            const QJsonArray official = o.value("official").toArray();
            double worstOfficial = 0.0;
            for (int b = 0; b < p.batch; ++b)
                for (int i = 0; i < p.queryLength; ++i)
                    for (int c = 0; c < p.dV; ++c) {
                        const double theirs = official[b].toArray()[i].toArray()[c].toDouble();
                        const double ours = std::isnan(sdpa.officialOut(b, i, c)) ? -7.0 : sdpa.officialOut(b, i, c);
                        worstOfficial = std::max(worstOfficial, std::abs(theirs - ours));
                    }
            QVERIFY2(worstOfficial < 2e-6,
                qPrintable(QStringLiteral("%1: official out differs by %2").arg(cases[k].name).arg(worstOfficial)));
            QVERIFY2(printed.contains(QStringLiteral("allclose = %1").arg(sdpa.allclose ? "True" : "False")),
                qPrintable(printed));
        }
        // nn.MultiheadAttention's heads: the script checks them against the module itself, in PyTorch
        if (attn::multiheadOf(p)) {
            for (const char *line : { "max |weights - the module's| = ", "max |concat @ W_O - the module's out| = " }) {
                const qsizetype at = printed.indexOf(QLatin1String(line));
                QVERIFY2(at >= 0, qPrintable(printed));
                const double diff = printed.mid(at + qsizetype(std::strlen(line))).section('\n', 0, 0).toDouble();
                QVERIFY2(diff < 1e-5, qPrintable(QStringLiteral("%1: %2%3").arg(cases[k].name, line).arg(diff)));
            }
        }
        if (k == 1) // the lecture's: 最大绝对差 = 1.2e-07, in PyTorch itself
            QVERIFY2(printed.contains("max |out - official| = 1.1920928955078125e-07"), qPrintable(printed));
        const float first = r.attention.weights(p.batchIndex, 0, 0);
        QVERIFY2(first == 0.0f || printed.contains(QString::number(double(first), 'f', 4)),
            qPrintable(QStringLiteral("%1 printed %2").arg(cases[k].name, printed)));
    }
}

// Words with spaces, quotes or other shell characters are quoted so that a shell gives them back unchanged.
void TestPytorchCode::commandLineQuotesForTheShell()
{
    QCOMPARE(attn::shellQuote("causal"), std::string("causal"));
    QCOMPARE(attn::shellQuote("custom:.x/.."), std::string("custom:.x/.."));
    QCOMPARE(attn::shellQuote("the cat"), std::string("'the cat'"));
    QCOMPARE(attn::shellQuote("it's"), std::string("'it'\\''s'"));
    QCOMPARE(attn::shellQuote(""), std::string("''"));
    Params p;
    p.tokens = { "don't", "$HOME", "a" };
    attn::normalize(p);
    const std::string line = attn::commandLine(p);
    QProcess sh; // the shell splits it back into the same words
    sh.start(QStringLiteral("/bin/sh"),
        { QStringLiteral("-c"), QStringLiteral("printf '%s\\n' ") + QString::fromStdString(line) });
    QVERIFY(sh.waitForFinished(10000));
    QStringList words;
    for (const std::string &w : attn::commandLineArguments(p))
        words << QString::fromStdString(w);
    QCOMPARE(QString::fromUtf8(sh.readAllStandardOutput()), words.join('\n') + '\n');
}

// Copy as PyTorch code with a comparison on screen: one script, both sides (here block 2, scaled and not, and the
// exercise's two softmax dims with different d_k too); run in Debian's PyTorch, each side's weights are the
// core's for that side's settings, and each side's title is printed before its weights.
void TestPytorchCode::aComparisonPrintsBothSides()
{
    Params scaled;
    scaled.mode = attn::Mode::Direct;
    scaled.dK = scaled.dV = 64;
    scaled.queryLength = 1;
    scaled.keyLength = 6;
    scaled.keysFollowLength = false; // its own number of keys
    scaled.batch = 1;
    attn::normalize(scaled);
    QCOMPARE(scaled.keyLength, 6);
    Params plain = scaled;
    plain.scaling = attn::Scaling::None;
    Params overQueries = scaled;
    overQueries.softmaxDim = -2;
    overQueries.dK = overQueries.dV = 4;
    attn::normalize(overQueries);
    const std::vector<std::pair<Params, std::string>> sides { { scaled, "scaled by 1/\u221a64" },
        { plain, "not \"scaled\"" }, { overQueries, "softmax over queries (dim \u22122)" } };
    const std::string script = attn::pytorchComparisonScript(sides);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("comparison.py"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(QByteArray::fromStdString(script));
    f.close();
    const QString driver = QStringLiteral("import contextlib, io, json\n"
                                          "space = {'__name__': '__main__'}\n"
                                          "printed = io.StringIO()\n"
                                          "with contextlib.redirect_stdout(printed):\n"
                                          "    exec(compile(open('%1').read(), 'comparison.py', 'exec'), space)\n"
                                          "print(json.dumps({'w': [space['weights_' + str(k)].tolist() "
                                          "for k in (1, 2, 3)], 'printed': printed.getvalue()}))\n")
                               .arg(path);
    QProcess python;
    python.start(QStringLiteral("/usr/bin/python3"), { QStringLiteral("-c"), driver });
    QVERIFY2(python.waitForFinished(120000), "python3 did not finish");
    QVERIFY2(python.exitCode() == 0, python.readAllStandardError().constData());
    const QJsonObject o = QJsonDocument::fromJson(python.readAllStandardOutput()).object();
    const QJsonArray all = o.value("w").toArray();
    QCOMPARE(all.size(), 3);
    for (int k = 0; k < 3; ++k) {
        const Params &p = sides[std::size_t(k)].first;
        const attn::Result r = attn::compute(p);
        QCOMPARE(all[k].toArray()[0].toArray().size(), p.queryLength);
        QCOMPARE(all[k].toArray()[0].toArray()[0].toArray().size(), p.keyLength);
        double worst = 0;
        for (int i = 0; i < p.queryLength; ++i)
            for (int j = 0; j < p.keyLength; ++j)
                worst = std::max(worst,
                    std::abs(all[k].toArray()[0].toArray()[i].toArray()[j].toDouble()
                        - double(r.attention.weights(0, i, j))));
        QVERIFY2(worst < 2e-6, qPrintable(QStringLiteral("side %1: weights differ by %2").arg(k + 1).arg(worst)));
    }
    // The two first sides differ (block 2's point), and each title comes before its side's weights.
    QVERIFY(all[0] != all[1]);
    const QString printed = o.value("printed").toString();
    const qsizetype one = printed.indexOf(QString::fromUtf8("side 1: scaled by 1/\u221a64\ntensor("));
    const qsizetype two = printed.indexOf(QString::fromUtf8("side 2: not \"scaled\"\ntensor("));
    const qsizetype three = printed.indexOf(QString::fromUtf8("side 3: softmax over queries (dim \u22122)\ntensor("));
    QVERIFY2(one >= 0 && two > one && three > two, qPrintable(printed));
}

QTEST_GUILESS_MAIN(TestPytorchCode)
#include "tst_pytorch_code.moc"
