// SPDX-License-Identifier: GPL-3.0-or-later
#include "render/hull_plot.h"

#include <algorithm>
#include <cmath>

namespace {

const QColor kValue(0x1f, 0x5f, 0xa8);
const QColor kOutput(0xe0, 0x80, 0x10);
const QColor kOutside(0xc0, 0x10, 0x10);

// The diameter of a value point for a weight w of the highlighted query: its area grows with w.
double sizeFor(double w)
{
    return 7.0 + 34.0 * std::sqrt(std::clamp(w, 0.0, 1.0));
}

} // namespace

HullPlot::HullPlot(QCustomPlot *plot)
    : m_plot(plot)
{
    m_hull = new QCPCurve(plot->xAxis, plot->yAxis);
    m_hull->setPen(QPen(QColor(0x70, 0x70, 0x70), 1.5));
    m_hull->setBrush(QColor(0x1f, 0x5f, 0xa8, 28));
    m_outputs = plot->addGraph();
    m_outputs->setLineStyle(QCPGraph::lsNone);
    m_outputs->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, kOutput, kOutput, 9));
    m_outside = plot->addGraph();
    m_outside->setLineStyle(QCPGraph::lsNone);
    m_outside->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCrossCircle, QPen(kOutside, 2.5), Qt::white, 13));
    m_highlight = plot->addGraph();
    m_highlight->setLineStyle(QCPGraph::lsNone);
    m_highlight->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssStar, QPen(Qt::black, 2), kOutput, 22));
    m_highlight->removeFromLegend();
    // The legend in one row under the plot, where it covers no point.
    plot->legend->setVisible(true);
    plot->axisRect()->insetLayout()->take(plot->legend);
    plot->plotLayout()->addElement(1, 0, plot->legend);
    plot->plotLayout()->setRowStretchFactor(1, 0.001);
    plot->legend->setWrap(2);
    plot->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    plot->legend->setBorderPen(Qt::NoPen);
    plot->legend->setMargins(QMargins(4, 0, 4, 2));
    plot->xAxis->grid()->setVisible(false);
    plot->yAxis->grid()->setVisible(false);
}

void HullPlot::setTextSize(int px)
{
    m_textPx = px;
    QFont f = m_plot->font();
    f.setPixelSize(px);
    m_plot->legend->setFont(f);
    for (QCPAxis *a : { m_plot->xAxis, m_plot->yAxis }) {
        a->setLabelFont(f);
        QFont t = f;
        t.setPixelSize(std::max(8, px - 2));
        a->setTickLabelFont(t);
    }
    for (QCPItemText *t : m_labels)
        t->setFont(f);
}

void HullPlot::show(const attn::HullProjection &h, const attn::MatrixRM &weights, int query)
{
    // (the names in the interface's language now)
    m_hull->setName(QCoreApplication::translate("HullPlot", "the values' convex hull"));
    m_outputs->setName(QCoreApplication::translate("HullPlot", "outputs o_i inside"));
    m_outside->setName(QCoreApplication::translate("HullPlot", "outputs o_i outside (in all d_v dimensions)"));
    m_shown = h;
    const int S = int(h.values.size()), L = int(h.outputs.size());
    if (query >= L)
        query = -1;
    // Hull: the corners, closed.
    QVector<double> hx, hy, ht;
    for (std::size_t k = 0; k <= h.hull.size() && !h.hull.empty(); ++k) {
        const attn::Point2 &c = h.values[std::size_t(h.hull[k % h.hull.size()])];
        ht << double(k);
        hx << c[0];
        hy << c[1];
    }
    m_hull->setData(ht, hx, hy, true);
    // Values: one graph each, sized by the highlighted query's weight.
    while (int(m_values.size()) < S) {
        QCPGraph *g = m_plot->addGraph();
        g->setLineStyle(QCPGraph::lsNone);
        if (!m_values.empty())
            g->removeFromLegend();
        m_values.push_back(g);
    }
    if (!m_values.empty())
        m_values.front()->setName(QCoreApplication::translate("HullPlot", "values v_j"));
    for (std::size_t j = 0; j < m_values.size(); ++j) {
        QCPGraph *g = m_values[j];
        g->setVisible(int(j) < S);
        if (int(j) >= S)
            continue;
        const double w
            = query >= 0 && query < weights.rows() && int(j) < weights.cols() ? weights(query, Eigen::Index(j)) : 0.0;
        const double size = query >= 0 ? sizeFor(w) : 9.0;
        g->setScatterStyle(
            QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(kValue, 2), QColor(0x1f, 0x5f, 0xa8, 60), size));
        g->setData(QVector<double> { h.values[j][0] }, QVector<double> { h.values[j][1] }, true);
        g->setProperty("size", size);
    }
    QVector<double> ix, iy, ox, oy;
    for (int i = 0; i < L; ++i) {
        (h.outside[std::size_t(i)] ? ox : ix) << h.outputs[std::size_t(i)][0];
        (h.outside[std::size_t(i)] ? oy : iy) << h.outputs[std::size_t(i)][1];
    }
    // QCPGraph wants its keys sorted; the points are drawn without lines, so sorting pairs changes nothing.
    const auto sorted = [](QVector<double> &x, QVector<double> &y) {
        std::vector<std::pair<double, double>> p;
        p.reserve(std::size_t(x.size()));
        for (int k = 0; k < x.size(); ++k)
            p.emplace_back(x[k], y[k]);
        std::sort(p.begin(), p.end());
        for (int k = 0; k < x.size(); ++k) {
            x[k] = p[std::size_t(k)].first;
            y[k] = p[std::size_t(k)].second;
        }
    };
    sorted(ix, iy);
    sorted(ox, oy);
    m_outputs->setData(ix, iy, true);
    m_outside->setData(ox, oy, true);
    m_outside->setVisible(!ox.isEmpty());
    if (ox.isEmpty())
        m_outside->removeFromLegend();
    else
        m_outside->addToLegend();
    if (query >= 0)
        m_highlight->setData(
            QVector<double> { h.outputs[std::size_t(query)][0] }, QVector<double> { h.outputs[std::size_t(query)][1] });
    else
        m_highlight->data()->clear();
    // Labels v_j and o_i while there are few enough to read.
    for (QCPItemText *t : m_labels)
        m_plot->removeItem(t);
    m_labels.clear();
    QFont f = m_plot->font();
    f.setPixelSize(m_textPx);
    // Values are labelled above their point, outputs below theirs, so a query sitting on a value keeps both.
    const auto label = [&](const attn::Point2 &at, const QString &text, const QColor &color, bool above) {
        auto *t = new QCPItemText(m_plot);
        t->position->setCoords(at[0], at[1]);
        t->setPositionAlignment(Qt::AlignLeft | (above ? Qt::AlignBottom : Qt::AlignTop));
        t->setPadding(above ? QMargins(6, 0, 0, 4) : QMargins(6, 4, 0, 0));
        t->setText(text);
        t->setColor(color);
        t->setFont(f);
        m_labels << t;
    };
    if (S <= 16)
        for (int j = 0; j < S; ++j)
            label(h.values[std::size_t(j)], QStringLiteral("v%1").arg(j), kValue, true);
    if (L <= 16)
        for (int i = 0; i < L; ++i)
            label(h.outputs[std::size_t(i)], QStringLiteral("o%1").arg(i),
                h.outside[std::size_t(i)] ? kOutside : kOutput.darker(130), false);
    // Axes: every point in view with a margin, equal units on both axes would squash a flat cloud, so not.
    double x0 = 0, x1 = 0, y0 = 0, y1 = 0;
    bool first = true;
    for (const auto *pts : { &h.values, &h.outputs })
        for (const attn::Point2 &p : *pts) {
            x0 = first ? p[0] : std::min(x0, p[0]);
            x1 = first ? p[0] : std::max(x1, p[0]);
            y0 = first ? p[1] : std::min(y0, p[1]);
            y1 = first ? p[1] : std::max(y1, p[1]);
            first = false;
        }
    const double mx = std::max(x1 - x0, 1e-9) * 0.12, my = std::max(y1 - y0, 1e-9) * 0.12;
    m_plot->xAxis->setRange(x0 - mx, x1 + mx);
    m_plot->yAxis->setRange(y0 - my, y1 + my);
    const bool pca = h.firstAxis < 0;
    m_plot->xAxis->setLabel(pca ? QCoreApplication::translate("HullPlot", "first principal component (%1 %)")
                                      .arg(std::lround(100 * h.explained[0]))
                                : QCoreApplication::translate("HullPlot", "coordinate %1 of v").arg(h.firstAxis));
    m_plot->yAxis->setLabel(pca ? QCoreApplication::translate("HullPlot", "second principal component (%1 %)")
                                      .arg(std::lround(100 * h.explained[1]))
                                : QCoreApplication::translate("HullPlot", "coordinate %1 of v").arg(h.secondAxis));
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

int HullPlot::outputAt(const QPointF &pixel, double maxDistance) const
{
    int best = -1;
    double bestD = maxDistance;
    for (int i = 0; i < int(m_shown.outputs.size()); ++i) {
        const double d = QLineF(outputPixel(i), pixel).length();
        if (d <= bestD) {
            bestD = d;
            best = i;
        }
    }
    return best;
}

QPointF HullPlot::outputPixel(int i) const
{
    const attn::Point2 &p = m_shown.outputs[std::size_t(i)];
    return { m_plot->xAxis->coordToPixel(p[0]), m_plot->yAxis->coordToPixel(p[1]) };
}

QPointF HullPlot::valuePixel(int j) const
{
    const attn::Point2 &p = m_shown.values[std::size_t(j)];
    return { m_plot->xAxis->coordToPixel(p[0]), m_plot->yAxis->coordToPixel(p[1]) };
}

double HullPlot::valueSize(int j) const
{
    return j >= 0 && j < int(m_values.size()) ? m_values[std::size_t(j)]->property("size").toDouble() : 0.0;
}
