// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/comparison_view.h"

#include "widgets/heatmap_panel.h"
#include "widgets/presentation.h"

#include <qcustomplot.h>

#include <QBoxLayout>
#include <QCoreApplication>
#include <QTimer>

#include <algorithm>

ComparisonView::ComparisonView(AttentionModel *model, CompareController *comparison, QWidget *parent)
    : QWidget(parent)
    , m_model(model)
    , m_comparison(comparison)
{
    setObjectName("comparisonView");
    m_heatmap = new HeatmapPanel(model, this);
    m_partnerHeatmap = new HeatmapPanel(comparison->partner(), this);
    m_heatmap->setMaskTarget(model);
    m_partnerHeatmap->setMaskTarget(model);
    m_partnerHeatmap->setObjectName("partnerHeatmap");
    m_partnerHeatmap->setVisible(false);
    m_maps = new QHBoxLayout(this);
    m_maps->setContentsMargins(0, 0, 0, 0);
    m_maps->addWidget(m_heatmap, 1);
    m_maps->addWidget(m_partnerHeatmap, 1);
    // Hovering a cell in one heatmap outlines the same cell in the other, through the model.
    for (HeatmapPanel *panel : { m_heatmap, m_partnerHeatmap }) {
        connect(panel, &HeatmapPanel::noteChanged, this, &ComparisonView::alignPanels, Qt::QueuedConnection);
        connect(panel, &HeatmapPanel::aroundChanged, this, &ComparisonView::alignPanels, Qt::QueuedConnection);
        connect(panel, &HeatmapPanel::hovered, model, &AttentionModel::setHoveredCell);
        connect(model, &AttentionModel::hoveredCellChanged, panel, &HeatmapPanel::setHighlight);
    }
    connect(comparison, &CompareController::layoutChanged, this, &ComparisonView::layOutComparison);
    connect(model, &AttentionModel::resultChanged, this, &ComparisonView::alignPanels);
    connect(comparison->partner(), &AttentionModel::resultChanged, this, &ComparisonView::alignPanels);
    connect(model, &AttentionModel::displayChanged, this, &ComparisonView::alignPanels);
    layOutComparison();
}

void ComparisonView::setPresentation(bool on, double fontScale)
{
    m_presentation = on;
    for (HeatmapPanel *h : { m_heatmap, m_partnerHeatmap }) {
        h->setLeastNumberPixels(on ? kLeastPresentedNumberPixels : 0);
        h->setFontScale(fontScale);
    }
    alignPanels();
}

void ComparisonView::resetZoom()
{
    m_heatmap->resetZoom();
    m_partnerHeatmap->resetZoom();
}

void ComparisonView::replotNow()
{
    for (HeatmapPanel *h : { m_heatmap, m_partnerHeatmap })
        if (h->isVisible())
            h->plot()->replot(QCustomPlot::rpImmediateRefresh);
}

void ComparisonView::layOutComparison()
{
    const bool on = m_comparison->isOn();
    m_partnerHeatmap->setVisible(on);
    m_heatmap->setTitle(m_comparison->mainLabel());
    m_partnerHeatmap->setTitle(m_comparison->partnerLabel());
    // Each side where attn::comparisonSides puts it, as in exported comparisons.
    const int mainIndex = on ? m_comparison->mainSide() : 0;
    if (m_maps->indexOf(m_heatmap) != mainIndex) {
        m_maps->removeWidget(m_heatmap);
        m_maps->insertWidget(mainIndex, m_heatmap, 1);
    }
    alignPanels();
}

void ComparisonView::alignPanels()
{
    const bool on = m_comparison->isOn();
    // Presenting a comparison, what dim −2 means is left to the sides' titles and column panels (and the
    // lesson's caption): the exercise's three rows in Chinese at 1280 x 720 had no room for their numbers.
    for (HeatmapPanel *h : { m_heatmap, m_partnerHeatmap })
        h->setBriefNotes(on && m_presentation);
    // Block 3's two sides have the same entropies to the last digit shown: the maps take their room.
    m_heatmap->setRowEntropyShown(!on || m_comparison->kind() != CompareKind::Sdpa);
    m_partnerHeatmap->setRowEntropyShown(!on || m_comparison->kind() != CompareKind::Sdpa);
    if (!on) {
        m_heatmap->setColorScaleVisible(true);
        m_heatmap->setSpareBottomRow(false);
        m_heatmap->setNoteMinimumHeight(0);
        m_heatmap->setKeyAxisTitleShown(true);
        return;
    }
    // One above the other when that gives larger cells (a long row of keys), else side by side.
    // What the panels take around the maps (axes, side panels, notes) differs between the two
    // arrangements (notes wrap, side panels stretch with the width): it is measured in each once laid
    // out and kept while size and settings stay; an arrangement not yet measured is estimated from
    // the font. (Carrying one arrangement's measure over to the other kept whichever came first: a
    // Chinese 1 x 6 comparison stayed side by side with 7-pixel cells, too small for its numbers.)
    const QWidget *area = parentWidget() ? parentWidget() : this;
    const attn::Params &p = m_model->params();
    const double px = QFontInfo(m_heatmap->font()).pixelSize() * (m_presentation ? window()->height() / 540.0 : 1.0);
    const QRect ga = m_heatmap->geometry(), gb = m_partnerHeatmap->geometry();
    const QRect ha = m_heatmap->heatmapRect(), hb = m_partnerHeatmap->heatmapRect();
    const bool measured = m_heatmap->isVisible() && m_partnerHeatmap->isVisible() && ha.width() > 20 && hb.width() > 20
        && ha.height() > 5 && hb.height() > 5
        && (ga.top() != gb.top()) == m_stacked; // (laid out as now arranged: just after a switch, not yet)
    const bool laidOut = width() > 100 && height() > 50;
    const double totalW = laidOut ? width() : area->width() - 8;
    const double totalH = laidOut ? height() : area->height() * (m_presentation ? 0.55 : 0.65);
    const QString key = QStringLiteral("%1x%2 %3 %4x%5 %6 %7 %8 %9")
                            .arg(width())
                            .arg(height())
                            .arg(px)
                            .arg(p.queryLength)
                            .arg(p.keyLength)
                            .arg(p.softmaxDim)
                            .arg(int(m_model->compare()))
                            .arg(int(m_model->display().gradientPanels))
                            .arg(QCoreApplication::translate("HeatmapPanel", "key j")); // the language
    if (key != m_aroundKey) {
        m_aroundKey = key;
        m_around[0] = m_around[1] = Around();
    }
    if (measured)
        m_around[m_stacked ? 1 : 0] = Around { double(std::max(ga.width() - ha.width(), gb.width() - hb.width())),
            double(std::max(ga.height() - ha.height(), gb.height() - hb.height())) };
    const Around estimate { px * 16,
        px * (p.softmaxDim == -2 || m_model->compare() == CompareKind::SoftmaxDim ? 18 : 11) };
    const auto cellText = [&](double w, double h, int arrangement) {
        const Around a = m_around[arrangement].width > 0 ? m_around[arrangement] : estimate;
        return std::min(
            (h - a.height) / std::max(1, p.queryLength) * 0.65, ((w - a.width) / std::max(1, p.keyLength) - 2) / 3.6);
    };
    const double beside = cellText(totalW / 2.0, totalH, 0);
    const double stacked = cellText(totalW, totalH / 2.0, 1);
    // Stacked only for a long row of keys (S at least 3 L, as block 2's 1 × 6) when that gives larger
    // cells; otherwise side by side, the rows lining up.
    const bool stack = p.keyLength >= 3 * p.queryLength && stacked > beside;
    const bool switched = stack != m_stacked;
    if (switched) {
        m_stacked = stack;
        m_maps->setDirection(stack ? QBoxLayout::TopToBottom : QBoxLayout::LeftToRight);
    }
    // Presenting one above the other, the keys are numbered but not named ("key j"): the line it takes
    // is what a Chinese 1 x 6 comparison at 1280 x 720 needs for its numbers (the caption names the keys).
    for (HeatmapPanel *h : { m_heatmap, m_partnerHeatmap })
        h->setKeyAxisTitleShown(!(stack && m_presentation));
    // Side by side with one range: one colour scale, on the right. Rows line up: the same rows under
    // the maps and the same height of notes.
    HeatmapPanel *first = m_comparison->mainSide() == 0 ? m_heatmap : m_partnerHeatmap;
    HeatmapPanel *second = first == m_heatmap ? m_partnerHeatmap : m_heatmap;
    const DisplayOptions &d = m_model->display();
    const bool oneRange = d.quantity == attn::Quantity::Weights && d.range == DisplayOptions::Range::Fixed01;
    first->setColorScaleVisible(stack || !oneRange);
    second->setColorScaleVisible(true);
    const bool firstColumns = first->showsColumnEntropy(), secondColumns = second->showsColumnEntropy();
    first->setSpareBottomRow(!stack && secondColumns && !firstColumns);
    second->setSpareBottomRow(!stack && firstColumns && !secondColumns);
    if (stack) {
        first->setNoteMinimumHeight(0);
        second->setNoteMinimumHeight(0);
        if (switched) { // halves
            m_maps->setStretch(0, 1);
            m_maps->setStretch(1, 1);
        }
    }
    QTimer::singleShot(0, this, &ComparisonView::balanceSides);
}

void ComparisonView::balanceSides()
{
    // Once both are laid out: the notes as tall as the taller one at the panels' real width (never
    // more than a fifth of the window), and the spare row as tall as what the partner has under its
    // map beyond this panel's column sums (absolute, so repeated calls settle on the same heights).
    if (!m_comparison->isOn())
        return;
    HeatmapPanel *a = m_heatmap, *b = m_partnerHeatmap;
    if (m_stacked)
        return;
    // Side by side the two maps get the same width (so the same cells), whatever each has beside it
    // (the shared colour scale, an entropy panel only where rows are distributions).
    const int aroundA = a->width() - a->heatmapRect().width(), aroundB = b->width() - b->heatmapRect().width();
    const int map = std::max(50, (a->width() + b->width() - aroundA - aroundB) / 2);
    if (a->heatmapRect().width() > 10 && b->heatmapRect().width() > 10) {
        m_maps->setStretch(m_maps->indexOf(a), aroundA + map);
        m_maps->setStretch(m_maps->indexOf(b), aroundB + map);
    } else {
        // A map squeezed to nothing cannot be measured: halves first, balanced when laid out
        // (aroundChanged calls alignPanels again).
        m_maps->setStretch(m_maps->indexOf(a), 1);
        m_maps->setStretch(m_maps->indexOf(b), 1);
    }
    const QWidget *area = parentWidget() ? parentWidget() : this;
    const int width = std::max(200, std::min(m_heatmap->width(), m_partnerHeatmap->width()));
    const int note
        = std::min(std::max(m_heatmap->noteHeight(width), m_partnerHeatmap->noteHeight(width)), area->height() / 5);
    m_heatmap->setNoteMinimumHeight(note);
    m_partnerHeatmap->setNoteMinimumHeight(note);
    for (HeatmapPanel *h : { m_heatmap, m_partnerHeatmap }) {
        HeatmapPanel *other = h == m_heatmap ? m_partnerHeatmap : m_heatmap;
        if (h->hasSpareRow() && other->columnEntropyHeight() > 0)
            h->setSpareRowHeight(other->columnSumHeight() + other->columnEntropyHeight() - h->columnSumHeight());
    }
}
