// SPDX-License-Identifier: GPL-3.0-or-later
// The generator against PyTorch: the reference values of docs/torch-randn.md and the cases
// made by tests/reference/make_fixtures.py with Debian's python3-torch, bit for bit.
#include "fixtures.h"
#include "torch_generator.h"

class TestTorchGenerator : public QObject
{
    Q_OBJECT
private slots:
    void documentedValues();
    void cachedTwinCarriesAcrossCalls();
    void manualSeedClearsCache();
    void fixtures_data();
    void fixtures();
};

void TestTorchGenerator::documentedValues()
{
    attn::TorchGenerator g(0);
    const std::vector<float> four = g.randn(4);
    QCOMPARE(double(four[0]), 1.5409960746765137);
    QCOMPARE(double(four[1]), -0.293428897857666);
    QCOMPARE(double(four[2]), -2.1787893772125244);
    QCOMPARE(double(four[3]), 0.5684312582015991);

    g.manualSeed(0);
    const std::vector<float> sixteen = g.randn(16);
    QCOMPARE(double(sixteen[0]), -1.1258398294448853);
    QCOMPARE(double(sixteen[8]), 0.32227492332458496);
    QCOMPARE(double(sixteen[15]), -0.2472781538963318);

    g.manualSeed(42);
    const std::vector<float> seventeen = g.randn(17);
    QCOMPARE(double(seventeen[0]), 1.9269152879714966);
    QCOMPARE(double(seventeen[16]), -0.3097267746925354);

    g.manualSeed(123);
    QCOMPARE(double(g.randn(1000)[999]), 0.03593842685222626);
}

void TestTorchGenerator::cachedTwinCarriesAcrossCalls()
{
    attn::TorchGenerator a(0), b(0);
    const std::vector<float> four = a.randn(4);
    std::vector<float> split = b.randn(3);
    const std::vector<float> last = b.randn(1);
    split.push_back(last[0]);
    QCOMPARE(split, four);
}

void TestTorchGenerator::manualSeedClearsCache()
{
    attn::TorchGenerator a(0), b(0);
    a.randn(3); // leaves a cached twin
    a.manualSeed(0);
    QCOMPARE(a.randn(4), b.randn(4));
}

void TestTorchGenerator::fixtures_data()
{
    QTest::addColumn<QJsonObject>("fixture");
    const QJsonArray cases = loadFixtures().value("randn").toArray();
    QVERIFY(cases.size() >= 20);
    for (const QJsonValue &c : cases) {
        const QJsonObject o = c.toObject();
        QStringList counts;
        for (const QJsonValue &n : o.value("counts").toArray())
            counts << QString::number(n.toInt());
        const QString name
            = QStringLiteral("seed %1, randn(%2)").arg(o.value("seed").toString(), counts.join("), randn("));
        QTest::newRow(qPrintable(name)) << o;
    }
}

void TestTorchGenerator::fixtures()
{
    QFETCH(QJsonObject, fixture);
    const std::uint64_t seed = fixture.value("seed").toString().toULongLong();
    attn::TorchGenerator g(seed);
    const QJsonArray counts = fixture.value("counts").toArray();
    const QJsonArray calls = fixture.value("calls").toArray();
    for (int c = 0; c < counts.size(); ++c) {
        const std::vector<float> expected = fixtureValues(calls[c].toObject());
        const std::vector<float> got = g.randn(std::size_t(counts[c].toInt()));
        QCOMPARE(got.size(), expected.size());
        for (std::size_t i = 0; i < got.size(); ++i)
            if (floatBits(got[i]) != floatBits(expected[i]))
                QFAIL(qPrintable(QStringLiteral("call %1, value %2: got %3, PyTorch %4")
                                     .arg(c)
                                     .arg(i)
                                     .arg(double(got[i]), 0, 'g', 9)
                                     .arg(double(expected[i]), 0, 'g', 9)));
    }
}

QTEST_APPLESS_MAIN(TestTorchGenerator)
#include "tst_torch_generator.moc"
