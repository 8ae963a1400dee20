// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Light and dark: the window's colours (View > Theme, --theme). "system" keeps the style and palette the
// platform gave; "light" and "dark" draw with Qt's Fusion style (check boxes with a firmer outline) in a
// light or a dark palette. The plots (QCustomPlot) keep white paper and dark ink in every theme, as in the
// exported pictures, so that their colours (the heatmap's, the numbers' contrast on each cell) are the ones a
// slide shows; the text around them, the four steps and the heads tiles follow the palette.

#include <QColor>
#include <QString>

class QPalette;

// name: "system" (or empty), "light" or "dark". Every widget receives the palette change.
void applyTheme(const QString &name);
// What applyTheme was last given ("system" before).
QString themeName();
// Whether p is a dark palette (light text on a dark window).
bool isDark(const QPalette &p);
// onLight on a light palette, onDark on a dark one: a text colour readable on p's window.
QColor readable(const QPalette &p, const QColor &onLight, const QColor &onDark);
