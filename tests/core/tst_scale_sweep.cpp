// SPDX-License-Identifier: GPL-3.0-or-later
// The "why scale" sweep (core/scale_sweep): its statistics agree with the theory it demonstrates
// (Var(q·k) = d_k, and 1 after dividing by sqrt(d_k)), each trial is the program's own direct-mode
// computation at seed + t, the unscaled softmax saturates as d_k grows while the scaled one holds,
// the settings are checked, progress and cancel work, and the JSON and CSV carry every curve.
#include "attention.h"
#include "scale_sweep.h"
#include "softmax.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <cmath>
#include <sstream>

using attn::SweepSettings;

class TestScaleSweep : public QObject
{
    Q_OBJECT
private slots:
    void varianceIsDkAndOneScaled();
    void trialIsTheProgramsComputation();
    void unscaledSaturatesScaledHolds();
    void wrongScalesAndQuarterEach();
    void sigmaScalesTheVariance();
    void parsesValues_data();
    void parsesValues();
    void refusesBadSettings();
    void progressAndCancel();
    void jsonAndCsvCarryEveryCurve();
    void additiveDoesNotBlowUp();
};

// With T = 2000 the mean raw-score variance is within 5 % of d_k and the scaled one within 5 % of 1.
void TestScaleSweep::varianceIsDkAndOneScaled()
{
    SweepSettings s;
    s.dks = { 4, 64, 512 };
    s.trials = 2000;
    const auto r = attn::runSweep(s);
    QVERIFY(r);
    for (std::size_t i = 0; i < s.dks.size(); ++i) {
        const double raw = r->unscaled.scoreVariance.mean[i], scaled = r->scaled.scoreVariance.mean[i];
        QVERIFY2(std::fabs(raw / s.dks[i] - 1) < 0.05, qPrintable(QString("d_k %1: %2").arg(s.dks[i]).arg(raw)));
        QVERIFY2(std::fabs(scaled - 1) < 0.05, qPrintable(QString("d_k %1: scaled %2").arg(s.dks[i]).arg(scaled)));
        QVERIFY(r->unscaled.scoreVariance.p10[i] < raw && raw < r->unscaled.scoreVariance.p90[i]);
    }
}

// With one trial the mean and both percentiles are that trial, and it is exactly what the program
// computes for --mode direct --len 1 --keys S --d-k d --seed seed (+ t), scaled and not.
void TestScaleSweep::trialIsTheProgramsComputation()
{
    SweepSettings s;
    s.dks = { 3, 64, 100 };
    s.keys = 6;
    s.trials = 1;
    s.seed = 7;
    const auto r = attn::runSweep(s);
    QVERIFY(r);
    for (std::size_t i = 0; i < s.dks.size(); ++i)
        for (bool scaled : { true, false }) {
            const attn::Result c = attn::compute(attn::sweepTrialParams(s, s.dks[i], 0, scaled));
            const attn::SweepSide &side = scaled ? r->scaled : r->unscaled;
            QCOMPARE(side.entropy.mean[i], c.attention.stats.rowEntropy(0, 0));
            QCOMPARE(side.entropy.p10[i], side.entropy.mean[i]);
            QCOMPARE(side.entropy.p90[i], side.entropy.mean[i]);
            QCOMPARE(side.maxWeight.mean[i], c.attention.stats.rowMax(0, 0));
            QCOMPARE(side.jacobianNorm.mean[i], attn::jacobianNorms(c, 0)[0]);
            const attn::ScoreMoments &m = scaled ? c.attention.stats.scaledScores : c.attention.stats.rawScores;
            QVERIFY(std::fabs(side.scoreVariance.mean[i] - m.variance * 6 / 5) <= 1e-12 * side.scoreVariance.mean[i]);
        }
    // the trial params are direct mode, L = 1, seed + t
    const attn::Params p = attn::sweepTrialParams(s, 64, 5, true);
    QCOMPARE(p.mode, attn::Mode::Direct);
    QCOMPARE(p.queryLength, 1);
    QCOMPARE(p.keyLength, 6);
    QCOMPARE(p.seed, quint64(12));
    QCOMPARE(p.scaling, attn::Scaling::InvSqrtDk);
    QCOMPARE(attn::sweepTrialParams(s, 64, 5, false).scaling, attn::Scaling::None);
}

// The lecture's argument: without the scale the row's entropy and the Jacobian's norm fall towards 0
// as d_k grows (one weight near 1, little gradient); with it they stay where they were at d_k = 1.
void TestScaleSweep::unscaledSaturatesScaledHolds()
{
    SweepSettings s;
    s.trials = 200;
    const auto r = attn::runSweep(s);
    QVERIFY(r);
    const std::size_t last = s.dks.size() - 1;
    const double lnS = std::log(16.0);
    QVERIFY2(r->unscaled.entropy.mean[last] < 0.1 * lnS, qPrintable(QString::number(r->unscaled.entropy.mean[last])));
    // (the unscaled norm first grows, as rows leave uniform, then falls as they become one-hot)
    QVERIFY(r->unscaled.jacobianNorm.mean[last] < 0.3 * r->scaled.jacobianNorm.mean[last]);
    QVERIFY(r->unscaled.jacobianNorm.mean[last] < 0.3 * r->unscaled.jacobianNorm.mean[0]);
    QVERIFY(r->unscaled.maxWeight.mean[last] > 0.9);
    for (std::size_t i = 1; i <= last; ++i) {
        QVERIFY(r->unscaled.entropy.mean[i] < r->unscaled.entropy.mean[i - 1]);
        QVERIFY(std::fabs(r->scaled.entropy.mean[i] / r->scaled.entropy.mean[0] - 1) < 0.1);
        QVERIFY(std::fabs(r->scaled.jacobianNorm.mean[i] / r->scaled.jacobianNorm.mean[0] - 1) < 0.15);
        QVERIFY(r->scaled.entropy.p90[i] <= lnS && r->scaled.jacobianNorm.p90[i] <= 0.5);
    }
    // at d_k = 1 the two sides are the same computation (to the last bits, which depend on where the
    // weights lie in memory: see softmax.h)
    QVERIFY(std::fabs(r->scaled.entropy.mean[0] - r->unscaled.entropy.mean[0]) < 1e-6);
}

// 1/d_k over-flattens (scaled variance 1/d_k), 1/sqrt(d_model) with d_model = 512 likewise at small
// d_k; d_k^-1/4 on q and on k gives the same curves as 1/sqrt(d_k).
void TestScaleSweep::wrongScalesAndQuarterEach()
{
    SweepSettings s;
    s.dks = { 16, 256 };
    s.trials = 500;
    const auto right = attn::runSweep(s);
    s.scaling = attn::Scaling::QuarterEach;
    const auto quarter = attn::runSweep(s);
    s.scaling = attn::Scaling::InvDk;
    const auto dk = attn::runSweep(s);
    QVERIFY(right && quarter && dk);
    for (int i = 0; i < 2; ++i) {
        QVERIFY(std::fabs(quarter->scaled.entropy.mean[i] - right->scaled.entropy.mean[i]) < 1e-6);
        QVERIFY(std::fabs(dk->scaled.scoreVariance.mean[i] * s.dks[i] - 1) < 0.1);
        QVERIFY(dk->scaled.entropy.mean[i] > right->scaled.entropy.mean[i]); // flatter
    }
}

void TestScaleSweep::sigmaScalesTheVariance()
{
    SweepSettings s;
    s.dks = { 64 };
    s.trials = 1000;
    s.sigma = 2;
    const auto r = attn::runSweep(s);
    QVERIFY(r);
    QVERIFY(std::fabs(r->unscaled.scoreVariance.mean[0] / (64 * 16) - 1) < 0.05); // d_k sigma⁴
    QVERIFY(std::fabs(r->scaled.scoreVariance.mean[0] / 16 - 1) < 0.05);
}

void TestScaleSweep::parsesValues_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("values"); // or the error's start
    QTest::newRow("powers") << "1..1024"
                            << "1,2,4,8,16,32,64,128,256,512,1024";
    QTest::newRow("one power") << "64..64"
                               << "64";
    QTest::newRow("list") << "1,3,64"
                          << "1,3,64";
    QTest::newRow("not powers") << "3..12"
                                << "error: FIRST..LAST runs over powers of two";
    QTest::newRow("reversed") << "64..1"
                              << "error: FIRST..LAST runs over powers of two";
    QTest::newRow("not ascending") << "4,2"
                                   << "error: values must be ascending";
    QTest::newRow("word") << "1,x"
                          << "error: expected a whole number, got 'x'";
    QTest::newRow("empty") << ""
                           << "error: expected FIRST..LAST or a list";
    QTest::newRow("negative") << "-4..8"
                              << "error: expected a whole number, got '-4'";
}

void TestScaleSweep::parsesValues()
{
    QFETCH(QString, text);
    QFETCH(QString, values);
    std::string error;
    const auto v = attn::parseSweepValues(text.toStdString(), &error);
    if (values.startsWith("error: ")) {
        QVERIFY(!v);
        QVERIFY2(QString::fromStdString(error).startsWith(values.mid(7)), error.c_str());
        return;
    }
    QVERIFY2(v, error.c_str());
    QStringList got;
    for (int x : *v)
        got << QString::number(x);
    QCOMPARE(got.join(','), values);
}

void TestScaleSweep::refusesBadSettings()
{
    SweepSettings s;
    QVERIFY(!attn::validateSweep(s));
    s.trials = 0;
    QCOMPARE(QString::fromStdString(*attn::validateSweep(s)), QString("trials: must be from 1 to 100000 (got 0)"));
    s = {};
    s.keys = 1;
    QCOMPARE(QString::fromStdString(*attn::validateSweep(s)), QString("sweep-keys: must be from 2 to 4096 (got 1)"));
    s = {};
    s.dks = { 0 };
    QVERIFY(QString::fromStdString(*attn::validateSweep(s)).startsWith("d-k: must be from 1 to 65536"));
    s = {};
    s.dks = { 65536 };
    s.trials = 100000;
    QVERIFY(QString::fromStdString(*attn::validateSweep(s)).startsWith("too much work"));
    s = {};
    s.sigma = 0;
    QVERIFY(QString::fromStdString(*attn::validateSweep(s)).startsWith("sigma:"));
}

void TestScaleSweep::progressAndCancel()
{
    SweepSettings s;
    s.dks = { 1, 2, 4, 8 };
    s.trials = 10;
    std::vector<double> seen;
    QVERIFY(attn::runSweep(s, [&](double f) {
        seen.push_back(f);
        return true;
    }));
    QCOMPARE(int(seen.size()), 4);
    QVERIFY(std::is_sorted(seen.begin(), seen.end()));
    QCOMPARE(seen.back(), 1.0);
    int calls = 0;
    QVERIFY(!attn::runSweep(s, [&](double) { return ++calls < 2; }));
    QCOMPARE(calls, 2); // stopped after the second d_k
}

// The JSON shape, every curve as long as d_k; the CSV has a line per d_k and every column.
void TestScaleSweep::jsonAndCsvCarryEveryCurve()
{
    SweepSettings s;
    s.dks = { 1, 4, 16 };
    s.trials = 20;
    s.seed = 3;
    const auto r = attn::runSweep(s);
    QVERIFY(r);
    std::ostringstream out;
    attn::writeSweepJson(out, *r);
    QJsonParseError error;
    const QJsonObject o = QJsonDocument::fromJson(QByteArray::fromStdString(out.str()), &error).object();
    QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(error.errorString()));
    QCOMPARE(o["d_k"].toArray().size(), 3);
    QCOMPARE(o["keys"].toInt(), 16);
    QCOMPARE(o["trials"].toInt(), 20);
    QCOMPARE(o["seed"].toInt(), 3);
    QCOMPARE(o["scaling"].toString(), QString("inv_sqrt_d_k"));
    for (const char *side : { "scaled", "unscaled" })
        for (const char *key : { "entropy_mean", "entropy_p10", "entropy_p90", "max_weight_mean", "score_var_mean",
                 "jacobian_norm_mean", "jacobian_norm_p90" }) {
            const QJsonArray a = o[side].toObject()[key].toArray();
            QVERIFY2(a.size() == 3, key);
            QVERIFY(a[2].isDouble());
        }
    QCOMPARE(o["scaled"].toObject()["entropy_mean"].toArray()[1].toDouble(), r->scaled.entropy.mean[1]);
    std::ostringstream csv;
    attn::writeSweepCsv(csv, *r);
    const QStringList lines = QString::fromStdString(csv.str()).trimmed().split('\n');
    QCOMPARE(lines.size(), 4);
    QCOMPARE(lines[0].split(',').size(), 7 + 2 * 4 * 3);
    QVERIFY2(lines[0].startsWith("d_k,keys,trials,seed,scaling,sigma,scale,scaled_entropy_mean,scaled_entropy_p10"),
        qPrintable(lines[0]));
    // each line says what it is: d_k 16, 16 keys, 20 trials, seed 3, 1/sqrt(d_k) = 0.25
    QVERIFY2(lines[3].startsWith("16,16,20,3,inv_sqrt_d_k,1,0.25,"), qPrintable(lines[3]));
    QCOMPARE(lines[3].split(',').size(), 31);
    QCOMPARE(lines[3].split(',')[7].toDouble(), r->scaled.entropy.mean[2]);
}

// The additive side (the Transformer paper's §3.2.1): the unscaled dot product's rows go one-hot as d_k grows,
// the additive score's keep their spread; one trial's numbers are the program's --score additive computation.
void TestScaleSweep::additiveDoesNotBlowUp()
{
    attn::SweepSettings s;
    s.trials = 40;
    s.additiveHidden = 8;
    const auto r = attn::runSweep(s);
    QVERIFY(r && r->additive);
    const std::size_t last = s.dks.size() - 1; // d_k = 1024
    const double lnS = std::log(double(s.keys));
    QVERIFY(r->unscaled.entropy.mean[last] < 0.1 * lnS);
    QVERIFY2(r->additive->entropy.mean[last] > 0.5 * lnS, qPrintable(QString::number(r->additive->entropy.mean[last])));
    QVERIFY(r->additive->maxWeight.mean[last] < 0.6);
    // one trial: the sweep's numbers are compute()'s for the trial's settings
    attn::SweepSettings one = s;
    one.trials = 1;
    one.dks = { 64 };
    const auto t = attn::runSweep(one);
    const attn::Result c = attn::compute(attn::sweepAdditiveParams(one, 64, 0));
    QVERIFY(std::abs(t->additive->entropy.mean[0] - c.attention.stats.rowEntropy(0, 0)) < 1e-9);
    QVERIFY(std::abs(t->additive->maxWeight.mean[0] - c.attention.stats.rowMax(0, 0)) < 1e-9);
    // and the JSON carries it
    std::ostringstream json;
    attn::writeSweepJson(json, *t);
    QVERIFY(json.str().find("\"additive\": {") != std::string::npos);
    QVERIFY(json.str().find("\"additive_hidden\": 8") != std::string::npos);
    one.additiveHidden = -1;
    QVERIFY(attn::validateSweep(one));
}

QTEST_APPLESS_MAIN(TestScaleSweep)
#include "tst_scale_sweep.moc"
