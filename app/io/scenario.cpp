// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/scenario.h"

#include "io/array_files.h"
#include "io/bounded_read.h"
#include "io/params_codec.h"
#include "io/save_output.h"
#include "params_edit.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>

#include <cmath>

namespace {

const char *kScenarioFormat = "attention-viz-scenario";
const char *kLessonFormat = "attention-viz-lesson";

namespace {

// "load": {"npz": FILE} or {"q": FILE, "k": FILE[, "v": FILE]}: into one path or two or three in q, k, v order.
QStringList loadPathsFromJson(const QJsonObject &o)
{
    if (!o.contains("load"))
        return {};
    if (!o.value("load").isObject())
        throw CodecError { R"(load: expected {"npz": FILE} or {"q": FILE, "k": FILE, "v": FILE})" };
    const QJsonObject load = o.value("load").toObject();
    onlyKnownKeys(load, { "npz", "q", "k", "v" }, "load.");
    QStringList paths;
    const bool npz = load.contains("npz");
    for (const char *key : { "npz", "q", "k", "v" }) {
        const QString text = jsonText(load, key, "load.", {}, QString());
        if (load.contains(key) && text.isEmpty())
            throw CodecError { QStringLiteral("load.%1: an empty file name").arg(key) };
        if (!text.isEmpty())
            paths << text;
    }
    if (npz ? load.size() != 1 : !(load.contains("q") && load.contains("k")))
        throw CodecError { "load: either {\"npz\": FILE} or q and k (and v) files" };
    return paths;
}

QJsonObject loadPathsToJson(const QStringList &paths)
{
    if (paths.size() == 1)
        return { { "npz", paths.first() } };
    QJsonObject o { { "q", paths.value(0) }, { "k", paths.value(1) } };
    if (paths.size() > 2)
        o["v"] = paths.value(2);
    return o;
}

QStringList pathsOf(const Scenario &s)
{
    if (!s.params.loaded)
        return s.loadPaths;
    QStringList paths;
    for (const std::string &p : s.params.loaded->paths)
        paths << QString::fromStdString(p);
    return paths;
}

template <typename E, std::size_t N> QStringList namesOf(const attn::Named<E> (&table)[N])
{
    QStringList names;
    for (const auto &entry : table)
        names << QString::fromLatin1(entry.name);
    return names;
}

QString scalingText(attn::Scaling s)
{
    return QString::fromStdString(attn::scalingName(s));
}

// "why_scale": {"keys": 16, "trials": 200, "scaling": "inv_sqrt_d_k", "additive": false}
QJsonObject whyScaleToJson(const attn::SweepSettings &w)
{
    return { { "keys", w.keys }, { "trials", w.trials }, { "scaling", scalingText(w.scaling) },
        { "additive", w.additiveHidden > 0 } };
}

attn::SweepSettings whyScaleFromJson(const QJsonObject &o, const QString &w)
{
    onlyKnownKeys(o, { "keys", "trials", "scaling", "additive" }, w);
    attn::SweepSettings s;
    s.keys = jsonInteger(o, "keys", w, 2, attn::SweepLimits::maxKeys, s.keys);
    s.trials = jsonInteger(o, "trials", w, 1, attn::SweepLimits::maxTrials, s.trials);
    s.scaling = *attn::parseScaling(
        jsonText(o, "scaling", w, namesOf(attn::kScalingNames), scalingText(s.scaling)).toStdString());
    if (s.scaling == attn::Scaling::Custom)
        throw CodecError { w + "scaling: the Why-scale window has no custom factor" };
    s.additiveHidden = jsonBool(o, "additive", w, false) ? attn::Params().additiveHidden : 0;
    return s;
}

// "training": {"d_k": 256, "steps": 300, "optimizer": "sgd", "lr": 0.5, "batch": 64, "len": 16, "d_model": 32,
//              "d_v": 8, "noise": 1, "seed": 0, "init": "normal", "scaling": "inv_sqrt_d_k", "scale": 1}
QJsonObject trainingToJson(const attn::TrainSettings &t)
{
    return { { "d_k", t.dK }, { "steps", t.steps },
        { "optimizer", QString::fromStdString(attn::optimizerName(t.optimizer)) }, { "lr", t.learningRate },
        { "batch", t.batch }, { "len", t.length }, { "d_model", t.dModel }, { "d_v", t.dV }, { "noise", t.noise },
        { "seed", seedToJson(t.seed) }, { "init", QString::fromStdString(attn::trainInitName(t.init)) },
        { "scaling", scalingText(t.scaling) }, { "scale", t.customScale } };
}

attn::TrainSettings trainingFromJson(const QJsonObject &o, const QString &w)
{
    using L = attn::TrainLimits;
    onlyKnownKeys(o,
        { "d_k", "steps", "optimizer", "lr", "batch", "len", "d_model", "d_v", "noise", "seed", "init", "scaling",
            "scale" },
        w);
    attn::TrainSettings t;
    t.dK = jsonInteger(o, "d_k", w, 1, L::maxDk, t.dK);
    t.steps = jsonInteger(o, "steps", w, 1, L::maxSteps, t.steps);
    t.optimizer
        = *attn::parseOptimizer(jsonText(o, "optimizer", w, namesOf(attn::kOptimizerNames), "sgd").toStdString());
    t.learningRate = jsonNumber(o, "lr", w, 0, L::maxLearningRate, attn::defaultLearningRate(t.optimizer));
    t.batch = jsonInteger(o, "batch", w, 1, L::maxBatch, t.batch);
    t.length = jsonInteger(o, "len", w, 2, L::maxLength, t.length);
    t.dModel = jsonInteger(o, "d_model", w, 1, L::maxDModel, t.dModel);
    t.dV = jsonInteger(o, "d_v", w, 1, L::maxDV, t.dV);
    t.noise = jsonNumber(o, "noise", w, 0, L::maxNoise, t.noise);
    t.seed = jsonSeed(o, "seed", w, t.seed);
    t.init = *attn::parseTrainInit(jsonText(o, "init", w, namesOf(attn::kTrainInitNames), "normal").toStdString());
    t.scaling = *attn::parseScaling(
        jsonText(o, "scaling", w, namesOf(attn::kScalingNames), scalingText(t.scaling)).toStdString());
    t.customScale = jsonNumber(o, "scale", w, -1e6, 1e6, t.customScale);
    if (const auto e = attn::validateTraining(t))
        throw CodecError { w + QString::fromStdString(*e) };
    return t;
}

// "classroom": {"presentation": true, "language": "zh", "lesson": FILE, "step": 4, "on_step": true,
//               "windows": ["why-scale"], "why_scale": {...}, "training": {...}, "mistake": "no-scale"}
// (step 1-based, as --step)
QJsonObject classroomToJson(const Classroom &c, const QString &lessonPath)
{
    QJsonObject o { { "presentation", c.presentation } };
    if (!c.language.isEmpty())
        o["language"] = c.language;
    if (!lessonPath.isEmpty()) {
        o["lesson"] = lessonPath;
        o["step"] = c.lessonStep + 1;
        o["on_step"] = c.onStep;
    }
    o["windows"] = QJsonArray::fromStringList(c.windows);
    o["why_scale"] = whyScaleToJson(c.whyScale);
    o["training"] = trainingToJson(c.training);
    o["mistake"] = QString::fromStdString(attn::mistakeName(c.mistake));
    return o;
}

Classroom classroomFromJson(const QJsonObject &o)
{
    const QString w = QStringLiteral("classroom.");
    onlyKnownKeys(o,
        { "presentation", "language", "lesson", "step", "on_step", "windows", "why_scale", "training", "mistake" }, w);
    Classroom c;
    c.presentation = jsonBool(o, "presentation", w, false);
    c.language = jsonText(o, "language", w, { "en", "zh" }, QString());
    c.lessonPath = jsonText(o, "lesson", w, {}, QString());
    if (o.contains("lesson") && c.lessonPath.isEmpty())
        throw CodecError { w + "lesson: an empty file name" };
    if (c.lessonPath.isEmpty() && (o.contains("step") || o.contains("on_step")))
        throw CodecError { w + "step: needs a lesson (the step of which lesson?)" };
    // (whether the lesson has that many steps is checked when it is read)
    c.lessonStep = jsonInteger(o, "step", w, 1, 100000, 1) - 1;
    c.onStep = jsonBool(o, "on_step", w, true);
    if (o.contains("windows")) {
        if (!o.value("windows").isArray())
            throw CodecError { w + "windows: expected a list of window names" };
        for (const auto &v : o.value("windows").toArray()) {
            if (!v.isString() || !classroomWindowNames().contains(v.toString()))
                throw CodecError { w
                    + QStringLiteral("windows: expected names among %1").arg(classroomWindowNames().join(", ")) };
            if (c.windows.contains(v.toString()))
                throw CodecError { w + QStringLiteral("windows: %1 is named twice").arg(v.toString()) };
            c.windows << v.toString();
        }
    }
    const auto object = [&](const char *key) {
        if (o.contains(key) && !o.value(key).isObject())
            throw CodecError { w + QStringLiteral("%1: expected an object").arg(key) };
        return o.value(key).toObject();
    };
    c.whyScale = whyScaleFromJson(object("why_scale"), w + "why_scale.");
    c.training = trainingFromJson(object("training"), w + "training.");
    QStringList mistakes;
    for (attn::Mistake m : attn::allMistakes())
        mistakes << QString::fromStdString(attn::mistakeName(m));
    c.mistake = *attn::parseMistake(jsonText(o, "mistake", w, mistakes, mistakes.first()).toStdString());
    return c;
}

} // namespace

Scenario parseScenario(const QJsonObject &o, bool needFormat)
{
    onlyKnownKeys(
        o, { "format", "version", "params", "display", "compare", "compare_d_k", "caption", "load", "classroom" }, "");
    if (needFormat || o.contains("format")) {
        if (o.value("format").toString() != kScenarioFormat)
            throw CodecError { QStringLiteral("format: expected \"%1\"").arg(kScenarioFormat) };
        const int version = jsonInteger(o, "version", "", 1, 1000000, 0);
        if (version < 1)
            throw CodecError { "version: missing" };
        if (version > kScenarioVersion)
            throw CodecError { QStringLiteral("version: %1 is newer than this program reads (%2); update attention-viz")
                                   .arg(version)
                                   .arg(kScenarioVersion) };
    }
    Scenario s;
    if (o.contains("params")) {
        if (!o.value("params").isObject())
            throw CodecError { "params: expected an object" };
        s.params = paramsFromJson(o.value("params").toObject(), "params.");
    }
    if (o.contains("display")) {
        if (!o.value("display").isObject())
            throw CodecError { "display: expected an object" };
        s.display = displayFromJson(o.value("display").toObject(), "display.");
    }
    s.compare = *compareFromName(
        jsonText(o, "compare", "", { "none", "scaling", "softmax-dim", "d-k", "score", "mask-fill", "sdpa" }, "none"));
    s.compareDk = jsonInteger(o, "compare_d_k", "", 1, attn::Limits::maxDim, attn::comparisonDk(s.params.dK));
    if (o.contains("caption")) {
        const QJsonValue c = o.value("caption");
        if (c.isString()) {
            s.captionEn = jsonText(o, "caption", "", {}, QString());
        } else if (c.isObject()) {
            onlyKnownKeys(c.toObject(), { "en", "zh" }, "caption.");
            s.captionEn = jsonText(c.toObject(), "en", "caption.", {}, QString());
            s.captionZh = jsonText(c.toObject(), "zh", "caption.", {}, QString());
        } else {
            throw CodecError { R"(caption: expected a string or {"en": ..., "zh": ...})" };
        }
    }
    s.loadPaths = loadPathsFromJson(o);
    if (o.contains("classroom")) {
        if (!o.value("classroom").isObject())
            throw CodecError { "classroom: expected an object" };
        s.classroom = classroomFromJson(o.value("classroom").toObject());
    }
    return s;
}

std::optional<QJsonObject> readJsonObject(const QString &path, QString *error)
{
    constexpr qint64 maxBytes = qint64(1) << 24;
    const QFileInfo info(path);
    if (!info.exists()) {
        *error = io::absentFileMessage(path);
        return std::nullopt;
    }
    if (info.isDir()) {
        *error = QStringLiteral("%1: is a folder, not a file").arg(path);
        return std::nullopt;
    }
    // A device or a FIFO could be endless or block for ever: only regular files are read (also a resource).
    if (!info.isFile()) {
        *error = QStringLiteral("%1: not a regular file (a device, FIFO or socket)").arg(path);
        return std::nullopt;
    }
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("%1: cannot read: %2").arg(path, f.errorString());
        return std::nullopt;
    }
    bool ok = false;
    const QByteArray bytes = io::readAtMost(f, maxBytes, &ok); // never more, whatever the file claims
    if (!ok) {
        *error = QStringLiteral("%1: cannot read: %2").arg(path, f.errorString());
        return std::nullopt;
    }
    if (f.size() > maxBytes || bytes.size() > maxBytes) {
        *error = QStringLiteral("%1: too large for a scenario or lesson (over 16 MiB)").arg(path);
        return std::nullopt;
    }
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &pe);
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

QJsonObject scenarioToJson(const Scenario &s)
{
    QJsonObject o;
    o["format"] = kScenarioFormat;
    o["version"] = kScenarioVersion;
    o["params"] = paramsToJson(s.params);
    o["display"] = displayToJson(s.display);
    o["compare"] = compareName(s.compare);
    if (s.compare == CompareKind::Dk)
        o["compare_d_k"] = s.compareDk;
    if (!s.captionEn.isEmpty() || !s.captionZh.isEmpty())
        o["caption"] = QJsonObject { { "en", s.captionEn }, { "zh", s.captionZh } };
    if (const QStringList paths = pathsOf(s); !paths.isEmpty())
        o["load"] = loadPathsToJson(paths);
    if (s.classroom)
        o["classroom"] = classroomToJson(*s.classroom, s.classroom->lessonPath);
    return o;
}

std::optional<Scenario> scenarioFromJson(const QJsonObject &o, QString *error)
{
    try {
        return parseScenario(o, true);
    } catch (const CodecError &b) {
        *error = b.message;
        return std::nullopt;
    }
}

bool saveScenario(const QString &path, const Scenario &s, QString *error, OutputSet *outputs)
{
    QJsonObject o = scenarioToJson(s);
    if (const QStringList paths = pathsOf(s); !paths.isEmpty()) {
        // The data files relative to the scenario: the two move together.
        const QDir folder = QFileInfo(path).absoluteDir();
        QStringList relative;
        for (const QString &p : paths) // (the built-in example stays ":/examples/...")
            relative << (p.startsWith(QLatin1String(":/")) ? p : folder.relativeFilePath(p));
        o["load"] = loadPathsToJson(relative);
    }
    if (s.classroom && !s.classroom->lessonPath.isEmpty() && !s.classroom->lessonPath.startsWith(QLatin1String(":/")))
        o["classroom"] = classroomToJson(
            *s.classroom, QFileInfo(path).absoluteDir().relativeFilePath(s.classroom->lessonPath)); // (as the data)
    const QByteArray bytes = QJsonDocument(o).toJson(QJsonDocument::Indented);
    return writeOutputBytes(outputs, path, bytes, error);
}

namespace {

// Whether a file a scenario names lies in the scenario's folder or below it, symbolic links followed. A file
// that is not there is not judged here: reading it says so.
bool besideScenario(const QString &scenarioPath, const QString &file)
{
    if (file.startsWith(QLatin1String(":/")))
        return true; // built into the program
    const QFileInfo f(file);
    if (!f.exists())
        return true;
    const QString folder = QFileInfo(scenarioPath).absoluteDir().canonicalPath();
    return !folder.isEmpty() && f.canonicalFilePath().startsWith(folder + QLatin1Char('/'));
}

} // namespace

std::optional<Scenario> loadScenario(const QString &path, QString *error, bool filesAnywhere, QStringList *outside)
{
    const auto o = readJsonObject(path, error);
    if (!o)
        return std::nullopt;
    Scenario s;
    try {
        s = parseScenario(*o, true);
    } catch (const CodecError &b) {
        *error = QStringLiteral("%1: %2").arg(path, b.message);
        return std::nullopt;
    }
    // A scenario someone sent reads only files beside it (its folder or below), unless the user said otherwise.
    QStringList far;
    const QDir here = QFileInfo(path).absoluteDir();
    const auto resolved = [&here](const QString &p) {
        return p.startsWith(QLatin1String(":/")) ? p : QDir::cleanPath(here.absoluteFilePath(p));
    };
    for (const QString &p : s.loadPaths)
        if (!besideScenario(path, resolved(p)))
            far << p;
    if (s.classroom && !s.classroom->lessonPath.isEmpty() && !besideScenario(path, resolved(s.classroom->lessonPath)))
        far << s.classroom->lessonPath;
    if (!far.isEmpty() && !filesAnywhere) {
        if (outside)
            *outside = far;
        *error = QStringLiteral("%1: '%2' is outside the scenario's folder: a scenario reads only files in its folder "
                                "or below (open it with --trust-scenario-files to read it anyway)")
                     .arg(path, far.first());
        return std::nullopt;
    }
    if (!s.loadPaths.isEmpty()) {
        // Its Q, K, V files, found from the scenario's folder.
        QStringList files;
        for (const QString &p : s.loadPaths)
            files << resolved(p);
        QString why;
        const auto in = io::loadInputs(files.value(0), files.value(1), files.value(2), &why);
        if (!in) {
            *error = QStringLiteral("%1: load: %2").arg(path, why);
            return std::nullopt;
        }
        attn::setLoaded(s.params, in);
    }
    if (s.classroom && !s.classroom->lessonPath.isEmpty()) {
        // Its lesson, found from the scenario's folder (the built-in one stays ":/lessons/lecture.json"), read now
        // so that a missing file or step is said when the scenario opens, not half-way through applying it.
        QString &lesson = s.classroom->lessonPath;
        lesson = resolved(lesson);
        QString why;
        const auto read = loadLesson(lesson, &why);
        if (!read) {
            *error = QStringLiteral("%1: classroom.lesson: %2").arg(path, why);
            return std::nullopt;
        }
        if (s.classroom->lessonStep >= int(read->steps.size())) {
            *error = QStringLiteral("%1: classroom.step: the lesson has %2 steps (got %3)")
                         .arg(path)
                         .arg(read->steps.size())
                         .arg(s.classroom->lessonStep + 1);
            return std::nullopt;
        }
    }
    return s;
}

std::optional<Lesson> loadLesson(const QString &path, QString *error)
{
    const auto o = readJsonObject(path, error);
    if (!o)
        return std::nullopt;
    auto lesson = lessonFromJson(*o, error);
    if (!lesson)
        *error = QStringLiteral("%1: %2").arg(path, *error);
    return lesson;
}

std::optional<Lesson> lessonFromJson(const QJsonObject &object, QString *error)
{
    const QJsonObject *o = &object;
    Lesson lesson;
    try {
        onlyKnownKeys(*o, { "format", "version", "title", "steps" }, "");
        if (o->value("format").toString() != kLessonFormat)
            throw CodecError { QStringLiteral("format: expected \"%1\"").arg(kLessonFormat) };
        const int version = jsonInteger(*o, "version", "", 1, 1000000, 0);
        if (version < 1)
            throw CodecError { "version: missing" };
        if (version > kScenarioVersion)
            throw CodecError { QStringLiteral("version: %1 is newer than this program reads (%2); update attention-viz")
                                   .arg(version)
                                   .arg(kScenarioVersion) };
        const QJsonValue title = o->value("title");
        if (title.isString()) {
            lesson.titleEn = jsonText(*o, "title", "", {}, QString());
        } else if (title.isObject()) {
            onlyKnownKeys(title.toObject(), { "en", "zh" }, "title.");
            lesson.titleEn = jsonText(title.toObject(), "en", "title.", {}, QString());
            lesson.titleZh = jsonText(title.toObject(), "zh", "title.", {}, QString());
        } else if (!title.isUndefined()) {
            throw CodecError { R"(title: expected a string or {"en": ..., "zh": ...})" };
        }
        if (!o->value("steps").isArray() || o->value("steps").toArray().isEmpty())
            throw CodecError { "steps: expected a non-empty list of scenarios" };
        const QJsonArray steps = o->value("steps").toArray();
        for (int i = 0; i < steps.size(); ++i) {
            if (!steps[i].isObject())
                throw CodecError { QStringLiteral("steps[%1]: expected an object").arg(i) };
            try {
                lesson.steps.push_back(parseScenario(steps[i].toObject(), false));
                if (!lesson.steps.back().loadPaths.isEmpty())
                    throw CodecError { "load: a lesson's steps draw their Q, K, V; open data files with a scenario" };
            } catch (const CodecError &b) {
                throw CodecError { QStringLiteral("steps[%1].%2").arg(i).arg(b.message) };
            }
        }
    } catch (const CodecError &b) {
        *error = b.message;
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
            s.params = attn::lectureBlock1(); // (where the program starts)
            s.captionEn
                = "Block 1: Q, K and V are three projections of the same X (2, 5, 8). Each row of the weights is "
                  "one query's distribution over the five keys and sums to 1; query 0 puts 0.9977 on key 2, so "
                  "out[0][0] = [-2.2439, -2.8877, -1.4509, -4.722] is almost V[0][2] = [-2.2508, -2.8931, -1.4567, "
                  "-4.7315].";
            s.captionZh
                = "代码块 1：Q、K、V 是同一个 X (2, 5, 8) 的三个线性投影。权重的每一行是一个查询在 5 个键上的分布，"
                  "和为 1；查询 0 把 0.9977 的权重放在键 2 上，所以 out[0][0] = [-2.2439, -2.8877, -1.4509, -4.722] "
                  "几乎就是 V[0][2] = [-2.2508, -2.8931, -1.4567, -4.7315]。";
            v.push_back({ "qkv-basics", s });
        }
        {
            Scenario s;
            s.params.mode = attn::Mode::Direct;
            attn::setQueryLength(s.params, 1);
            attn::setKeyLength(s.params, 6);
            attn::setDk(s.params, 64);
            s.compare = CompareKind::Scaling;
            s.display.gradientPanels = true; // the gradient that vanishes without the scale
            s.captionEn = "Block 2: one query, six keys, d_k = 64. The raw scores are expected to spread with variance "
                          "d_k = 64 (these six samples: 35.82), so without scaling the softmax piles 0.8638 on one key "
                          "(entropy 0.4053); divided by √64 = 8 the largest "
                          "weight is 0.3486 and the entropy 1.5694, close to ln 6 = 1.7918.";
            s.captionZh
                = "代码块 2：一个查询、六个键、d_k = 64。原始分数的期望方差为 d_k = 64（这六个样本为 35.82），不缩放时 "
                  "softmax 把 0.8638 的权重"
                  "压在一个键上（熵 0.4053）；除以 √64 = 8 之后最大权重为 0.3486，熵为 1.5694，接近 ln 6 = 1.7918。";
            v.push_back({ "why-scale", s });
        }
        {
            Scenario s;
            s.params.mode = attn::Mode::Direct;
            s.params.batch = 2;
            attn::setQueryLength(s.params, 5);
            attn::setDk(s.params, 4);
            s.params.seed = 1;
            s.compare = CompareKind::Sdpa;
            s.captionEn
                = "Block 3 (seed 1): softmax(Q·Kᵀ / √4)·V by hand on the left, F.scaled_dot_product_attention "
                  "on the right: the same function. The lecture prints 最大绝对差 = 1.2e-07 and allclose = True; "
                  "the last line below gives both, and why the difference is not 0.";
            s.captionZh
                = "代码块 3（种子 1）：左边是手写的 softmax(Q·Kᵀ / √4)·V，右边是 F.scaled_dot_product_attention，"
                  "同一个函数。讲义打印最大绝对差 = 1.2e-07、allclose = True；下方最后一行给出这两个数，"
                  "并说明差为何不是 0。";
            v.push_back({ "sdpa-check", s });
        }
        {
            Scenario s;
            s.params.mode = attn::Mode::Direct;
            attn::setQueryLength(s.params, 3);
            attn::setKeyLength(s.params, 5);
            attn::setDk(s.params, 4);
            s.params.scaling = attn::Scaling::None;
            s.params.softmaxDim = -2;
            s.compare = CompareKind::SoftmaxDim;
            s.captionEn
                = "The exercise: softmax over dim -2 normalises each key's column over the queries. The columns "
                  "sum to 1, the rows do not (row 0 sums to 0.8702), so the output is no longer a weighted "
                  "average of the values.";
            s.captionZh = "练习：沿 dim -2 做 softmax，是对每个键的一列在各查询上归一化。各列和为 1，各行不再和为 1"
                          "（第 0 行和为 0.8702），输出也就不再是值向量的加权平均。";
            v.push_back({ "wrong-dim", s });
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
