// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The four steps, visible (View > Pipeline, key P): Q, K and V, the raw scores Q·Kᵀ, the scaled
// logits, the weights and the output out = weights·V of the shown batch element, each a small
// heatmap with its shape, its values written when the cells are large enough. Hovering weight
// (i, j) (or score or logit (i, j)) outlines query row i of Q, key row j of K and of V, and row i of
// out: where the number comes from and where it goes. It only reads the model.

#include "model/attention_model.h"

#include <QWidget>

class PipelineView : public QWidget
{
    Q_OBJECT
public:
    explicit PipelineView(AttentionModel *model, QWidget *parent = nullptr);

    enum class Matrix { Q, K, V, Scores, Logits, Weights, Out };
    static constexpr int kMatrices = 7;
    // What each panel shows, for tests: its title (with the shape) and the value at (row, col).
    QString title(Matrix m) const;
    float value(Matrix m, int row, int col) const; // NaN where masked
    QString cellText(Matrix m, int row, int col) const; // as written (empty when cells are too small)
    QRectF cellRect(Matrix m, int row, int col) const; // in widget pixels (empty when not drawn)
    // The rows outlined now (after hovering a score, logit or weight), for tests: -1 for none.
    int outlinedRow(Matrix m) const;
    void hoverCell(Matrix m, int row, int col); // as the mouse would

protected:
    void paintEvent(QPaintEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void leaveEvent(QEvent *event) override;
    void changeEvent(QEvent *event) override; // a language switch

private:
    void retranslate();
    struct Panel
    {
        QRectF grid; // the cells
        int rows = 0, cols = 0; // drawn (the first 64 of each when larger)
        double cell = 0; // side of a cell in pixels
        int textPx = 0; // 0: no values written
    };
    void layOut();
    int fullRows(Matrix m) const;
    int fullCols(Matrix m) const;
    bool hit(const QPointF &at, Matrix *m, int *row, int *col) const;
    double nextLeft(Matrix m) const;

    AttentionModel *m_model;
    Panel m_panels[kMatrices];
    // Hovered: the query row and key column, -1 when none.
    int m_query = -1, m_key = -1;
};
