// SPDX-License-Identifier: GPL-3.0-or-later
// The core's computations take the cores nobody else is running on (core/parallel.h): how many threads for how
// many runnable others, the count of runnable threads read from /proc/loadavg's text, and a thread's state from its
// /proc stat line (this program's own runnable threads are not others).

#include "parallel.h"

#include <QtTest>

#include <cmath>

using namespace attn;

class TestParallel : public QObject
{
    Q_OBJECT
private slots:
    void threadsForTheFreeCores_data()
    {
        QTest::addColumn<int>("cores");
        QTest::addColumn<int>("others");
        QTest::addColumn<double>("work");
        QTest::addColumn<int>("threads");
        const double small = 1e6, big = kSharedCoreWork;
        QTest::newRow("idle, 2 cores") << 2 << 0 << small << 2;
        QTest::newRow("one busy program beside it") << 2 << 1 << small << 1;
        QTest::newRow("more busy than cores") << 2 << 5 << small << 1;
        QTest::newRow("4 cores, 1 busy") << 4 << 1 << small << 3;
        QTest::newRow("1 core") << 1 << 0 << small << 1;
        QTest::newRow("a negative count read") << 2 << -3 << small << 2;
        QTest::newRow("just below the shared-core work, 1 busy") << 2 << 1 << std::nextafter(big, 0.0) << 1;
        QTest::newRow("the shared-core work, 1 busy") << 2 << 1 << big << 2;
        QTest::newRow("the shared-core work, 5 busy, 4 cores") << 4 << 5 << 4 * big << 4;
        QTest::newRow("the shared-core work, 1 core") << 1 << 1 << big << 1;
    }
    void threadsForTheFreeCores()
    {
        QFETCH(int, cores);
        QFETCH(int, others);
        QFETCH(double, work);
        QFETCH(int, threads);
        QCOMPARE(threadsForFreeCores(cores, others, work), threads);
    }

    void runnableFromLoadavg_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("runnable");
        QTest::newRow("idle") << "0.00 0.01 0.05 1/108 12082\n" << 1;
        QTest::newRow("busy") << "1.42 1.95 1.85 3/110 12090\n" << 3;
        QTest::newRow("empty") << "" << -1;
        QTest::newRow("no slash") << "0.1 0.2 0.3 4 5" << -1;
        QTest::newRow("more runnable than all") << "0.1 0.2 0.3 9/5 5" << -1;
        QTest::newRow("words") << "not a load average" << -1;
    }
    void runnableFromLoadavg()
    {
        QFETCH(QString, text);
        QFETCH(int, runnable);
        QCOMPARE(runnableThreads(text.toStdString()), runnable);
    }

    void stateOfATask_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("state");
        QTest::newRow("running") << "1234 (attention-viz) R 1 1234 1234 0 -1"
                                 << "R";
        QTest::newRow("sleeping") << "1235 (QThread) S 1 1234 1234 0 -1"
                                  << "S";
        QTest::newRow("a name with parentheses and spaces") << "77 (a (b) c) R 1 2 3"
                                                            << "R";
        QTest::newRow("no parenthesis") << "77 attention-viz R 1"
                                        << "";
        QTest::newRow("cut after the name") << "77 (x)"
                                            << "";
    }
    void stateOfATask()
    {
        QFETCH(QString, text);
        QFETCH(QString, state);
        const char got = taskState(text.toStdString());
        QCOMPARE(got ? QString(QChar(got)) : QString(), state);
    }

    // This machine's own file is of that form (the fit would otherwise do nothing here).
    void thisMachinesLoadavgIsRead()
    {
        QFile f(QStringLiteral("/proc/loadavg"));
        if (!f.open(QIODevice::ReadOnly))
            QSKIP("no /proc/loadavg");
        QVERIFY(runnableThreads(f.readAll().toStdString()) >= 1); // (the reader itself is runnable)
        QFile self(QStringLiteral("/proc/thread-self/stat"));
        QVERIFY(self.open(QIODevice::ReadOnly));
        QCOMPARE(taskState(self.readAll().toStdString()), 'R'); // (the reading thread runs)
    }
};

QTEST_APPLESS_MAIN(TestParallel)
#include "tst_parallel.moc"
