// SPDX-License-Identifier: GPL-3.0-or-later
// Benchmarks (not run by the test command): attention_bench -csv prints every figure.
//   core:   from given Q and K, everything the window needs: scores, scaled logits, softmax over keys, row
//           sums, column sums, row and column entropy (attendFromInputs, with its allocations)
//   gemm:   Eigen's Q·Kᵀ alone into a ready matrix, the floor the core cannot beat
//   gui:    a new seed in the model until the heatmap has finished repainting (offscreen window)
//   guiBlocking: the longest the GUI thread is blocked while 100 changes arrive in a burst (ms)
//   scaleSweep: the "why scale" sweep, d_k = 1, 2, 4 ... 1024 x T trials x S keys, scaled and not (runSweep)
//   training: the Training window's two runs (scaled and not) of 300 SGD steps, batch 64, L = 16 (runTraining)
#include "attention.h"
#include "model/attention_model.h"
#include "scale_sweep.h"
#include "training.h"
#include "widgets/heatmap_panel.h"
#include "widgets/main_window.h"

#include <qcustomplot.h>

#include <QElapsedTimer>
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
    void core_data() { sizeRows({ 64, 512, 2048, 4096 }, { 64, 512 }); }
    void core();
    void gemm_data() { sizeRows({ 64, 512, 2048, 4096 }, { 64, 512 }); }
    void gemm();
    void gui_data() { sizeRows({ 64, 512, 2048, 4096 }, { 64 }); }
    void gui();
    void guiBlocking_data() { sizeRows({ 2048, 4096 }, { 64 }); }
    void guiBlocking();
    void scaleSweep_data();
    void scaleSweep();
    void training_data();
    void training();
};

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

void AttentionBench::gui()
{
    QFETCH(int, n);
    QFETCH(int, dk);
    attn::Params p = square(n, dk);
    ShownWindow shown(p);
    AttentionModel &model = shown.model;
    quint64 seed = 1;
    QBENCHMARK
    {
        p.seed = seed++;
        model.setParams(p);
        model.waitForIdle(); // the result reaches the views, which queue a replot
        QCoreApplication::processEvents(); // the replot
        QCoreApplication::processEvents(); // and the paint events it posts
    }
    QCOMPARE(model.result()->params.seed, p.seed);
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

QTEST_MAIN(AttentionBench)
#include "attention_bench.moc"
