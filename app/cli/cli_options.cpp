// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/cli_options.h"

#include "io/array_files.h"
#include "io/file_kinds.h"
#include "io/scenario.h"
#include "json_dump.h"
#include "loaded.h"
#include "model/color_map_names.h"
#include "model/tokens.h"
#include "params_edit.h"

#include <QCommandLineParser>
#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>

#include <cmath>
#include <limits>

namespace {

struct Fail
{
    QString message;
};

// --tokens' words: a sentence split as the Tokens field splits it, or a JSON list of strings taken as it is (what
// Copy as command line writes for tokens the splitting would change: ["don't", "U.S.", "x-y"]).
QStringList commandLineTokens(const QString &text)
{
    if (text.trimmed().startsWith(QLatin1Char('['))) {
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(text.toUtf8(), &error);
        if (error.error == QJsonParseError::NoError && doc.isArray()) {
            QStringList tokens;
            const QJsonArray list = doc.array();
            for (qsizetype i = 0; i < list.size(); ++i) {
                if (!list[i].isString() || list[i].toString().isEmpty())
                    throw Fail {
                        QStringLiteral("--tokens: item %1 of the JSON list is not a word (a non-empty string)").arg(i)
                    };
                tokens << list[i].toString();
            }
            return tokens;
        }
    }
    return splitTokens(text);
}

// Pictures: at least this many pixels on a side, at most this many in all (about 160 MB as an image).
constexpr int kMinPictureSide = 16;
constexpr double kMaxPicturePixels = 40e6;
// PDF and SVG draw the cells as an image at the page's resolution too, and write it out: fewer.
constexpr double kMaxVectorPoints = 10e6;

long long parseInteger(const QString &name, const QString &value, long long lo, long long hi)
{
    bool ok = false;
    const long long v = value.trimmed().toLongLong(&ok);
    if (!ok)
        throw Fail {
            QStringLiteral("--%1: expected a whole number from %2 to %3, got '%4'").arg(name).arg(lo).arg(hi).arg(value)
        };
    if (v < lo || v > hi)
        throw Fail { QStringLiteral("--%1: must be from %2 to %3 (got %4)").arg(name).arg(lo).arg(hi).arg(v) };
    return v;
}

std::uint64_t parseSeed(const QString &value)
{
    const QString text = value.trimmed();
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
    throw Fail { QStringLiteral("--seed: expected a whole number from -9223372036854775808 to "
                                "18446744073709551615, got '%1'")
                     .arg(value) };
}

QSize parseSize(const QString &text)
{
    static const QRegularExpression re(QStringLiteral("^(\\d{1,9})[xX](\\d{1,9})$"));
    const auto m = re.match(text.trimmed());
    if (!m.hasMatch())
        throw Fail { QStringLiteral("--size: expected WIDTHxHEIGHT in pixels such as 1600x1000, got '%1'").arg(text) };
    const int w = m.captured(1).toInt(), h = m.captured(2).toInt();
    if (w < 1 || h < 1 || w > 20000 || h > 20000)
        throw Fail {
            QStringLiteral("--size: width and height must be from 1 to 20000 pixels (got %1x%2)").arg(w).arg(h)
        };
    return { w, h };
}

double parseNumber(const QString &name, const QString &value, double lo, double hi)
{
    bool ok = false;
    const double v = value.trimmed().toDouble(&ok);
    if (!ok || !std::isfinite(v))
        throw Fail { QStringLiteral("--%1: expected a number, got '%2'").arg(name, value) };
    if (v < lo || v > hi)
        throw Fail { QStringLiteral("--%1: must be from %2 to %3 (got %4)").arg(name).arg(lo).arg(hi).arg(value) };
    return v;
}

// An enum's names as a choice: "a, b, c or d" (core's table).
template <typename E, std::size_t N> QString oneOf(const attn::Named<E> (&table)[N])
{
    QStringList names;
    for (const std::string &n : attn::namesIn(table))
        names << QString::fromStdString(n);
    const QString last = names.takeLast();
    return names.isEmpty() ? last : names.join(QStringLiteral(", ")) + QStringLiteral(" or ") + last;
}

// One setting that takes a value, as the option --name value would set it, through core's editing
// rules (d_v follows d_k and S follows L until given values of their own).
void applySetting(attn::Params &p, const QString &name, const QString &value)
{
    using attn::Limits;
    if (name == "mode") {
        const auto mode = attn::parseMode(value.trimmed().toLower().toStdString());
        if (!mode)
            throw Fail { QStringLiteral("--mode: expected projection or direct, got '%1'").arg(value) };
        attn::setMode(p, *mode);
    } else if (name == "batch") {
        p.batch = int(parseInteger(name, value, 1, Limits::maxBatch));
    } else if (name == "len") {
        attn::setQueryLength(p, int(parseInteger(name, value, 1, Limits::maxLength)));
    } else if (name == "keys") {
        attn::setKeyLength(p, int(parseInteger(name, value, 1, Limits::maxLength)));
    } else if (name == "d-model") {
        p.dModel = int(parseInteger(name, value, 1, Limits::maxDim));
    } else if (name == "d-k") {
        attn::setDk(p, int(parseInteger(name, value, 1, Limits::maxDim)));
    } else if (name == "d-v") {
        attn::setDv(p, int(parseInteger(name, value, 1, Limits::maxDim)));
    } else if (name == "seed") {
        p.seed = parseSeed(value);
    } else if (name == "scale") {
        bool ok = false;
        const double f = value.trimmed().toDouble(&ok);
        if (!ok || !(std::fabs(f) <= attn::Limits::maxScale))
            throw Fail {
                QStringLiteral("--scale: expected a number from -1e6 to 1e6 such as 0.125, got '%1'").arg(value)
            };
        p.scaling = attn::Scaling::Custom;
        p.customScale = f;
    } else if (name == "scaling") {
        const auto scaling = attn::parseScalingOption(value.trimmed().toLower().toStdString());
        if (!scaling)
            throw Fail { QStringLiteral("--scaling: expected %1, got '%2'").arg(oneOf(attn::kScalingOptions), value) };
        p.scaling = *scaling;
    } else if (name == "init") {
        if (value.trimmed().toLower() == QLatin1String("mha"))
            return; // the window's heads: made by buildRequest once the sizes are read
        const auto init = attn::parseInit(value.trimmed().toLower().toStdString());
        if (!init)
            throw Fail { QStringLiteral("--init: expected randn, scaled or linear, got '%1'").arg(value) };
        p.init = *init;
    } else if (name == "sigma") {
        p.sigma = parseNumber(name, value, attn::Limits::minSigma, attn::Limits::maxSigma);
    } else if (name == "softmax-dim") {
        const QString d = value.trimmed();
        if (d != "-1" && d != "-2")
            throw Fail {
                QStringLiteral("--softmax-dim: expected -1 (over keys) or -2 (over queries), got '%1'").arg(value)
            };
        p.softmaxDim = d.toInt();
    } else if (name == "mask") {
        std::string error;
        attn::Params q = p;
        if (!attn::parseMask(value.trimmed().toLower().toStdString(), q, &error))
            throw Fail { QStringLiteral("--mask: %1").arg(QString::fromStdString(error)) };
        attn::normalize(q);
        p = q;
    } else if (name == "mask-fill") {
        const auto fill = attn::parseMaskFill(value.trimmed().toLower().toStdString());
        if (!fill)
            throw Fail { QStringLiteral("--mask-fill: expected -inf (a boolean mask's) or -1e9 (masked_fill(mask, "
                                        "-1e9)), got '%1'")
                             .arg(value) };
        p.maskFill = *fill;
    } else if (name == "mask-convention") {
        const auto convention = attn::parseMaskConvention(value.trimmed().toLower().toStdString());
        if (!convention)
            throw Fail { QStringLiteral("--mask-convention: expected sdpa (True = take part) or mha (True = ignore), "
                                        "got '%1'")
                             .arg(value) };
        p.maskConvention = *convention;
    } else if (name == "batch-index") {
        p.batchIndex = int(parseInteger(name, value, 0, p.batch - 1));
    } else if (name == "score") {
        const auto score = attn::parseScore(value.trimmed().toLower().toStdString());
        if (!score)
            throw Fail { QStringLiteral("--score: expected dot or additive, got '%1'").arg(value) };
        p.score = *score;
    } else if (name == "additive-hidden") {
        p.additiveHidden = int(parseInteger(name, value, 1, Limits::maxHidden));
    }
}

// The settings with values, in the order they are applied (later ones depend on earlier ones).
const QStringList kValued { "mode", "batch", "len", "keys", "d-model", "d-k", "d-v", "seed", "init", "sigma", "scaling",
    "scale", "softmax-dim", "score", "additive-hidden", "mask-fill", "mask-convention", "mask", "batch-index" };

void parseDisplay(const QCommandLineParser &parser, DisplayOptions &d)
{
    if (parser.isSet("show")) {
        const QString s = parser.value("show").trimmed().toLower();
        if (s == "weights")
            d.quantity = attn::Quantity::Weights;
        else if (s == "scores")
            d.quantity = attn::Quantity::Scores;
        else if (s == "logits")
            d.quantity = attn::Quantity::Logits;
        else
            throw Fail {
                QStringLiteral("--show: expected weights, scores or logits, got '%1'").arg(parser.value("show"))
            };
    }
    if (parser.isSet("colormap")) {
        const QString c = parser.value("colormap").trimmed().toLower();
        if (!colorMapNames().contains(c))
            throw Fail { QStringLiteral("--colormap: expected one of %1, got '%2'")
                             .arg(colorMapNames().join(", "), parser.value("colormap")) };
        d.colorMap = c;
    } else if (parser.isSet("show") && d.quantity != attn::Quantity::Weights) {
        d.colorMap = "coolwarm"; // scores and logits are signed: a diverging map by default
    }
    if (parser.isSet("range")) {
        const QString r = parser.value("range").trimmed().toLower();
        if (r != "fixed" && r != "fit")
            throw Fail {
                QStringLiteral("--range: expected fixed (0 to 1) or fit, got '%1'").arg(parser.value("range"))
            };
        d.range = r == "fit" ? DisplayOptions::Range::Fit : DisplayOptions::Range::Fixed01;
    }
    if (parser.isSet("no-cell-values"))
        d.cellValues = false;
    if (parser.isSet("gradient-panels"))
        d.gradientPanels = true;
    if (parser.isSet("no-gradient-panels"))
        d.gradientPanels = false;
}

// The options that need another and the options that cannot go together: one table, checked before anything is
// read, drawn or computed (checkOptionRules). A rule: when `option` is given (and `when` holds, if it is given), each
// of `others` given too is refused with `message`, its %1 that option's name; a requirement: each of `options`
// given without `needs` is refused with `message` (%1: the option).
struct Requirement
{
    std::vector<const char *> options;
    const char *needs;
    const char *message;
};
struct Conflict
{
    const char *option;
    std::vector<const char *> others;
    const char *message;
    bool (*when)(const QCommandLineParser &) = nullptr;
};

bool writesSomething(const QCommandLineParser &parser)
{
    return parser.isSet("dump") || parser.isSet("export");
}

// clang-format off
const Requirement kRequirements[] = {
    { { "step" }, "lesson", "--step: needs --lesson (the step of which lesson?)" },
    { { "load-v" }, "load-q", "--load-v: goes with --load-q and --load-k" },
    { { "trials", "sweep-keys" }, "sweep", "--%1: only applies to --sweep" },
    { { "train-steps", "train-lr", "optimizer", "train-noise", "train-init" }, "train", "--%1: only applies to --train" },
    { { "map" }, "load-weights", "--map: chooses a map of --load-weights; give --load-weights FILE too" },
    { { "trust-scenario-files" }, "scenario", "--trust-scenario-files: only applies to --scenario" },
};
const Conflict kConflicts[] = {
    { "preset", { "scenario" }, "--preset: give either --preset or --scenario, not both" },
    { "step", { "preset", "scenario" }, "--step: the lesson's step gives the starting state; leave out --%1" },
    { "load", { "load-q", "load-k" }, "--load: give either an .npz (--load) or the arrays one by one (--load-q, --load-k), not both" },
    { "load", { "batch", "len", "keys", "d-model", "d-k", "d-v", "cross", "tokens", "positions", "init", "sigma" },
      "--%1: the loaded files fix B, L, S, d_k and d_v and are not drawn; leave out --%1" },
    { "load-q", { "batch", "len", "keys", "d-model", "d-k", "d-v", "cross", "tokens", "positions", "init", "sigma" },
      "--%1: the loaded files fix B, L, S, d_k and d_v and are not drawn; leave out --%1" },
    { "load-k", { "batch", "len", "keys", "d-model", "d-k", "d-v", "cross", "tokens", "positions", "init", "sigma" },
      "--%1: the loaded files fix B, L, S, d_k and d_v and are not drawn; leave out --%1" },
    { "scale", { "no-scale" }, "--scale: cannot be combined with --%1" },
    { "scaling", { "scale", "no-scale" }, "--scaling: cannot be combined with --%1 (both say how to scale)" },
    { "sweep", { "export-compare", "export-series", "screenshot", "lesson", "save-scenario" },
      "--sweep: cannot be combined with --%1" },
    // Written, the sweep is its own experiment: the main window's settings would be silently ignored. (Opening the
    // window, they set the main window.)
    { "sweep", { "mode", "batch", "len", "keys", "cross", "d-k", "d-v", "init", "softmax-dim", "mask", "mask-fill",
                 "mask-convention", "batch-index", "compare", "tokens", "positions", "preset", "scenario", "presentation",
                 "load", "load-q", "load-k", "load-v" },
      "--%1: does not apply to the sweep's numbers or pictures (each trial is one direct-mode query against "
      "--sweep-keys keys at every d_k; the sweep takes --trials, --sweep-keys, --scaling, --seed, --sigma, --d-model "
      "and --score additive with --additive-hidden)", writesSomething },
    { "train", { "sweep", "export-compare", "export-series", "screenshot", "lesson", "save-scenario" },
      "--train: cannot be combined with --%1" },
    { "train", { "mode", "keys", "cross", "init", "sigma", "softmax-dim", "mask", "mask-fill", "mask-convention",
                 "batch-index", "compare", "tokens", "positions", "preset", "scenario", "presentation", "load", "load-q",
                 "load-k", "load-v" },
      "--%1: does not apply to the training runs (they take --d-k, --seed, --batch, --len, --d-model, --d-v, --scaling "
      "and the --train-... options)", writesSomething },
    { "mistake", { "sweep", "train", "compare", "export-compare", "export-series", "export", "lesson" },
      "--mistake: cannot be combined with --%1" },
    { "mistake", { "no-scale", "scale", "scaling", "softmax-dim", "mask-fill" },
      "--%1: --mistake starts both sides from the lecture's line (divided by sqrt(d_k), softmax over the keys) and "
      "changes one thing; leave out --%1" },
    { "load-weights", { "load", "load-q", "load-k", "load-v", "export-compare", "export-series", "save-scenario", "sweep",
                        "train", "mistake", "compare", "lesson", "presentation" },
      "--load-weights: the weights are shown as they are in their own window, written with --dump, drawn with "
      "--export or pictured with --screenshot; leave out --%1" },
    { "print-pytorch", { "dump", "export", "export-compare", "export-series", "screenshot", "save-scenario",
                         "load-weights", "sweep", "train", "mistake", "lesson", "presentation", "compare" },
      "--print-pytorch: prints the settings' PyTorch code and exits; leave out --%1" },
    { "print-command", { "dump", "export", "export-compare", "export-series", "screenshot", "save-scenario",
                         "load-weights", "sweep", "train", "mistake", "lesson", "presentation" },
      "--print-command: prints the settings' command and exits; leave out --%1" },
};
// clang-format on

// A rule's message with the option named where it says %1.
QString ruleMessage(const char *message, const char *option)
{
    const QString m = QString::fromUtf8(message);
    return m.contains(QLatin1String("%1")) ? m.arg(QLatin1String(option)) : m;
}

void checkOptionRules(const QCommandLineParser &parser)
{
    for (const Requirement &r : kRequirements)
        for (const char *option : r.options)
            if (parser.isSet(option) && !parser.isSet(r.needs))
                throw Fail { ruleMessage(r.message, option) };
    for (const Conflict &c : kConflicts) {
        if (!parser.isSet(c.option) || (c.when && !c.when(parser)))
            continue;
        for (const char *other : c.others)
            if (parser.isSet(other))
                throw Fail { ruleMessage(c.message, other) };
    }
}

// A preset, a scenario or a lesson's step gives the starting state, else block 1; the other options change it.
void startingState(const QCommandLineParser &parser, CliRequest &r)
{
    attn::Params &p = r.params;
    // A lesson's step (the first unless --step says) is the starting state, unless a preset or a scenario is.
    const bool fromLesson
        = parser.isSet("step") || (parser.isSet("lesson") && !parser.isSet("preset") && !parser.isSet("scenario"));
    if (parser.isSet("preset") || parser.isSet("scenario") || fromLesson) {
        Scenario base;
        if (fromLesson) {
            // The lesson's step N is the starting state (--dump and the pictures give its numbers).
            QString path = parser.value("lesson");
            if (path == "lecture")
                path = builtInLessonPath();
            QString error;
            const auto lesson = loadLesson(path, &error);
            if (!lesson)
                throw Fail { QStringLiteral("--lesson: %1").arg(error) };
            if (parser.isSet("step"))
                r.lessonStep = int(parseInteger("step", parser.value("step"), 1, int(lesson->steps.size())));
            base = lesson->steps[size_t(r.lessonStep - 1)];
        } else if (parser.isSet("preset")) {
            const Preset *preset = findPreset(parser.value("preset").trimmed());
            if (!preset)
                throw Fail { QStringLiteral("--preset: unknown preset '%1'; the presets are: %2")
                                 .arg(parser.value("preset"), presetNames().join(", ")) };
            base = preset->scenario;
        } else {
            QString error;
            const auto loaded = loadScenario(parser.value("scenario"), &error, parser.isSet("trust-scenario-files"));
            if (!loaded)
                throw Fail { QStringLiteral("--scenario: %1").arg(error) };
            base = *loaded;
            r.classroom = loaded->classroom;
        }
        p = base.params;
        r.display = base.display;
        r.compare = base.compare;
        r.compareDk = base.compareDk;
        r.captionEn = base.captionEn;
        r.captionZh = base.captionZh;
    } else {
        // Without one, the lecture's block 1 (its settings are the defaults) with its caption, which the other
        // options take away when they change what it speaks of.
        const Scenario &block1 = findPreset(QStringLiteral("qkv-basics"))->scenario;
        p = block1.params;
        r.captionEn = block1.captionEn;
        r.captionZh = block1.captionZh;
    }
}

// Where the starting state's setting is changed by the options, say so (the window would clamp).
void checkKept(const QCommandLineParser &parser, const attn::Params &base, const attn::Params &p)
{
    const QString from = parser.isSet("preset") ? QStringLiteral("--preset")
        : parser.isSet("scenario")              ? QStringLiteral("--scenario")
        : parser.isSet("step")                  ? QStringLiteral("--step")
                                                : QStringLiteral("--lesson");
    if (!parser.isSet("mask") && base.mask == attn::MaskKind::Pad
        && (p.padCount != base.padCount || p.padPerBatch != base.padPerBatch))
        throw Fail { QStringLiteral(
            "%1: its mask %2 does not fit the %3 keys and batch of %4 the other options give; add --mask")
                         .arg(from, QString::fromStdString(attn::maskName(base)))
                         .arg(p.keyLength)
                         .arg(p.batch) };
    if (!parser.isSet("mask") && base.mask == attn::MaskKind::Custom && p.customMask != base.customMask)
        throw Fail { QStringLiteral(
            "%1: its custom mask is %2 x %3, but the other options give %4 queries and %5 keys; add --mask")
                         .arg(from)
                         .arg(base.queryLength)
                         .arg(base.keyLength)
                         .arg(p.queryLength)
                         .arg(p.keyLength) };
    if (!parser.isSet("batch-index") && p.batchIndex >= p.batch)
        throw Fail { QStringLiteral(
            "%1: it shows batch element %2, but --batch %3 has no such element; add --batch-index")
                         .arg(from)
                         .arg(base.batchIndex)
                         .arg(p.batch) };
}

// Q, K (and V) from files: --load FILE.npz, or --load-q, --load-k (and --load-v). The files fix the sizes, so
// the options that set them are refused.
void applyLoad(const QCommandLineParser &parser, attn::Params &p)
{
    const bool npz = parser.isSet("load"), separate = parser.isSet("load-q") || parser.isSet("load-k");
    if (p.loaded && !npz && !separate) // a scenario's files
        for (const char *other : { "batch", "len", "keys", "d-model", "d-k", "d-v", "cross", "tokens", "positions",
                 "init", "sigma", "mode" })
            if (parser.isSet(other))
                throw Fail { QStringLiteral("--%1: the scenario's Q, K, V come from files (%2), which fix B, L, S, "
                                            "d_k and d_v; leave out --%1")
                                 .arg(other, QString::fromStdString(p.loaded->source)) };
    if (!npz && !separate)
        return;
    if (separate && !(parser.isSet("load-q") && parser.isSet("load-k")))
        throw Fail { parser.isSet("load-q") ? QStringLiteral("--load-q: needs --load-k too (Q·Kᵀ takes both)")
                                            : QStringLiteral("--load-k: needs --load-q too (Q·Kᵀ takes both)") };
    const QString option = npz ? QStringLiteral("--load") : QStringLiteral("--load-q");
    if (parser.isSet("mode") && parser.value("mode").trimmed().toLower() != QLatin1String("direct"))
        throw Fail { QStringLiteral("--mode: loaded Q, K and V are used as they are (direct); leave out --mode") };
    if (npz && !parser.value("load").toLower().endsWith(QLatin1String(".npz")))
        throw Fail { QStringLiteral("--load: %1: expected an .npz archive (np.savez) with q, k (v, tokens); for one "
                                    "array per file use --load-q, --load-k, --load-v")
                         .arg(parser.value("load")) };
    QString error;
    const auto in = npz ? io::loadInputs(parser.value("load"), {}, {}, &error)
                        : io::loadInputs(parser.value("load-q"), parser.value("load-k"),
                            parser.isSet("load-v") ? parser.value("load-v") : QString(), &error);
    if (!in) {
        // The option whose file is at fault (both are named when they do not fit together).
        QString culprit = option;
        for (const char *o : { "load-k", "load-v" })
            if (!npz && parser.isSet(o) && error.startsWith(parser.value(o) + QLatin1Char(':')))
                culprit = QStringLiteral("--") + o;
        if (!npz && error.startsWith(QLatin1String("v ")))
            culprit = QStringLiteral("--load-v"); // v does not fit q and k
        throw Fail { QStringLiteral("%1: %2").arg(culprit, error) };
    }
    attn::setLoaded(p, in);
}

// --load-weights FILE: weights alone, without Q and K: their row sums and entropy with --dump, or their window.
void parseLoadWeights(const QCommandLineParser &parser, CliRequest &r)
{
    if (!parser.isSet("load-weights"))
        return;
    if (!r.exportPath.isEmpty() && !io::isPicture(r.exportPath))
        throw Fail { QStringLiteral(
            "--export: the weights are drawn as a picture (.png, .jpg, .pdf or .svg), got '%1'; "
            "--dump writes their numbers")
                         .arg(r.exportPath) };
    QString error;
    r.weights = io::loadWeights(parser.value("load-weights"), &error);
    if (!r.weights)
        throw Fail { QStringLiteral("--load-weights: %1").arg(error) };
    if (parser.isSet("map")) {
        // N as the weights window numbers its maps, or LAYER,BATCH,HEAD.
        const attn::LoadedWeights &w = *r.weights;
        const QStringList parts = parser.value("map").split(QLatin1Char(','));
        if (parts.size() == 3) {
            const int layer = int(parseInteger("map (layer)", parts[0], 0, w.layers - 1));
            const int b = int(parseInteger("map (batch)", parts[1], 0, w.batch - 1));
            const int h = int(parseInteger("map (head)", parts[2], 0, w.heads - 1));
            r.weightsMap = (layer * w.batch + b) * w.heads + h;
        } else if (parts.size() == 1)
            r.weightsMap = int(parseInteger("map", parts[0], 0, w.maps() - 1));
        else
            throw Fail { QStringLiteral("--map: expected N or LAYER,BATCH,HEAD, got '%1'").arg(parser.value("map")) };
    }
}

// --print-pytorch, --print-command: the state as code or as a command, on standard output, and nothing else.
void parsePrint(const QCommandLineParser &parser, CliRequest &r)
{
    r.printPytorch = parser.isSet("print-pytorch");
    r.printCommand = parser.isSet("print-command");
}

// The options that change the computation, through core's editing rules.
void applyParams(const QCommandLineParser &parser, CliRequest &r)
{
    attn::Params &p = r.params;
    const attn::Params base = p;
    const bool keysGiven = parser.isSet("keys");
    for (const QString &name : kValued)
        if (parser.isSet(name) && name != "mask" && name != "batch-index")
            applySetting(p, name, parser.value(name));
    if (parser.isSet("cross"))
        attn::setSeparateKeys(p, true);
    if (parser.isSet("tokens")) {
        const QStringList tokens = commandLineTokens(parser.value("tokens"));
        if (tokens.isEmpty())
            throw Fail { QStringLiteral("--tokens: no words in '%1'").arg(parser.value("tokens")) };
        if (tokens.size() > attn::Limits::maxLength)
            throw Fail {
                QStringLiteral("--tokens: at most %1 tokens (got %2)").arg(attn::Limits::maxLength).arg(tokens.size())
            };
        if ((keysGiven && parser.value("keys").toInt() != tokens.size())
            || (parser.isSet("len") && parser.value("len").toInt() != tokens.size()))
            throw Fail { QStringLiteral("--tokens: %1 tokens make %1 queries and keys; leave out --len and --keys")
                             .arg(tokens.size()) };
        if (parser.isSet("cross") && p.mode == attn::Mode::Projection)
            throw Fail { QStringLiteral("--tokens: tokens are for self-attention; leave out --cross") };
        attn::setSeparateKeys(p, false);
        attn::setQueryLength(p, int(tokens.size()));
        p.tokens = toStdTokens(tokens);
    }
    if (parser.isSet("positions")) {
        if (p.tokens.empty() || p.mode != attn::Mode::Projection)
            throw Fail { QStringLiteral(
                "--positions: adds position encodings to token embeddings; needs --tokens in projection mode") };
        p.positions = true;
    }
    applyLoad(parser, p);
    if (p.loaded) { // the files fix d_k and the lengths: a comparison or series over them would show one picture
        if (parser.isSet("compare") && parser.value("compare").trimmed().toLower().startsWith(QLatin1String("d-k")))
            throw Fail { QStringLiteral("--compare: loaded Q and K fix d_k (%1); compare scaling, softmax-dim, "
                                        "score or mask-fill instead")
                             .arg(p.dK) };
        const QString series = parser.value("export-series").section(QLatin1Char('='), 0, 0).trimmed().toLower();
        if (parser.isSet("export-series")
            && QStringList { "d-k", "len", "keys", "d-model", "d-v", "sigma", "init", "seed" }.contains(series))
            throw Fail {
                QStringLiteral("--export-series: loaded Q, K, V fix %1: every picture would be the same").arg(series)
            };
    }
    // The mask and the batch element depend on the final key length and batch size (the element of
    // nn.MultiheadAttention's B·h heads: parseWindowHeads).
    const bool heads = parser.isSet("init") && parser.value("init").trimmed().toLower() == QLatin1String("mha");
    for (const QString &name : { QStringLiteral("mask"), QStringLiteral("batch-index") })
        if (parser.isSet(name) && !(heads && name == QLatin1String("batch-index")))
            applySetting(p, name, parser.value(name));
    if (parser.isSet("cross") && p.mode == attn::Mode::Direct)
        throw Fail { QStringLiteral(
            "--cross: only applies to --mode projection (in direct mode K and V are drawn directly)") };
    if (parser.isSet("init") && p.mode != attn::Mode::Projection)
        throw Fail { QStringLiteral(
            "--init: only applies to --mode projection (in direct mode Q, K and V are drawn without weights)") };
    if (parser.isSet("no-scale"))
        p.scaling = attn::Scaling::None;
    // Additive scores are not scaled: a scaling given with them would be silently ignored (a sweep scales its
    // scaled side and adds the additive one).
    if (p.score == attn::Score::Additive && !parser.isSet("sweep"))
        for (const char *other : { "no-scale", "scale", "scaling" })
            if (parser.isSet(other))
                throw Fail {
                    QStringLiteral("--%1: additive scores are not scaled; leave it out (or use --score dot)").arg(other)
                };
    if (p.score == attn::Score::Additive && parser.isSet("compare")
        && parser.value("compare").trimmed().toLower() == QStringLiteral("scaling"))
        throw Fail { QStringLiteral("--compare: additive scores are not scaled, so scaled and not scaled would be the "
                                    "same; use --compare score") };
    if (p.score == attn::Score::Additive && parser.isSet("export-compare")
        && parser.value("export-compare").trimmed().toLower() == QStringLiteral("scaling"))
        throw Fail { QStringLiteral("--export-compare: additive scores are not scaled, so scaled and not scaled would "
                                    "be the same") };
    if (parser.isSet("additive-hidden") && p.score != attn::Score::Additive)
        throw Fail { QStringLiteral("--additive-hidden: only applies to --score additive") };
    for (const QString &name : kValued
            + QStringList { "cross", "no-scale", "preset", "scenario", "step", "tokens", "positions", "load", "load-q",
                "load-k", "load-v" })
        r.paramsGiven |= parser.isSet(name);
    checkKept(parser, base, p);
    // A preset's (scenario's) caption speaks of its own settings: changed by the options, it would
    // contradict the screen ("query 0 puts 0.9977 on key 2" under a mask that hides key 2), so it goes.
    if (p != base) {
        r.captionEn.clear();
        r.captionZh.clear();
    }
}

void parsePictureSize(const QCommandLineParser &parser, CliRequest &r);
void parseWindowAndPictureOptions(const QCommandLineParser &parser, CliRequest &r);

// What to write, and how the window starts.
void parseOutputs(const QCommandLineParser &parser, CliRequest &r)
{
    // --export-compare and --export-series take their file or folder as the one positional argument.
    QStringList positional = parser.positionalArguments();
    const bool compare = parser.isSet("export-compare"), series = parser.isSet("export-series");
    if (compare && series)
        throw Fail { QStringLiteral("--export-compare: give --export-compare and --export-series in separate runs") };
    if (compare || series) {
        const QString option = compare ? "--export-compare" : "--export-series";
        if (positional.size() != 1)
            throw Fail { QStringLiteral("%1: expected %2 after its value")
                             .arg(option, compare ? "one output FILE" : "one output DIR") };
    } else if (!positional.isEmpty()) {
        throw Fail {
            QStringLiteral("unexpected argument '%1' (options start with --; see --help)").arg(positional.first())
        };
    }
    if (parser.isSet("dump")) {
        r.dumpPath = parser.value("dump");
        if (r.dumpPath.isEmpty())
            throw Fail { QStringLiteral("--dump: expected a file name or - for standard output") };
    }
    if (parser.isSet("screenshot")) {
        r.screenshotPath = parser.value("screenshot");
        if (io::suffixOf(r.screenshotPath) != "png")
            throw Fail {
                QStringLiteral("--screenshot: the file name must end in .png, got '%1'").arg(r.screenshotPath)
            };
    }
    const QStringList known = io::pictureSuffixes() + io::matrixSuffixes();
    if (parser.isSet("export")) {
        r.exportPath = parser.value("export");
        if (!known.contains(io::suffixOf(r.exportPath)))
            throw Fail { QStringLiteral(
                "--export: unknown format '%1' (use .png, .jpg, .pdf, .svg, .csv, .npy or .json)")
                             .arg(r.exportPath) };
    }
    if (compare) {
        const QString kind = parser.value("export-compare").trimmed().toLower();
        if (kind != "scaling" && kind != "softmax-dim")
            throw Fail { QStringLiteral("--export-compare: expected scaling or softmax-dim, got '%1'")
                             .arg(parser.value("export-compare")) };
        r.compareSoftmaxDim = kind == "softmax-dim";
        r.comparePath = positional.first();
        if (!io::isPicture(r.comparePath))
            throw Fail { QStringLiteral("--export-compare: unknown image format '%1' (use .png, .jpg, .pdf or .svg)")
                             .arg(r.comparePath) };
    }
    if (parser.isSet("format")) {
        r.format = parser.value("format").trimmed().toLower();
        if (!io::seriesFormats().contains(r.format))
            throw Fail {
                QStringLiteral("--format: expected png, jpg, pdf or svg, got '%1'").arg(parser.value("format"))
            };
    }
    parsePictureSize(parser, r);
    parseWindowAndPictureOptions(parser, r);
}

// --size and --pixel-ratio: checked before anything is drawn (a picture is made whole in memory, vectors too: the
// cells are an image).
void parsePictureSize(const QCommandLineParser &parser, CliRequest &r)
{
    if (parser.isSet("size"))
        r.size = parseSize(parser.value("size"));
    if (parser.isSet("pixel-ratio")) {
        r.pixelRatio = parseNumber("pixel-ratio", parser.value("pixel-ratio"), 0.25, 8.0);
        const QSize s = r.size.isValid() ? r.size : QSize(1200, 900);
        if (s.width() * r.pixelRatio > 20000 || s.height() * r.pixelRatio > 20000)
            throw Fail { QStringLiteral("--pixel-ratio: %1 × %2 pixels is larger than 20000 pixels on a side")
                             .arg(std::lround(s.width() * r.pixelRatio))
                             .arg(std::lround(s.height() * r.pixelRatio)) };
    }
    if (r.size.isValid() || parser.isSet("pixel-ratio")) {
        // Checked before anything is drawn: a picture is made whole in memory (vectors too: the cells are an image).
        const QSize s = r.size.isValid() ? r.size : QSize(1200, 900);
        const double w = s.width() * r.pixelRatio, h = s.height() * r.pixelRatio;
        const QString option = parser.isSet("pixel-ratio") ? "--pixel-ratio" : "--size";
        if (std::lround(w) < kMinPictureSide || std::lround(h) < kMinPictureSide)
            throw Fail { QStringLiteral("%1: %2 × %3 pixels is smaller than %4 pixels on a side")
                             .arg(option)
                             .arg(std::lround(w))
                             .arg(std::lround(h))
                             .arg(kMinPictureSide) };
        const bool vector = io::isVector(r.exportPath) || io::isVector(r.comparePath)
            || (parser.isSet("export-series") && io::vectorSuffixes().contains(r.format));
        if (vector && w * h > kMaxVectorPoints)
            throw Fail { QStringLiteral("%1: %2 × %3 points is more than %4 million points in all for PDF and SVG")
                             .arg(option)
                             .arg(s.width())
                             .arg(s.height())
                             .arg(kMaxVectorPoints / 1e6) };
        if (w * h > kMaxPicturePixels)
            throw Fail { QStringLiteral("%1: %2 × %3 is more than %4 million pixels in all")
                             .arg(option)
                             .arg(std::lround(w))
                             .arg(std::lround(h))
                             .arg(kMaxPicturePixels / 1e6) };
    }
    r.transparent = parser.isSet("transparent");
}

// The pictures' panels and title, the comparison, the lesson, the scenario to write, the language and colours.
void parseWindowAndPictureOptions(const QCommandLineParser &parser, CliRequest &r)
{
    if (parser.isSet("panels") && parser.isSet("no-panels"))
        throw Fail { QStringLiteral("--panels: cannot be combined with --no-panels") };
    r.panels = !parser.isSet("no-panels");
    r.noTitle = parser.isSet("no-title");
    if (parser.isSet("title"))
        r.title = parser.value("title");
    if (parser.isSet("compare")) {
        const CompareKind before = r.compare;
        const int beforeDk = r.compareDk;
        const QString c = parser.value("compare").trimmed().toLower();
        if (const auto named = compareFromName(c); named && *named != CompareKind::Dk)
            r.compare = *named;
        else if (c.startsWith("d-k:")) {
            r.compare = CompareKind::Dk;
            r.compareDk = int(parseInteger("compare", c.mid(4), 1, attn::Limits::maxDim));
        } else
            throw Fail { QStringLiteral(
                "--compare: expected none, scaling, softmax-dim, score, mask-fill, sdpa or d-k:N, got '%1'")
                             .arg(parser.value("compare")) };
        // another comparison than the preset's: its caption no longer speaks of the screen
        if (r.compare != before || (r.compare == CompareKind::Dk && r.compareDk != beforeDk)) {
            r.captionEn.clear();
            r.captionZh.clear();
        }
    }
    if (parser.isSet("lesson")) {
        r.lessonPath = parser.value("lesson");
        if (r.lessonPath == "lecture")
            r.lessonPath = builtInLessonPath();
        QString error;
        if (!loadLesson(r.lessonPath, &error))
            throw Fail { QStringLiteral("--lesson: %1").arg(error) };
    }
    r.presentation = parser.isSet("presentation") || (r.classroom && r.classroom->presentation);
    if (parser.isSet("save-scenario")) {
        r.saveScenarioPath = parser.value("save-scenario");
        if (r.saveScenarioPath.isEmpty())
            throw Fail { QStringLiteral("--save-scenario: expected a file name") };
    }
    if (parser.isSet("lang")) {
        r.language = parser.value("lang").trimmed().toLower();
        if (r.language != "en" && r.language != "zh")
            throw Fail { QStringLiteral("--lang: expected en or zh, got '%1'").arg(parser.value("lang")) };
    } else if (r.classroom) {
        r.language = r.classroom->language; // the demo's
    }
    if (parser.isSet("theme")) {
        r.theme = parser.value("theme").trimmed().toLower();
        if (r.theme != "system" && r.theme != "light" && r.theme != "dark")
            throw Fail {
                QStringLiteral("--theme: expected system, light or dark, got '%1'").arg(parser.value("theme"))
            };
    }
}

QString validationMessage(const attn::ValidationError &e)
{
    QString message = QString::fromStdString(e.message);
    if (e.field == "memory" || e.field == "work") // no single option is to blame
        return message;
    return QStringLiteral("--%1: %2").arg(QString::fromStdString(e.field), message);
}

// --export-series NAME=V1,V2,... DIR: every value checked before anything is written.
void parseSeries(const QCommandLineParser &parser, CliRequest &r, std::uint64_t memoryBudget)
{
    const attn::Params &p = r.params;
    {
        const QString spec = parser.value("export-series");
        const qsizetype eq = spec.indexOf('=');
        r.seriesName = spec.left(eq).trimmed().toLower();
        if (eq < 0 || !seriesParameterNames().contains(r.seriesName))
            throw Fail { QStringLiteral("--export-series: expected NAME=V1,V2,... with NAME one of %1, got '%2'")
                             .arg(seriesParameterNames().join(", "), spec) };
        if (spec.mid(eq + 1).trimmed().isEmpty())
            throw Fail { QStringLiteral("--export-series: no values after '%1='").arg(r.seriesName) };
        const QStringList values = spec.mid(eq + 1).split(',');
        for (int i = 0; i < values.size(); ++i) {
            if (values[i].trimmed().isEmpty())
                throw Fail { QStringLiteral("--export-series: value %1 of '%2' is empty").arg(i + 1).arg(spec) };
            r.seriesValues << values[i].trimmed();
        }
        r.seriesDir = parser.positionalArguments().first();
        if (r.seriesDir.trimmed().isEmpty())
            throw Fail { QStringLiteral("--export-series: the output folder name is empty") };
        for (const QString &v : r.seriesValues) {
            attn::Params q = p;
            try {
                applySetting(q, r.seriesName, v);
            } catch (const Fail &f) {
                throw Fail { QStringLiteral("--export-series: value '%1': %2").arg(v, f.message) };
            }
            // The window clamps a padding mask to the keys there are; a series says so instead.
            if (p.mask == attn::MaskKind::Pad && q.mask == attn::MaskKind::Pad && q.padCount != p.padCount
                && r.seriesName != "mask" && p.padPerBatch.empty())
                throw Fail { QStringLiteral(
                    "--export-series: value '%1': the mask pad:%2 masks more keys than the %3 there are")
                                 .arg(v)
                                 .arg(p.padCount)
                                 .arg(q.keyLength) };
            if (auto e = attn::validate(q, memoryBudget))
                throw Fail { QStringLiteral("--export-series: value '%1': %2").arg(v, validationMessage(*e)) };
            r.seriesParams.push_back(q);
        }
    }
}

// A sweep's or a training's --export: a picture or the numbers.
void checkRunExport(const CliRequest &r, const char *run)
{
    if (!r.exportPath.isEmpty()
        && !(io::pictureSuffixes() + io::runDataSuffixes()).contains(io::suffixOf(r.exportPath)))
        throw Fail { QStringLiteral(
            "--export: with %1, a picture (.png, .jpg, .pdf, .svg) or the numbers (.csv, .json), "
            "got '%2'")
                         .arg(QLatin1String(run), r.exportPath) };
}

// --sweep d-k=VALUES with --trials, --sweep-keys, and the scaling, seed, sigma and d_model given.
void parseSweep(const QCommandLineParser &parser, CliRequest &r)
{
    if (!parser.isSet("sweep"))
        return;
    const QString value = parser.value("sweep").trimmed();
    if (!value.startsWith("d-k="))
        throw Fail { QStringLiteral("--sweep: expected d-k=FIRST..LAST (powers of two) or d-k=1,4,16, got '%1'")
                         .arg(parser.value("sweep")) };
    attn::SweepSettings s;
    std::string error;
    const auto dks = attn::parseSweepValues(value.mid(4).toStdString(), &error);
    if (!dks)
        throw Fail { QStringLiteral("--sweep: %1").arg(QString::fromStdString(error)) };
    s.dks = *dks;
    if (parser.isSet("trials"))
        s.trials = int(parseInteger("trials", parser.value("trials"), 1, attn::SweepLimits::maxTrials));
    if (parser.isSet("sweep-keys"))
        s.keys = int(parseInteger("sweep-keys", parser.value("sweep-keys"), 2, attn::SweepLimits::maxKeys));
    s.seed = r.params.seed;
    s.sigma = r.params.sigma;
    if (r.params.score == attn::Score::Additive)
        s.additiveHidden = r.params.additiveHidden;
    // ÷√d_model: the given d_model, else at least the largest d_k (a head is never wider than the model).
    s.dModel = parser.isSet("d-model") ? r.params.dModel : std::max(r.params.dModel, s.dks.back());
    if (parser.isSet("no-scale"))
        throw Fail { QStringLiteral("--no-scale: the sweep draws both sides, scaled and not; --scaling chooses how "
                                    "the scaled side is scaled") };
    if (parser.isSet("scaling") || parser.isSet("scale")) {
        s.scaling = r.params.scaling;
        s.customScale = r.params.customScale;
    }
    if (auto e = attn::validateSweep(s))
        throw Fail { QStringLiteral("--sweep: %1").arg(QString::fromStdString(*e)) };
    checkRunExport(r, "--sweep");
    r.sweep = s;
}

// --train with --train-steps, --train-lr, --optimizer, --train-noise, --train-init and the d_k, seed,
// batch, length, widths and scaling given.
void parseTrain(const QCommandLineParser &parser, CliRequest &r)
{
    if (!parser.isSet("train"))
        return;
    if (r.params.score == attn::Score::Additive)
        throw Fail { QStringLiteral("--score: the training runs use the dot product, scaled and not; leave out --score "
                                    "additive") };
    if (parser.isSet("no-scale"))
        throw Fail { QStringLiteral("--no-scale: --train runs both, scaled and not; --scaling chooses how the "
                                    "scaled run is scaled") };
    attn::TrainSettings s;
    const attn::Params &p = r.params;
    if (parser.isSet("d-k"))
        s.dK = p.dK;
    s.seed = p.seed;
    if (parser.isSet("batch"))
        s.batch = p.batch;
    if (parser.isSet("len"))
        s.length = p.queryLength;
    if (parser.isSet("d-model"))
        s.dModel = p.dModel;
    if (parser.isSet("d-v"))
        s.dV = p.dV;
    if (parser.isSet("scaling") || parser.isSet("scale")) {
        s.scaling = p.scaling;
        s.customScale = p.customScale;
    }
    if (parser.isSet("optimizer")) {
        const auto o = attn::parseOptimizer(parser.value("optimizer").trimmed().toStdString());
        if (!o)
            throw Fail { QStringLiteral("--optimizer: expected sgd or adam, got '%1'").arg(parser.value("optimizer")) };
        s.optimizer = *o;
    }
    s.learningRate = attn::defaultLearningRate(s.optimizer);
    if (parser.isSet("train-lr")) {
        s.learningRate = parseNumber("train-lr", parser.value("train-lr"), 0, attn::TrainLimits::maxLearningRate);
        if (s.learningRate <= 0)
            throw Fail { QStringLiteral("--train-lr: must be more than 0 (got %1)").arg(parser.value("train-lr")) };
    }
    if (parser.isSet("train-steps"))
        s.steps = int(parseInteger("train-steps", parser.value("train-steps"), 1, attn::TrainLimits::maxSteps));
    if (parser.isSet("train-noise"))
        s.noise = parseNumber("train-noise", parser.value("train-noise"), 0, attn::TrainLimits::maxNoise);
    if (parser.isSet("train-init")) {
        const auto i = attn::parseTrainInit(parser.value("train-init").trimmed().toStdString());
        if (!i)
            throw Fail {
                QStringLiteral("--train-init: expected normal or randn, got '%1'").arg(parser.value("train-init"))
            };
        s.init = *i;
    }
    if (auto e = attn::validateTraining(s)) {
        // Core names its field; the message names the option that set it.
        QString message = QString::fromStdString(*e);
        const std::pair<const char *, const char *> options[] = { { "d_k:", "--d-k:" }, { "steps:", "--train-steps:" },
            { "batch:", "--batch:" }, { "length:", "--len:" }, { "d_model:", "--d-model:" }, { "d_v:", "--d-v:" },
            { "learning rate:", "--train-lr:" }, { "noise:", "--train-noise:" }, { "scale:", "--scale:" } };
        for (const auto &[field, option] : options)
            if (message.startsWith(QLatin1String(field)))
                throw Fail { QLatin1String(option) + message.mid(int(qstrlen(field))) };
        throw Fail { QStringLiteral("--train: %1").arg(message) };
    }
    checkRunExport(r, "--train");
    r.train = s;
}

// --mistake NAME: the lecture's mistake beside the right line, from the settings' Q, K and V.
void parseMistakeOption(const QCommandLineParser &parser, CliRequest &r)
{
    if (!parser.isSet("mistake"))
        return;
    const auto m = attn::parseMistake(parser.value("mistake").trimmed().toLower().toStdString());
    if (!m)
        throw Fail { QStringLiteral("--mistake: expected no-scale, softmax-dim, mha-mask-in-sdpa, transpose-0-1 or "
                                    "transpose-q, got '%1'")
                         .arg(parser.value("mistake")) };
    // Both sides start from the lecture's line; the mistake changes one thing.
    if (r.params.score == attn::Score::Additive)
        throw Fail { QStringLiteral(
            "--score: the lecture's mistakes are the dot product's; leave out --score additive") };
    if (parser.isSet("mask")) {
        if (*m != attn::Mistake::MhaMaskInSdpa)
            throw Fail { QStringLiteral("--mask: with --mistake, only mha-mask-in-sdpa takes a mask (its padding, "
                                        "pad:N)") };
        if (r.params.mask != attn::MaskKind::Pad || r.params.padCount < 1 || !r.params.padPerBatch.empty())
            throw Fail { QStringLiteral("--mask: with --mistake mha-mask-in-sdpa, the padding is pad:N with N from 1 "
                                        "to the number of keys (got '%1')")
                             .arg(parser.value("mask")) };
    }
    r.mistake = m;
}

// --init mha: nn.MultiheadAttention(d_model, h, bias=False, batch_first=True) from --batch, --len, --d-model,
// --heads, --seed and --mask, written with --dump (the window does not show it yet). True when it was asked for.
bool parseMultihead(const QCommandLineParser &parser, CliRequest &r)
{
    const bool mha = parser.isSet("init") && parser.value("init").trimmed().toLower() == QLatin1String("mha");
    if (!mha) {
        if (parser.isSet("heads"))
            throw Fail { QStringLiteral("--heads: goes with --init mha (nn.MultiheadAttention's weights and X), e.g. "
                                        "--init mha --heads 8 --d-model 512 --dump FILE") };
        return false;
    }
    if (parser.isSet("mode") && parser.value("mode").trimmed().toLower() != QLatin1String("projection"))
        throw Fail { QStringLiteral("--mode: --init mha projects X, as nn.MultiheadAttention does: leave out --mode") };
    if (!parser.isSet("dump"))
        return false; // the window shows the heads (buildRequest)
    static const QStringList taken { "init", "heads", "batch", "len", "d-model", "d-k", "d-v", "seed", "mask", "dump",
        "lang", "mode" };
    for (const QString &name : parser.optionNames())
        if (!taken.contains(name))
            throw Fail { QStringLiteral("--%1: does not apply to --init mha (it takes --batch, --len, --d-model, "
                                        "--heads, --seed, --mask none|causal|pad:N and --dump)")
                             .arg(name) };
    attn::MultiheadSettings s;
    s.batch = parser.isSet("batch") ? int(parseInteger("batch", parser.value("batch"), 1, attn::Limits::maxBatch))
                                    : attn::Params().batch;
    s.length = parser.isSet("len") ? int(parseInteger("len", parser.value("len"), 1, attn::Limits::maxLength))
                                   : attn::Params().queryLength;
    s.dModel = parser.isSet("d-model") ? int(parseInteger("d-model", parser.value("d-model"), 1, attn::Limits::maxDim))
                                       : attn::Params().dModel;
    s.heads = parser.isSet("heads") ? int(parseInteger("heads", parser.value("heads"), 1, s.dModel)) : 1;
    if (parser.isSet("seed"))
        s.seed = parseSeed(parser.value("seed"));
    if (parser.isSet("mask")) {
        attn::Params q;
        q.queryLength = q.keyLength = s.length;
        std::string error;
        if (!attn::parseMask(parser.value("mask").trimmed().toLower().toStdString(), q, &error))
            throw Fail { QStringLiteral("--mask: %1").arg(QString::fromStdString(error)) };
        if (q.mask == attn::MaskKind::Causal)
            s.mask = attn::MultiheadMask::Causal;
        else if (q.mask == attn::MaskKind::Pad && q.padPerBatch.empty()) {
            s.mask = attn::MultiheadMask::KeyPadding;
            s.padKeys = q.padCount;
        } else if (q.mask != attn::MaskKind::None)
            throw Fail { QStringLiteral("--mask: with --init mha, none, causal (attn_mask) or pad:N (key_padding_mask, "
                                        "the last N keys of every batch element), got '%1'")
                             .arg(parser.value("mask")) };
    }
    if (const std::string problem = attn::multiheadProblem(s); !problem.empty())
        throw Fail { QStringLiteral("--%1: %2")
                         .arg(s.mask == attn::MultiheadMask::KeyPadding && s.padKeys >= s.length ? "mask" : "heads",
                             QString::fromStdString(problem)) };
    for (const char *width : { "d-k", "d-v" })
        if (parser.isSet(width)
            && parseInteger(width, parser.value(width), 1, attn::Limits::maxDim) != s.dModel / s.heads)
            throw Fail { QStringLiteral("--%1: nn.MultiheadAttention's heads have d_k = d_v = d_model / h = %2; "
                                        "leave out --%1 or give %2")
                             .arg(width)
                             .arg(s.dModel / s.heads) };
    if (attn::estimatedMultiheadJsonBytes(s) > attn::kMaxJsonBytes)
        throw Fail { QStringLiteral("--dump: these sizes would write about %1 MiB of JSON, more than the %2 MiB "
                                    "allowed; reduce --batch, --len or --d-model")
                         .arg(attn::estimatedMultiheadJsonBytes(s) >> 20)
                         .arg(attn::kMaxJsonBytes >> 20) };
    r.multihead = s;
    r.dumpPath = parser.value("dump");
    r.paramsGiven = true;
    return true;
}

// --init mha --heads h without --dump: the window shows the h heads of nn.MultiheadAttention(d_model, h) drawn from
// --batch, --len, --d-model and --seed, with the other settings (scaling, mask, softmax dim) applied to every head.
void parseWindowHeads(const QCommandLineParser &parser, CliRequest &r, std::uint64_t memoryBudget)
{
    if (!parser.isSet("init") || parser.value("init").trimmed().toLower() != QLatin1String("mha"))
        return;
    for (const char *name : { "load", "load-q", "load-k", "load-v", "tokens", "keys", "cross", "sigma", "score" })
        if (parser.isSet(name))
            throw Fail { QStringLiteral("--%1: does not apply to --init mha (its heads project X = torch.randn(B, L, "
                                        "d_model); it takes --batch, --len, --d-model, --heads and --seed)")
                             .arg(name) };
    attn::MultiheadSettings s;
    s.batch = r.params.batch;
    s.length = r.params.queryLength;
    s.dModel = r.params.dModel;
    s.seed = r.params.seed;
    s.heads = parser.isSet("heads") ? int(parseInteger("heads", parser.value("heads"), 1, s.dModel)) : 1;
    if (const std::string problem = attn::multiheadProblem(s); !problem.empty())
        throw Fail { QStringLiteral("--heads: %1").arg(QString::fromStdString(problem)) };
    for (const auto &[width, given] : { std::pair { "d-k", r.params.dK }, std::pair { "d-v", r.params.dV } })
        if (parser.isSet(width) && given != s.dModel / s.heads)
            throw Fail { QStringLiteral("--%1: nn.MultiheadAttention's heads have d_k = d_v = d_model / h = %2; "
                                        "leave out --%1 or give %2")
                             .arg(width)
                             .arg(s.dModel / s.heads) };
    if (attn::multiheadDrawBytes(s) > memoryBudget)
        throw Fail { QStringLiteral("--len: nn.MultiheadAttention(%1, %2) over %3 x %4 tokens needs about %5 MiB, more "
                                    "than the %6 MiB allowed on this machine; reduce --len or --d-model")
                         .arg(s.dModel)
                         .arg(s.heads)
                         .arg(s.batch)
                         .arg(s.length)
                         .arg(attn::multiheadDrawBytes(s) >> 20)
                         .arg(memoryBudget >> 20) };
    r.params = attn::multiheadParams(r.params, s);
    if (parser.isSet("batch-index")) // one of the B·h heads: batch b, head i is b·h + i
        applySetting(r.params, QStringLiteral("batch-index"), parser.value("batch-index"));
}

CliRequest buildRequest(const QCommandLineParser &parser, std::uint64_t memoryBudget)
{
    CliRequest r;
    if (parseMultihead(parser, r))
        return r;
    checkOptionRules(parser);
    startingState(parser, r);
    applyParams(parser, r);
    parseWindowHeads(parser, r, memoryBudget);
    parseDisplay(parser, r.display);
    parseOutputs(parser, r);
    if (auto e = attn::validate(r.params, memoryBudget))
        throw Fail { validationMessage(*e) };
    if (parser.isSet("export-series"))
        parseSeries(parser, r, memoryBudget);
    parseSweep(parser, r);
    parseTrain(parser, r);
    parseMistakeOption(parser, r);
    parseLoadWeights(parser, r);
    parsePrint(parser, r);
    return r;
}

// Every option: its name, what --help says of it, and the name of its value (none: a switch).
struct OptionSpec
{
    const char *name;
    const char *help;
    const char *value = nullptr;
};

// clang-format off
const OptionSpec kOptionSpecs[] = {
        { "mode",
            "projection (default): Q = X·W_q, K = Y·W_k, V = Y·W_v (Y = X unless cross-attention); "
            "direct: Q, K, V drawn directly.",
            "projection|direct" },
        { "batch", "Batch size B (default 2, as in the lecture's block 1).", "B" },
        { "len", "Number of queries L (default 5).", "L" },
        { "keys", "Number of keys S (default L); in projection mode S != L means cross-attention.", "S" },
        { "cross", "Projection mode: keys and values from a second sequence Y even when S == L." },
        { "d-model", "Model width (default 8).", "N" },
        { "d-k", "Query and key width (default 4).", "N" },
        { "d-v", "Value width (default d_k).", "N" },
        { "seed", "torch.manual_seed(N) before drawing (default 0).", "N" },
        { "no-scale", "Do not divide the scores by sqrt(d_k)." },
        { "scale", "Multiply the scores by F instead of 1/sqrt(d_k).", "F" },
        { "scaling",
            "How the scores are scaled: sqrt-d-k (default, divide by sqrt(d_k)), none, d-k (divide by d_k), "
            "sqrt-d-model (by sqrt(d_model): the multi-head mistake), quarter-each (q and k each times d_k^-1/4: "
            "the same as sqrt-d-k).",
            "NAME" },
        { "init",
            "Projection mode: how W_q, W_k, W_v are drawn: randn (default, the lecture's), scaled (randn / "
            "sqrt(d_model)), linear (as nn.Linear(d_model, d, bias=False) initialises its weight), or mha: "
            "nn.MultiheadAttention's own weights and forward pass (with --heads and --dump).",
            "randn|scaled|linear|mha" },
        { "sigma", "Scale of the inputs: X = sigma * randn (projection), Q and K = sigma * randn (direct); default 1.",
            "F" },
        { "softmax-dim", "-1 (default): over keys, each row sums to 1; -2: over queries (the lecture's mistake).",
            "-1|-2" },
        { "score",
            "How a query and a key are scored: dot (default, the scaled dot product) or additive (Bahdanau: "
            "v·tanh(q·W_1 + k·W_2), not scaled; W_1, W_2 = randn(d_k, H), v = randn(H) drawn after everything else).",
            "dot|additive" },
        { "additive-hidden", "With --score additive: the hidden units H (default 8).", "H" },
        { "mask",
            "none (default); causal: query i sees keys j <= i; pad:N masks the last N keys of every batch element, "
            "pad:N1,N2,... of each (one count per element); custom:ROWS any pattern, ROWS the L rows of S cells "
            "joined by '/', '.' looks and 'x' masked (e.g. custom:.xx/..x/...).",
            "none|causal|pad:N|custom:ROWS" },
        { "mask-fill",
            "What a masked logit becomes: -inf (default; a boolean mask) or -1e9 (masked_fill(mask, -1e9)): the "
            "same unless a query sees no key, then -inf gives NaN in PyTorch (0 here) and -1e9 uniform weights.",
            "-inf|-1e9" },
        { "mask-convention",
            "How the boolean mask is shown and dumped (attn_mask): sdpa (default; F.scaled_dot_product_attention, "
            "True = take part) or mha (nn.MultiheadAttention, True = ignore).",
            "sdpa|mha" },
        { "batch-index", "Which batch element the window and images show (default 0).", "b" },
        { "heads",
            "With --init mha: nn.MultiheadAttention(d_model, h, bias=False, batch_first=True), h heads of d_k = "
            "d_model / h (default 1), shown in the window (View > Heads shows them all) or written with --dump.",
            "h" },
        { "load",
            "Q, K (and V, tokens) from an .npz archive (np.savez(FILE, q=..., k=..., v=..., tokens=...)) in place of "
            "random draws; shapes (L, d), (B, L, d) or (B, H, L, d).",
            "FILE.npz" },
        { "load-q", "Q from a .npy, .csv, .tsv or .txt file (with --load-k).", "FILE" },
        { "load-k", "K from a .npy, .csv, .tsv or .txt file (with --load-q).", "FILE" },
        { "load-v", "V from a file (default: V = K).", "FILE" },
        { "map",
            "With --load-weights: the map to draw or show first, N as the weights window numbers them "
            "(layer·B·H + b·H + h) or LAYER,BATCH,HEAD (default 0).",
            "N|L,B,H" },
        { "print-pytorch",
            "Print a runnable PyTorch script that draws the same tensors and prints the same weights, and exit." },
        { "print-command", "Print the attention-viz command line that reopens these settings (and --compare), and exit." },
        { "load-weights",
            "Attention weights alone, shown as they are in their own window (their row sums and entropy with "
            "--dump, a map drawn with --export): .npy, .csv, or an .npz's attn or weights; (L, S), (B, L, S), (B, H, "
            "L, S) or (layers, B, H, L, "
            "S).",
            "FILE" },
        { "show", "What the heatmap shows: weights (default), scores (raw Q·Kᵀ) or logits (scaled).",
            "weights|scores|logits" },
        { "colormap", "viridis (default for weights), cividis, magma, grayscale or coolwarm (default for scores).",
            "NAME" },
        { "range", "Colour range of weights: fixed (0 to 1, default) or fit (to the data).", "fixed|fit" },
        { "no-cell-values", "Do not write values into the cells of small matrices." },
        { "gradient-panels", "Show the softmax gradient panels (each row's Jacobian norm) beside the entropy." },
        { "no-gradient-panels", "Hide them (a preset or scenario may show them)." },
        { "dump", "Write every tensor and statistic as JSON to FILE (- for standard output) and exit.", "FILE" },
        { "export",
            "Write the heatmap (.png .jpg .pdf .svg) or the shown matrix (.csv; .npy: all of B,L,S; .json) and exit.",
            "FILE" },
        { "export-compare",
            "Write one picture with the same Q and K side by side: scaled and not, or softmax over "
            "keys and over queries. FILE follows the value.",
            "scaling|softmax-dim" },
        { "export-series",
            "Write one picture per value into DIR (created if missing), named NAME_VALUE.FORMAT, "
            "e.g. --export-series d-k=1,4,16,64,256 slides/.",
            "NAME=V1,V2,..." },
        { "format", "Image format of --export-series: png (default), jpg, pdf or svg.", "FORMAT" },
        { "screenshot", "Render the whole main window to a PNG file and exit (no display needed).", "FILE" },
        { "size", "Size of images (default 1200x900; PDF and SVG in points) and of --screenshot (default 1400x900).",
            "WxH" },
        { "pixel-ratio", "PNG and JPG: pixels per unit of --size, e.g. 2 for high-DPI slides (default 1).", "F" },
        { "transparent", "PNG: transparent background." },
        { "panels", "Pictures: row sums beside each map and column sums under it, with their numbers (default)." },
        { "no-panels", "Pictures: the map and its colour scale only." },
        { "title", "Title line of exported pictures (default: the settings).", "TEXT" },
        { "no-title", "No title line on exported pictures (nor the caption under a sweep's)." },
        { "lang",
            "Language of the window, pictures and messages: en or zh (default: the system's; the window opens in the "
            "one last "
            "chosen in View > Language).",
            "en|zh" },
        { "theme",
            "Colours of the window: system, light or dark (default: the one last chosen in View > Theme, else the "
            "system's). Pictures are always drawn on white.",
            "system|light|dark" },
        { "preset", "Start from one of the lecture's examples: qkv-basics, why-scale, sdpa-check, wrong-dim.", "NAME" },
        { "scenario", "Start from a saved scenario (JSON); other options change it.", "FILE" },
        { "trust-scenario-files",
            "With --scenario: read the files it names even outside its folder (without it, a scenario reads only "
            "files in its folder or below)." },
        { "save-scenario",
            "Write the state given on the command line as a scenario file and exit (with --presentation or --lesson a "
            "demo file, which reopens in that mode on that step).",
            "FILE" },
        { "lesson", "Open a lesson (JSON, or 'lecture' for the built-in one); Page Up/Down step through it.", "FILE" },
        { "step", "With --lesson: start at its step N (1 is the first); other options change it.", "N" },
        { "compare",
            "A second heatmap from the same Q and K: none, scaling, softmax-dim, score (dot product beside additive), "
            "mask-fill (-inf beside -1e9), sdpa (by hand beside F.scaled_dot_product_attention) or d-k:N.",
            "KIND" },
        { "tokens",
            "Words on the axes, e.g. \"the cat sat on the mat\" (L = S = their number; punctuation and Chinese "
            "characters are words of their own), or a JSON list of words taken as they are, e.g. '[\"don't\", "
            "\"U.S.\"]'; in projection mode each distinct word has its own embedding row.",
            "TEXT" },
        { "positions", "Add sinusoidal position encodings to the token embeddings." },
        { "presentation", "Start in presentation mode (full screen, large text; with --screenshot, render it)." },
        { "sweep",
            "Why divide by sqrt(d_k): for each d_k (FIRST..LAST over powers of two, or a list), --trials seeded "
            "trials of one query against --sweep-keys keys, scaled (--scaling) and not; with --dump FILE its JSON, "
            "with --export FILE its plots (.png .jpg .pdf .svg) or numbers (.csv .json), else the window.",
            "d-k=1..1024" },
        { "trials", "With --sweep: trials per d_k (default 200); trial t uses seed + t.", "T" },
        { "sweep-keys", "With --sweep: keys per trial (default 16).", "S" },
        { "train",
            "Watch it fail to learn: one attention layer learns value retrieval by SGD (or Adam), scaled "
            "(--scaling) and not, from the same start and batches (defaults: --d-k 256, --batch 64, --len 16, "
            "--d-model 32, --d-v 8); with --dump FILE its JSON, with --export FILE its curves (.png .jpg .pdf "
            ".svg) or numbers (.csv .json), else the window with the Training window open." },
        { "mistake",
            "Make one of the lecture's mistakes beside the right line, from the same Q, K and V: no-scale, "
            "softmax-dim, mha-mask-in-sdpa (key_padding_mask handed to SDPA; --mask pad:N sets the padding, "
            "default 2 of 5 keys), transpose-0-1 or transpose-q; with --dump FILE the JSON gains \"mistake\", "
            "with --screenshot FILE the Mistakes window is rendered, else the window opens with it.",
            "NAME" },
        { "train-steps", "With --train: steps (default 300).", "N" },
        { "train-lr", "With --train: learning rate (default 0.5 for sgd, 0.01 for adam).", "F" },
        { "optimizer", "With --train: sgd (default) or adam.", "sgd|adam" },
        { "train-noise", "With --train: the query's noise, q = X[t] + F * randn (default 1).", "F" },
        { "train-init",
            "With --train: W_q and W_k drawn as normal (randn / sqrt(d_model), default) or randn (the lecture's).",
            "normal|randn" },
};
// clang-format on

} // namespace

QStringList seriesParameterNames()
{
    return { "d-k", "len", "keys", "d-model", "d-v", "seed", "scale", "scaling", "init", "sigma", "softmax-dim", "mask",
        "batch-index" };
}

namespace {

// An output that is one of the run's input files (it would be replaced by what was read from it), or two outputs that
// are one file (the second would replace the first), are refused by name before anything is read or written.
void checkOutputsApart(const QCommandLineParser &parser, const CliRequest &r)
{
    // The same file: the same canonical path when it exists (through symbolic links and ".."), else the same
    // absolute path.
    const auto same = [](const QString &a, const QString &b) {
        const QFileInfo fa(a), fb(b);
        if (fa.exists() && fb.exists())
            return fa.canonicalFilePath() == fb.canonicalFilePath();
        return fa.absoluteFilePath() == fb.absoluteFilePath();
    };
    QList<QPair<QString, QString>> inputs; // (option, path)
    for (const char *name : { "load", "load-q", "load-k", "load-v", "load-weights", "scenario" })
        if (parser.isSet(QString::fromLatin1(name)))
            inputs << qMakePair(QStringLiteral("--") + QLatin1String(name), parser.value(QString::fromLatin1(name)));
    if (!r.lessonPath.isEmpty() && r.lessonPath != QLatin1String("lecture"))
        inputs << qMakePair(QStringLiteral("--lesson"), r.lessonPath);
    QList<QPair<QString, QString>> outputs;
    if (!r.dumpPath.isEmpty() && r.dumpPath != QLatin1String("-"))
        outputs << qMakePair(QStringLiteral("--dump"), r.dumpPath);
    if (!r.exportPath.isEmpty())
        outputs << qMakePair(QStringLiteral("--export"), r.exportPath);
    if (!r.comparePath.isEmpty())
        outputs << qMakePair(QStringLiteral("--export-compare"), r.comparePath);
    if (!r.screenshotPath.isEmpty())
        outputs << qMakePair(QStringLiteral("--screenshot"), r.screenshotPath);
    if (!r.saveScenarioPath.isEmpty())
        outputs << qMakePair(QStringLiteral("--save-scenario"), r.saveScenarioPath);
    for (int i = 0; i < outputs.size(); ++i) {
        for (const auto &[option, path] : std::as_const(inputs))
            if (same(outputs[i].second, path))
                throw Fail { QStringLiteral("%1: '%2' is also the input of %3; write to another file")
                                 .arg(outputs[i].first, outputs[i].second, option) };
        for (int j = 0; j < i; ++j)
            if (same(outputs[i].second, outputs[j].second))
                throw Fail { QStringLiteral("%1: '%2' is also the output of %3; give each output its own file")
                                 .arg(outputs[i].first, outputs[i].second, outputs[j].first) };
    }
}

} // namespace

CliOutcome parseCommandLine(const QStringList &arguments, std::uint64_t memoryBudget)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "Makes scaled dot-product attention visible: softmax(Q·Kᵀ/sqrt(d_k))·V with PyTorch's random tensors.\n"
        "Without an output option it opens the window with these settings.");
    const QCommandLineOption help({ "h", "help" }, "Show this help and exit.");
    const QCommandLineOption version({ "v", "version" }, "Show the version and exit.");
    parser.addOption(help);
    parser.addOption(version);
    for (const OptionSpec &o : kOptionSpecs)
        parser.addOption(o.value ? QCommandLineOption(
                             QString::fromLatin1(o.name), QString::fromUtf8(o.help), QString::fromLatin1(o.value))
                                 : QCommandLineOption(QString::fromLatin1(o.name), QString::fromUtf8(o.help)));

    CliOutcome outcome;
    if (!parser.parse(arguments)) {
        outcome.text = parser.errorText();
        return outcome;
    }
    if (parser.isSet(help)) {
        outcome.kind = CliOutcome::Help;
        // (QCommandLineParser names the program from QCoreApplication, which does not exist yet.)
        outcome.text = parser.helpText().replace(QStringLiteral("<executable_name>"), QStringLiteral("attention-viz"));
        return outcome;
    }
    if (parser.isSet(version)) {
        outcome.kind = CliOutcome::Version;
        outcome.text = QStringLiteral("attention-viz " ATTENTION_VIZ_VERSION);
        return outcome;
    }
    try {
        outcome.request = buildRequest(parser, memoryBudget);
        checkOutputsApart(parser, outcome.request);
        outcome.kind = CliOutcome::Run;
    } catch (const Fail &f) {
        outcome.text = f.message;
    }
    return outcome;
}
