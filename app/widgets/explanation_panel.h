// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The strip under the heatmap: the formula with the live numbers, the four steps with their
// shapes, and the statistics that tell the story (max weight, entropy against ln S, variances).

#include "model/attention_model.h"
#include "model/controllers.h"

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
    // The comparison: the two sides' statistics are set next to each other, left first.
    void setComparison(CompareController *comparison);
    // Scale the text (presentation mode).
    void setFontScale(double scale);
    // Presentation mode: the formula and the statistics only (the four steps, P, show the shapes).
    void setPresentation(bool on);

protected:
    void changeEvent(QEvent *event) override; // a language switch: the texts again

private:
    void showResult();

    AttentionModel *m_model;
    CompareController *m_comparison = nullptr;
    QLabel *m_formula, *m_shapes, *m_stats, *m_compare;
    QFont m_baseFont;
    bool m_presentation = false;
};
