// SPDX-License-Identifier: GPL-3.0-or-later
#include "render/figure.h"

#include "io/file_kinds.h"
#include "io/save_output.h"
#include "json_dump.h"
#include "matrix_io.h"
#include "model/messages.h"
#include "render/color_maps.h"
#include "render/heatmap_drawing.h"
#include "render/plot_style.h"
#include "tolerance.h"

#include <qcustomplot.h>

#include <QBuffer>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QImageWriter>
#include <QPdfWriter>
#include <QSvgGenerator>

#include <algorithm>
#include <cmath>
#include <sstream>

namespace {

// The smallest text an exported figure has, in units (points for PDF and SVG): papers want 8 points.
constexpr int kMinTextSize = 8;

} // namespace

// Text wrapped to lines no wider than width (where its words allow): first at the title's parts
// (settings "  (sizes, seed)"), then at spaces.
void layOutPlotAt(QCustomPlot *plot, QCPTextElement *caption, const QString &captionText, int width, QSize size)
{
    if (!captionText.isEmpty()) {
        caption->setText(wrapLines(captionText, QFontMetricsF(caption->font()), width).join('\n'));
        caption->setMargins(QMargins(8, 4, 8, 6));
    }
    plot->resize(size);
    plot->setViewport(QRect(QPoint(0, 0), size));
    plot->plotLayout()->setOuterRect(QRect(QPoint(0, 0), size));
    plot->replot(QCustomPlot::rpImmediateRefresh);
}

QStringList wrapLines(const QString &text, const QFontMetricsF &fm, int width)
{
    QStringList parts = text.split(QStringLiteral("  "), Qt::SkipEmptyParts);
    if (parts.size() > 1) {
        bool fits = true;
        for (const QString &part : parts)
            fits = fits && fm.horizontalAdvance(part) <= width;
        if (fits)
            return parts;
    }
    // Then at spaces outside parentheses, so that "(dim −1)" and "(L = 3, S = 5, seed 0)" (or "（L = 3，…）") stay
    // whole where they fit on a line; a group wider than a line breaks at its own spaces.
    struct Piece
    {
        QString text, before; // before: the space it follows ("  " between the title's parts)
    };
    QList<Piece> pieces;
    QString before;
    int depth = 0;
    for (const QString &spaced : text.split(' ')) {
        if (spaced.isEmpty()) {
            before += ' ';
            continue;
        }
        // Chinese puts two groups side by side without a space ("（dim −1）（L = 1，…）"): a line may break
        // between them too, and nowhere inside the second.
        QStringList words;
        qsizetype from = 0;
        for (qsizetype i = 1; i < spaced.size(); ++i)
            if (spaced[i - 1] == QChar(0xFF09) && spaced[i] == QChar(0xFF08)) {
                words << spaced.mid(from, i - from);
                from = i;
            }
        words << spaced.mid(from);
        for (qsizetype k = 0; k < words.size(); ++k) {
            const QString &word = words[k];
            const QString space = k > 0 ? QString() : QStringLiteral(" ");
            if (depth > 0 && !pieces.isEmpty())
                pieces.last().text += space + word;
            else
                pieces.push_back({ word,
                    k > 0 || before.isEmpty() ? QString()
                        : before.size() > 1   ? QStringLiteral("  ")
                                              : space });
            // (and the full-width parentheses as the ASCII ones)
            depth = std::max(0,
                depth + int(word.count('(') + word.count(QChar(0xFF08)))
                    - int(word.count(')') + word.count(QChar(0xFF09))));
        }
        before = QStringLiteral(" ");
    }
    QList<Piece> units;
    for (const Piece &piece : pieces) {
        if (fm.horizontalAdvance(piece.text) <= width || !piece.text.contains(' ')) {
            units << piece;
            continue;
        }
        QString sep = piece.before;
        for (const QString &word : piece.text.split(' ', Qt::SkipEmptyParts)) {
            units.push_back({ word, sep });
            sep = QStringLiteral(" ");
        }
    }
    QStringList lines;
    QString line;
    for (const Piece &unit : units) {
        const QString candidate = line.isEmpty() ? unit.text : line + unit.before + unit.text;
        if (!line.isEmpty() && fm.horizontalAdvance(candidate) > width) {
            lines << line;
            line = unit.text;
        } else
            line = candidate;
    }
    if (!line.isEmpty())
        lines << line;
    return lines;
}

// A title that fits the width: the font shrinks to three quarters of its size but not below smallest
// (nor below 8 units); when that is not enough, the text wraps onto as few lines as it can, at the
// largest size that needs no more. Never clipped.
QString fitText(const QString &text, QFont *font, int width, int smallest)
{
    const int full = font->pixelSize();
    const int least = std::min(full, std::max({ kMinTextSize, smallest, full * 3 / 4 }));
    for (int px = full; px >= least; --px) {
        font->setPixelSize(px);
        if (QFontMetricsF(*font).horizontalAdvance(text) <= width)
            return text;
    }
    const qsizetype fewest = wrapLines(text, QFontMetricsF(*font), width).size();
    for (int px = full; px > least; --px) {
        font->setPixelSize(px);
        const QStringList lines = wrapLines(text, QFontMetricsF(*font), width);
        if (lines.size() <= fewest)
            return lines.join('\n');
    }
    font->setPixelSize(least);
    return wrapLines(text, QFontMetricsF(*font), width).join('\n');
}

namespace {

// A text element that takes whatever height its row has (QCPTextElement's own maximum is its text's
// height, which would squeeze every element in its row to that height).
class StretchText : public QCPTextElement
{
public:
    using QCPTextElement::QCPTextElement;
    QSize maximumOuterSizeHint() const override { return { QWIDGETSIZE_MAX, QWIDGETSIZE_MAX }; }
};

// Paddings in proportion to the text (QCustomPlot's defaults of 5 and 15 units take half of a
// 3.5-inch figure's height).
void tighten(QCPAxisRect *rect, int pad)
{
    rect->setMinimumMargins(QMargins(pad, pad, pad, pad));
    for (QCPAxis *axis : rect->axes()) {
        axis->setPadding(pad);
        axis->setTickLabelPadding(pad);
        axis->setLabelPadding(pad);
        axis->setTickLength(0, pad);
    }
}

constexpr int kMinPanelWidth = 200; // units (points for PDF and SVG) a panel needs for the sums beside it
constexpr int kScaleBelowWidth = 320; // a figure of one column of maps narrower than this has its colour scale below
constexpr int kMaxBarNumbers = 16; // bars with their numbers written on them: at most this many in a panel
constexpr int kEntropyPanelWidth = 560; // a panel at least this wide (pixels or points) has its rows' entropies too

// The plot behind a figure, laid out for a given size.
class FigurePlot
{
public:
    FigurePlot(const std::vector<FigurePanel> &panels, const FigureOptions &o)
        : m_panels(panels)
        , m_options(o)
    {
        m_plot.setBackground(o.transparent ? QBrush(Qt::NoBrush) : QBrush(Qt::white));
        m_plot.setNoAntialiasingOnDrag(false);
        QCPLayoutGrid *layout = m_plot.plotLayout();
        layout->clear();
        // A comparison too narrow for two maps side by side (a 3.5-inch paper column, with or without
        // the sums) is stacked when it is at least as tall as wide: each map then has the whole width,
        // with its sums beside and under it. (A wide and low one, 252 × 190, has no room for two maps
        // one above the other: they stay side by side, without their sums.)
        const int n = int(panels.size());
        m_stacked = n > 1 && o.size.width() / n < kMinPanelWidth && o.size.width() >= kMinPanelWidth
            && o.size.height() >= o.size.width();
        m_columns = m_stacked ? 1 : std::max(1, n);
        m_perPanel = o.size.width() / m_columns;
        // Text sized for slides: about 1/55 of the figure's height; at least 8 units (a 3.5-inch
        // PDF column figure, 252 points wide, has 8-point text, as papers want). No text is smaller:
        // what does not fit at 8 units is wrapped (titles) or left out (numbers).
        const int px = std::clamp(std::max(o.size.height() / 55, m_perPanel / 75), kMinTextSize, 48);
        m_font = m_plot.font();
        m_font.setPixelSize(px);
        m_pad = std::max(2, px / 4);
        layout->setRowSpacing(m_pad);
        QFont titleFont = m_font;
        titleFont.setPixelSize(px * 5 / 4);
        titleFont.setBold(true);
        m_subtitleFont = m_font;
        m_subtitleFont.setPixelSize(px * 9 / 8);
        int row = 0;
        if (!o.title.isEmpty()) {
            // Never smaller than the subtitles under it: wrapped instead.
            const QString text = fitText(o.title, &titleFont, o.size.width() - 8, m_subtitleFont.pixelSize());
            layout->addElement(row++, 0, new QCPTextElement(&m_plot, text, titleFont));
        }
        m_grid = new QCPLayoutGrid;
        layout->addElement(row, 0, m_grid);
        layout->setRowStretchFactor(row, 1.0);
        m_grid->setRowSpacing(m_pad);
        m_sharedRows = new QCPMarginGroup(&m_plot);
        m_mapColumns = new QCPMarginGroup(&m_plot);
        m_scale = new QCPColorScale(&m_plot);
        // Beside the maps; under them in a narrow figure (a paper column's width is the maps').
        m_scaleBelow = m_columns == 1 && o.size.width() < kScaleBelowWidth;
        m_scale->setType(m_scaleBelow ? QCPAxis::atBottom : QCPAxis::atRight);
        m_scale->setBarWidth(16);
        m_subtitles
            = std::any_of(panels.begin(), panels.end(), [](const FigurePanel &p) { return !p.subtitle.isEmpty(); });
        for (int i = 0; i < n; ++i)
            addPanel(i);
        placeColorScale();
    }

    // A side of a comparison named with its mean entropy where no entropy panel has room beside its map (a paper
    // figure: block 2's point, 0.4053 against 1.5694, is in the picture at every size).
    QString withMeanEntropy(const QString &name, const attn::Result &r) const
    {
        if (m_panels.size() < 2 || (m_options.panels && m_perPanel >= kEntropyPanelWidth))
            return name;
        const attn::BatchSummary b = attn::summarize(r, r.params.batchIndex);
        const bool overKeys = r.params.softmaxDim == -1;
        const double h = overKeys ? b.meanRowEntropy : b.meanColEntropy;
        if (!std::isfinite(h))
            return name;
        return (overKeys ? QCoreApplication::translate("Figure", "%1: mean row entropy %2")
                         : QCoreApplication::translate("Figure", "%1: mean column entropy %2"))
            .arg(name, QString::number(h, 'f', 4));
    }

    // Panel i: its subtitle, its map (with the sums where they fit), in the grid's row and column for it.
    void addPanel(int i)
    {
        const FigurePanel &panel = m_panels[std::size_t(i)];
        const attn::Result &r = *panel.result;
        const int px = m_font.pixelSize();
        // Side by side: subtitles in row 0, maps in row 1; stacked: each map under its subtitle.
        // A row only where there is something to put in it (an empty row still has its spacing).
        int subtitleRow = 0, mapRow = 0;
        if (m_stacked) {
            subtitleRow = panel.subtitle.isEmpty() ? -1 : m_nextRow++;
            mapRow = m_nextRow++;
        } else {
            subtitleRow = m_subtitles ? 0 : -1;
            mapRow = m_subtitles ? 1 : 0;
            m_nextRow = mapRow + 1;
        }
        const int column = m_stacked ? 0 : i;
        m_mapRows << mapRow;
        QCPMarginGroup *rows = m_stacked ? new QCPMarginGroup(&m_plot) : m_sharedRows;
        if (i == 0)
            m_scaleRows = rows;
        auto *rect = new QCPAxisRect(&m_plot);
        // The map takes whatever the text around it leaves (QCustomPlot's minimum of 50 × 50 units
        // would over-constrain a paper column's figure, which then squeezes its title).
        rect->setMinimumSize(2 * px, 2 * px);
        setUpHeatmapAxes(rect);
        tighten(rect, m_pad);
        for (QCPAxis *axis : rect->axes()) {
            axis->setTickLabelFont(m_font);
            axis->setLabelFont(m_font);
        }
        // The sums where they fit: a panel at least 200 units wide (a 3.5-inch figure has them,
        // its comparison stacked; cell values are likewise written only where they fit).
        const bool sums = m_options.panels && m_perPanel >= kMinPanelWidth;
        if (subtitleRow >= 0 && !panel.subtitle.isEmpty()) {
            QFont f = m_subtitleFont;
            // Over the map (a column's width less the colour scale's 0.08 beside it and the sums).
            const double share = m_options.size.width() / (m_columns + (m_scaleBelow ? 0.0 : 0.08));
            const int width = int(share * (sums ? 0.72 : 0.9)) - 6;
            // Every side's name at one size: the smallest any of them needs (then wrapped, not shrunk further).
            if (m_subtitlePx == 0)
                for (const FigurePanel &other : m_panels) {
                    QFont g = m_subtitleFont;
                    fitText(withMeanEntropy(other.subtitle, *other.result), &g, width);
                    m_subtitlePx = m_subtitlePx == 0 ? g.pixelSize() : std::min(m_subtitlePx, g.pixelSize());
                }
            f.setPixelSize(m_subtitlePx);
            const QString text = wrapLines(withMeanEntropy(panel.subtitle, r), QFontMetricsF(f), width).join('\n');
            m_grid->addElement(subtitleRow, column, new QCPTextElement(&m_plot, text, f));
        }
        QCPLayoutGrid *cell = nullptr;
        if (sums) {
            // The map with its row sums on the right and column sums below, aligned with it.
            cell = new QCPLayoutGrid;
            m_grid->addElement(mapRow, column, cell);
            cell->addElement(0, 0, rect);
        } else
            m_grid->addElement(mapRow, column, rect);
        rect->setMarginGroup(QCP::msTop | QCP::msBottom, rows);
        auto *map = new QCPColorMap(rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft));
        map->setInterpolate(false);
        map->setTightBoundary(false);
        map->setColorScale(m_scale);
        const attn::HeatmapGrid g = attn::heatmapGrid(r, r.params.batchIndex, m_options.display.quantity, 2000, 2000);
        fillColorMap(map, g, r.params.queryLength, r.params.keyLength);
        setAxisLabels(rect, r.params);
        // Maps in one column share their left and right edges with their column sums and with a
        // colour scale below them.
        if (cell)
            addSumPanels(cell, rect, r, rows, m_columns == 1 ? m_mapColumns : new QCPMarginGroup(&m_plot));
        else if (m_columns == 1)
            rect->setMarginGroup(QCP::msLeft | QCP::msRight, m_mapColumns);
        const QCPRange pr = colorRange(g, m_options.display);
        m_range = i == 0 ? pr : QCPRange(std::min(m_range.lower, pr.lower), std::max(m_range.upper, pr.upper));
        m_rects << rect;
        m_maps << map;
        m_grids.push_back(g);
    }

    // The one colour scale beside the first map (the maps share its range), or under them; the stretch of the
    // grid's rows and columns.
    void placeColorScale()
    {
        const int px = m_font.pixelSize();
        if (m_scaleBelow) {
            m_grid->addElement(m_nextRow, 0, m_scale);
            m_scale->setMarginGroup(QCP::msLeft, m_mapColumns);
            m_scale->setMinimumMargins(QMargins(0, 0, px, 0)); // room for the last tick's label
        } else {
            m_grid->addElement(m_mapRows.first(), m_columns, m_scale);
            // Its top is the map's; its bottom too, once laid out (laidOut), which leaves room under it
            // for the label at its lower end when column sums stand under the map.
            m_scale->setMarginGroup(QCP::msTop, m_scaleRows);
            m_scale->setAutoMargins(QCP::msLeft | QCP::msRight | QCP::msTop);
        }
        for (QCPColorMap *map : m_maps)
            map->setGradient(colorGradient(m_options.display.colorMap)); // after setColorScale
        m_scale->setDataRange(m_range);
        m_scale->axis()->setLabel(quantityTitle(m_options.display.quantity, m_panels.front().result->params.score));
        m_scale->axis()->setTickLabelFont(m_font);
        m_scale->axis()->setLabelFont(m_font);
        m_scale->setBarWidth(px + 6);
        for (int c = 0; c < m_columns; ++c)
            m_grid->setColumnStretchFactor(c, 1.0);
        if (!m_scaleBelow)
            m_grid->setColumnStretchFactor(m_columns, 0.08);
        // The maps take the height; subtitles and a colour scale below get what they need.
        for (int r = 0; r < m_grid->rowCount(); ++r)
            m_grid->setRowStretchFactor(r, m_mapRows.contains(r) ? 1.0 : 0.001);
    }

    // Row sums (red where not 1, as softmax over queries leaves them) and column sums as bars with
    // their numbers, in panels aligned with the map's rows and columns.
    void addSumPanels(
        QCPLayoutGrid *cell, QCPAxisRect *map, const attn::Result &r, QCPMarginGroup *rows, QCPMarginGroup *cols)
    {
        const attn::Params &p = r.params;
        const attn::Statistics &st = r.attention.stats;
        const int b = p.batchIndex, L = p.queryLength, S = p.keyLength;
        const int px = m_font.pixelSize();
        auto *rowRect = new QCPAxisRect(&m_plot);
        auto *colRect = new QCPAxisRect(&m_plot);
        // Each row's entropy, as the window shows it, where a panel has room for it (560 units: not in a paper
        // column's figure, whose maps need the width for their numbers).
        QCPAxisRect *entropyRect = m_perPanel >= kEntropyPanelWidth ? new QCPAxisRect(&m_plot) : nullptr;
        cell->addElement(0, 1, rowRect);
        if (entropyRect)
            cell->addElement(0, 2, entropyRect);
        cell->addElement(1, 0, colRect);
        if (entropyRect)
            cell->setColumnStretchFactors({ 5.0, 1.3, 1.3 });
        else // (a 3.5-inch column's map keeps more of the width: block 2's 1 × 6 cells then hold 8-point values)
            cell->setColumnStretchFactors({ m_perPanel < 400 ? 8.0 : 5.0, 1.3 });
        // (a map of one or two rows gives its column sums as much height as it has: block 2's 1 x 6 had the
        // numbers' room in its own cells and none left under them)
        cell->setRowStretchFactors({ L == 1 ? 1.5 : L == 2 ? 3.0 : 5.0, 1.5 });
        // Bars a few lines high, their key labels and name: the rest of the height is the map's.
        colRect->setSizeConstraintRect(QCPLayoutElement::scrOuterRect);
        colRect->setMinimumSize(0, px * 9 / 2);
        colRect->setMaximumSize(QWIDGETSIZE_MAX, px * 13 / 2);
        cell->setRowSpacing(0);
        map->setMarginGroup(QCP::msLeft | QCP::msRight, cols);
        colRect->setMarginGroup(QCP::msLeft | QCP::msRight, cols);
        // The numbers as large as the text around them (at least 8 units), or none (laidOut).
        const QFont numbers = numberFont(m_font);
        const double numberWidth = QFontMetricsF(numbers).horizontalAdvance(QStringLiteral("0.0000")) + 8;
        styleSidePanel(colRect);
        // Row sums: horizontal bars keyed by query, query 0 at the top as in the map.
        QCPAxis *rowValue
            = setUpRowPanel(rowRect, L, rows, numberWidth, QCoreApplication::translate("HeatmapPanel", "row sum"));
        QCPAxis *query = rowRect->axis(QCPAxis::atLeft);
        double rowMax = 1.0, colMax = 1.0;
        for (int i = 0; i < L; ++i)
            rowMax = std::max(rowMax, double(st.rowSums(b, i)));
        for (int j = 0; j < S; ++j)
            colMax = std::max(colMax, double(st.colSums(b, j)));
        rowValue->setRange(0, rowMax * 1.08);
        rowValue->setTicker(textTicker({ { 0.0, QStringLiteral("0") }, { 1.0, QStringLiteral("1") } }));
        QCPAxis *key = colRect->axis(QCPAxis::atBottom), *colValue = colRect->axis(QCPAxis::atLeft);
        // The keys are labelled once, under the column sums (the map's own key labels would stand
        // between the map and its sums).
        QCPAxis *mapKeys = map->axis(QCPAxis::atBottom);
        key->setTicker(mapKeys->ticker());
        key->setTickLabelRotation(mapKeys->tickLabelRotation());
        key->setLabel(mapKeys->label());
        key->setTickLength(0, 0);
        key->setSubTickLength(0, 0);
        mapKeys->setPadding(0);
        mapKeys->setTickLabelPadding(0);
        mapKeys->setTickLength(0, 0);
        map->setMinimumMargins(QMargins(m_pad, m_pad, m_pad, 0));
        colRect->setMinimumMargins(QMargins(m_pad, 0, m_pad, m_pad));
        key->setRange(-0.5, S - 0.5);
        mapKeys->setTickLabels(false);
        mapKeys->setLabel(QString());
        colValue->setRange(0, colMax * 1.1);
        colValue->setTicker(textTicker({ { 1.0, QStringLiteral("1") } }));
        // Named beside the bars, under the row sums' panel (a name on the left would meet "query i"), at their
        // height: the bars are the top of their panel, the keys' numbers and name under them (centred, the name
        // stood beside the keys' name).
        auto *name = new StretchText(&m_plot, QCoreApplication::translate("HeatmapPanel", "col. sum"), m_font);
        name->setTextFlags(Qt::AlignLeft | Qt::AlignTop);
        cell->addElement(1, 1, name);
        addSumBars(
            query, rowValue, L, [&](int i) { return double(st.rowSums(b, i)); }, true, p, numbers);
        addSumBars(
            key, colValue, S, [&](int j) { return double(st.colSums(b, j)); }, false, p, numbers);
        if (entropyRect)
            addEntropyPanel(entropyRect, st, b, L, S, p, numbers, rows, numberWidth);
    }

    // A panel beside the map's side: tight, no grid, the figure's font.
    void styleSidePanel(QCPAxisRect *rect)
    {
        tighten(rect, m_pad);
        for (QCPAxis *axis : rect->axes()) {
            axis->grid()->setVisible(false);
            axis->setTickLabelFont(m_font);
            axis->setLabelFont(m_font);
            axis->setSubTickPen(Qt::NoPen);
        }
    }

    // A panel of one bar per row beside the map (row sums, entropies), aligned with its rows, query 0 at the top,
    // wide enough for "0.0000"; its scale and name on top, so that nothing stands between the map and its column
    // sums. Returns the value axis.
    QCPAxis *setUpRowPanel(QCPAxisRect *rect, int L, QCPMarginGroup *rows, double numberWidth, const QString &name)
    {
        rect->setMarginGroup(QCP::msTop | QCP::msBottom, rows);
        rect->setMinimumSize(int(std::ceil(numberWidth)), 0);
        styleSidePanel(rect);
        // Room on the right for half its scale's "1" (near the right end, at the figure's edge it was cut off).
        const int half = int(std::ceil(QFontMetricsF(m_font).horizontalAdvance(QStringLiteral("1")) / 2.0));
        rect->setMinimumMargins(QMargins(m_pad, m_pad, m_pad + half, m_pad));
        QCPAxis *keys = rect->axis(QCPAxis::atLeft);
        keys->setRangeReversed(true);
        keys->setRange(-0.5, L - 0.5);
        keys->setTickLabels(false);
        keys->setTicks(false);
        rect->axis(QCPAxis::atBottom)->setVisible(false);
        QCPAxis *value = rect->axis(QCPAxis::atTop);
        value->setVisible(true);
        value->setLabel(name);
        return value;
    }

    // The rows' entropies (nats) from 0 to ln S, the most a row over S keys can have, as in the window.
    void addEntropyPanel(QCPAxisRect *entropyRect, const attn::Statistics &st, int b, int L, int S,
        const attn::Params &p, const QFont &numbers, QCPMarginGroup *rows, double numberWidth)
    {
        QCPAxis *entropyValue
            = setUpRowPanel(entropyRect, L, rows, numberWidth, QCoreApplication::translate("HeatmapPanel", "entropy"));
        QCPAxis *entropyRows = entropyRect->axis(QCPAxis::atLeft);
        const double lnS = std::log(double(std::max(S, 1)));
        double entropyMax = std::max(lnS, 1e-6);
        for (int i = 0; i < L; ++i)
            entropyMax = std::max(entropyMax, double(st.rowEntropy(b, i)));
        entropyValue->setRange(0, entropyMax * 1.08);
        entropyValue->setTicker(textTicker({ { 0.0, QStringLiteral("0") }, { lnS, QStringLiteral("ln S") } }));
        addSumBars(
            entropyRows, entropyValue, L, [&](int i) { return double(st.rowEntropy(b, i)); }, true, p, numbers, false);
    }

    // n sums as bars (red where a distribution does not sum to 1), each with its number on a plate.
    // (sums false: the rows' entropies, none flagged.)
    void addSumBars(QCPAxis *keyAxis, QCPAxis *valueAxis, int n, const std::function<double(int)> &valueOf,
        bool flagRows, const attn::Params &p, const QFont &numbers, bool sums = true)
    {
        auto *ok = new QCPBars(keyAxis, valueAxis), *bad = new QCPBars(keyAxis, valueAxis);
        ok->setBrush(!sums ? plot_style::kEntropyBar : flagRows ? plot_style::kRowSumBar : plot_style::kColSumBar);
        bad->setBrush(plot_style::kSumNotOne);
        for (QCPBars *bs : { ok, bad }) {
            bs->setPen(Qt::NoPen);
            bs->setWidth(0.8);
        }
        BarNumbers written { keyAxis->axisRect(), flagRows, n, {} };
        const bool across = keyAxis->orientation() == Qt::Vertical;
        for (int k = 0; k < n; ++k) {
            const double v = valueOf(k);
            const bool flagged = sums && !attn::sumsToOne(v) && (flagRows || p.softmaxDim == -2);
            (flagged ? bad : ok)->addData(k, v);
            if (n > kMaxBarNumbers)
                continue;
            auto *t = new QCPItemText(&m_plot);
            t->setClipAxisRect(keyAxis->axisRect());
            t->position->setAxes(across ? valueAxis : keyAxis, across ? keyAxis : valueAxis);
            t->position->setCoords(across ? valueAxis->range().center() : k, across ? k : valueAxis->range().center());
            t->setFont(numbers);
            t->setText(QString::number(v, 'f', 4));
            t->setBrush(QColor(255, 255, 255, 225));
            t->setPadding(QMargins(2, 0, 2, 0));
            t->setPositionAlignment(Qt::AlignCenter);
            t->setLayer("overlay");
            written.items << t;
        }
        if (!written.items.isEmpty())
            m_barNumbers.push_back(written);
    }

    // Lays everything out at the figure's size, with values in the cells and on the bars where they fit.
    QCustomPlot &laidOut()
    {
        const QSize size = m_options.size;
        m_plot.resize(size);
        m_plot.setViewport(QRect(QPoint(0, 0), size));
        m_plot.plotLayout()->setOuterRect(QRect(QPoint(0, 0), size));
        m_plot.replot(QCustomPlot::rpImmediateRefresh);
        // Again while the axes' labels, thinned for the lengths laid out before, gave other lengths.
        for (int pass = 0; pass < 3 && std::any_of(m_rects.begin(), m_rects.end(), ticksStale); ++pass)
            m_plot.replot(QCustomPlot::rpImmediateRefresh);
        if (!m_scaleBelow) {
            // The colour scale beside the first map ends where the map ends, not at the foot of the
            // column sums under it (at the page's edge, where its "0" would be cut off); at least half
            // a line above its cell's foot for that label.
            const double half = QFontMetricsF(m_font).height() / 2;
            QMargins margins = m_scale->margins();
            margins.setBottom(std::max(
                int(std::ceil(half)) + m_pad, m_scale->outerRect().bottom() - m_rects.first()->rect().bottom()));
            if (margins != m_scale->margins()) {
                m_scale->setMargins(margins);
                m_plot.replot(QCustomPlot::rpImmediateRefresh);
            }
        }
        m_texts.resize(m_rects.size());
        for (int i = 0; i < m_rects.size(); ++i)
            layoutCellTexts(m_rects[i], m_texts[i], *m_panels[i].result, m_options.display, m_maps[i], m_grids[i],
                m_font, m_font.pixelSize() * 2.0, kMinTextSize);
        // The numbers on the bars where each has its row's height (its column's width) and the panel's
        // room across; none where they do not (never smaller than 8 units).
        for (const BarNumbers &b : m_barNumbers) {
            const QFontMetricsF fm(b.items.first()->font());
            const double across = fm.horizontalAdvance(QStringLiteral("0.0000")) + 8; // a plate and a gap
            const QRect r = b.rect->rect();
            // (Under the map, a panel less than one and a half lines high would be all numbers, no bars; its
            // columns are as wide as the map's cells, which write their values with a gap of 2: the bars' numbers
            // may too, or a 3.5-inch block 2 had none under its 1 x 6 maps.)
            const double acrossColumn = fm.horizontalAdvance(QStringLiteral("0.0000")) + 2;
            const bool fits = b.rows ? r.height() / double(b.count) >= fm.height() && r.width() >= across
                                     : r.width() / double(b.count) >= acrossColumn && r.height() >= 1.5 * fm.height();
            for (QCPItemText *t : b.items)
                t->setVisible(fits);
        }
        return m_plot;
    }

private:
    struct BarNumbers
    {
        QCPAxisRect *rect; // the bars' panel
        bool rows; // one per row (beside the map), else one per column (under it)
        int count;
        QList<QCPItemText *> items;
    };

    std::vector<FigurePanel> m_panels;
    FigureOptions m_options;
    QCustomPlot m_plot;
    QCPColorScale *m_scale = nullptr;
    QCPMarginGroup *m_scaleRows = nullptr;
    bool m_stacked = false; // a comparison one map above the other
    bool m_scaleBelow = false; // the colour scale under the maps (else beside the first)
    int m_columns = 1; // columns of maps
    int m_perPanel = 0; // the figure's width per column of maps
    int m_subtitlePx = 0; // the sides' names' size (0: not yet chosen)
    QCPLayoutGrid *m_grid = nullptr; // the maps, their subtitles and the colour scale
    QCPMarginGroup *m_sharedRows = nullptr, *m_mapColumns = nullptr;
    QFont m_subtitleFont;
    bool m_subtitles = false; // any panel has one
    QList<int> m_mapRows; // the grid's rows that hold maps (the rest: subtitles, a colour scale below)
    int m_nextRow = 0;
    QCPRange m_range; // the colour range all maps share
    QFont m_font;
    int m_pad = 2; // paddings around axes and their labels
    QList<QCPAxisRect *> m_rects;
    QList<QCPColorMap *> m_maps;
    std::vector<attn::HeatmapGrid> m_grids;
    QVector<QList<QCPItemText *>> m_texts;
    std::vector<BarNumbers> m_barNumbers;
};

void paint(QCustomPlot &plot, QPaintDevice *device, const QSize &size, double scale, bool vector)
{
    QCPPainter painter(device);
    if (vector)
        painter.setMode(QCPPainter::pmVectorized);
    painter.setMode(QCPPainter::pmNoCaching);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setRenderHint(QPainter::TextAntialiasing);
    // PDF: the heatmap's image without JPEG (ringing at cell edges); a lossless (Flate) image instead.
    painter.setRenderHint(QPainter::LosslessImageRendering);
    painter.scale(scale, scale);
    plot.toPainter(&painter, size.width(), size.height());
    painter.end();
}

} // namespace

QImage renderPlot(QCustomPlot &plot, const QSize &size, double pixelRatio, bool transparent)
{
    const QSize pixels(int(std::lround(size.width() * pixelRatio)), int(std::lround(size.height() * pixelRatio)));
    QImage image(pixels, QImage::Format_ARGB32_Premultiplied);
    if (image.isNull())
        return image;
    image.fill(transparent ? Qt::transparent : Qt::white);
    paint(plot, &image, size, pixelRatio, false);
    // The size is in points (1/72 inch) at ratio 1: say so in the file, so that a paper figure made at
    // 300 dpi is placed 3.5 inches wide, not at the screen's 96 dpi.
    const int perMetre = int(std::lround(72.0 * pixelRatio / 0.0254));
    image.setDotsPerMeterX(perMetre);
    image.setDotsPerMeterY(perMetre);
    return image;
}

QImage renderFigure(const std::vector<FigurePanel> &panels, const FigureOptions &options)
{
    FigurePlot figure(panels, options);
    return renderPlot(figure.laidOut(), options.size, options.pixelRatio, options.transparent);
}

bool writeFigure(const QString &path, const std::vector<FigurePanel> &panels, const FigureOptions &options,
    QString *error, OutputSet *outputs)
{
    QByteArray bytes;
    return encodeFigure(path, panels, options, &bytes, error) && writeOutputBytes(outputs, path, bytes, error);
}

bool encodePainted(const QString &path, const QSize &size, double pixelRatio, const QString &title,
    const std::function<QImage()> &raster, const std::function<void(QPaintDevice *)> &vector, QByteArray *encoded,
    QString *error)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (!io::pictureSuffixes().contains(suffix)) {
        *error = QStringLiteral("'%1': unknown image format '.%2' (use .png, .jpg, .pdf or .svg)").arg(path, suffix);
        return false;
    }
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    if (!io::vectorSuffixes().contains(suffix)) { // PNG or JPG
        QImage image = raster();
        if (image.isNull()) {
            *error = QStringLiteral("'%1': not enough memory for a %2 × %3 picture")
                         .arg(path)
                         .arg(std::lround(size.width() * pixelRatio))
                         .arg(std::lround(size.height() * pixelRatio));
            return false;
        }
        if (suffix != "png")
            image = image.convertToFormat(QImage::Format_RGB32);
        QImageWriter writer(&buffer, suffix == "png" ? "png" : "jpg");
        if (suffix != "png")
            writer.setQuality(92);
        if (!writer.write(image)) {
            *error = QStringLiteral("'%1': %2").arg(path, writer.errorString());
            return false;
        }
    } else if (suffix == "pdf") {
        QPdfWriter writer(&buffer);
        writer.setResolution(72); // one unit = one point
        writer.setPageSize(QPageSize(QSizeF(size), QPageSize::Point));
        writer.setPageMargins(QMarginsF(0, 0, 0, 0));
        writer.setTitle(title);
        writer.setCreator(QStringLiteral("attention-viz"));
        vector(&writer);
    } else {
        QSvgGenerator svg;
        svg.setOutputDevice(&buffer);
        svg.setSize(size);
        svg.setViewBox(QRect(QPoint(0, 0), size));
        svg.setTitle(title);
        svg.setDescription(QStringLiteral("attention-viz"));
        vector(&svg);
    }
    buffer.close();
    *encoded = bytes;
    return true;
}

bool encodePlot(const QString &path, QCustomPlot &plot, const QSize &size, double pixelRatio, bool transparent,
    const QString &title, QByteArray *encoded, QString *error)
{
    const bool png = QFileInfo(path).suffix().toLower() == QLatin1String("png");
    return encodePainted(
        path, size, pixelRatio, title, [&] { return renderPlot(plot, size, pixelRatio, transparent && png); },
        [&](QPaintDevice *device) { paint(plot, device, size, 1.0, true); }, encoded, error);
}

bool encodeFigure(const QString &path, const std::vector<FigurePanel> &panels, const FigureOptions &options,
    QByteArray *encoded, QString *error)
{
    FigurePlot figure(panels, options);
    return encodePlot(path, figure.laidOut(), options.size, options.pixelRatio, options.transparent,
        options.title.isEmpty() ? settingsTitle(panels.front().result->params) : options.title, encoded, error);
}

bool writeData(const QString &path, const attn::Result &r, const DisplayOptions &d, QString *error, OutputSet *outputs)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    const attn::Tensor3 logits
        = d.quantity == attn::Quantity::Logits ? attn::computeLogits(*r.scores, r.params) : attn::Tensor3();
    const attn::Tensor3 &shown = d.quantity == attn::Quantity::Weights ? r.attention.weights
        : d.quantity == attn::Quantity::Scores                         ? *r.scores
                                                                       : logits;
    if (suffix == "csv")
        return writeOutput(
            outputs, path, [&](std::ostream &out) { attn::writeCsv(out, shown.slice(r.params.batchIndex)); }, error);
    if (suffix == "npy")
        return writeOutput(
            outputs, path, [&](std::ostream &out) { attn::writeNpy(out, shown); }, error);
    if (suffix == "json") {
        // (as --dump: refused before writing a file larger than anyone can open)
        if (const std::string tooLarge = attn::jsonTooLarge(r.params); !tooLarge.empty()) {
            *error = QString::fromStdString(tooLarge);
            return false;
        }
        return writeOutput(
            outputs, path,
            [&](std::ostream &out) {
                attn::writeJson(out, r, nullptr, [](const std::string &english) {
                    return translatedMessage(QString::fromStdString(english)).toStdString(); // the window's language
                });
            },
            error);
    }
    *error = QStringLiteral("'%1': unknown data format '.%2' (use .csv, .npy or .json)").arg(path, suffix);
    return false;
}

std::vector<FigurePanel> comparePanels(const ResultPtr &base, CompareKind kind, int otherDk)
{
    const auto sides
        = attn::comparisonSides(base->params, kind, otherDk > 0 ? otherDk : attn::comparisonDk(base->params.dK));
    // Both sides reuse base's Q, K and V: the same draw, compared.
    auto left = std::make_shared<const attn::Result>(attn::compute(sides[0], base.get()));
    auto right = std::make_shared<const attn::Result>(attn::compute(sides[1], left.get()));
    return { { left, compareLabel(sides[0], kind) }, { right, compareLabel(sides[1], kind) } };
}

QString seriesFileName(const QString &dir, const QString &name, const QString &value, const QString &format)
{
    QString v = value;
    v.replace(':', '-').replace('/', '-');
    return QDir(dir).filePath(QStringLiteral("%1_%2.%3").arg(name, v, format));
}

bool writeSeries(const QString &folder, const QString &name, const std::vector<SeriesPicture> &pictures,
    const QString &format, const ResultPtr &start, const std::function<FigureOptions(const attn::Params &)> &options,
    QStringList *written, QString *error, OutputSet *outputs)
{
    // Every picture is made before the first is written, so a failure while drawing writes nothing.
    QStringList paths;
    QList<QByteArray> encoded;
    ResultPtr previous = start;
    for (const SeriesPicture &picture : pictures) {
        auto r = std::make_shared<const attn::Result>(attn::compute(picture.params, previous.get()));
        paths << seriesFileName(folder, name, picture.value, format);
        encoded << QByteArray();
        if (!encodeFigure(paths.last(), { { r, QString() } }, options(picture.params), &encoded.last(), error))
            return false;
        previous = r;
    }
    const bool folderExisted = QFileInfo(folder).isDir();
    if (!QDir().mkpath(folder)) {
        *error = QStringLiteral("cannot create the folder '%1'").arg(folder);
        return false;
    }
    // All or nothing: into the run's outputs, or a set of the series' own.
    OutputSet own;
    OutputSet *set = outputs ? outputs : &own;
    bool ok = true;
    for (int i = 0; i < paths.size() && ok; ++i)
        ok = set->writeBytes(paths[i], encoded[i], error);
    if (ok && !outputs)
        ok = own.commit(error);
    if (!ok) {
        if (!folderExisted)
            QDir().rmdir(folder); // (only when empty)
        return false;
    }
    if (written)
        for (const QString &p : paths)
            *written << QFileInfo(p).fileName();
    return true;
}

PlotTextFonts applyPlotFonts(
    QCustomPlot *plot, int textSize, QCPTextElement *titleElement, QCPTextElement *caption, QCPLegend *legend)
{
    PlotTextFonts f { 0, plot->font(), QFont(), QFont() };
    if (textSize > 0)
        f.body.setPixelSize(textSize);
    f.px = f.body.pixelSize() > 0 ? f.body.pixelSize() : QFontInfo(f.body).pixelSize();
    f.title = f.small = f.body;
    f.title.setPixelSize(f.px * 5 / 4);
    f.title.setBold(true);
    f.small.setPixelSize(std::max(8, f.px * 9 / 10));
    if (titleElement)
        titleElement->setFont(f.title);
    if (caption)
        caption->setFont(f.body);
    legend->setFont(f.body);
    for (int i = 0; i < legend->itemCount(); ++i)
        if (QCPAbstractLegendItem *item = legend->item(i)) { // null: an empty cell of a wrapped grid
            item->setFont(f.body);
            item->setMargins(QMargins(f.px / 2, f.px / 4, f.px / 2, f.px / 2));
        }
    return f;
}
