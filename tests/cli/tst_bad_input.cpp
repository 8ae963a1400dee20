// SPDX-License-Identifier: GPL-3.0-or-later
// Every piece of bad input gets exit status 2 and one line naming the culprit, and leaves nothing behind.
// Rows: the arguments ({dir} is a fresh temporary folder holding the files the row's set-up makes), the start
// of the message after "attention-viz: ", and the set-up.
#include "model/messages.h"
#include "run_program.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include <sys/stat.h>

namespace {

void writeFile(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size())
        qFatal("cannot write %s", qPrintable(path));
}

QByteArray scenario(const QByteArray &params)
{
    return R"({"format": "attention-viz-scenario", "version": 1, "params": )" + params + "}";
}

QByteArray lesson(const QByteArray &extra)
{
    return R"({"format": "attention-viz-lesson", "version": 1, "steps": [{}])" + extra + "}";
}

// The files a row starts with, by name.
void setUp(const QString &what, const QDir &dir)
{
    if (what.isEmpty())
        return;
    if (what == "file") {
        writeFile(dir.filePath("file.txt"), "I am a file");
    } else if (what == "folder") {
        dir.mkdir("sub");
    } else if (what == "fifo") {
        ::mkfifo(QFile::encodeName(dir.filePath("pipe.json")).constData(), 0600);
    } else if (what == "empty") {
        writeFile(dir.filePath("s.json"), "");
    } else if (what == "truncated") {
        writeFile(dir.filePath("s.json"), scenario(R"({"d_k": 8)").left(40));
    } else if (what == "huge") {
        writeFile(dir.filePath("s.json"), "{\"x\": \"" + QByteArray(17 << 20, 'a') + "\"}");
    } else if (what == "nested") {
        writeFile(dir.filePath("s.json"), QByteArray(100000, '[') + QByteArray(100000, ']'));
    } else if (what == "not-utf8") {
        writeFile(dir.filePath("s.json"), scenario(R"({"mode": "dir)" + QByteArray("\xff\xfe") + R"("})"));
    } else if (what == "array") {
        writeFile(dir.filePath("s.json"), "[1, 2, 3]");
    } else if (what == "params-5") {
        writeFile(dir.filePath("s.json"), R"({"format": "attention-viz-scenario", "version": 1, "params": 5})");
    } else if (what == "newer") {
        writeFile(dir.filePath("s.json"), R"({"format": "attention-viz-scenario", "version": 99})");
    } else if (what == "other-format") {
        writeFile(dir.filePath("s.json"), R"({"format": "something-else", "version": 1})");
    } else if (what == "d_k-string") {
        writeFile(dir.filePath("s.json"), scenario(R"({"d_k": "64"})"));
    } else if (what == "mask-cells-missing") {
        writeFile(dir.filePath("s.json"), scenario(R"({"mask": "custom"})"));
    } else if (what == "mask-cells-short") {
        writeFile(dir.filePath("s.json"), scenario(R"({"len": 2, "mask": "custom", "mask_cells": [".x", "."]})"));
    } else if (what == "mask-cells-number") {
        writeFile(dir.filePath("s.json"), scenario(R"({"len": 2, "mask": "custom", "mask_cells": [".x", 5]})"));
    } else if (what == "mask-cells-without-custom") {
        writeFile(dir.filePath("s.json"), scenario(R"({"mask": "causal", "mask_cells": []})"));
    } else if (what == "mask-fill-0") {
        writeFile(dir.filePath("s.json"), scenario(R"({"mask": "causal", "mask_fill": "0"})"));
    } else if (what == "sigma-0") {
        writeFile(dir.filePath("s.json"), scenario(R"({"sigma": 0})"));
    } else if (what == "init-xavier") {
        writeFile(dir.filePath("s.json"), scenario(R"({"init": "xavier"})"));
    } else if (what == "scaling-sqrt") {
        writeFile(dir.filePath("s.json"), scenario(R"({"scaling": "sqrt"})"));
    } else if (what == "d_k-fraction") {
        writeFile(dir.filePath("s.json"), scenario(R"({"d_k": 6.5})"));
    } else if (what == "long-caption") {
        writeFile(dir.filePath("s.json"),
            R"({"format": "attention-viz-scenario", "version": 1, "caption": ")" + QByteArray(100000, 'x') + "\"}");
    } else if (what == "pad-4") {
        writeFile(dir.filePath("s.json"), scenario(R"({"len": 6, "mask": "pad:4"})"));
    } else if (what == "batch-index-2") {
        writeFile(dir.filePath("s.json"), scenario(R"({"batch": 3, "batch_index": 2})"));
    } else if (what == "symlink-loop") {
        QFile::link(dir.filePath("b.csv"), dir.filePath("a.csv"));
        QFile::link(dir.filePath("a.csv"), dir.filePath("b.csv"));
    } else if (what == "symlink-dangling") {
        QFile::link(dir.filePath("gone.csv"), dir.filePath("d.csv"));
    } else if (what == "input-csv") {
        writeFile(dir.filePath("in.csv"), "1,2\n3,4\n");
        QFile::link(dir.filePath("in.csv"), dir.filePath("alias.csv"));
    } else if (what == "csv-escape") { // a cell that would turn a terminal red and ring its bell
        writeFile(dir.filePath("e.csv"), "1,2\n3,\x1b[31m\x07x\n");
    } else if (what == "csv-cr") { // a lone carriage return ends a line, as NumPy reads it; the message is one line
        writeFile(dir.filePath("r.csv"), "1,2\n3,4\r5\n");
    } else if (what == "lesson-title-5") {
        writeFile(dir.filePath("l.json"), lesson(R"(, "title": 5)"));
    } else if (what == "lesson-long-title") {
        writeFile(dir.filePath("l.json"), lesson(R"(, "title": ")" + QByteArray(100000, 'w') + "\""));
    } else if (what == "lesson-no-steps") {
        writeFile(dir.filePath("l.json"), R"({"format": "attention-viz-lesson", "version": 1, "steps": []})");
    } else if (what == "lesson-bad-step") {
        writeFile(dir.filePath("l.json"),
            R"({"format": "attention-viz-lesson", "version": 1, "steps": [{}, {"params": {"batch": 0}}]})");
    } else {
        qFatal("unknown set-up %s", qPrintable(what));
    }
}

QStringList everything(const QString &dir)
{
    QStringList all;
    QDirIterator it(
        dir, QDir::AllEntries | QDir::System | QDir::Hidden | QDir::NoDotAndDotDot, QDirIterator::Subdirectories);
    while (it.hasNext())
        all << it.next();
    all.sort();
    return all;
}

} // namespace

class TestBadInput : public QObject
{
    Q_OBJECT
private slots:
    void refused_data();
    void refused();
};

void TestBadInput::refused_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    QTest::addColumn<QString>("setup");

    // Every whole-number option: missing, not a number, negative, zero, huge, NaN, fractional.
    const QList<QPair<QString, QString>> integers { { "batch", "1 to 4096" }, { "len", "1 to 65536" },
        { "keys", "1 to 65536" }, { "d-model", "1 to 65536" }, { "d-k", "1 to 65536" }, { "d-v", "1 to 65536" } };
    for (const auto &[name, range] : integers) {
        const QString option = "--" + name;
        QTest::addRow("%s missing", qPrintable(option))
            << QStringList { option } << QString("Missing value after '%1'.").arg(option) << "";
        QTest::addRow("%s abc", qPrintable(option))
            << QStringList { option, "abc" }
            << QString("%1: expected a whole number from %2, got 'abc'").arg(option, range) << "";
        QTest::addRow("%s negative", qPrintable(option))
            << QStringList { option, "-3" } << QString("%1: must be from %2 (got -3)").arg(option, range) << "";
        QTest::addRow("%s zero", qPrintable(option))
            << QStringList { option, "0" } << QString("%1: must be from %2 (got 0)").arg(option, range) << "";
        QTest::addRow("%s huge", qPrintable(option))
            << QStringList { option, "99999999999" }
            << QString("%1: must be from %2 (got 99999999999)").arg(option, range) << "";
        QTest::addRow("%s nan", qPrintable(option))
            << QStringList { option, "nan" } << QString("%1: expected a whole number").arg(option) << "";
        QTest::addRow("%s fraction", qPrintable(option))
            << QStringList { option, "2.5" } << QString("%1: expected a whole number").arg(option) << "";
    }
    // The training runs' options (--train): each value checked, each naming its option; nothing written.
    const QStringList train { "--train", "--dump", "{dir}/t.json" };
    QTest::newRow("--train-steps zero") << train + QStringList { "--train-steps", "0" }
                                        << "--train-steps: must be from 1 to 100000 (got 0)"
                                        << "";
    QTest::newRow("--train-steps abc") << train + QStringList { "--train-steps", "abc" }
                                       << "--train-steps: expected a whole number from 1 to 100000, got 'abc'"
                                       << "";
    QTest::newRow("--train-lr zero") << train + QStringList { "--train-lr", "0" }
                                     << "--train-lr: must be more than 0 (got 0)"
                                     << "";
    QTest::newRow("--train-lr nan") << train + QStringList { "--train-lr", "nan" }
                                    << "--train-lr: expected a number, got 'nan'"
                                    << "";
    QTest::newRow("--train-lr huge") << train + QStringList { "--train-lr", "1e9" }
                                     << "--train-lr: must be from 0 to 1000 (got 1e9)"
                                     << "";
    QTest::newRow("--train-noise negative")
        << train + QStringList { "--train-noise", "-1" } << "--train-noise: must be from 0 to 100 (got -1)"
        << "";
    QTest::newRow("--optimizer unknown") << train + QStringList { "--optimizer", "rmsprop" }
                                         << "--optimizer: expected sgd or adam, got 'rmsprop'"
                                         << "";
    QTest::newRow("--train-init unknown")
        << train + QStringList { "--train-init", "xavier" } << "--train-init: expected normal or randn, got 'xavier'"
        << "";
    QTest::newRow("--train-lr without --train")
        << QStringList { "--train-lr", "0.1", "--dump", "{dir}/t.json" } << "--train-lr: only applies to --train"
        << "";
    QTest::newRow("--train with --sweep")
        << train + QStringList { "--sweep", "d-k=1..4" } << "--train: cannot be combined with --sweep"
        << "";
    QTest::newRow("--train with --mask") << train + QStringList { "--mask", "causal" }
                                         << "--mask: does not apply to the training runs"
                                         << "";
    QTest::newRow("--train --len beyond its limit")
        << train + QStringList { "--len", "300" } << "--len: must be from 2 to 256 (got 300)"
        << "";
    QTest::newRow("--train too much work")
        << train + QStringList { "--d-k", "4096", "--train-steps", "100000" } << "--train: too much work: 100000 steps"
        << "";
    QTest::newRow("--train export as npy")
        << QStringList { "--train", "--export", "{dir}/t.npy" }
        << "--export: with --train, a picture (.png, .jpg, .pdf, .svg) or the numbers (.csv, .json), got '{dir}/t.npy'"
        << "";
    QTest::newRow("--batch-index beyond the batch")
        << QStringList { "--batch", "2", "--batch-index", "2" } << "--batch-index: must be from 0 to 1 (got 2)"
        << "";
    QTest::newRow("--batch-index negative")
        << QStringList { "--batch-index", "-1" } << "--batch-index: must be from 0 to 1 (got -1)"
        << "";
    QTest::newRow("--seed abc") << QStringList { "--seed", "abc" } << "--seed: expected a whole number"
                                << "";
    QTest::newRow("--seed fraction") << QStringList { "--seed", "1.5" } << "--seed: expected a whole number"
                                     << "";
    QTest::newRow("--seed beyond 64 bits")
        << QStringList { "--seed", "99999999999999999999" } << "--seed: expected a whole number"
        << "";
    QTest::newRow("--scale abc") << QStringList { "--scale", "abc" } << "--scale: expected a number from -1e6 to 1e6"
                                 << "";
    QTest::newRow("--scale nan") << QStringList { "--scale", "nan" } << "--scale: expected a number from -1e6 to 1e6"
                                 << "";
    QTest::newRow("--scale inf") << QStringList { "--scale", "inf" } << "--scale: expected a number from -1e6 to 1e6"
                                 << "";
    QTest::newRow("--scale huge") << QStringList { "--scale", "1e7" } << "--scale: expected a number from -1e6 to 1e6"
                                  << "";
    QTest::newRow("--scaling unknown") << QStringList { "--scaling",
        "sqrt" } << "--scaling: expected sqrt-d-k, none, d-k, sqrt-d-model or quarter-each, got 'sqrt'"
                                       << "";
    QTest::newRow("--scaling custom") << QStringList { "--scaling", "custom" } << "--scaling: expected sqrt-d-k"
                                      << "";
    QTest::newRow("--scaling with --scale")
        << QStringList { "--scaling", "d-k", "--scale", "0.5" } << "--scaling: cannot be combined with --scale"
        << "";
    QTest::newRow("--scaling with --no-scale")
        << QStringList { "--scaling", "none", "--no-scale" } << "--scaling: cannot be combined with --no-scale"
        << "";
    QTest::newRow("--init unknown") << QStringList { "--init", "xavier" }
                                    << "--init: expected randn, scaled or linear, got 'xavier'"
                                    << "";
    QTest::newRow("--init in direct mode")
        << QStringList { "--mode", "direct", "--init", "linear" } << "--init: only applies to --mode projection"
        << "";
    QTest::newRow("--sigma 0") << QStringList { "--sigma", "0" } << "--sigma: must be from 0.001 to 1000 (got 0)"
                               << "";
    QTest::newRow("--sigma nan") << QStringList { "--sigma", "nan" } << "--sigma: expected a number, got 'nan'"
                                 << "";
    QTest::newRow("--sigma huge") << QStringList { "--sigma", "1e9" } << "--sigma: must be from 0.001 to 1000"
                                  << "";
    QTest::newRow("scenario sigma 0") << QStringList { "--scenario", "{dir}/s.json" }
                                      << "--scenario: {dir}/s.json: params.sigma: expected a number from 0.001 to 1000"
                                      << "sigma-0";
    QTest::newRow("scenario init unknown")
        << QStringList { "--scenario", "{dir}/s.json" } << "--scenario: {dir}/s.json: params.init: expected"
        << "init-xavier";
    QTest::newRow("scenario scaling unknown")
        << QStringList { "--scenario", "{dir}/s.json" } << "--scenario: {dir}/s.json: params.scaling: expected"
        << "scaling-sqrt";
    QTest::newRow("--softmax-dim 0") << QStringList { "--softmax-dim", "0" }
                                     << "--softmax-dim: expected -1 (over keys) or -2"
                                     << "";
    QTest::newRow("--softmax-dim -3") << QStringList { "--softmax-dim", "-3" }
                                      << "--softmax-dim: expected -1 (over keys) or -2"
                                      << "";
    QTest::newRow("--mask diagonal") << QStringList { "--mask",
        "diagonal" } << "--mask: expected none, causal, pad:N, pad:N1,N2,... or custom:ROWS, got 'diagonal'"
                                     << "";
    QTest::newRow("--mask pad counts not one per element")
        << QStringList { "--batch", "2", "--mask", "pad:1,2,3" }
        << "--mask: pad:N1,N2,... needs one count per batch element: 2 (the batch size), got 3"
        << "";
    QTest::newRow("--mask pad list empty count") << QStringList { "--batch", "2", "--mask", "pad:1," }
                                                 << "--mask: pad:N needs a number of keys N from 0 to 5 (the key "
                                                    "length), got 'an empty count' in 'pad:1,'"
                                                 << "";
    QTest::newRow("--mask pad list too large") << QStringList { "--batch", "2", "--mask", "pad:1,6" }
                                               << "--mask: pad:N needs a number of keys N from 0 to 5 (the key "
                                                  "length), got '6' in 'pad:1,6'"
                                               << "";
    QTest::newRow("--mask custom short row")
        << QStringList { "--len", "2", "--mask", "custom:.x/." }
        << "--mask: custom: row 1 needs 2 cells (one per key, '.' looks, 'x' masked), got 1"
        << "";
    QTest::newRow("--mask custom rows") << QStringList { "--len", "2", "--mask", "custom:.x" }
                                        << "--mask: custom: needs 2 rows (one per query, joined by '/'), got 1"
                                        << "";
    QTest::newRow("--mask custom cell") << QStringList { "--len", "2", "--mask", "custom:.x/.1" }
                                        << "--mask: custom: row 1, key 1: expected '.' (looks) or 'x' (masked), got '1'"
                                        << "";
    QTest::newRow("--mask custom too large") << QStringList { "--len", "300", "--mask", "custom:." }
                                             << "--mask: a custom mask is edited cell by cell: at most 256 queries "
                                                "and keys (L = 300, S = 300)"
                                             << "";
    QTest::newRow("--mask-fill 0") << QStringList { "--mask", "causal", "--mask-fill", "0" }
                                   << "--mask-fill: expected -inf (a boolean mask's) or -1e9"
                                   << "";
    QTest::newRow("--mask-convention torch")
        << QStringList { "--mask", "causal", "--mask-convention", "torch" }
        << "--mask-convention: expected sdpa (True = take part) or mha (True = ignore), got 'torch'"
        << "";
    QTest::newRow("--mask-fill with --mistake")
        << QStringList { "--mistake", "no-scale", "--mask-fill", "-1e9", "--dump", "{dir}/out.json" }
        << "--mask-fill: --mistake starts both sides from the lecture's line"
        << "";
    QTest::newRow("scenario custom mask without cells")
        << QStringList { "--scenario", "{dir}/s.json" }
        << "--scenario: {dir}/s.json: params.mask_cells: a custom mask needs its rows"
        << "mask-cells-missing";
    QTest::newRow("scenario custom mask short row")
        << QStringList { "--scenario", "{dir}/s.json" }
        << "--scenario: {dir}/s.json: params.mask_cells: row 1 needs 2 cells"
        << "mask-cells-short";
    QTest::newRow("scenario custom mask cell a number")
        << QStringList { "--scenario", "{dir}/s.json" }
        << "--scenario: {dir}/s.json: params.mask_cells: expected strings of '.' and 'x', one per query"
        << "mask-cells-number";
    QTest::newRow("scenario mask cells without custom")
        << QStringList { "--scenario", "{dir}/s.json" }
        << "--scenario: {dir}/s.json: params.mask_cells: only for \"mask\": \"custom\""
        << "mask-cells-without-custom";
    // JSON larger than anyone opens: refused before writing, by --dump and by --export alike.
    for (const QString option : { "--dump", "--export" })
        QTest::newRow(qPrintable(option + " JSON too large"))
            << QStringList { "--batch", "2", "--len", "2048", "--keys", "2048", "--d-k", "1", option, "{dir}/o.json" }
            << option
                + ": these sizes would write about 386 MiB of JSON, more than the 256 MiB allowed; reduce --batch, "
                  "--len or --keys, or write the weights alone with --export weights.npy"
            << "";
    // Multi-head attention (--init mha): what nn.MultiheadAttention refuses, and what does not apply to it.
    QTest::newRow("--heads not dividing d_model")
        << QStringList { "--init", "mha", "--heads", "3", "--d-model", "8", "--dump", "{dir}/o.json" }
        << "--heads: d_model = 8 is not divisible by 3 heads (nn.MultiheadAttention needs d_model = h·d_k)"
        << "";
    QTest::newRow("--heads without --init mha")
        << QStringList { "--heads", "2", "--dump", "{dir}/o.json" }
        << "--heads: goes with --init mha (nn.MultiheadAttention's weights and X), e.g. --init mha --heads 8 "
           "--d-model 512 --dump FILE"
        << "";
    QTest::newRow("--init mha with --keys")
        << QStringList { "--init", "mha", "--keys", "4", "--dump", "{dir}/o.json" }
        << "--keys: does not apply to --init mha (it takes --batch, --len, --d-model, --heads, --seed, --mask "
           "none|causal|pad:N and --dump)"
        << "";
    QTest::newRow("--init mha padding every key")
        << QStringList { "--init", "mha", "--len", "5", "--mask", "pad:5", "--dump", "{dir}/o.json" }
        << "--mask: the padding must leave at least one key (pad:N with N from 0 to 4, got 5): PyTorch gives NaN for "
           "a query that sees no key"
        << "";
    QTest::newRow("--init mha with another --d-k")
        << QStringList { "--init", "mha", "--heads", "2", "--d-k", "3", "--dump", "{dir}/o.json" }
        << "--d-k: nn.MultiheadAttention's heads have d_k = d_v = d_model / h = 4; leave out --d-k or give 4"
        << "";
    QTest::newRow("scenario mask fill unknown") << QStringList { "--scenario", "{dir}/s.json" }
                                                << "--scenario: {dir}/s.json: params.mask_fill: expected one of "
                                                   "-inf, -1e9 (got '0')"
                                                << "mask-fill-0";
    // Loaded Q, K, V (tests/reference/arrays, made by make_array_fixtures.py).
    QTest::newRow("--load an .npy") << QStringList { "--load", "{arrays}/shape_L_d.npy", "--dump",
        "{dir}/o.json" } << "--load: {arrays}/shape_L_d.npy: expected an .npz archive (np.savez) with q, k (v, tokens)"
                                    << "";
    QTest::newRow("--load-q .npy with a key twice")
        << QStringList { "--load-q", "{arrays}/repeated_key.npy", "--load-k", "{arrays}/shape_L_d.npy", "--dump",
               "{dir}/o.json" }
        << "--load-q: {arrays}/repeated_key.npy: its header names 'shape' twice (NumPy would take the last, this "
           "program cannot tell which is meant): write it once"
        << "";
    QTest::newRow("--load-q alone") << QStringList { "--load-q", "{arrays}/shape_L_d.npy", "--dump", "{dir}/o.json" }
                                    << "--load-q: needs --load-k too"
                                    << "";
    QTest::newRow("--load-v alone") << QStringList { "--load-v", "{arrays}/shape_L_d.npy", "--dump", "{dir}/o.json" }
                                    << "--load-v: goes with --load-q and --load-k"
                                    << "";
    QTest::newRow("--load and --load-q") << QStringList { "--load", "{arrays}/qkv_stored.npz", "--load-q",
        "{arrays}/shape_L_d.npy", "--load-k", "{arrays}/shape_L_d.npy", "--dump", "{dir}/o.json" }
                                         << "--load: give either an .npz (--load) or the arrays one by one"
                                         << "";
    QTest::newRow("--load with --len") << QStringList { "--load", "{arrays}/qkv_stored.npz", "--len", "3", "--dump",
        "{dir}/o.json" } << "--len: the loaded files fix B, L, S, d_k and d_v and are not drawn; leave out --len"
                                       << "";
    QTest::newRow("--load with --mode projection")
        << QStringList { "--load", "{arrays}/qkv_stored.npz", "--mode", "projection", "--dump", "{dir}/o.json" }
        << "--mode: loaded Q, K and V are used as they are (direct)"
        << "";
    QTest::newRow("--load-q truncated")
        << QStringList { "--load-q", "{arrays}/truncated.npy", "--load-k", "{arrays}/shape_L_d.npy", "--dump",
               "{dir}/o.json" }
        << "--load-q: {arrays}/truncated.npy: its header says 24 values of 4 bytes (96 bytes), but the file has 86 "
           "bytes of data (cut short?)"
        << "";
    QTest::newRow("--load-k pickle") << QStringList { "--load-q", "{arrays}/shape_L_d.npy", "--load-k",
        "{arrays}/object.npy", "--dump", "{dir}/o.json" }
                                     << "--load-k: {arrays}/object.npy: it holds Python objects (dtype object)"
                                     << "";
    QTest::newRow("--load zip bomb") << QStringList { "--load", "{arrays}/bomb.npz", "--dump", "{dir}/o.json" }
                                     << "--load: {arrays}/bomb.npz: q.npy unpacks to 3221225472 bytes"
                                     << "";
    QTest::newRow("--load nothing known")
        << QStringList { "--load", "{arrays}/no_known_arrays.npz", "--dump", "{dir}/o.json" }
        << "--load: {arrays}/no_known_arrays.npz: holds no q, k, v, weights or attn, only 'x'"
        << "";
    QTest::newRow("--load-q a FIFO or device")
        << QStringList { "--load-q", "/dev/zero", "--load-k", "{arrays}/shape_L_d.npy", "--dump", "{dir}/o.json" }
        << "--load-q: /dev/zero: not a regular file"
        << "";
    QTest::newRow("--load-k ragged csv") << QStringList { "--load-q", "{arrays}/shape_L_d.npy", "--load-k",
        "{arrays}/ragged.csv", "--dump", "{dir}/o.json" }
                                         << "--load-k: {arrays}/ragged.csv: line 2 has 2 cells, line 1 has 3"
                                         << "";
    QTest::newRow("--load with --train") << QStringList { "--load", "{arrays}/qkv_stored.npz", "--train", "--dump",
        "{dir}/o.json" } << "--load: does not apply to the training runs"
                                         << "";
    QTest::newRow("--load-weights truncated")
        << QStringList { "--load-weights", "{arrays}/truncated.npy", "--dump", "{dir}/o.json" }
        << "--load-weights: {arrays}/truncated.npy: its header says 24 values"
        << "";
    QTest::newRow("--load-weights with --export-compare")
        << QStringList { "--load-weights", "{arrays}/weights_attn.npz", "--export-compare", "scaling", "{dir}/o.png" }
        << "--load-weights: the weights are shown as they are in their own window, written with --dump, drawn with "
           "--export or pictured with --screenshot; leave out --export-compare"
        << "";
    QTest::newRow("--load-weights --export csv")
        << QStringList { "--load-weights", "{arrays}/weights_attn.npz", "--export", "{dir}/o.csv" }
        << "--export: the weights are drawn as a picture (.png, .jpg, .pdf or .svg), got '{dir}/o.csv'; --dump "
           "writes their numbers"
        << "";
    QTest::newRow("--map head beyond") << QStringList { "--load-weights", "{arrays}/weights_attn.npz", "--map", "0,0,3",
        "--export", "{dir}/o.png" } << "--map (head): must be from 0 to 2 (got 3)"
                                       << "";
    QTest::newRow("--map index beyond") << QStringList { "--load-weights", "{arrays}/weights_attn.npz", "--map", "6",
        "--export", "{dir}/o.png" } << "--map: must be from 0 to 5 (got 6)"
                                        << "";
    QTest::newRow("--map two parts") << QStringList { "--load-weights", "{arrays}/weights_attn.npz", "--map", "1,2",
        "--export", "{dir}/o.png" } << "--map: expected N or LAYER,BATCH,HEAD, got '1,2'"
                                     << "";
    QTest::newRow("--map without weights") << QStringList { "--map", "1", "--dump", "{dir}/o.json" }
                                           << "--map: chooses a map of --load-weights; give --load-weights FILE too"
                                           << "";
    QTest::newRow("--load-weights six dimensions")
        << QStringList { "--load-weights", "{arrays}/empty_dim.npy", "--dump", "{dir}/o.json" }
        << "--load-weights: {arrays}/empty_dim.npy: weights of shape (0, 4): every size must be at least 1"
        << "";
    QTest::newRow("--load with --compare d-k")
        << QStringList { "--load", "{arrays}/qkv_stored.npz", "--compare", "d-k:16", "--screenshot", "{dir}/s.png" }
        << "--compare: loaded Q and K fix d_k (3)"
        << "";
    QTest::newRow("--load with a d_k series")
        << QStringList { "--load", "{arrays}/qkv_stored.npz", "--export-series", "d-k=1,4", "{dir}/series" }
        << "--export-series: loaded Q, K, V fix d-k: every picture would be the same"
        << "";
    QTest::newRow("--mask pad:x") << QStringList { "--mask", "pad:x" }
                                  << "--mask: pad:N needs a number of keys N from 0 to 5"
                                  << "";
    QTest::newRow("--mask pad:-1") << QStringList { "--mask", "pad:-1" }
                                   << "--mask: pad:N needs a number of keys N from 0 to 5"
                                   << "";
    QTest::newRow("--mask pad beyond keys")
        << QStringList { "--keys", "4", "--mask", "pad:5" } << "--mask: pad:N needs a number of keys N from 0 to 4"
        << "";
    QTest::newRow("--mode") << QStringList { "--mode", "sideways" }
                            << "--mode: expected projection or direct, got 'sideways'"
                            << "";
    QTest::newRow("--show") << QStringList { "--show", "gradients" } << "--show: expected weights, scores or logits"
                            << "";
    QTest::newRow("--colormap") << QStringList { "--colormap", "jet" } << "--colormap: expected one of viridis"
                                << "";
    QTest::newRow("--range") << QStringList { "--range", "auto" } << "--range: expected fixed (0 to 1) or fit"
                             << "";
    QTest::newRow("--lang") << QStringList { "--lang", "fr" } << "--lang: expected en or zh, got 'fr'"
                            << "";
    QTest::newRow("--format") << QStringList { "--format", "gif" }
                              << "--format: expected png, jpg, pdf or svg, got 'gif'"
                              << "";
    QTest::newRow("--compare") << QStringList { "--compare", "mood" }
                               << "--compare: expected none, scaling, softmax-dim, score, mask-fill, sdpa or d-k:N"
                               << "";
    QTest::newRow("--compare d-k:0") << QStringList { "--compare", "d-k:0" }
                                     << "--compare: must be from 1 to 65536 (got 0)"
                                     << "";
    QTest::newRow("--preset") << QStringList { "--preset", "nope" }
                              << "--preset: unknown preset 'nope'; the presets are: qkv-basics"
                              << "";
    QTest::newRow("too large together") << QStringList { "--batch", "4096", "--len", "65536" }
                                        << "these sizes need about"
                                        << "";
    QTest::newRow("too slow together") << QStringList { "--d-model", "30000", "--d-k", "30000", "--len", "2", "--dump",
        "-" } << "these sizes would take about 55 s to compute, more than the 15 s allowed"
                                       << "";

    // Pictures: sizes refused before anything is drawn, with the limit stated.
    QTest::newRow("--size 0x100") << QStringList { "--size", "0x100", "--export", "{dir}/a.png" }
                                  << "--size: width and height must be from 1 to 20000"
                                  << "";
    QTest::newRow("--size axb") << QStringList { "--size", "axb", "--export", "{dir}/a.png" }
                                << "--size: expected WIDTHxHEIGHT"
                                << "";
    QTest::newRow("--size one number") << QStringList { "--size", "100", "--export", "{dir}/a.png" }
                                       << "--size: expected WIDTHxHEIGHT"
                                       << "";
    QTest::newRow("--size too wide") << QStringList { "--size", "20001x10", "--export", "{dir}/a.png" }
                                     << "--size: width and height must be from 1 to 20000"
                                     << "";
    QTest::newRow("--size too small") << QStringList { "--size", "10x10", "--export", "{dir}/a.png" }
                                      << "--size: 10 × 10 pixels is smaller than 16 pixels on a side"
                                      << "";
    QTest::newRow("--size too many pixels") << QStringList { "--size", "20000x20000", "--export", "{dir}/a.png" }
                                            << "--size: 20000 × 20000 is more than 40 million pixels in all"
                                            << "";
    QTest::newRow("--size too many points (svg)")
        << QStringList { "--size", "20000x20000", "--export", "{dir}/a.svg" }
        << "--size: 20000 × 20000 points is more than 10 million points in all for PDF and SVG"
        << "";
    QTest::newRow("--size too many points (pdf)")
        << QStringList { "--size", "5000x5000", "--export-compare", "scaling", "{dir}/a.pdf" }
        << "--size: 5000 × 5000 points is more than 10 million points"
        << "";
    QTest::newRow("--pixel-ratio 0") << QStringList { "--pixel-ratio", "0", "--export", "{dir}/a.png" }
                                     << "--pixel-ratio: must be from 0.25 to 8 (got 0)"
                                     << "";
    QTest::newRow("--pixel-ratio nan") << QStringList { "--pixel-ratio", "nan", "--export", "{dir}/a.png" }
                                       << "--pixel-ratio: expected a number"
                                       << "";
    QTest::newRow("--pixel-ratio rounds to 0 px")
        << QStringList { "--size", "16x16", "--pixel-ratio", "0.25", "--export", "{dir}/a.pdf" }
        << "--pixel-ratio: 4 × 4 pixels is smaller than 16 pixels on a side"
        << "";
    QTest::newRow("--pixel-ratio too large")
        << QStringList { "--size", "8000x8000", "--pixel-ratio", "4", "--export", "{dir}/a.png" }
        << "--pixel-ratio: 32000 × 32000 pixels is larger than 20000 pixels on a side"
        << "";

    // Outputs.
    QTest::newRow("--export unknown suffix") << QStringList { "--export", "{dir}/a.gif" } << "--export: unknown format"
                                             << "";
    QTest::newRow("--export into a folder") << QStringList { "--export", "{dir}/sub" } << "--export: unknown format"
                                            << "folder";
    QTest::newRow("--dump a folder") << QStringList { "--dump", "{dir}/sub" }
                                     << "--dump: '{dir}/sub' is a folder, not a file"
                                     << "folder";
    QTest::newRow("--dump parent is a file")
        << QStringList { "--dump", "{dir}/file.txt/x.json" } << "--dump: cannot write '{dir}/file.txt/x.json'"
        << "file";
    QTest::newRow("--dump missing folder")
        << QStringList { "--dump", "{dir}/missing/x.json" } << "--dump: cannot write '{dir}/missing/x.json'"
        << "";
    QTest::newRow("--dump empty name") << QStringList { "--dump", "" }
                                       << "--dump: expected a file name or - for standard output"
                                       << "";
    QTest::newRow("--export png parent is a file")
        << QStringList { "--export", "{dir}/file.txt/a.png" } << "--export: cannot write '{dir}/file.txt/a.png'"
        << "file";
    QTest::newRow("--screenshot not png")
        << QStringList { "--screenshot", "{dir}/a.jpg" } << "--screenshot: the file name must end in .png"
        << "";
    QTest::newRow("--save-scenario empty")
        << QStringList { "--save-scenario", "" } << "--save-scenario: expected a file name"
        << "";
    QTest::newRow("--export-compare kind") << QStringList { "--export-compare", "mood", "{dir}/a.png" }
                                           << "--export-compare: expected scaling or softmax-dim"
                                           << "";
    QTest::newRow("--export-compare suffix")
        << QStringList { "--export-compare", "scaling", "{dir}/a.csv" } << "--export-compare: unknown image format"
        << "";
    QTest::newRow("--export-compare no file")
        << QStringList { "--export-compare", "scaling" } << "--export-compare: expected one output FILE after its value"
        << "";
    QTest::newRow("--export-series name") << QStringList { "--export-series", "d-q=1,2", "{dir}/s" }
                                          << "--export-series: expected NAME=V1,V2,... with NAME one of"
                                          << "";
    QTest::newRow("--export-series no values")
        << QStringList { "--export-series", "d-k=", "{dir}/s" } << "--export-series: no values after 'd-k='"
        << "";
    QTest::newRow("--export-series empty value")
        << QStringList { "--export-series", "d-k=1,,2", "{dir}/s" } << "--export-series: value 2 of 'd-k=1,,2' is empty"
        << "";
    QTest::newRow("--export-series bad value") << QStringList { "--export-series", "d-k=4,0", "{dir}/s" }
                                               << "--export-series: value '0': --d-k: must be from 1 to 65536 (got 0)"
                                               << "";
    QTest::newRow("--export-series empty folder")
        << QStringList { "--export-series", "d-k=4", "" } << "--export-series: the output folder name is empty"
        << "";
    QTest::newRow("--export-series pad beyond keys")
        << QStringList { "--mask", "pad:3", "--export-series", "keys=1,2,4", "{dir}/s" }
        << "--export-series: value '1': the mask pad:3 masks more keys than the 1 there are"
        << "";
    QTest::newRow("all or nothing: scenario then bad dump")
        << QStringList { "--save-scenario", "{dir}/s.json", "--dump", "{dir}/missing/x.json" } << "--dump: cannot write"
        << "";
    QTest::newRow("all or nothing: export then bad compare")
        << QStringList { "--export", "{dir}/a.png", "--export-compare", "scaling", "{dir}/missing/b.png" }
        << "--export-compare: cannot write"
        << "";
    QTest::newRow("stray argument") << QStringList { "{dir}/a.png" } << "unexpected argument"
                                    << "";

    // Conflicting options.
    QTest::newRow("--no-scale and --scale")
        << QStringList { "--no-scale", "--scale", "2" } << "--scale: cannot be combined with --no-scale"
        << "";
    QTest::newRow("--preset and --scenario") << QStringList { "--preset", "why-scale", "--scenario", "{dir}/s.json" }
                                             << "--preset: give either --preset or --scenario"
                                             << "";
    QTest::newRow("--cross in direct mode")
        << QStringList { "--cross", "--mode", "direct" } << "--cross: only applies to --mode projection"
        << "";
    QTest::newRow("--tokens with --len") << QStringList { "--tokens", "a b", "--len", "3" }
                                         << "--tokens: 2 tokens make 2 queries and keys"
                                         << "";
    QTest::newRow("--tokens with --cross")
        << QStringList { "--tokens", "a b", "--cross" } << "--tokens: tokens are for self-attention"
        << "";
    QTest::newRow("--tokens empty") << QStringList { "--tokens", "   " } << "--tokens: no words"
                                    << "";
    QTest::newRow("--tokens: a JSON list with a number")
        << QStringList { "--tokens", R"(["a", 5])" } << "--tokens: item 1 of the JSON list is not a word"
        << "";
    // Control characters from a file or a token are written out in the message (no raw ESC or BEL on the terminal).
    // An output that is an input (also through a symbolic link or ".."), or two outputs that are one file.
    QTest::newRow("--export onto its input")
        << QStringList { "--load-q", "{dir}/in.csv", "--load-k", "{dir}/in.csv", "--export", "{dir}/in.csv" }
        << "--export: '{dir}/in.csv' is also the input of --load-q; write to another file"
        << "input-csv";
    QTest::newRow("--dump onto its input through a link")
        << QStringList { "--load-q", "{dir}/in.csv", "--load-k", "{dir}/in.csv", "--dump", "{dir}/alias.csv" }
        << "--dump: '{dir}/alias.csv' is also the input of --load-q; write to another file"
        << "input-csv";
    QTest::newRow("two outputs, one file")
        << QStringList { "--dump", "{dir}/o.json", "--export", "{dir}/../" + QString() + "{dirname}/o.json" }
        << "--export: '{dir}/../{dirname}/o.json' is also the output of --dump"
        << "";
    QTest::newRow("a loop of symbolic links")
        << QStringList { "--load-q", "{dir}/a.csv", "--load-k", "{arrays}/plain.csv", "--dump", "{dir}/o.json" }
        << "--load-q: {dir}/a.csv: a loop of symbolic links"
        << "symlink-loop";
    QTest::newRow("a symbolic link to nothing")
        << QStringList { "--load-q", "{dir}/d.csv", "--load-k", "{arrays}/plain.csv", "--dump", "{dir}/o.json" }
        << "--load-q: {dir}/d.csv: a symbolic link to '{dir}/gone.csv', which does not exist"
        << "symlink-dangling";
    QTest::newRow("a scenario that is a loop of symbolic links")
        << QStringList { "--scenario", "{dir}/a.csv", "--dump", "{dir}/o.json" }
        << "--scenario: {dir}/a.csv: a loop of symbolic links"
        << "symlink-loop";
    QTest::newRow("CSV cell with ESC and BEL")
        << QStringList { "--load-q", "{dir}/e.csv", "--load-k", "{dir}/e.csv", "--dump", "{dir}/o.json" }
        << "--load-k: {dir}/e.csv: line 2, cell 2: '\\x1b[31m\\x07x' is not a number"
        << "csv-escape";
    QTest::newRow("CSV cell with a carriage return")
        << QStringList { "--load-q", "{dir}/r.csv", "--load-k", "{dir}/r.csv", "--dump", "{dir}/o.json" }
        << "--load-k: {dir}/r.csv: line 3 has 1 cells, line 1 has 2 (every line needs as many)"
        << "csv-cr";
    QTest::newRow("--tokens with ESC") << QStringList { "--tokens", "a \x1b[2J b", "--len", "9" }
                                       << "--tokens: 5 tokens make 5 queries and keys"
                                       << "";
    QTest::newRow("--positions without tokens")
        << QStringList { "--positions" } << "--positions: adds position encodings to token embeddings"
        << "";
    QTest::newRow("compare and series together")
        << QStringList { "--export-compare", "scaling", "--export-series", "d-k=1", "{dir}/x" }
        << "--export-compare: give --export-compare and --export-series in separate runs"
        << "";

    // Scenario and lesson files.
    QTest::newRow("scenario missing") << QStringList { "--scenario", "{dir}/nope.json" }
                                      << "--scenario: {dir}/nope.json: no such file"
                                      << "";
    QTest::newRow("scenario is a folder")
        << QStringList { "--scenario", "{dir}/sub" } << "--scenario: {dir}/sub: is a folder, not a file"
        << "folder";
    QTest::newRow("scenario is a FIFO") << QStringList { "--scenario", "{dir}/pipe.json" }
                                        << "--scenario: {dir}/pipe.json: not a regular file"
                                        << "fifo";
    QTest::newRow("scenario empty") << QStringList { "--scenario", "{dir}/s.json" }
                                    << "--scenario: {dir}/s.json: not valid JSON"
                                    << "empty";
    QTest::newRow("scenario truncated") << QStringList { "--scenario", "{dir}/s.json" }
                                        << "--scenario: {dir}/s.json: not valid JSON"
                                        << "truncated";
    QTest::newRow("scenario over 16 MiB")
        << QStringList { "--scenario", "{dir}/s.json" }
        << "--scenario: {dir}/s.json: too large for a scenario or lesson (over 16 MiB)"
        << "huge";
    QTest::newRow("scenario deeply nested")
        << QStringList { "--scenario", "{dir}/s.json" } << "--scenario: {dir}/s.json: not valid JSON"
        << "nested";
    QTest::newRow("scenario not UTF-8") << QStringList { "--scenario", "{dir}/s.json" }
                                        << "--scenario: {dir}/s.json: not valid JSON"
                                        << "not-utf8";
    QTest::newRow("scenario an array") << QStringList { "--scenario", "{dir}/s.json" }
                                       << "--scenario: {dir}/s.json: expected a JSON object at the top"
                                       << "array";
    QTest::newRow("scenario params wrong type")
        << QStringList { "--scenario", "{dir}/s.json" } << "--scenario: {dir}/s.json: params: expected an object"
        << "params-5";
    QTest::newRow("scenario newer version") << QStringList { "--scenario", "{dir}/s.json" }
                                            << "--scenario: {dir}/s.json: version: 99 is newer than this program reads"
                                            << "newer";
    QTest::newRow("scenario other format") << QStringList { "--scenario", "{dir}/s.json" }
                                           << "--scenario: {dir}/s.json: format: expected \"attention-viz-scenario\""
                                           << "other-format";
    QTest::newRow("scenario d_k a string") << QStringList { "--scenario", "{dir}/s.json" }
                                           << "--scenario: {dir}/s.json: params.d_k: expected a whole number"
                                           << "d_k-string";
    QTest::newRow("scenario d_k fractional") << QStringList { "--scenario", "{dir}/s.json" }
                                             << "--scenario: {dir}/s.json: params.d_k: expected a whole number"
                                             << "d_k-fraction";
    QTest::newRow("scenario caption too long")
        << QStringList { "--scenario", "{dir}/s.json" }
        << "--scenario: {dir}/s.json: caption: at most 4000 characters (got 100000)"
        << "long-caption";
    QTest::newRow("scenario mask vs --keys")
        << QStringList { "--scenario", "{dir}/s.json", "--keys", "2" }
        << "--scenario: its mask pad:4 does not fit the 2 keys and batch of 1 the other options give; add --mask"
        << "pad-4";
    QTest::newRow("scenario batch element vs --batch")
        << QStringList { "--scenario", "{dir}/s.json", "--batch", "2" }
        << "--scenario: it shows batch element 2, but --batch 2 has no such element; add --batch-index"
        << "batch-index-2";
    QTest::newRow("lesson title a number") << QStringList { "--lesson", "{dir}/l.json", "--screenshot", "{dir}/x.png" }
                                           << "--lesson: {dir}/l.json: title: expected a string"
                                           << "lesson-title-5";
    QTest::newRow("lesson title too long") << QStringList { "--lesson", "{dir}/l.json", "--screenshot", "{dir}/x.png" }
                                           << "--lesson: {dir}/l.json: title: at most 4000 characters (got 100000)"
                                           << "lesson-long-title";
    QTest::newRow("lesson without steps")
        << QStringList { "--lesson", "{dir}/l.json" } << "--lesson: {dir}/l.json: steps: expected a non-empty list"
        << "lesson-no-steps";
    QTest::newRow("lesson bad step") << QStringList { "--lesson", "{dir}/l.json" }
                                     << "--lesson: {dir}/l.json: steps[1].params.batch: must be from 1 to 4096 (got 0)"
                                     << "lesson-bad-step";
    QTest::newRow("lesson is a FIFO") << QStringList { "--lesson", "{dir}/pipe.json" }
                                      << "--lesson: {dir}/pipe.json: not a regular file"
                                      << "fifo";
    QTest::newRow("panels and no panels") << QStringList { "--export", "{dir}/x.png", "--panels", "--no-panels" }
                                          << "--panels: cannot be combined with --no-panels" << QString();
    QTest::newRow("step without lesson") << QStringList { "--step", "3", "--dump", "{dir}/out.json" }
                                         << "--step: needs --lesson (the step of which lesson?)" << QString();
    QTest::newRow("step 0") << QStringList { "--lesson", "lecture", "--step", "0", "--dump", "{dir}/out.json" }
                            << "--step: must be from 1 to 9 (got 0)" << QString();
    QTest::newRow("step past the last") << QStringList { "--lesson", "lecture", "--step", "10", "--dump",
        "{dir}/out.json" } << "--step: must be from 1 to 9 (got 10)"
                                        << QString();
    QTest::newRow("step not a number") << QStringList { "--lesson", "lecture", "--step", "two", "--dump",
        "{dir}/out.json" } << "--step: expected"
                                       << QString();
    QTest::newRow("step with a preset") << QStringList { "--lesson", "lecture", "--step", "2", "--preset", "why-scale",
        "--dump", "{dir}/out.json" } << "--step: the lesson's step gives the starting state; leave out --preset"
                                        << QString();
    // --score
    QTest::newRow("score unknown") << QStringList { "--score", "bahdanau", "--dump", "{dir}/out.json" }
                                   << "--score: expected dot or additive, got 'bahdanau'" << QString();
    QTest::newRow("additive hidden 0") << QStringList { "--score", "additive", "--additive-hidden", "0", "--dump",
        "{dir}/out.json" } << "--additive-hidden: must be"
                                       << QString();
    QTest::newRow("additive hidden huge")
        << QStringList { "--score", "additive", "--additive-hidden", "99999", "--dump", "{dir}/out.json" }
        << "--additive-hidden: must be" << QString();
    QTest::newRow("additive hidden without additive")
        << QStringList { "--additive-hidden", "4", "--dump", "{dir}/out.json" }
        << "--additive-hidden: only applies to --score additive" << QString();
    QTest::newRow("additive with --no-scale")
        << QStringList { "--score", "additive", "--no-scale", "--dump", "{dir}/out.json" }
        << "--no-scale: additive scores are not scaled" << QString();
    QTest::newRow("additive with --scaling")
        << QStringList { "--score", "additive", "--scaling", "d-k", "--dump", "{dir}/out.json" }
        << "--scaling: additive scores are not scaled" << QString();
    QTest::newRow("additive too much work") << QStringList { "--score", "additive", "--additive-hidden", "4096",
        "--len", "4096", "--mode", "direct", "--dump", "{dir}/out.json" }
                                            << "these sizes would take about" << QString();
    QTest::newRow("dump too large") << QStringList { "--len", "3000", "--mode", "direct", "--dump", "{dir}/out.json" }
                                    << "--dump: these sizes would write about" << QString();
    QTest::newRow("additive with --mistake")
        << QStringList { "--score", "additive", "--mistake", "no-scale", "--dump", "{dir}/out.json" }
        << "--score: the lecture's mistakes are the dot product's" << QString();
    QTest::newRow("additive with --train")
        << QStringList { "--score", "additive", "--train", "--dump", "{dir}/out.json" }
        << "--score: the training runs use the dot product" << QString();
    QTest::newRow("additive compare scaling")
        << QStringList { "--score", "additive", "--compare", "scaling", "--dump", "{dir}/out.json" }
        << "--compare: additive scores are not scaled" << QString();
    QTest::newRow("additive export-compare scaling")
        << QStringList { "--score", "additive", "--export-compare", "scaling", "{dir}/a.png" }
        << "--export-compare: additive scores are not scaled" << QString();
    // --mistake
    QTest::newRow("mistake unknown") << QStringList { "--mistake", "no_scale", "--dump", "{dir}/out.json" }
                                     << "--mistake: expected no-scale, softmax-dim, mha-mask-in-sdpa, transpose-0-1 or "
                                        "transpose-q, got 'no_scale'"
                                     << QString();
    QTest::newRow("mistake empty") << QStringList { "--mistake", "", "--dump", "{dir}/out.json" }
                                   << "--mistake: expected no-scale" << QString();
    QTest::newRow("mistake with --no-scale")
        << QStringList { "--mistake", "no-scale", "--no-scale", "--dump", "{dir}/out.json" }
        << "--no-scale: --mistake starts both sides from the lecture's line" << QString();
    QTest::newRow("mistake with --softmax-dim")
        << QStringList { "--mistake", "transpose-q", "--softmax-dim", "-2", "--dump", "{dir}/out.json" }
        << "--softmax-dim: --mistake starts both sides" << QString();
    QTest::newRow("mistake with --train")
        << QStringList { "--mistake", "no-scale", "--train", "--dump", "{dir}/out.json" }
        << "--mistake: cannot be combined with --train" << QString();
    QTest::newRow("mistake with --export") << QStringList { "--mistake", "no-scale", "--export", "{dir}/x.png" }
                                           << "--mistake: cannot be combined with --export" << QString();
    QTest::newRow("mistake mask on another mistake")
        << QStringList { "--mistake", "softmax-dim", "--mask", "pad:2", "--dump", "{dir}/out.json" }
        << "--mask: with --mistake, only mha-mask-in-sdpa takes a mask" << QString();
    QTest::newRow("mistake causal mask") << QStringList { "--mistake", "mha-mask-in-sdpa", "--mask", "causal", "--dump",
        "{dir}/out.json" } << "--mask: with --mistake mha-mask-in-sdpa, the padding is pad:N"
                                         << QString();
    QTest::newRow("mistake pad:0") << QStringList { "--mistake", "mha-mask-in-sdpa", "--mask", "pad:0", "--dump",
        "{dir}/out.json" } << "--mask: with --mistake mha-mask-in-sdpa, the padding is pad:N"
                                   << QString();
}

void TestBadInput::refused()
{
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    QFETCH(QString, setup);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    setUp(setup, QDir(dir.path()));
    const QStringList before = everything(dir.path());
    const QString arrays = QStringLiteral(ATTN_ARRAY_FIXTURES);
    const QString dirname = QFileInfo(dir.path()).fileName();
    for (QString &a : args)
        a.replace("{dir}", dir.path()).replace("{arrays}", arrays).replace("{dirname}", dirname);
    message.replace("{dir}", dir.path()).replace("{arrays}", arrays).replace("{dirname}", dirname);

    const Run r = runProgram(args, true); // headless: no window may open
    QCOMPARE(r.exitCode, 2);
    const QString err = QString::fromUtf8(r.err);
    QVERIFY2(err.startsWith("attention-viz: " + message), qPrintable(err));
    QCOMPARE(err.count('\n'), 1);
    for (const char c : r.err) // no control character reaches the terminal raw (attn::escapeControls)
        QVERIFY2(c == '\n' || (static_cast<unsigned char>(c) >= 0x20 && c != 0x7f), qPrintable(err));
    QVERIFY(r.out.isEmpty());
    QCOMPARE(everything(dir.path()), before); // nothing written, nothing half-written, nothing removed

    // The same in Chinese (a Chinese system's locale): every part of the message that is a sentence is translated.
    const Run zh = runProgram(args, true, { { "LANG", "zh_CN.UTF-8" }, { "LC_ALL", "zh_CN.UTF-8" } });
    QCOMPARE(zh.exitCode, 2);
    const QString zhErr = QString::fromUtf8(zh.err).trimmed();
    QCOMPARE(zhErr.count('\n'), 0);
    QVERIFY2(zhErr.startsWith("attention-viz: "), qPrintable(zhErr));
    static const QRegularExpression cjk(QStringLiteral("[\\x{4e00}-\\x{9fff}]"));
    for (const QString &piece : zhErr.mid(15).split(QStringLiteral("：")))
        for (const QString &part : messageParts(piece))
            if (part.contains(' ') && !part.contains(cjk) && part != "qkv-basics, why-scale, sdpa-check, wrong-dim")
                QFAIL(qPrintable("left in English: '" + part + "' in " + zhErr));
    QVERIFY(everything(dir.path()) == before);
}

QTEST_GUILESS_MAIN(TestBadInput)
#include "tst_bad_input.moc"
