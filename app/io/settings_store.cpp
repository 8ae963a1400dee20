#include "io/settings_store.h"

#include "model/color_map_names.h"

#include <QSettings>

void storeSettings(QSettings &s, const attn::Params &p, const DisplayOptions &d)
{
    s.beginGroup("params");
    s.setValue("mode", p.mode == attn::Mode::Projection ? "projection" : "direct");
    s.setValue("batch", p.batch);
    s.setValue("len", p.queryLength);
    s.setValue("keys", p.keyLength);
    s.setValue("cross", p.cross);
    s.setValue("d_model", p.dModel);
    s.setValue("d_k", p.dK);
    s.setValue("d_v", p.dV);
    s.setValue("seed", QString::number(p.seed));
    s.setValue("scaling", int(p.scaling));
    s.setValue("scale", p.customScale);
    s.setValue("softmax_dim", p.softmaxDim);
    s.setValue("mask", int(p.mask));
    s.setValue("pad", p.padCount);
    s.setValue("batch_index", p.batchIndex);
    QStringList tokens;
    for (const std::string &t : p.tokens)
        tokens << QString::fromStdString(t);
    s.setValue("tokens", tokens);
    s.setValue("positions", p.positions);
    s.endGroup();
    s.beginGroup("display");
    s.setValue("quantity", int(d.quantity));
    s.setValue("color_map", d.colorMap);
    s.setValue("range", int(d.range));
    s.setValue("cell_values", d.cellValues);
    s.endGroup();
}

bool loadSettings(QSettings &s, attn::Params *params, DisplayOptions *display)
{
    if (s.status() != QSettings::NoError)
        return false;
    bool allOk = true;
    auto integer = [&](const char *key, int lo, int hi) {
        bool ok = false;
        const int v = s.value(key).toInt(&ok);
        if (!ok || v < lo || v > hi)
            allOk = false;
        return v;
    };
    attn::Params p;
    s.beginGroup("params");
    if (!s.contains("mode")) {
        s.endGroup();
        return false;
    }
    const QString mode = s.value("mode").toString();
    allOk &= mode == "projection" || mode == "direct";
    p.mode = mode == "direct" ? attn::Mode::Direct : attn::Mode::Projection;
    p.batch = integer("batch", 1, attn::Limits::maxBatch);
    p.queryLength = integer("len", 1, attn::Limits::maxLength);
    p.keyLength = integer("keys", 1, attn::Limits::maxLength);
    p.cross = s.value("cross").toBool();
    p.dModel = integer("d_model", 1, attn::Limits::maxDim);
    p.dK = integer("d_k", 1, attn::Limits::maxDim);
    p.dV = integer("d_v", 1, attn::Limits::maxDim);
    bool seedOk = false;
    p.seed = s.value("seed").toString().toULongLong(&seedOk);
    allOk &= seedOk;
    p.scaling = attn::Scaling(integer("scaling", 0, 2));
    p.customScale = s.value("scale").toDouble(&seedOk);
    allOk &= seedOk;
    p.softmaxDim = integer("softmax_dim", -2, -1);
    p.mask = attn::MaskKind(integer("mask", 0, 2));
    p.padCount = integer("pad", 0, attn::Limits::maxLength);
    p.batchIndex = integer("batch_index", 0, attn::Limits::maxBatch);
    for (const QString &t : s.value("tokens").toStringList())
        p.tokens.push_back(t.toStdString());
    p.positions = s.value("positions").toBool();
    s.endGroup();

    DisplayOptions d;
    s.beginGroup("display");
    d.quantity = attn::Quantity(integer("quantity", 0, 2));
    d.colorMap = s.value("color_map").toString();
    allOk &= colorMapNames().contains(d.colorMap);
    d.range = DisplayOptions::Range(integer("range", 0, 1));
    d.cellValues = s.value("cell_values", true).toBool();
    s.endGroup();

    if (!allOk || attn::validate(p, attn::defaultMemoryBudget()))
        return false;
    *params = p;
    *display = d;
    return true;
}
