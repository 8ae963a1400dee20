// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The heatmap's colour maps by name: what files, the command line and menus accept, with their
// titles and colour stops. Drawing them is render/color_maps.h; this needs no GUI.

#include <QStringList>

QStringList colorMapNames(); // internal names, e.g. "viridis"
QString colorMapTitle(const QString &name); // shown in menus, e.g. "Viridis"
bool isDiverging(const QString &name); // centred on 0: for raw scores and logits
// The map's colours (#rrggbb), evenly spaced from 0 to 1; unknown names give viridis.
QStringList colorMapStops(const QString &name);
