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
#include <cstdint>
#include <cstring>
#include <vector>

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

    // The softmax's fast path, torchExpNormalRange, gives torchExp's bits over [kFastExpLow, 0]: every 61st float of
    // that range here (18 million values; all 1,118,699,521 of them were compared once by hand, none differs), both
    // ends, and just below the end, where torchExp's two-step 2^q takes over.
    void normalRangeIsTheSameExp()
    {
        std::uint32_t low;
        std::memcpy(&low, &kFastExpLow, sizeof low);
        std::vector<float> x;
        for (std::uint64_t bits = 0x80000000u; bits <= low; bits += 61) {
            const auto b = std::uint32_t(bits);
            float f;
            std::memcpy(&f, &b, sizeof f);
            x.push_back(f);
        }
        x.insert(x.end(), { 0.0f, -0.0f, kFastExpLow, std::nextafter(kFastExpLow, 0.0f), -1e-30f });
        std::vector<float> fast(x.size()), full(x.size());
        for (std::size_t i = 0; i < x.size(); ++i) {
            fast[i] = torchExpNormalRange(x[i]);
            full[i] = torchExp(x[i]);
        }
        QVERIFY(x.size() > 18000000);
        for (std::size_t i = 0; i < x.size(); ++i)
            if (floatBits(fast[i]) != floatBits(full[i]))
                QFAIL(qPrintable(QString("exp(%1): fast %2, torchExp %3")
                                     .arg(x[i], 0, 'a')
                                     .arg(fast[i], 0, 'a')
                                     .arg(full[i], 0, 'a')));
        // Outside the range the two differ (the fast path is only for it): 2^q is not a normal float below -87.7.
        QVERIFY(floatBits(torchExpNormalRange(-100.0f)) != floatBits(torchExp(-100.0f)));
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
