// SPDX-License-Identifier: GPL-3.0-or-later
#include "render/sweep_plot.h"
#include "model/labels.h"

#include "render/figure.h"
#include "render/heatmap_drawing.h"
#include "render/plot_style.h"

#include <qcustomplot.h>

#include <cmath>

namespace {

using plot_style::kReference;
using plot_style::kSide;
using plot_style::toVector;
const QColor kAdditive(0, 158, 115); // Okabe-Ito bluish green, beside their blue and vermillion

const attn::SweepBand &band(const attn::SweepSide &side, int panel)
{
    switch (panel) {
    case 0:
        return side.entropy;
    case 1:
        return side.maxWeight;
    case 2:
        return side.scoreVariance;
    default:
        return side.jacobianNorm;
    }
}

} // namespace

SweepPlot::SweepPlot(QCustomPlot *plot)
    : m_plot(plot)
{
    m_plot->clearPlottables();
    m_plot->clearItems();
    m_plot->setAutoAddPlottableToLegend(false); // the legend below lists what it should
    QCPLayoutGrid *layout = m_plot->plotLayout();
    layout->clear();
    m_plot->legend = nullptr; // it was in the default axis rect, which clear() deleted
    m_plot->setBackground(Qt::white);
    m_title = new QCPTextElement(m_plot, QString());
    layout->addElement(0, 0, m_title);
    m_legend = new QCPLegend;
    layout->addElement(1, 0, m_legend);
    m_legend->setFillOrder(QCPLegend::foColumnsFirst);
    m_legend->setBorderPen(Qt::NoPen);
    m_legend->setBrush(Qt::NoBrush);
    m_legend->setIconSize(28, 12);
    auto *grid = new QCPLayoutGrid;
    layout->addElement(2, 0, grid);
    m_caption = new QCPTextElement(m_plot, QString());
    m_caption->setTextFlags(Qt::AlignLeft | Qt::AlignVCenter);
    m_caption->setVisible(false);
    layout->addElement(3, 0, m_caption);
    layout->setRowStretchFactors({ 0.001, 0.001, 1.0, 0.001 });
    for (int panel = 0; panel < 4; ++panel) {
        auto *rect = new QCPAxisRect(m_plot);
        grid->addElement(panel / 2, panel % 2, rect);
        rect->setRangeDrag(Qt::Orientations());
        rect->setRangeZoom(Qt::Orientations());
        QCPAxis *x = rect->axis(QCPAxis::atBottom), *y = rect->axis(QCPAxis::atLeft);
        x->setScaleType(QCPAxis::stLogarithmic);
        x->setLabel(QStringLiteral("d_k"));
        if (panel == 2) {
            y->setScaleType(QCPAxis::stLogarithmic);
            QSharedPointer<QCPAxisTickerLog> log(new QCPAxisTickerLog);
            log->setLogBase(10);
            y->setTicker(log);
            y->setNumberFormat("eb");
            y->setNumberPrecision(0);
        }
        for (QCPAxis *a : { x, y }) {
            a->grid()->setPen(QPen(QColor(225, 225, 225), 1));
            a->setSubTickPen(Qt::NoPen);
        }
        // Bands first (under the lines): p90 filled down to p10.
        for (int side = 0; side < 2; ++side) {
            m_low[panel][side] = m_plot->addGraph(x, y);
            m_high[panel][side] = m_plot->addGraph(x, y);
            QColor fill = kSide[side];
            fill.setAlpha(55);
            m_high[panel][side]->setBrush(fill);
            m_high[panel][side]->setChannelFillGraph(m_low[panel][side]);
            for (QCPGraph *g : { m_low[panel][side], m_high[panel][side] })
                g->setPen(Qt::NoPen);
        }
        for (int side = 0; side < 2; ++side) {
            QCPGraph *g = m_plot->addGraph(x, y);
            g->setPen(QPen(kSide[side], 2.5));
            g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, kSide[side], kSide[side], 6));
            m_mean[panel][side] = g;
        }
        m_additive[panel] = m_plot->addGraph(x, y);
        m_additive[panel]->setPen(QPen(kAdditive, 2.5, Qt::DashLine));
        m_additive[panel]->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDiamond, kAdditive, kAdditive, 7));
        m_additive[panel]->setVisible(false);
        auto *marker = new QCPItemStraightLine(m_plot);
        marker->setClipAxisRect(rect);
        marker->point1->setAxes(x, y);
        marker->point2->setAxes(x, y);
        marker->setPen(QPen(QColor(40, 40, 40), 1.5, Qt::DashDotLine));
        marker->setVisible(false);
        m_marker[panel] = marker;
        m_rects << rect;
    }
    // Reference lines: ln S, y = d_k and y = 1, the uniform row's norm.
    for (int k = 0; k < 4; ++k) {
        const int panel = k == 0 ? 0 : k < 3 ? 2 : 3;
        QCPGraph *g = m_plot->addGraph(m_rects[panel]->axis(QCPAxis::atBottom), m_rects[panel]->axis(QCPAxis::atLeft));
        g->setPen(QPen(kReference, 1.5, k == 1 ? Qt::DotLine : Qt::DashLine));
        m_references << g;
    }
    // The legend: the two sides, the band, the reference lines.
    for (int side = 0; side < 2; ++side)
        m_legend->addItem(new QCPPlottableLegendItem(m_legend, m_mean[0][side]));
    m_legend->addItem(new QCPPlottableLegendItem(m_legend, m_high[0][0]));
    m_legend->addItem(new QCPPlottableLegendItem(m_legend, m_references[0]));
    m_legend->addItem(new QCPPlottableLegendItem(m_legend, m_references[1]));
    m_legend->setWrap(3); // two rows: the curves, then the reference lines
    m_legend->setFillOrder(QCPLegend::foColumnsFirst, true); // (re)arranges the items in them
    m_markerLabel = new QCPItemText(m_plot);
    m_markerLabel->setClipToAxisRect(false);
    m_markerLabel->position->setType(QCPItemPosition::ptAxisRectRatio);
    m_markerLabel->position->setAxisRect(m_rects[0]);
    m_markerLabel->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);
    m_markerLabel->setVisible(false);
    applyFonts();
    retranslate();
}

void SweepPlot::retranslate()
{
    const QString names[4]
        = { tr("row entropy (nats)"), tr("largest weight"), tr("score variance"), tr("softmax Jacobian norm") };
    for (int panel = 0; panel < 4; ++panel)
        m_rects[panel]->axis(QCPAxis::atLeft)->setLabel(names[panel]);
}

QString SweepPlot::scaledName(const attn::SweepSettings &s)
{
    return scalingLegend(s.scaling, s.dModel, s.customScale);
}

QString SweepPlot::defaultCaption(const attn::SweepSettings &s)
{
    return tr("Each point is the mean over %1 trials of one query against %2 keys, q and K drawn from N(0, %3) "
              "(trial t with seed %4 + t); the band spans the trials' 10th to 90th percentile. Blue: %5; orange: not "
              "scaled. Without the scale the scores' variance grows like d_k, the largest weight goes to 1, the "
              "entropy to 0, and the softmax's gradient (its Jacobian norm), after rising while a few keys share the "
              "weight, to 0 as well.")
               .arg(s.trials)
               .arg(s.keys)
               .arg(s.sigma * s.sigma, 0, 'g', 4)
               .arg(QString::number(s.seed), scaledName(s))
        + (s.additiveHidden > 0 ? ' '
                    + tr("Dashed green: additive attention, v·tanh(q·W₁ + k·W₂) with H = %1 and no scaling: tanh "
                         "bounds its scores by Σ|v_h| whatever d_k is, so they do not grow with d_k (they grow "
                         "with H).")
                          .arg(s.additiveHidden)
                                : QString());
}

QString SweepPlot::defaultTitle(const attn::SweepSettings &s)
{
    QString t = tr("Why divide by √d_k: S = %1 keys, %2 trials per d_k, seed %3")
                    .arg(s.keys)
                    .arg(s.trials)
                    .arg(QString::number(s.seed));
    if (s.sigma != 1.0)
        t += tr(", σ = %1").arg(s.sigma, 0, 'g', 4);
    return t;
}

void SweepPlot::setTextSize(int pixels)
{
    m_textSize = pixels;
    applyFonts();
}

void SweepPlot::applyFonts()
{
    const PlotTextFonts fonts = applyPlotFonts(m_plot, m_textSize, m_title, m_caption, m_legend);
    const QFont &f = fonts.body, &small = fonts.small;
    const int px = fonts.px;
    for (QCPAxisRect *rect : std::as_const(m_rects))
        for (QCPAxis *a : rect->axes()) {
            a->setTickLabelFont(small);
            a->setLabelFont(f);
        }
    m_markerLabel->setFont(small);
    // Lines and dots in proportion to the text (2.5 and 6 at 18-pixel text, a 1200 × 900 picture).
    const double pen = std::max(1.0, px / 7.2), dot = std::max(3.0, px / 3.0);
    for (auto &mean : m_mean)
        for (int side = 0; side < 2; ++side) {
            mean[side]->setPen(QPen(kSide[side], pen));
            mean[side]->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, kSide[side], kSide[side], dot));
        }
    for (QCPGraph *g : m_additive) {
        g->setPen(QPen(kAdditive, pen, Qt::DashLine));
        g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDiamond, kAdditive, kAdditive, dot * 1.2));
    }
    for (int k = 0; k < int(m_references.size()); ++k)
        m_references[k]->setPen(QPen(kReference, std::max(1.0, pen * 0.6), k == 1 ? Qt::DotLine : Qt::DashLine));
}

void SweepPlot::setTitle(const QString &title)
{
    m_titleText = title;
    m_title->setText(title);
    m_title->setVisible(!title.isEmpty());
}

void SweepPlot::setCaption(const QString &caption)
{
    m_captionText = caption;
    m_caption->setText(caption);
    m_caption->setVisible(!caption.isEmpty());
}

void SweepPlot::setResult(const attn::SweepResult &r)
{
    m_result = r;
    const attn::SweepSettings &s = r.settings;
    const QVector<double> x(s.dks.begin(), s.dks.end());
    for (int panel = 0; panel < 4; ++panel)
        for (int side = 0; side < 2; ++side) {
            const attn::SweepBand &b = band(side == 0 ? r.scaled : r.unscaled, panel);
            m_mean[panel][side]->setData(x, toVector(b.mean), true);
            m_low[panel][side]->setData(x, toVector(b.p10), true);
            m_high[panel][side]->setData(x, toVector(b.p90), true);
            m_mean[panel][side]->setName(side == 0 ? scaledName(s) : tr("not scaled"));
        }
    // The additive side: its mean as a dashed green line (no band), in the legend only when there.
    for (int panel = 0; panel < 4; ++panel) {
        m_additive[panel]->setVisible(bool(r.additive));
        if (r.additive)
            m_additive[panel]->setData(x, toVector(band(*r.additive, panel).mean), true);
    }
    m_additive[0]->setName(tr("additive, H = %1 (not scaled)").arg(s.additiveHidden));
    if (r.additive && !m_legend->hasItemWithPlottable(m_additive[0])) {
        m_legend->insertRow(0);
        m_legend->addItem(new QCPPlottableLegendItem(m_legend, m_additive[0]));
        m_legend->setFillOrder(QCPLegend::foColumnsFirst, true);
    } else if (!r.additive && m_legend->hasItemWithPlottable(m_additive[0])) {
        m_legend->removeItem(m_legend->itemWithPlottable(m_additive[0]));
        m_legend->setFillOrder(QCPLegend::foColumnsFirst, true);
    }
    const double lnS = std::log(double(s.keys)), uniform = std::sqrt(double(s.keys - 1)) / s.keys;
    const QVector<double> ends { x.front(), x.back() };
    m_references[0]->setData(ends, { lnS, lnS }, true);
    QVector<double> dkLine;
    for (double v : x)
        dkLine << v * s.sigma * s.sigma * s.sigma * s.sigma; // Var(q·k) = d_k sigma⁴
    m_references[1]->setData(x, dkLine, true);
    const double one = s.sigma * s.sigma * s.sigma * s.sigma;
    m_references[2]->setData(ends, { one, one }, true);
    m_references[3]->setData(ends, { uniform, uniform }, true);
    m_references[0]->setName(tr("ln S, y = 1, a uniform row's norm"));
    m_references[1]->setName(tr("y = d_k"));
    m_high[0][0]->setName(tr("10th to 90th percentile of the trials"));

    // d_k ticks: every value up to 8 of them, else every other one (1, 4, 16 ... 1024).
    QSharedPointer<QCPAxisTickerText> ticks(new QCPAxisTickerText);
    const int step = x.size() > 8 ? 2 : 1;
    for (int i = 0; i < int(x.size()); i += step)
        ticks->addTick(x[i], QString::number(int(x[i])));
    for (QCPAxisRect *rect : std::as_const(m_rects)) {
        QCPAxis *axis = rect->axis(QCPAxis::atBottom);
        axis->setTicker(ticks);
        axis->setRange(x.front() / 1.3, x.back() * 1.3);
    }
    // Entropy from 0 to past ln S; the largest weight 0 to 1; variances over their spread; the norm from 0.
    m_rects[0]->axis(QCPAxis::atLeft)->setRange(0, lnS * 1.12);
    m_rects[1]->axis(QCPAxis::atLeft)->setRange(0, 1.05);
    double lo = one, hi = one * x.back();
    std::vector<const attn::SweepSide *> sides { &r.scaled, &r.unscaled };
    if (r.additive)
        sides.push_back(&*r.additive);
    for (const attn::SweepSide *side : sides)
        for (std::size_t i = 0; i < side->scoreVariance.p10.size(); ++i) {
            lo = std::min(lo, side->scoreVariance.p10[i]);
            hi = std::max(hi, side->scoreVariance.p90[i]);
        }
    m_rects[2]->axis(QCPAxis::atLeft)->setRange(std::max(lo, 1e-12) / 2, hi * 2);
    double top = uniform;
    for (const attn::SweepSide *side : sides)
        for (double v : side->jacobianNorm.p90)
            top = std::max(top, v);
    m_rects[3]->axis(QCPAxis::atLeft)->setRange(0, top * 1.15);
    setCurrentDk(m_currentDk);
}

void SweepPlot::setCurrentDk(int dk)
{
    m_currentDk = dk;
    const bool shown = dk > 0 && !m_result.settings.dks.empty();
    for (QCPItemStraightLine *marker : m_marker) {
        marker->setVisible(shown);
        marker->point1->setCoords(dk, 0.5);
        marker->point2->setCoords(dk, 1.0);
    }
    m_markerLabel->setVisible(shown);
    if (shown) {
        QCPAxis *x = m_rects[0]->axis(QCPAxis::atBottom);
        const double lo = std::log(x->range().lower), hi = std::log(x->range().upper);
        const double at = std::clamp((std::log(double(dk)) - lo) / (hi - lo), 0.05, 0.95);
        m_markerLabel->position->setCoords(at, 0.0);
        m_markerLabel->setText(tr("now: d_k = %1").arg(dk));
    }
}

void SweepPlot::layOut(const QSize &size)
{
    // The title shrinks a little or wraps, the caption wraps: nothing runs off the picture's sides.
    applyFonts();
    const int width = size.width() - 16;
    if (!m_titleText.isEmpty()) {
        QFont f = m_title->font();
        m_title->setText(fitText(m_titleText, &f, width));
        m_title->setFont(f);
    }
    // The legend in as many columns (up to 3) as its widest entry leaves room for.
    const QFontMetricsF lm(m_legend->font());
    double widest = 0;
    for (int i = 0; i < m_legend->itemCount(); ++i)
        if (auto *item = qobject_cast<QCPPlottableLegendItem *>(m_legend->item(i)))
            widest = std::max(widest, lm.horizontalAdvance(item->plottable()->name()));
    const double entry = widest + m_legend->iconSize().width() + lm.height() * 2.5;
    const int columns = std::clamp(int(width / std::max(1.0, entry)), 1, 3);
    if (m_legend->wrap() != columns) {
        m_legend->setWrap(columns);
        m_legend->setFillOrder(QCPLegend::foColumnsFirst, true);
    }
    layOutPlotAt(m_plot, m_caption, m_captionText, width, size);
}

bool encodeSweepPicture(
    const QString &path, const attn::SweepResult &r, const SweepPicture &o, QByteArray *encoded, QString *error)
{
    QCustomPlot plot;
    SweepPlot drawn(&plot);
    // Text in proportion to the picture (18 units at 1200 × 900), from 8 to 48.
    drawn.setTextSize(std::clamp(std::max(o.size.height() / 50, o.size.width() / 70), 8, 48));
    drawn.setResult(r);
    const QString title = o.titleText.isEmpty() ? SweepPlot::defaultTitle(r.settings) : o.titleText;
    drawn.setTitle(o.title ? title : QString());
    drawn.setCaption(o.title ? SweepPlot::defaultCaption(r.settings) : QString());
    drawn.setCurrentDk(o.currentDk);
    drawn.layOut(o.size);
    return encodePlot(path, plot, o.size, o.pixelRatio, o.transparent, title, encoded, error);
}
