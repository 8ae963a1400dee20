// SPDX-License-Identifier: GPL-3.0-or-later
// core/training: the hand-derived gradients against PyTorch's autograd and against finite
// differences, the runs' curves against torch.optim (tests/reference/make_training_fixtures.py made
// training_fixtures.json with Debian's PyTorch), and the lecture's claim: without the scale SGD stalls.

#include "training.h"
#include "training_once.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <sstream>

using namespace attn;

namespace {

QJsonArray cases()
{
    QFile f(QStringLiteral(ATTN_TRAINING_FIXTURES));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot open %s", ATTN_TRAINING_FIXTURES);
    return QJsonDocument::fromJson(f.readAll()).object().value("cases").toArray();
}

TrainSettings settingsOf(const QJsonObject &j)
{
    TrainSettings s;
    s.seed = std::uint64_t(j.value("seed").toInt(0));
    s.dK = j.value("d_k").toInt(256);
    s.steps = j.value("steps").toInt(300);
    s.learningRate = j.value("lr").toDouble(0.5);
    s.optimizer = *parseOptimizer(j.value("optimizer").toString("sgd").toStdString());
    s.batch = j.value("batch").toInt(64);
    s.length = j.value("length").toInt(16);
    s.dModel = j.value("d_model").toInt(32);
    s.dV = j.value("d_v").toInt(8);
    s.noise = j.value("noise").toDouble(1.0);
    s.init = *parseTrainInit(j.value("init").toString("normal").toStdString());
    s.scaling = *parseScalingOption(j.value("scaling").toString("sqrt-d-k").toStdString());
    return s;
}

MatrixD matrixOf(const QJsonArray &rows)
{
    MatrixD m(rows.size(), rows.isEmpty() ? 0 : rows.at(0).toArray().size());
    for (int r = 0; r < m.rows(); ++r)
        for (int c = 0; c < m.cols(); ++c)
            m(r, c) = rows.at(r).toArray().at(c).toDouble();
    return m;
}

std::vector<double> listOf(const QJsonArray &a)
{
    std::vector<double> v;
    for (const QJsonValue &x : a)
        v.push_back(x.toDouble());
    return v;
}

// The largest difference relative to the largest reference value.
double relativeError(const MatrixD &got, const MatrixD &want)
{
    if (got.rows() != want.rows() || got.cols() != want.cols())
        return INFINITY;
    if (got.size() == 0)
        return 0.0;
    return (got - want).cwiseAbs().maxCoeff() / std::max(want.cwiseAbs().maxCoeff(), 1e-300);
}

// One row per fixture case (withInit: only those that keep their initial weights, the small ones).
void addCaseRows(bool withInit = false)
{
    QTest::addColumn<QJsonObject>("fixture");
    for (const QJsonValue &c : cases())
        if (!withInit || c.toObject().contains("init"))
            QTest::newRow(qPrintable(c.toObject().value("name").toString())) << c.toObject();
}

TrainSettings small()
{
    TrainSettings s;
    s.dK = 5;
    s.dModel = 4;
    s.batch = 3;
    s.length = 4;
    s.dV = 2;
    s.init = TrainInit::Randn;
    s.seed = 11;
    return s;
}

} // namespace

class TestTraining : public QObject
{
    Q_OBJECT
private slots:
    void initialWeightsAreTorchs_data() { addCaseRows(true); }
    void initialWeightsAreTorchs();
    void firstStepGradientsAreAutograds_data() { addCaseRows(); }
    void firstStepGradientsAreAutograds();
    void curvesAreTorchOptims_data() { addCaseRows(); }
    void curvesAreTorchOptims();
    void gradientsAreFiniteDifferences_data();
    void gradientsAreFiniteDifferences();
    void withoutTheScaleSgdStalls();
    void adamLearnsBoth();
    void watchedRowsAreTheFirstBatchs();
    void settingsAreChecked_data();
    void settingsAreChecked();
    void jsonHasTheIssuesShape();
    void progressCanStop();
    void runningMedianIsTheWindowsMiddle();
};

void TestTraining::initialWeightsAreTorchs()
{
    QFETCH(QJsonObject, fixture);
    const TrainingRun run(settingsOf(fixture.value("settings").toObject()));
    // Drawn in float32 by the same generator and widened: equal to the last bit.
    QCOMPARE(relativeError(run.initWq(), matrixOf(fixture.value("init").toObject().value("W_q").toArray())), 0.0);
    QCOMPARE(relativeError(run.initWk(), matrixOf(fixture.value("init").toObject().value("W_k").toArray())), 0.0);
}

void TestTraining::firstStepGradientsAreAutograds()
{
    QFETCH(QJsonObject, fixture);
    TrainingRun run(settingsOf(fixture.value("settings").toObject()));
    run.step();
    for (int side = 0; side < 2; ++side) {
        const QJsonObject want = fixture.value(side == 0 ? "scaled" : "unscaled").toObject();
        QCOMPARE(run.side(side).scale, want.value("scale").toDouble());
        const MatrixD *got[2] = { &run.side(side).gradWq0, &run.side(side).gradWk0 };
        const char *names[2] = { "grad_W_q_step0", "grad_W_k_step0" };
        for (int k = 0; k < 2; ++k) {
            const QString name = QString::fromLatin1(names[k]);
            if (want.contains(name)) {
                const double e = relativeError(*got[k], matrixOf(want.value(name).toArray()));
                QVERIFY2(
                    e <= 1e-9, qPrintable(QStringLiteral("%1 side %2: relative error %3").arg(name).arg(side).arg(e)));
            } else { // large: its norm and its first row
                const double norm = want.value(name + "_norm").toDouble();
                QVERIFY2(std::fabs(got[k]->norm() - norm) <= 1e-9 * norm, qPrintable(name));
                const std::vector<double> row = listOf(want.value(name + "_row0").toArray());
                MatrixD wantRow(1, Eigen::Index(row.size()));
                for (std::size_t c = 0; c < row.size(); ++c)
                    wantRow(0, Eigen::Index(c)) = row[c];
                const double e = relativeError(got[k]->topRows(1), wantRow);
                QVERIFY2(e <= 1e-9, qPrintable(QStringLiteral("%1 row 0, side %2: %3").arg(name).arg(side).arg(e)));
            }
        }
    }
}

void TestTraining::curvesAreTorchOptims()
{
    QFETCH(QJsonObject, fixture);
    const TrainSettings s = settingsOf(fixture.value("settings").toObject());
    const TrainingRun *run = trainingOnce(s);
    QVERIFY(run);
    QCOMPARE(run->stepsDone(), s.steps);
    for (int side = 0; side < 2; ++side) {
        const QJsonObject want = fixture.value(side == 0 ? "scaled" : "unscaled").toObject();
        const TrainHistory &h = run->side(side).history;
        const struct
        {
            const char *name;
            const std::vector<double> &got;
        } curves[] = { { "loss", h.loss }, { "accuracy", h.accuracy }, { "grad_norm", h.gradNorm },
            { "max_weight", h.maxWeight }, { "target_weight", h.targetWeight },
            { "held_out_accuracy", h.heldOutAccuracy } };
        for (const auto &c : curves) {
            const std::vector<double> ref = listOf(want.value(c.name).toArray());
            QCOMPARE(c.got.size(), ref.size());
            double top = 0;
            for (double v : ref)
                top = std::max(top, std::fabs(v));
            // Both in float64, summed in different orders: the first steps agree to 1e-9 of the curve's
            // largest value (a gradient norm that has fallen to 1e-16 is compared with its first steps').
            // Later the runs part: an unscaled run is chaotic (a saturated softmax and steps of
            // lr × 27), and there the last bits of a step decide the next one's from about step 6 on.
            for (std::size_t i = 0; i < std::min<std::size_t>(ref.size(), 5); ++i)
                QVERIFY2(std::fabs(c.got[i] - ref[i]) <= 1e-9 * top,
                    qPrintable(QStringLiteral("%1 side %2 step %3: %4, PyTorch %5")
                                   .arg(c.name)
                                   .arg(side)
                                   .arg(i)
                                   .arg(c.got[i], 0, 'g', 17)
                                   .arg(ref[i], 0, 'g', 17)));
        }
        // What the run comes to is the same: the last 100 steps' mean accuracy within 0.15 and mean
        // loss within 25 % (or 0.05) of PyTorch's (a stalled run's accuracy wanders between 0.05 and
        // 0.3 from batch to batch; a learning run's loss between 0.3 and 4 at d_k = 16). Over the last
        // 20 steps only, the mean is too noisy: where the runs part (step 117 at d_k = 16 on an AVX2
        // machine) it came to 1.56 against PyTorch's 1.23, over 100 steps to 1.41 against 1.51.
        auto tail = [](const std::vector<double> &v) {
            const std::size_t n = std::min<std::size_t>(v.size(), 100);
            double sum = 0;
            for (std::size_t i = v.size() - n; i < v.size(); ++i)
                sum += v[i];
            return sum / double(n);
        };
        const double accuracy = tail(h.accuracy), wantAccuracy = tail(listOf(want.value("accuracy").toArray()));
        const double loss = tail(h.loss), wantLoss = tail(listOf(want.value("loss").toArray()));
        QVERIFY2(std::fabs(accuracy - wantAccuracy) <= 0.15,
            qPrintable(QStringLiteral("side %1: accuracy %2, PyTorch %3").arg(side).arg(accuracy).arg(wantAccuracy)));
        const double heldOut = h.heldOutAccuracy.back(),
                     wantHeldOut = listOf(want.value("held_out_accuracy").toArray()).back();
        QVERIFY2(std::fabs(heldOut - wantHeldOut) <= 0.15,
            qPrintable(
                QStringLiteral("side %1: held-out accuracy %2, PyTorch %3").arg(side).arg(heldOut).arg(wantHeldOut)));
        QVERIFY2(std::fabs(loss - wantLoss) <= std::max(0.25 * wantLoss, 0.05),
            qPrintable(QStringLiteral("side %1: loss %2, PyTorch %3").arg(side).arg(loss).arg(wantLoss)));
    }
}

void TestTraining::gradientsAreFiniteDifferences_data()
{
    QTest::addColumn<double>("scale");
    QTest::newRow("scaled") << 1.0 / std::sqrt(5.0);
    QTest::newRow("not scaled") << 1.0;
    QTest::newRow("tenfold") << 10.0;
}

void TestTraining::gradientsAreFiniteDifferences()
{
    QFETCH(double, scale);
    const TrainSettings s = small();
    TorchGenerator g(s.seed);
    MatrixD Wq(s.dModel, s.dK), Wk(s.dModel, s.dK);
    for (MatrixD *m : { &Wq, &Wk }) {
        const std::vector<float> v = g.randn(std::size_t(m->size()));
        for (Eigen::Index i = 0; i < m->size(); ++i)
            m->data()[i] = 0.5 * v[std::size_t(i)];
    }
    const TrainBatch batch = drawTrainBatch(g, s);
    const TrainEvaluation e = evaluateTraining(Wq, Wk, scale, batch);
    constexpr double h = 1e-6;
    for (int which = 0; which < 2; ++which) {
        MatrixD *w = which == 0 ? &Wq : &Wk;
        const MatrixD &grad = which == 0 ? e.gradWq : e.gradWk;
        for (Eigen::Index i = 0; i < w->size(); ++i) {
            const double keep = w->data()[i];
            w->data()[i] = keep + h;
            const double up = evaluateTraining(Wq, Wk, scale, batch, false).loss;
            w->data()[i] = keep - h;
            const double down = evaluateTraining(Wq, Wk, scale, batch, false).loss;
            w->data()[i] = keep;
            const double numeric = (up - down) / (2 * h);
            QVERIFY2(std::fabs(numeric - grad.data()[i]) <= 1e-6 * std::max(1.0, std::fabs(numeric)),
                qPrintable(QStringLiteral("W_%1[%2]: %3 by hand, %4 by differences")
                               .arg(which == 0 ? "q" : "k")
                               .arg(i)
                               .arg(grad.data()[i], 0, 'g', 12)
                               .arg(numeric, 0, 'g', 12)));
        }
    }
    QCOMPARE(e.gradNorm, std::sqrt(e.gradWq.squaredNorm() + e.gradWk.squaredNorm()));
}

// The default settings (d_k = 256, SGD, lr 0.5, noise 1, 300 steps, seed 0): the scaled run reaches held-out accuracy
// 0.9 or more, the unscaled one stays within twice chance (1/L) on its last 50 batches and on the held-out examples,
// with its gradient norm below 1e-3 of its start (the issue's "Done when").
void TestTraining::withoutTheScaleSgdStalls()
{
    const TrainingRun *run = trainingOnce(TrainSettings());
    QVERIFY(run);
    const TrainHistory &scaled = run->side(0).history, &unscaled = run->side(1).history;
    auto last = [](const std::vector<double> &v, std::size_t n) {
        double sum = 0;
        for (std::size_t i = v.size() - n; i < v.size(); ++i)
            sum += v[i];
        return sum / double(n);
    };
    auto lastTen = [&](const std::vector<double> &v) { return last(v, 10); };
    const double chance = 1.0 / TrainSettings().length;
    QCOMPARE(int(scaled.heldOutAccuracy.size()), TrainSettings().steps);
    QVERIFY2(scaled.heldOutAccuracy.back() >= 0.9, qPrintable(QString::number(scaled.heldOutAccuracy.back())));
    QVERIFY2(last(unscaled.accuracy, 50) <= 2 * chance, qPrintable(QString::number(last(unscaled.accuracy, 50))));
    QVERIFY2(
        unscaled.heldOutAccuracy.back() <= 2 * chance, qPrintable(QString::number(unscaled.heldOutAccuracy.back())));
    // The gradient is spiky (a fresh batch each step; now and then an example near a tie gives a
    // large one): its running median over 25 steps falls by more than 1000 times...
    const std::vector<double> median = runningMedian(unscaled.gradNorm, 25);
    QCOMPARE(median.size(), unscaled.gradNorm.size());
    QVERIFY2(median.back() < 1e-3 * median.front(), qPrintable(QString::number(median.back())));
    // ... because the rows are one-hot (largest weight about 1) on a wrong key (little on the target).
    QVERIFY(unscaled.maxWeight.front() > 0.9); // saturated from the first step
    QVERIFY(lastTen(unscaled.maxWeight) > 0.99);
    QVERIFY(lastTen(unscaled.targetWeight) < 0.5);
    QVERIFY(runningMedian(scaled.gradNorm, 25).back() > 1e-2);
    QVERIFY(scaled.loss.back() < 0.1 * scaled.loss.front());
    QVERIFY(unscaled.loss.back() > 0.5 * unscaled.loss.front());
}

void TestTraining::adamLearnsBoth()
{
    TrainSettings s;
    s.optimizer = Optimizer::Adam;
    s.learningRate = defaultLearningRate(Optimizer::Adam);
    const TrainingRun *run = trainingOnce(s);
    QVERIFY(run);
    QVERIFY(run->side(0).history.heldOutAccuracy.back() >= 0.9); // 0.959 (PyTorch too)
    QVERIFY(run->side(1).history.heldOutAccuracy.back() >= 0.9); // 0.902
    // ... although the unscaled gradient's median falls on the way below 1/100 of its start (50.2 to 0.258 at its
    // lowest): Adam divides each step by the gradient's own running size.
    const std::vector<double> median = runningMedian(run->side(1).history.gradNorm, 25);
    QVERIFY(*std::min_element(median.begin(), median.end()) < 1e-2 * median.front());
}

void TestTraining::watchedRowsAreTheFirstBatchs()
{
    TrainSettings s = small();
    s.steps = 3;
    TrainingRun run(s);
    const MatrixD before = run.watchedWeights(0, 2);
    QCOMPARE(before.rows(), 2);
    QCOMPARE(before.cols(), s.length);
    run.step();
    // The first step's forward pass saw the same rows (its weights before the update).
    const TrainEvaluation e = evaluateTraining(run.initWq(), run.initWk(), run.side(0).scale, run.firstBatch(), false);
    QCOMPARE(relativeError(before, e.weights.topRows(2)), 0.0);
    const MatrixD after = run.watchedWeights(0, 2);
    QVERIFY(relativeError(after, before) > 0); // the update moved them
    for (Eigen::Index r = 0; r < after.rows(); ++r)
        QVERIFY(std::fabs(after.row(r).sum() - 1) < 1e-12);
    QCOMPARE(run.watchedWeights(1, 100).rows(), s.batch); // at most the batch
}

void TestTraining::settingsAreChecked_data()
{
    QTest::addColumn<QString>("field");
    QTest::addColumn<double>("value");
    QTest::addColumn<QString>("message");
    QTest::newRow("d_k 0") << "d_k" << 0.0 << "d_k: must be from 1 to 4096 (got 0)";
    QTest::newRow("steps") << "steps" << 0.0 << "steps: must be from 1 to 100000 (got 0)";
    QTest::newRow("length 1") << "length" << 1.0 << "length: must be from 2 to 256 (got 1)";
    QTest::newRow("lr 0") << "lr" << 0.0 << "learning rate: must be more than 0";
    QTest::newRow("lr nan") << "lr" << double(NAN) << "learning rate: must be from 0 to 1000 (got nan)";
    QTest::newRow("noise") << "noise" << -1.0 << "noise: must be from 0 to 100 (got -1)";
    QTest::newRow("work") << "steps at d_k 4096" << 100000.0 << "too much work: 100000 steps at d_k = 4096";
    QTest::newRow("steps work") << "steps" << 100000.0 << "";
}

void TestTraining::settingsAreChecked()
{
    QFETCH(QString, field);
    QFETCH(double, value);
    QFETCH(QString, message);
    TrainSettings s;
    QVERIFY(!validateTraining(s));
    if (field == "d_k")
        s.dK = int(value);
    else if (field == "steps")
        s.steps = int(value);
    else if (field == "steps at d_k 4096") {
        s.steps = int(value);
        s.dK = 4096;
    } else if (field == "length")
        s.length = int(value);
    else if (field == "lr")
        s.learningRate = value;
    else if (field == "noise")
        s.noise = value;
    const std::optional<std::string> e = validateTraining(s);
    if (message.isEmpty()) { // within the limits
        QVERIFY2(!e, e ? e->c_str() : "");
        return;
    }
    QVERIFY(e);
    QVERIFY2(QString::fromStdString(*e).startsWith(message), e->c_str());
    s = TrainSettings();
    s.scaling = Scaling::None;
    QVERIFY(validateTraining(s));
}

void TestTraining::jsonHasTheIssuesShape()
{
    TrainSettings s = small();
    s.steps = 4;
    const std::optional<TrainingRun> run = runTraining(s);
    std::ostringstream out;
    writeTrainingJson(out, *run);
    QJsonParseError error {};
    const QJsonObject j = QJsonDocument::fromJson(QByteArray::fromStdString(out.str()), &error).object();
    QCOMPARE(error.error, QJsonParseError::NoError);
    QCOMPARE(j.value("steps").toArray().size(), 4);
    for (const char *side : { "scaled", "unscaled" }) {
        const QJsonObject o = j.value(side).toObject();
        for (const char *key : { "loss", "accuracy", "grad_norm", "max_weight", "target_weight", "held_out_accuracy" })
            QCOMPARE(o.value(key).toArray().size(), 4);
        QCOMPARE(o.value("grad_W_q_step0").toArray().size(), s.dModel);
        QCOMPARE(o.value("grad_W_k_step0").toArray().at(0).toArray().size(), s.dK);
    }
    QCOMPARE(j.value("scaled").toObject().value("scale").toDouble(), 1 / std::sqrt(5.0));
    QCOMPARE(j.value("unscaled").toObject().value("loss").toArray().at(0).toDouble(), run->side(1).history.loss[0]);
    const QJsonObject b = j.value("batch0").toObject();
    QCOMPARE(b.value("X").toArray().size(), s.batch);
    QCOMPARE(b.value("X").toArray().at(0).toArray().size(), s.length);
    QCOMPARE(b.value("X").toArray().at(0).toArray().at(0).toArray().size(), s.dModel);
    QCOMPARE(b.value("V").toArray().at(2).toArray().at(3).toArray().size(), s.dV);
    QCOMPARE(b.value("query").toArray().size(), s.batch);
    QCOMPARE(b.value("target").toArray().size(), s.batch);
    QCOMPARE(
        b.value("X").toArray().at(1).toArray().at(2).toArray().at(3).toDouble(), run->firstBatch().X(1 * 4 + 2, 3));
    QCOMPARE(j.value("init").toObject().value("W_q").toArray().size(), s.dModel);
    std::ostringstream csv;
    writeTrainingCsv(csv, *run);
    QCOMPARE(QString::fromStdString(csv.str()).count('\n'), 5);
}

void TestTraining::progressCanStop()
{
    int calls = 0;
    const std::optional<TrainingRun> run = runTraining(TrainSettings(), [&calls](int done) {
        ++calls;
        return done < 32;
    });
    QVERIFY(!run);
    QCOMPARE(calls, 2);
}

void TestTraining::runningMedianIsTheWindowsMiddle()
{
    const std::vector<double> v { 5, 1, 4, 2, 3, 100 };
    const std::vector<double> want { 5, 3, 4, 3, 2.5,
        3.5 }; // medians of the last 4 at most, averaging an even count's two
    QCOMPARE(runningMedian(v, 4), want);
    QCOMPARE(runningMedian(v, 1), v);
    QVERIFY(runningMedian({}, 3).empty());
}

QTEST_APPLESS_MAIN(TestTraining)
#include "tst_training.moc"
