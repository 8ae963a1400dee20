// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/heatmap_panel.h"

#include "render/color_maps.h"
#include "render/heatmap_drawing.h"

#include <qcustomplot.h>

#include <QLabel>
#include <QTimer>
#include <QToolTip>
#include <QVBoxLayout>

#include <cmath>

namespace {

// Grid cells larger than this are not aggregated: about one cell per screen pixel.
constexpr int kMaxGridCells = 1200;
constexpr double kSumTolerance = 1e-3;

void styleAxisRect(QCPAxisRect *rect)
{
    for (QCPAxis *axis : rect->axes()) {
        axis->grid()->setVisible(false);
        axis->setBasePen(QPen(QColor(90, 90, 90)));
        axis->setTickPen(QPen(QColor(90, 90, 90)));
        axis->setSubTickPen(Qt::NoPen);
    }
}

} // namespace

HeatmapPanel::HeatmapPanel(AttentionModel *model, QWidget *parent)
    : QWidget(parent)
    , m_model(model)
{
    m_plot = new QCustomPlot(this);
    m_plot->setObjectName("heatmapPlot");
    m_plot->setMinimumSize(420, 320);
    m_note = new QLabel(this);
    m_note->setObjectName("heatmapNote");
    m_note->setWordWrap(true);
    m_title = new QLabel(this);
    m_title->setObjectName("heatmapTitle");
    m_title->setAlignment(Qt::AlignCenter);
    QFont tf = m_title->font();
    tf.setBold(true);
    tf.setPointSizeF(tf.pointSizeF() * 1.2);
    m_title->setFont(tf);
    m_title->setVisible(false);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_title);
    layout->addWidget(m_plot, 1);
    layout->addWidget(m_note);

    m_plot->plotLayout()->clear();
    m_heatRect = new QCPAxisRect(m_plot);
    m_rowSumRect = new QCPAxisRect(m_plot);
    m_entropyRect = new QCPAxisRect(m_plot);
    m_colSumRect = new QCPAxisRect(m_plot);
    m_scale = new QCPColorScale(m_plot);
    m_plot->plotLayout()->addElement(0, 0, m_heatRect);
    m_plot->plotLayout()->addElement(0, 1, m_rowSumRect);
    m_plot->plotLayout()->addElement(0, 2, m_entropyRect);
    m_plot->plotLayout()->addElement(0, 3, m_scale);
    m_plot->plotLayout()->addElement(1, 0, m_colSumRect);
    m_plot->plotLayout()->setColumnStretchFactors({ 6.0, 1.5, 1.5, 0.45 });
    m_plot->plotLayout()->setRowStretchFactors({ 5.0, 1.2 });
    for (QCPAxisRect *r : { m_heatRect, m_rowSumRect, m_entropyRect, m_colSumRect })
        styleAxisRect(r);

    // Rows line up across the heatmap and its side panels; columns with the column sums.
    auto *rows = new QCPMarginGroup(m_plot);
    auto *cols = new QCPMarginGroup(m_plot);
    for (QCPLayoutElement *e :
        std::initializer_list<QCPLayoutElement *> { m_heatRect, m_rowSumRect, m_entropyRect, m_scale })
        e->setMarginGroup(QCP::msTop | QCP::msBottom, rows);
    m_heatRect->setMarginGroup(QCP::msLeft | QCP::msRight | QCP::msTop | QCP::msBottom, nullptr);
    m_heatRect->setMarginGroup(QCP::msTop | QCP::msBottom, rows);
    m_heatRect->setMarginGroup(QCP::msLeft | QCP::msRight, cols);
    m_colSumRect->setMarginGroup(QCP::msLeft | QCP::msRight, cols);

    setUpHeatmapAxes(m_heatRect);
    QCPAxis *keyAxis = m_heatRect->axis(QCPAxis::atBottom);
    QCPAxis *queryAxis = m_heatRect->axis(QCPAxis::atLeft);
    m_map = new QCPColorMap(keyAxis, queryAxis);
    m_map->setInterpolate(false);
    m_map->setTightBoundary(false);
    m_map->setColorScale(m_scale); // the gradient is set after this
    m_scale->setType(QCPAxis::atRight);
    m_scale->setBarWidth(14);
    m_heatRect->setRangeDrag(Qt::Horizontal | Qt::Vertical);
    m_heatRect->setRangeZoom(Qt::Horizontal | Qt::Vertical);
    m_heatRect->setRangeDragAxes(keyAxis, queryAxis);
    m_heatRect->setRangeZoomAxes(keyAxis, queryAxis);
    m_plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);

    // Row sums and row entropy: horizontal bars keyed by query, sharing the heatmap's rows.
    auto horizontal = [this](QCPAxisRect *rect, const QString &label) {
        QCPAxis *q = rect->axis(QCPAxis::atLeft);
        q->setRangeReversed(true);
        q->setTickLabels(false);
        q->setTicker(integerTicker());
        rect->axis(QCPAxis::atBottom)->setLabel(label);
        rect->axis(QCPAxis::atBottom)->ticker()->setTickCount(2);
        rect->setRangeDrag(Qt::Orientations());
        rect->setRangeZoom(Qt::Orientations());
        auto *bars = new QCPBars(q, rect->axis(QCPAxis::atBottom));
        bars->setWidth(0.8);
        return bars;
    };
    m_rowSumBars = horizontal(m_rowSumRect, tr("row sum"));
    m_rowSumRect->setMinimumSize(60, 0);
    m_entropyRect->setMinimumSize(60, 0);
    m_rowSumFlagged = new QCPBars(m_rowSumRect->axis(QCPAxis::atLeft), m_rowSumRect->axis(QCPAxis::atBottom));
    m_rowSumFlagged->setWidth(0.8);
    m_entropyBars = horizontal(m_entropyRect, tr("entropy\n(nats)"));
    m_rowSumBars->setBrush(QColor(70, 110, 170));
    m_rowSumBars->setPen(Qt::NoPen);
    m_rowSumFlagged->setBrush(QColor(215, 60, 40));
    m_rowSumFlagged->setPen(Qt::NoPen);
    m_entropyBars->setBrush(QColor(60, 150, 110));
    m_entropyBars->setPen(Qt::NoPen);

    // Column sums: vertical bars keyed by key, sharing the heatmap's columns.
    QCPAxis *colKey = m_colSumRect->axis(QCPAxis::atBottom);
    colKey->setTicker(integerTicker());
    colKey->setTickLabels(false);
    m_colSumRect->axis(QCPAxis::atLeft)->setLabel(tr("col. sum"));
    m_colSumRect->axis(QCPAxis::atLeft)->ticker()->setTickCount(2);
    m_colSumRect->setRangeDrag(Qt::Orientations());
    m_colSumRect->setRangeZoom(Qt::Orientations());
    m_colSumBars = new QCPBars(colKey, m_colSumRect->axis(QCPAxis::atLeft));
    m_colSumFlagged = new QCPBars(colKey, m_colSumRect->axis(QCPAxis::atLeft));
    for (QCPBars *b : { m_colSumBars, m_colSumFlagged }) {
        b->setWidth(0.8);
        b->setPen(Qt::NoPen);
    }
    m_colSumBars->setBrush(QColor(120, 100, 170));
    m_colSumFlagged->setBrush(QColor(215, 60, 40));

    auto line = [this](QCPAxisRect *rect, QColor color) {
        auto *l = new QCPItemStraightLine(m_plot);
        l->setClipAxisRect(rect);
        l->point1->setAxes(rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft));
        l->point2->setAxes(rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft));
        l->setPen(QPen(color, 1.5, Qt::DashLine));
        return l;
    };
    m_rowSumTarget = line(m_rowSumRect, QColor(40, 40, 40));
    m_entropyMax = line(m_entropyRect, QColor(200, 60, 40));
    m_colSumTarget = line(m_colSumRect, QColor(40, 40, 40));
    m_entropyMaxLabel = new QCPItemText(m_plot);
    m_entropyMaxLabel->setClipAxisRect(m_entropyRect);
    m_entropyMaxLabel->setClipToAxisRect(false);
    m_entropyMaxLabel->position->setType(QCPItemPosition::ptAxisRectRatio);
    m_entropyMaxLabel->position->setAxisRect(m_entropyRect);
    m_entropyMaxLabel->setPositionAlignment(Qt::AlignRight | Qt::AlignTop);
    m_entropyMaxLabel->position->setCoords(1.0, 0.0);
    m_entropyMaxLabel->setColor(QColor(200, 60, 40));

    m_highlightRect = new QCPItemRect(m_plot);
    m_highlightRect->setClipAxisRect(m_heatRect);
    m_highlightRect->topLeft->setAxes(keyAxis, queryAxis);
    m_highlightRect->bottomRight->setAxes(keyAxis, queryAxis);
    m_highlightRect->setPen(QPen(QColor(255, 60, 40), 3));
    m_highlightRect->setBrush(Qt::NoBrush);
    m_highlightRect->setLayer("overlay");
    m_highlightRect->setVisible(false);

    connect(keyAxis, qOverload<const QCPRange &>(&QCPAxis::rangeChanged), this, &HeatmapPanel::syncRanges);
    connect(queryAxis, qOverload<const QCPRange &>(&QCPAxis::rangeChanged), this, &HeatmapPanel::syncRanges);
    connect(m_plot, &QCustomPlot::mouseMove, this, &HeatmapPanel::hover);
    connect(m_plot, &QCustomPlot::afterLayout, this, &HeatmapPanel::updateCellTexts);
    connect(model, &AttentionModel::resultChanged, this, &HeatmapPanel::showResult);
    connect(model, &AttentionModel::displayChanged, this, &HeatmapPanel::showResult);
    showResult();
}

void HeatmapPanel::showResult()
{
    const auto r = m_model->result();
    const attn::Params &p = r->params;
    const DisplayOptions &d = m_model->display();
    const int b = p.batchIndex, L = p.queryLength, S = p.keyLength;

    // About one grid cell per pixel of the heatmap: the drawing costs what the screen shows, not L·S.
    const QRect area = m_heatRect->rect();
    const int maxCols = area.width() > 50 ? area.width() : kMaxGridCells;
    const int maxRows = area.height() > 50 ? area.height() : kMaxGridCells;
    m_grid = attn::heatmapGrid(*r, b, d.quantity, maxRows, maxCols);
    m_fullAggregated = m_grid.aggregated();
    fillColorMap(m_map, m_grid, L, S);
    setAxisLabels(m_heatRect, p);
    updateColorMap();
    updateSidePanels();

    updateNote();
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void HeatmapPanel::updateNote()
{
    const auto r = m_model->result();
    QStringList notes;
    if (m_grid.aggregated())
        notes << tr(
            "Each drawn cell is the largest of %1 × %2 cells (the matrix has more cells than the screen has pixels).")
                     .arg(m_grid.rowStep)
                     .arg(m_grid.colStep);
    if (r->params.softmaxDim == -2)
        notes << tr("Softmax over queries (dim −2): each column sums to 1, the rows do not, so the output is no longer "
                    "a weighted average of the values.");
    const attn::BatchSummary summary = attn::summarize(*r, r->params.batchIndex);
    if (summary.fullyMasked > 0)
        notes << (r->params.softmaxDim == -1
                ? tr("%1 of the queries may see no key at all: their weights are 0 here (PyTorch gives NaN).")
                : tr("%1 of the keys are seen by no query at all: their weights are 0 here (PyTorch gives NaN)."))
                     .arg(summary.fullyMasked);
    m_note->setText(notes.join("  "));
    m_note->setVisible(!notes.isEmpty());
}

void HeatmapPanel::updateColorMap()
{
    const DisplayOptions &d = m_model->display();
    m_map->setGradient(colorGradient(d.colorMap));
    m_scale->setDataRange(colorRange(m_grid, d));
    m_scale->axis()->setLabel(quantityTitle(d.quantity));
}

void HeatmapPanel::updateSidePanels()
{
    const auto r = m_model->result();
    const attn::Params &p = r->params;
    const attn::Statistics &st = r->attention.stats;
    const int b = p.batchIndex, L = p.queryLength, S = p.keyLength;
    QVector<double> qi(L), sums(L), entropy(L);
    QVector<double> flaggedKeys, flaggedSums;
    QVector<double> okKeys, okSums;
    m_flaggedRows.clear();
    for (int i = 0; i < L; ++i) {
        qi[i] = i;
        sums[i] = st.rowSums(b, i);
        entropy[i] = st.rowEntropy(b, i);
        if (std::fabs(sums[i] - 1.0) > kSumTolerance) {
            m_flaggedRows << i;
            flaggedKeys << i;
            flaggedSums << sums[i];
        } else {
            okKeys << i;
            okSums << sums[i];
        }
    }
    m_rowSumBars->setData(okKeys, okSums, true);
    m_rowSumFlagged->setData(flaggedKeys, flaggedSums, true);
    m_entropyBars->setData(qi, entropy, true);

    QVector<double> cOk, cOkSums, cBad, cBadSums;
    m_flaggedCols.clear();
    for (int j = 0; j < S; ++j) {
        const double s = st.colSums(b, j);
        // With softmax over queries every column should sum to 1: flag the ones that do not.
        if (p.softmaxDim == -2 && std::fabs(s - 1.0) > kSumTolerance) {
            m_flaggedCols << j;
            cBad << j;
            cBadSums << s;
        } else {
            cOk << j;
            cOkSums << s;
        }
    }
    m_colSumBars->setData(cOk, cOkSums, true);
    m_colSumFlagged->setData(cBad, cBadSums, true);

    double rowMax = 1.0;
    for (double s : sums)
        rowMax = std::max(rowMax, s);
    m_rowSumRect->axis(QCPAxis::atBottom)->setRange(0, rowMax * 1.08);
    m_rowSumTarget->point1->setCoords(1.0, 0);
    m_rowSumTarget->point2->setCoords(1.0, 1);
    const double lnS = st.maxRowEntropy;
    m_entropyRect->axis(QCPAxis::atBottom)->setRange(0, std::max(lnS, 0.05) * 1.1);
    m_entropyMax->point1->setCoords(lnS, 0);
    m_entropyMax->point2->setCoords(lnS, 1);
    m_entropyMaxLabel->setText(tr("ln S = %1").arg(lnS, 0, 'f', 3));
    double colMax = 1.0;
    for (int j = 0; j < S; ++j)
        colMax = std::max(colMax, st.colSums(b, j));
    m_colSumRect->axis(QCPAxis::atLeft)->setRange(0, colMax * 1.1);
    m_colSumTarget->point1->setCoords(0, 1.0);
    m_colSumTarget->point2->setCoords(1, 1.0);
    m_colSumTarget->setVisible(p.softmaxDim == -2);
    m_rowSumTarget->setVisible(true);
    m_rowSumRect->axis(QCPAxis::atBottom)->setLabel(p.softmaxDim == -1 ? tr("row sum\n(= 1)") : tr("row sum\n(≠ 1)"));
    m_colSumRect->axis(QCPAxis::atLeft)->setLabel(p.softmaxDim == -2 ? tr("col. sum (= 1)") : tr("col. sum"));
}

void HeatmapPanel::regridVisible()
{
    m_regridQueued = false;
    if (!m_fullAggregated)
        return;
    const auto r = m_model->result();
    const QCPRange keys = m_heatRect->axis(QCPAxis::atBottom)->range();
    const QCPRange queries = m_heatRect->axis(QCPAxis::atLeft)->range();
    const QRect area = m_heatRect->rect();
    const int L = r->params.queryLength, S = r->params.keyLength;
    const int r0 = std::max(0, int(std::floor(queries.lower + 0.5))),
              r1 = std::min(L, int(std::ceil(queries.upper + 0.5)));
    const int c0 = std::max(0, int(std::floor(keys.lower + 0.5))), c1 = std::min(S, int(std::ceil(keys.upper + 0.5)));
    const bool whole = r0 == 0 && c0 == 0 && r1 == L && c1 == S;
    if (whole && m_grid.rowBegin == 0 && m_grid.colBegin == 0 && m_grid.aggregated())
        return; // already the whole matrix
    m_grid = attn::heatmapGrid(*r, r->params.batchIndex, m_model->display().quantity, std::max(50, area.height()),
        std::max(50, area.width()), r0, r1, c0, c1);
    fillColorMap(m_map, m_grid, L, S, false);
    updateNote();
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void HeatmapPanel::syncRanges()
{
    // Zooming or panning an aggregated matrix: redraw the visible part once the event queue is idle.
    if (m_fullAggregated && !m_regridQueued) {
        m_regridQueued = true;
        QTimer::singleShot(0, this, &HeatmapPanel::regridVisible);
    }
    const QCPRange keys = m_heatRect->axis(QCPAxis::atBottom)->range();
    const QCPRange queries = m_heatRect->axis(QCPAxis::atLeft)->range();
    m_rowSumRect->axis(QCPAxis::atLeft)->setRange(queries);
    m_entropyRect->axis(QCPAxis::atLeft)->setRange(queries);
    m_colSumRect->axis(QCPAxis::atBottom)->setRange(keys);
}

void HeatmapPanel::updateCellTexts()
{
    // As many key ticks as fit the width (labels of four digits need about 60 pixels each).
    if (auto t = m_heatRect->axis(QCPAxis::atBottom)->ticker().dynamicCast<QCPAxisTickerFixed>())
        t->setTickCount(std::clamp(m_heatRect->rect().width() / int(60 * m_fontScale), 2, 8));
    const double basePx = QFontInfo(font()).pixelSize() * m_fontScale;
    layoutCellTexts(
        m_heatRect, m_cellTexts, *m_model->result(), m_model->display(), m_map, m_grid, font(), basePx * 1.6);
}

int HeatmapPanel::cellTextCount() const
{
    return int(m_cellTexts.size());
}

QString HeatmapPanel::noteText() const
{
    return m_note->isVisible() ? m_note->text() : QString();
}

bool HeatmapPanel::cellAt(const QPointF &pixel, int *query, int *key) const
{
    if (!m_heatRect->rect().contains(pixel.toPoint()))
        return false;
    const auto r = m_model->result();
    const double kx = m_heatRect->axis(QCPAxis::atBottom)->pixelToCoord(pixel.x());
    const double qy = m_heatRect->axis(QCPAxis::atLeft)->pixelToCoord(pixel.y());
    const int j = int(std::floor(kx + 0.5)), i = int(std::floor(qy + 0.5));
    if (i < 0 || j < 0 || i >= r->params.queryLength || j >= r->params.keyLength)
        return false;
    *query = i;
    *key = j;
    return true;
}

QPointF HeatmapPanel::cellCenter(int query, int key) const
{
    return { m_heatRect->axis(QCPAxis::atBottom)->coordToPixel(key),
        m_heatRect->axis(QCPAxis::atLeft)->coordToPixel(query) };
}

QString HeatmapPanel::cellToolTip(int query, int key) const
{
    const auto r = m_model->result();
    const int b = r->params.batchIndex;
    const float score = (*r->scores)(b, query, key);
    const float logit = attn::isMasked(r->params, query, key) ? -INFINITY : attn::logitOf(score, r->params);
    QString text
        = tr("query %1, key %2\nraw score Q·Kᵀ = %3\n").arg(query).arg(key).arg((*r->scores)(b, query, key), 0, 'g', 6);
    if (std::isinf(logit))
        text += tr("masked (logit −∞)\nweight = 0");
    else
        text += tr("scaled logit = %1\nweight = %2")
                    .arg(logit, 0, 'g', 6)
                    .arg(r->attention.weights(b, query, key), 0, 'f', 6);
    return text;
}

void HeatmapPanel::hover(QMouseEvent *event)
{
    int i = 0, j = 0;
    if (cellAt(event->position(), &i, &j)) {
        QToolTip::showText(event->globalPosition().toPoint(), cellToolTip(i, j), m_plot);
        emit hovered(i, j);
    } else {
        QToolTip::hideText();
        emit hovered(-1, -1);
    }
}

void HeatmapPanel::setHighlight(int query, int key)
{
    const auto r = m_model->result();
    if (query >= r->params.queryLength || key >= r->params.keyLength)
        query = key = -1;
    const QPoint h(key, query);
    if (h == m_highlight)
        return;
    m_highlight = h;
    m_highlightRect->setVisible(query >= 0 && key >= 0);
    m_highlightRect->topLeft->setCoords(key - 0.5, query - 0.5);
    m_highlightRect->bottomRight->setCoords(key + 0.5, query + 0.5);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void HeatmapPanel::setTitle(const QString &title)
{
    m_title->setText(title);
    m_title->setVisible(!title.isEmpty());
}

QString HeatmapPanel::title() const
{
    return m_title->isVisible() ? m_title->text() : QString();
}

void HeatmapPanel::setFontScale(double scale)
{
    m_fontScale = scale;
    QFont f = font();
    f.setPointSizeF(f.pointSizeF() * scale);
    for (QCPAxisRect *rect : { m_heatRect, m_rowSumRect, m_entropyRect, m_colSumRect })
        for (QCPAxis *a : rect->axes()) {
            a->setTickLabelFont(f);
            a->setLabelFont(f);
        }
    m_scale->axis()->setTickLabelFont(f);
    m_scale->axis()->setLabelFont(f);
    m_entropyMaxLabel->setFont(f);
    QFont tf = m_title->font();
    tf.setPointSizeF(font().pointSizeF() * 1.2 * scale);
    m_title->setFont(tf);
    QFont nf = font();
    nf.setPointSizeF(font().pointSizeF() * scale);
    m_note->setFont(nf);
    m_highlightRect->setPen(QPen(QColor(255, 60, 40), 3 * scale));
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

QVector<double> HeatmapPanel::rowEntropyBars() const
{
    QVector<double> v;
    for (auto it = m_entropyBars->data()->constBegin(); it != m_entropyBars->data()->constEnd(); ++it)
        v << it->value;
    return v;
}

QVector<double> HeatmapPanel::rowSumBars() const
{
    QVector<double> v(m_rowSumBars->data()->size() + m_rowSumFlagged->data()->size());
    for (const QCPBars *bars : { m_rowSumBars, m_rowSumFlagged })
        for (auto it = bars->data()->constBegin(); it != bars->data()->constEnd(); ++it)
            v[int(it->key)] = it->value;
    return v;
}

double HeatmapPanel::shownCell(int query, int key) const
{
    int gx = 0, gy = 0;
    m_map->data()->coordToCell(key, query, &gx, &gy);
    return m_map->data()->cell(gx, gy);
}

QRect HeatmapPanel::heatmapRect() const
{
    return m_heatRect->rect();
}

void HeatmapPanel::resetZoom()
{
    const attn::Params &p = m_model->result()->params;
    m_heatRect->axis(QCPAxis::atBottom)->setRange(-0.5, p.keyLength - 0.5);
    m_heatRect->axis(QCPAxis::atLeft)->setRange(-0.5, p.queryLength - 0.5);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}
