// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The (L, S) heatmap with, aligned to its rows and columns, the row sums, the row entropy (with
// the ln S maximum), the softmax's gradient at each row (its Jacobian's norm, with a uniform row's)
// and the column sums; with softmax over queries (dim −2) the columns are the distributions, so the
// column entropy (with its ln L maximum) and the column gradient replace the row ones. Small
// matrices have their values written in the cells and next to the bars. It only reads the model.

#include "model/attention_model.h"

#include <QWidget>

class QCustomPlot;
class QCPAxisRect;
class QCPColorMap;
class QCPColorScale;
class QCPBars;
class QCPItemStraightLine;
class QCPGraph;
class QCPItemText;
class QCPTextElement;

class HeatmapPanel : public QWidget
{
    Q_OBJECT
public:
    explicit HeatmapPanel(AttentionModel *model, QWidget *parent = nullptr);

    QCustomPlot *plot() const { return m_plot; }
    // The text shown when hovering the cell (query, key).
    QString cellToolTip(int query, int key) const;
    // The cell under a pixel of the plot, false outside the heatmap.
    bool cellAt(const QPointF &pixel, int *query, int *key) const;
    // The centre of a cell in plot pixels.
    QPointF cellCenter(int query, int key) const;
    // Rows of the shown batch element whose sum is not 1 (what softmax over queries breaks).
    QVector<int> flaggedRows() const { return m_flaggedRows; }
    QVector<int> flaggedColumns() const { return m_flaggedCols; }
    // The line under the plot: aggregation and dim notes.
    QString noteText() const;
    // Values written in cells (empty when too small to read; masked cells have none).
    int cellTextCount() const;
    // The pixel size of the values written in the cells (0 when none are).
    int cellTextPixelSize() const { return m_cellTextPx; }
    // The numbers written next to the bars (row sums, entropies, column sums), in drawing order.
    QStringList barTexts() const;
    // The text shown when hovering the bar of a side panel at this plot pixel (empty: no bar there).
    QString barToolTip(const QPointF &pixel) const;
    void showMostEntropy();
    // Every piece of text drawn in the plot with its rectangle in plot pixels (axis labels, tick
    // labels, cell and bar values), for the layout tests.
    QList<QPair<QString, QRectF>> textRects() const;
    // True when the distributions are the columns (softmax over queries): column entropy is shown.
    bool showsColumnEntropy() const;
    QVector<double> columnEntropyBars() const;
    // The gradient panels: the softmax Jacobian's norm of each row (column under dim −2), as drawn.
    QVector<double> gradientBars() const;
    bool showsColumnGradient() const;
    // Whether this panel draws its colour scale (a comparison with one shared range draws one).
    void setColorScaleVisible(bool visible);
    bool colorScaleVisible() const { return m_scaleVisible; }
    int colorScaleWidth() const; // its outer width as laid out (0 when hidden)
    // Keep an empty row under the column sums as tall as the column-entropy panel, so that this panel's
    // rows line up with a partner's that shows column entropy.
    void setSpareBottomRow(bool spare);
    // The rows' entropy panel beside the map (over keys): off where a comparison's two sides have the same
    // entropies (block 3), so the maps have the room.
    void setRowEntropyShown(bool shown);
    void setKeyAxisTitleShown(bool shown); // "key j" under the lowest panel (default shown)
    void setBriefNotes(bool brief); // HeatmapText::notes' brief (default not)
    void setSpareRowHeight(int pixels);
    // Outer heights of the panels under the map as laid out now: the column sums, and the column
    // entropy with the column gradient when shown (0 otherwise).
    int columnSumHeight() const;
    int columnEntropyHeight() const;
    bool hasSpareRow() const { return m_spareRow; }
    // The height of the text under the plot, so that two panels side by side keep their rows aligned.
    int noteHeight(int width) const; // at this width of the panel
    void setNoteMinimumHeight(int height);
    // The grid drawn now (after zooming, of the visible part).
    const attn::HeatmapGrid &grid() const { return m_grid; }
    // What the side panels and the map show, for tests.
    QVector<double> rowEntropyBars() const;
    QVector<double> rowSumBars() const;
    double shownCell(int query, int key) const; // NaN for a masked cell
    QRect heatmapRect() const; // in plot pixels
    // A line above the plot (the variant shown in a comparison); empty hides it.
    void setTitle(const QString &title);
    QString title() const;
    // Outline a cell (-1, -1: none), e.g. the cell hovered in the other panel of a comparison.
    void setHighlight(int query, int key);
    QPoint highlight() const { return m_highlight; }
    // The smallest number it writes, in pixels (presentation mode: kLeastPresentedNumberPixels); 0: as small as its
    // own rules allow (7 in a cell, 8 on a bar).
    void setLeastNumberPixels(int px);
    // Scale fonts and lines (presentation mode, exports).
    void setFontScale(double scale);
    // Shows the whole matrix again after zooming or panning.
    void resetZoom();
    // Clicking a cell under a custom mask masks or unmasks it in target's settings (the main model, also
    // from a comparison's second panel: the comparison follows it). Null: clicks only pan.
    void setMaskTarget(AttentionModel *target) { m_maskTarget = target; }

signals:
    void hovered(int query, int key); // -1, -1 when the mouse leaves the heatmap
    void noteChanged();
    // What the panels take beside or under the map (the panel's width or height less the map's) changed
    // by more than 2 pixels when laid out: a gradient panel or a note came or went, say. A comparison
    // measures and balances its maps again.
    void aroundChanged();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override; // the pointer leaving the plot
    void changeEvent(QEvent *event) override; // a language switch: the texts again

private:
    void createMapAndAxes();
    void updateGradientPanels();
    void updateSidePanelAxes();
    void createSideBars();
    void createGuides();
    void connectInteraction();
    void nameSidePanels();
    void showResult();
    void updateColorMap();
    void updateSidePanels();
    void updateCellTexts();
    void updateBarTexts();
    QList<QCPAxisRect *> allRects() const;
    void placeElements(); // the layout for the softmax dim and the colour scale's visibility
    void fitScaleLabel();
    void applyPanelSizes();
    void syncRanges();
    void regridVisible();
    void makeGrid(); // the whole matrix, about one cell per pixel of the map as it is laid out now
    void regridForLayout();
    static QSize gridCellsFor(const QRect &area); // the grid's most columns and rows for a map's area
    void updateNote(); // zoomed in on an aggregated matrix: draw the visible part at full detail
    void hover(QMouseEvent *event);
    void clearHover(); // no cell hovered: the outline goes (here and, through the model, in a partner)

    AttentionModel *m_model;
    QCustomPlot *m_plot;
    QCPAxisRect *m_heatRect, *m_rowSumRect, *m_entropyRect, *m_colSumRect, *m_colEntropyRect;
    QCPAxisRect *m_gradRect, *m_colGradRect;
    int m_tickPasses = 0; // layouts again in a row for the axes' labels (PositionTicker::stale)
    class QCPMarginGroup *m_rowGroup, *m_colGroup; // the map's rows (columns) line up with these panels' // the softmax
                                                   // Jacobian's norm per row, per column (dim −2)
    QCPColorMap *m_map;
    QCPColorScale *m_scale;
    QCPBars *m_rowSumBars, *m_rowSumFlagged, *m_entropyBars, *m_colSumBars, *m_colSumFlagged, *m_colEntropyBars;
    QCPBars *m_gradBars, *m_colGradBars;
    QCPItemStraightLine *m_rowSumTarget, *m_entropyMax, *m_colSumTarget, *m_colEntropyMax;
    QCPGraph *m_entropyMaxRows, *m_colEntropyMaxCols; // the same under a mask: ln(visible) per row, column
    QCPGraph *m_gradUniformRows, *m_gradUniformCols; // a uniform distribution's norm over the visible keys (queries)
    QList<QCPItemText *> m_cellTexts;
    QList<QCPItemText *> m_barTexts;
    int m_cellTextPx = 0;
    bool m_scaleVisible = true;
    int m_placedDim = 0; // the softmax dim the layout was made for (0: none yet)
    bool m_placedScale = true;
    bool m_spareRow = false, m_placedSpare = false;
    bool m_rowEntropyShown = true, m_placedRowEntropy = true;
    bool m_keyTitleShown = true;
    bool m_briefNotes = false;
    bool m_placedGradient = true;
    class QCPLayoutElement *m_spacer = nullptr;
    class QLabel *m_note;
    class SteadyBox *m_noteBox; // holds m_note: shown and hidden in its place
    class QLabel *m_title;
    class QCPItemRect *m_highlightRect;
    QPoint m_highlight { -1, -1 };
    AttentionModel *m_maskTarget = nullptr;
    QPointF m_pressedAt { -1, -1 }; // where the left button went down: a click, not a drag, toggles a cell
    bool m_hovering = false; // the pointer is on a cell of this panel (it said which: hovered)
    QVector<int> m_flaggedRows, m_flaggedCols;
    attn::HeatmapGrid m_grid;
    bool m_fullAggregated = false; // the whole matrix needed aggregating
    bool m_regridQueued = false;
    int m_regridPasses = 0; // grids made again in a row for the layout (regridForLayout)
    double m_fontScale = 1.0;
    int m_leastNumberPx = 0; // (setLeastNumberPixels)
    int m_around = -1; // the panel's width less the map's, as last said by aroundChanged
    int m_aroundHeight = -1; // and its height less the map's
};
