// SPDX-License-Identifier: GPL-3.0-or-later
// Bringing your own attention: Q and K saved from PyTorch give PyTorch's softmax and output; .npz archives
// (stored and deflated, with tokens) read as NumPy wrote them; bad archives (a zip bomb's header, an entry
// that is not an .npy, nothing known inside) are refused naming the file and the problem; the shapes are
// checked against each other; the loaded data go through the whole pipeline (scaling, dim, masks).
// Files: tests/reference/make_array_fixtures.py.

#include "attention.h"
#include "fixtures.h"
#include "io/array_files.h"
#include "io/scenario.h"
#include "weights.h"

#include "params_edit.h"
#include <sstream>

#include <QDir>
#include <QJsonArray>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

using namespace attn;

namespace {

QString file(const QString &name)
{
    return QStringLiteral(ATTN_ARRAY_FIXTURES) + "/" + name;
}

QJsonObject manifest()
{
    QFile f(file("manifest.json"));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot open the manifest");
    return QJsonDocument::fromJson(f.readAll()).object();
}

Params loadedParams(const std::shared_ptr<const LoadedInputs> &in)
{
    Params p;
    p.mode = Mode::Direct;
    p.loaded = in;
    normalize(p);
    return p;
}

void compare(const Tensor3 &ours, const QJsonObject &theirs, double tol, const QString &what)
{
    const std::vector<float> v = fixtureValues(theirs);
    QCOMPARE(ours.data.size(), v.size());
    for (std::size_t i = 0; i < v.size(); ++i)
        if (!(std::abs(ours.data[i] - v[i]) <= tol))
            QFAIL(qPrintable(QString("%1[%2]: %3, expected %4").arg(what).arg(i).arg(ours.data[i]).arg(v[i])));
}

} // namespace

class TestLoading : public QObject
{
    Q_OBJECT

private slots:
    void torchQandKGiveTorchSoftmax();
    void nonFiniteValuesAsPyTorch();
    void npzAsNumPyWroteIt_data();
    void npzAsNumPyWroteIt();
    void badFiles_data();
    void badFiles();
    void headsAndNames();
    void theWholePipelineApplies();
    void scenariosReferToTheFiles();
    void captureScriptsHeads();
    void trainedExampleShowsItsHeads();
    void weightsAlone();
};

void TestLoading::torchQandKGiveTorchSoftmax()
{
    const QJsonObject t = manifest().value("torch").toObject();
    QVERIFY2(!t.isEmpty(), "the fixtures were made without PyTorch");
    QString error;
    const auto in = io::loadInputs(
        file(t.value("q").toString()), file(t.value("k").toString()), file(t.value("v").toString()), &error);
    QVERIFY2(in, qPrintable(error));
    QVERIFY(in->vGiven);
    const Params p = loadedParams(in);
    QCOMPARE(p.queryLength, 5);
    QCOMPARE(p.keyLength, 6);
    QCOMPARE(p.dK, 8);
    QVERIFY(!validate(p, defaultMemoryBudget()));
    const Result r = compute(p);
    compare(r.attention.weights, t.value("weights").toObject(), 1e-6, "weights");
    compare(r.attention.out, t.value("out").toObject(), 1e-6, "out");
    // Without a V file, V = K.
    const auto noV = io::loadInputs(file(t.value("q").toString()), file(t.value("k").toString()), {}, &error);
    QVERIFY(noV && !noV->vGiven);
    QCOMPARE(noV->V.data, noV->K.data);
}

// NaN and infinities in loaded Q: the rows whose scores hold NaN or +inf are NaN, as PyTorch makes them (not
// one-hot, as clamping would), the others PyTorch's weights; the summary counts the NaN rows apart, and the
// warning says how many.
void TestLoading::nonFiniteValuesAsPyTorch()
{
    const QJsonObject t = manifest().value("torch_nan").toObject();
    QVERIFY2(!t.isEmpty(), "the fixtures were made without PyTorch");
    QString error;
    const auto in = io::loadInputs(file(t.value("q").toString()), file(t.value("k").toString()), {}, &error);
    QVERIFY2(in, qPrintable(error));
    QCOMPARE(in->nonFinite, std::size_t(3));
    const Params p = loadedParams(in);
    const Result r = compute(p);
    const std::vector<float> theirs = fixtureValues(t.value("weights").toObject());
    QCOMPARE(r.attention.weights.data.size(), theirs.size());
    int nanRows = 0;
    for (std::size_t k = 0; k < theirs.size(); ++k) {
        const float ours = r.attention.weights.data[k];
        if (std::isnan(theirs[k]))
            QVERIFY2(std::isnan(ours), qPrintable(QString("weight %1: %2, PyTorch NaN").arg(k).arg(ours)));
        else
            QVERIFY2(std::abs(ours - theirs[k]) <= 1e-6,
                qPrintable(QString("weight %1: %2, PyTorch %3").arg(k).arg(ours).arg(theirs[k])));
        nanRows += std::isnan(theirs[k]) && k % 5 == 0;
    }
    QCOMPARE(nanRows, 3); // one in element 0, two in element 1 (the fixture's +inf and -inf)
    const BatchSummary s0 = summarize(r, 0), s1 = summarize(r, 1);
    QCOMPARE(s0.nanDistributions, 1);
    QCOMPARE(s1.nanDistributions, 2);
    QCOMPARE(s0.rowsNotSummingToOne, 0); // the other rows do sum to 1
    QVERIFY(std::isfinite(s0.meanRowEntropy) && s0.meanRowEntropy > 0);
    QCOMPARE(QString::fromStdString(r.attention.warnings.front()),
        QString("the loaded Q, K and V hold 3 NaN or infinite values: 3 rows of weights are NaN, as in PyTorch "
                "(their scores hold NaN or +inf)"));
    for (int c = 0; c < p.dV; ++c) // and so are their outputs
        QVERIFY(std::isnan(r.attention.out(1, 0, c)) && std::isfinite(r.attention.out(1, 1, c)));
}

void TestLoading::npzAsNumPyWroteIt_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<bool>("deflated");
    QTest::newRow("stored") << "qkv_stored.npz" << false;
    QTest::newRow("deflated, v float16") << "qkv_deflated.npz" << true;
    QTest::newRow("stored, with a 65535-byte comment") << "qkv_stored_long_comment.npz" << false;
}

void TestLoading::npzAsNumPyWroteIt()
{
    QFETCH(QString, name);
    const QJsonObject m = manifest().value("npz").toObject();
    QString error;
    const auto in = io::loadInputs(file(name), {}, {}, &error);
    QVERIFY2(in, qPrintable(error));
    compare(in->Q, m.value("q").toObject(), 0, "q");
    compare(in->K, m.value("k").toObject(), 0, "k");
    compare(in->V, m.value("v").toObject(), QString(name).contains("stored") ? 1e-3 : 0, "v");
    std::vector<std::string> tokens;
    for (const QJsonValue &t : m.value("tokens").toArray())
        tokens.push_back(t.toString().toStdString());
    QCOMPARE(in->tokens, tokens);
    QCOMPARE(loadedParams(in).tokens, tokens); // the axes' words
    // The weights archive: every layer's heads as NumPy wrote them.
    const auto npz = io::readNpz(file("weights_attn.npz"), &error);
    QVERIFY2(npz, qPrintable(error));
    QCOMPARE(npz->arrays.at("attn").shape, (std::vector<std::int64_t> { 2, 1, 3, 4, 4 }));
    QCOMPARE(npz->arrays.at("attn").data, fixtureValues(m.value("attn").toObject()));
}

void TestLoading::badFiles_data()
{
    QTest::addColumn<QString>("q");
    QTest::addColumn<QString>("k");
    QTest::addColumn<QString>("message");
    for (const QJsonValue &b : manifest().value("bad").toArray()) {
        const QJsonObject o = b.toObject();
        const QString name = o.value("file").toString();
        if (name.endsWith(".npz"))
            QTest::newRow(qPrintable(name)) << name << QString() << o.value("message").toString();
        else
            QTest::newRow(qPrintable(name)) << "shape_L_d.npy" << name << o.value("message").toString();
    }
    QTest::newRow("weights, not q and k") << "weights_attn.npz" << QString() << "holds attention weights, not q and k";
    QTest::newRow("widths differ") << "torch_q.npy"
                                   << "shape_B_L_d.npy"
                                   << "need the same width d_k to be multiplied (Q·Kᵀ): 8 and 4";
    QTest::newRow("a folder") << "."
                              << "shape_L_d.npy"
                              << "is a folder, not a file";
    QTest::newRow("missing") << "nothing_here.npy"
                             << "shape_L_d.npy"
                             << "no such file";
    QTest::newRow("unknown suffix") << "manifest.json"
                                    << "shape_L_d.npy"
                                    << "unknown kind of array file";
    QTest::newRow("five dimensions") << "shape_layers_B_H_L_S.npy"
                                     << "shape_L_d.npy"
                                     << "q has shape (2, 1, 3, 4, 4): expected (L, d), (B, L, d) or (B, H, L, d)";
    QTest::newRow("no rows") << "empty_dim.npy"
                             << "shape_L_d.npy"
                             << "every size must be at least 1";
}

void TestLoading::badFiles()
{
    QFETCH(QString, q);
    QFETCH(QString, k);
    QFETCH(QString, message);
    QString error;
    QVERIFY(!io::loadInputs(file(q), k.isEmpty() ? QString() : file(k), {}, &error));
    QVERIFY2(error.contains(message), qPrintable(error));
    // the file is named (or both arrays, when they do not fit together)
    QVERIFY2(error.contains(QFileInfo(q).fileName()) || error.contains(QFileInfo(k).fileName())
            || error.startsWith("q ") || error.startsWith("v "),
        qPrintable(error));
}

void TestLoading::headsAndNames()
{
    QString error;
    // (B, H, L, d): B·H elements, element b·H + h is batch b, head h.
    const auto in = io::loadInputs(file("shape_B_H_L_d.npy"), file("shape_B_H_L_d.npy"), {}, &error);
    QVERIFY2(in, qPrintable(error));
    QCOMPARE(in->heads, 3);
    QCOMPARE(in->Q.batch, 6);
    QCOMPARE(in->Q.rows, 5);
    // NaN and infinities are counted and said, not passed on silently.
    const auto odd = io::loadInputs(file("nan_inf.npy"), file("fortran_3d.npy"), {}, &error);
    QVERIFY2(odd, qPrintable(error));
    QCOMPARE(odd->nonFinite, std::size_t(3));
    const Result r = compute(loadedParams(odd));
    QVERIFY(!r.attention.warnings.empty());
    QVERIFY(QString::fromStdString(r.attention.warnings.front())
                .startsWith("the loaded Q, K and V hold 3 NaN or infinite"));
    QVERIFY(std::isnan(r.attention.weights(0, 1, 0))); // query 1 of element 0 holds the NaN, as in PyTorch
    // A NaN row is no distribution: it is not averaged in as an entropy of 0, and it is counted as NaN, not as
    // a row that does not sum to 1.
    const attn::BatchSummary sum0 = summarize(r, 0);
    QCOMPARE(sum0.nanDistributions, 1);
    QCOMPARE(sum0.rowsNotSummingToOne, 0);
    QVERIFY(
        std::abs(sum0.meanRowEntropy - (r.attention.stats.rowEntropy(0, 0) + r.attention.stats.rowEntropy(0, 2)) / 2)
        < 1e-9);
    // An .npz may name them Q, K or query, key; with q alone it says k is missing; words that do not fit the
    // axes are said, not silently dropped.
    const auto named = io::loadInputs(file("named_query_key.npz"), {}, {}, &error);
    QVERIFY2(named && named->Q.rows == 4 && !named->vGiven, qPrintable(error));
    QVERIFY(!io::loadInputs(file("q_only.npz"), {}, {}, &error));
    QVERIFY2(error.endsWith("q_only.npz: holds q but no k: Q·Kᵀ needs both"), qPrintable(error));
    const auto misfit = io::loadInputs(file("tokens_misfit.npz"), {}, {}, &error);
    QVERIFY2(misfit, qPrintable(error));
    QVERIFY(misfit->tokens.empty());
    const Result told = compute(loadedParams(misfit));
    QVERIFY(!told.attention.warnings.empty());
    QCOMPARE(QString::fromStdString(told.attention.warnings.front()),
        QString("the 3 tokens are not shown: they label the axes when there are as many as queries and keys (L = 4, "
                "S = 4)"));
    // CSV with names in the first column: the axes' words.
    QTemporaryDir dir;
    QFile q(dir.filePath("q.tsv"));
    QVERIFY(q.open(QIODevice::WriteOnly));
    q.write("\td0\td1\nthe\t1\t0\ncat\t0\t1\nsat\t0.5\t0.5\n");
    q.close();
    const auto words = io::loadInputs(dir.filePath("q.tsv"), dir.filePath("q.tsv"), {}, &error);
    QVERIFY2(words, qPrintable(error));
    QCOMPARE(words->tokens, (std::vector<std::string> { "the", "cat", "sat" }));
    QCOMPARE(words->Q.cols, 2);
    QFile k(dir.filePath("k.csv"));
    QVERIFY(k.open(QIODevice::WriteOnly));
    k.write("1,2,3\n4,5,6\n7,8,9\n");
    k.close();
    QVERIFY(!io::loadInputs(dir.filePath("q.tsv"), dir.filePath("k.csv"), {}, &error));
    QVERIFY2(error.contains("q (3, 2) and k (3, 3) need the same width d_k to be multiplied (Q·Kᵀ): 2 and 3"),
        qPrintable(error));
}

// Scaling, softmax dimension and masks apply to loaded Q and K as to drawn ones: the weights are those of
// the same Q and K drawn directly (the fixtures' torch_q is randn; here the program's own draws are saved).
void TestLoading::theWholePipelineApplies()
{
    Params drawn;
    drawn.mode = Mode::Direct;
    drawn.batch = 2;
    drawn.queryLength = 4;
    drawn.keyLength = 6;
    drawn.keysFollowLength = false;
    drawn.dK = drawn.dV = 8;
    drawn.seed = 11;
    const Result base = compute(drawn);
    LoadedArray q, k, v;
    q.shape = { 2, 4, 8 };
    q.data.assign(base.inputs->Q.data.begin(), base.inputs->Q.data.end());
    k.shape = { 2, 6, 8 };
    k.data.assign(base.inputs->K.data.begin(), base.inputs->K.data.end());
    v.shape = { 2, 6, 8 };
    v.data.assign(base.inputs->V.data.begin(), base.inputs->V.data.end());
    std::string why;
    const auto in = makeLoadedInputs(q, k, &v, "mine", &why);
    QVERIFY2(in, why.c_str());
    Params p = loadedParams(in);
    for (const char *mask : { "none", "causal", "pad:1,3" })
        for (const int dim : { -1, -2 })
            for (const Scaling s : { Scaling::InvSqrtDk, Scaling::None }) {
                Params a = p, b = drawn;
                for (Params *x : { &a, &b }) {
                    QVERIFY(parseMask(mask, *x, &why));
                    x->softmaxDim = dim;
                    x->scaling = s;
                }
                const Result ra = compute(a), rb = compute(b);
                QCOMPARE(ra.attention.weights.data, rb.attention.weights.data);
                QCOMPARE(ra.attention.out.data, rb.attention.out.data);
            }
    // Settings that would draw new sizes keep the files' sizes; another source goes back to the draws.
    setDk(p, 64);
    QCOMPARE(p.dK, 8);
    setMode(p, Mode::Projection);
    QVERIFY(!p.loaded);
}

// A scenario saved with loaded data names the files relative to itself; opened again (also after the folder
// moved) it loads them and shows the same numbers; a missing file is said, and a lesson does not load files.
void TestLoading::scenariosReferToTheFiles()
{
    QTemporaryDir dir;
    QDir(dir.path()).mkpath("data");
    for (const char *name : { "torch_q.npy", "torch_k.npy" })
        QVERIFY(QFile::copy(file(name), dir.filePath(QString("data/") + name)));
    QString error;
    const auto in = io::loadInputs(dir.filePath("data/torch_q.npy"), dir.filePath("data/torch_k.npy"), {}, &error);
    QVERIFY2(in, qPrintable(error));
    Scenario s;
    s.params = loadedParams(in);
    s.params.softmaxDim = -2;
    QVERIFY(saveScenario(dir.filePath("s.json"), s, &error));
    QFile saved(dir.filePath("s.json"));
    QVERIFY(saved.open(QIODevice::ReadOnly));
    const QJsonObject load = QJsonDocument::fromJson(saved.readAll()).object().value("load").toObject();
    QCOMPARE(load, QJsonObject({ { "q", "data/torch_q.npy" }, { "k", "data/torch_k.npy" } }));
    const Result before = compute(s.params);
    // Moved with its data: the same numbers.
    QTemporaryDir moved;
    QDir(moved.path()).mkpath("data");
    for (const char *name : { "s.json", "data/torch_q.npy", "data/torch_k.npy" })
        QVERIFY(QFile::copy(dir.filePath(name), moved.filePath(name)));
    const auto back = loadScenario(moved.filePath("s.json"), &error);
    QVERIFY2(back, qPrintable(error));
    QVERIFY(back->params.loaded);
    QCOMPARE(back->params.softmaxDim, -2);
    QCOMPARE(compute(back->params).attention.weights.data, before.attention.weights.data);
    // A missing data file is said; nothing is drawn instead.
    QVERIFY(QFile::remove(moved.filePath("data/torch_k.npy")));
    QVERIFY(!loadScenario(moved.filePath("s.json"), &error));
    QVERIFY2(error.contains("s.json: load: ") && error.contains("torch_k.npy: no such file"), qPrintable(error));
    // The built-in example is named as it is (":/examples/..."), not as a path relative to the scenario.
    Scenario example;
    const auto reverse = io::loadInputs(":/examples/reverse.npz", {}, {}, &error);
    QVERIFY2(reverse, qPrintable(error));
    example.params = loadedParams(reverse);
    example.params.batchIndex = 1;
    QVERIFY(saveScenario(dir.filePath("example.json"), example, &error));
    const auto exampleBack = loadScenario(dir.filePath("example.json"), &error);
    QVERIFY2(exampleBack, qPrintable(error));
    QCOMPARE(exampleBack->params.batchIndex, 1);
    QCOMPARE(exampleBack->params.loaded->source, std::string("reverse.npz"));
    // Lessons draw their steps.
    QFile lesson(dir.filePath("l.json"));
    QVERIFY(lesson.open(QIODevice::WriteOnly));
    lesson.write(R"({"format": "attention-viz-lesson", "version": 1, "steps": [{"load": {"npz": "x.npz"}}]})");
    lesson.close();
    QVERIFY(!loadLesson(dir.filePath("l.json"), &error));
    QVERIFY2(error.contains("steps[0].load: a lesson's steps draw their Q, K, V"), qPrintable(error));
}

// tools/capture_attention.py's demo (tests/reference/make_array_fixtures.py ran it): layer 0's q, k, v per
// head, opened as the program opens them, give the per-head weights nn.MultiheadAttention returned.
void TestLoading::captureScriptsHeads()
{
    QString error;
    const auto in = io::loadInputs(file("capture_demo.npz"), {}, {}, &error);
    QVERIFY2(in, qPrintable(error));
    QCOMPARE(in->heads, 4);
    QCOMPARE(in->Q.batch, 4); // 1 sentence x 4 heads
    QCOMPARE(in->tokens, (std::vector<std::string> { "the", "cat", "sat", "on", "the", "mat" }));
    const auto npz = io::readNpz(file("capture_demo.npz"), &error);
    QVERIFY2(npz, qPrintable(error));
    const attn::LoadedArray &a = npz->arrays.at("attn");
    QCOMPARE(a.shape, (std::vector<std::int64_t> { 2, 1, 4, 6, 6 }));
    const Result r = compute(loadedParams(in));
    const std::size_t layer0 = std::size_t(4 * 6 * 6);
    QCOMPARE(r.attention.weights.data.size(), layer0);
    for (std::size_t i = 0; i < layer0; ++i)
        QVERIFY2(std::abs(r.attention.weights.data[i] - a.data[i]) < 1e-6,
            qPrintable(QString("weight %1: %2, captured %3").arg(i).arg(r.attention.weights.data[i]).arg(a.data[i])));
}

// The example shipped in the program (tools/train_example.py: one encoder layer trained to reverse 8 digits): its
// two heads open as two elements over the digits, and putting digit 7 - i at position i shows: a head puts most of
// each query's weight on the mirrored key (the anti-diagonal).
void TestLoading::trainedExampleShowsItsHeads()
{
    QString error;
    const auto in = io::loadInputs(":/examples/reverse.npz", {}, {}, &error);
    QVERIFY2(in, qPrintable(error));
    QCOMPARE(in->heads, 2);
    QCOMPARE(in->tokens, (std::vector<std::string> { "3", "1", "4", "1", "5", "9", "2", "6" }));
    const Result r = compute(loadedParams(in));
    double best = 0.0;
    for (int h = 0; h < 2; ++h) {
        double anti = 0.0;
        for (int i = 0; i < 8; ++i)
            anti += r.attention.weights(h, i, 7 - i) / 8.0;
        best = std::max(best, anti);
    }
    QVERIFY2(best > 0.8, qPrintable(QString("the best head's mean weight on the anti-diagonal: %1").arg(best)));
    // and it is what the layer did: the captured weights
    const auto npz = io::readNpz(":/examples/reverse.npz", &error);
    QVERIFY2(npz, qPrintable(error));
    const std::vector<float> &captured = npz->arrays.at("attn").data;
    for (std::size_t i = 0; i < r.attention.weights.data.size(); ++i)
        QVERIFY(std::abs(r.attention.weights.data[i] - captured[i]) < 1e-5);
}

// Weights alone: a capture's attn (layers, B, H, L, S) as maps, each row's sum and entropy as NumPy gives them;
// the JSON --dump writes for them.
void TestLoading::weightsAlone()
{
    QString error;
    const auto w = io::loadWeights(file("weights_attn.npz"), &error);
    QVERIFY2(w, qPrintable(error));
    QCOMPARE(w->layers, 2);
    QCOMPARE(w->batch, 1);
    QCOMPARE(w->heads, 3);
    QCOMPARE(w->rows, 4);
    const std::vector<float> expected = fixtureValues(manifest().value("npz").toObject().value("attn").toObject());
    QCOMPARE(w->data, expected);
    const attn::WeightsSummary s = attn::summarizeWeights(w->map(1, 0, 2), 4, 4);
    for (int i = 0; i < 4; ++i) {
        double sum = 0.0, h = 0.0;
        for (int j = 0; j < 4; ++j) {
            const double x = expected[std::size_t(((1 * 1 + 0) * 3 + 2) * 16 + i * 4 + j)];
            sum += x;
            h -= x * std::log(x);
        }
        QVERIFY(std::abs(s.rowSums[std::size_t(i)] - sum) < 1e-12);
        QVERIFY(std::abs(s.rowEntropy[std::size_t(i)] - h) < 1e-6); // (logarithms in float)
    }
    QVERIFY(s.warnings.empty());
    std::ostringstream out;
    attn::writeWeightsJson(out, *w);
    const QJsonObject dump = QJsonDocument::fromJson(QByteArray::fromStdString(out.str())).object();
    QCOMPARE(dump.value("shape").toArray(), QJsonArray({ 2, 1, 3, 4, 4 }));
    QCOMPARE(dump.value("maps").toArray().size(), 6);
    QCOMPARE(dump.value("maps").toArray()[5].toObject().value("row_sums").toArray()[0].toDouble(), s.rowSums[0]);
    // (L, S) from a CSV, not a softmax: said.
    QTemporaryDir dir;
    QFile f(dir.filePath("w.csv"));
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("0.5,0.4\n-0.2,1.2\n");
    f.close();
    const auto odd = io::loadWeights(dir.filePath("w.csv"), &error);
    QVERIFY2(odd, qPrintable(error));
    const attn::WeightsSummary t = attn::summarizeWeights(odd->map(0, 0, 0), 2, 2);
    QCOMPARE(t.rowsNotSummingToOne, 1);
    QCOMPARE(t.negative, std::size_t(1));
    QCOMPARE(QString::fromStdString(t.warnings.front()),
        QString("rows that do not sum to 1: 1 of 2 (from 0.9 to 1): not a softmax over the keys"));
    // A NaN row has no sum or entropy to speak of: said once, and left out of the mean and the range.
    const float nanRows[] = { 0.5f, std::nanf(""), 0.5f, 0.5f };
    const attn::WeightsSummary u = attn::summarizeWeights(nanRows, 2, 2);
    QCOMPARE(u.warnings.size(), std::size_t(1));
    QCOMPARE(
        QString::fromStdString(u.warnings.front()), QString("NaN or infinite weights: 1, in 1 row (no entropy there)"));
    QVERIFY(std::isnan(u.rowEntropy[0]));
    QVERIFY(std::abs(u.meanEntropy - std::log(2.0)) < 1e-6);
}

QTEST_MAIN(TestLoading)
#include "tst_loading.moc"
