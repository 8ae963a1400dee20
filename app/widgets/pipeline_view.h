// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The four steps, visible (View > Pipeline, key P): Q, K and V, the raw scores Q·Kᵀ, the scaled
// logits, the weights and the output out = weights·V of the shown batch element, each a small
// heatmap with its shape, its values written when the cells are large enough. Hovering weight
// (i, j) (or score or logit (i, j)) outlines query row i of Q, key row j of K and of V, and row i of
// out: where the number comes from and where it goes. It only reads the model. In presentation mode it shows one
// step at a time, large enough to read from the back of the room (its pages: Tab, Shift+Tab, 1 to 4).

#include "model/attention_model.h"

#include <QWidget>

#include <algorithm>

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
    int cellTextPixels(Matrix m) const { return m_panels[int(m)].textPx; } // 0: none written (or not shown)
    QRectF cellRect(Matrix m, int row, int col) const; // in widget pixels (empty when not drawn)
    // The rows outlined now (after hovering a score, logit or weight), for tests: -1 for none.
    int outlinedRow(Matrix m) const;
    void hoverCell(Matrix m, int row, int col); // as the mouse would
    // Its pages: 4 in presentation mode (Q, K, V; scores → logits; logits → weights; weights · V → out), else 1.
    int pageCount() const;
    int page() const { return std::min(m_page, pageCount() - 1); }
    void setPage(int page);
    QString pageHeading() const; // what the page is about ("Step 2 of 4: …"); empty with one page
    bool shows(Matrix m) const; // on the page now
    // With nn.MultiheadAttention's heads shown: the way from X to out with the shapes, and where the head shown
    // (the four steps) is in it; empty otherwise. Written above the panels.
    QString headsFlow() const;

protected:
    void paintEvent(QPaintEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void leaveEvent(QEvent *event) override;
    void changeEvent(QEvent *event) override; // a language switch (or presentation mode: its pages)

private:
    void retranslate();
    struct Panel
    {
        QRectF grid; // the cells
        int rows = 0, cols = 0; // drawn (the first 64 of each when larger)
        double cell = 0; // width of a cell in pixels
        double cellH = 0; // its height: taller than wide where cells narrow enough to draw a matrix as hairlines
        int textPx = 0; // 0: no values written
    };
    QList<QList<Matrix>> shownRows() const; // the page's panels, row by row
    struct Step
    {
        Matrix from, to;
        QString label; // written between them, over an arrow
    };
    QList<Step> steps() const; // between the panels shown side by side
    void layOut();
    int fullRows(Matrix m) const;
    int fullCols(Matrix m) const;
    bool hit(const QPointF &at, Matrix *m, int *row, int *col) const;
    double nextLeft(Matrix m) const;

    AttentionModel *m_model;
    Panel m_panels[kMatrices];
    // Hovered: the query row and key column, -1 when none.
    int m_query = -1, m_key = -1;
    int m_page = 0;
};
