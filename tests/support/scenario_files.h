// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What the scenario and lesson tests share: writing a file, and a scenario that uses every field.

#include "io/scenario.h"
#include "lecture.h"

#include <QByteArray>
#include <QFile>
#include <QString>

inline void writeFile(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        qFatal("cannot write %s", qPrintable(path));
    f.write(bytes);
}

inline QByteArray readFile(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(path));
    return f.readAll();
}

// Every field away from its default: a padding mask, the largest seed, Chinese and quoted tokens
// with position encodings, a d_k comparison, captions in both languages.
inline Scenario everyFieldScenario()
{
    Scenario s;
    s.params = lecture::exercise(-2);
    s.params.mask = attn::MaskKind::Pad;
    s.params.padCount = 2;
    s.params.seed = 18446744073709551615ull;
    s.display.colorMap = "magma";
    s.display.range = DisplayOptions::Range::Fit;
    s.display.cellValues = false;
    s.display.gradientPanels = true;
    s.compare = CompareKind::Dk;
    s.compareDk = 512;
    s.captionEn = "hello";
    s.captionZh = "你好";
    s.params.mode = attn::Mode::Projection;
    s.params.tokens = { "我", "爱", "你", "\"quoted\"" };
    s.params.positions = true;
    s.params.queryLength = s.params.keyLength = 4;
    s.params.init = attn::Init::Linear;
    s.params.sigma = 0.75;
    s.params.scaling = attn::Scaling::QuarterEach;
    return s;
}
