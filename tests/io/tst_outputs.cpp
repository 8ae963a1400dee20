// SPDX-License-Identifier: GPL-3.0-or-later
// Where the program's output goes: device nodes and FIFOs are written in place and stay what they
// were, and a failed write (full device, closed or broken standard output) ends the run with status 2
// and a message naming the output. Device nodes are made by the test (mknod, as root) in a temporary
// folder; the machine's own /dev is never touched.
#include "io/save_output.h"
#include "run_program.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

namespace {

// The Linux memory devices: 1,3 is null (takes everything), 1,7 is full (every write fails, ENOSPC).
bool makeCharDevice(const QString &path, unsigned minor)
{
    return ::mknod(QFile::encodeName(path).constData(), S_IFCHR | 0666, makedev(1, minor)) == 0;
}

bool isCharDevice(const QString &path, unsigned minor)
{
    struct stat st
    {
    };
    return ::lstat(QFile::encodeName(path).constData(), &st) == 0 && S_ISCHR(st.st_mode) && minor(st.st_rdev) == minor;
}

// One output option with its file, as the command line takes it.
QStringList outputArgs(const QString &option, const QString &path)
{
    if (option == "--export-compare")
        return { "--export-compare", "scaling", path };
    return { option, path };
}

// A shell line run by /bin/bash with the program as $0.
Run runShell(const QString &line)
{
    QProcess p;
    p.start("/bin/bash", { "-c", line, QStringLiteral(ATTN_EXE) });
    if (!p.waitForFinished(120000))
        qFatal("bash did not finish");
    return { p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(),
        p.readAllStandardError() };
}

} // namespace

class TestOutputs : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void nullDeviceStaysADevice_data();
    void nullDeviceStaysADevice();
    void fullDeviceFailsAndStaysADevice_data();
    void fullDeviceFailsAndStaysADevice();
    void fifoWrittenInPlace();
    void fullStandardOutput_data();
    void fullStandardOutput();
    void closedStandardOutput_data();
    void closedStandardOutput();
    void brokenPipe();
    void standardOutputThroughDevStdout();
    void saveBytesReportsInProcess();

private:
    bool m_root = false;
};

void TestOutputs::initTestCase()
{
    m_root = ::geteuid() == 0;
}

void TestOutputs::nullDeviceStaysADevice_data()
{
    QTest::addColumn<QString>("option");
    QTest::addColumn<QString>("suffix");
    QTest::addColumn<bool>("throughSymlink");
    for (bool link : { false, true }) {
        const char *via = link ? " via symlink" : "";
        QTest::addRow("--dump%s", via) << "--dump"
                                       << "json" << link;
        QTest::addRow("--export png%s", via) << "--export"
                                             << "png" << link;
        QTest::addRow("--export npy%s", via) << "--export"
                                             << "npy" << link;
        QTest::addRow("--export-compare svg%s", via) << "--export-compare"
                                                     << "svg" << link;
        QTest::addRow("--screenshot%s", via) << "--screenshot"
                                             << "png" << link;
        QTest::addRow("--save-scenario%s", via) << "--save-scenario"
                                                << "json" << link;
    }
}

// As root a null device given as output is written to (exit 0) and is still the same device afterwards.
void TestOutputs::nullDeviceStaysADevice()
{
    QFETCH(QString, option);
    QFETCH(QString, suffix);
    QFETCH(bool, throughSymlink);
    if (!m_root)
        QSKIP("making a device node needs root");
    QTemporaryDir dir;
    const QString device = dir.filePath("null");
    QVERIFY(makeCharDevice(device, 3));
    QString target = device;
    if (throughSymlink) {
        // The suffix tells the program the format; the link points at the device.
        target = dir.filePath("out." + suffix);
        QVERIFY(QFile::link(device, target));
    } else if (option != "--dump" && option != "--save-scenario") {
        // Formats come from the suffix: name the device node so.
        const QString named = dir.filePath("null." + suffix);
        QVERIFY(QFile::rename(device, named));
        target = named;
    }
    const Run r = runProgram(QStringList { "--len", "3" } + outputArgs(option, target));
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QString node = throughSymlink ? device : target;
    QVERIFY2(isCharDevice(node, 3), "the null device was replaced");
    // Nothing else was left beside it (no temporary file, no renamed copy).
    QCOMPARE(QDir(dir.path()).entryList(QDir::AllEntries | QDir::System | QDir::Hidden | QDir::NoDotAndDotDot).size(),
        throughSymlink ? 2 : 1);
}

void TestOutputs::fullDeviceFailsAndStaysADevice_data()
{
    nullDeviceStaysADevice_data();
}

// As root a full device given as output fails with exit 2 naming it, and stays a device.
void TestOutputs::fullDeviceFailsAndStaysADevice()
{
    QFETCH(QString, option);
    QFETCH(QString, suffix);
    QFETCH(bool, throughSymlink);
    if (!m_root)
        QSKIP("making a device node needs root");
    QTemporaryDir dir;
    const QString device = dir.filePath("full." + suffix);
    QVERIFY(makeCharDevice(device, 7));
    QString target = device;
    if (throughSymlink) {
        target = dir.filePath("out." + suffix);
        QVERIFY(QFile::link(device, target));
    }
    const Run r = runProgram(QStringList { "--len", "3" } + outputArgs(option, target));
    QCOMPARE(r.exitCode, 2);
    const QString err = QString::fromUtf8(r.err);
    QVERIFY2(err.startsWith("attention-viz: " + option + ": cannot write '" + target + "': No space left on device"),
        r.err.constData());
    QCOMPARE(err.count('\n'), 1);
    QVERIFY2(isCharDevice(device, 7), "the full device was replaced");
    QCOMPARE(QDir(dir.path()).entryList(QDir::AllEntries | QDir::System | QDir::Hidden | QDir::NoDotAndDotDot).size(),
        throughSymlink ? 2 : 1);
}

// A FIFO is written in place: a reader on the other end gets the whole dump.
void TestOutputs::fifoWrittenInPlace()
{
    QTemporaryDir dir;
    const QString fifo = dir.filePath("pipe");
    QVERIFY(::mkfifo(QFile::encodeName(fifo).constData(), 0600) == 0);
    const Run r = runShell(QStringLiteral("cat '%1' > '%2' & \"$0\" --len 3 --dump '%1'; s=$?; wait; exit $s")
                               .arg(fifo, dir.filePath("got.json")));
    QVERIFY2(r.exitCode == 0, r.err.constData());
    struct stat st
    {
    };
    QVERIFY(::lstat(QFile::encodeName(fifo).constData(), &st) == 0 && S_ISFIFO(st.st_mode));
    QFile got(dir.filePath("got.json"));
    QVERIFY(got.open(QIODevice::ReadOnly));
    const QByteArray json = got.readAll();
    QVERIFY(json.startsWith("{"));
    QVERIFY(json.trimmed().endsWith("}"));
}

void TestOutputs::fullStandardOutput_data()
{
    QTest::addColumn<QString>("args");
    QTest::newRow("--dump -") << "--len 3 --dump -";
    QTest::newRow("--dump - large") << "--len 300 --dump -";
    QTest::newRow("--help") << "--help";
    QTest::newRow("--version") << "--version";
}

// Standard output on a full device: exit 2 and a message, never 0.
void TestOutputs::fullStandardOutput()
{
    QFETCH(QString, args);
    if (!m_root)
        QSKIP("making a device node needs root");
    QTemporaryDir dir;
    const QString device = dir.filePath("full");
    QVERIFY(makeCharDevice(device, 7));
    const Run r = runShell(QStringLiteral("\"$0\" %1 > '%2'").arg(args, device));
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("cannot write to standard output: No space left on device"), r.err.constData());
}

void TestOutputs::closedStandardOutput_data()
{
    fullStandardOutput_data();
}

void TestOutputs::closedStandardOutput()
{
    QFETCH(QString, args);
    const Run r = runShell(QStringLiteral("\"$0\" %1 >&-").arg(args));
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("cannot write to standard output: it is closed"), r.err.constData());
}

// A reader that goes away early: the program says so and exits 2 instead of dying silently or exiting 0.
void TestOutputs::brokenPipe()
{
    const Run r = runShell(QStringLiteral("\"$0\" --len 300 --dump - | head -c 10 >/dev/null; exit ${PIPESTATUS[0]}"));
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("cannot write to standard output: Broken pipe"), r.err.constData());
}

// /dev/stdout is a symlink to the pipe the program writes to: written in place, read whole.
void TestOutputs::standardOutputThroughDevStdout()
{
    const Run r = runShell(QStringLiteral("\"$0\" --len 3 --dump /dev/stdout | cat"));
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY(r.out.startsWith("{"));
    QVERIFY(r.out.contains("\"weights\""));
}

// The function itself, as the window's export uses it: a failed write is reported with the path.
void TestOutputs::saveBytesReportsInProcess()
{
    QTemporaryDir dir;
    QString error;
    QVERIFY(saveBytes(dir.filePath("a.txt"), "hello", &error));
    QFile f(dir.filePath("a.txt"));
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(f.readAll(), QByteArray("hello"));
    QVERIFY(!saveBytes(dir.filePath("no/such/folder/a.txt"), "x", &error));
    QVERIFY2(error.contains("no/such/folder/a.txt"), qPrintable(error));
    QVERIFY(!saveBytes(dir.path(), "x", &error));
    QVERIFY2(error.contains("is a folder"), qPrintable(error));
    if (m_root) {
        const QString device = dir.filePath("full");
        QVERIFY(makeCharDevice(device, 7));
        QVERIFY(!saveBytes(device, QByteArray(200000, 'x'), &error));
        QVERIFY2(error.contains("No space left on device"), qPrintable(error));
        QVERIFY(isCharDevice(device, 7));
    }
}

QTEST_GUILESS_MAIN(TestOutputs)
#include "tst_outputs.moc"
