// SPDX-License-Identifier: GPL-3.0-or-later
// The command line: parsing into Params, and the real program run as a user would, checking the
// lecture's numbers in --dump, exit codes and messages for bad input, and files left behind.
#include "cli/cli_options.h"
#include "lecture.h"
#include "loaded.h"
#include "mistakes.h"
#include "pytorch_code.h"
#include "run_program.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtEndian>
#include <QtTest>

namespace {

QJsonObject dump(const QStringList &args)
{
    const Run r = runProgram(QStringList(args) << "--dump"
                                               << "-");
    if (r.exitCode != 0)
        qWarning("exit %d: %s", r.exitCode, r.err.constData());
    return QJsonDocument::fromJson(r.out).object();
}

double at(const QJsonObject &o, const char *key, int b, int i, int j = -1)
{
    const QJsonArray row = o[key].toArray()[b].toArray();
    return j < 0 ? row[i].toDouble() : row[i].toArray()[j].toDouble();
}

CliOutcome parse(const QStringList &args)
{
    return parseCommandLine(QStringList("attention-viz") + args, std::uint64_t(8) << 30);
}

} // namespace

class TestCli : public QObject
{
    Q_OBJECT
private slots:
    void defaults();
    void everyOption();
    void negativeValuesAreValues();
    void maskCheckedAgainstTheTokens();
    void badInput_data();
    void badInput();
    void lectureBlock1();
    void lectureBlock2();
    void lectureBlock3();
    void lectureExercise();
    void crossAttentionDump();
    void exitCodeAndOneLineForBadInput_data();
    void exitCodeAndOneLineForBadInput();
    void unwritableDumpLeavesNothing();
    void failedRunKeepsExistingFile();
    void dumpToFile();
    void dumpWarningsInTheLanguage();
    void help();
    void sweepDumpAndExports();
    void trainDumpAndExports();
    void mistakeDump();
    void additiveDump();
    void printCommandReopensTheState_data();
    void printCommandReopensTheState();
    void printCommandKeepsTheComparison();
    void printPytorchGivesTheDumpsWeights_data();
    void printPytorchGivesTheDumpsWeights();
    void initSigmaAndScalingInTheDump();
};

void TestCli::defaults()
{
    // No option: the lecture's block 1 (B = 2) with its caption, which any change of settings takes away.
    const CliOutcome o = parse({});
    QCOMPARE(o.kind, CliOutcome::Run);
    const attn::Params &p = o.request.params;
    QCOMPARE(p.mode, attn::Mode::Projection);
    QCOMPARE(p.batch, 2);
    QVERIFY2(o.request.captionEn.startsWith("Block 1:"), qPrintable(o.request.captionEn));
    QVERIFY(o.request.captionZh.startsWith("代码块 1"));
    QVERIFY(parse({ "--d-k", "64" }).request.captionEn.isEmpty());
    QCOMPARE(parse({ "--d-k", "64" }).request.params.batch, 2); // block 1's, at d_k = 64
    QVERIFY(!parse({ "--batch", "2" }).request.captionEn.isEmpty()); // block 1 still
    QCOMPARE(p.queryLength, 5);
    QCOMPARE(p.keyLength, 5);
    QCOMPARE(p.dModel, 8);
    QCOMPARE(p.dK, 4);
    QCOMPARE(p.dV, 4);
    QCOMPARE(p.seed, std::uint64_t(0));
    QCOMPARE(p.scaling, attn::Scaling::InvSqrtDk);
    QCOMPARE(p.softmaxDim, -1);
    QCOMPARE(p.mask, attn::MaskKind::None);
    QVERIFY(o.request.opensWindow());
}

void TestCli::everyOption()
{
    const CliOutcome o = parse({ "--mode", "direct", "--batch", "3", "--len", "7", "--keys", "9", "--d-model", "16",
        "--d-k", "32", "--d-v", "5", "--seed", "42", "--scale", "0.25", "--softmax-dim", "-2", "--mask", "pad:2",
        "--batch-index", "2", "--dump", "x.json" });
    QCOMPARE(o.kind, CliOutcome::Run);
    const attn::Params &p = o.request.params;
    QCOMPARE(p.mode, attn::Mode::Direct);
    QCOMPARE(p.batch, 3);
    QCOMPARE(p.queryLength, 7);
    QCOMPARE(p.keyLength, 9);
    QCOMPARE(p.dModel, 16);
    QCOMPARE(p.dK, 32);
    QCOMPARE(p.dV, 5);
    QCOMPARE(p.seed, std::uint64_t(42));
    QCOMPARE(p.scaling, attn::Scaling::Custom);
    QCOMPARE(p.customScale, 0.25);
    QCOMPARE(p.softmaxDim, -2);
    QCOMPARE(p.mask, attn::MaskKind::Pad);
    QCOMPARE(p.padCount, 2);
    QCOMPARE(p.batchIndex, 2);
    QCOMPARE(o.request.dumpPath, QString("x.json"));
    QVERIFY(!o.request.opensWindow());

    const CliOutcome c = parse({ "--cross", "--no-scale", "--mask", "causal", "--len=4" });
    QCOMPARE(c.kind, CliOutcome::Run);
    QVERIFY(c.request.params.cross);
    QCOMPARE(c.request.params.scaling, attn::Scaling::None);
    QCOMPARE(c.request.params.mask, attn::MaskKind::Causal);
    QCOMPARE(c.request.params.keyLength, 4); // S defaults to L
    QVERIFY(!c.request.display.gradientPanels); // the gradient panels are shown when asked for
    QVERIFY(c.request.display.cellValues);
    const CliOutcome d = parse({ "--gradient-panels", "--no-cell-values" });
    QCOMPARE(d.kind, CliOutcome::Run);
    QVERIFY(d.request.display.gradientPanels);
    QVERIFY(!d.request.display.cellValues);
    // the why-scale example shows them; --no-gradient-panels hides them again
    QVERIFY(parse({ "--preset", "why-scale" }).request.display.gradientPanels);
    // a preset's caption stays with its own settings, and goes when the options change them (it spoke of
    // query 0's 0.9977 on key 2, which a causal mask hides)
    QVERIFY(
        parse({ "--preset", "qkv-basics" }).request.captionEn.contains(lecture::printed(lecture::block1Weights00[2])));
    QVERIFY(parse({ "--preset", "qkv-basics", "--seed", "0" })
                .request.captionEn.contains(lecture::printed(lecture::block1Weights00[2])));
    QVERIFY(parse({ "--preset", "qkv-basics", "--mask", "causal" }).request.captionEn.isEmpty());
    QVERIFY(parse({ "--preset", "qkv-basics", "--compare", "scaling" }).request.captionZh.isEmpty());
    QVERIFY(!parse({ "--preset", "why-scale", "--compare", "scaling" }).request.captionEn.isEmpty());
    QVERIFY(!parse({ "--preset", "why-scale", "--no-gradient-panels" }).request.display.gradientPanels);
}

void TestCli::maskCheckedAgainstTheTokens()
{
    // the tokens set the key length before pad:N is checked
    const CliOutcome o = parse({ "--tokens", "a b c d e f g h", "--mask", "pad:6" });
    QCOMPARE(o.kind, CliOutcome::Run);
    QCOMPARE(o.request.params.padCount, 6);
    QCOMPARE(o.request.params.keyLength, 8);
}

void TestCli::negativeValuesAreValues()
{
    const CliOutcome o = parse({ "--seed", "-1", "--softmax-dim", "-1" });
    QCOMPARE(o.kind, CliOutcome::Run);
    QCOMPARE(o.request.params.seed, ~std::uint64_t(0)); // two's complement, as torch.manual_seed(-1)
    QCOMPARE(o.request.params.softmaxDim, -1);
}

void TestCli::badInput_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    QTest::newRow("unknown option") << QStringList { "--frobnicate" } << "Unknown option 'frobnicate'";
    QTest::newRow("missing value") << QStringList { "--len" } << "Missing value after '--len'";
    QTest::newRow("len not a number") << QStringList { "--len", "five" }
                                      << "--len: expected a whole number from 1 to 65536, got 'five'";
    QTest::newRow("len 0") << QStringList { "--len", "0" } << "--len: must be from 1 to 65536 (got 0)";
    QTest::newRow("len huge") << QStringList { "--len", "99999999999" }
                              << "--len: must be from 1 to 65536 (got 99999999999)";
    QTest::newRow("d_k fraction") << QStringList { "--d-k", "4.5" } << "--d-k: expected a whole number";
    QTest::newRow("mode") << QStringList { "--mode", "sideways" }
                          << "--mode: expected projection or direct, got 'sideways'";
    QTest::newRow("softmax dim") << QStringList { "--softmax-dim", "1" }
                                 << "--softmax-dim: expected -1 (over keys) or -2 (over queries), got '1'";
    QTest::newRow("mask") << QStringList { "--mask", "diagonal" }
                          << "--mask: expected none, causal, pad:N, pad:N1,N2,... or custom:ROWS, got 'diagonal'";
    QTest::newRow("pad too many") << QStringList { "--keys", "4", "--mask", "pad:5" }
                                  << "--mask: pad:N needs a number of keys N from 0 to 4";
    QTest::newRow("pad not a number") << QStringList { "--mask", "pad:x" } << "--mask: pad:N";
    QTest::newRow("scale and no-scale") << QStringList { "--scale", "2", "--no-scale" }
                                        << "--scale: cannot be combined with --no-scale";
    QTest::newRow("scale inf") << QStringList { "--scale", "inf" } << "--scale: expected a number from -1e6 to 1e6";
    QTest::newRow("scale too large for float")
        << QStringList { "--scale", "1e39" } << "--scale: expected a number from -1e6 to 1e6";
    QTest::newRow("series pad beyond keys") << QStringList { "--mask", "pad:3", "--export-series", "keys=1,2,4",
        "out" } << "--export-series: value '1': the mask pad:3 masks more keys than the 1 there are";
    QTest::newRow("tokens with cross") << QStringList { "--tokens", "a b", "--cross" }
                                       << "--tokens: tokens are for self-attention";
    QTest::newRow("seed") << QStringList { "--seed", "abc" } << "--seed: expected a whole number";
    QTest::newRow("batch index") << QStringList { "--batch", "2", "--batch-index", "2" }
                                 << "--batch-index: must be from 0 to 1 (got 2)";
    QTest::newRow("cross in direct") << QStringList { "--mode", "direct", "--cross" }
                                     << "--cross: only applies to --mode projection";
    QTest::newRow("positional") << QStringList { "stray" } << "unexpected argument 'stray'";
    QTest::newRow("size") << QStringList { "--size", "0x100" } << "--size: width and height must be from 1 to 20000";
    QTest::newRow("size form") << QStringList { "--size", "big" } << "--size: expected WIDTHxHEIGHT";
    QTest::newRow("screenshot suffix") << QStringList { "--screenshot", "shot.jpg" }
                                       << "--screenshot: the file name must end in .png";
    QTest::newRow("too large") << QStringList { "--batch", "4096", "--len", "65536" } << "these sizes need about";
}

void TestCli::badInput()
{
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    const CliOutcome o = parse(args);
    QCOMPARE(o.kind, CliOutcome::Error);
    QVERIFY2(o.text.contains(message), qPrintable(o.text));
    QVERIFY(!o.text.contains('\n'));
}

void TestCli::lectureBlock1()
{
    const QJsonObject o
        = dump({ "--mode", "projection", "--batch", "2", "--len", "5", "--d-model", "8", "--d-k", "4", "--seed", "0" });
    QCOMPARE(o["X"].toArray().size(), 2);
    QCOMPARE(o["X"].toArray()[0].toArray()[0].toArray().size(), 8);
    for (int j = 0; j < 5; ++j) {
        QVERIFY(lecture::printsAs(at(o, "weights", 0, 0, j), lecture::block1Weights00[j]));
        QVERIFY(lecture::printsAs(at(o, "row_sums", 0, j), 1.0));
    }
    for (int d = 0; d < 4; ++d)
        QVERIFY(lecture::printsAs(at(o, "out", 0, 0, d), lecture::block1Out00[d]));
}

void TestCli::lectureBlock2()
{
    const QStringList args { "--mode", "direct", "--batch", "1", "--len", "1", "--keys", "6", "--d-k", "64", "--seed",
        "0" };
    const QJsonObject scaled = dump(args);
    const QJsonObject raw = dump(QStringList(args) << "--no-scale");
    for (int j = 0; j < 6; ++j)
        QVERIFY(lecture::printsAs(at(scaled, "scores", 0, 0, j), lecture::block2Scores[j]));
    QVERIFY(lecture::printsAs(at(raw, "row_max", 0, 0), lecture::block2UnscaledMax));
    QVERIFY(lecture::printsAs(at(raw, "row_entropy", 0, 0), lecture::block2UnscaledEntropy));
    QVERIFY(lecture::printsAs(at(scaled, "row_max", 0, 0), lecture::block2ScaledMax));
    QVERIFY(lecture::printsAs(at(scaled, "row_entropy", 0, 0), lecture::block2ScaledEntropy));
    QVERIFY(lecture::printsAs(scaled["max_entropy"].toDouble(), lecture::ln6));
    QCOMPARE(scaled["params"].toObject()["scale"].toDouble(), 0.125);
}

void TestCli::lectureBlock3()
{
    const QJsonObject o = dump({ "--mode", "direct", "--batch", "2", "--len", "5", "--d-k", "4", "--seed", "1" });
    // softmax(Q·Kᵀ / 2)·V from the dumped Q, K and V, in double
    double maxDiff = 0.0;
    for (int b = 0; b < 2; ++b)
        for (int i = 0; i < 5; ++i) {
            double s[5], m = -1e300, z = 0;
            for (int j = 0; j < 5; ++j) {
                s[j] = 0;
                for (int d = 0; d < 4; ++d)
                    s[j] += at(o, "Q", b, i, d) * at(o, "K", b, j, d);
                s[j] /= 2.0;
                m = std::max(m, s[j]);
            }
            for (double &x : s)
                z += (x = std::exp(x - m));
            for (int d = 0; d < 4; ++d) {
                double v = 0;
                for (int j = 0; j < 5; ++j)
                    v += s[j] / z * at(o, "V", b, j, d);
                maxDiff = std::max(maxDiff, std::fabs(v - at(o, "out", b, i, d)));
            }
        }
    QVERIFY2(maxDiff < 1e-6, qPrintable(QString::number(maxDiff)));
    // The lecture prints 最大绝对差 = 1.2e-07 (round(1.1920929e-07, 8)) and allclose = True.
    for (const QStringList &args :
        { QStringList { "--preset", "sdpa-check" }, QStringList { "--preset", "sdpa-check", "--compare", "sdpa" } }) {
        const QJsonObject p = dump(args);
        QCOMPARE(float(p.value("max_abs_diff").toDouble()), 1.1920929e-07f);
        QCOMPARE(p.value("allclose").toBool(false), true);
        QVERIFY(p.value("official_out").isArray());
        double outVsOfficial = 0.0;
        for (int b = 0; b < 2; ++b)
            for (int i = 0; i < 5; ++i)
                for (int d = 0; d < 4; ++d)
                    outVsOfficial = std::max(
                        outVsOfficial, std::fabs(at(p, "out", b, i, d) - p["official_out"][b][i][d].toDouble()));
        QVERIFY(outVsOfficial > 0 && outVsOfficial < 1e-6);
    }
    // Additive scores have no SDPA: none of the three fields.
    const QJsonObject additive = dump({ "--preset", "sdpa-check", "--score", "additive" });
    QVERIFY(!additive.contains("official_out") && !additive.contains("max_abs_diff") && !additive.contains("allclose"));
}

void TestCli::lectureExercise()
{
    const QJsonObject o = dump({ "--mode", "direct", "--batch", "1", "--len", "3", "--keys", "5", "--d-k", "4",
        "--seed", "0", "--no-scale", "--softmax-dim", "-2" });
    for (int j = 0; j < 5; ++j)
        QVERIFY(lecture::printsAs(at(o, "col_sums", 0, j), 1.0));
    QVERIFY(lecture::printsAs(at(o, "row_sums", 0, 0), lecture::exerciseRow0Sum));
}

void TestCli::crossAttentionDump()
{
    const QJsonObject o = dump({ "--len", "3", "--keys", "6" });
    QVERIFY(o.contains("Y"));
    QCOMPARE(o["params"].toObject()["cross"].toBool(), true);
    QCOMPARE(o["weights"].toArray()[0].toArray()[0].toArray().size(), 6);
    const QJsonObject self = dump({ "--len", "3" });
    QVERIFY(!self.contains("Y"));
    QVERIFY(dump({ "--len", "3", "--cross" }).contains("Y"));
}

void TestCli::exitCodeAndOneLineForBadInput_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    QTest::newRow("unknown option") << QStringList { "--frobnicate" } << "attention-viz: Unknown option 'frobnicate'.";
    QTest::newRow("d_k 0") << QStringList { "--d-k", "0", "--dump", "-" }
                           << "attention-viz: --d-k: must be from 1 to 65536 (got 0)";
    QTest::newRow("too large") << QStringList { "--batch", "4096", "--len", "65536", "--dump", "-" }
                               << "attention-viz: these sizes need about";
}

void TestCli::exitCodeAndOneLineForBadInput()
{
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    const Run r = runProgram(args);
    QCOMPARE(r.exitCode, 2);
    QVERIFY(r.out.isEmpty());
    QCOMPARE(r.err.count('\n'), 1);
    QVERIFY2(QString::fromUtf8(r.err).startsWith(message), r.err.constData());
}

void TestCli::unwritableDumpLeavesNothing()
{
    QTemporaryDir dir;
    const QString path = dir.filePath("missing-folder/out.json");
    const Run r = runProgram({ "--dump", path });
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.startsWith("attention-viz: --dump: cannot write"), r.err.constData());
    QVERIFY(r.err.contains("missing-folder/out.json"));
    QVERIFY(!QFile::exists(path));
    const Run folder = runProgram({ "--dump", dir.path() });
    QCOMPARE(folder.exitCode, 2);
    QVERIFY(folder.err.contains("is a folder"));
}

void TestCli::failedRunKeepsExistingFile()
{
    QTemporaryDir dir;
    const QString path = dir.filePath("state.json");
    {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("previous");
    }
    const Run r = runProgram({ "--dump", path, "--len", "0" });
    QCOMPARE(r.exitCode, 2);
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(f.readAll(), QByteArray("previous"));
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden).size(), 1); // no temporary left
}

void TestCli::dumpToFile()
{
    QTemporaryDir dir;
    const QString path = dir.filePath("block2.json");
    const Run r = runProgram(
        { "--mode", "direct", "--batch", "1", "--len", "1", "--keys", "6", "--d-k", "64", "--dump", path });
    QCOMPARE(r.exitCode, 0);
    QVERIFY(r.err.isEmpty());
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QJsonObject o = QJsonDocument::fromJson(f.readAll()).object();
    QVERIFY(lecture::printsAs(at(o, "scores", 0, 0, 0), lecture::block2Scores[0]));
}

// --dump's warnings in the run's language (its field names and numbers as they are): a padding that hides every
// key from both queries.
void TestCli::dumpWarningsInTheLanguage()
{
    const QStringList args { "--mode", "direct", "--batch", "1", "--len", "2", "--keys", "2", "--mask", "pad:2",
        "--dump", "-" };
    const Run en = runProgram(args);
    const Run zh = runProgram(QStringList(args) << "--lang"
                                                << "zh");
    QCOMPARE(en.exitCode, 0);
    QCOMPARE(zh.exitCode, 0);
    const QJsonArray english = QJsonDocument::fromJson(en.out).object().value("warnings").toArray();
    const QJsonArray chinese = QJsonDocument::fromJson(zh.out).object().value("warnings").toArray();
    QCOMPARE(english.size(), 1);
    QCOMPARE(english[0].toString(),
        QString("batch 0: every key is masked for queries 0, 1; their weights are set to 0 (PyTorch gives NaN)"));
    QCOMPARE(chinese.size(), 1);
    QCOMPARE(chinese[0].toString(),
        QString::fromUtf8("批次 0：查询 0, 1 的所有键都被屏蔽；它们的权重设为 0（PyTorch 给出 NaN）"));
}

void TestCli::help()
{
    const Run r = runProgram({ "--help" });
    QCOMPARE(r.exitCode, 0);
    for (const char *option : { "--mode", "--batch", "--len", "--keys", "--cross", "--d-model", "--d-k", "--d-v",
             "--seed", "--no-scale", "--scale", "--softmax-dim", "--mask", "--batch-index", "--dump", "--scaling",
             "--init", "--sigma", "--sweep", "--trials", "--sweep-keys", "--train", "--train-steps", "--train-lr",
             "--optimizer", "--train-noise", "--train-init", "--print-pytorch", "--print-command", "--map" })
        QVERIFY2(r.out.contains(option), option);
    QVERIFY2(r.out.startsWith("Usage: attention-viz [options]"), r.out.left(60).constData());
    // --version: the program's version and commit, and what it is built of, with their versions
    const Run v = runProgram({ "--version" });
    QCOMPARE(v.exitCode, 0);
    const QList<QByteArray> lines = v.out.trimmed().split('\n');
    QCOMPARE(lines.size(), 2);
    QVERIFY2(lines[0].startsWith("attention-viz " ATTENTION_VIZ_VERSION " (commit "), lines[0].constData());
    QVERIFY2(lines[1].startsWith("Qt " QT_VERSION_STR " (running ") && lines[1].contains(", Eigen 3.")
            && lines[1].contains(", QCustomPlot 2."),
        lines[1].constData());
}

// --sweep: the JSON the issue describes on standard output, the same numbers in a CSV, the plots as a
// PNG, PDF and SVG (headless, no display), and the scaling, seed and sigma taken from their options.
void TestCli::sweepDumpAndExports()
{
    Run r = runProgram({ "--sweep", "d-k=1..64", "--trials", "50", "--sweep-keys", "8", "--seed", "3", "--dump", "-" });
    QCOMPARE(r.exitCode, 0);
    const QJsonObject o = QJsonDocument::fromJson(r.out).object();
    QCOMPARE(o["d_k"].toArray().size(), 7);
    QCOMPARE(o["keys"].toInt(), 8);
    QCOMPARE(o["trials"].toInt(), 50);
    QCOMPARE(o["seed"].toInt(), 3);
    const QJsonArray raw = o["unscaled"].toObject()["score_var_mean"].toArray();
    QVERIFY(raw[6].toDouble() > 30 && raw[6].toDouble() < 100); // about d_k = 64
    QVERIFY(o["scaled"].toObject()["entropy_mean"].toArray()[6].toDouble()
        > o["unscaled"].toObject()["entropy_mean"].toArray()[6].toDouble());
    QTemporaryDir dir;
    r = runProgram({ "--sweep", "d-k=1,8,64", "--trials", "20", "--export", dir.filePath("s.csv") });
    QCOMPARE(r.exitCode, 0);
    QFile csv(dir.filePath("s.csv"));
    QVERIFY(csv.open(QIODevice::ReadOnly));
    QCOMPARE(csv.readAll().trimmed().split('\n').size(), 4);
    for (const char *name : { "s.png", "s.pdf", "s.svg" }) {
        r = runProgram({ "--sweep", "d-k=1..1024", "--trials", "20", "--export", dir.filePath(name) }, true);
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY(QFileInfo(dir.filePath(name)).size() > 1000);
    }
    QFile png(dir.filePath("s.png")); // its IHDR: width and height, big-endian, at bytes 16 and 20
    QVERIFY(png.open(QIODevice::ReadOnly));
    const QByteArray head = png.read(24);
    QCOMPARE(qFromBigEndian<quint32>(head.constData() + 16), 1200u);
    QCOMPARE(qFromBigEndian<quint32>(head.constData() + 20), 900u);
    // The picture says how to read it (a caption under the panels) unless --no-title leaves the words out.
    QFile svg(dir.filePath("s.svg"));
    QVERIFY(svg.open(QIODevice::ReadOnly));
    const QByteArray drawn = svg.readAll();
    QVERIFY(drawn.contains("Why divide by"));
    QVERIFY(drawn.contains("Each point is the mean over 20 trials"));
    r = runProgram(
        { "--sweep", "d-k=1..64", "--trials", "5", "--no-title", "--export", dir.filePath("bare.svg") }, true);
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QFile bare(dir.filePath("bare.svg"));
    QVERIFY(bare.open(QIODevice::ReadOnly));
    // (the file's <title>, its name in a viewer, is not drawn)
    const QString plain = QString::fromUtf8(bare.readAll()).remove(QRegularExpression("<title>[^<]*</title>"));
    QVERIFY(plain.contains("d_k")); // the axes are there
    QVERIFY(!plain.contains("Why divide by") && !plain.contains("Each point is"));
    r = runProgram(
        { "--sweep", "d-k=16", "--trials", "5", "--scaling", "quarter-each", "--sigma", "0.5", "--dump", "-" });
    QCOMPARE(r.exitCode, 0);
    const QJsonObject q = QJsonDocument::fromJson(r.out).object();
    QCOMPARE(q["scaling"].toString(), QString("quarter_each"));
    QCOMPARE(q["sigma"].toDouble(), 0.5);
    // what the sweep cannot do
    for (const QStringList &bad : { QStringList { "--sweep", "d-k=3..12", "--dump", "-" },
             QStringList { "--sweep", "len=1..4", "--dump", "-" }, QStringList { "--trials", "5", "--dump", "-" },
             QStringList { "--sweep", "d-k=1..4", "--no-scale", "--dump", "-" },
             QStringList { "--sweep", "d-k=1..4", "--export", dir.filePath("s.npy") },
             QStringList { "--sweep", "d-k=1..4", "--trials", "0", "--dump", "-" } }) {
        r = runProgram(bad);
        QVERIFY2(r.exitCode == 2 && r.err.startsWith("attention-viz: --"), qPrintable(bad.join(' ')));
        QCOMPARE(r.err.count('\n'), 1);
    }
    // the main window's settings, silently ignored by the sweep's numbers and pictures, are refused by name
    for (const QStringList &ignored : { QStringList { "--mode", "projection" }, QStringList { "--d-k", "8" },
             QStringList { "--len", "7" }, QStringList { "--softmax-dim", "-2" }, QStringList { "--mask", "causal" },
             QStringList { "--compare", "scaling" }, QStringList { "--preset", "why-scale" } }) {
        for (const QString &out : { QString("-"), dir.filePath("ignored.png") }) {
            r = runProgram(QStringList { "--sweep", "d-k=1..4", out == "-" ? "--dump" : "--export", out } + ignored);
            QVERIFY2(r.exitCode == 2, qPrintable(ignored.join(' ')));
            QVERIFY2(
                QString::fromUtf8(r.err).startsWith("attention-viz: " + ignored[0] + ": does not apply to the sweep"),
                r.err.constData());
        }
        QVERIFY(!QFileInfo::exists(dir.filePath("ignored.png")));
    }
    // opening the window they set its main window, so they are taken (checked without a display: parse only)
    const CliOutcome window = parse({ "--sweep", "d-k=1..4", "--mode", "projection", "--d-k", "8" });
    QCOMPARE(window.kind, CliOutcome::Run);
    QCOMPARE(window.request.params.dK, 8);
}

// --train: the JSON the issue describes (the first step's loss recomputes from batch0 and init), the
// numbers as CSV, the picture; its options checked and the main window's other settings refused.
// --mistake NAME --dump: the right side's tensors and the mistake beside them, as core commits it.
void TestCli::mistakeDump()
{
    for (const attn::Mistake m : attn::allMistakes()) {
        const QString name = QString::fromStdString(attn::mistakeName(m));
        Run r = runProgram({ "--mistake", name, "--mode", "direct", "--batch", "2", "--seed", "1", "--dump", "-" });
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonObject o = QJsonDocument::fromJson(r.out).object();
        const QJsonObject mistake = o["mistake"].toObject();
        QCOMPARE(mistake["name"].toString(), name);
        attn::Params p;
        p.mode = attn::Mode::Direct;
        p.batch = 2;
        p.seed = 1;
        const attn::MistakeResult want = attn::commitMistake(p, m);
        QCOMPARE(mistake["expression"].toString(), QString::fromStdString(want.wrong.expression));
        QCOMPARE(o["params"].toObject()["mask"].toString(), m == attn::Mistake::MhaMaskInSdpa ? "pad:2" : "none");
        if (want.wrong.weights.empty()) {
            QCOMPARE(mistake["error"].toString(), QString::fromStdString(want.wrong.error));
            QVERIFY(mistake["weights"].isNull() && mistake["shape"].isNull());
            continue;
        }
        QVERIFY(mistake["error"].isNull());
        const QJsonArray shape = mistake["shape"].toArray();
        QCOMPARE(shape.size(), 3);
        QCOMPARE(shape[1].toInt(), want.wrong.weights.rows);
        const QJsonArray w = mistake["weights"].toArray();
        QCOMPARE(w.size(), want.wrong.weights.batch);
        for (int b = 0; b < want.wrong.weights.batch; ++b)
            for (int i = 0; i < want.wrong.weights.rows; ++i)
                for (int j = 0; j < want.wrong.weights.cols; ++j)
                    QCOMPARE(float(w[b].toArray()[i].toArray()[j].toDouble()), want.wrong.weights(b, i, j));
        // the right side is the dump's own weights
        QCOMPARE(float(o["weights"].toArray()[1].toArray()[2].toArray()[3].toDouble()), want.right.weights(1, 2, 3));
    }
    // the padding from --mask pad:N
    Run r = runProgram({ "--mistake", "mha-mask-in-sdpa", "--mask", "pad:1", "--dump", "-" });
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QCOMPARE(QJsonDocument::fromJson(r.out).object()["mistake"].toObject()["pad"].toInt(), 1);
}

// --score additive: W_1, W_2, v_a in the dump after everything else, and the scores recomputed from the dump alone.
// --print-command (Edit > Copy as command line) gives options that the command line turns back into the
// same settings, for every kind of setting.
void TestCli::printCommandReopensTheState_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::newRow("defaults") << QStringList {};
    QTest::newRow("sizes and direct") << QStringList { "--mode", "direct", "--batch", "3", "--len", "6", "--keys", "4",
        "--d-k", "8", "--d-v", "5", "--batch-index", "2", "--sigma", "0.3" };
    QTest::newRow("projection, cross, init") << QStringList { "--cross", "--d-model", "12", "--init", "linear",
        "--seed", "18446744073709551615", "--softmax-dim", "-2" };
    QTest::newRow("tokens, positions, custom mask") << QStringList { "--tokens", "the cat sat on", "--positions",
        "--mask", "custom:.x../..x./..../xxxx", "--mask-fill", "-1e9", "--mask-convention", "mha" };
    QTest::newRow("padding per element, scale")
        << QStringList { "--batch", "2", "--mask", "pad:1,3", "--scale", "0.1", "--mode", "direct" };
    QTest::newRow("scaling rule") << QStringList { "--scaling", "quarter-each" };
    QTest::newRow("additive") << QStringList { "--score", "additive", "--additive-hidden", "5" };
    QTest::newRow("d_v apart, scaling none") << QStringList { "--d-v", "4", "--d-k", "2", "--scaling", "none" };
    // Tokens the sentence splitting would change (from a scenario, a capture's tokens.npy), given as a JSON list:
    // printed as one too, they come back as they were.
    QTest::newRow("tokens with marks inside") << QStringList { "--tokens", R"(["don't", "U.S.", "x-y"])" };
    QTest::newRow("tokens: Chinese words, accents, spaces")
        << QStringList { "--tokens", QStringLiteral(R"(["猫狗", "café", "a b", "猫", "'", "[", "]"])") };
    QTest::newRow("tokens with control characters")
        << QStringList { "--tokens", R"(["red\u001b[31m", "bell\u0007", "nul\u0000x", "tab\tx"])" };
    QTest::newRow("plain tokens stay a sentence") << QStringList { "--tokens", "the cat , 猫 sat" };
    QTest::newRow("nn.MultiheadAttention's heads, one of them shown")
        << QStringList { "--init", "mha", "--heads", "4", "--d-model", "16", "--len", "6", "--seed", "3", "--mask",
               "causal", "--batch-index", "6", "--scaling", "sqrt-d-model" };
    QTest::newRow("loaded") << QStringList { "--load", QStringLiteral(ATTN_ARRAY_FIXTURES "/qkv_stored.npz"), "--mask",
        "causal", "--seed", "5" };
}

void TestCli::printCommandReopensTheState()
{
    QFETCH(QStringList, args);
    const CliOutcome given = parse(args);
    QVERIFY2(given.kind == CliOutcome::Run, qPrintable(given.text));
    QStringList words;
    for (const std::string &w : attn::commandLineArguments(given.request.params))
        words << QString::fromStdString(w);
    const CliOutcome again = parseCommandLine(words, std::uint64_t(8) << 30);
    QVERIFY2(again.kind == CliOutcome::Run, qPrintable(again.text + " from " + words.join(' ')));
    attn::Params a = given.request.params, b = again.request.params;
    if (a.loaded) { // loaded twice: the same files and numbers, not the same object
        QVERIFY(b.loaded);
        QCOMPARE(b.loaded->paths, a.loaded->paths);
        QCOMPARE(b.loaded->Q.data, a.loaded->Q.data);
        b.loaded = a.loaded;
    }
    QVERIFY2(a == b, qPrintable(words.join(' ')));
    if (QString(QTest::currentDataTag()).startsWith("tokens with")
        || QString(QTest::currentDataTag()).startsWith("tokens:"))
        QVERIFY2(words.join(' ').contains("[\""), qPrintable(words.join(' '))); // (as a list)
    if (QString(QTest::currentDataTag()) == "plain tokens stay a sentence")
        QVERIFY2(words.contains("the cat , 猫 sat"), qPrintable(words.join(' ')));
    // and the program prints it, as one line a shell splits into those words
    const Run r = runProgram(QStringList(args) << "--print-command");
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QProcess sh;
    sh.start("/bin/sh", { "-c", "printf '%s\\n' " + QString::fromUtf8(r.out).trimmed() });
    QVERIFY(sh.waitForFinished(10000));
    QCOMPARE(QString::fromUtf8(sh.readAllStandardOutput()), words.join('\n') + '\n');
}

// The comparison on screen is part of the state --print-command (Copy as command line) gives back.
void TestCli::printCommandKeepsTheComparison()
{
    for (const QString &compare :
        { QStringLiteral("scaling"), QStringLiteral("softmax-dim"), QStringLiteral("d-k:512") }) {
        const Run r
            = runProgram({ "--mode", "direct", "--len", "1", "--keys", "6", "--compare", compare, "--print-command" });
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QString printed = QString::fromUtf8(r.out).trimmed();
        QVERIFY2(printed.endsWith(" --compare " + compare), qPrintable(printed));
        const QStringList words = QProcess::splitCommand(printed); // the program's name first, as argv
        const CliOutcome again = parseCommandLine(words, std::uint64_t(8) << 30);
        QVERIFY2(again.kind == CliOutcome::Run, qPrintable(again.text));
        QCOMPARE(compareName(again.request.compare)
                + (again.request.compare == CompareKind::Dk ? ":" + QString::number(again.request.compareDk)
                                                            : QString()),
            compare);
    }
}

// --print-pytorch (Edit > Copy as PyTorch code), run in Debian's PyTorch, prints the weights --dump writes.
void TestCli::printPytorchGivesTheDumpsWeights_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::newRow("the lecture's") << QStringList {};
    QTest::newRow("loaded, causal") << QStringList { "--load", QStringLiteral(ATTN_ARRAY_FIXTURES "/qkv_stored.npz"),
        "--mask", "causal" };
    QTest::newRow("tokens, -1e9, over queries")
        << QStringList { "--tokens", "a b a c", "--mask", "custom:.x../xxxx/..../...x", "--mask-fill", "-1e9",
               "--softmax-dim", "-2", "--init", "scaled", "--batch", "2", "--batch-index", "1" };
}

void TestCli::printPytorchGivesTheDumpsWeights()
{
    QFETCH(QStringList, args);
    const Run script = runProgram(QStringList(args) << "--print-pytorch");
    QVERIFY2(script.exitCode == 0, script.err.constData());
    QTemporaryDir dir;
    QFile f(dir.filePath("state.py"));
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(script.out + "\nimport json\nprint(json.dumps(weights.tolist()))\n");
    f.close();
    QProcess python;
    python.start("/usr/bin/python3", { dir.filePath("state.py") });
    QVERIFY(python.waitForFinished(120000));
    QVERIFY2(python.exitCode() == 0, python.readAllStandardError().constData());
    const QList<QByteArray> lines = python.readAllStandardOutput().trimmed().split('\n');
    const QJsonArray theirs = QJsonDocument::fromJson(lines.last()).array();
    const QJsonObject ours = dump(args);
    const QJsonArray weights = ours["weights"].toArray();
    QVERIFY(!weights.isEmpty());
    QCOMPARE(theirs.size(), weights.size());
    double worst = 0;
    for (int b = 0; b < weights.size(); ++b)
        for (int i = 0; i < weights[b].toArray().size(); ++i)
            for (int j = 0; j < weights[b].toArray()[i].toArray().size(); ++j)
                worst = std::max(
                    worst, std::abs(at(ours, "weights", b, i, j) - theirs[b].toArray()[i].toArray()[j].toDouble()));
    QVERIFY2(worst < 2e-6, qPrintable(QString("weights differ by %1").arg(worst)));
    // what it printed first: the element shown, as the window shows it
    const int shown = ours["params"].toObject()["batch_index"].toInt();
    QVERIFY2(lines.first().startsWith("tensor([["), lines.first().constData());
    QCOMPARE(ours["params"].toObject()["batch_index"].toInt(), args.contains("--batch-index") ? 1 : 0);
    QVERIFY(script.out.contains(QByteArray("print(weights[") + QByteArray::number(shown) + "])"));
}

void TestCli::additiveDump()
{
    Run r = runProgram({ "--score", "additive", "--additive-hidden", "3", "--mode", "direct", "--len", "4", "--keys",
        "6", "--d-k", "5", "--seed", "2", "--dump", "-" });
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QJsonObject o = QJsonDocument::fromJson(r.out).object();
    QCOMPARE(o["params"].toObject()["score"].toString(), "additive");
    QCOMPARE(o["params"].toObject()["additive_hidden"].toInt(), 3);
    QCOMPARE(o["params"].toObject()["scale"].toDouble(), 1.0);
    const QJsonArray W1 = o["W_1"].toArray(), W2 = o["W_2"].toArray(), v = o["v_a"].toArray();
    QCOMPARE(W1.size(), 5);
    QCOMPARE(W1[0].toArray().size(), 3);
    QCOMPARE(v.size(), 3);
    const QJsonArray Q = o["Q"].toArray()[0].toArray(), K = o["K"].toArray()[0].toArray();
    const QJsonArray scores = o["scores"].toArray()[0].toArray();
    for (int i = 0; i < 4; ++i)
        for (int j = 0; j < 6; ++j) {
            double s = 0;
            for (int h = 0; h < 3; ++h) {
                double a = 0;
                for (int c = 0; c < 5; ++c)
                    a += Q[i].toArray()[c].toDouble() * W1[c].toArray()[h].toDouble()
                        + K[j].toArray()[c].toDouble() * W2[c].toArray()[h].toDouble();
                s += std::tanh(a) * v[h].toDouble();
            }
            QVERIFY(std::abs(s - scores[i].toArray()[j].toDouble()) < 1e-5);
        }
    // the same Q, K, V as the dot product's: the additive draws come after them
    Run dot
        = runProgram({ "--mode", "direct", "--len", "4", "--keys", "6", "--d-k", "5", "--seed", "2", "--dump", "-" });
    QCOMPARE(QJsonDocument::fromJson(dot.out).object()["V"], o["V"]);
}

void TestCli::trainDumpAndExports()
{
    Run r = runProgram({ "--train", "--train-steps", "20", "--d-k", "16", "--len", "6", "--batch", "4", "--d-model",
        "5", "--d-v", "3", "--seed", "2", "--dump", "-" });
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QJsonObject o = QJsonDocument::fromJson(r.out).object();
    QCOMPARE(o["steps"].toArray().size(), 20);
    const QJsonObject b = o["batch0"].toObject(), init = o["init"].toObject();
    QCOMPARE(b["X"].toArray().size(), 4);
    QCOMPARE(b["X"].toArray()[0].toArray().size(), 6);
    QCOMPARE(b["X"].toArray()[0].toArray()[0].toArray().size(), 5);
    QCOMPARE(init["W_q"].toArray().size(), 5);
    QCOMPARE(init["W_q"].toArray()[0].toArray().size(), 16);
    // The unscaled run's first loss from the dumped numbers alone, as anyone would recompute it.
    // (a QJsonValue, not a reference into the temporary array: that one dangles)
    auto at = [](const QJsonValue &v, int i) -> QJsonValue { return v.toArray().at(i); };
    double loss = 0;
    for (int e = 0; e < 4; ++e) {
        const int t = b["target"].toArray()[e].toInt();
        double logits[6], top = -1e300;
        for (int j = 0; j < 6; ++j) {
            double sum = 0;
            for (int c = 0; c < 16; ++c) {
                double a = 0, k = 0;
                for (int d = 0; d < 5; ++d) {
                    a += at(b["query"], e)[d].toDouble() * at(at(init["W_q"], d), c).toDouble();
                    k += at(at(b["X"], e), j)[d].toDouble() * at(at(init["W_k"], d), c).toDouble();
                }
                sum += a * k;
            }
            logits[j] = sum;
            top = std::max(top, sum);
        }
        double z = 0;
        for (double &l : logits)
            z += (l = std::exp(l - top));
        for (int v = 0; v < 3; ++v) {
            double out = 0;
            for (int j = 0; j < 6; ++j)
                out += logits[j] / z * at(at(b["V"], e), j)[v].toDouble();
            const double diff = out - at(at(b["V"], e), t)[v].toDouble();
            loss += diff * diff / 4;
        }
    }
    const double dumped = o["unscaled"].toObject()["loss"].toArray()[0].toDouble();
    QVERIFY2(std::fabs(loss - dumped) <= 1e-12 * dumped, qPrintable(QString::number(loss - dumped)));
    QCOMPARE(o["scaled"].toObject()["scale"].toDouble(), 0.25);
    QCOMPARE(o["settings"].toObject()["optimizer"].toString(), QString("sgd"));
    QCOMPARE(o["settings"].toObject()["learning_rate"].toDouble(), 0.5);
    r = runProgram({ "--train", "--optimizer", "adam", "--train-steps", "3", "--dump", "-" });
    QCOMPARE(QJsonDocument::fromJson(r.out).object()["settings"].toObject()["learning_rate"].toDouble(), 0.01);
    QTemporaryDir dir;
    r = runProgram({ "--train", "--train-steps", "30", "--export", dir.filePath("t.csv") });
    QCOMPARE(r.exitCode, 0);
    QFile csv(dir.filePath("t.csv"));
    QVERIFY(csv.open(QIODevice::ReadOnly));
    QCOMPARE(csv.readAll().trimmed().split('\n').size(), 31);
    // The default settings' first 60 steps (300 take half a minute under the sanitizers): their verdict is the same.
    r = runProgram({ "--train", "--train-steps", "60", "--export", dir.filePath("t.svg") }, true);
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QFile svg(dir.filePath("t.svg"));
    QVERIFY(svg.open(QIODevice::ReadOnly));
    const QByteArray drawn = svg.readAll();
    QVERIFY(drawn.contains("Training with and without the scale"));
    // The verdict, from its numbers (the caption's words, whatever lines they wrap onto; the figures those of
    // --train --train-steps 60 --dump).
    const QString words = QString::fromUtf8(drawn).replace(QRegularExpression("<[^>]*>"), " ").simplified();
    QVERIFY2(words.contains("Without the scale the layer does not learn: held-out accuracy"), qPrintable(words));
    const Run sixty = runProgram({ "--train", "--train-steps", "60", "--dump", "-" });
    QCOMPARE(sixty.exitCode, 0);
    const QJsonObject unscaled = QJsonDocument::fromJson(sixty.out).object()["unscaled"].toObject();
    const auto lastTen = [&unscaled](const char *key) {
        const QJsonArray a = unscaled[key].toArray();
        double sum = 0;
        for (int i = a.size() - 10; i < a.size(); ++i)
            sum += a[i].toDouble();
        return QString::number(sum / 10, 'f', 3);
    };
    const QString oneHot = "Its rows are one-hot (largest weight " + lastTen("max_weight") + ") and put "
        + lastTen("target_weight") + " on the target on average";
    QVERIFY2(words.contains(oneHot), qPrintable(oneHot + " | " + words));
    QVERIFY(
        words.contains(QRegularExpression("puts the largest weight on the target in (9[0-9]|100) % of the held-out")));
    for (const QStringList &bad : { QStringList { "--train", "--optimizer", "rmsprop", "--dump", "-" },
             QStringList { "--train-lr", "0.1", "--dump", "-" },
             QStringList { "--train", "--train-lr", "0", "--dump", "-" },
             QStringList { "--train", "--train-steps", "0", "--dump", "-" },
             QStringList { "--train", "--no-scale", "--dump", "-" },
             QStringList { "--train", "--train-init", "xavier", "--dump", "-" },
             QStringList { "--train", "--export", dir.filePath("t.npy") },
             QStringList { "--train", "--sweep", "d-k=1..4", "--dump", "-" },
             QStringList { "--train", "--mask", "causal", "--dump", "-" },
             QStringList { "--train", "--d-k", "4096", "--train-steps", "100000", "--dump", "-" } }) {
        r = runProgram(bad);
        QVERIFY2(r.exitCode == 2 && r.err.startsWith("attention-viz: --"), qPrintable(bad.join(' ') + ": " + r.err));
        QCOMPARE(r.err.count('\n'), 1);
    }
    // core's limits, reported against the option that set them
    r = runProgram({ "--train", "--len", "300", "--dump", "-" });
    QCOMPARE(QString::fromUtf8(r.err).trimmed(), QString("attention-viz: --len: must be from 2 to 256 (got 300)"));
    const CliOutcome window = parse({ "--train", "--d-k", "64", "--optimizer", "adam" });
    QCOMPARE(window.kind, CliOutcome::Run);
    QVERIFY(window.request.train && window.request.train->dK == 64);
    QVERIFY(window.request.opensWindow());
}

// --init, --sigma and --scaling reach the dump's params, and the expected variances follow them.
void TestCli::initSigmaAndScalingInTheDump()
{
    const Run r = runProgram(
        { "--init", "linear", "--sigma", "2", "--scaling", "sqrt-d-model", "--d-model", "16", "--dump", "-" });
    QCOMPARE(r.exitCode, 0);
    const QJsonObject o = QJsonDocument::fromJson(r.out).object();
    const QJsonObject p = o["params"].toObject();
    QCOMPARE(p["init"].toString(), QString("linear"));
    QCOMPARE(p["sigma"].toDouble(), 2.0);
    QCOMPARE(p["scaling"].toString(), QString("inv_sqrt_d_model"));
    QCOMPARE(p["scale"].toDouble(), 0.25);
    const QJsonObject stats = o["score_stats"].toObject();
    QVERIFY(std::fabs(stats["expected_raw_variance"].toDouble() - 4.0 / 9 * 16) < 1e-9); // d_k/9 sigma⁴
    QVERIFY(std::fabs(stats["expected_scaled_variance"].toDouble() - 4.0 / 9) < 1e-9);
    QCOMPARE(o["jacobian_norm"].toArray()[0].toArray().size(), 5);
}

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
