// SPDX-License-Identifier: GPL-3.0-or-later
// Additive (Bahdanau) attention: the draws W_1, W_2, v come after everything else in PyTorch's order (bit for
// bit), the scores, weights and output equal NumPy's (tests/reference/make_additive_fixtures.py), no scaling
// applies, and unlike the unscaled dot product it does not blow up with d_k (the Transformer paper's §3.2.1).

#include "attention.h"
#include "fixtures.h"
#include "params_edit.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <cmath>
#include <cstring>

using namespace attn;

namespace {

QJsonArray cases()
{
    QFile f(QStringLiteral(ATTN_ADDITIVE_FIXTURES));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot open %s", ATTN_ADDITIVE_FIXTURES);
    return QJsonDocument::fromJson(f.readAll()).object().value("cases").toArray();
}

Params paramsOf(const QJsonObject &c)
{
    return paramsOfFixture(c.value("params").toObject());
}

// Bit for bit (generator draws) or within a relative tol.
void compare(const Tensor3 &ours, const QJsonObject &theirs, double tol, const char *what)
{
    const std::vector<float> v = fixtureValues(theirs);
    QVERIFY2(v.size() == ours.data.size(), what);
    for (std::size_t i = 0; i < v.size(); ++i) {
        const bool ok = tol == 0 ? ours.data[i] == v[i]
                                 : std::abs(ours.data[i] - v[i]) <= tol * std::max(1.0, double(std::abs(v[i])));
        if (!ok)
            QFAIL(qPrintable(QString("%1[%2]: %3, NumPy %4").arg(what).arg(i).arg(ours.data[i]).arg(v[i])));
    }
}

} // namespace

class TestAdditive : public QObject
{
    Q_OBJECT
private slots:
    void asNumPy_data()
    {
        QTest::addColumn<QJsonObject>("c");
        for (const QJsonValue &v : cases())
            QTest::newRow(QJsonDocument(v.toObject().value("params").toObject()).toJson(QJsonDocument::Compact))
                << v.toObject();
    }
    void asNumPy()
    {
        QFETCH(QJsonObject, c);
        const Params p = paramsOf(c);
        QVERIFY(!validate(p, defaultMemoryBudget()));
        const Result r = compute(p);
        compare(r.inputs->W1, c.value("W_1").toObject(), 0, "W_1");
        compare(r.inputs->W2, c.value("W_2").toObject(), 0, "W_2");
        compare(r.inputs->va, c.value("v_a").toObject(), 0, "v_a");
        compare(r.inputs->Q, c.value("Q").toObject(), 1e-6, "Q"); // projection: X @ W_q
        compare(r.inputs->K, c.value("K").toObject(), 1e-6, "K");
        compare(*r.scores, c.value("scores").toObject(), 2e-5, "scores");
        compare(r.attention.weights, c.value("weights").toObject(), 1e-5, "weights");
        compare(r.attention.out, c.value("out").toObject(), 1e-4, "out");
        QCOMPARE(p.scaleFactor(), 1.0); // additive scores are not scaled
        const std::vector<float> v = fixtureValues(c.value("v_a").toObject());
        double bound = 0;
        for (float x : v)
            bound += std::abs(x);
        QVERIFY(std::abs(additiveScoreBound(*r.inputs) - bound) < 1e-9 * bound);
        for (float s : r.scores->data)
            QVERIFY(std::abs(s) <= bound * (1 + 1e-6));
        QVERIFY(!expectedScoreVariance(p).known);
    }

    // The same Q, K, V as the dot product draws: the additive draws come after them.
    void drawsComeLast()
    {
        Params dot;
        dot.mode = Mode::Direct;
        dot.seed = 7;
        Params add = dot;
        add.score = Score::Additive;
        const Inputs a = drawInputs(dot), b = drawInputs(add);
        QCOMPARE(
            std::vector<float>(a.Q.data.begin(), a.Q.data.end()), std::vector<float>(b.Q.data.begin(), b.Q.data.end()));
        QCOMPARE(
            std::vector<float>(a.V.data.begin(), a.V.data.end()), std::vector<float>(b.V.data.begin(), b.V.data.end()));
        QVERIFY(a.W1.empty() && !b.W1.empty());
        QVERIFY(!sameInputs(dot, add));
        Params other = add;
        other.additiveHidden = 9;
        QVERIFY(!sameInputs(add, other));
        QVERIFY(add != other);
        // H is checked
        other.additiveHidden = 0;
        QCOMPARE(QString::fromStdString(validate(other, defaultMemoryBudget())->field), QString("additive-hidden"));
        QCOMPARE(parseScore("additive"), std::optional<Score>(Score::Additive));
        QVERIFY(!parseScore("bahdanau"));
    }

    // From d_k = 1 to 1024 the unscaled dot product's rows collapse to one-hot; the additive score's do not:
    // tanh bounds it whatever d_k is.
    void doesNotBlowUpWithDk()
    {
        double dotAt1024 = 0, additiveAt1024 = 0;
        for (int dk : { 1, 16, 1024 }) {
            Params p;
            p.mode = Mode::Direct;
            p.queryLength = 64;
            p.keyLength = 16;
            p.keysFollowLength = false;
            setDk(p, dk);
            p.scaling = Scaling::None;
            const double dot = compute(p).attention.stats.rowMax.mean();
            p.score = Score::Additive;
            const double additive = compute(p).attention.stats.rowMax.mean();
            if (dk == 1024) {
                dotAt1024 = dot;
                additiveAt1024 = additive;
            }
        }
        QVERIFY2(dotAt1024 > 0.95, qPrintable(QString::number(dotAt1024)));
        QVERIFY2(additiveAt1024 < 0.8, qPrintable(QString::number(additiveAt1024)));
    }
};

QTEST_APPLESS_MAIN(TestAdditive)
#include "tst_additive.moc"
