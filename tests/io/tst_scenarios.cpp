// SPDX-License-Identifier: GPL-3.0-or-later
// Scenario files: saved and read back to the last bit, the same state through the program's
// --save-scenario and --scenario, and bad files refused with the file and the field named (by the
// reader and by the program, exit status 2).
#include "io/scenario.h"
#include "lecture.h"
#include "run_program.h"
#include "scenario_files.h"

#include "multihead.h"
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStandardPaths>
#include <QTemporaryDir>

#include <QtTest>

class TestScenarios : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void scenarioRoundTrip();
    void scenarioRoundTripThroughProgram();
    void headsRoundTripThroughProgram();
    void badScenarios_data();
    void badScenarios();
    void missingScenarioIsNamed();
    void demoFileRoundTrip();
    void demoFileFromTheCommandLine();
    void demoFileLessonIsChecked();
    void filesOutsideItsFolderAreNotRead();

private:
    QTemporaryDir m_dir;
};

void TestScenarios::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(m_dir.isValid());
}

void TestScenarios::scenarioRoundTrip()
{
    const Scenario s = everyFieldScenario();
    const QString path = m_dir.filePath("s.json");
    QString error;
    QVERIFY(saveScenario(path, s, &error));
    const auto back = loadScenario(path, &error);
    QVERIFY2(back.has_value(), qPrintable(error));
    QVERIFY(*back == s);
    // every comparison the window offers is saved and read back (score and mask-fill were once refused)
    for (const CompareKind kind : { CompareKind::None, CompareKind::Scaling, CompareKind::SoftmaxDim, CompareKind::Dk,
             CompareKind::Score, CompareKind::MaskFill }) {
        Scenario c = s;
        c.compare = kind;
        QVERIFY(saveScenario(path, c, &error));
        const auto read = loadScenario(path, &error);
        QVERIFY2(read.has_value(), qPrintable(compareName(kind) + ": " + error));
        QCOMPARE(read->compare, kind);
    }
    // the window shows it and gives it back: tst_lessons, scenarioInTheWindow
}

void TestScenarios::scenarioRoundTripThroughProgram()
{
    const QString path = m_dir.filePath("cli.json");
    const QStringList settings { "--mode", "direct", "--len", "4", "--keys", "7", "--d-k", "16", "--seed", "9",
        "--mask", "pad:2", "--softmax-dim", "-2", "--scale", "0.3", "--compare", "softmax-dim" };
    QCOMPARE(runProgram(QStringList(settings) << "--save-scenario" << path).exitCode, 0);
    const Run direct = runProgram(QStringList(settings) << "--dump"
                                                        << "-");
    const Run loaded = runProgram({ "--scenario", path, "--dump", "-" });
    QCOMPARE(direct.exitCode, 0);
    QCOMPARE(loaded.out, direct.out); // the same state, to the last digit
    // options after a scenario change it
    const Run changed = runProgram({ "--scenario", path, "--d-k", "32", "--dump", "-" });
    QCOMPARE(QJsonDocument::fromJson(changed.out).object()["params"].toObject()["d_k"].toInt(), 32);
    QCOMPARE(QJsonDocument::fromJson(changed.out).object()["params"].toObject()["keys"].toInt(), 7);
}

// nn.MultiheadAttention's heads with one of them shown: saved as what draws them ("heads": h), read back as the
// same state (the same printed command, the same dump to the last digit) and the same head shown.
void TestScenarios::headsRoundTripThroughProgram()
{
    const QString path = m_dir.filePath("heads.json");
    const QStringList settings { "--init", "mha", "--heads", "8", "--d-model", "64", "--len", "5", "--seed", "4",
        "--batch-index", "3", "--mask", "causal" };
    const Run saved = runProgram(QStringList(settings) << "--save-scenario" << path);
    QVERIFY2(saved.exitCode == 0, saved.err.constData());
    QString error;
    const auto s = loadScenario(path, &error);
    QVERIFY2(s.has_value(), qPrintable(error));
    const attn::MultiheadResult *heads = attn::multiheadOf(s->params);
    QVERIFY(heads);
    QCOMPARE(heads->settings.heads, 8);
    QCOMPARE(heads->settings.dModel, 64);
    QCOMPARE(s->params.batchIndex, 3);
    QCOMPARE(s->params.dK, 8);
    const Run direct = runProgram(QStringList(settings) << "--print-command");
    const Run again = runProgram({ "--scenario", path, "--print-command" });
    QCOMPARE(again.exitCode, 0);
    QCOMPARE(again.out, direct.out);
    QVERIFY2(
        direct.out.contains("--init mha --heads 8") && direct.out.contains("--batch-index 3"), direct.out.constData());
    QCOMPARE(runProgram({ "--scenario", path, "--export", m_dir.filePath("heads.csv") }).exitCode, 0);
    QCOMPARE(runProgram(QStringList(settings) << "--export" << m_dir.filePath("direct.csv")).exitCode, 0);
    QFile a(m_dir.filePath("heads.csv")), b(m_dir.filePath("direct.csv"));
    QVERIFY(a.open(QIODevice::ReadOnly) && b.open(QIODevice::ReadOnly));
    const QByteArray weights = a.readAll();
    QCOMPARE(weights, b.readAll()); // head 3's weights, the same to the last digit
    QVERIFY(weights.size() > 50);
}

void TestScenarios::badScenarios_data()
{
    QTest::addColumn<QByteArray>("contents");
    QTest::addColumn<QString>("message");
    QTest::newRow("not JSON") << QByteArray("{ this is not json") << "not valid JSON";
    QTest::newRow("not an object") << QByteArray("[1, 2]") << "expected a JSON object";
    QTest::newRow("wrong format") << QByteArray(R"({"format": "something", "version": 1})")
                                  << "format: expected \"attention-viz-scenario\"";
    QTest::newRow("newer version") << QByteArray(R"({"format": "attention-viz-scenario", "version": 7})")
                                   << "version: 7 is newer than this program reads (1)";
    QTest::newRow("out of range") << QByteArray(
        R"({"format": "attention-viz-scenario", "version": 1, "params": {"d_k": 0}})")
                                  << "params.d_k: must be from 1 to 65536 (got 0)";
    QTest::newRow("wrong type") << QByteArray(
        R"({"format": "attention-viz-scenario", "version": 1, "params": {"len": "five"}})")
                                << "params.len: expected a whole number";
    QTest::newRow("unknown field") << QByteArray(
        R"({"format": "attention-viz-scenario", "version": 1, "params": {"dk": 4}})")
                                   << "params.dk: unknown field";
    QTest::newRow("bad mask") << QByteArray(
        R"({"format": "attention-viz-scenario", "version": 1, "params": {"keys": 4, "mask": "pad:9"}})")
                              << "params.mask: pad:N needs a number of keys N from 0 to 4";
    QTest::newRow("bad colormap") << QByteArray(
        R"({"format": "attention-viz-scenario", "version": 1, "display": {"colormap": "jet"}})")
                                  << "display.colormap: expected one of";
    QTest::newRow("gradient panels not a boolean")
        << QByteArray(R"({"format": "attention-viz-scenario", "version": 1, "display": {"gradient_panels": "yes"}})")
        << "display.gradient_panels: expected true or false";
    QTest::newRow("tokens with cross") << QByteArray(
        R"({"format": "attention-viz-scenario", "version": 1, "params": {"tokens": ["a", "b"], "cross": true}})")
                                       << "params.cross: tokens are for self-attention";
    QTest::newRow("positions in direct mode") << QByteArray(
        R"({"format": "attention-viz-scenario", "version": 1, "params": {"mode": "direct", "tokens": ["a"], "positions": true}})")
                                              << "params.positions: position encodings are added to token embeddings";
    QTest::newRow("heads that do not divide d_model") << QByteArray(
        R"({"format": "attention-viz-scenario", "version": 1, "params": {"d_model": 30, "d_k": 10, "heads": 4}})")
                                                      << "params.heads: ";
    QTest::newRow("bad compare") << QByteArray(
        R"({"format": "attention-viz-scenario", "version": 1, "compare": "both"})")
                                 << "compare: expected one of";
}

void TestScenarios::badScenarios()
{
    QFETCH(QByteArray, contents);
    QFETCH(QString, message);
    const QString path = m_dir.filePath("bad.json");
    writeFile(path, contents);
    QString error;
    QVERIFY(!loadScenario(path, &error).has_value());
    QVERIFY2(error.startsWith(path + ": ") && error.contains(message), qPrintable(error));
    // and the program says the same, with exit status 2
    const Run r = runProgram({ "--scenario", path, "--dump", "-" });
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(QString::fromUtf8(r.err).contains(message), r.err.constData());
    QCOMPARE(r.err.count('\n'), 1);
}

void TestScenarios::missingScenarioIsNamed()
{
    QString error;
    QVERIFY(!loadScenario(m_dir.filePath("missing.json"), &error));
    QVERIFY(error.contains("missing.json: no such file"));
    // a bad lesson in the window keeps the state: tst_lessons, badLessonKeepsState
}

void TestScenarios::demoFileRoundTrip()
{
    // Every field of the classroom away from its default, the lesson a file beside the scenario.
    const QString lessonPath = m_dir.filePath("my-lesson.json");
    QFile::remove(lessonPath);
    QVERIFY(QFile::copy(builtInLessonPath(), lessonPath));
    Scenario s = everyFieldScenario();
    Classroom c;
    c.presentation = true;
    c.language = "zh";
    c.lessonPath = lessonPath;
    c.lessonStep = 4;
    c.onStep = false;
    c.windows = QStringList { "training", "why-scale", "mistakes" };
    c.whyScale.keys = 64;
    c.whyScale.trials = 50;
    c.whyScale.scaling = attn::Scaling::InvSqrtDModel;
    c.whyScale.additiveHidden = 16;
    c.training.dK = 64;
    c.training.steps = 120;
    c.training.optimizer = attn::Optimizer::Adam;
    c.training.learningRate = 0.01;
    c.training.noise = 0.5;
    c.training.seed = 18446744073709551615ull;
    c.training.init = attn::TrainInit::Randn;
    c.training.scaling = attn::Scaling::Custom;
    c.training.customScale = 0.3;
    c.mistake = attn::Mistake::TransposeQ;
    s.classroom = c;
    const QString path = m_dir.filePath("demo.json");
    QString error;
    QVERIFY(saveScenario(path, s, &error));
    // the lesson named relative to the demo, so that the two move together
    const QJsonObject saved = QJsonDocument::fromJson(readFile(path)).object();
    QCOMPARE(saved["classroom"].toObject()["lesson"].toString(), QStringLiteral("my-lesson.json"));
    QCOMPARE(saved["classroom"].toObject()["step"].toInt(), 5); // 1-based, as --step
    const auto back = loadScenario(path, &error);
    QVERIFY2(back.has_value(), qPrintable(error));
    QVERIFY(back->classroom.has_value());
    QCOMPARE(back->classroom->lessonPath, lessonPath);
    QCOMPARE(back->classroom->windows, c.windows);
    QVERIFY(back->classroom->training == c.training);
    QVERIFY(*back == s);
    // the built-in lesson stays built in
    s.classroom->lessonPath = builtInLessonPath();
    QVERIFY(saveScenario(path, s, &error));
    QCOMPARE(loadScenario(path, &error)->classroom->lessonPath, builtInLessonPath());
    // a plain scenario has none, and says nothing of the classroom
    s.classroom.reset();
    QVERIFY(saveScenario(path, s, &error));
    QVERIFY(!QJsonDocument::fromJson(readFile(path)).object().contains("classroom"));
    QVERIFY(!loadScenario(path, &error)->classroom.has_value());
}

void TestScenarios::demoFileFromTheCommandLine()
{
    // --save-scenario with --presentation and a lesson's step writes a demo file; --scenario reads it back
    const QString path = m_dir.filePath("cli-demo.json");
    QCOMPARE(
        runProgram({ "--lesson", "lecture", "--step", "4", "--presentation", "--lang", "zh", "--save-scenario", path })
            .exitCode,
        0);
    QString error;
    const auto demo = loadScenario(path, &error);
    QVERIFY2(demo.has_value(), qPrintable(error));
    QVERIFY(demo->classroom.has_value());
    QVERIFY(demo->classroom->presentation);
    QCOMPARE(demo->classroom->language, QStringLiteral("zh"));
    QCOMPARE(demo->classroom->lessonPath, builtInLessonPath());
    QCOMPARE(demo->classroom->lessonStep, 3);
    QVERIFY(demo->classroom->onStep);
    // its settings are step 4's
    const Run step = runProgram({ "--lesson", "lecture", "--step", "4", "--dump", "-" });
    const Run fromDemo = runProgram({ "--scenario", path, "--dump", "-" });
    QCOMPARE(fromDemo.exitCode, 0);
    QCOMPARE(fromDemo.out, step.out);
    // without those options the scenario is a plain one
    QCOMPARE(runProgram({ "--d-k", "8", "--save-scenario", path }).exitCode, 0);
    QVERIFY(!loadScenario(path, &error)->classroom.has_value());
}

void TestScenarios::demoFileLessonIsChecked()
{
    const QByteArray head = R"({"format": "attention-viz-scenario", "version": 1, "classroom": )";
    const struct
    {
        QByteArray classroom;
        QString message;
    } bad[] = {
        { R"({"lesson": "nowhere.json"})", "classroom.lesson: " },
        { R"({"lesson": ":/lessons/lecture.json", "step": 10})", "classroom.step: the lesson has 9 steps (got 10)" },
        { R"({"step": 2})", "classroom.step: needs a lesson" },
        { R"({"windows": ["why-scale", "sideways"]})", "classroom.windows: expected names among four-steps" },
        { R"({"windows": ["training", "training"]})", "classroom.windows: training is named twice" },
        { R"({"presentation": "yes"})", "classroom.presentation: expected true or false" },
        { R"({"language": "fr"})", "classroom.language: expected one of en, zh" },
        { R"({"why_scale": {"keys": 1}})", "classroom.why_scale.keys: must be from 2 to 4096 (got 1)" },
        { R"({"training": {"optimizer": "rmsprop"}})", "classroom.training.optimizer: expected one of sgd, adam" },
        { R"({"training": {"lr": -1}})", "classroom.training.lr: expected a number from 0 to 1000" },
        { R"({"mistake": "typo"})", "classroom.mistake: expected one of no-scale" },
        { R"({"projector": true})", "classroom.projector: unknown field" },
    };
    const QString path = m_dir.filePath("bad-demo.json");
    for (const auto &b : bad) {
        writeFile(path, head + b.classroom + "}");
        QString error;
        QVERIFY2(!loadScenario(path, &error).has_value(), b.classroom.constData());
        QVERIFY2(error.startsWith(path + ": ") && error.contains(b.message), qPrintable(error));
    }
}

// A scenario someone sent reads only files in its folder or below: "../../secret/creds.csv", an absolute path or a
// symbolic link out of the folder is refused, naming the file, and nothing of it is read; with
// --trust-scenario-files (in the window: after saying yes) it is read. A file beside it, or below, is read.
void TestScenarios::filesOutsideItsFolderAreNotRead()
{
    QDir root(m_dir.path());
    QVERIFY(root.mkpath("outside/secret") && root.mkpath("outside/mail/sub"));
    const QString secret = root.filePath("outside/secret/creds.csv");
    for (const QString &f : { secret, root.filePath("outside/mail/q.csv"), root.filePath("outside/mail/sub/k.csv") }) {
        QFile csv(f);
        QVERIFY(csv.open(QIODevice::WriteOnly));
        csv.write("1,2\n3,4\n");
    }
    QVERIFY(QFile::link(secret, root.filePath("outside/mail/link.csv")));
    const auto scenario = [&](const QString &name, const QString &q, const QString &k) {
        const QString path = root.filePath("outside/mail/" + name);
        QFile f(path);
        f.open(QIODevice::WriteOnly);
        f.write(QJsonDocument(QJsonObject { { "format", "attention-viz-scenario" }, { "version", 1 },
                                  { "load", QJsonObject { { "q", q }, { "k", k } } } })
                    .toJson());
        return path;
    };
    struct Case
    {
        QString name, q, k, far;
    };
    for (const Case &c : { Case { "up.json", "../secret/creds.csv", "q.csv", "../secret/creds.csv" },
             Case { "absolute.json", "q.csv", secret, secret },
             Case { "link.json", "link.csv", "q.csv", "link.csv" } }) {
        const QString path = scenario(c.name, c.q, c.k);
        QString error;
        QStringList outside;
        QVERIFY(!loadScenario(path, &error, false, &outside));
        QCOMPARE(outside, QStringList { c.far });
        QVERIFY2(error.contains(QStringLiteral("'%1' is outside the scenario's folder").arg(c.far)), qPrintable(error));
        const Run refused = runProgram({ "--scenario", path, "--dump", "-" });
        QCOMPARE(refused.exitCode, 2);
        QVERIFY2(
            refused.err.contains("is outside the scenario's folder") && refused.out.isEmpty(), refused.err.constData());
        const auto trusted = loadScenario(path, &error, true);
        QVERIFY2(trusted && trusted->params.loaded, qPrintable(error));
        QCOMPARE(runProgram({ "--scenario", path, "--trust-scenario-files", "--dump", "-" }).exitCode, 0);
    }
    QString error;
    const auto beside = loadScenario(scenario("beside.json", "q.csv", "sub/k.csv"), &error);
    QVERIFY2(beside && beside->params.loaded, qPrintable(error));
}

QTEST_MAIN(TestScenarios)
#include "tst_scenarios.moc"
