// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The output inside the values' hull (View menu, key H): the shown batch element's value vectors as points
// (their first two principal components, or two chosen coordinates), their convex hull, and each output
// row o_i = Σ_j w_ij v_j as a point, red where it leaves the hull (core/hull.h). Hovering an output, or a
// query in the heatmap, sizes the value points by that query's weights. It only reads the model.

#include "hull.h"
#include "model/attention_model.h"
#include "widgets/translated_texts.h"

#include <QWidget>

#include <memory>

class HullPlot;
class QComboBox;
class QCustomPlot;
class QLabel;
class QSpinBox;

class HullWindow : public QWidget
{
    Q_OBJECT
public:
    explicit HullWindow(AttentionModel *model, QWidget *parent = nullptr);
    ~HullWindow() override;

    const attn::HullProjection &projection() const { return m_projection; }
    int highlightedQuery() const { return m_query; }
    QString statusText() const;
    HullPlot *hullPlot() const { return m_hullPlot.get(); }
    QCustomPlot *plot() const { return m_plot; }
    // Principal components (true), or the coordinates a and b.
    void setAxes(bool principal, int a = 0, int b = 1);
    void setPresentation(bool on);

protected:
    void showEvent(QShowEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void refresh();
    void highlight(int query);

    AttentionModel *m_model;
    QCustomPlot *m_plot;
    std::unique_ptr<HullPlot> m_hullPlot;
    QComboBox *m_axes;
    QSpinBox *m_first, *m_second;
    QLabel *m_explanation, *m_status;
    attn::HullProjection m_projection;
    int m_query = -1;
    TranslatedTexts m_texts;
};
