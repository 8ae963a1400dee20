// SPDX-License-Identifier: GPL-3.0-or-later
#include "render/weights_plot.h"

#include "render/color_maps.h"
#include "render/figure.h"
#include "render/heatmap_drawing.h"

#include <qcustomplot.h>

#include <QCoreApplication>

#include <cmath>

QString weightsMapName(const attn::LoadedWeights &w, int map)
{
    const int layer = map / (w.batch * w.heads), b = (map / w.heads) % w.batch, h = map % w.heads;
    return QCoreApplication::translate("WeightsWindow", "layer %1 · batch %2 · head %3").arg(layer).arg(b).arg(h);
}

void weightsColorRange(const attn::HeatmapGrid &grid, double *lo, double *hi)
{
    *lo = 0.0;
    *hi = 1.0;
    for (Eigen::Index k = 0; k < grid.values.size(); ++k) {
        const double v = grid.values.data()[k];
        if (std::isfinite(v)) {
            *lo = std::min(*lo, v);
            *hi = std::max(*hi, v);
        }
    }
}

WeightsPlot::WeightsPlot(QCustomPlot *plot)
    : m_plot(plot)
{
    m_plot->plotLayout()->clear();
    m_title = new QCPTextElement(m_plot, QString());
    m_rect = new QCPAxisRect(m_plot);
    m_scale = new QCPColorScale(m_plot);
    m_plot->plotLayout()->addElement(0, 0, m_rect);
    m_plot->plotLayout()->addElement(0, 1, m_scale);
    m_plot->plotLayout()->setColumnStretchFactor(1, 0.01);
    auto *group = new QCPMarginGroup(m_plot);
    m_rect->setMarginGroup(QCP::msTop | QCP::msBottom, group);
    m_scale->setMarginGroup(QCP::msTop | QCP::msBottom, group);
    setUpHeatmapAxes(m_rect);
    m_map = new QCPColorMap(m_rect->axis(QCPAxis::atBottom), m_rect->axis(QCPAxis::atLeft));
    m_map->setInterpolate(false);
    m_map->setTightBoundary(false);
    m_map->setColorScale(m_scale);
    m_map->setGradient(colorGradient(QStringLiteral("viridis")));
    m_scale->setType(QCPAxis::atRight);
    m_scale->setBarWidth(14);
}

void WeightsPlot::setTextSize(int px)
{
    QFont body = m_plot->font();
    body.setPixelSize(px);
    QFont small = body;
    small.setPixelSize(std::max(8, px * 9 / 10));
    QFont title = body;
    title.setPixelSize(px * 5 / 4);
    title.setBold(true);
    m_title->setFont(title);
    for (QCPAxis *a : { m_rect->axis(QCPAxis::atBottom), m_rect->axis(QCPAxis::atLeft), m_scale->axis() }) {
        a->setLabelFont(body);
        a->setTickLabelFont(small);
    }
}

void WeightsPlot::setMap(const attn::LoadedWeights &w, int map, const QString &title, int maxCells)
{
    m_scale->axis()->setLabel(QCoreApplication::translate("WeightsWindow", "weight")); // in the language now
    map = std::clamp(map, 0, std::max(0, w.maps() - 1));
    const int layer = map / (w.batch * w.heads), b = (map / w.heads) % w.batch, h = map % w.heads;
    m_rows = w.rows;
    m_cols = w.cols;
    m_grid = attn::matrixGrid(w.map(layer, b, h), w.rows, w.cols, maxCells, maxCells);
    fillColorMap(m_map, m_grid, w.rows, w.cols);
    weightsColorRange(m_grid, &m_lo, &m_hi);
    m_map->setDataRange(QCPRange(m_lo, m_hi));
    setAxisLabels(m_rect, w.tokens);
    const bool hasTitle = !title.isEmpty();
    m_title->setText(title);
    if (hasTitle && m_plot->plotLayout()->element(0, 0) != m_title) {
        m_plot->plotLayout()->insertRow(0);
        m_plot->plotLayout()->addElement(0, 0, m_title);
        m_plot->plotLayout()->setRowStretchFactor(0, 0.01);
    } else if (!hasTitle && m_plot->plotLayout()->element(0, 0) == m_title) {
        m_plot->plotLayout()->take(m_title);
        m_plot->plotLayout()->simplify();
    }
}

bool WeightsPlot::cellAt(const QPointF &pos, int *query, int *key) const
{
    if (!m_rect->rect().contains(pos.toPoint()) || m_rows <= 0)
        return false;
    const double x = m_rect->axis(QCPAxis::atBottom)->pixelToCoord(pos.x());
    const double y = m_rect->axis(QCPAxis::atLeft)->pixelToCoord(pos.y());
    const int j = int(std::lround(x)), i = int(std::lround(y));
    if (i < 0 || j < 0 || i >= m_rows || j >= m_cols)
        return false;
    *query = i;
    *key = j;
    return true;
}

bool encodeWeightsPicture(const QString &path, const attn::LoadedWeights &w, int map, const QSize &size,
    double pixelRatio, bool transparent, const QString &title, bool titled, QByteArray *encoded, QString *error)
{
    QCustomPlot plot;
    WeightsPlot drawn(&plot);
    drawn.setTextSize(std::clamp(std::min(size.height() / 40, size.width() / 50), 8, 48));
    const QString shown = title.isEmpty()
        ? QStringLiteral("%1  ·  %2").arg(weightsMapName(w, map), QString::fromStdString(w.source))
        : title; // also the PDF's title
    drawn.setMap(w, map, titled ? shown : QString(), std::max(1, std::min(size.width(), size.height())));
    return encodePlot(path, plot, size, pixelRatio, transparent, shown, encoded, error);
}
