// SPDX-License-Identifier: GPL-3.0-or-later
// The program in little memory: run under an address-space limit (ulimit -v) as on a small machine, it takes memory
// for what its input holds. Only in builds without AddressSanitizer, which reserves terabytes of address space at
// start, so that no limit can be set under it: CI's release build runs it.
#include "run_program.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QtTest>

class TestMemoryLimits : public QObject
{
    Q_OBJECT
private slots:
    void smallFilesInLittleMemory_data();
    void smallFilesInLittleMemory();
};

namespace {

// attention-viz with args under a limit of kib KiB of address space, as `ulimit -v kib` sets it.
Run runLimited(long kib, const QStringList &args)
{
    QProcess p;
    p.start("/bin/sh",
        QStringList { "-c", QString("ulimit -v %1 && exec \"$0\" \"$@\"").arg(kib), QStringLiteral(ATTN_EXE) } + args);
    if (!p.waitForFinished(120000))
        qFatal("attention-viz did not finish");
    return { p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(),
        p.readAllStandardError() };
}

} // namespace

// Reading a file takes memory for what it holds, not for the most a file may hold: reading two .npy files of a few
// hundred bytes once reserved 2 GiB each (QIODevice::read(limit)), and under a 3 GB address-space limit the
// program ended in std::bad_alloc. 1 GiB here; these runs take under 800 MB.
void TestMemoryLimits::smallFilesInLittleMemory_data()
{
    QTest::addColumn<QStringList>("args");
    const QString a = QStringLiteral(ATTN_ARRAY_FIXTURES) + "/";
    QTest::newRow("npy") << QStringList { "--load-q", a + "torch_q.npy", "--load-k", a + "torch_k.npy" };
    QTest::newRow("npz") << QStringList { "--load", a + "qkv_deflated.npz" };
    QTest::newRow("csv") << QStringList { "--load-q", a + "plain.csv", "--load-k", a + "plain.csv" };
}

void TestMemoryLimits::smallFilesInLittleMemory()
{
    QFETCH(QStringList, args);
    const Run r = runLimited(1048576, args + QStringList { "--dump", "-" });
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY(QJsonDocument::fromJson(r.out).object().contains("weights"));
}

QTEST_GUILESS_MAIN(TestMemoryLimits)
#include "tst_memory_limits.moc"
