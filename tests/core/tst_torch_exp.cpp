// SPDX-License-Identifier: GPL-3.0-or-later
// torchExp is torch.exp bit for bit (tests/reference/make_exp_fixtures.py, real PyTorch), over the range a softmax
// meets and past both ends, and it is not simply the C library's expf.

#include "fixtures.h"
#include "torch_exp.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <cmath>

using namespace attn;

class TestTorchExp : public QObject
{
    Q_OBJECT
private slots:
    void bitForBitWithTorch()
    {
        QFile f(QStringLiteral(ATTN_EXP_FIXTURES));
        QVERIFY2(f.open(QIODevice::ReadOnly), ATTN_EXP_FIXTURES);
        const QJsonObject o = QJsonDocument::fromJson(f.readAll()).object();
        const std::vector<float> x = fixtureValues(o.value("x").toObject());
        const std::vector<float> e = fixtureValues(o.value("exp").toObject());
        QVERIFY(x.size() > 10000);
        QCOMPARE(x.size(), e.size());
        int differFromLibm = 0;
        for (std::size_t i = 0; i < x.size(); ++i) {
            const float ours = torchExp(x[i]);
            if (floatBits(ours) != floatBits(e[i]))
                QFAIL(qPrintable(
                    QString("exp(%1) = %2, torch %3").arg(x[i], 0, 'a').arg(ours, 0, 'a').arg(e[i], 0, 'a')));
            differFromLibm += std::isfinite(x[i]) && floatBits(ours) != floatBits(std::exp(x[i]));
        }
        // SLEEF's exp is within 1 ulp, not correctly rounded: it parts from expf on some inputs, which is the reason
        // for having it.
        QVERIFY(differFromLibm > 0);
    }

    void ends()
    {
        QCOMPARE(torchExp(0.0f), 1.0f);
        QCOMPARE(torchExp(-INFINITY), 0.0f);
        QCOMPARE(torchExp(-104.5f), 0.0f);
        QVERIFY(std::isinf(torchExp(100.5f)));
        QVERIFY(std::isinf(torchExp(INFINITY)));
        QVERIFY(std::isnan(torchExp(NAN)));
    }
};

QTEST_APPLESS_MAIN(TestTorchExp)
#include "tst_torch_exp.moc"
