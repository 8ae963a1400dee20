#pragma once
// The strip under the heatmap: the formula with the live numbers, the four steps with their
// shapes, and the statistics that tell the story (max weight, entropy against ln S, variances).

#include "model/attention_model.h"

#include <QWidget>

class QLabel;

class ExplanationPanel : public QWidget
{
    Q_OBJECT
public:
    explicit ExplanationPanel(AttentionModel *model, QWidget *parent = nullptr);

    QString formulaText() const;
    QString shapesText() const;
    QString statisticsText() const;
    QString compareText() const;
    // The second heatmap of a comparison: its statistics are set beside the first one's.
    void setPartner(AttentionModel *partner);
    // Scale the text (presentation mode).
    void setFontScale(double scale);

private:
    void showResult();

    AttentionModel *m_model;
    AttentionModel *m_partner = nullptr;
    QLabel *m_formula, *m_shapes, *m_stats, *m_compare;
    QFont m_baseFont;
};
