#include "io/scenario.h"

#include "io/save_output.h"
#include "model/color_map_names.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>

#include <cmath>

namespace {

struct Bad
{
    QString message; // "field: what is wrong"
};

const char *kScenarioFormat = "attention-viz-scenario";
const char *kLessonFormat = "attention-viz-lesson";

QString compareName(CompareKind k)
{
    switch (k) {
    case CompareKind::None: return "none";
    case CompareKind::Scaling: return "scaling";
    case CompareKind::SoftmaxDim: return "softmax-dim";
    case CompareKind::Dk: return "d-k";
    }
    return "none";
}

void onlyKnownKeys(const QJsonObject &o, const QStringList &known, const QString &where)
{
    for (auto it = o.begin(); it != o.end(); ++it)
        if (!known.contains(it.key()))
            throw Bad{QStringLiteral("%1%2: unknown field (known: %3)").arg(where, it.key(), known.join(", "))};
}

int integer(const QJsonObject &o, const QString &key, const QString &where, int lo, int hi, int fallback)
{
    if (!o.contains(key))
        return fallback;
    const QJsonValue v = o.value(key);
    const double d = v.toDouble(std::nan(""));
    if (!v.isDouble() || d != std::floor(d))
        throw Bad{QStringLiteral("%1%2: expected a whole number").arg(where, key)};
    if (d < lo || d > hi)
        throw Bad{QStringLiteral("%1%2: must be from %3 to %4 (got %5)").arg(where, key).arg(lo).arg(hi).arg(d)};
    return int(d);
}

QString text(const QJsonObject &o, const QString &key, const QString &where, const QStringList &allowed, const QString &fallback)
{
    if (!o.contains(key))
        return fallback;
    if (!o.value(key).isString())
        throw Bad{QStringLiteral("%1%2: expected a string").arg(where, key)};
    const QString s = o.value(key).toString();
    if (!allowed.isEmpty() && !allowed.contains(s))
        throw Bad{QStringLiteral("%1%2: expected one of %3 (got '%4')").arg(where, key, allowed.join(", "), s)};
    return s;
}

attn::Params paramsFromJson(const QJsonObject &o)
{
    const QString w = "params.";
    onlyKnownKeys(o, {"mode", "batch", "len", "keys", "cross", "d_model", "d_k", "d_v", "seed", "scaling", "scale",
                      "softmax_dim", "mask", "batch_index", "tokens", "positions"}, w);
    attn::Params p;
    using attn::Limits;
    p.mode = text(o, "mode", w, {"projection", "direct"}, "projection") == "direct" ? attn::Mode::Direct : attn::Mode::Projection;
    p.batch = integer(o, "batch", w, 1, Limits::maxBatch, p.batch);
    p.queryLength = integer(o, "len", w, 1, Limits::maxLength, p.queryLength);
    p.keyLength = integer(o, "keys", w, 1, Limits::maxLength, p.queryLength);
    if (o.contains("cross") && !o.value("cross").isBool())
        throw Bad{w + "cross: expected true or false"};
    p.cross = o.value("cross").toBool(false);
    p.dModel = integer(o, "d_model", w, 1, Limits::maxDim, p.dModel);
    p.dK = integer(o, "d_k", w, 1, Limits::maxDim, p.dK);
    p.dV = integer(o, "d_v", w, 1, Limits::maxDim, p.dK);
    if (o.contains("seed")) {
        const QJsonValue v = o.value("seed");
        bool ok = v.isString();
        const quint64 s = ok ? v.toString().toULongLong(&ok) : 0;
        if (v.isDouble() && v.toDouble() >= 0 && v.toDouble() <= 9007199254740992.0 && v.toDouble() == std::floor(v.toDouble())) {
            p.seed = quint64(v.toDouble());
        } else if (ok) {
            p.seed = s;
        } else {
            throw Bad{w + "seed: expected a whole number from 0 to 18446744073709551615 (as a string above 2^53)"};
        }
    }
    const QString scaling = text(o, "scaling", w, {"inv_sqrt_d_k", "none", "custom"}, "inv_sqrt_d_k");
    p.scaling = scaling == "none" ? attn::Scaling::None : scaling == "custom" ? attn::Scaling::Custom : attn::Scaling::InvSqrtDk;
    if (o.contains("scale") && p.scaling == attn::Scaling::Custom) {
        if (!o.value("scale").isDouble())
            throw Bad{w + "scale: expected a number"};
        p.customScale = o.value("scale").toDouble();
    } else if (p.scaling == attn::Scaling::Custom) {
        throw Bad{w + "scale: needed when scaling is custom"};
    }
    p.softmaxDim = o.contains("softmax_dim") ? integer(o, "softmax_dim", w, -2, -1, -1) : -1;
    const QString mask = text(o, "mask", w, {}, "none");
    if (mask == "causal") {
        p.mask = attn::MaskKind::Causal;
    } else if (mask.startsWith("pad:")) {
        bool ok = false;
        const int n = mask.mid(4).toInt(&ok);
        if (!ok || n < 0 || n > p.keyLength)
            throw Bad{QStringLiteral("%1mask: pad:N needs N from 0 to %2 (got '%3')").arg(w).arg(p.keyLength).arg(mask)};
        p.mask = attn::MaskKind::Pad;
        p.padCount = n;
    } else if (mask != "none") {
        throw Bad{QStringLiteral("%1mask: expected none, causal or pad:N (got '%2')").arg(w, mask)};
    }
    p.batchIndex = integer(o, "batch_index", w, 0, p.batch - 1, 0);
    if (o.contains("tokens")) {
        if (!o.value("tokens").isArray())
            throw Bad{w + "tokens: expected a list of strings"};
        for (const QJsonValue &t : o.value("tokens").toArray()) {
            if (!t.isString() || t.toString().isEmpty())
                throw Bad{w + "tokens: expected a list of non-empty strings"};
            p.tokens.push_back(t.toString().toStdString());
        }
        if (!o.contains("len"))
            p.queryLength = int(p.tokens.size());
        if (!o.contains("keys"))
            p.keyLength = int(p.tokens.size());
    }
    if (o.contains("positions") && !o.value("positions").isBool())
        throw Bad{w + "positions: expected true or false"};
    p.positions = o.value("positions").toBool(false);
    if (auto e = attn::validate(p, attn::defaultMemoryBudget()))
        throw Bad{QStringLiteral("params.%1: %2").arg(QString::fromStdString(e->field).replace('-', '_'), QString::fromStdString(e->message))};
    return p;
}

QJsonObject paramsToJson(const attn::Params &p)
{
    QJsonObject o;
    o["mode"] = p.mode == attn::Mode::Direct ? "direct" : "projection";
    o["batch"] = p.batch;
    o["len"] = p.queryLength;
    o["keys"] = p.keyLength;
    o["cross"] = p.cross;
    o["d_model"] = p.dModel;
    o["d_k"] = p.dK;
    o["d_v"] = p.dV;
    if (p.seed <= (quint64(1) << 53))
        o["seed"] = double(p.seed);
    else
        o["seed"] = QString::number(p.seed);
    o["scaling"] = p.scaling == attn::Scaling::None ? "none" : p.scaling == attn::Scaling::Custom ? "custom" : "inv_sqrt_d_k";
    if (p.scaling == attn::Scaling::Custom)
        o["scale"] = p.customScale;
    o["softmax_dim"] = p.softmaxDim;
    o["mask"] = QString::fromStdString(attn::maskName(p));
    o["batch_index"] = p.batchIndex;
    if (!p.tokens.empty()) {
        QJsonArray tokens;
        for (const std::string &t : p.tokens)
            tokens << QString::fromStdString(t);
        o["tokens"] = tokens;
        o["positions"] = p.positions;
    }
    return o;
}

Scenario parseScenario(const QJsonObject &o, bool needFormat)
{
    onlyKnownKeys(o, {"format", "version", "params", "display", "compare", "compare_d_k", "caption"}, "");
    if (needFormat || o.contains("format")) {
        if (o.value("format").toString() != kScenarioFormat)
            throw Bad{QStringLiteral("format: expected \"%1\"").arg(kScenarioFormat)};
        const int version = integer(o, "version", "", 1, 1000000, 0);
        if (version < 1)
            throw Bad{"version: missing"};
        if (version > kScenarioVersion)
            throw Bad{QStringLiteral("version: %1 is newer than this program reads (%2); update attention-viz").arg(version).arg(kScenarioVersion)};
    }
    Scenario s;
    if (o.contains("params")) {
        if (!o.value("params").isObject())
            throw Bad{"params: expected an object"};
        s.params = paramsFromJson(o.value("params").toObject());
    }
    if (o.contains("display")) {
        if (!o.value("display").isObject())
            throw Bad{"display: expected an object"};
        const QJsonObject d = o.value("display").toObject();
        onlyKnownKeys(d, {"show", "colormap", "range", "cell_values"}, "display.");
        const QString show = text(d, "show", "display.", {"weights", "scores", "logits"}, "weights");
        s.display.quantity = show == "scores" ? attn::Quantity::Scores : show == "logits" ? attn::Quantity::Logits : attn::Quantity::Weights;
        s.display.colorMap = text(d, "colormap", "display.", colorMapNames(), show == "weights" ? "viridis" : "coolwarm");
        s.display.range = text(d, "range", "display.", {"fixed", "fit"}, "fixed") == "fit" ? DisplayOptions::Range::Fit
                                                                                         : DisplayOptions::Range::Fixed01;
        if (d.contains("cell_values") && !d.value("cell_values").isBool())
            throw Bad{"display.cell_values: expected true or false"};
        s.display.cellValues = d.value("cell_values").toBool(true);
    }
    const QString compare = text(o, "compare", "", {"none", "scaling", "softmax-dim", "d-k"}, "none");
    s.compare = compare == "scaling" ? CompareKind::Scaling : compare == "softmax-dim" ? CompareKind::SoftmaxDim
              : compare == "d-k" ? CompareKind::Dk : CompareKind::None;
    s.compareDk = integer(o, "compare_d_k", "", 1, attn::Limits::maxDim, 256);
    if (o.contains("caption")) {
        const QJsonValue c = o.value("caption");
        if (c.isString()) {
            s.captionEn = c.toString();
        } else if (c.isObject()) {
            onlyKnownKeys(c.toObject(), {"en", "zh"}, "caption.");
            s.captionEn = text(c.toObject(), "en", "caption.", {}, QString());
            s.captionZh = text(c.toObject(), "zh", "caption.", {}, QString());
        } else {
            throw Bad{"caption: expected a string or {\"en\": ..., \"zh\": ...}"};
        }
    }
    return s;
}

std::optional<QJsonObject> readJsonObject(const QString &path, QString *error)
{
    QFile f(path);
    if (!f.exists()) {
        *error = QStringLiteral("%1: no such file").arg(path);
        return std::nullopt;
    }
    if (!f.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("%1: cannot read: %2").arg(path, f.errorString());
        return std::nullopt;
    }
    if (f.size() > (1 << 24)) {
        *error = QStringLiteral("%1: too large for a scenario or lesson (over 16 MiB)").arg(path);
        return std::nullopt;
    }
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(f.readAll(), &pe);
    if (pe.error != QJsonParseError::NoError) {
        *error = QStringLiteral("%1: not valid JSON (%2 at byte %3)").arg(path, pe.errorString()).arg(pe.offset);
        return std::nullopt;
    }
    if (!doc.isObject()) {
        *error = QStringLiteral("%1: expected a JSON object at the top").arg(path);
        return std::nullopt;
    }
    return doc.object();
}

} // namespace

bool Scenario::operator==(const Scenario &o) const
{
    return params == o.params && display == o.display && compare == o.compare
           && (compare != CompareKind::Dk || compareDk == o.compareDk) && captionEn == o.captionEn && captionZh == o.captionZh;
}

QJsonObject scenarioToJson(const Scenario &s)
{
    QJsonObject o;
    o["format"] = kScenarioFormat;
    o["version"] = kScenarioVersion;
    o["params"] = paramsToJson(s.params);
    QJsonObject d;
    d["show"] = s.display.quantity == attn::Quantity::Scores ? "scores" : s.display.quantity == attn::Quantity::Logits ? "logits" : "weights";
    d["colormap"] = s.display.colorMap;
    d["range"] = s.display.range == DisplayOptions::Range::Fit ? "fit" : "fixed";
    d["cell_values"] = s.display.cellValues;
    o["display"] = d;
    o["compare"] = compareName(s.compare);
    if (s.compare == CompareKind::Dk)
        o["compare_d_k"] = s.compareDk;
    if (!s.captionEn.isEmpty() || !s.captionZh.isEmpty())
        o["caption"] = QJsonObject{{"en", s.captionEn}, {"zh", s.captionZh}};
    return o;
}

std::optional<Scenario> scenarioFromJson(const QJsonObject &o, QString *error)
{
    try {
        return parseScenario(o, true);
    } catch (const Bad &b) {
        *error = b.message;
        return std::nullopt;
    }
}

bool saveScenario(const QString &path, const Scenario &s, QString *error)
{
    const QByteArray bytes = QJsonDocument(scenarioToJson(s)).toJson(QJsonDocument::Indented);
    return saveBytes(path, bytes, error);
}

std::optional<Scenario> loadScenario(const QString &path, QString *error)
{
    const auto o = readJsonObject(path, error);
    if (!o)
        return std::nullopt;
    try {
        return parseScenario(*o, true);
    } catch (const Bad &b) {
        *error = QStringLiteral("%1: %2").arg(path, b.message);
        return std::nullopt;
    }
}

std::optional<Lesson> loadLesson(const QString &path, QString *error)
{
    const auto o = readJsonObject(path, error);
    if (!o)
        return std::nullopt;
    Lesson lesson;
    try {
        onlyKnownKeys(*o, {"format", "version", "title", "steps"}, "");
        if (o->value("format").toString() != kLessonFormat)
            throw Bad{QStringLiteral("format: expected \"%1\"").arg(kLessonFormat)};
        const int version = integer(*o, "version", "", 1, 1000000, 0);
        if (version < 1)
            throw Bad{"version: missing"};
        if (version > kScenarioVersion)
            throw Bad{QStringLiteral("version: %1 is newer than this program reads (%2); update attention-viz").arg(version).arg(kScenarioVersion)};
        const QJsonValue title = o->value("title");
        if (title.isString())
            lesson.titleEn = title.toString();
        else if (title.isObject()) {
            lesson.titleEn = title.toObject().value("en").toString();
            lesson.titleZh = title.toObject().value("zh").toString();
        }
        if (!o->value("steps").isArray() || o->value("steps").toArray().isEmpty())
            throw Bad{"steps: expected a non-empty list of scenarios"};
        const QJsonArray steps = o->value("steps").toArray();
        for (int i = 0; i < steps.size(); ++i) {
            if (!steps[i].isObject())
                throw Bad{QStringLiteral("steps[%1]: expected an object").arg(i)};
            try {
                lesson.steps.push_back(parseScenario(steps[i].toObject(), false));
            } catch (const Bad &b) {
                throw Bad{QStringLiteral("steps[%1].%2").arg(i).arg(b.message)};
            }
        }
    } catch (const Bad &b) {
        *error = QStringLiteral("%1: %2").arg(path, b.message);
        return std::nullopt;
    }
    return lesson;
}

const std::vector<Preset> &presets()
{
    static const std::vector<Preset> list = [] {
        std::vector<Preset> v;
        {
            Scenario s;
            s.params.batch = 2;
            s.params.queryLength = s.params.keyLength = 5;
            s.params.dModel = 8;
            s.params.dK = s.params.dV = 4;
            s.captionEn = "Block 1: Q, K and V are three projections of the same X (2, 5, 8). Each row of the weights is "
                          "one query's distribution over the five keys and sums to 1; query 0 puts 0.9977 on key 2, so "
                          "out[0][0] is almost V's row 2: [-2.2439, -2.8877, -1.4509, -4.722].";
            s.captionZh = "代码块 1：Q、K、V 是同一个 X (2, 5, 8) 的三个线性投影。权重的每一行是一个查询在 5 个键上的分布，"
                          "和为 1；查询 0 把 0.9977 的权重放在键 2 上，所以 out[0][0] 几乎就是 V 的第 2 行："
                          "[-2.2439, -2.8877, -1.4509, -4.722]。";
            v.push_back({"qkv-basics", s});
        }
        {
            Scenario s;
            s.params.mode = attn::Mode::Direct;
            s.params.queryLength = 1;
            s.params.keyLength = 6;
            s.params.dK = s.params.dV = 64;
            s.compare = CompareKind::Scaling;
            s.captionEn = "Block 2: one query, six keys, d_k = 64. The raw scores spread with variance d_k, so without "
                          "scaling the softmax piles 0.8638 on one key (entropy 0.4053); divided by √64 = 8 the largest "
                          "weight is 0.3486 and the entropy 1.5694, close to ln 6 = 1.7918.";
            s.captionZh = "代码块 2：一个查询、六个键、d_k = 64。原始分数的方差为 d_k，不缩放时 softmax 把 0.8638 的权重"
                          "压在一个键上（熵 0.4053）；除以 √64 = 8 之后最大权重为 0.3486，熵为 1.5694，接近 ln 6 = 1.7918。";
            v.push_back({"why-scale", s});
        }
        {
            Scenario s;
            s.params.mode = attn::Mode::Direct;
            s.params.batch = 2;
            s.params.queryLength = s.params.keyLength = 5;
            s.params.dK = s.params.dV = 4;
            s.params.seed = 1;
            s.captionEn = "Block 3: Q, K, V drawn directly with seed 1. softmax(Q·Kᵀ / √4)·V written by hand is the "
                          "same function as F.scaled_dot_product_attention: the largest difference is float32 rounding "
                          "(about 1e-7).";
            s.captionZh = "代码块 3：用种子 1 直接生成 Q、K、V。手写的 softmax(Q·Kᵀ / √4)·V 与 "
                          "F.scaled_dot_product_attention 是同一个函数：最大差异只是 float32 舍入误差（约 1e-7）。";
            v.push_back({"sdpa-check", s});
        }
        {
            Scenario s;
            s.params.mode = attn::Mode::Direct;
            s.params.queryLength = 3;
            s.params.keyLength = 5;
            s.params.dK = s.params.dV = 4;
            s.params.scaling = attn::Scaling::None;
            s.params.softmaxDim = -2;
            s.compare = CompareKind::SoftmaxDim;
            s.captionEn = "The exercise: softmax over dim -2 normalises each key's column over the queries. The columns "
                          "sum to 1, the rows do not (row 0 sums to 0.8702), so the output is no longer a weighted "
                          "average of the values.";
            s.captionZh = "练习：沿 dim -2 做 softmax，是对每个键的一列在各查询上归一化。各列和为 1，各行不再和为 1"
                          "（第 0 行和为 0.8702），输出也就不再是值向量的加权平均。";
            v.push_back({"wrong-dim", s});
        }
        return v;
    }();
    return list;
}

const Preset *findPreset(const QString &name)
{
    for (const Preset &p : presets())
        if (p.name == name)
            return &p;
    return nullptr;
}

QStringList presetNames()
{
    QStringList names;
    for (const Preset &p : presets())
        names << p.name;
    return names;
}

QString builtInLessonPath()
{
    return QStringLiteral(":/lessons/lecture.json");
}
