// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// One map of loaded attention weights (File > Open attention weights, --load-weights) drawn as a heatmap with
// axes, token names, a colour scale and an optional title: large in the weights window, and as a picture
// (its Export, --load-weights --export). The cells are reduced for drawing by core's matrixGrid (each drawn cell
// the largest weight of its block), so a 4096 x 4096 map costs what the screen has pixels for.

#include "heatmap_grid.h"
#include "weights.h"

#include <QPointF>
#include <QSize>
#include <QString>

class QCustomPlot;
class QCPAxisRect;
class QCPColorMap;
class QCPColorScale;
class QCPTextElement;

// "layer 1 · batch 0 · head 2" for map = layer·B·H + b·H + h.
QString weightsMapName(const attn::LoadedWeights &w, int map);

// The colour range: 0 to 1 when every finite value lies in it, else widened to the values (negative
// weights, sums above 1 stay visible and the scale says so).
void weightsColorRange(const attn::HeatmapGrid &grid, double *lo, double *hi);

class WeightsPlot
{
public:
    explicit WeightsPlot(QCustomPlot *plot); // lays out the plot; the plot owns what is made
    // Draws map (as numbered above) at most maxCells cells on a side; title above it (empty: none).
    void setMap(const attn::LoadedWeights &w, int map, const QString &title, int maxCells = 512);
    // Text size in pixels (0: the plot's font) for pictures.
    void setTextSize(int px);
    // The query and key under a widget position, false outside the map.
    bool cellAt(const QPointF &pos, int *query, int *key) const;
    double colorLow() const { return m_lo; }
    double colorHigh() const { return m_hi; }
    const attn::HeatmapGrid &grid() const { return m_grid; }

private:
    QCustomPlot *m_plot;
    QCPAxisRect *m_rect;
    QCPColorMap *m_map;
    QCPColorScale *m_scale;
    QCPTextElement *m_title;
    attn::HeatmapGrid m_grid;
    int m_rows = 0, m_cols = 0;
    double m_lo = 0.0, m_hi = 1.0;
};

// The map as a picture in the format path's suffix names (.png .jpg .pdf .svg), size in pixels at ratio 1
// (points for PDF and SVG). title empty: the map's name and the file; titled false: no title line. False with
// *error naming the problem.
bool encodeWeightsPicture(const QString &path, const attn::LoadedWeights &w, int map, const QSize &size,
    double pixelRatio, bool transparent, const QString &title, bool titled, QByteArray *encoded, QString *error);
