// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/settings_store.h"

#include "io/params_codec.h"

#include <QJsonDocument>
#include <QSettings>

// One key, "state": the settings as the params codec writes them (names, not enum numbers), so the
// file stays readable when an enum changes. Files from before (a group "params" of numbers) are ignored.
void storeSettings(QSettings &s, const attn::Params &p, const DisplayOptions &d)
{
    const QJsonObject state { { "params", paramsToJson(p) }, { "display", displayToJson(d) } };
    s.setValue("state", QString::fromUtf8(QJsonDocument(state).toJson(QJsonDocument::Compact)));
}

bool loadSettings(QSettings &s, attn::Params *params, DisplayOptions *display)
{
    if (s.status() != QSettings::NoError || !s.contains("state"))
        return false;
    const QJsonDocument doc = QJsonDocument::fromJson(s.value("state").toString().toUtf8());
    if (!doc.isObject())
        return false;
    try {
        const attn::Params p = paramsFromJson(doc.object().value("params").toObject(), "params.");
        const DisplayOptions d = displayFromJson(doc.object().value("display").toObject(), "display.");
        *params = p;
        *display = d;
        return true;
    } catch (const CodecError &) {
        return false; // a broken file: the defaults
    }
}
