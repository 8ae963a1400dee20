// SPDX-License-Identifier: GPL-3.0-or-later
// Scenario files: saved and read back to the last bit, the same state through the program's
// --save-scenario and --scenario, and bad files refused with the file and the field named (by the
// reader and by the program, exit status 2).
#include "io/scenario.h"
#include "lecture.h"
#include "run_program.h"
#include "scenario_files.h"

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
    void badScenarios_data();
    void badScenarios();
    void missingScenarioIsNamed();

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

QTEST_MAIN(TestScenarios)
#include "tst_scenarios.moc"
