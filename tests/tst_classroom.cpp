// The classroom: presets reproduce the lecture, scenarios and lessons load and save (and bad files
// are refused with the file and field named), every shortcut does what it says, presentation mode
// enlarges the text, the compare view shares Q and K, the sweep steps d_k.
#include "model/attention_model.h"
#include "widgets/controls_panel.h"
#include "widgets/explanation_panel.h"
#include "widgets/heatmap_panel.h"
#include "lecture.h"
#include "run_program.h"
#include "widgets/main_window.h"
#include "io/scenario.h"
#include "model/tokens.h"

#include <qcustomplot.h>

#include <QClipboard>
#include <QDockWidget>
#include <QJsonDocument>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

namespace {

void writeFile(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        qFatal("cannot write %s", qPrintable(path));
    f.write(bytes);
}


} // namespace

class TestClassroom : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void cleanup();
    void presetsReproduceTheLecture();
    void compareViewSharesQAndK();
    void hoverIsSynchronised();
    void shortcuts_data();
    void shortcuts();
    void maskCycles();
    void presentationEnlargesText();
    void lessonStepsForwardAndBack();
    void builtInLessonLoads();
    void scenarioRoundTrip();
    void scenarioRoundTripThroughProgram();
    void badScenarios_data();
    void badScenarios();
    void badScenarioKeepsState();
    void unknownPresetListsPresets();
    void animationStepsDk();
    void splittingSentences_data();
    void splittingSentences();
    void tokensInTheWindow();
    void tokensFromTheCommandLine();

private:
    QTemporaryDir m_dir;
    AttentionModel *m_model = nullptr;
    MainWindow *m_window = nullptr;
};

void TestClassroom::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
}

void TestClassroom::init()
{
    m_model = new AttentionModel;
    m_window = new MainWindow(m_model, false);
    m_window->resize(1400, 900);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window));
}

void TestClassroom::cleanup()
{
    delete m_window;
    delete m_model;
}

void TestClassroom::presetsReproduceTheLecture()
{
    QCOMPARE(presetNames(), QStringList({"qkv-basics", "why-scale", "sdpa-check", "wrong-dim"}));
    m_window->applyScenario(findPreset("qkv-basics")->scenario);
    auto r = m_model->result();
    for (int j = 0; j < 5; ++j)
        QVERIFY(lecture::printsAs(r->attention.weights(0, 0, j), lecture::block1Weights00[j]));
    for (int d = 0; d < 4; ++d)
        QVERIFY(lecture::printsAs(r->attention.out(0, 0, d), lecture::block1Out00[d]));
    QVERIFY(m_window->captionText().contains("0.9977"));

    m_window->applyScenario(findPreset("why-scale")->scenario);
    QCOMPARE(m_model->compare(), CompareKind::Scaling);
    r = m_model->result();
    const auto raw = m_window->comparison()->partner()->result();
    for (int j = 0; j < 6; ++j)
        QVERIFY(lecture::printsAs((*r->scores)(0, 0, j), lecture::block2Scores[j]));
    QVERIFY(lecture::printsAs(r->attention.stats.rowMax(0, 0), lecture::block2ScaledMax));
    QVERIFY(lecture::printsAs(r->attention.stats.rowEntropy(0, 0), lecture::block2ScaledEntropy));
    QCOMPARE(raw->params.scaling, attn::Scaling::None);
    QVERIFY(lecture::printsAs(raw->attention.stats.rowMax(0, 0), lecture::block2UnscaledMax));
    QVERIFY(lecture::printsAs(raw->attention.stats.rowEntropy(0, 0), lecture::block2UnscaledEntropy));
    QVERIFY(m_window->partnerHeatmap()->isVisible());
    QVERIFY(m_window->explanation()->compareText().contains("0.8638"));

    m_window->applyScenario(findPreset("sdpa-check")->scenario);
    QCOMPARE(m_model->compare(), CompareKind::None);
    QVERIFY(!m_window->partnerHeatmap()->isVisible());
    QCOMPARE(m_model->result()->params, lecture::block3());

    m_window->applyScenario(findPreset("wrong-dim")->scenario);
    r = m_model->result();
    QVERIFY(lecture::printsAs(r->attention.stats.rowSums(0, 0), lecture::exerciseRow0Sum));
    for (int j = 0; j < 5; ++j)
        QVERIFY(lecture::printsAs(r->attention.stats.colSums(0, j), 1.0));
    QCOMPARE(m_window->comparison()->partner()->result()->params.softmaxDim, -1);
}

void TestClassroom::compareViewSharesQAndK()
{
    m_model->setParams(lecture::block1());
    m_model->setCompare(CompareKind::SoftmaxDim);
    const auto a = m_model->result(), b = m_window->comparison()->partner()->result();
    QCOMPARE(b->inputs.get(), a->inputs.get()); // the very same Q, K, V
    QCOMPARE(b->scores.get(), a->scores.get());
    QCOMPARE(b->params.softmaxDim, -2);
    QCOMPARE(m_window->heatmap()->title(), QString("softmax over keys (dim −1)"));
    QCOMPARE(m_window->partnerHeatmap()->title(), QString("softmax over queries (dim −2)"));
    QVERIFY(!m_window->partnerHeatmap()->flaggedRows().isEmpty()); // its row-sum panel flags rows
    // changing the settings moves both
    m_window->action("doubleDk")->trigger();
    QCOMPARE(m_window->comparison()->partner()->result()->params.dK, 8);
    QCOMPARE(m_window->comparison()->partner()->result()->inputs.get(), m_model->result()->inputs.get());
    m_model->setCompare(CompareKind::Dk, 64);
    QCOMPARE(m_window->comparison()->partner()->result()->params.dK, 64);

    // large enough to be computed off the GUI thread: both heatmaps end on the new settings
    attn::Params big = m_model->params();
    big.mode = attn::Mode::Direct;
    big.queryLength = big.keyLength = 1500;
    m_model->setCompare(CompareKind::SoftmaxDim);
    m_model->setParams(big);
    m_window->waitUntilComputed();
    QCOMPARE(m_window->comparison()->partner()->result()->params.queryLength, 1500);
    QCOMPARE(m_window->comparison()->partner()->result()->inputs.get(), m_model->result()->inputs.get());
    QCOMPARE(m_window->comparison()->partner()->result()->params.seed, m_model->params().seed);
}

void TestClassroom::hoverIsSynchronised()
{
    m_model->setCompare(CompareKind::Scaling);
    emit m_window->heatmap()->hovered(2, 3);
    QCOMPARE(m_model->hoveredCell(), QPoint(3, 2)); // through the model
    QCOMPARE(m_window->partnerHeatmap()->highlight(), QPoint(3, 2));
    QCOMPARE(m_window->heatmap()->highlight(), QPoint(3, 2));
    emit m_window->partnerHeatmap()->hovered(-1, -1);
    QCOMPARE(m_window->heatmap()->highlight(), QPoint(-1, -1));
    // a real mouse move over a cell of the first heatmap outlines it in the second
    QCustomPlot *plot = m_window->heatmap()->plot();
    plot->replot();
    const QPoint at = m_window->heatmap()->cellCenter(1, 4).toPoint();
    QMouseEvent move(QEvent::MouseMove, at, plot->mapToGlobal(at), Qt::NoButton, Qt::NoButton, Qt::NoModifier);
    QApplication::sendEvent(plot, &move);
    QCOMPARE(m_window->partnerHeatmap()->highlight(), QPoint(4, 1));
}

void TestClassroom::shortcuts_data()
{
    QTest::addColumn<int>("key");
    QTest::addColumn<QString>("what");
    QTest::newRow("S toggles scaling") << int(Qt::Key_S) << "scaling";
    QTest::newRow("D toggles the softmax dim") << int(Qt::Key_D) << "dim";
    QTest::newRow("Up doubles d_k") << int(Qt::Key_Up) << "dk*2";
    QTest::newRow("Down halves d_k") << int(Qt::Key_Down) << "dk/2";
    QTest::newRow("Right lengthens") << int(Qt::Key_Right) << "L+1";
    QTest::newRow("Left shortens") << int(Qt::Key_Left) << "L-1";
    QTest::newRow("M changes the mask") << int(Qt::Key_M) << "mask";
    QTest::newRow("R draws a new seed") << int(Qt::Key_R) << "seed";
    QTest::newRow("Page Down steps the lesson") << int(Qt::Key_PageDown) << "step";
    QTest::newRow("Space starts the sweep") << int(Qt::Key_Space) << "sweep";
    QTest::newRow("F5 presents") << int(Qt::Key_F5) << "present";
    QTest::newRow("C compares") << int(Qt::Key_C) << "compare";
}

void TestClassroom::shortcuts()
{
    QFETCH(int, key);
    QFETCH(QString, what);
    attn::Params p = m_model->params();
    p.dK = p.dV = 16;
    m_model->setParams(p);
    m_window->heatmap()->plot()->setFocus();
    QTest::keyClick(m_window, Qt::Key(key));
    const attn::Params q = m_model->params();
    if (what == "scaling")
        QCOMPARE(q.scaling, attn::Scaling::None);
    else if (what == "dim")
        QCOMPARE(q.softmaxDim, -2);
    else if (what == "dk*2")
        QCOMPARE(q.dK, 32);
    else if (what == "dk/2")
        QCOMPARE(q.dK, 8);
    else if (what == "L+1")
    {
        QCOMPARE(q.queryLength, 6);
        QCOMPARE(q.keyLength, 6);
    }
    else if (what == "L-1")
    {
        QCOMPARE(q.queryLength, 4);
        QCOMPARE(q.keyLength, 4);
    }
    else if (what == "mask")
        QCOMPARE(q.mask, attn::MaskKind::Causal);
    else if (what == "seed")
        QVERIFY(q.seed != p.seed);
    else if (what == "step")
    {
        QCOMPARE(m_window->lesson()->currentStep(), 0);
        QCOMPARE(q, findPreset("qkv-basics")->scenario.params);
    }
    else if (what == "sweep")
    {
        QVERIFY(m_window->sweep()->isRunning());
        m_window->sweep()->setRunning(false);
    }
    else if (what == "compare") {
        QCOMPARE(m_model->compare(), CompareKind::Scaling);
        QTest::keyClick(m_window, Qt::Key_C);
        QCOMPARE(m_model->compare(), CompareKind::SoftmaxDim);
        QTest::keyClick(m_window, Qt::Key_C);
        QCOMPARE(m_model->compare(), CompareKind::None);
    } else if (what == "present") {
        QVERIFY(m_window->isPresentation());
        QTest::keyClick(m_window, Qt::Key_Escape);
        QVERIFY(!m_window->isPresentation());
    }
    QCOMPARE(m_model->result()->params, m_model->params()); // and the result follows at once
}

void TestClassroom::maskCycles()
{
    QTest::keyClick(m_window, Qt::Key_M);
    QCOMPARE(m_model->params().mask, attn::MaskKind::Causal);
    QTest::keyClick(m_window, Qt::Key_M);
    QCOMPARE(m_model->params().mask, attn::MaskKind::Pad);
    QCOMPARE(m_model->params().padCount, 1);
    QTest::keyClick(m_window, Qt::Key_M);
    QCOMPARE(m_model->params().mask, attn::MaskKind::None);
}

void TestClassroom::presentationEnlargesText()
{
    QCustomPlot *plot = m_window->heatmap()->plot();
    const QFont before = plot->axisRect(0)->axis(QCPAxis::atBottom)->tickLabelFont();
    m_window->setPresentation(true, false);
    const QFont after = plot->axisRect(0)->axis(QCPAxis::atBottom)->tickLabelFont();
    QVERIFY2(after.pointSizeF() >= 2 * before.pointSizeF() - 0.01, qPrintable(QString("%1 -> %2").arg(before.pointSizeF()).arg(after.pointSizeF())));
    QVERIFY(!m_window->findChild<QDockWidget *>("settingsDock")->isVisible()); // only the demo's controls
    QVERIFY(m_window->findChild<QToolBar *>("demoBar")->isVisible());
    QVERIFY(m_window->explanation()->findChild<QLabel *>("formula")->font().pointSizeF() >= 2 * QApplication::font().pointSizeF());
    // still live, and copying a picture works from the keyboard with the menus hidden
    QTest::keyClick(m_window, Qt::Key_Up);
    QCOMPARE(m_model->result()->params.dK, 8);
    QGuiApplication::clipboard()->clear();
    QTest::keyClick(m_window, Qt::Key_C, Qt::ControlModifier | Qt::ShiftModifier);
    QVERIFY(!QGuiApplication::clipboard()->image().isNull());
    m_window->setPresentation(false);
    QCOMPARE(plot->axisRect(0)->axis(QCPAxis::atBottom)->tickLabelFont().pointSizeF(), before.pointSizeF());
    QVERIFY(m_window->findChild<QDockWidget *>("settingsDock")->isVisible());
}

void TestClassroom::lessonStepsForwardAndBack()
{
    const QString path = m_dir.filePath("lesson.json");
    writeFile(path, R"({"format": "attention-viz-lesson", "version": 1, "title": "Two steps",
        "steps": [{"params": {"mode": "direct", "len": 1, "keys": 6, "d_k": 64}, "caption": "first"},
                  {"params": {"mode": "direct", "len": 1, "keys": 6, "d_k": 64, "scaling": "none"}, "compare": "scaling",
                   "caption": {"en": "second", "zh": "第二步"}}]})");
    QString error;
    QVERIFY2(m_window->openLesson(path, &error), qPrintable(error));
    QCOMPARE(m_window->lesson()->currentStep(), 0);
    QCOMPARE(m_window->lesson()->length(), 2);
    QVERIFY(m_window->captionText().contains("first"));
    QTest::keyClick(m_window, Qt::Key_PageDown);
    QCOMPARE(m_window->lesson()->currentStep(), 1);
    QCOMPARE(m_model->params().scaling, attn::Scaling::None);
    QCOMPARE(m_model->compare(), CompareKind::Scaling);
    QVERIFY(m_window->captionText().contains("second"));
    QTest::keyClick(m_window, Qt::Key_PageDown); // stays on the last step
    QCOMPARE(m_window->lesson()->currentStep(), 1);
    QTest::keyClick(m_window, Qt::Key_PageUp);
    QCOMPARE(m_window->lesson()->currentStep(), 0);
    QCOMPARE(m_model->params().scaling, attn::Scaling::InvSqrtDk);
    QCOMPARE(m_model->compare(), CompareKind::None);
}

void TestClassroom::builtInLessonLoads()
{
    QString error;
    const auto lesson = loadLesson(builtInLessonPath(), &error);
    QVERIFY2(lesson.has_value(), qPrintable(error));
    QCOMPARE(int(lesson->steps.size()), 8);
    QCOMPARE(lesson->steps.front().params, lecture::block1()); // from the first block ...
    QCOMPARE(lesson->steps[6].params, lecture::exercise(-2));  // ... to the exercise
    for (const Scenario &s : lesson->steps) {
        QVERIFY(!s.captionEn.isEmpty());
        QVERIFY(!s.captionZh.isEmpty());
    }
    m_window->action("nextStep")->trigger(); // with no lesson open, Page Down starts the lecture's
    QCOMPARE(m_window->lesson()->length(), 8);
    QVERIFY(m_window->captionText().contains("1/8"));
}

void TestClassroom::scenarioRoundTrip()
{
    Scenario s;
    s.params = lecture::exercise(-2);
    s.params.mask = attn::MaskKind::Pad;
    s.params.padCount = 2;
    s.params.seed = 18446744073709551615ull;
    s.display.colorMap = "magma";
    s.display.range = DisplayOptions::Range::Fit;
    s.compare = CompareKind::Dk;
    s.compareDk = 512;
    s.captionEn = "hello";
    s.captionZh = "你好";
    s.params.mode = attn::Mode::Projection;
    s.params.tokens = {"我", "爱", "你", "\"quoted\""};
    s.params.positions = true;
    s.params.queryLength = s.params.keyLength = 4;
    const QString path = m_dir.filePath("s.json");
    QString error;
    QVERIFY(saveScenario(path, s, &error));
    const auto back = loadScenario(path, &error);
    QVERIFY2(back.has_value(), qPrintable(error));
    QVERIFY(*back == s);
    m_window->applyScenario(*back);
    QVERIFY(m_window->currentScenario().params == s.params);
    QCOMPARE(m_window->currentScenario().compareDk, 512);
}

void TestClassroom::scenarioRoundTripThroughProgram()
{
    const QString path = m_dir.filePath("cli.json");
    const QStringList settings{"--mode", "direct", "--len", "4", "--keys", "7", "--d-k", "16", "--seed", "9", "--mask", "pad:2",
                               "--softmax-dim", "-2", "--scale", "0.3", "--compare", "softmax-dim"};
    QCOMPARE(runProgram(QStringList(settings) << "--save-scenario" << path).exitCode, 0);
    const Run direct = runProgram(QStringList(settings) << "--dump" << "-");
    const Run loaded = runProgram({"--scenario", path, "--dump", "-"});
    QCOMPARE(direct.exitCode, 0);
    QCOMPARE(loaded.out, direct.out); // the same state, to the last digit
    // options after a scenario change it
    const Run changed = runProgram({"--scenario", path, "--d-k", "32", "--dump", "-"});
    QCOMPARE(QJsonDocument::fromJson(changed.out).object()["params"].toObject()["d_k"].toInt(), 32);
    QCOMPARE(QJsonDocument::fromJson(changed.out).object()["params"].toObject()["keys"].toInt(), 7);
}

void TestClassroom::badScenarios_data()
{
    QTest::addColumn<QByteArray>("contents");
    QTest::addColumn<QString>("message");
    QTest::newRow("not JSON") << QByteArray("{ this is not json") << "not valid JSON";
    QTest::newRow("not an object") << QByteArray("[1, 2]") << "expected a JSON object";
    QTest::newRow("wrong format") << QByteArray(R"({"format": "something", "version": 1})") << "format: expected \"attention-viz-scenario\"";
    QTest::newRow("newer version") << QByteArray(R"({"format": "attention-viz-scenario", "version": 7})") << "version: 7 is newer than this program reads (1)";
    QTest::newRow("out of range") << QByteArray(R"({"format": "attention-viz-scenario", "version": 1, "params": {"d_k": 0}})") << "params.d_k: must be from 1 to 65536 (got 0)";
    QTest::newRow("wrong type") << QByteArray(R"({"format": "attention-viz-scenario", "version": 1, "params": {"len": "five"}})") << "params.len: expected a whole number";
    QTest::newRow("unknown field") << QByteArray(R"({"format": "attention-viz-scenario", "version": 1, "params": {"dk": 4}})") << "params.dk: unknown field";
    QTest::newRow("bad mask") << QByteArray(R"({"format": "attention-viz-scenario", "version": 1, "params": {"keys": 4, "mask": "pad:9"}})") << "params.mask: pad:N needs a number of keys N from 0 to 4";
    QTest::newRow("bad colormap") << QByteArray(R"({"format": "attention-viz-scenario", "version": 1, "display": {"colormap": "jet"}})") << "display.colormap: expected one of";
    QTest::newRow("tokens with cross") << QByteArray(R"({"format": "attention-viz-scenario", "version": 1, "params": {"tokens": ["a", "b"], "cross": true}})") << "params.cross: tokens are for self-attention";
    QTest::newRow("positions in direct mode") << QByteArray(R"({"format": "attention-viz-scenario", "version": 1, "params": {"mode": "direct", "tokens": ["a"], "positions": true}})") << "params.positions: position encodings are added to token embeddings";
    QTest::newRow("bad compare") << QByteArray(R"({"format": "attention-viz-scenario", "version": 1, "compare": "both"})") << "compare: expected one of";
}

void TestClassroom::badScenarios()
{
    QFETCH(QByteArray, contents);
    QFETCH(QString, message);
    const QString path = m_dir.filePath("bad.json");
    writeFile(path, contents);
    QString error;
    QVERIFY(!loadScenario(path, &error).has_value());
    QVERIFY2(error.startsWith(path + ": ") && error.contains(message), qPrintable(error));
    // and the program says the same, with exit status 2
    const Run r = runProgram({"--scenario", path, "--dump", "-"});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(QString::fromUtf8(r.err).contains(message), r.err.constData());
    QCOMPARE(r.err.count('\n'), 1);
}

void TestClassroom::badScenarioKeepsState()
{
    m_model->setParams(lecture::block1());
    QString error;
    QVERIFY(!loadScenario(m_dir.filePath("missing.json"), &error));
    QVERIFY(error.contains("missing.json: no such file"));
    QVERIFY(!m_window->openLesson(m_dir.filePath("missing.json"), &error));
    const QString bad = m_dir.filePath("badlesson.json");
    writeFile(bad, R"({"format": "attention-viz-lesson", "version": 1, "steps": [{"params": {"len": 3}}, {"params": {"batch": 0}}]})");
    QVERIFY(!m_window->openLesson(bad, &error));
    QVERIFY2(error.contains("steps[1].params.batch: must be from 1"), qPrintable(error));
    QCOMPARE(m_model->params(), lecture::block1()); // nothing changed
    QCOMPARE(m_window->lesson()->length(), 0);
}

void TestClassroom::unknownPresetListsPresets()
{
    const Run r = runProgram({"--preset", "why-not"});
    QCOMPARE(r.exitCode, 2);
    QCOMPARE(QString::fromUtf8(r.err).trimmed(),
             QString("attention-viz: --preset: unknown preset 'why-not'; the presets are: qkv-basics, why-scale, sdpa-check, wrong-dim"));
    const Run ok = runProgram({"--preset", "why-scale", "--no-scale", "--dump", "-"});
    QCOMPARE(ok.exitCode, 0);
    const QJsonObject o = QJsonDocument::fromJson(ok.out).object();
    QVERIFY(lecture::printsAs(o["row_max"].toArray()[0].toArray()[0].toDouble(), lecture::block2UnscaledMax));
}

void TestClassroom::animationStepsDk()
{
    m_model->setParams(lecture::block2(true));
    m_window->sweep()->setRunning(true);
    QCOMPARE(m_model->compare(), CompareKind::Scaling); // so the two entropies can drift apart
    m_window->sweep()->step();
    QCOMPARE(m_model->result()->params.dK, 128);
    QCOMPARE(m_window->comparison()->partner()->result()->params.dK, 128);
    const double scaled = m_model->result()->attention.stats.rowEntropy(0, 0);
    const double raw = m_window->comparison()->partner()->result()->attention.stats.rowEntropy(0, 0);
    QVERIFY(raw < scaled);
    QCOMPARE(m_window->heatmap()->rowEntropyBars().value(0), scaled); // the view shows the step
    for (int i = 0; i < 4; ++i)
        m_window->sweep()->step();
    QCOMPARE(m_model->params().dK, 1); // 256, 512, 1024, then round again
    m_window->findChild<QAction *>("sweep250ms")->trigger(); // View > Sweep speed > Fast
    QCOMPARE(m_window->sweep()->interval(), 250);
    m_window->sweep()->setInterval(10);
    QTRY_VERIFY_WITH_TIMEOUT(m_model->params().dK >= 4, 5000); // the timer drives it
    m_window->sweep()->setRunning(false);
    QVERIFY(!m_window->sweep()->isRunning());

    // over the length instead: L = S doubles, the entropy bound ln S grows
    m_model->setCompare(CompareKind::None);
    m_model->setParams(lecture::block1());
    m_window->findChild<QAction *>("sweepLength")->trigger();
    QVERIFY(m_window->sweep()->over() == SweepController::Over::Length);
    m_window->sweep()->setRunning(true);
    QCOMPARE(m_model->compare(), CompareKind::None); // no comparison forced for the length
    m_window->sweep()->step();
    QCOMPARE(m_model->result()->params.queryLength, 10);
    QCOMPARE(m_model->result()->params.keyLength, 10);
    QVERIFY(std::fabs(m_model->result()->attention.stats.maxRowEntropy - std::log(10.0)) < 1e-12);
    m_window->sweep()->setRunning(false);
}

void TestClassroom::splittingSentences_data()
{
    QTest::addColumn<QString>("sentence");
    QTest::addColumn<QStringList>("tokens");
    QTest::newRow("words") << "the cat  sat on the mat" << QStringList{"the", "cat", "sat", "on", "the", "mat"};
    QTest::newRow("punctuation") << "Hello, world!" << QStringList{"Hello", ",", "world", "!"};
    QTest::newRow("chinese") << QString::fromUtf8("我爱你，你爱我") << QStringList{"我", "爱", "你", "，", "你", "爱", "我"};
    QTest::newRow("mixed") << QString::fromUtf8("Transformer 很强") << QStringList{"Transformer", "很", "强"};
    QTest::newRow("empty") << "   " << QStringList{};
}

void TestClassroom::splittingSentences()
{
    QFETCH(QString, sentence);
    QFETCH(QStringList, tokens);
    QCOMPARE(splitTokens(sentence), tokens);
}

void TestClassroom::tokensInTheWindow()
{
    ControlsPanel *c = m_window->controls();
    c->tokensEdit->setText("the cat sat on the mat");
    emit c->tokensEdit->editingFinished();
    const attn::Params p = m_model->params();
    QCOMPARE(p.tokens.size(), std::size_t(6));
    QCOMPARE(p.queryLength, 6);
    QCOMPARE(p.keyLength, 6);
    const auto r = m_model->result();
    QCOMPARE(r->inputs->E.rows, 5); // "the" twice, one embedding
    for (int j = 0; j < 6; ++j)
        QCOMPARE(r->attention.weights(0, 0, j), r->attention.weights(0, 4, j));
    auto ticker = m_window->heatmap()->plot()->axisRect(0)->axis(QCPAxis::atBottom)->ticker().dynamicCast<QCPAxisTickerText>();
    QVERIFY(ticker);
    QCOMPARE(ticker->ticks().value(5), QString("mat"));
    QVERIFY(c->positionsCheck->isEnabled());
    c->positionsCheck->setChecked(true);
    QVERIFY(m_model->result()->params.positions);
    QVERIFY(m_model->result()->attention.weights(0, 0, 1) != m_model->result()->attention.weights(0, 4, 1));
    // another length drops the words, and the axes show numbers again
    QTest::keyClick(m_window, Qt::Key_Right);
    QCOMPARE(m_model->params().queryLength, 7);
    QVERIFY(m_model->params().tokens.empty());
    QVERIFY(c->tokensEdit->text().isEmpty());
    QVERIFY(m_window->heatmap()->plot()->axisRect(0)->axis(QCPAxis::atBottom)->ticker().dynamicCast<QCPAxisTickerText>().isNull());
}

void TestClassroom::tokensFromTheCommandLine()
{
    const Run r = runProgram({"--tokens", "the cat sat on the mat", "--positions", "--dump", "-"});
    QCOMPARE(r.exitCode, 0);
    const QJsonObject o = QJsonDocument::fromJson(r.out).object();
    QCOMPARE(o["params"].toObject()["len"].toInt(), 6);
    QCOMPARE(o["params"].toObject()["tokens"].toArray().size(), 6);
    QCOMPARE(o["E"].toArray().size(), 5);
    const Run bad = runProgram({"--tokens", "a b c", "--len", "4", "--dump", "-"});
    QCOMPARE(bad.exitCode, 2);
    QVERIFY(bad.err.contains("--tokens: 3 tokens make 3 queries and keys"));
    const Run positions = runProgram({"--positions", "--dump", "-"});
    QCOMPARE(positions.exitCode, 2);
    QVERIFY(positions.err.contains("--positions: adds position encodings"));
}

QTEST_MAIN(TestClassroom)
#include "tst_classroom.moc"
