// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The output inside the values' convex hull, drawn (core/hull.h computes it): the value vectors as blue
// points v_j, their hull as a grey polygon, each output row as an orange point o_i, red when it lies outside
// the hull. A highlighted query sizes the value points by its weights and draws its output large, so a
// query with nearly all its weight on one key is seen sitting on that value.

#include "hull.h"

#include <qcustomplot.h>

#include <vector>

class HullPlot
{
public:
    explicit HullPlot(QCustomPlot *plot);

    // Shows h (weights: the rows of the weights the outputs were made with, rows by S, for sizing the
    // values; may be empty). query: the highlighted output, or -1.
    void show(const attn::HullProjection &h, const attn::MatrixRM &weights, int query);
    // The output nearest to pixel (within maxDistance pixels), or -1.
    int outputAt(const QPointF &pixel, double maxDistance = 14) const;
    // The pixel position of output i / value j (for tests and the mouse).
    QPointF outputPixel(int i) const;
    QPointF valuePixel(int j) const;
    // The diameter in pixels value j is drawn with (it grows with the highlighted query's weight).
    double valueSize(int j) const;
    void setTextSize(int px);

private:
    QCustomPlot *m_plot;
    QCPCurve *m_hull;
    QCPGraph *m_outputs, *m_outside, *m_highlight;
    std::vector<QCPGraph *> m_values; // one graph per value: each its own size
    QList<QCPItemText *> m_labels;
    attn::HullProjection m_shown;
    int m_textPx = 13;
};
