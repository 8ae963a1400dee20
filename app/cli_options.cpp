#include "cli_options.h"

#include <QCommandLineParser>
#include <QRegularExpression>

#include <unistd.h>

#include <cmath>
#include <limits>

namespace {

struct Fail
{
    QString message;
};

QString dashed(const QString &name)
{
    return QStringLiteral("--") + name;
}

long long parseInteger(const QCommandLineParser &parser, const QString &name, long long lo, long long hi)
{
    const QString text = parser.value(name).trimmed();
    bool ok = false;
    const long long v = text.toLongLong(&ok);
    if (!ok)
        throw Fail{QStringLiteral("%1: expected a whole number from %2 to %3, got '%4'")
                       .arg(dashed(name)).arg(lo).arg(hi).arg(parser.value(name))};
    if (v < lo || v > hi)
        throw Fail{QStringLiteral("%1: must be from %2 to %3 (got %4)").arg(dashed(name)).arg(lo).arg(hi).arg(v)};
    return v;
}

std::uint64_t parseSeed(const QCommandLineParser &parser)
{
    const QString text = parser.value("seed").trimmed();
    bool ok = false;
    if (text.startsWith('-')) {
        const qlonglong v = text.toLongLong(&ok);
        if (ok)
            return static_cast<std::uint64_t>(v); // two's complement, as torch.manual_seed
    } else {
        const qulonglong v = text.toULongLong(&ok);
        if (ok)
            return v;
    }
    throw Fail{QStringLiteral("--seed: expected a whole number from -9223372036854775808 to "
                              "18446744073709551615, got '%1'").arg(parser.value("seed"))};
}

QSize parseSize(const QString &text)
{
    static const QRegularExpression re(QStringLiteral("^(\\d{1,9})[xX](\\d{1,9})$"));
    const auto m = re.match(text.trimmed());
    if (!m.hasMatch())
        throw Fail{QStringLiteral("--size: expected WIDTHxHEIGHT in pixels such as 1600x1000, got '%1'").arg(text)};
    const int w = m.captured(1).toInt(), h = m.captured(2).toInt();
    if (w < 1 || h < 1 || w > 20000 || h > 20000)
        throw Fail{QStringLiteral("--size: width and height must be from 1 to 20000 pixels (got %1x%2)").arg(w).arg(h)};
    return {w, h};
}

void parseMask(const QString &text, attn::Params &p)
{
    const QString t = text.trimmed().toLower();
    if (t == "none") {
        p.mask = attn::MaskKind::None;
    } else if (t == "causal") {
        p.mask = attn::MaskKind::Causal;
    } else if (t.startsWith("pad:")) {
        bool ok = false;
        const long long n = t.mid(4).toLongLong(&ok);
        if (!ok || n < 0 || n > p.keyLength)
            throw Fail{QStringLiteral("--mask: pad:N needs a number of keys N from 0 to %1 (the key length), got '%2'")
                           .arg(p.keyLength).arg(text)};
        p.mask = attn::MaskKind::Pad;
        p.padCount = int(n);
    } else {
        throw Fail{QStringLiteral("--mask: expected none, causal or pad:N, got '%1'").arg(text)};
    }
}

CliRequest buildRequest(const QCommandLineParser &parser, std::uint64_t memoryBudget)
{
    using attn::Limits;
    CliRequest r;
    attn::Params &p = r.params;
    if (!parser.positionalArguments().isEmpty())
        throw Fail{QStringLiteral("unexpected argument '%1' (options start with --; see --help)")
                       .arg(parser.positionalArguments().first())};
    if (parser.isSet("mode")) {
        const QString m = parser.value("mode").trimmed().toLower();
        if (m == "projection")
            p.mode = attn::Mode::Projection;
        else if (m == "direct")
            p.mode = attn::Mode::Direct;
        else
            throw Fail{QStringLiteral("--mode: expected projection or direct, got '%1'").arg(parser.value("mode"))};
    }
    if (parser.isSet("batch"))
        p.batch = int(parseInteger(parser, "batch", 1, Limits::maxBatch));
    if (parser.isSet("len"))
        p.queryLength = int(parseInteger(parser, "len", 1, Limits::maxLength));
    p.keyLength = parser.isSet("keys") ? int(parseInteger(parser, "keys", 1, Limits::maxLength)) : p.queryLength;
    p.cross = parser.isSet("cross");
    if (p.cross && p.mode == attn::Mode::Direct)
        throw Fail{QStringLiteral("--cross: only applies to --mode projection (in direct mode K and V are drawn directly)")};
    if (parser.isSet("d-model"))
        p.dModel = int(parseInteger(parser, "d-model", 1, Limits::maxDim));
    if (parser.isSet("d-k"))
        p.dK = int(parseInteger(parser, "d-k", 1, Limits::maxDim));
    p.dV = parser.isSet("d-v") ? int(parseInteger(parser, "d-v", 1, Limits::maxDim)) : p.dK;
    if (parser.isSet("seed"))
        p.seed = parseSeed(parser);
    if (parser.isSet("no-scale") && parser.isSet("scale"))
        throw Fail{QStringLiteral("--scale: cannot be combined with --no-scale")};
    if (parser.isSet("no-scale"))
        p.scaling = attn::Scaling::None;
    if (parser.isSet("scale")) {
        bool ok = false;
        const double f = parser.value("scale").trimmed().toDouble(&ok);
        if (!ok || !std::isfinite(f))
            throw Fail{QStringLiteral("--scale: expected a finite number such as 0.125, got '%1'").arg(parser.value("scale"))};
        p.scaling = attn::Scaling::Custom;
        p.customScale = f;
    }
    if (parser.isSet("softmax-dim")) {
        const QString d = parser.value("softmax-dim").trimmed();
        if (d == "-1")
            p.softmaxDim = -1;
        else if (d == "-2")
            p.softmaxDim = -2;
        else
            throw Fail{QStringLiteral("--softmax-dim: expected -1 (over keys) or -2 (over queries), got '%1'").arg(d)};
    }
    if (parser.isSet("mask"))
        parseMask(parser.value("mask"), p);
    if (parser.isSet("batch-index"))
        p.batchIndex = int(parseInteger(parser, "batch-index", 0, p.batch - 1));
    if (parser.isSet("dump")) {
        r.dumpPath = parser.value("dump");
        if (r.dumpPath.isEmpty())
            throw Fail{QStringLiteral("--dump: expected a file name or - for standard output")};
    }
    if (parser.isSet("screenshot")) {
        r.screenshotPath = parser.value("screenshot");
        if (!r.screenshotPath.endsWith(".png", Qt::CaseInsensitive))
            throw Fail{QStringLiteral("--screenshot: the file name must end in .png, got '%1'").arg(r.screenshotPath)};
    }
    if (parser.isSet("size"))
        r.size = parseSize(parser.value("size"));
    if (parser.isSet("lang")) {
        r.language = parser.value("lang").trimmed().toLower();
        if (r.language != "en" && r.language != "zh")
            throw Fail{QStringLiteral("--lang: expected en or zh, got '%1'").arg(parser.value("lang"))};
    }

    for (const char *name : {"mode", "batch", "len", "keys", "cross", "d-model", "d-k", "d-v", "seed", "no-scale",
                             "scale", "softmax-dim", "mask", "batch-index"})
        r.paramsGiven |= parser.isSet(name);
    if (auto e = attn::validate(p, memoryBudget))
        throw Fail{QStringLiteral("--%1: %2").arg(QString::fromStdString(e->field), QString::fromStdString(e->message))};
    return r;
}

} // namespace

std::uint64_t defaultMemoryBudget()
{
    const long pages = sysconf(_SC_PHYS_PAGES), pageSize = sysconf(_SC_PAGE_SIZE);
    if (pages <= 0 || pageSize <= 0)
        return std::uint64_t(2) << 30;
    return std::uint64_t(pages) * std::uint64_t(pageSize) / 2;
}

CliOutcome parseCommandLine(const QStringList &arguments, std::uint64_t memoryBudget)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "Makes scaled dot-product attention visible: softmax(Q·Kᵀ/sqrt(d_k))·V with PyTorch's random tensors.\n"
        "Without an output option it opens the window with these settings.");
    const QCommandLineOption help({"h", "help"}, "Show this help and exit.");
    const QCommandLineOption version({"v", "version"}, "Show the version and exit.");
    parser.addOption(help);
    parser.addOption(version);
    parser.addOptions({
        {"mode", "projection (default): Q = X·W_q, K = Y·W_k, V = Y·W_v (Y = X unless cross-attention); "
                 "direct: Q, K, V drawn directly.", "projection|direct"},
        {"batch", "Batch size B (default 1).", "B"},
        {"len", "Number of queries L (default 5).", "L"},
        {"keys", "Number of keys S (default L); in projection mode S != L means cross-attention.", "S"},
        {"cross", "Projection mode: keys and values from a second sequence Y even when S == L."},
        {"d-model", "Model width (default 8).", "N"},
        {"d-k", "Query and key width (default 4).", "N"},
        {"d-v", "Value width (default d_k).", "N"},
        {"seed", "torch.manual_seed(N) before drawing (default 0).", "N"},
        {"no-scale", "Do not divide the scores by sqrt(d_k)."},
        {"scale", "Multiply the scores by F instead of 1/sqrt(d_k).", "F"},
        {"softmax-dim", "-1 (default): over keys, each row sums to 1; -2: over queries (the lecture's mistake).",
         "-1|-2"},
        {"mask", "none (default); causal: query i sees keys j <= i; pad:N masks the last N keys.", "none|causal|pad:N"},
        {"batch-index", "Which batch element the window and images show (default 0).", "b"},
        {"dump", "Write every tensor and statistic as JSON to FILE (- for standard output) and exit.", "FILE"},
        {"screenshot", "Render the whole main window to a PNG file and exit (no display needed).", "FILE"},
        {"size", "Image size for --screenshot, e.g. 1600x1000.", "WxH"},
        {"lang", "Language of the window: en or zh (default: the system's).", "en|zh"},
    });

    CliOutcome outcome;
    if (!parser.parse(arguments)) {
        outcome.text = parser.errorText();
        return outcome;
    }
    if (parser.isSet(help)) {
        outcome.kind = CliOutcome::Help;
        outcome.text = parser.helpText();
        return outcome;
    }
    if (parser.isSet(version)) {
        outcome.kind = CliOutcome::Version;
        outcome.text = QStringLiteral("attention-viz " ATTENTION_VIZ_VERSION);
        return outcome;
    }
    try {
        outcome.request = buildRequest(parser, memoryBudget);
        outcome.kind = CliOutcome::Run;
    } catch (const Fail &f) {
        outcome.text = f.message;
    }
    return outcome;
}
