#pragma once
// The strip under the heatmap: the formula with the live numbers, the four steps with their
// shapes, and the statistics that tell the story (max weight, entropy against ln S, variances).

#include "attention_model.h"

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

private:
    void showResult();

    AttentionModel *m_model;
    QLabel *m_formula, *m_shapes, *m_stats;
};
