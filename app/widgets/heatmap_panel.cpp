// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/heatmap_panel.h"

#include "model/heatmap_text.h"
#include "params_edit.h"
#include "render/color_maps.h"
#include "render/heatmap_drawing.h"
#include "render/plot_style.h"
#include "softmax.h"
#include "tolerance.h"
#include "widgets/steady_box.h"

#include <qcustomplot.h>

#include <QLabel>
#include <QTimer>
#include <QToolTip>
#include <QVBoxLayout>

#include <cmath>

namespace {

// Grid cells larger than this are not aggregated: about one cell per screen pixel.
constexpr int kMaxGridCells = 1200;
// When the rows' largest weights average less, the fixed 0-1 colour range shows one flat colour:
// say that F fits it.

void styleAxisRect(QCPAxisRect *rect)
{
    for (QCPAxis *axis : rect->axes()) {
        axis->grid()->setVisible(false);
        axis->setBasePen(QPen(QColor(90, 90, 90)));
        axis->setTickPen(QPen(QColor(90, 90, 90)));
        axis->setSubTickPen(Qt::NoPen);
    }
}

QString number4(double v)
{
    return QString::number(v, 'f', 4);
}

} // namespace

HeatmapPanel::HeatmapPanel(AttentionModel *model, QWidget *parent)
    : QWidget(parent)
    , m_model(model)
{
    m_plot = new QCustomPlot(this);
    m_plot->setObjectName("heatmapPlot");
    m_plot->setMinimumSize(240, 120);
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
    m_noteBox = new SteadyBox(m_note, this); // a new number in the note relays out the panel, not the window
    layout->addWidget(m_noteBox);

    createMapAndAxes();
    createSideBars();
    createGuides();
    connectInteraction();
    connect(model, &AttentionModel::resultChanged, this, &HeatmapPanel::showResult);
    connect(model, &AttentionModel::displayChanged, this, &HeatmapPanel::showResult);
    applyPanelSizes();
    showResult();
}

// The heatmap's axis rects, margin groups, colour map and scale, and its zoom and drag.
void HeatmapPanel::createMapAndAxes()
{
    m_plot->plotLayout()->clear();
    m_heatRect = new QCPAxisRect(m_plot);
    m_rowSumRect = new QCPAxisRect(m_plot);
    m_entropyRect = new QCPAxisRect(m_plot);
    m_colSumRect = new QCPAxisRect(m_plot);
    m_colEntropyRect = new QCPAxisRect(m_plot);
    m_gradRect = new QCPAxisRect(m_plot);
    m_colGradRect = new QCPAxisRect(m_plot);
    m_scale = new QCPColorScale(m_plot);
    m_spacer = new QCPLayoutElement(m_plot);
    // A first layout (placeElements makes the final one): items and plottables need an axis rect.
    m_plot->plotLayout()->addElement(0, 0, m_heatRect);
    for (QCPAxisRect *r : allRects())
        styleAxisRect(r);

    // Rows line up across the heatmap and its side panels; columns with the column panels.
    // (The panels that come and go join their group in placeElements, only while they are laid out: a
    // panel left out would still widen the group's margins by its axes' labels.)
    m_rowGroup = new QCPMarginGroup(m_plot);
    m_colGroup = new QCPMarginGroup(m_plot);
    for (QCPLayoutElement *e : std::initializer_list<QCPLayoutElement *> { m_heatRect, m_rowSumRect, m_scale })
        e->setMarginGroup(QCP::msTop | QCP::msBottom, m_rowGroup);
    m_heatRect->setMarginGroup(QCP::msLeft | QCP::msRight, m_colGroup);
    m_colSumRect->setMarginGroup(QCP::msLeft | QCP::msRight, m_colGroup);

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
}

// The bars beside and under the map: row sums, row entropy and gradient; column sums, entropy and gradient.
void HeatmapPanel::createSideBars()
{
    // Row sums and row entropy: horizontal bars keyed by query, sharing the heatmap's rows.
    auto horizontal = [](QCPAxisRect *rect) {
        QCPAxis *q = rect->axis(QCPAxis::atLeft);
        q->setRangeReversed(true);
        q->setTickLabels(false);
        q->setTicker(integerTicker());
        // The panel's name above it: under it, it would push the map's bottom (the rows share margins).
        QCPAxis *top = rect->axis(QCPAxis::atTop);
        top->setVisible(true);
        top->setTicks(false);
        top->setTickLabels(false);
        top->setBasePen(Qt::NoPen);
        top->setLabelPadding(2);
        rect->setRangeDrag(Qt::Orientations());
        rect->setRangeZoom(Qt::Orientations());
        auto *bars = new QCPBars(q, rect->axis(QCPAxis::atBottom));
        bars->setWidth(0.8);
        return bars;
    };
    m_rowSumBars = horizontal(m_rowSumRect);
    m_rowSumFlagged = new QCPBars(m_rowSumRect->axis(QCPAxis::atLeft), m_rowSumRect->axis(QCPAxis::atBottom));
    m_rowSumFlagged->setWidth(0.8);
    m_entropyBars = horizontal(m_entropyRect);
    m_rowSumBars->setBrush(plot_style::kRowSumBar);
    m_rowSumBars->setPen(Qt::NoPen);
    m_rowSumFlagged->setBrush(plot_style::kSumNotOne);
    m_rowSumFlagged->setPen(Qt::NoPen);
    m_entropyBars->setBrush(plot_style::kEntropyBar);
    m_entropyBars->setPen(Qt::NoPen);
    m_gradBars = horizontal(m_gradRect);
    m_gradBars->setBrush(plot_style::kGradientBar);
    m_gradBars->setPen(Qt::NoPen);

    // Column sums (and, for softmax over queries, column entropy): vertical bars keyed by key,
    // sharing the heatmap's columns, each key labelled.
    auto vertical = [](QCPAxisRect *rect) {
        QCPAxis *key = rect->axis(QCPAxis::atBottom);
        key->setTicker(integerTicker());
        rect->setRangeDrag(Qt::Orientations());
        rect->setRangeZoom(Qt::Orientations());
        auto *bars = new QCPBars(key, rect->axis(QCPAxis::atLeft));
        bars->setWidth(0.8);
        bars->setPen(Qt::NoPen);
        return bars;
    };
    m_colSumBars = vertical(m_colSumRect);
    m_colSumFlagged = new QCPBars(m_colSumRect->axis(QCPAxis::atBottom), m_colSumRect->axis(QCPAxis::atLeft));
    m_colSumFlagged->setWidth(0.8);
    m_colSumFlagged->setPen(Qt::NoPen);
    m_colSumBars->setBrush(plot_style::kColSumBar);
    m_colSumFlagged->setBrush(plot_style::kSumNotOne);
    m_colEntropyBars = vertical(m_colEntropyRect);
    m_colEntropyBars->setBrush(plot_style::kEntropyBar);
    m_colGradBars = vertical(m_colGradRect);
    m_colGradBars->setBrush(plot_style::kGradientBar);
    nameSidePanels();
}

// The dashed yardsticks (a sum of 1, the most entropy, a uniform row's gradient) and the hover outline.
void HeatmapPanel::createGuides()
{
    QCPAxis *keyAxis = m_heatRect->axis(QCPAxis::atBottom);
    QCPAxis *queryAxis = m_heatRect->axis(QCPAxis::atLeft);
    auto line = [this](QCPAxisRect *rect, QColor color) {
        auto *l = new QCPItemStraightLine(m_plot);
        l->setClipAxisRect(rect);
        l->point1->setAxes(rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft));
        l->point2->setAxes(rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft));
        l->setPen(QPen(color, 1.5, Qt::DashLine));
        return l;
    };
    m_rowSumTarget = line(m_rowSumRect, plot_style::kTarget);
    m_entropyMax = line(m_entropyRect, plot_style::kMostEntropy);
    m_colSumTarget = line(m_colSumRect, plot_style::kTarget);
    m_colEntropyMax = line(m_colEntropyRect, plot_style::kMostEntropy);
    // Under a mask, each row's (column's) most entropy is ln of its visible keys (queries): a staircase.
    auto stairs = [](QCPAxis *key, QCPAxis *value) {
        auto *g = new QCPGraph(key, value);
        g->setPen(QPen(plot_style::kMostEntropy, 1.5, Qt::DashLine));
        g->setLineStyle(QCPGraph::lsLine);
        g->setSelectable(QCP::stNone);
        return g;
    };
    m_entropyMaxRows = stairs(m_entropyRect->axis(QCPAxis::atLeft), m_entropyRect->axis(QCPAxis::atBottom));
    m_colEntropyMaxCols = stairs(m_colEntropyRect->axis(QCPAxis::atBottom), m_colEntropyRect->axis(QCPAxis::atLeft));
    // The gradient's yardstick: a uniform distribution's norm over what each row (column) may see.
    m_gradUniformRows = stairs(m_gradRect->axis(QCPAxis::atLeft), m_gradRect->axis(QCPAxis::atBottom));
    m_gradUniformCols = stairs(m_colGradRect->axis(QCPAxis::atBottom), m_colGradRect->axis(QCPAxis::atLeft));
    // Dotted, not dashed as the most entropy is: a row with a few large weights passes more gradient than a uniform
    // one, so a bar may pass this line, which is no maximum.
    for (QCPGraph *g : { m_gradUniformRows, m_gradUniformCols }) {
        g->setPen(QPen(plot_style::kTarget, 1.5, Qt::DotLine));
        g->setName("uniform gradient");
    }
    m_entropyMaxRows->setName("most entropy");
    m_colEntropyMaxCols->setName("most entropy");

    m_highlightRect = new QCPItemRect(m_plot);
    m_highlightRect->setClipAxisRect(m_heatRect);
    m_highlightRect->topLeft->setAxes(keyAxis, queryAxis);
    m_highlightRect->bottomRight->setAxes(keyAxis, queryAxis);
    m_highlightRect->setPen(QPen(QColor(255, 60, 40), 3));
    m_highlightRect->setBrush(Qt::NoBrush);
    m_highlightRect->setLayer("overlay");
    m_highlightRect->setVisible(false);
}

// Hovering, clicking a custom mask's cells, zooming the side panels along, and the texts placed after each layout.
void HeatmapPanel::connectInteraction()
{
    QCPAxis *keyAxis = m_heatRect->axis(QCPAxis::atBottom);
    QCPAxis *queryAxis = m_heatRect->axis(QCPAxis::atLeft);
    connect(keyAxis, qOverload<const QCPRange &>(&QCPAxis::rangeChanged), this, &HeatmapPanel::syncRanges);
    connect(queryAxis, qOverload<const QCPRange &>(&QCPAxis::rangeChanged), this, &HeatmapPanel::syncRanges);
    connect(m_plot, &QCustomPlot::mouseMove, this, &HeatmapPanel::hover);
    connect(m_plot, &QCustomPlot::mousePress, this,
        [this](QMouseEvent *e) { m_pressedAt = e->button() == Qt::LeftButton ? e->position() : QPointF(-1, -1); });
    connect(m_plot, &QCustomPlot::mouseRelease, this, [this](QMouseEvent *e) {
        int i = 0, j = 0;
        const QPointF moved = e->position() - m_pressedAt;
        if (!m_maskTarget || e->button() != Qt::LeftButton || m_pressedAt.x() < 0
            || std::abs(moved.x()) + std::abs(moved.y()) > 4 || !cellAt(e->position(), &i, &j))
            return;
        attn::Params p = m_maskTarget->params();
        if (p.mask != attn::MaskKind::Custom || i >= p.queryLength || j >= p.keyLength)
            return;
        attn::toggleMaskCell(p, i, j);
        m_maskTarget->setParams(p);
    });
    m_plot->installEventFilter(this); // leaving the plot (to a menu, a dialog, another widget)
    connect(m_plot, &QCustomPlot::afterLayout, this, [this] {
        // Labels thinned for the length of the layout before: laid out again (twice at most in a row).
        if (ticksStale(m_heatRect) && m_tickPasses < 2) {
            ++m_tickPasses;
            m_plot->replot(QCustomPlot::rpQueuedReplot);
        } else {
            m_tickPasses = 0;
        }
    });
    connect(m_plot, &QCustomPlot::afterLayout, this, &HeatmapPanel::regridForLayout);
    connect(m_plot, &QCustomPlot::afterLayout, this, &HeatmapPanel::updateCellTexts);
    connect(m_plot, &QCustomPlot::afterLayout, this, &HeatmapPanel::updateBarTexts);
    connect(m_plot, &QCustomPlot::afterLayout, this, &HeatmapPanel::fitScaleLabel);
    connect(m_plot, &QCustomPlot::afterLayout, this, [this] {
        const int around = width() - m_heatRect->rect().width();
        const int aroundHeight = height() - m_heatRect->rect().height();
        if (m_heatRect->rect().width() > 10 && m_heatRect->rect().height() > 5
            && (std::abs(around - m_around) > 2 || std::abs(aroundHeight - m_aroundHeight) > 2)) {
            m_around = around;
            m_aroundHeight = aroundHeight;
            emit aroundChanged();
        }
    });
}

void HeatmapPanel::nameSidePanels()
{
    // Each panel's name: above the rows' panels, beside the columns' (the sums' names follow what is shown).
    m_entropyRect->axis(QCPAxis::atTop)->setLabel(tr("entropy"));
    m_gradRect->axis(QCPAxis::atTop)->setLabel(tr("gradient"));
    m_colEntropyRect->axis(QCPAxis::atLeft)->setLabel(tr("col. entropy"));
    m_colGradRect->axis(QCPAxis::atLeft)->setLabel(tr("gradient"));
}

void HeatmapPanel::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::LanguageChange) {
        nameSidePanels();
        showResult(); // the axes' names, the sums' panels and the notes
    }
}

void HeatmapPanel::showResult()
{
    // New settings: the cell outlined may be another one now, or not there at all; the next move of
    // the pointer outlines what is under it.
    clearHover();
    const auto r = m_model->result();
    const attn::Params &p = r->params;
    const DisplayOptions &d = m_model->display();

    // About one grid cell per pixel of the heatmap: the drawing costs what the screen shows, not L·S. (Made for the
    // map's size before the layout that follows; regridForLayout makes it again if that layout needs other steps.)
    makeGrid();
    setAxisLabels(m_heatRect, p);
    applyPanelSizes(); // the panels' names depend on what is shown
    placeElements();
    // The keys are labelled once, under the lowest panel, whose columns are the map's.
    QCPAxis *keyAxis = m_heatRect->axis(QCPAxis::atBottom);
    QCPAxis *lowest = (p.softmaxDim == -1 ? m_colSumRect
            : d.gradientPanels            ? m_colGradRect
                                          : m_colEntropyRect)
                          ->axis(QCPAxis::atBottom);
    keyAxis->setTickLabels(false);
    keyAxis->setLabel(QString());
    for (QCPAxisRect *r : { m_colSumRect, m_colEntropyRect, m_colGradRect }) {
        QCPAxis *a = r->axis(QCPAxis::atBottom);
        a->setTicker(keyAxis->ticker());
        a->setTickLabelRotation(keyAxis->tickLabelRotation());
        a->setTickLabels(a == lowest);
        a->setLabel(a == lowest && m_keyTitleShown ? tr("key j") : QString());
    }
    updateColorMap();
    updateSidePanels();

    updateNote();
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void HeatmapPanel::updateNote()
{
    const QString text = HeatmapText::notes(*m_model->result(), m_model->display(),
        m_grid.aggregated() ? m_grid.rowStep : 1, m_grid.aggregated() ? m_grid.colStep : 1, m_briefNotes);
    if (text != m_note->text() || m_noteBox->isHidden() != text.isEmpty()) {
        m_note->setText(text);
        m_noteBox->setVisible(!text.isEmpty());
        emit noteChanged();
    }
}

int HeatmapPanel::noteHeight(int width) const
{
    return m_note->text().isEmpty() ? 0 : m_note->heightForWidth(std::max(100, width));
}

void HeatmapPanel::setNoteMinimumHeight(int height)
{
    // Without a note the space is kept by an empty label, so the plot has the partner's height.
    m_noteBox->setMinimumHeight(height);
    if (height > 0 && m_noteBox->isHidden())
        m_noteBox->setVisible(true);
    else if (height == 0 && m_note->text().isEmpty())
        m_noteBox->setVisible(false);
}

void HeatmapPanel::placeElements()
{
    const int dim = m_model->result()->params.softmaxDim;
    const bool gradient = m_model->display().gradientPanels;
    if (dim == m_placedDim && m_scaleVisible == m_placedScale && m_spareRow == m_placedSpare
        && gradient == m_placedGradient && m_rowEntropyShown == m_placedRowEntropy)
        return;
    m_placedRowEntropy = m_rowEntropyShown;
    m_placedDim = dim;
    m_placedGradient = gradient;
    m_placedScale = m_scaleVisible;
    m_placedSpare = m_spareRow;
    QCPLayoutGrid *grid = m_plot->plotLayout();
    for (QCPLayoutElement *e : std::initializer_list<QCPLayoutElement *> { m_heatRect, m_rowSumRect, m_entropyRect,
             m_gradRect, m_colSumRect, m_colEntropyRect, m_colGradRect, m_scale, m_spacer })
        if (e->layout() == grid)
            grid->take(e);
    grid->simplify();
    const bool overKeys = dim == -1, rowEntropy = overKeys && m_rowEntropyShown;
    grid->addElement(0, 0, m_heatRect);
    grid->addElement(0, 1, m_rowSumRect);
    int col = 2;
    if (rowEntropy)
        grid->addElement(0, col++, m_entropyRect);
    if (rowEntropy && gradient)
        grid->addElement(0, col++, m_gradRect);
    if (m_scaleVisible)
        grid->addElement(0, col++, m_scale);
    grid->addElement(1, 0, m_colSumRect);
    QList<double> rowStretch { 1.0, 0.001 };
    if (!overKeys) {
        grid->addElement(2, 0, m_colEntropyRect);
        rowStretch << 0.001;
        if (gradient) {
            grid->addElement(3, 0, m_colGradRect);
            rowStretch << 0.001;
        }
    } else if (m_spareRow) {
        grid->addElement(2, 0, m_spacer);
        rowStretch << 0.001;
    }
    QList<double> colStretch { 6.0, 1.3 };
    if (rowEntropy)
        colStretch << 1.3;
    if (rowEntropy && gradient)
        colStretch << 1.3;
    if (m_scaleVisible)
        colStretch << 0.45;
    grid->setColumnStretchFactors(colStretch);
    // The panels under the map get their minimum height (room for their numbers), the map the rest.
    grid->setRowStretchFactors(rowStretch);
    for (QCPAxisRect *r : { m_entropyRect, m_gradRect })
        r->setMarginGroup(QCP::msTop | QCP::msBottom, r->layout() ? m_rowGroup : nullptr);
    for (QCPAxisRect *r : { m_colEntropyRect, m_colGradRect })
        r->setMarginGroup(QCP::msLeft | QCP::msRight, r->layout() ? m_colGroup : nullptr);
    for (QCPLayerable *l : std::initializer_list<QCPLayerable *> { m_entropyRect, m_entropyBars })
        l->setVisible(rowEntropy);
    for (QCPLayerable *l : std::initializer_list<QCPLayerable *> { m_gradRect, m_gradBars, m_gradUniformRows })
        l->setVisible(rowEntropy && gradient);
    for (QCPLayerable *l : std::initializer_list<QCPLayerable *> { m_colEntropyRect, m_colEntropyBars })
        l->setVisible(!overKeys);
    for (QCPLayerable *l : std::initializer_list<QCPLayerable *> { m_colGradRect, m_colGradBars, m_gradUniformCols })
        l->setVisible(!overKeys && gradient);
    showMostEntropy();
    m_scale->setVisible(m_scaleVisible);
}

void HeatmapPanel::setRowEntropyShown(bool shown)
{
    if (shown == m_rowEntropyShown)
        return;
    m_rowEntropyShown = shown;
    placeElements();
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void HeatmapPanel::setBriefNotes(bool brief)
{
    if (brief == m_briefNotes)
        return;
    m_briefNotes = brief;
    updateNote();
}

void HeatmapPanel::setKeyAxisTitleShown(bool shown)
{
    if (shown == m_keyTitleShown)
        return;
    m_keyTitleShown = shown;
    for (QCPAxisRect *r : { m_colSumRect, m_colEntropyRect, m_colGradRect }) {
        QCPAxis *a = r->axis(QCPAxis::atBottom);
        if (a->tickLabels())
            a->setLabel(shown ? tr("key j") : QString());
    }
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void HeatmapPanel::setSpareBottomRow(bool spare)
{
    if (spare == m_spareRow)
        return;
    m_spareRow = spare;
    placeElements();
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

int HeatmapPanel::columnSumHeight() const
{
    return m_colSumRect->outerRect().height();
}

int HeatmapPanel::columnEntropyHeight() const
{
    int h = 0;
    for (QCPAxisRect *r : { m_colEntropyRect, m_colGradRect })
        h += r->visible() && r->layout() ? r->outerRect().height() : 0;
    return h;
}

void HeatmapPanel::setSpareRowHeight(int pixels)
{
    const int h = std::clamp(pixels, 0, 400);
    if (h == m_spacer->minimumSize().height() && h == m_spacer->maximumSize().height())
        return;
    m_spacer->setMinimumSize(0, h);
    m_spacer->setMaximumSize(QWIDGETSIZE_MAX, h);
    m_plot->replot(QCustomPlot::rpImmediateRefresh);
}

void HeatmapPanel::setColorScaleVisible(bool visible)
{
    if (visible == m_scaleVisible)
        return;
    m_scaleVisible = visible;
    placeElements();
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

int HeatmapPanel::colorScaleWidth() const
{
    return m_scaleVisible && m_scale->layout() ? m_scale->outerRect().width() : 0;
}

bool HeatmapPanel::showsColumnEntropy() const
{
    return m_colEntropyRect->visible();
}

bool HeatmapPanel::showsColumnGradient() const
{
    return m_colGradRect->visible();
}

QVector<double> HeatmapPanel::gradientBars() const
{
    QVector<double> v;
    const QCPBars *bars = m_colGradRect->visible() ? m_colGradBars : m_gradBars;
    for (auto it = bars->data()->constBegin(); it != bars->data()->constEnd(); ++it)
        v << it->value;
    return v;
}

QList<QCPAxisRect *> HeatmapPanel::allRects() const
{
    return { m_heatRect, m_rowSumRect, m_entropyRect, m_gradRect, m_colSumRect, m_colEntropyRect, m_colGradRect };
}

void HeatmapPanel::updateColorMap()
{
    const DisplayOptions &d = m_model->display();
    m_map->setGradient(colorGradient(d.colorMap));
    m_scale->setDataRange(colorRange(m_grid, d));
    m_scale->axis()->setLabel(quantityTitle(d.quantity, m_model->result()->params.score));
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
        if (!attn::sumsToOne(sums[i])) {
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
    // The staircase of each row's most entropy, ln(visible keys), from the row's top edge to its bottom.
    QVector<double> edge, most;
    for (int i = 0; i < L; ++i) {
        edge << i - 0.5 << i + 0.5;
        most << attn::maxRowEntropyOf(p, p.batchIndex, i) << attn::maxRowEntropyOf(p, p.batchIndex, i);
    }
    m_entropyMaxRows->setData(edge, most, true);
    edge.clear();
    most.clear();
    for (int j = 0; j < S; ++j) {
        edge << j - 0.5 << j + 0.5;
        most << attn::maxColEntropyOf(p, p.batchIndex, j) << attn::maxColEntropyOf(p, p.batchIndex, j);
    }
    m_colEntropyMaxCols->setData(edge, most, true);
    showMostEntropy();

    QVector<double> cOk, cOkSums, cBad, cBadSums;
    m_flaggedCols.clear();
    for (int j = 0; j < S; ++j) {
        const double s = st.colSums(b, j);
        // With softmax over queries every column should sum to 1: flag the ones that do not.
        if (p.softmaxDim == -2 && !attn::sumsToOne(s)) {
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

    QVector<double> kj(S), colEntropy(S);
    for (int j = 0; j < S; ++j) {
        kj[j] = j;
        colEntropy[j] = st.colEntropy(b, j);
    }
    m_colEntropyBars->setData(kj, colEntropy, true);

    updateGradientPanels();
    updateSidePanelAxes();
}

// The gradient: each distribution's Jacobian norm, against a uniform one's over what it may see.
void HeatmapPanel::updateGradientPanels()
{
    const auto r = m_model->result();
    const attn::Params &p = r->params;
    const attn::Statistics &st = r->attention.stats;
    const int b = p.batchIndex, L = p.queryLength, S = p.keyLength;
    QVector<double> edge;
    const bool overKeys = p.softmaxDim == -1;
    const int n = overKeys ? L : S;
    QVector<double> at(n), norm(n), uniform;
    double gradTop = 0.05;
    for (int k = 0; k < n; ++k) {
        at[k] = k;
        norm[k] = overKeys ? st.rowJacobian(b, k) : st.colJacobian(b, k);
        const double u = overKeys ? attn::uniformRowJacobianOf(p, p.batchIndex, k)
                                  : attn::uniformColJacobianOf(p, p.batchIndex, k);
        edge << k - 0.5 << k + 0.5;
        uniform << u << u;
        gradTop = std::max({ gradTop, norm[k], u });
    }
    (overKeys ? m_gradBars : m_colGradBars)->setData(at, norm, true);
    (overKeys ? m_colGradBars : m_gradBars)->data()->clear();
    (overKeys ? m_gradUniformRows : m_gradUniformCols)->setData(edge, uniform, true);
    (overKeys ? m_gradUniformCols : m_gradUniformRows)->data()->clear();
    // One tick, at a uniform row's norm when every row has the same one (no mask): a "0" beside it
    // would run into it, the uniform norm of 16 keys being 0.24 of a panel 70 pixels wide.
    const double u0
        = overKeys ? attn::uniformRowJacobianOf(p, p.batchIndex, 0) : attn::uniformColJacobianOf(p, p.batchIndex, 0);
    const auto gradTicks = p.mask == attn::MaskKind::None && u0 > 0 ? textTicker({ { u0, tr("uniform") } })
                                                                    : textTicker({ { 0.0, QStringLiteral("0") } });
    for (QCPAxis *a : { m_gradRect->axis(QCPAxis::atBottom), m_colGradRect->axis(QCPAxis::atLeft) }) {
        a->setRange(0, gradTop * 1.12);
        a->setTicker(gradTicks);
    }
}

// The side panels' ranges and ticks: 0 and 1 for the sums, ln S and ln L for the entropies; their names.
void HeatmapPanel::updateSidePanelAxes()
{
    const auto r = m_model->result();
    const attn::Params &p = r->params;
    const attn::Statistics &st = r->attention.stats;
    const int b = p.batchIndex, L = p.queryLength, S = p.keyLength;
    double rowMax = 1.0;
    for (int i = 0; i < L; ++i)
        rowMax = std::max(rowMax, st.rowSums(b, i));
    QCPAxis *rowSumAxis = m_rowSumRect->axis(QCPAxis::atBottom);
    rowSumAxis->setRange(0, rowMax * 1.08);
    rowSumAxis->setTicker(textTicker({ { 0.0, QStringLiteral("0") }, { 1.0, QStringLiteral("1") } }));
    m_rowSumTarget->point1->setCoords(1.0, 0);
    m_rowSumTarget->point2->setCoords(1.0, 1);
    const double lnS = st.maxRowEntropy, lnL = st.maxColEntropy;
    QCPAxis *entropyAxis = m_entropyRect->axis(QCPAxis::atBottom);
    entropyAxis->setRange(0, std::max(lnS, 0.05) * 1.12);
    entropyAxis->setTicker(textTicker({ { 0.0, QStringLiteral("0") }, { lnS, tr("ln S") } }));
    m_entropyMax->point1->setCoords(lnS, 0);
    m_entropyMax->point2->setCoords(lnS, 1);
    double colMax = 1.0;
    for (int j = 0; j < S; ++j)
        colMax = std::max(colMax, st.colSums(b, j));
    QCPAxis *colSumAxis = m_colSumRect->axis(QCPAxis::atLeft);
    colSumAxis->setRange(0, colMax * 1.1);
    // Short panels: the target 1, and the largest sum when it is well above it.
    colSumAxis->setTicker(colMax >= 2.0
            ? textTicker({ { 1.0, QStringLiteral("1") }, { colMax, QString::number(colMax, 'g', 2) } })
            : textTicker({ { 1.0, QStringLiteral("1") } }));
    m_colSumTarget->point1->setCoords(0, 1.0);
    m_colSumTarget->point2->setCoords(1, 1.0);
    m_colSumTarget->setVisible(p.softmaxDim == -2);
    QCPAxis *colEntropyAxis = m_colEntropyRect->axis(QCPAxis::atLeft);
    colEntropyAxis->setRange(0, std::max(lnL, 0.05) * 1.12);
    colEntropyAxis->setTicker(textTicker({ { lnL, tr("ln L") } }));
    m_colEntropyMax->point1->setCoords(0, lnL);
    m_colEntropyMax->point2->setCoords(1, lnL);
    m_rowSumTarget->setVisible(true);
    // The sums and entropies are of the weights, whatever the map shows: say so beside scores or logits.
    const bool weights = m_model->display().quantity == attn::Quantity::Weights;
    m_rowSumRect->axis(QCPAxis::atTop)->setLabel(weights ? tr("row sum") : tr("Σ weights"));
    colSumAxis->setLabel(weights ? tr("col. sum") : tr("Σ weights"));
}

QSize HeatmapPanel::gridCellsFor(const QRect &area)
{
    return { area.width() > 50 ? area.width() : kMaxGridCells, area.height() > 50 ? area.height() : kMaxGridCells };
}

void HeatmapPanel::makeGrid()
{
    const auto r = m_model->result();
    const QSize cells = gridCellsFor(m_heatRect->rect());
    m_grid = attn::heatmapGrid(*r, r->params.batchIndex, m_model->display().quantity, cells.height(), cells.width());
    m_fullAggregated = m_grid.aggregated();
    fillColorMap(m_map, m_grid, r->params.queryLength, r->params.keyLength);
}

void HeatmapPanel::regridForLayout()
{
    // The whole matrix was drawn for the map's size before this layout (new tick labels, side panels, a comparison
    // or presentation mode move it): if the size it has now needs other steps, the grid is made again, so that the
    // map is as fine as the screen allows and the note's "largest of r × c cells" is true (twice at most in a row).
    const auto r = m_model->result();
    const int L = r->params.queryLength, S = r->params.keyLength;
    const bool whole = m_grid.rowBegin == 0 && m_grid.colBegin == 0 && m_grid.values.rows() * m_grid.rowStep >= L
        && m_grid.values.cols() * m_grid.colStep >= S;
    const QSize cells = gridCellsFor(m_heatRect->rect());
    const bool same
        = attn::gridStep(L, cells.height()) == m_grid.rowStep && attn::gridStep(S, cells.width()) == m_grid.colStep;
    if (!whole || same || m_regridPasses >= 2) {
        m_regridPasses = 0;
        return;
    }
    ++m_regridPasses;
    makeGrid();
    updateNote();
    m_plot->replot(QCustomPlot::rpQueuedReplot);
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
    m_colEntropyRect->axis(QCPAxis::atBottom)->setRange(keys);
    m_gradRect->axis(QCPAxis::atLeft)->setRange(queries);
    m_colGradRect->axis(QCPAxis::atBottom)->setRange(keys);
}

void HeatmapPanel::updateCellTexts()
{
    const double basePx = QFontInfo(font()).pixelSize() * m_fontScale;
    // Values as large as the cells allow (up to 2.2 times the text), so a projector's back row reads them.
    m_cellTextPx = layoutCellTexts(m_heatRect, m_cellTexts, *m_model->result(), m_model->display(), m_map, m_grid,
        font(), basePx * 2.2, std::max(7, m_leastNumberPx));
}

void HeatmapPanel::updateBarTexts()
{
    const auto r = m_model->result();
    const attn::Params &p = r->params;
    const attn::Statistics &st = r->attention.stats;
    const int b = p.batchIndex, L = p.queryLength, S = p.keyLength;
    struct Label
    {
        QCPAxisRect *rect;
        bool horizontal; // bars along x, keyed by query
        int index;
        double value;
    };
    QList<Label> labels;
    const bool small = !m_grid.aggregated();
    const double rowPx = m_heatRect->rect().height() / double(std::max(1, L));
    const double colPx = m_heatRect->rect().width() / double(std::max(1, S));
    const double basePx = QFontInfo(font()).pixelSize() * m_fontScale;
    // Row panels: as large as a row and the panel's width allow; column panels: a column's width.
    QFont probe = numberFont(font());
    probe.setPixelSize(100);
    const double em = QFontMetricsF(probe).horizontalAdvance(QStringLiteral("0.0000")) / 100.0;
    // (the least the panel may write is within reach where the room allows it: 17 pixels would be none)
    const double largest = std::max(basePx * 1.1, double(m_leastNumberPx));
    const int rowTextPx = int(std::min({ rowPx * 0.6, (m_rowSumRect->rect().width() - 8) / em, largest }));
    // (in half the panel's height, or at the least size where the panel is that high and 8 pixels more: a
    // presented Chinese comparison's panels, 31 pixels high, once lost their numbers)
    const double colHeight = m_colSumRect->rect().height();
    const double colRoom = std::max(colHeight * 0.5, std::min(double(m_leastNumberPx), colHeight - 8));
    const int colTextPx = int(std::min({ (colPx - 2) / (em + 0.45), colRoom, largest }));
    // (numbers smaller than the least the panel may write are left to their bars: setLeastNumberPixels)
    const int least = std::max(8, m_leastNumberPx);
    if (small && L <= 16 && rowTextPx >= least)
        for (int i = 0; i < L; ++i) {
            labels.push_back({ m_rowSumRect, true, i, st.rowSums(b, i) });
            if (p.softmaxDim == -1 && m_entropyRect->visible())
                labels.push_back({ m_entropyRect, true, i, st.rowEntropy(b, i) });
            if (p.softmaxDim == -1 && m_gradRect->visible())
                labels.push_back({ m_gradRect, true, i, st.rowJacobian(b, i) });
        }
    if (small && S <= 16 && colTextPx >= least)
        for (int j = 0; j < S; ++j) {
            labels.push_back({ m_colSumRect, false, j, st.colSums(b, j) });
            if (p.softmaxDim == -2)
                labels.push_back({ m_colEntropyRect, false, j, st.colEntropy(b, j) });
            if (p.softmaxDim == -2 && m_colGradRect->visible())
                labels.push_back({ m_colGradRect, false, j, st.colJacobian(b, j) });
        }
    while (m_barTexts.size() > labels.size())
        m_plot->removeItem(m_barTexts.takeLast());
    while (m_barTexts.size() < labels.size()) {
        // On an opaque plate: the dashed line of the most entropy (a staircase under a mask) runs
        // through the middle of the entropy panel, where the numbers stand, and stops at the plate.
        auto *t = new PlateText(m_plot);
        t->setPlate(QColor(255, 255, 255));
        t->setLayer("overlay");
        m_barTexts << t;
    }
    for (int k = 0; k < int(labels.size()); ++k) {
        const Label &l = labels[k];
        QCPItemText *t = m_barTexts[k];
        QCPAxis *valueAxis = l.horizontal ? l.rect->axis(QCPAxis::atBottom) : l.rect->axis(QCPAxis::atLeft);
        QCPAxis *keyAxis = l.horizontal ? l.rect->axis(QCPAxis::atLeft) : l.rect->axis(QCPAxis::atBottom);
        t->setClipAxisRect(l.rect);
        t->position->setAxes(l.horizontal ? valueAxis : keyAxis, l.horizontal ? keyAxis : valueAxis);
        QFont f = numberFont(font());
        f.setPixelSize(l.horizontal ? rowTextPx : colTextPx);
        t->setFont(f);
        t->setText(number4(l.value));
        // In the middle of the panel on a white plate, so it reads over any bar length and line.
        t->setColor(QColor(0, 0, 0));
        t->setPadding(QMargins(2, 1, 2, 1));
        t->setPositionAlignment(Qt::AlignCenter);
        if (l.horizontal)
            t->position->setCoords(valueAxis->range().center(), l.index);
        else
            t->position->setCoords(l.index, valueAxis->range().center());
    }
}

void HeatmapPanel::fitScaleLabel()
{
    // As many ticks on the colour scale as its height has room for.
    const int ticks = std::clamp(
        int(m_scale->rect().height() / (QFontInfo(m_scale->axis()->tickLabelFont()).pixelSize() * 2.2)), 1, 5);
    if (m_scale->axis()->ticker()->tickCount() != ticks) {
        m_scale->axis()->ticker()->setTickCount(ticks);
        m_plot->replot(QCustomPlot::rpQueuedReplot);
    }
    // The colour scale's label runs along the map's height: shortened, or left out, when it does not fit.
    const attn::Quantity q = m_model->display().quantity;
    const QFontMetricsF fm(m_scale->axis()->labelFont());
    const double room = m_scale->rect().height();
    QString label;
    for (const QString &candidate : { quantityTitle(q, m_model->result()->params.score), shortQuantityTitle(q) })
        if (fm.horizontalAdvance(candidate) <= room) {
            label = candidate;
            break;
        }
    if (m_scale->axis()->label() != label) {
        m_scale->axis()->setLabel(label);
        m_plot->replot(QCustomPlot::rpQueuedReplot);
    }
}

int HeatmapPanel::cellTextCount() const
{
    int n = 0;
    for (const QCPItemText *t : m_cellTexts)
        n += t->text().isEmpty() ? 0 : 1;
    return n;
}

QStringList HeatmapPanel::barTexts() const
{
    QStringList texts;
    for (const QCPItemText *t : m_barTexts)
        texts << t->text();
    return texts;
}

QList<QPair<QString, QRectF>> HeatmapPanel::textRects() const
{
    QList<QPair<QString, QRectF>> out;
    const auto itemRect = [](QCPItemText *t) {
        // The item's own corners, which QCustomPlot computes from its font, padding and alignment.
        return QRectF(t->topLeft->pixelPosition(), t->bottomRight->pixelPosition()).normalized();
    };
    for (QCPItemText *t : m_cellTexts)
        if (!t->text().isEmpty())
            out << qMakePair(t->text(), itemRect(t));
    for (QCPItemText *t : m_barTexts)
        out << qMakePair(t->text(), itemRect(t));
    // Tick labels and axis labels, placed as QCustomPlot places them (below or left of the axis).
    for (QCPAxisRect *rect : allRects()) {
        if (!rect->visible() || !rect->layout())
            continue;
        QCPAxis *top = rect->axis(QCPAxis::atTop);
        if (top->visible() && !top->label().isEmpty()) {
            const QSizeF size = QFontMetricsF(top->labelFont()).size(0, top->label());
            out << qMakePair(top->label(),
                QRectF(rect->center().x() - size.width() / 2, rect->top() - top->labelPadding() - size.height(),
                    size.width(), size.height()));
        }
        for (QCPAxis *axis : { rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft) }) {
            const bool bottom = axis->axisType() == QCPAxis::atBottom;
            const QFontMetricsF tm(axis->tickLabelFont());
            double extent = 0; // how far the tick labels reach from the axis
            if (axis->tickLabels()) {
                const QVector<double> ticks = axis->tickVector();
                const QVector<QString> texts = axis->tickVectorLabels();
                for (int k = 0; k < ticks.size() && k < texts.size(); ++k) {
                    if (!axis->range().contains(ticks[k]))
                        continue;
                    const QSizeF size = tm.size(0, texts[k]);
                    const double at = axis->coordToPixel(ticks[k]);
                    const double gap = axis->tickLengthOut() + axis->tickLabelPadding();
                    const QRectF r = bottom
                        ? QRectF(at - size.width() / 2, rect->bottom() + gap, size.width(), size.height())
                        : QRectF(
                            rect->left() - gap - size.width(), at - size.height() / 2, size.width(), size.height());
                    out << qMakePair(texts[k], r);
                    extent = std::max(extent, gap + (bottom ? size.height() : size.width()));
                }
            }
            if (!axis->label().isEmpty()) {
                const QSizeF size = QFontMetricsF(axis->labelFont()).size(0, axis->label());
                const double gap = extent + axis->labelPadding();
                // A left axis label is drawn turned by 90 degrees.
                const QRectF r = bottom
                    ? QRectF(rect->center().x() - size.width() / 2, rect->bottom() + gap, size.width(), size.height())
                    : QRectF(rect->left() - gap - size.height(), rect->center().y() - size.width() / 2, size.height(),
                        size.width());
                out << qMakePair(axis->label(), r);
            }
        }
    }
    return out;
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
    return HeatmapText::cellToolTip(*m_model->result(), query, key);
}

// The most entropy: one line at ln S (ln L), or under a mask a staircase of ln(visible) per row (column).
void HeatmapPanel::showMostEntropy()
{
    const bool masked = m_model->params().mask != attn::MaskKind::None;
    const bool rows = m_entropyRect->visible(), cols = m_colEntropyRect->visible();
    m_entropyMax->setVisible(rows && !masked);
    m_entropyMaxRows->setVisible(rows && masked);
    m_colEntropyMax->setVisible(cols && !masked);
    m_colEntropyMaxCols->setVisible(cols && masked);
}

QString HeatmapPanel::barToolTip(const QPointF &pixel) const
{
    const auto r = m_model->result();
    const int L = r->params.queryLength, S = r->params.keyLength;
    const QPoint at = pixel.toPoint();
    const auto index = [](QCPAxis *axis, double px, int n) {
        const int k = int(std::floor(axis->pixelToCoord(px) + 0.5));
        return k >= 0 && k < n ? k : -1;
    };
    const auto in = [&at](QCPAxisRect *rect) { return rect->visible() && rect->layout() && rect->rect().contains(at); };
    if (in(m_rowSumRect) || in(m_entropyRect) || in(m_gradRect)) {
        const int i = index(m_rowSumRect->axis(QCPAxis::atLeft), pixel.y(), L);
        return i < 0 ? QString() : HeatmapText::rowBarToolTip(*r, i);
    }
    if (in(m_colSumRect) || in(m_colEntropyRect) || in(m_colGradRect)) {
        const int j = index(m_colSumRect->axis(QCPAxis::atBottom), pixel.x(), S);
        return j < 0 ? QString() : HeatmapText::columnBarToolTip(*r, j);
    }
    return {};
}

void HeatmapPanel::hover(QMouseEvent *event)
{
    int i = 0, j = 0;
    const QString bar = barToolTip(event->position());
    if (!bar.isEmpty()) {
        QToolTip::showText(event->globalPosition().toPoint(), bar, m_plot);
        emit hovered(-1, -1);
        m_hovering = false;
    } else if (cellAt(event->position(), &i, &j)) {
        QToolTip::showText(event->globalPosition().toPoint(), cellToolTip(i, j), m_plot);
        emit hovered(i, j);
        m_hovering = true;
    } else {
        QToolTip::hideText();
        emit hovered(-1, -1);
        m_hovering = false;
    }
}

bool HeatmapPanel::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_plot && event->type() == QEvent::Leave)
        clearHover();
    return QWidget::eventFilter(watched, event);
}

void HeatmapPanel::clearHover()
{
    setHighlight(-1, -1);
    // Only the panel whose cell is hovered says that none is (and asks nothing of its model: a window
    // that closes sends its widgets their last events after a comparison's second model has gone).
    if (m_hovering) {
        m_hovering = false;
        emit hovered(-1, -1);
    }
}

void HeatmapPanel::setHighlight(int query, int key)
{
    if (query < 0 || key < 0 || query >= m_model->result()->params.queryLength
        || key >= m_model->result()->params.keyLength)
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

void HeatmapPanel::applyPanelSizes()
{
    // Side panels wide (column panels tall) enough for their numbers at 1.1 times the text size.
    const double basePx = QFontInfo(font()).pixelSize() * m_fontScale;
    // (presenting, never narrower than the least size numbers are written at: a Chinese window's wider
    // colour-scale name once squeezed the exercise's row sums out)
    QFont f = numberFont(font());
    f.setPixelSize(std::max(int(basePx * 1.1), m_leastNumberPx));
    // ... and for their names above them.
    QFont lf = font();
    lf.setPointSizeF(font().pointSizeF() * m_fontScale);
    const QFontMetricsF lm(lf);
    const bool weights = m_model->display().quantity == attn::Quantity::Weights;
    const double names = std::max({ lm.horizontalAdvance(tr("row sum")), lm.horizontalAdvance(tr("entropy")),
        lm.horizontalAdvance(tr("gradient")), weights ? 0.0 : lm.horizontalAdvance(tr("Σ weights")) });
    const int width = int(std::max(QFontMetricsF(f).horizontalAdvance(QStringLiteral("0.0000")) + 10, names + 4));
    for (QCPAxisRect *rect : { m_rowSumRect, m_entropyRect, m_gradRect })
        rect->setMinimumSize(width, 0);
    for (QCPAxisRect *rect : { m_colSumRect, m_colEntropyRect, m_colGradRect })
        rect->setMinimumSize(0, int(basePx * 2.6));
    // The spacer has no axes: as tall as the column-entropy panel with its gap (a first guess, which
    // the window corrects by what the maps' heights still differ: growSpareRow).
    m_spacer->setMinimumSize(0, int(basePx * 2.6 + 12));
    m_spacer->setMaximumSize(QWIDGETSIZE_MAX, int(basePx * 2.6 + 12));
}

void HeatmapPanel::setLeastNumberPixels(int px)
{
    m_leastNumberPx = px;
}

void HeatmapPanel::setFontScale(double scale)
{
    m_fontScale = scale;
    applyPanelSizes();
    QFont f = font();
    f.setPointSizeF(f.pointSizeF() * scale);
    for (QCPAxisRect *rect : allRects())
        for (QCPAxis *a : rect->axes()) {
            a->setTickLabelFont(f);
            a->setLabelFont(f);
        }
    m_scale->axis()->setTickLabelFont(f);
    m_scale->axis()->setLabelFont(f);
    // An em between the query numbers and the map: the first column's values are not read as one
    // number with them ("0 0.0508", not "00.0508").
    m_heatRect->axis(QCPAxis::atLeft)->setTickLabelPadding(std::max(5, QFontInfo(f).pixelSize()));
    QFont tf = m_title->font();
    tf.setPointSizeF(font().pointSizeF() * 1.2 * scale);
    m_title->setFont(tf);
    QFont nf = font();
    nf.setPointSizeF(font().pointSizeF() * std::min(scale, 1.2)); // the map keeps the room
    if (m_leastNumberPx > 0 && QFontInfo(nf).pixelSize() < m_leastNumberPx) // (presenting: its numbers read too)
        nf.setPixelSize(m_leastNumberPx);
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

QVector<double> HeatmapPanel::columnEntropyBars() const
{
    QVector<double> v;
    for (auto it = m_colEntropyBars->data()->constBegin(); it != m_colEntropyBars->data()->constEnd(); ++it)
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
