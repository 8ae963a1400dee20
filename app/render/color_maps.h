// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Drawing the heatmap's colour maps (names, titles and stops: model/color_map_names.h).
// QCustomPlot 2.1 has no perceptual maps, so viridis, cividis and magma are given as stops sampled
// from matplotlib's tables.

#include "model/color_map_names.h"

#include <qcustomplot.h>

QCPColorGradient colorGradient(const QString &name); // unknown names give viridis
QColor maskedCellColor();
