// SPDX-License-Identifier: GPL-3.0-or-later
// Benchmarks (not run by the test command): attention_bench -csv prints every figure.
//   core:   from given Q and K, everything the window needs: scores, scaled logits, softmax over keys, row
//           sums, column sums, row and column entropy (attendFromInputs, with its allocations)
//   gemm:   Eigen's Q·Kᵀ alone into a ready matrix, the floor the core cannot beat
//   gui:    a new seed in the model until the heatmap has finished repainting (offscreen window)
//   guiCompare: the same with the comparison of scaled and not scaled on (two models, two maps side by side)
//   guiBlocking: the longest the GUI thread is blocked while 100 changes arrive in a burst (ms)
//   scaleSweep: the "why scale" sweep, d_k = 1, 2, 4 ... 1024 x T trials x S keys, scaled and not (runSweep)
//   training: the Training window's two runs (scaled and not) of 300 SGD steps, batch 64, L = 16 (runTraining)
//   readNpy: a 4096 x 4096 float32 .npy (64 MiB, the size of a long sequence's weights) read from memory into an
//            array, little-endian (copied) and big-endian (converted value by value)
//   loadAndShow: Q and K (L = S = 4096, d_k = 64) loaded from .npy files on disk until the window has shown them
//   weightsAndShow: a 4096 x 4096 float32 weights .npy loaded from disk until the weights window has shown it
//   multihead: nn.MultiheadAttention(d_model, h)'s forward pass (packed projection, every head's weights with their
//              entropy, their average, concat, W_O) on weights and X drawn once (multiheadForward)
//   guiHeads: a new seed for the heads of nn.MultiheadAttention(512, 8) (drawn again) until the main heatmap and the
//             Heads window's grid have finished repainting
#include "array_io.h"
#include "attention.h"
#include "io/array_files.h"
#include "model/attention_model.h"
#include "multihead.h"
#include "parallel.h"
#include "scale_sweep.h"
#include "training.h"
#include "widgets/heads_window.h"
#include "widgets/heatmap_panel.h"
#include "widgets/main_window.h"
#include "widgets/other_windows.h"
#include "widgets/weights_window.h"

#include <qcustomplot.h>

#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QtTest>

namespace {

attn::Params square(int n, int dk)
{
    attn::Params p;
    p.mode = attn::Mode::Direct;
    p.queryLength = p.keyLength = n;
    p.dK = p.dV = dk;
    return p;
}

void sizeRows(const QList<int> &ns, const QList<int> &dks)
{
    QTest::addColumn<int>("n");
    QTest::addColumn<int>("dk");
    for (int n : ns)
        for (int dk : dks)
            QTest::newRow(qPrintable(QStringLiteral("L=S=%1,d_k=%2").arg(n).arg(dk))) << n << dk;
}

// A shown main window whose model has computed p.
struct ShownWindow
{
    AttentionModel model;
    MainWindow window { &model, false };

    explicit ShownWindow(const attn::Params &p)
    {
        window.resize(1400, 900);
        window.show();
        if (!QTest::qWaitForWindowExposed(&window))
            qFatal("the window was not shown");
        model.setParams(p);
        model.waitForIdle();
        QCoreApplication::processEvents();
    }
};

} // namespace

class AttentionBench : public QObject
{
    Q_OBJECT
private slots:
    // (as the program allocates: app/main.cpp)
    void initTestCase() { attn::keepFreedMemoryForReuse(); }
    void core_data() { sizeRows({ 64, 512, 2048, 4096 }, { 64, 512 }); }
    void core();
    void gemm_data() { sizeRows({ 64, 512, 2048, 4096 }, { 64, 512 }); }
    void gemm();
    void gui_data() { sizeRows({ 64, 512, 2048, 4096 }, { 64 }); }
    void gui();
    void guiCompare_data() { sizeRows({ 64, 512, 2048 }, { 64 }); }
    void guiCompare();
    void guiBlocking_data() { sizeRows({ 2048, 4096 }, { 64 }); }
    void guiBlocking();
    void scaleSweep_data();
    void scaleSweep();
    void training_data();
    void training();
    void readNpy_data();
    void readNpy();
    void loadAndShow();
    void weightsAndShow();
    void multihead_data();
    void multihead();
    void guiHeads_data() { sizeRows({ 64, 512 }, { 64 }); }
    void guiHeads();
};

namespace {

// A .npy file's bytes: version 1.0, the given dtype, C order, n x m values i * 0.001.
QByteArray npyBytes(int n, int m, const char *descr)
{
    QByteArray header = QStringLiteral("{'descr': '%1', 'fortran_order': False, 'shape': (%2, %3), }")
                            .arg(QLatin1String(descr))
                            .arg(n)
                            .arg(m)
                            .toLatin1();
    while ((10 + header.size() + 1) % 64)
        header += ' ';
    header += '\n';
    QByteArray b("\x93NUMPY\x01\x00", 8);
    b += char(header.size() & 0xff);
    b += char(header.size() >> 8);
    b += header;
    const bool big = descr[0] == '>';
    for (qsizetype k = 0; k < qsizetype(n) * m; ++k) {
        const float v = float(k % 1000) * 0.001f;
        char c[4];
        std::memcpy(c, &v, 4);
        if (big)
            std::reverse(c, c + 4);
        b.append(c, 4);
    }
    return b;
}

} // namespace

void AttentionBench::readNpy_data()
{
    QTest::addColumn<QString>("descr");
    QTest::newRow("4096x4096 <f4") << "<f4";
    QTest::newRow("4096x4096 >f4") << ">f4";
}

void AttentionBench::readNpy()
{
    QFETCH(QString, descr);
    const QByteArray b = npyBytes(4096, 4096, descr.toLatin1().constData());
    QBENCHMARK
    {
        std::string error;
        const auto a = attn::readNpy(b.constData(), std::size_t(b.size()), &error);
        QVERIFY(a && a->data.size() == std::size_t(4096) * 4096);
    }
}

void AttentionBench::weightsAndShow()
{
    QTemporaryDir dir;
    QFile f(dir.filePath("weights.npy"));
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(npyBytes(4096, 4096, "<f4"));
    f.close();
    ShownWindow shown(square(64, 8));
    QBENCHMARK
    {
        QString error;
        QVERIFY2(shown.window.openWeights(dir.filePath("weights.npy"), &error), qPrintable(error));
        QCoreApplication::processEvents(); // laid out
        QCoreApplication::processEvents(); // and painted
    }
    QCOMPARE(shown.window.weightsWindow()->summary().rowSums.size(), std::size_t(4096));
}

void AttentionBench::loadAndShow()
{
    QTemporaryDir dir;
    for (const char *name : { "q.npy", "k.npy" }) {
        QFile f(dir.filePath(name));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(npyBytes(4096, 64, "<f4"));
    }
    ShownWindow shown(square(64, 8));
    int round = 0;
    QBENCHMARK
    {
        QString error;
        // (two sets in turn, so that each round loads new data: the window shows each)
        const auto in
            = io::loadInputs(dir.filePath("q.npy"), dir.filePath(round++ % 2 ? "k.npy" : "q.npy"), {}, &error);
        QVERIFY2(in, qPrintable(error));
        attn::Params p = shown.model.params();
        p.mode = attn::Mode::Direct;
        p.loaded = in;
        attn::normalize(p);
        shown.model.setParams(p);
        shown.model.waitForIdle();
        QCoreApplication::processEvents();
        QCoreApplication::processEvents();
    }
    QCOMPARE(shown.model.result()->params.queryLength, 4096);
}

void AttentionBench::training_data()
{
    QTest::addColumn<int>("dk");
    QTest::addColumn<int>("optimizer");
    QTest::newRow("d_k=256,SGD,300 steps") << 256 << int(attn::Optimizer::Sgd);
    QTest::newRow("d_k=256,Adam,300 steps") << 256 << int(attn::Optimizer::Adam);
    QTest::newRow("d_k=1024,SGD,300 steps") << 1024 << int(attn::Optimizer::Sgd);
}

void AttentionBench::training()
{
    QFETCH(int, dk);
    QFETCH(int, optimizer);
    attn::TrainSettings s;
    s.dK = dk;
    s.optimizer = attn::Optimizer(optimizer);
    s.learningRate = attn::defaultLearningRate(s.optimizer);
    QBENCHMARK
    {
        const auto r = attn::runTraining(s);
        QVERIFY(r && r->stepsDone() == 300);
    }
}

void AttentionBench::scaleSweep_data()
{
    QTest::addColumn<int>("trials");
    QTest::addColumn<int>("keys");
    QTest::newRow("d_k=1..1024,T=200,S=16") << 200 << 16;
    QTest::newRow("d_k=1..1024,T=1000,S=64") << 1000 << 64;
}

void AttentionBench::scaleSweep()
{
    QFETCH(int, trials);
    QFETCH(int, keys);
    attn::SweepSettings s;
    s.trials = trials;
    s.keys = keys;
    QBENCHMARK
    {
        const auto r = attn::runSweep(s);
        QVERIFY(r && r->unscaled.entropy.mean.size() == 11);
    }
}

void AttentionBench::core()
{
    QFETCH(int, n);
    QFETCH(int, dk);
    const attn::Params p = square(n, dk);
    const attn::Inputs in = attn::drawInputs(p);
    QBENCHMARK
    {
        attn::Tensor3 scores;
        const attn::Attention a = attn::attendFromInputs(in.Q, in.K, p, &scores);
        QVERIFY(a.stats.rowSums(0, 0) > 0.99);
    }
}

void AttentionBench::gemm()
{
    QFETCH(int, n);
    QFETCH(int, dk);
    const attn::Inputs in = attn::drawInputs(square(n, dk));
    attn::MatrixRM scores(n, n);
    const auto Q = in.Q.slice(0), K = in.K.slice(0);
    QBENCHMARK
    {
        scores.noalias() = Q * K.transpose();
    }
    QVERIFY(std::isfinite(scores(0, 0)));
}

namespace {

// A new seed in the model until the heatmap (both maps when comparing) has finished repainting, timed.
void newSeedsUntilRepainted(int n, int dk, bool comparing)
{
    attn::Params p = square(n, dk);
    ShownWindow shown(p);
    AttentionModel &model = shown.model;
    CompareController *comparison = shown.window.comparison();
    if (comparing) {
        model.setCompare(CompareKind::Scaling);
        comparison->waitUntilComputed();
        QCoreApplication::processEvents();
    }
    quint64 seed = 1;
    QBENCHMARK
    {
        p.seed = seed++;
        model.setParams(p);
        comparison->waitUntilComputed(); // the results reach the views, which queue their replots
        QCoreApplication::processEvents(); // the replots
        QCoreApplication::processEvents(); // and the paint events they post
    }
    QCOMPARE((comparing ? comparison->partner() : &model)->result()->params.seed, p.seed);
}

} // namespace

void AttentionBench::gui()
{
    QFETCH(int, n);
    QFETCH(int, dk);
    newSeedsUntilRepainted(n, dk, false);
}

void AttentionBench::guiCompare()
{
    QFETCH(int, n);
    QFETCH(int, dk);
    newSeedsUntilRepainted(n, dk, true);
}

void AttentionBench::guiBlocking()
{
    QFETCH(int, n);
    QFETCH(int, dk);
    attn::Params p = square(n, dk);
    ShownWindow shown(p);
    AttentionModel &model = shown.model;

    // A heartbeat on the GUI thread: the longest gap between its ticks is the longest block.
    QElapsedTimer clock;
    clock.start();
    qint64 last = 0, longest = 0;
    QTimer heartbeat;
    heartbeat.setInterval(1);
    QObject::connect(&heartbeat, &QTimer::timeout, [&] {
        const qint64 now = clock.nsecsElapsed();
        longest = std::max(longest, now - last);
        last = now;
    });
    // 100 changes, one every 2 ms, as a dragged slider sends them.
    int sent = 0;
    QTimer burst;
    burst.setInterval(2);
    QObject::connect(&burst, &QTimer::timeout, [&] {
        p.seed = 100 + sent;
        model.setParams(p);
        if (++sent == 100)
            burst.stop();
    });
    last = clock.nsecsElapsed();
    heartbeat.start();
    burst.start();
    QTRY_VERIFY_WITH_TIMEOUT(sent == 100 && !model.isBusy(), 60000);
    QTest::qWait(50); // the last result reaches the views
    heartbeat.stop();
    QCOMPARE(model.result()->params.seed, quint64(199));
    QTest::setBenchmarkResult(double(longest) / 1e6, QTest::WalltimeMilliseconds);
}

void AttentionBench::multihead_data()
{
    QTest::addColumn<int>("n");
    QTest::addColumn<int>("heads");
    for (int n : { 512, 2048 })
        for (int h : { 8, 1 })
            QTest::newRow(qPrintable(QStringLiteral("h=%1,d_model=512,L=S=%2").arg(h).arg(n))) << n << h;
}

void AttentionBench::multihead()
{
    QFETCH(int, n);
    QFETCH(int, heads);
    attn::MultiheadSettings s;
    s.batch = 1;
    s.length = n;
    s.dModel = 512;
    s.heads = heads;
    attn::MultiheadResult r = attn::drawMultihead(s);
    QBENCHMARK
    {
        attn::multiheadForward(r);
    }
    QCOMPARE(r.headMeanEntropy.size(), std::size_t(heads));
    QVERIFY(std::isfinite(r.out.data[0]));
}

void AttentionBench::guiHeads()
{
    QFETCH(int, n);
    QFETCH(int, dk);
    attn::MultiheadSettings s;
    s.length = n;
    s.dModel = 512;
    s.heads = 512 / dk;
    attn::Params p = attn::multiheadParams(square(n, dk), s);
    ShownWindow shown(p);
    HeadsWindow *heads = shown.window.windows()->heads();
    heads->show();
    if (!QTest::qWaitForWindowExposed(heads))
        qFatal("the heads window was not shown");
    QCoreApplication::processEvents();
    quint64 seed = 1;
    QBENCHMARK
    {
        p.seed = seed++;
        attn::normalize(p); // the heads drawn again for the new seed, as the key R does
        shown.model.setParams(p);
        shown.model.waitForIdle();
        QCoreApplication::processEvents(); // the result reaches both windows, which queue their replots
        QCoreApplication::processEvents(); // and the paint events they post
    }
    QCOMPARE(shown.model.result()->params.seed, p.seed);
    QCOMPARE(heads->overview().heads, s.heads);
}

QTEST_MAIN(AttentionBench)
#include "attention_bench.moc"
