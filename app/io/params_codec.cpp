// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/params_codec.h"

#include "model/color_map_names.h"
#include "multihead.h"
#include "params_edit.h"
#include "params_keys.h"

#include <QJsonArray>

#include <cmath>

void onlyKnownKeys(const QJsonObject &o, const QStringList &known, const QString &where)
{
    for (auto it = o.begin(); it != o.end(); ++it)
        if (!known.contains(it.key()))
            throw CodecError {
                QStringLiteral("%1%2: unknown field (known: %3)").arg(where, it.key(), known.join(", "))
            };
}

int jsonInteger(const QJsonObject &o, const QString &key, const QString &where, int lo, int hi, int fallback)
{
    if (!o.contains(key))
        return fallback;
    const QJsonValue v = o.value(key);
    const double d = v.toDouble(std::nan(""));
    if (!v.isDouble() || d != std::floor(d))
        throw CodecError { QStringLiteral("%1%2: expected a whole number").arg(where, key) };
    if (d < lo || d > hi)
        throw CodecError {
            QStringLiteral("%1%2: must be from %3 to %4 (got %5)").arg(where, key).arg(lo).arg(hi).arg(d)
        };
    return int(d);
}

QString jsonText(
    const QJsonObject &o, const QString &key, const QString &where, const QStringList &allowed, const QString &fallback)
{
    if (!o.contains(key))
        return fallback;
    if (!o.value(key).isString())
        throw CodecError { QStringLiteral("%1%2: expected a string").arg(where, key) };
    QString s = o.value(key).toString();
    // Long enough for any caption; a longer text (one endless word) would freeze the window's text layout.
    constexpr int maxLength = 4000;
    if (s.size() > maxLength)
        throw CodecError {
            QStringLiteral("%1%2: at most %3 characters (got %4)").arg(where, key).arg(maxLength).arg(s.size())
        };
    if (!allowed.isEmpty() && !allowed.contains(s))
        throw CodecError {
            QStringLiteral("%1%2: expected one of %3 (got '%4')").arg(where, key, allowed.join(", "), s)
        };
    return s;
}

bool jsonBool(const QJsonObject &o, const QString &key, const QString &where, bool fallback)
{
    if (!o.contains(key))
        return fallback;
    if (!o.value(key).isBool())
        throw CodecError { QStringLiteral("%1%2: expected true or false").arg(where, key) };
    return o.value(key).toBool();
}

quint64 jsonSeed(const QJsonObject &o, const QString &key, const QString &where, quint64 fallback)
{
    if (!o.contains(key))
        return fallback;
    const QJsonValue v = o.value(key);
    bool ok = v.isString();
    const quint64 s = ok ? v.toString().toULongLong(&ok) : 0;
    if (v.isDouble() && v.toDouble() >= 0 && v.toDouble() <= 9007199254740992.0
        && v.toDouble() == std::floor(v.toDouble()))
        return quint64(v.toDouble());
    if (ok)
        return s;
    throw CodecError { QStringLiteral("%1%2: expected a whole number from 0 to 18446744073709551615 (as a string above "
                                      "2^53)")
                           .arg(where, key) };
}

QJsonValue seedToJson(quint64 seed)
{
    return seed <= (quint64(1) << 53) ? QJsonValue(double(seed)) : QJsonValue(QString::number(seed));
}

double jsonNumber(const QJsonObject &o, const QString &key, const QString &where, double lo, double hi, double fallback)
{
    if (!o.contains(key))
        return fallback;
    const QJsonValue v = o.value(key);
    if (!v.isDouble() || !(v.toDouble() >= lo && v.toDouble() <= hi))
        throw CodecError { QStringLiteral("%1%2: expected a number from %3 to %4").arg(where, key).arg(lo).arg(hi) };
    return v.toDouble();
}

namespace K = attn::key;

namespace {

const QStringList &knownParamsKeys()
{
    static const QStringList known = [] {
        QStringList k;
        for (const char *name : K::scenarioKeys)
            k << QString::fromLatin1(name);
        return k;
    }();
    return known;
}

// An enum's names (core's table) as the values a field allows.
template <typename E, std::size_t N> QStringList allowed(const attn::Named<E> (&table)[N])
{
    QStringList names;
    for (const std::string &n : attn::namesIn(table))
        names << QString::fromStdString(n);
    return names;
}

QString nameOf(const std::string &name)
{
    return QString::fromStdString(name);
}

} // namespace

QJsonObject paramsToJson(const attn::Params &shown)
{
    // The heads of nn.MultiheadAttention are saved as what draws them: one projection of B, L, d_model and seed, and h.
    const attn::MultiheadResult *multihead = attn::multiheadOf(shown);
    attn::Params p = multihead ? attn::singleHeadParams(shown) : shown;
    if (multihead) {
        p.dK = p.dV = multihead->headDim;
        p.batchIndex = shown.batchIndex;
        p.scaling = shown.scaling;
        p.customScale = shown.customScale;
    }
    QJsonObject o;
    if (multihead)
        o[K::heads] = multihead->settings.heads;
    o[K::mode] = QString::fromStdString(attn::modeName(p.mode));
    o[K::batch] = p.batch;
    o[K::len] = p.queryLength;
    o[K::keys] = p.keyLength;
    o[K::cross] = p.cross;
    o[K::dModel] = p.dModel;
    o[K::dK] = p.dK;
    o[K::dV] = p.dV;
    o[K::dvFollowsDk] = p.dvFollowsDk;
    o[K::keysFollowLen] = p.keysFollowLength;
    o[K::seed] = seedToJson(p.seed); // (as a string beyond a double's exact integers)
    o[K::scaling] = QString::fromStdString(attn::scalingName(p.scaling));
    if (p.scaling == attn::Scaling::Custom)
        o[K::scale] = p.customScale;
    if (p.init != attn::Init::Randn)
        o[K::init] = QString::fromStdString(attn::initName(p.init));
    if (p.sigma != 1.0)
        o[K::sigma] = p.sigma;
    if (p.score == attn::Score::Additive) {
        o[K::score] = QString::fromStdString(attn::scoreName(p.score));
        o[K::additiveHidden] = p.additiveHidden;
    }
    o[K::softmaxDim] = p.softmaxDim;
    if (p.mask == attn::MaskKind::Custom) {
        // One string per query, '.' where it looks and 'x' where it may not: readable and editable by hand.
        o[K::mask] = QStringLiteral("custom");
        QJsonArray rows;
        for (const QString &row : QString::fromStdString(attn::maskName(p)).mid(7).split(QLatin1Char('/')))
            rows << row;
        o[K::maskCells] = rows;
    } else {
        o[K::mask] = QString::fromStdString(attn::maskName(p));
    }
    if (p.maskFill != attn::MaskFill::NegInf)
        o[K::maskFill] = QString::fromStdString(attn::maskFillName(p.maskFill));
    if (p.maskConvention != attn::MaskConvention::Sdpa)
        o[K::maskConvention] = QString::fromStdString(attn::maskConventionName(p.maskConvention));
    o[K::batchIndex] = p.batchIndex;
    if (!p.tokens.empty()) {
        QJsonArray tokens;
        for (const std::string &t : p.tokens)
            tokens << QString::fromStdString(t);
        o[K::tokens] = tokens;
        o[K::positions] = p.positions;
    }
    return o;
}

attn::Params paramsFromJson(const QJsonObject &o, const QString &w)
{
    onlyKnownKeys(o, knownParamsKeys(), w);
    attn::Params p;
    const attn::Params defaults; // what a field left out means
    using attn::Limits;
    p.mode = *attn::parseMode(
        jsonText(o, K::mode, w, allowed(attn::kModeNames), nameOf(attn::modeName(defaults.mode))).toStdString());
    p.batch = jsonInteger(o, K::batch, w, 1, Limits::maxBatch, p.batch);
    if (o.contains(K::tokens)) {
        if (!o.value(K::tokens).isArray())
            throw CodecError { w + "tokens: expected a list of strings" };
        for (const auto &t : o.value(K::tokens).toArray()) {
            if (!t.isString() || t.toString().isEmpty())
                throw CodecError { w + "tokens: expected a list of non-empty strings" };
            p.tokens.push_back(t.toString().toStdString());
        }
    }
    const int tokenCount = p.tokens.empty() ? p.queryLength : int(p.tokens.size());
    p.queryLength = jsonInteger(o, K::len, w, 1, Limits::maxLength, tokenCount);
    p.keyLength = jsonInteger(o, K::keys, w, 1, Limits::maxLength, o.contains(K::len) ? p.queryLength : tokenCount);
    p.cross = jsonBool(o, K::cross, w, false);
    p.dModel = jsonInteger(o, K::dModel, w, 1, Limits::maxDim, p.dModel);
    p.dK = jsonInteger(o, K::dK, w, 1, Limits::maxDim, p.dK);
    p.dV = jsonInteger(o, K::dV, w, 1, Limits::maxDim, p.dK);
    // The links; files from before they were written say nothing, and then equal values are linked.
    p.dvFollowsDk = jsonBool(o, K::dvFollowsDk, w, p.dV == p.dK);
    p.keysFollowLength = jsonBool(o, K::keysFollowLen, w, p.keyLength == p.queryLength && !p.cross);
    if (p.dvFollowsDk && p.dV != p.dK)
        throw CodecError {
            QStringLiteral("%1d_v: %2 differs from d_k = %3 while d_v_follows_d_k is true").arg(w).arg(p.dV).arg(p.dK)
        };
    if (p.keysFollowLength && (p.keyLength != p.queryLength || p.cross))
        throw CodecError { QStringLiteral("%1keys_follow_len: true, but S = %2 differs from L = %3 or cross is true")
                               .arg(w)
                               .arg(p.keyLength)
                               .arg(p.queryLength) };
    p.seed = jsonSeed(o, K::seed, w, p.seed);
    p.scaling = *attn::parseScaling(
        jsonText(o, K::scaling, w, allowed(attn::kScalingNames), nameOf(attn::scalingName(defaults.scaling)))
            .toStdString());
    p.init = *attn::parseInit(
        jsonText(o, K::init, w, allowed(attn::kInitNames), nameOf(attn::initName(defaults.init))).toStdString());
    if (o.contains(K::sigma)) {
        const QJsonValue v = o.value(K::sigma);
        if (!v.isDouble() || !(v.toDouble() >= attn::Limits::minSigma && v.toDouble() <= attn::Limits::maxSigma))
            throw CodecError { w + "sigma: expected a number from 0.001 to 1000" };
        p.sigma = v.toDouble();
    }
    if (p.scaling == attn::Scaling::Custom) {
        if (!o.contains(K::scale))
            throw CodecError { w + "scale: needed when scaling is custom" };
        if (!o.value(K::scale).isDouble())
            throw CodecError { w + "scale: expected a number" };
        p.customScale = o.value(K::scale).toDouble();
    }
    p.score = *attn::parseScore(
        jsonText(o, K::score, w, allowed(attn::kScoreNames), nameOf(attn::scoreName(defaults.score))).toStdString());
    p.additiveHidden = jsonInteger(o, K::additiveHidden, w, 1, attn::Limits::maxHidden, p.additiveHidden);
    p.softmaxDim = jsonInteger(o, K::softmaxDim, w, -2, -1, -1);
    std::string maskError;
    QString mask = jsonText(o, K::mask, w, {}, "none");
    if (mask == QLatin1String("custom")) {
        if (!o.value(K::maskCells).isArray())
            throw CodecError { w
                + "mask_cells: a custom mask needs its rows, an array of strings such as [\".x\", "
                  "\"..\"] ('.' looks, 'x' masked)" };
        QStringList rows;
        for (const auto &row : o.value(K::maskCells).toArray()) {
            if (!row.isString())
                throw CodecError { w + "mask_cells: expected strings of '.' and 'x', one per query" };
            rows << row.toString();
        }
        mask += QLatin1Char(':') + rows.join(QLatin1Char('/'));
    } else if (o.contains(K::maskCells)) {
        throw CodecError { w + R"(mask_cells: only for "mask": "custom")" };
    }
    if (!attn::parseMask(mask.toStdString(), p, &maskError))
        throw CodecError { w
            + (maskError.rfind("custom:", 0) == 0 ? "mask_cells: " + QString::fromStdString(maskError.substr(8))
                                                  : "mask: " + QString::fromStdString(maskError)) };
    p.maskFill = *attn::parseMaskFill(
        jsonText(o, K::maskFill, w, allowed(attn::kMaskFillNames), nameOf(attn::maskFillName(defaults.maskFill)))
            .toStdString());
    p.maskConvention = *attn::parseMaskConvention(jsonText(o, K::maskConvention, w, allowed(attn::kMaskConventionNames),
        nameOf(attn::maskConventionName(defaults.maskConvention)))
                                                      .toStdString());
    const int heads = jsonInteger(o, K::heads, w, 1, Limits::maxDim, 1);
    p.batchIndex = jsonInteger(o, K::batchIndex, w, 0, p.batch * heads - 1, 0);
    p.positions = jsonBool(o, K::positions, w, false);
    if (o.contains(K::heads)) { // nn.MultiheadAttention's heads, drawn from B, L, d_model and the seed
        attn::MultiheadSettings s;
        s.batch = p.batch;
        s.length = p.queryLength;
        s.dModel = p.dModel;
        s.heads = heads;
        s.seed = p.seed;
        QString problem = QString::fromStdString(attn::multiheadProblem(s));
        if (problem.isEmpty()
            && (p.mode != attn::Mode::Projection || p.cross || !p.tokens.empty() || p.keyLength != p.queryLength))
            problem = QStringLiteral("the heads project one sequence X: projection mode, S = L, no tokens");
        if (problem.isEmpty() && (p.dK != s.dModel / s.heads || p.dV != p.dK))
            problem = QStringLiteral("nn.MultiheadAttention's heads have d_k = d_v = d_model / h = %1")
                          .arg(s.dModel / s.heads);
        if (problem.isEmpty() && attn::multiheadDrawBytes(s) > attn::defaultMemoryBudget())
            problem = QStringLiteral("these heads need about %1 MiB, more than the %2 MiB allowed on this machine")
                          .arg(attn::multiheadDrawBytes(s) >> 20)
                          .arg(attn::defaultMemoryBudget() >> 20);
        if (!problem.isEmpty())
            throw CodecError { w + QStringLiteral("heads: ") + problem };
        const int element = p.batchIndex;
        p.batchIndex = 0;
        p = attn::multiheadParams(p, s);
        p.batchIndex = element;
        attn::normalize(p);
    }
    if (auto e = attn::validate(p, attn::defaultMemoryBudget()))
        throw CodecError { QStringLiteral("%1%2: %3")
                               .arg(w, QString::fromStdString(e->field).replace('-', '_'),
                                   QString::fromStdString(e->message)) };
    return p;
}

QJsonObject displayToJson(const DisplayOptions &d)
{
    QJsonObject o;
    o["show"] = quantityName(d.quantity);
    o["colormap"] = d.colorMap;
    o["range"] = d.range == DisplayOptions::Range::Fit ? "fit" : "fixed";
    o["cell_values"] = d.cellValues;
    o["gradient_panels"] = d.gradientPanels;
    return o;
}

DisplayOptions displayFromJson(const QJsonObject &o, const QString &w)
{
    onlyKnownKeys(o, { "show", "colormap", "range", "cell_values", "gradient_panels" }, w);
    DisplayOptions d;
    const QString show = jsonText(o, "show", w, { "weights", "scores", "logits" }, "weights");
    d.quantity = *quantityFromName(show);
    d.colorMap
        = jsonText(o, "colormap", w, colorMapNames(), d.quantity == attn::Quantity::Weights ? "viridis" : "coolwarm");
    d.range = jsonText(o, "range", w, { "fixed", "fit" }, "fixed") == "fit" ? DisplayOptions::Range::Fit
                                                                            : DisplayOptions::Range::Fixed01;
    d.cellValues = jsonBool(o, "cell_values", w, true);
    d.gradientPanels = jsonBool(o, "gradient_panels", w, false);
    return d;
}
