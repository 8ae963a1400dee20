// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Reads tests/reference/torch_fixtures.json, made by tests/reference/make_fixtures.py with real PyTorch.

#include "attention.h"

#include <QByteArray>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <cstring>
#include <vector>

inline QJsonObject loadFixtures()
{
    QFile f(QStringLiteral(ATTN_FIXTURES));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot open %s", ATTN_FIXTURES);
    return QJsonDocument::fromJson(f.readAll()).object();
}

// A tensor stored as {"shape": [...], "f32": base64 of little-endian float32}.
inline std::vector<float> fixtureValues(const QJsonObject &t)
{
    const QByteArray bytes = QByteArray::fromBase64(t.value("f32").toString().toLatin1());
    std::vector<float> v(bytes.size() / 4);
    if (!v.empty()) // (memcpy takes no null pointer, even for 0 bytes)
        std::memcpy(v.data(), bytes.constData(), v.size() * 4);
    return v;
}

inline std::vector<int> fixtureShape(const QJsonObject &t)
{
    std::vector<int> s;
    for (const QJsonValue &x : t.value("shape").toArray())
        s.push_back(x.toInt());
    return s;
}

inline std::uint32_t floatBits(float x)
{
    std::uint32_t b;
    std::memcpy(&b, &x, 4);
    return b;
}

// The settings a fixture was made with, from its "params" object as the reference scripts write them (the dump's
// field names; what a script leaves out is the default): the one decoder of every fixture file.
inline attn::Params paramsOfFixture(const QJsonObject &o)
{
    attn::Params p;
    p.mode = attn::parseMode(o.value("mode").toString("projection").toStdString()).value();
    p.batch = o.value("batch").toInt(p.batch);
    p.queryLength = o.value("len").toInt(p.queryLength);
    p.keyLength = o.value("keys").toInt(p.queryLength);
    p.cross = o.value("cross").toBool(false);
    p.keysFollowLength = p.keyLength == p.queryLength && !p.cross;
    p.dModel = o.value("d_model").toInt(p.dModel);
    p.dK = o.value("d_k").toInt(p.dK);
    p.dV = o.value("d_v").toInt(p.dK);
    p.dvFollowsDk = p.dV == p.dK;
    p.seed = std::uint64_t(o.value("seed").toDouble(0));
    p.scaling = attn::parseScaling(o.value("scaling").toString("inv_sqrt_d_k").toStdString()).value();
    p.init = attn::parseInit(o.value("init").toString("randn").toStdString()).value();
    p.sigma = o.value("sigma").toDouble(1.0);
    p.customScale = o.value("scale").toDouble(1.0);
    p.softmaxDim = o.value("softmax_dim").toInt(-1);
    if (o.contains("hidden")) { // additive scores (make_additive_fixtures.py)
        p.score = attn::Score::Additive;
        p.additiveHidden = o.value("hidden").toInt();
    }
    // The mask as --mask spells it, or a padding count alone (make_mistake_fixtures.py).
    const QString mask
        = o.contains("pad") ? QString("pad:%1").arg(o.value("pad").toInt()) : o.value("mask").toString("none");
    std::string error;
    if (!attn::parseMask(mask.toStdString(), p, &error))
        qFatal("fixture mask %s: %s", qPrintable(mask), error.c_str());
    for (const QJsonValue &t : o.value("tokens").toArray())
        p.tokens.push_back(t.toString().toStdString());
    p.positions = o.value("positions").toBool(false);
    return p;
}

// The Params a case of torch_fixtures.json was made with.
inline attn::Params fixtureParams(const QJsonObject &c)
{
    return paramsOfFixture(c.value("params").toObject());
}

inline QString fixtureName(const QJsonObject &c)
{
    const QJsonObject o = c.value("params").toObject();
    QStringList tokens;
    for (const QJsonValue &t : o.value("tokens").toArray())
        tokens << t.toString();
    return QStringLiteral("%1 B=%2 L=%3 S=%4 dk=%5 seed=%6 %7 dim%8 %9%10")
        .arg(o.value("mode").toString())
        .arg(o.value("batch").toInt())
        .arg(o.value("len").toInt())
        .arg(o.value("keys").toInt())
        .arg(o.value("d_k").toInt())
        .arg(o.value("seed").toInt())
        .arg(o.value("scaling").toString())
        .arg(o.value("softmax_dim").toInt())
        .arg(o.value("mask").toString())
        .arg(tokens.isEmpty()
                ? QString()
                : " tokens '" + tokens.join(' ') + (o.value("positions").toBool() ? "' + positions" : "'"));
}
