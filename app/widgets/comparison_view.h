// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The heatmaps in the middle of the main window: the model's, and beside it (or above it) the comparison's second
// one from the very same Q and K. Each stands where attn::comparisonSides puts it (scaled left, softmax over keys
// left), as in exported comparisons; side by side they share one colour scale and their rows line up, stacked when
// that gives clearly larger cells (one query and many keys, as in block 2). Hovering a cell outlines it in both.

#include "model/attention_model.h"
#include "model/controllers.h"

#include <QString>
#include <QWidget>

class HeatmapPanel;
class QBoxLayout;

class ComparisonView : public QWidget
{
    Q_OBJECT
public:
    ComparisonView(AttentionModel *model, CompareController *comparison, QWidget *parent = nullptr);

    HeatmapPanel *heatmap() const { return m_heatmap; }
    HeatmapPanel *partnerHeatmap() const { return m_partnerHeatmap; }
    bool isStacked() const { return m_stacked && m_comparison->isOn(); }

    // Presentation mode: text scaled by fontScale, and the arrangement judged by presentation sizes.
    void setPresentation(bool on, double fontScale);
    void resetZoom();
    // The visible heatmaps drawn now (a screenshot's last step).
    void replotNow();
    // Side by side or stacked, colour scales, spare rows and note heights decided again.
    void alignPanels();

private:
    void layOutComparison(); // the sides and their titles from the comparison controller
    void balanceSides(); // once laid out: equal map widths side by side, notes and spare rows alike

    AttentionModel *m_model;
    CompareController *m_comparison;
    HeatmapPanel *m_heatmap;
    HeatmapPanel *m_partnerHeatmap;
    QBoxLayout *m_maps;
    bool m_stacked = false;
    // What the panels took around their maps (axes, side panels, notes) when last laid out each way,
    // side by side [0] and stacked [1], for the same size and settings (m_aroundKey); 0 × 0: not measured.
    struct Around
    {
        double width = 0, height = 0;
    };
    Around m_around[2];
    QString m_aroundKey;
    bool m_presentation = false;
};
