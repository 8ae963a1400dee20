// SPDX-License-Identifier: GPL-3.0-or-later
// Every kind of output onto a full disk: a small tmpfs of the test's own (mounted in a private mount namespace, so it
// goes with the run), holding an older version of each file the run writes, filled up with zeros. The run must end
// with status 2 and the system's reason ("No space left on device") naming the option, and leave every file byte for
// byte as it was and nothing new beside it. With 4 KiB left, a run either fits and writes exactly what it writes on a
// roomy disk, or fails the same clean way: never a short file and exit 0. Needs root (mount, unshare).
#include "run_program.h"

#include <QDir>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <unistd.h>

class TestFullDisk : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void nothingLost_data();
    void nothingLost();
};

namespace {

// In a private mount namespace: a tmpfs of $size on $dir, the old files ($old, names relative to it) made, the space
// filled up but for $free bytes (not at all when negative), then attention-viz run there. Prints the listing before and
// after (every file's SHA-256, every folder), the exit status and what the program said on stderr.
const char *const kScript = R"sh(
set -u
dir=$1; exe=$2; size=$3; free=$4; shift 4
mount -t tmpfs -o "size=$size" tmpfs "$dir" || exit 97
cd "$dir" || exit 97
for f in $old; do
  mkdir -p "$(dirname "$f")"
  { printf 'the older %s, to be kept\n' "$f"; head -c 700 /dev/urandom; } > "$f"
done
if [ "$free" -ge 0 ]; then
  [ "$free" -gt 0 ] && head -c "$free" /dev/zero > .spare
  dd if=/dev/zero of=.filler bs=4096 2>/dev/null
  dd if=/dev/zero of=.filler2 bs=1 2>/dev/null
  rm -f .spare
fi
listing() { find . -type f ! -name '.filler*' -exec sha256sum {} + | sort; find . -type d | sort; }
echo "== before"; listing
err=$("$exe" "$@" 2>&1 >/dev/null); status=$?
echo "== status $status"
echo "== after"; listing
echo "== stderr"; printf '%s\n' "$err"
)sh";

struct Outcome
{
    int status = -1;
    QString before, after, err;
};

// Runs args (with {dir} for the tmpfs) on a tmpfs of size bytes with free bytes left, old files made first.
Outcome runOnDisk(const QStringList &args, const QStringList &old, qint64 size, qint64 free)
{
    QTemporaryDir mountPoint;
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove("DISPLAY"); // headless, as on a server
    env.remove("WAYLAND_DISPLAY");
    env.remove("QT_QPA_PLATFORM");
    env.insert("old", old.join(' '));
    p.setProcessEnvironment(env);
    QStringList shown;
    for (QString a : args)
        shown << a.replace("{dir}", mountPoint.path()).replace("{arrays}", QStringLiteral(ATTN_ARRAY_FIXTURES));
    p.start("unshare",
        QStringList { "--mount", "--propagation", "private", "sh", "-c", kScript, "sh", mountPoint.path(),
            QStringLiteral(ATTN_EXE), QString::number(size), QString::number(free) }
            + shown);
    if (!p.waitForFinished(300000))
        qFatal("the full-disk run did not finish");
    const QString out = QString::fromUtf8(p.readAllStandardOutput());
    Outcome o;
    if (p.exitCode() == 97) {
        qWarning("mounting a tmpfs failed: %s", p.readAllStandardError().constData());
        return o;
    }
    const qsizetype b = out.indexOf("== before\n"), s = out.indexOf("== status "), a = out.indexOf("== after\n"),
                    e = out.indexOf("== stderr\n");
    if (b < 0 || s < 0 || a < 0 || e < 0) {
        qWarning("unexpected output: %s", qPrintable(out));
        return o;
    }
    o.before = out.mid(b + 10, s - b - 10);
    o.status = out.mid(s + 10, out.indexOf('\n', s) - s - 10).toInt();
    o.after = out.mid(a + 9, e - a - 9);
    o.err = out.mid(e + 10).trimmed().replace(mountPoint.path(), "{dir}");
    return o;
}

// The files of a listing (path → SHA-256).
QMap<QString, QString> filesOf(const QString &listing)
{
    QMap<QString, QString> files;
    for (const QString &line : listing.split('\n', Qt::SkipEmptyParts))
        if (line.size() > 66 && line[64] == ' ')
            files.insert(line.mid(66), line.left(64));
    return files;
}

} // namespace

void TestFullDisk::initTestCase()
{
    if (::geteuid() != 0)
        QSKIP("mounting a tmpfs of its own needs root (CI runs as root)");
}

void TestFullDisk::nothingLost_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("option"); // the one the message names
    QTest::addColumn<QStringList>("old"); // files the run writes over
    const auto row = [](const char *name, const QStringList &args, const char *option, const QStringList &old) {
        QTest::newRow(name) << args << QString(option) << old;
    };
    const QString weights = "{arrays}/weights_attn.npz";
    row("save scenario", { "--batch", "2", "--save-scenario", "{dir}/mine.json" }, "--save-scenario", { "mine.json" });
    row("dump", { "--batch", "2", "--dump", "{dir}/out.json" }, "--dump", { "out.json" });
    for (const char *suffix : { "csv", "npy", "json", "png", "jpg", "pdf", "svg" })
        row(qPrintable(QString("export .%1").arg(suffix)), { "--export", QString("{dir}/out.%1").arg(suffix) },
            "--export", { QString("out.%1").arg(suffix) });
    row("export compare", { "--export-compare", "scaling", "{dir}/cmp.png" }, "--export-compare", { "cmp.png" });
    row("export series", { "--export-series", "d-k=1,2,4", "{dir}/ser" }, "--export-series",
        { "ser/d-k_1.png", "ser/d-k_2.png", "ser/d-k_4.png" });
    row("screenshot", { "--screenshot", "{dir}/shot.png" }, "--screenshot", { "shot.png" });
    row("sweep csv", { "--sweep", "d-k=1..64", "--trials", "20", "--export", "{dir}/sweep.csv" }, "--export",
        { "sweep.csv" });
    row("sweep png", { "--sweep", "d-k=1..64", "--trials", "20", "--export", "{dir}/sweep.png" }, "--export",
        { "sweep.png" });
    row("sweep dump", { "--sweep", "d-k=1..64", "--trials", "20", "--dump", "{dir}/sweep.json" }, "--dump",
        { "sweep.json" });
    row("train csv", { "--train", "--train-steps", "20", "--export", "{dir}/train.csv" }, "--export", { "train.csv" });
    row("train dump", { "--train", "--train-steps", "20", "--dump", "{dir}/train.json" }, "--dump", { "train.json" });
    row("weights dump", { "--load-weights", weights, "--dump", "{dir}/w.json" }, "--dump", { "w.json" });
    row("weights export", { "--load-weights", weights, "--export", "{dir}/w.png" }, "--export", { "w.png" });
    row("mistake dump", { "--mistake", "no-scale", "--dump", "{dir}/m.json" }, "--dump", { "m.json" });
}

void TestFullDisk::nothingLost()
{
    QFETCH(QStringList, args);
    QFETCH(QString, option);
    QFETCH(QStringList, old);

    // What the run writes on a roomy disk: exit 0, every output complete.
    const Outcome roomy = runOnDisk(args, old, 64 << 20, -1);
    QVERIFY2(roomy.status == 0, qPrintable(roomy.err));
    const QMap<QString, QString> written = filesOf(roomy.after);
    for (const QString &f : old)
        QVERIFY2(written.value("./" + f) != filesOf(roomy.before).value("./" + f), qPrintable(f)); // replaced

    // A full disk: status 2 with the system's reason, everything as it was.
    const Outcome full = runOnDisk(args, old, 1 << 20, 0);
    QCOMPARE(full.status, 2);
    QVERIFY2(full.err.startsWith("attention-viz: " + option + ": ") && full.err.endsWith("No space left on device")
            && !full.err.contains('\n'),
        qPrintable(full.err));
    QCOMPARE(full.after, full.before);

    // 4 KiB left: all or nothing.
    const Outcome little = runOnDisk(args, old, 1 << 20, 4096);
    if (little.status == 0) {
        const QMap<QString, QString> now = filesOf(little.after);
        QCOMPARE(now.keys(), written.keys());
        for (const QString &f : old) // (a PDF's creation time differs from run to run: compared by the rest)
            if (!f.endsWith(".pdf"))
                QCOMPARE(now.value("./" + f), written.value("./" + f));
    } else {
        QCOMPARE(little.status, 2);
        QVERIFY2(little.err.endsWith("No space left on device"), qPrintable(little.err));
        QCOMPARE(little.after, little.before);
    }
}

QTEST_GUILESS_MAIN(TestFullDisk)
#include "tst_full_disk.moc"
