// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Drawing a heatmap into a QCustomPlot axis rect, shared by the window and the exported figures.

#include "model/view_state.h"

#include <qcustomplot.h>

// For additive scores the raw score is v·tanh(q·W₁ + k·W₂), and the logit is not scaled.
QString quantityTitle(attn::Quantity q, attn::Score score = attn::Score::Dot);
QString shortQuantityTitle(attn::Quantity q); // one word, where the full title does not fit

// Ticks at the given values only, with these labels (0 and 1; 0 and ln S).
QSharedPointer<QCPAxisTickerText> textTicker(std::initializer_list<QPair<double, QString>> ticks);

// Ticks on whole numbers (queries, keys), thinned to multiples when there are many.
QSharedPointer<QCPAxisTickerFixed> integerTicker(int tickCount = 8);

// The positions 0 .. count-1 of a heatmap's axis (the range -0.5 to count-0.5), labelled with their numbers or
// with given labels (tokens), every step-th of them: the smallest step of 1, 2, 5, 10, 20, 50, ... at which no two
// labels meet, measured in the axis's tick-label font, its rotation and its length in pixels at each replot (so in
// the window at every size and in exports alike).
class PositionTicker : public QCPAxisTicker
{
public:
    explicit PositionTicker(QCPAxis *axis);
    void setLabels(const QStringList &labels); // empty: the positions' numbers
    const QStringList &labels() const { return m_labels; }
    // The step for count positions on an axis this many pixels long showing span of them (the range's size;
    // 0: all count), what getTickStep uses.
    int stepFor(int count, double pixels, double span = 0) const;
    // The room one label takes along the axis, with the gap it keeps from the next.
    double labelRoom(int count) const;
    // The step was chosen for the length of the layout before: true when the axis's length now asks for another
    // (its labels changed the margins); then the plot is laid out once more.
    bool stale() const;

protected:
    double getTickStep(const QCPRange &range) override;
    int getSubTickCount(double tickStep) override;
    QString getTickLabel(double tick, const QLocale &locale, QChar formatChar, int precision) override;
    QVector<double> createTickVector(double tickStep, const QCPRange &range) override;

private:
    int countIn(const QCPRange &range) const;
    int pixels() const;
    QCPAxis *m_axis;
    QStringList m_labels;
    int m_step = 0, m_count = 0, m_pixels = 0;
    double m_span = 0;
    bool m_growing = false; // the next layout keeps at least m_step (set by ticksStale)
    friend bool ticksStale(QCPAxisRect *rect);
};
QSharedPointer<PositionTicker> positionTicker(QCPAxis *axis, const QStringList &labels = {});
// Whether a position ticker on the rect's key or query axis is stale.
bool ticksStale(QCPAxisRect *rect);

// Axes of a heatmap rect: integer ticks, query 0 at the top, labelled.
void setUpHeatmapAxes(QCPAxisRect *rect);
// The axes' names, "query i" and "key j", in the interface's language now.
void nameHeatmapAxes(QCPAxisRect *rect);

// Token labels on the axes when p has tokens (and there are few enough to read), integers otherwise; the axes
// named again (nameHeatmapAxes).
void setAxisLabels(QCPAxisRect *rect, const attn::Params &p);
void setAxisLabels(QCPAxisRect *rect, const std::vector<std::string> &tokens); // names of both axes (L = S)

// Puts the grid into map, each cell centred on the queries and keys it covers, and (frame) frames
// the axes on the whole matrix (L by S).
void fillColorMap(QCPColorMap *map, const attn::HeatmapGrid &grid, int queryLength, int keyLength, bool frame = true);

// [0, 1] for weights with a fixed range; otherwise fitted to the grid (symmetric for diverging maps).
QCPRange colorRange(const attn::HeatmapGrid &grid, const DisplayOptions &d);

// The font numbers are written in (cells, bars): DejaVu Sans Condensed when installed (its digits are
// a tenth narrower, so cells hold larger numbers), else base; base's size.
QFont numberFont(const QFont &base);
// The application's font named by the families it draws with: the one its family resolves to ("Sans Serif" is
// DejaVu Sans on Debian), then a Simplified Chinese face for Chinese text (fontconfig's fallback for Han picks the
// Japanese face of Noto Sans CJK). So PDFs embed Noto Sans CJK SC, SVGs name a family a viewer has, and an English
// picture, with no Chinese in it, uses no CJK font. Called once at start, before any window or picture.
void useNamedFontFamilies();

// A number written on a coloured cell, on a rounded plate where asked (cellInk says where and which).
class PlateText : public QCPItemText
{
public:
    using QCPItemText::QCPItemText;
    void setPlate(const QColor &plate) { m_plate = plate; } // an invalid colour: no plate

protected:
    void draw(QCPPainter *painter) override;

private:
    QColor m_plate;
};

// WCAG 2 relative luminance of an sRGB colour (0 black to 1 white).
double relativeLuminance(const QColor &c);

// The colour of a value written into a cell of this colour: black or white, whichever has the
// higher WCAG contrast ratio with it.
QColor cellTextColor(const QColor &background);

// A map of mostly dark cells (weights on viridis) writes all its values white, a row never switching between
// white on dark and black on light: on a light cell the value stands on a dark plate. A map of mostly light cells
// (scores on cool-warm, weights in grayscale) writes black, white on its deep cells. Either way 4.5:1 or better.
enum class CellTone { Light, Dark };
struct CellInk
{
    QColor text;
    QColor plate; // invalid: none
};
CellTone cellTone(const QList<QColor> &cells);
CellInk cellInk(const QColor &background, CellTone tone);
// The colour a plate of this ink makes over the cell (what the text stands on).
QColor underText(const QColor &background, const CellInk &ink);
// The WCAG 2 contrast ratio of two colours (1 to 21).
double contrastRatio(const QColor &a, const QColor &b);

// Writes each cell's value into it (4 decimals for weights, 2 otherwise) when the matrix is at most
// 16 × 16, not aggregated and the cells are large enough; otherwise removes the texts. Masked cells
// get no number, except −∞ in the logits view (a masked weight is 0, not −∞). The text is as large as
// the cell allows, up to maxPixelSize; where that is less than minPixelSize (8 units in exported
// figures) no values are written. Returns the pixel size used (0: no values written).
int layoutCellTexts(QCPAxisRect *rect, QList<QCPItemText *> &items, const attn::Result &r, const DisplayOptions &d,
    QCPColorMap *map, const attn::HeatmapGrid &grid, const QFont &font, double maxPixelSize, int minPixelSize);
