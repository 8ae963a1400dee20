#pragma once
// The heatmap's colour maps. QCustomPlot 2.1 has no perceptual maps, so viridis, cividis and
// magma are given as stops sampled from matplotlib's tables.

#include <qcustomplot.h>

#include <QStringList>

QStringList colorMapNames();                      // internal names, e.g. "viridis"
QString colorMapTitle(const QString &name);       // shown in menus, e.g. "Viridis"
QCPColorGradient colorGradient(const QString &name); // unknown names give viridis
bool isDiverging(const QString &name);           // centred on 0: for raw scores and logits
QColor maskedCellColor();
