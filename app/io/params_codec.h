// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The one codec between the settings and JSON: Params and DisplayOptions <-> JSON objects, with
// validation that names the field. Scenarios, lessons and the remembered settings all go through it;
// the value spellings ("direct", "pad:2", "inv_sqrt_d_k") are core's (params.h), which the command
// line and the --dump JSON use too.
//
// params:  {"mode": "direct", "batch": 1, "len": 1, "keys": 6, "cross": false, "d_model": 8, "d_k": 64,
//           "d_v": 64, "d_v_follows_d_k": true, "keys_follow_len": false, "seed": 0,
//           "scaling": "inv_sqrt_d_k|none|custom|inv_d_k|inv_sqrt_d_model|quarter_each", "scale": 0.125,
//           "init": "randn|scaled|linear", "sigma": 1, "softmax_dim": -1, "mask": "none|causal|pad:N",
//           "batch_index": 0, "tokens": ["the", "cat"], "positions": false}
// display: {"show": "weights|scores|logits", "colormap": "viridis", "range": "fixed|fit", "cell_values": true,
//           "gradient_panels": true}
// Every field is optional (the command line's defaults). Without the two link fields (files written
// before they existed) d_v follows d_k when it is absent or equal, and S follows L likewise.

#include "model/view_state.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

// A field's problem: "field: what is wrong", with the field's path from the object given
// (e.g. "params.d_k: must be from 1 to 65536 (got 0)").
struct CodecError
{
    QString message;
};

QJsonObject paramsToJson(const attn::Params &p);
// Throws CodecError; where is the path prefix for messages, e.g. "params.".
attn::Params paramsFromJson(const QJsonObject &o, const QString &where);

QJsonObject displayToJson(const DisplayOptions &d);
DisplayOptions displayFromJson(const QJsonObject &o, const QString &where);

// Helpers shared with the scenario and lesson readers; all throw CodecError.
void onlyKnownKeys(const QJsonObject &o, const QStringList &known, const QString &where);
int jsonInteger(const QJsonObject &o, const QString &key, const QString &where, int lo, int hi, int fallback);
QString jsonText(const QJsonObject &o, const QString &key, const QString &where, const QStringList &allowed,
    const QString &fallback);
bool jsonBool(const QJsonObject &o, const QString &key, const QString &where, bool fallback);
// A number from lo to hi.
double jsonNumber(
    const QJsonObject &o, const QString &key, const QString &where, double lo, double hi, double fallback);
// A seed: a whole number up to 2^53, or any 64-bit one as a string (JSON numbers are doubles).
quint64 jsonSeed(const QJsonObject &o, const QString &key, const QString &where, quint64 fallback);
QJsonValue seedToJson(quint64 seed);
