// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/color_map_names.h"

#include <QCoreApplication>

namespace {

struct MapDef
{
    const char *name;
    const char *title;
    bool diverging;
    std::initializer_list<const char *> stops; // evenly spaced from 0 to 1
};

const MapDef kMaps[] = {
    { "viridis", QT_TRANSLATE_NOOP("ColorMaps", "Viridis"), false,
        { "#440154", "#482878", "#3e4989", "#31688e", "#26828e", "#1f9e89", "#35b779", "#6ece58", "#fde725" } },
    { "cividis", QT_TRANSLATE_NOOP("ColorMaps", "Cividis (colour-blind safe)"), false,
        { "#00204d", "#00336f", "#414d6b", "#5f636e", "#7c7b78", "#9b9377", "#bcaf6f", "#dfcb5d", "#ffea46" } },
    { "magma", QT_TRANSLATE_NOOP("ColorMaps", "Magma"), false,
        { "#000004", "#1c1044", "#4f127b", "#812581", "#b5367a", "#e55064", "#fb8761", "#fec287", "#fcfdbf" } },
    { "grayscale", QT_TRANSLATE_NOOP("ColorMaps", "Grayscale (white = 0, for print)"), false,
        { "#ffffff", "#000000" } },
    { "coolwarm", QT_TRANSLATE_NOOP("ColorMaps", "Cool-warm (diverging, for scores)"), true,
        { "#3b4cc0", "#8db0fe", "#dddcdc", "#f49a7b", "#b40426" } },
};

const MapDef *find(const QString &name)
{
    for (const MapDef &m : kMaps)
        if (name == QLatin1String(m.name))
            return &m;
    return &kMaps[0];
}

} // namespace

QStringList colorMapNames()
{
    QStringList names;
    for (const MapDef &m : kMaps)
        names << QString::fromLatin1(m.name);
    return names;
}

QString colorMapTitle(const QString &name)
{
    return QCoreApplication::translate("ColorMaps", find(name)->title);
}

bool isDiverging(const QString &name)
{
    return find(name)->diverging;
}

QStringList colorMapStops(const QString &name)
{
    QStringList stops;
    for (const char *c : find(name)->stops)
        stops << QString::fromLatin1(c);
    return stops;
}
