// SPDX-License-Identifier: GPL-3.0-or-later
// The readers of outside arrays against NumPy: every file tests/reference/make_array_fixtures.py wrote with
// NumPy (each dtype, byte order, C and Fortran order, .npy versions 1.0 to 3.0, the shapes the program takes,
// NaN and Inf, CSV/TSV with and without names) reads as NumPy reads it, to the bit in float32; each bad file
// is refused with a message naming its problem, and nothing about it is allocated beyond the limit.

#include "array_io.h"
#include "fixtures.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <cmath>

using namespace attn;

namespace {

QString arrays()
{
    return QStringLiteral(ATTN_ARRAY_FIXTURES);
}

QJsonObject manifest()
{
    QFile f(arrays() + "/manifest.json");
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot open %s/manifest.json", ATTN_ARRAY_FIXTURES);
    return QJsonDocument::fromJson(f.readAll()).object();
}

QByteArray bytesOf(const QString &name)
{
    QFile f(arrays() + "/" + name);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot open %s", qPrintable(name));
    return f.readAll();
}

std::optional<LoadedArray> read(const QString &name, std::string *error, std::size_t maxValues = kMaxArrayValues)
{
    const QByteArray b = bytesOf(name);
    return name.endsWith(".npy") ? readNpy(b.constData(), std::size_t(b.size()), error, maxValues)
                                 : readCsv(b.constData(), std::size_t(b.size()), error, maxValues);
}

} // namespace

class TestArrayIo : public QObject
{
    Q_OBJECT

private slots:
    void readsAsNumPy_data();
    void readsAsNumPy();
    void refusesBadFiles_data();
    void refusesBadFiles();
    void limitsBeforeAllocating();
    void everyPrefixIsRefused();
    void csvFirstLineWithATypoIsData();
    void csvLinesEndAsNumPyReadsThem();
};

void TestArrayIo::readsAsNumPy_data()
{
    QTest::addColumn<QJsonObject>("entry");
    for (const QJsonValue &g : manifest().value("good").toArray())
        if (!g.toObject().value("file").toString().endsWith(".npz"))
            QTest::newRow(qPrintable(g.toObject().value("file").toString())) << g.toObject();
}

void TestArrayIo::readsAsNumPy()
{
    QFETCH(QJsonObject, entry);
    std::string error;
    const auto a = read(entry.value("file").toString(), &error);
    QVERIFY2(a, error.c_str());
    std::vector<std::int64_t> shape;
    for (const QJsonValue &n : entry.value("shape").toArray())
        shape.push_back(n.toInt());
    QCOMPARE(a->shape, shape);
    const std::vector<float> expected = fixtureValues(entry);
    QCOMPARE(a->data.size(), expected.size());
    std::size_t nonFinite = 0;
    for (std::size_t i = 0; i < expected.size(); ++i) {
        if (std::isnan(expected[i])) {
            QVERIFY(std::isnan(a->data[i]));
            ++nonFinite;
            continue;
        }
        nonFinite += std::isinf(expected[i]) ? 1 : 0;
        if (a->data[i] != expected[i]) // bit for bit: the same conversion to float32
            QFAIL(qPrintable(
                QString("value %1: %2, NumPy %3").arg(i).arg(a->data[i], 0, 'g', 9).arg(expected[i], 0, 'g', 9)));
    }
    QCOMPARE(a->nonFinite, nonFinite);
    QCOMPARE(nonFinite, std::size_t(entry.value("non_finite").toInt(0)));
    if (entry.contains("tokens")) {
        std::vector<std::string> tokens;
        for (const QJsonValue &t : entry.value("tokens").toArray())
            tokens.push_back(t.toString().toStdString());
        QCOMPARE(a->columnNames, tokens);
    } else {
        QVERIFY(a->columnNames.empty());
    }
}

void TestArrayIo::refusesBadFiles_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("message");
    for (const QJsonValue &b : manifest().value("bad").toArray()) {
        const QJsonObject o = b.toObject();
        if (!o.value("file").toString().endsWith(".npz"))
            QTest::newRow(qPrintable(o.value("file").toString()))
                << o.value("file").toString() << o.value("message").toString();
    }
}

void TestArrayIo::refusesBadFiles()
{
    QFETCH(QString, file);
    QFETCH(QString, message);
    std::string error;
    QVERIFY(!read(file, &error));
    QVERIFY2(QString::fromStdString(error).contains(message), error.c_str());
}

// A shape within the file's bytes but beyond the caller's limit is refused from the header alone.
void TestArrayIo::limitsBeforeAllocating()
{
    std::string error;
    QVERIFY(!read("shape_B_H_L_d.npy", &error, 100)); // 120 values
    QVERIFY2(QString::fromStdString(error).contains("has more values than the 100"), error.c_str());
    QVERIFY(read("shape_B_H_L_d.npy", &error, 120));
    QVERIFY(!read("plain.csv", &error, 11)); // 12 values
    QVERIFY2(QString::fromStdString(error).contains("more values than the 11"), error.c_str());
}

// Cut anywhere, a good file gives a message, never a crash or a wrong array.
void TestArrayIo::everyPrefixIsRefused()
{
    for (const QString name : { "version_1.npy", "version_2.npy", "fortran_3d.npy", "dtype_f2_little.npy" }) {
        const QByteArray b = bytesOf(name);
        for (int n = 0; n < b.size(); ++n) {
            std::string error;
            QVERIFY2(
                !readNpy(b.constData(), std::size_t(n), &error), qPrintable(QString("%1 cut at %2").arg(name).arg(n)));
            QVERIFY(!error.empty());
            if (n == 0) // nothing at all: said so, not that the magic bytes are wrong
                QCOMPARE(error, std::string("an empty file, not a NumPy .npy file"));
        }
    }
}

// A first line holding some numbers is data: a cell there that is not a number is said, not taken for a name
// (the line would be lost); a line of names has no number at all; an empty cell is called empty.
void TestArrayIo::csvFirstLineWithATypoIsData()
{
    std::string error;
    const std::string typo = "1.0,0.5,O.2\n0.3,0.3,0.4\n0.1,0.2,0.7\n";
    QVERIFY(!readCsv(typo.data(), typo.size(), &error));
    QCOMPARE(QString::fromStdString(error), QString("line 1, cell 3: 'O.2' is not a number"));
    const std::string trailing = "1,2,3,\n4,5,6,\n";
    QVERIFY(!readCsv(trailing.data(), trailing.size(), &error));
    QCOMPARE(QString::fromStdString(error), QString("line 1, cell 4 is empty (a separator too many?)"));
    const std::string named = "a,b\n1,2\n";
    const auto a = readCsv(named.data(), named.size(), &error);
    QVERIFY2(a, error.c_str());
    QCOMPARE(a->shape, (std::vector<std::int64_t> { 1, 2 }));
    QCOMPARE(a->columnNames, (std::vector<std::string> { "a", "b" }));
}

// Lines end at \n, \r\n or a lone \r, as NumPy's loadtxt reads them (a CR-only file was one line, "'3\r4' is not a
// number"); an error names the line as a text editor counts it.
void TestArrayIo::csvLinesEndAsNumPyReadsThem()
{
    std::string error;
    for (const std::string text : { "1,2,3\n4,5,6\n", "1,2,3\r\n4,5,6\r\n", "1,2,3\r4,5,6\r", "1,2,3\r4,5,6" }) {
        const auto a = readCsv(text.data(), text.size(), &error);
        QVERIFY2(a, error.c_str());
        QCOMPARE(a->shape, (std::vector<std::int64_t> { 2, 3 }));
        QCOMPARE(a->data, (std::vector<float> { 1, 2, 3, 4, 5, 6 }));
    }
    const std::string bad = "1,2,3\r4,5,x\r";
    QVERIFY(!readCsv(bad.data(), bad.size(), &error));
    QCOMPARE(QString::fromStdString(error), QString("line 2, cell 3: 'x' is not a number"));
}

QTEST_APPLESS_MAIN(TestArrayIo)
#include "tst_array_io.moc"
