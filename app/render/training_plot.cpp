// SPDX-License-Identifier: GPL-3.0-or-later
#include "render/training_plot.h"
#include "model/labels.h"

#include "render/color_maps.h"
#include "render/figure.h"
#include "render/heatmap_drawing.h"
#include "render/plot_style.h"

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace {

// As the sweep: blue scaled, vermilion not scaled.
using plot_style::kReference;
using plot_style::kSide;
using plot_style::toVector;

double tailMean(const std::vector<double> &v, std::size_t n)
{
    n = std::min(n, v.size());
    if (n == 0)
        return 0;
    double sum = 0;
    for (std::size_t i = v.size() - n; i < v.size(); ++i)
        sum += v[i];
    return sum / double(n);
}

// 0.0123, 38.4, 8.00, 1.1e-12: three significant digits (trailing zeros kept), an exponent only when
// small or large.
QString number(double v)
{
    const double a = std::fabs(v);
    if (a >= 1e-3 && a < 1e4) {
        const int decimals = std::max(0, 2 - int(std::floor(std::log10(a))));
        return QString::number(v, 'f', decimals);
    }
    return QString::number(v, 'g', 3);
}

} // namespace

TrainingPlot::TrainingPlot(QCustomPlot *plot)
    : m_plot(plot)
{
    m_plot->clearPlottables();
    m_plot->clearItems();
    m_plot->setAutoAddPlottableToLegend(false);
    QCPLayoutGrid *layout = m_plot->plotLayout();
    layout->clear();
    m_plot->legend = nullptr;
    m_plot->setBackground(Qt::white);
    m_title = new QCPTextElement(m_plot, QString());
    m_title->setVisible(false);
    layout->addElement(0, 0, m_title);
    m_legend = new QCPLegend;
    layout->addElement(1, 0, m_legend);
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

    auto *left = new QCPLayoutGrid, *right = new QCPLayoutGrid;
    grid->addElement(0, 0, left);
    grid->addElement(0, 1, right);
    grid->setColumnStretchFactors({ 1.2, 1.0 }); // (the maps wide enough for their titles in two lines at 1280 px)
    auto *margins = new QCPMarginGroup(m_plot);
    for (int panel = 0; panel < 3; ++panel) {
        auto *rect = new QCPAxisRect(m_plot);
        left->addElement(panel, 0, rect);
        rect->setRangeDrag(Qt::Orientations());
        rect->setRangeZoom(Qt::Orientations());
        rect->setMarginGroup(QCP::msLeft | QCP::msRight, margins);
        QCPAxis *x = rect->axis(QCPAxis::atBottom), *y = rect->axis(QCPAxis::atLeft);
        y->ticker()->setTickCount(4); // the panels are short at 720 lines
        if (panel == 2) {
            y->setScaleType(QCPAxis::stLogarithmic);
            QSharedPointer<QCPAxisTickerLog> log(new QCPAxisTickerLog);
            log->setLogBase(10);
            log->setSubTickCount(0);
            y->setTicker(log);
            y->setNumberFormat("eb");
            y->setNumberPrecision(0);
        }
        for (QCPAxis *a : { x, y }) {
            a->grid()->setPen(QPen(QColor(225, 225, 225), 1));
            a->setSubTickPen(Qt::NoPen);
        }
        for (int side = 0; side < 2; ++side) {
            QCPGraph *g = m_plot->addGraph(x, y);
            QColor c = kSide[side];
            if (panel == 2)
                c.setAlpha(70); // each step, under the median
            g->setPen(QPen(c, panel == 2 ? 1 : 2.5));
            m_line[panel][side] = g;
        }
        m_curves << rect;
    }
    left->setRowStretchFactors({ 1.0, 1.0, 1.2 });
    for (int side = 0; side < 2; ++side) {
        m_median[side] = m_plot->addGraph(m_curves[2]->axis(QCPAxis::atBottom), m_curves[2]->axis(QCPAxis::atLeft));
        m_median[side]->setPen(QPen(kSide[side], 2.5));
    }
    m_chance = m_plot->addGraph(m_curves[1]->axis(QCPAxis::atBottom), m_curves[1]->axis(QCPAxis::atLeft));
    m_chance->setPen(QPen(kReference, 1.5, Qt::DashLine));
    // The gradient panel's key in the legend, in neither run's colour (both runs have a bold median and thin steps):
    // a line of no points.
    m_gradientKey = m_plot->addGraph(m_curves[2]->axis(QCPAxis::atBottom), m_curves[2]->axis(QCPAxis::atLeft));
    m_gradientKey->setPen(QPen(kReference, 2.5));

    m_scale = new QCPColorScale(m_plot);
    m_scale->setType(QCPAxis::atRight);
    m_scale->setDataRange(QCPRange(0, 1));
    m_scale->setGradient(colorGradient(QStringLiteral("viridis")));
    auto *mapMargins = new QCPMarginGroup(m_plot);
    for (int side = 0; side < 2; ++side) {
        auto *rect = new QCPAxisRect(m_plot);
        right->addElement(side, 0, rect);
        rect->setRangeDrag(Qt::Orientations());
        rect->setRangeZoom(Qt::Orientations());
        rect->setMarginGroup(QCP::msLeft | QCP::msRight, mapMargins);
        rect->setSizeConstraintRect(QCPLayoutElement::scrInnerRect);
        rect->setMinimumSize(0, 64); // its eight rows visible under a title of three lines
        QCPAxis *x = rect->axis(QCPAxis::atBottom), *y = rect->axis(QCPAxis::atLeft);
        rect->axis(QCPAxis::atTop)->setVisible(true);
        rect->axis(QCPAxis::atTop)->setTicks(false);
        rect->axis(QCPAxis::atTop)->setBasePen(Qt::NoPen);
        for (QCPAxis *a : { x, y }) // whole numbers, thinned so that no two labels meet (measured at each layout)
            a->setTicker(positionTicker(a));
        y->setRangeReversed(true); // example 0 at the top
        for (QCPAxis *a : { x, y }) {
            a->grid()->setVisible(false);
            a->setSubTicks(false);
        }
        auto *map = new QCPColorMap(x, y);
        map->setInterpolate(false);
        map->setColorScale(m_scale);
        map->setGradient(colorGradient(QStringLiteral("viridis")));
        map->setDataRange(QCPRange(0, 1));
        m_map[side] = map;
        m_maps << rect;
    }
    right->addElement(0, 1, m_scale);
    m_scale->setMarginGroup(QCP::msTop | QCP::msBottom, mapMargins);
    // One colour scale beside the upper map serves both: they share the range 0 to 1.
    right->setColumnStretchFactors({ 1.0, 0.001 });

    for (int side = 0; side < 2; ++side)
        m_legend->addItem(new QCPPlottableLegendItem(m_legend, m_line[0][side]));
    m_legend->addItem(new QCPPlottableLegendItem(m_legend, m_chance));
    m_legend->addItem(new QCPPlottableLegendItem(m_legend, m_gradientKey));
    m_legend->setWrap(2);
    m_legend->setFillOrder(QCPLegend::foColumnsFirst, true);
    applyFonts();
    retranslate();
    // In the window: the labels fitted again to each layout (a new size, presentation mode's larger text).
    m_fitting = QObject::connect(m_plot, &QCustomPlot::afterLayout, m_plot, [this] {
        if (fitLabels())
            m_plot->replot(QCustomPlot::rpQueuedReplot);
    });
}

void TrainingPlot::retranslate()
{
    const QString names[3] = { tr("loss"), tr("held-out accuracy"), tr("gradient norm") };
    for (int panel = 0; panel < 3; ++panel) {
        m_curves[panel]->axis(QCPAxis::atBottom)->setLabel(panel == 2 ? tr("step") : QString());
        m_curves[panel]->axis(QCPAxis::atLeft)->setLabel(names[panel]);
    }
    m_scale->axis()->setLabel(tr("weight"));
    // The key positions named and numbered once, under the lower map (the maps share them, left and right edges
    // aligned): the upper map gets the height of both lines, in presentation mode the rows' height.
    for (QCPAxisRect *rect : std::as_const(m_maps)) {
        const bool lower = rect == m_maps.back();
        rect->axis(QCPAxis::atBottom)->setLabel(lower ? tr("key position j") : QString());
        rect->axis(QCPAxis::atBottom)->setTickLabels(lower);
        rect->axis(QCPAxis::atLeft)->setLabel(tr("example"));
    }
    m_line[0][0]->setName(tr("scaled"));
    m_line[0][1]->setName(tr("not scaled"));
}

TrainingPlot::~TrainingPlot()
{
    QObject::disconnect(m_fitting);
    if (!m_title->layout()) // taken out of the layout (no title): the plot no longer deletes it
        delete m_title;
}

QString TrainingPlot::scaledName(const attn::TrainSettings &s)
{
    return scalingLegend(s.scaling, s.dModel, s.customScale);
}

QString TrainingPlot::defaultTitle(const attn::TrainSettings &s)
{
    return tr("Training with and without the scale: d_k = %1, %2 lr %3, batch %4, seed %5")
        .arg(s.dK)
        .arg(s.optimizer == attn::Optimizer::Adam ? tr("Adam") : tr("SGD"))
        .arg(s.learningRate, 0, 'g', 4)
        .arg(s.batch)
        .arg(QString::number(s.seed));
}

QString TrainingPlot::summary(const attn::TrainingSnapshot &s, bool brief)
{
    const int n = s.steps();
    if (n == 0)
        return tr("Not started: both runs begin from the same W_q and W_k and will see the same batches.");
    QStringList parts;
    double heldOut[2], heldOutStart[2], batches[2], largest[2], onTarget[2], medianStart[2], medianNow[2], medianLow[2];
    const int examples = s.history[0].heldOutAccuracy.empty() ? 0 : attn::kHeldOutExamples;
    for (int side = 0; side < 2; ++side) {
        const attn::TrainHistory &h = s.history[side];
        heldOut[side] = h.heldOutAccuracy.empty() ? 0 : h.heldOutAccuracy.back();
        heldOutStart[side] = h.heldOutAccuracy.empty() ? 0 : h.heldOutAccuracy.front();
        batches[side] = tailMean(h.accuracy, 50);
        largest[side] = tailMean(h.maxWeight, 10);
        onTarget[side] = tailMean(h.targetWeight, 10);
        const std::vector<double> median = attn::runningMedian(h.gradNorm, kMedianWindow);
        medianStart[side] = median.front();
        medianNow[side] = median.back();
        medianLow[side] = *std::min_element(median.begin(), median.end());
        parts << tr("%1: loss %2 → %3, accuracy %4 on the held-out examples (%5 on the last batches), largest weight "
                    "%6 (on the target %7), gradient norm %8 → %9.")
                     .arg(side == 0 ? scaledName(s.settings) : tr("Not scaled"))
                     .arg(number(h.loss.front()), number(tailMean(h.loss, 10)))
                     .arg(heldOut[side], 0, 'f', 2)
                     .arg(batches[side], 0, 'f', 2)
                     .arg(largest[side], 0, 'f', 3)
                     .arg(onTarget[side], 0, 'f', 3)
                     .arg(number(medianStart[side]), number(medianNow[side]));
    }
    QString text = brief ? tr("Step %1 of %2.").arg(n).arg(s.settings.steps)
                         : tr("Step %1 of %2 (accuracy: the share of examples whose largest weight is on the target, "
                              "now on %5 examples never trained on and over the last %6 batches; loss and weights: the "
                              "first step's → the mean of the last %4 steps; gradient norm: the first step's → the "
                              "median of the last %3). ")
                               .arg(n)
                               .arg(s.settings.steps)
                               .arg(std::min(n, kMedianWindow))
                               .arg(std::min(n, 10))
                               .arg(examples)
                               .arg(std::min(n, 50))
            + parts.join(' ');
    // What it means, said only where the numbers show it, with stated thresholds: "does not learn" only within twice
    // chance (1/L) on the held-out examples and on the last batches, "learns slowly" above that and below 0.9.
    const double chance = 1.0 / std::max(1, s.settings.length);
    const bool saturated = largest[1] >= 0.9 && onTarget[1] <= 0.5;
    // Vanished: a thousandth of where it started, and a hundredth of the scaled run's now.
    const bool vanished = medianNow[1] < 1e-3 * medianStart[1] && medianNow[1] < 1e-2 * medianNow[0];
    const bool scaledLearns = n >= 50 && heldOut[0] >= 0.9;
    const QString scaledLearned = tr("%1 puts the largest weight on the target in %2 % of the held-out examples.")
                                      .arg(scaledName(s.settings))
                                      .arg(heldOut[0] * 100, 0, 'f', 0);
    if (scaledLearns && heldOut[1] <= 2 * chance && batches[1] <= 2 * chance)
        text += ' '
            + tr("Without the scale the layer does not learn: held-out accuracy %1, %2× chance (1/L = %3).")
                  .arg(heldOut[1], 0, 'f', 2)
                  .arg(heldOut[1] / chance, 0, 'f', 1)
                  .arg(chance, 0, 'g', 3)
            + ' '
            + (!saturated
                    ? QString()
                    : (vanished ? tr("Its rows are one-hot (largest weight %1) and put %2 on the target on average: "
                                     "the softmax is saturated and its gradient has vanished (the lecture's “training "
                                     "does not converge”, 训练不收敛).")
                                : tr("Its rows are one-hot (largest weight %1) and put %2 on the target on average: "
                                     "the softmax is saturated (the lecture's “training does not converge”, "
                                     "训练不收敛)."))
                          .arg(largest[1], 0, 'f', 3)
                          .arg(onTarget[1], 0, 'f', 3))
            + (saturated ? QStringLiteral(" ") : QString()) + scaledLearned;
    else if (scaledLearns && heldOut[1] < 0.9) {
        // Above twice chance: whether it improves (0.1 or more on the held-out examples since the start) or stays.
        text += ' '
            + (heldOut[1] >= heldOutStart[1] + 0.1
                    ? tr("Without the scale it learns slowly: held-out accuracy %1 at the start, %2 now (%3× "
                         "chance, 1/L = %4), against %5 scaled.")
                    : tr("Without the scale it does not improve: held-out accuracy %1 at the start, %2 now (%3× "
                         "chance, 1/L = %4), against %5 scaled."))
                  .arg(heldOutStart[1], 0, 'f', 2)
                  .arg(heldOut[1], 0, 'f', 2)
                  .arg(heldOut[1] / chance, 0, 'f', 1)
                  .arg(chance, 0, 'g', 3)
                  .arg(heldOut[0], 0, 'f', 2)
            + (saturated ? ' '
                        + tr("Its rows are nearly one-hot (largest weight %1), mostly on a wrong key.")
                              .arg(largest[1], 0, 'f', 3)
                         : QString());
    } else if (scaledLearns && heldOut[1] >= 0.9 && s.settings.optimizer == attn::Optimizer::Adam
        && medianLow[1] < 1e-2 * medianStart[1])
        text += ' '
            + tr("Both have learned: the unscaled gradient's median fell to %1 of its start on the way, and Adam, "
                 "which divides each step by the gradient's own running size, still moved the weights.")
                  .arg(number(medianLow[1] / medianStart[1]));
    // The unscaled run's first gradients are the larger: for the same softmax Jacobian its logits' derivative with
    // respect to W_q and W_k is 1/scale times the scaled one's. Said where it shows (twice the scaled start or more).
    // (Not in the brief one of presentation mode: the room it takes is the curves'.)
    if (!brief && medianStart[1] >= 2 * medianStart[0] && s.scale[0] > 0 && s.scale[0] < 1)
        text += ' '
            + tr("The unscaled gradient starts %1× the scaled one (%2 against %3): without the factor %4 its logits, "
                 "and their derivatives with respect to W_q and W_k, are %5 times larger.")
                  .arg(medianStart[1] / medianStart[0], 0, 'f', 1)
                  .arg(number(medianStart[1]), number(medianStart[0]))
                  .arg(s.scale[0], 0, 'g', 4)
                  .arg(1.0 / s.scale[0], 0, 'g', 4)
            + (saturated && medianNow[1] < 0.1 * medianStart[1]
                    ? ' ' + tr("It falls as the rows turn one-hot and the softmax's Jacobian goes to 0.")
                    : QString());
    return text;
}

void TrainingPlot::setTextSize(int pixels)
{
    m_textSize = pixels;
    applyFonts();
}

void TrainingPlot::applyFonts()
{
    const PlotTextFonts fonts = applyPlotFonts(m_plot, m_textSize, m_title, m_caption, m_legend);
    const QFont &f = fonts.body, &small = fonts.small;
    const int px = fonts.px;
    // The curves' names at the tick labels' size: three panels stacked leave each little height for them.
    for (QCPAxisRect *rect : m_curves + m_maps)
        for (QCPAxis *a : rect->axes()) {
            a->setTickLabelFont(small);
            a->setLabelFont(m_curves.contains(rect) && a->axisType() == QCPAxis::atLeft ? small : f);
        }
    m_scale->axis()->setTickLabelFont(small);
    m_scale->axis()->setLabelFont(f);
    m_scale->setBarWidth(std::max(8, px));
    const double pen = std::max(1.0, px / 7.2);
    for (int panel = 0; panel < 3; ++panel)
        for (int side = 0; side < 2; ++side) {
            QColor c = kSide[side];
            if (panel == 2)
                c.setAlpha(70);
            m_line[panel][side]->setPen(QPen(c, panel == 2 ? std::max(1.0, pen * 0.4) : pen));
        }
    for (int side = 0; side < 2; ++side)
        m_median[side]->setPen(QPen(kSide[side], pen));
    m_chance->setPen(QPen(kReference, std::max(1.0, pen * 0.6), Qt::DashLine));
    m_gradientKey->setPen(QPen(kReference, pen));
    for (auto &targets : m_targets)
        for (int k = 0; k < int(targets.size()); ++k) // black under white: seen on dark and on yellow
            targets[k]->setPen(
                k % 2 == 0 ? QPen(Qt::black, std::max(3.5, pen * 2)) : QPen(Qt::white, std::max(1.5, pen * 0.8)));
}

void TrainingPlot::setTitle(const QString &title)
{
    m_titleText = title;
    m_title->setText(title);
    m_title->setVisible(!title.isEmpty());
    // Without a title (the window, which has its own) its row goes too: an empty one still takes a line.
    QCPLayoutGrid *layout = m_plot->plotLayout();
    const bool inLayout = layout->hasElement(0, 0) && layout->element(0, 0) == m_title;
    if (title.isEmpty() && inLayout) {
        layout->take(m_title); // kept, owned here, for a later title
        layout->simplify();
    } else if (!title.isEmpty() && !inLayout) {
        layout->insertRow(0);
        layout->addElement(0, 0, m_title);
        layout->setRowStretchFactors({ 0.001, 0.001, 1.0, 0.001 });
    }
}

void TrainingPlot::setCaption(const QString &caption)
{
    m_captionText = caption;
    m_caption->setText(caption);
    m_caption->setVisible(!caption.isEmpty());
}

QString TrainingPlot::mapTitle(int side) const
{
    return side == 0 || side == 1 ? m_maps[side]->axis(QCPAxis::atTop)->label() : QString();
}

void TrainingPlot::setSnapshot(const attn::TrainingSnapshot &s)
{
    const attn::TrainSettings &set = s.settings;
    const int n = s.steps();
    QVector<double> steps(n);
    for (int i = 0; i < n; ++i)
        steps[i] = i;
    double lossTop = 1e-12, gradTop = 1e-300, gradLow = INFINITY;
    for (int side = 0; side < 2; ++side) {
        const attn::TrainHistory &h = s.history[side];
        m_line[0][side]->setData(steps, toVector(h.loss), true);
        m_line[1][side]->setData(steps, toVector(h.heldOutAccuracy), true); // the stable measure
        m_line[2][side]->setData(steps, toVector(h.gradNorm), true);
        const std::vector<double> median = attn::runningMedian(h.gradNorm, kMedianWindow);
        m_median[side]->setData(steps, toVector(median), true);
        for (double v : h.loss)
            lossTop = std::max(lossTop, v);
        for (double v : h.gradNorm)
            gradTop = std::max(gradTop, v);
        for (double v : median)
            if (v > 0)
                gradLow = std::min(gradLow, v);
    }
    m_line[0][0]->setName(scaledName(set));
    const double chance = 1.0 / set.length;
    m_chance->setData({ 0.0, double(set.steps) }, { chance, chance }, true);
    m_chance->setName(tr("chance: 1/L = %1").arg(chance, 0, 'g', 3));
    for (QCPAxisRect *rect : std::as_const(m_curves))
        rect->axis(QCPAxis::atBottom)->setRange(0, std::max(1, set.steps - 1));
    m_curves[0]->axis(QCPAxis::atLeft)->setRange(0, n > 0 ? lossTop * 1.08 : 1.0);
    m_curves[1]->axis(QCPAxis::atLeft)->setRange(0, 1.05);
    // The gradient axis: from below the lowest median (2e-67 in a run of 3000 steps) to above the highest
    // step. A single step's spike lower than that is drawn at the floor: SVG does not clip.
    double low = 1e-3, top = 1e2;
    if (n > 0) {
        top = gradTop * 3;
        low = std::clamp(gradLow / 5, 1e-300, top / 100);
    }
    m_curves[2]->axis(QCPAxis::atLeft)->setRange(low, top);
    for (int side = 0; side < 2; ++side)
        for (QCPGraph *g : { m_line[2][side], m_median[side] })
            for (QCPGraphData &d : *g->data())
                d.value = std::max(d.value, low);
    m_gradientKey->setName(
        tr("gradient norm of each run: median of %1 steps (bold), each step (thin)").arg(kMedianWindow));

    // The watched rows: example e's weights over the keys, its target outlined.
    for (int side = 0; side < 2; ++side) {
        const attn::MatrixD &w = s.watched[side];
        const int rows = int(w.rows()), cols = int(w.cols());
        QCPColorMapData *data = m_map[side]->data();
        data->setSize(std::max(cols, 1), std::max(rows, 1));
        data->setRange(QCPRange(0, std::max(cols - 1, 0)), QCPRange(0, std::max(rows - 1, 0)));
        for (int e = 0; e < rows; ++e)
            for (int j = 0; j < cols; ++j)
                data->setCell(j, e, w(e, j));
        m_map[side]->setDataRange(QCPRange(0, 1));
        QCPAxisRect *rect = m_maps[side];
        rect->axis(QCPAxis::atBottom)->setRange(-0.5, cols - 0.5);
        rect->axis(QCPAxis::atLeft)->setRange(-0.5, rows - 0.5);
        while (m_targets[side].size() > 2 * qsizetype(rows))
            m_plot->removeItem(m_targets[side].takeLast());
        while (m_targets[side].size() < 2 * qsizetype(rows)) {
            auto *r = new QCPItemRect(m_plot);
            r->setClipAxisRect(rect);
            for (QCPItemPosition *p : { r->topLeft, r->bottomRight })
                p->setAxes(rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft));
            r->setBrush(Qt::NoBrush);
            m_targets[side] << r;
        }
        int right = 0;
        for (int e = 0; e < rows; ++e) {
            const int t = s.watchedTargets[std::size_t(e)];
            for (QCPItemRect *r : { m_targets[side][2 * qsizetype(e)], m_targets[side][2 * qsizetype(e) + 1] }) {
                r->topLeft->setCoords(t - 0.5, e - 0.5);
                r->bottomRight->setCoords(t + 0.5, e + 0.5);
            }
            Eigen::Index best = 0;
            w.row(e).maxCoeff(&best);
            right += best == t ? 1 : 0;
        }
        const QString who = side == 0 ? scaledName(set) : tr("not scaled");
        const QString title = rows == 0
            ? who
            : tr("%1: largest weight on the target in %2 of %3 training examples").arg(who).arg(right).arg(rows);
        // Wrapped to the map's width as last laid out (presentation mode's larger text needs two lines).
        const int room = rect->width();
        rect->axis(QCPAxis::atTop)
            ->setLabel(room > 80
                    ? wrapLines(title, QFontMetricsF(rect->axis(QCPAxis::atTop)->labelFont()), room).join('\n')
                    : title);
        rect->axis(QCPAxis::atTop)->setLabelColor(kSide[side]);
    }
    applyFonts();
}

void TrainingPlot::layOut(const QSize &size)
{
    applyFonts();
    const int width = size.width() - 16;
    if (!m_titleText.isEmpty()) {
        QFont f = m_title->font();
        m_title->setText(fitText(m_titleText, &f, width));
        m_title->setFont(f);
    }
    // The maps' titles wrapped to the maps' own width (known once laid out; the colour scale takes its share).
    m_plot->resize(size);
    m_plot->setViewport(QRect(QPoint(0, 0), size));
    m_plot->plotLayout()->setOuterRect(QRect(QPoint(0, 0), size));
    m_plot->replot(QCustomPlot::rpImmediateRefresh);
    fitLabels();
    layOutPlotAt(m_plot, m_caption, m_captionText, width, size);
}

bool TrainingPlot::fitLabels()
{
    bool changed = false;
    const auto set = [&changed](QCPAxis *axis, const QString &text) {
        if (axis->label() != text) {
            axis->setLabel(text);
            changed = true;
        }
    };
    // The maps' titles wrapped to the maps' own width (known once laid out; the colour scale takes its share).
    for (int side = 0; side < 2; ++side) {
        QCPAxis *top = m_maps[side]->axis(QCPAxis::atTop);
        if (m_maps[side]->width() > 20)
            set(top,
                wrapLines(QString(top->label()).replace('\n', ' '), QFontMetricsF(top->labelFont()),
                    std::max(80, m_maps[side]->width()))
                    .join('\n'));
    }
    // The curves' value ticks as many as the panel's height holds apart (four ran together in a short panel of
    // presentation mode: "0.75" over "0.5", and the gradient's powers of ten), from 2 to 4.
    for (int panel = 0; panel < 3; ++panel) {
        QCPAxis *left = m_curves[panel]->axis(QCPAxis::atLeft);
        const double room = QFontMetricsF(left->tickLabelFont()).height() * 1.6;
        const int count = std::clamp(int(m_curves[panel]->height() / room), 2, 4);
        if (m_curves[panel]->height() > 20 && left->ticker()->tickCount() != count) {
            left->ticker()->setTickCount(count);
            left->ticker()->setTickStepStrategy(QCPAxisTicker::tssMeetTickCount);
            changed = true;
        }
    }
    for (QCPAxisRect *rect : std::as_const(m_maps))
        changed = ticksStale(rect) || changed;
    // A curve's name longer than its panel is high ("held-out accuracy" beside a short panel ran into the next
    // name): on two lines.
    for (QCPAxisRect *rect : std::as_const(m_curves)) {
        QCPAxis *left = rect->axis(QCPAxis::atLeft);
        const QString name = QString(left->label()).replace('\n', ' ');
        const int space = int(name.indexOf(' '));
        const bool tall
            = rect->height() > 20 && QFontMetricsF(left->labelFont()).horizontalAdvance(name) > rect->height();
        set(left, tall && space > 0 ? name.left(space) + '\n' + name.mid(space + 1) : name);
    }
    return changed;
}

bool encodeTrainingPicture(
    const QString &path, const attn::TrainingSnapshot &s, const TrainingPicture &o, QByteArray *encoded, QString *error)
{
    QCustomPlot plot;
    TrainingPlot drawn(&plot);
    drawn.setTextSize(std::clamp(std::max(o.size.height() / 50, o.size.width() / 78), 8, 48));
    drawn.setSnapshot(s);
    const QString title = o.titleText.isEmpty() ? TrainingPlot::defaultTitle(s.settings) : o.titleText;
    drawn.setTitle(o.title ? title : QString());
    drawn.setCaption(o.title ? TrainingPlot::summary(s) : QString());
    drawn.layOut(o.size);
    return encodePlot(path, plot, o.size, o.pixelRatio, o.transparent, title, encoded, error);
}
