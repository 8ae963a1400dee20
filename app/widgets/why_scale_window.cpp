// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/why_scale_window.h"
#include "model/heatmap_text.h"

#include "io/save_output.h"
#include "model/labels.h"
#include "params_edit.h"
#include "render/figure.h"
#include "render/plot_style.h"
#include "render/sweep_plot.h"
#include "widgets/export_dialog.h"
#include "widgets/flow_layout.h"
#include "widgets/key_help.h"
#include "widgets/presentation.h"

#include <qcustomplot.h>

#include <QCheckBox>
#include <QComboBox>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPointer>
#include <QProgressBar>
#include <QPushButton>
#include <QScreen>
#include <QShortcut>
#include <QSpinBox>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <cmath>
#include <sstream>
#include <tuple>

WhyScaleWindow::WhyScaleWindow(AttentionModel *model, QWidget *parent)
    : QWidget(parent)
    , m_model(model)
    , m_stop(std::make_shared<std::atomic<bool>>(false))
{
    setObjectName("whyScaleWindow");
    m_texts.add([this] { setWindowTitle(tr("Why divide by √d_k?")); });
    QLayout *controls = createControls();
    m_plot = new QCustomPlot(this);
    m_plot->setObjectName("sweep-plot");
    m_plot->setMinimumSize(480, 360);
    m_plot->setFocusPolicy(Qt::StrongFocus);
    m_sweepPlot = std::make_unique<SweepPlot>(m_plot);
    createHistograms();
    m_status = new QLabel(this);
    m_status->setObjectName("sweep-status");
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_varianceNote = new QLabel(this);
    m_varianceNote->setObjectName("histogram-variance-note");
    m_varianceNote->setWordWrap(true);
    m_varianceNote->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_varianceNote->hide();

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(controls);
    layout->addWidget(m_plot, 3);
    layout->addWidget(m_histogram, 1);
    layout->addWidget(m_varianceNote);
    layout->addWidget(m_status);
    resize(1100, 800);

    m_debounce = m_model->clock().createTimer(this);
    m_debounce->setSingleShot(true);
    m_debounce->setInterval(250);
    connect(m_debounce, &ClockTimer::timeout, this, &WhyScaleWindow::recompute);
    for (QSpinBox *box : { m_keys, m_trials })
        connect(box, &QSpinBox::valueChanged, m_debounce, &ClockTimer::start);
    connect(m_scaling, &QComboBox::currentIndexChanged, m_debounce, &ClockTimer::start);
    connect(m_additive, &QCheckBox::toggled, m_debounce, &ClockTimer::start);
    connect(m_cancel, &QPushButton::clicked, this, &WhyScaleWindow::cancel);
    connect(m_run, &QPushButton::clicked, this, &WhyScaleWindow::recompute);
    connect(m_export, &QPushButton::clicked, this, &WhyScaleWindow::exportDialog);
    connect(&m_watcher, &QFutureWatcher<std::optional<attn::SweepResult>>::finished, this, &WhyScaleWindow::finished);
    connect(m_plot, &QCustomPlot::mousePress, this, &WhyScaleWindow::plotClicked);
    // The main window's d_k is marked; a new seed or sigma (the trials' draws) or d_model (÷√d_model) sweeps again.
    connect(m_model, &AttentionModel::paramsChanged, this, [this](const attn::Params &p) {
        m_sweepPlot->setCurrentDk(p.dK);
        m_plot->replot(QCustomPlot::rpQueuedReplot);
        if (isVisible() && (!m_result || !(settings() == m_result->settings)))
            m_debounce->start();
    });
    m_sweepPlot->setCurrentDk(m_model->params().dK);
    connect(m_model, &AttentionModel::resultChanged, this, [this] {
        if (isVisible())
            showHistograms();
    });
    // W (as in the main window) closes it from within; Esc and Ctrl+W too (OtherWindows).
    connect(describeKey(new QShortcut(QKeySequence(Qt::Key_W), this), "WhyScaleWindow",
                QT_TRANSLATE_NOOP("WhyScaleWindow", "Close this window")),
        &QShortcut::activated, this, &QWidget::hide);
    // T: the training that stalls without the scale, the lecture's next stop (as from the Mistakes window).
    connect(describeKey(new QShortcut(QKeySequence(Qt::Key_T), this), "WhyScaleWindow",
                QT_TRANSLATE_NOOP("WhyScaleWindow", "Training: with and without the scale")),
        &QShortcut::activated, this, &WhyScaleWindow::trainingRequested);
    // → and ←: the next d_k of the sweep and the one before, in the main window (what a click on one does).
    for (const auto &[key, step, text] :
        { std::tuple { Qt::Key_Right, 1, QT_TRANSLATE_NOOP("WhyScaleWindow", "The next d_k in the main window") },
            std::tuple { Qt::Key_Left, -1, QT_TRANSLATE_NOOP("WhyScaleWindow", "The d_k before in the main window") } })
        connect(describeKey(new QShortcut(QKeySequence(key), this), "WhyScaleWindow", text), &QShortcut::activated,
            this, [this, step = step] { stepDk(step); });
    m_cancel->setEnabled(false);
    m_export->setEnabled(false);
}

// The sweep's settings (keys S, trials T, the scaled side, + additive), its progress, Sweep, Cancel and Export.
QLayout *WhyScaleWindow::createControls()
{
    // The controls wrap onto a second row when they do not fit (in presentation mode's large text), each name with
    // its field.
    auto *controls = new FlowLayout(nullptr, 12);
    m_keys = new QSpinBox(this);
    m_keys->setObjectName("sweep-keys");
    m_keys->setRange(2, attn::SweepLimits::maxKeys);
    m_keys->setValue(16);
    m_trials = new QSpinBox(this);
    m_trials->setObjectName("sweep-trials");
    m_trials->setRange(1, attn::SweepLimits::maxTrials);
    m_trials->setValue(200);
    m_scaling = new QComboBox(this);
    m_scaling->setObjectName("sweep-scaling");
    for (int i = 0; i < kScalingChoiceCount; ++i)
        m_scaling->addItem(QString());
    m_progress = new QProgressBar(this);
    m_progress->setRange(0, 1000);
    m_run = new QPushButton(this);
    m_run->setObjectName("sweep-run");
    m_cancel = new QPushButton(this);
    m_cancel->setObjectName("sweep-cancel");
    m_export = new QPushButton(this);
    m_export->setObjectName("sweep-export");
    auto *keysName = new QLabel(this), *trialsName = new QLabel(this), *scaledName = new QLabel(this);
    controls->addWidget(keptTogether(this, { keysName, m_keys }));
    controls->addWidget(keptTogether(this, { trialsName, m_trials }));
    controls->addWidget(keptTogether(this, { scaledName, m_scaling }));
    m_additive = new QCheckBox(this);
    m_additive->setObjectName("sweep-additive");
    m_texts.add([this, keysName, trialsName, scaledName] {
        m_keys->setToolTip(tr("Keys S in each trial: one query against S keys"));
        m_trials->setToolTip(tr("Trials T per d_k: trial t draws with seed + t (the main window's seed)"));
        for (int i = 0; i < kScalingChoiceCount; ++i)
            m_scaling->setItemText(i, scalingChoiceText(kScalingChoices[i]));
        m_scaling->setToolTip(tr("How the blue side is scaled; the orange side is never scaled"));
        m_progress->setFormat(tr("%p% swept"));
        m_run->setText(tr("Sweep"));
        m_run->setToolTip(tr("Sweep again with these settings (after a cancel, say)"));
        m_cancel->setText(tr("Cancel"));
        m_export->setText(tr("Export…"));
        keysName->setText(tr("Keys S"));
        trialsName->setText(tr("Trials T"));
        scaledName->setText(tr("Scaled side"));
        m_additive->setText(tr("+ additive"));
        m_additive->setToolTip(tr("A third side: additive attention, v·tanh(q·W₁ + k·W₂), not scaled (with the main "
                                  "window's H when its score is additive, else 8 hidden units)"));
    });
    controls->addWidget(m_additive);
    controls->addWidget(m_progress);
    controls->addWidget(m_run);
    controls->addWidget(m_cancel);
    controls->addWidget(m_export);

    return controls;
}

// The main window's own scores, raw and scaled, against the normal curve their variance predicts.
void WhyScaleWindow::createHistograms()
{
    m_histogram = new QCustomPlot(this);
    m_histogram->setObjectName("score-histogram");
    m_histogram->setMinimumHeight(150);
    m_histogram->plotLayout()->clear();
    for (int side = 0; side < 2; ++side) {
        m_histogramTitle[side] = new QCPTextElement(m_histogram, QString());
        m_histogram->plotLayout()->addElement(0, side, m_histogramTitle[side]);
        auto *rect = new QCPAxisRect(m_histogram);
        m_histogram->plotLayout()->addElement(1, side, rect);
        QCPAxis *x = rect->axis(QCPAxis::atBottom), *y = rect->axis(QCPAxis::atLeft);
        m_texts.add([x, y, side] {
            x->setLabel(side == 0 ? tr("raw score q·k") : tr("scaled score (logit)"));
            y->setLabel(tr("density"));
        });
        m_bars[side] = new QCPBars(x, y);
        m_bars[side]->setPen(Qt::NoPen);
        m_bars[side]->setWidthType(QCPBars::wtPlotCoords);
        m_normal[side] = new QCPGraph(x, y);
        m_normal[side]->setPen(QPen(QColor(40, 40, 40), 2));
    }
    m_histogram->plotLayout()->setRowStretchFactors({ 0.001, 1.0 });
}

WhyScaleWindow::~WhyScaleWindow()
{
    m_stop->store(true);
    m_watcher.waitForFinished();
}

attn::SweepSettings WhyScaleWindow::settings() const
{
    attn::SweepSettings s;
    s.keys = m_keys->value();
    s.trials = m_trials->value();
    s.scaling = kScalingChoices[std::clamp(m_scaling->currentIndex(), 0, kScalingChoiceCount - 1)];
    const attn::Params &p = m_model->params();
    s.seed = p.seed;
    s.sigma = p.sigma;
    // ÷√d_model: multi-head attention has d_k = d_model / h, never more than d_model; the sweep's
    // d_model is the main window's when that covers every d_k swept, else 1024.
    s.dModel = std::max(p.dModel, s.dks.back());
    if (m_additive->isChecked())
        s.additiveHidden = p.score == attn::Score::Additive ? p.additiveHidden : 8;
    return s;
}

void WhyScaleWindow::setSettings(int keys, int trials, attn::Scaling scaling, bool additive)
{
    {
        const QSignalBlocker b1(m_keys), b2(m_trials), b3(m_scaling), b4(m_additive);
        m_additive->setChecked(additive);
        m_keys->setValue(keys);
        m_trials->setValue(trials);
        for (int i = 0; i < kScalingChoiceCount; ++i)
            if (kScalingChoices[i] == scaling)
                m_scaling->setCurrentIndex(i);
    }
    if (isVisible()) // else when it is shown
        recompute();
}

void WhyScaleWindow::setPresentation(bool on)
{
    // The sweep's text as every presenting window's (21 pixels at 720 lines, tick labels 18); off, its own.
    m_sweepPlot->setTextSize(on ? presentationTextPixels(this) : 0);
    // In presentation mode the sweep's four panels take the screen, three ticks a side (more run together at this
    // size): the main window's histograms, the notes and the long explanation, which the lecturer speaks, step
    // aside (the main window's note under its map says what the histograms' note says).
    m_presentation = on;
    for (QCPAxisRect *rect : m_plot->axisRects())
        rect->axis(QCPAxis::atLeft)->ticker()->setTickCount(on ? 3 : 5);
    // The bar writes its text on two lines when its width (from the normal font) is too narrow for it.
    m_progress->setMinimumWidth(on
            ? m_progress->fontMetrics().horizontalAdvance(QString(m_progress->format()).replace("%p", "100"))
                + 3 * presentationTextPixels(this)
            : 0);
    m_histogram->setVisible(!on);
    m_varianceNote->setVisible(!on && !m_varianceNote->text().isEmpty());
    m_status->setVisible(!on);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void WhyScaleWindow::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    // The first time out of presentation mode: as large as it may be, within the screen (a 720p projector too).
    if (!m_sized && !isFullScreen()) {
        m_sized = true;
        if (const QScreen *screen = this->screen()) {
            const QRect free = screen->availableGeometry();
            resize(std::min(1100, free.width() * 9 / 10), std::min(800, free.height() * 9 / 10));
            move(free.center() - rect().center());
        }
    }
    m_plot->setFocus(); // so that W and Escape reach the window (a spin box would take the W)
    showHistograms();
    if (!running() && (!m_result || !(settings() == m_result->settings)))
        recompute();
}

void WhyScaleWindow::recompute()
{
    m_debounce->stop();
    const attn::SweepSettings s = settings();
    if (auto e = attn::validateSweep(s)) {
        // The only way the window's settings fail: too much work for these S and T.
        double draws = 0;
        for (int dk : s.dks)
            draws += double(s.trials) * (s.keys + 1) * dk;
        setStatus([s, draws] {
            return tr("Too much to sweep: %1 trials × %2 keys would draw %3 billion random numbers (at most "
                      "%4 billion, about a minute). Lower the keys S or the trials T.")
                .arg(s.trials)
                .arg(s.keys)
                .arg(draws / 1e9, 0, 'f', 1)
                .arg(attn::SweepLimits::maxWork / 1e9, 0, 'f', 0);
        });
        Q_UNUSED(e);
        return;
    }
    if (running()) { // the newest settings start when this one has stopped
        m_again = true;
        m_stop->store(true);
        return;
    }
    m_running = s;
    m_busy = true;
    m_stop = std::make_shared<std::atomic<bool>>(false);
    auto stop = m_stop;
    QPointer<WhyScaleWindow> self(this);
    m_watcher.setFuture(QtConcurrent::run([s, stop, self] {
        return attn::runSweep(s, [stop, self](double fraction) {
            // Queued to the GUI thread; the destructor waits for this thread before the window goes.
            QMetaObject::invokeMethod(
                self.data(),
                [self, fraction] {
                    if (self)
                        self->progress(fraction);
                },
                Qt::QueuedConnection);
            return !stop->load();
        });
    }));
    started();
}

void WhyScaleWindow::cancel()
{
    m_again = false;
    m_stop->store(true);
}

void WhyScaleWindow::started()
{
    m_progress->setValue(0);
    m_cancel->setEnabled(true);
    m_run->setEnabled(false);
    setStatus([this] {
        return tr("Sweeping d_k = 1 … 1024: %1 trials of one query against %2 keys each…")
            .arg(m_running.trials)
            .arg(m_running.keys);
    });
}

void WhyScaleWindow::progress(double fraction)
{
    if (running())
        m_progress->setValue(int(std::lround(fraction * 1000)));
}

void WhyScaleWindow::setStatus(std::function<QString()> text)
{
    m_statusText = std::move(text);
    m_status->setText(m_statusText());
}

void WhyScaleWindow::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() != QEvent::LanguageChange)
        return;
    m_texts.retranslate();
    m_sweepPlot->retranslate();
    if (m_result && !m_busy) { // the legend, the title and the status in the new language
        m_sweepPlot->setResult(*m_result);
        m_sweepPlot->setTitle(SweepPlot::defaultTitle(m_result->settings));
        m_sweepPlot->setCurrentDk(m_model->params().dK);
    }
    if (m_statusText)
        m_status->setText(m_statusText());
    m_plot->replot(QCustomPlot::rpQueuedReplot);
    if (isVisible())
        showHistograms();
}

void WhyScaleWindow::finished()
{
    m_busy = false;
    m_cancel->setEnabled(false);
    m_run->setEnabled(true);
    const std::optional<attn::SweepResult> r = m_watcher.result();
    if (m_again) {
        m_again = false;
        recompute();
        return;
    }
    if (!r) {
        m_progress->setValue(0);
        setStatus([before = m_result.has_value()] {
            return before ? tr("Cancelled: the plots show the sweep before. Sweep sweeps again.")
                          : tr("Cancelled. Sweep sweeps again.");
        });
        return;
    }
    m_result = r;
    m_progress->setValue(1000);
    m_sweepPlot->setResult(*r);
    m_sweepPlot->setTitle(SweepPlot::defaultTitle(r->settings));
    m_sweepPlot->setCurrentDk(m_model->params().dK);
    m_plot->replot();
    m_export->setEnabled(true);
    setStatus([this] { return statusText(); });
}

QString WhyScaleWindow::statusText() const
{
    if (!m_result)
        return {};
    const attn::SweepSettings &s = m_result->settings;
    QString why;
    switch (s.scaling) {
    case attn::Scaling::InvSqrtDk:
        why = s.sigma == 1.0
            ? tr("Blue: ÷√d_k, as the lecture (and the Transformer paper) scales: the scores keep a variance of "
                 "about 1 at every d_k, so the rows stay as spread as at d_k = 1.")
            : tr("Blue: ÷√d_k removes the growth with d_k, but not the inputs' scale: with σ = %1 the scaled scores "
                 "have variance σ⁴ = %2 at every d_k, so the rows are as peaked as σ makes them, the same at every "
                 "d_k.")
                  .arg(s.sigma, 0, 'g', 4)
                  .arg(std::pow(s.sigma, 4), 0, 'g', 4);
        break;
    case attn::Scaling::InvDk:
        why = tr("Blue: ÷d_k scales too much: the scores' variance falls like 1/d_k and the rows flatten towards "
                 "uniform (entropy towards ln S).");
        break;
    case attn::Scaling::InvSqrtDModel:
        why = tr("Blue: ÷√d_model (d_model = %1), the multi-head mistake of dividing by the model's width instead "
                 "of the head's: the scaled variance is d_k / d_model, below 1 for every head (d_k = d_model / h), so "
                 "the rows come out flatter than intended, the more heads the flatter.")
                  .arg(s.dModel);
        break;
    case attn::Scaling::QuarterEach:
        why = tr("Blue: q and k each multiplied by d_k^−¼, as some code writes it: the same as ÷√d_k (the curves are "
                 "the lecture's), not a bug.");
        break;
    default:
        break;
    }
    return tr("Orange, not scaled: Var(q·k) grows like d_k, so as d_k grows the largest weight goes to 1 and the "
              "row's entropy to 0. The softmax's Jacobian norm (how much gradient flows back through it) first rises "
              "(a row with a few large weights passes more than a uniform one) and then falls towards 0 as the rows "
              "become one-hot: no gradient, training stalls. %1 Trial t draws q and K with seed %2 + t, as the main "
              "window's direct mode with L = 1. Click a d_k, or press → and ←, to show it in the main window.")
        .arg(why)
        .arg(QString::number(s.seed));
}

void WhyScaleWindow::showHistograms()
{
    const ResultPtr r = m_model->result();
    if (!r)
        return;
    const attn::Params &p = r->params;
    const attn::ExpectedVariance e = attn::expectedScoreVariance(p);
    for (int side = 0; side < 2; ++side) {
        const double expectedSd = e.known ? std::sqrt(side == 0 ? e.raw : e.scaled) : 0.0;
        const attn::ScoreHistogram h = attn::scoreHistogram(*r, p.batchIndex, side == 1, expectedSd);
        QVector<double> keys, values;
        for (int k = 0; k < int(h.density.size()); ++k) {
            keys << h.lo + (k + 0.5) * h.width();
            values << h.density[std::size_t(k)];
        }
        m_bars[side]->setWidth(h.width());
        m_bars[side]->setData(keys, values, true);
        QVector<double> x, y;
        if (e.known && expectedSd > 0)
            for (int k = 0; k <= 200; ++k) {
                const double v = h.lo + (h.hi - h.lo) * k / 200.0;
                x << v;
                y << std::exp(-0.5 * v * v / (expectedSd * expectedSd)) / (expectedSd * std::sqrt(2 * M_PI));
            }
        m_normal[side]->setData(x, y, true);
        double top = 0;
        for (double v : values + y)
            top = std::max(top, v);
        QCPAxisRect *rect = m_bars[side]->keyAxis()->axisRect();
        rect->axis(QCPAxis::atBottom)->setRange(h.lo, h.hi);
        rect->axis(QCPAxis::atLeft)->setRange(0, top * 1.1 + 1e-12);
        // Few density ticks: the panel is short (eight labels overlapped at the window's usual size).
        rect->axis(QCPAxis::atLeft)->ticker()->setTickCount(3);
        // Two short lines: the sample, then the curve (one long line was cut at the window's smallest).
        // Plain numbers (16384, not 1.638e+04): four significant digits, whole numbers from 1000 up.
        const auto plain
            = [](double v) { return std::fabs(v) >= 1000 ? QString::number(v, 'f', 0) : QString::number(v, 'g', 4); };
        const bool additive = p.score == attn::Score::Additive;
        const bool scaledAtAll = p.scaling != attn::Scaling::None && !additive;
        // The sweep's colours: blue for scaled, vermilion for not scaled (the logits of an unscaled run too).
        QColor brush = plot_style::kSide[side == 1 && scaledAtAll ? 0 : 1];
        brush.setAlpha(170);
        m_bars[side]->setBrush(brush);
        QString text = (side == 0 ? (additive ? tr("The main window's additive scores: %1 of them, sd %2")
                                              : tr("The main window's raw scores: %1 of them, sd %2"))
                : scaledAtAll     ? tr("its scaled scores (%1 logits): sd %2")
                                  : tr("its logits, not scaled (%1 of them): sd %2"))
                           .arg(h.count)
                           .arg(plain(h.sd));
        if (e.known)
            text += tr("\nthe curve N(0, %1) has sd %2").arg(plain(side == 0 ? e.raw : e.scaled), plain(expectedSd));
        m_histogramTitle[side]->setText(text);
        rect->axis(QCPAxis::atBottom)
            ->setLabel(side == 0  ? (additive ? tr("additive score v·tanh(q·W₁ + k·W₂)") : tr("raw score q·k"))
                    : scaledAtAll ? tr("scaled score (logit)")
                                  : tr("logit (not scaled)"));
    }
    // The curves above draw q and k directly; the main window's block 1 projects randn weights, whose scaled scores
    // are far wider than the curves' variance 1: said under the histograms, where the two meet.
    QString note = HeatmapText::varianceReason(p);
    if (!note.isEmpty() && p.mode == attn::Mode::Projection)
        note += ' '
            + (p.sigma == 1.0 ? tr(
                   "The curves above draw q and k directly as randn, entries of variance 1, as the footnote does.")
                              : tr("The curves above draw q and k directly as %1·randn, entries of variance %2.")
                                    .arg(QString::number(p.sigma, 'g', 4), QString::number(p.sigma * p.sigma, 'g', 4)));
    m_varianceNote->setText(note);
    m_varianceNote->setVisible(!note.isEmpty() && !m_presentation);
    m_histogram->replot(QCustomPlot::rpQueuedReplot);
}

QString WhyScaleWindow::histogramText(int side) const
{
    return side == 0 || side == 1 ? m_histogramTitle[side]->text() : QString();
}

QString WhyScaleWindow::varianceNoteText() const
{
    return m_varianceNote->isHidden() ? QString() : m_varianceNote->text();
}

void WhyScaleWindow::plotClicked(QMouseEvent *event)
{
    if (!m_result)
        return;
    const QList<QCPAxisRect *> rects = m_sweepPlot->panels();
    for (QCPAxisRect *rect : rects) {
        if (!rect->rect().contains(event->pos()))
            continue;
        const double x = rect->axis(QCPAxis::atBottom)->pixelToCoord(event->pos().x());
        int best = m_result->settings.dks.front();
        for (int dk : m_result->settings.dks)
            if (std::fabs(std::log(double(dk) / x)) < std::fabs(std::log(double(best) / x)))
                best = dk;
        attn::Params p = m_model->params();
        attn::setDk(p, best);
        m_model->setParams(p);
        return;
    }
}

void WhyScaleWindow::stepDk(int step)
{
    // The sweep's d_k next above (or below) the main window's, else the doubling (or halving) of it.
    const int now = m_model->params().dK;
    std::vector<int> dks = m_result ? m_result->settings.dks : std::vector<int> {};
    if (dks.empty())
        for (int dk = 1; dk <= 1024; dk *= 2)
            dks.push_back(dk);
    int chosen = now;
    for (int dk : dks)
        if (step > 0 ? dk > now && (chosen == now || dk < chosen) : dk < now && (chosen == now || dk > chosen))
            chosen = dk;
    if (chosen == now)
        return;
    attn::Params p = m_model->params();
    attn::setDk(p, chosen);
    m_model->setParams(p);
}

bool WhyScaleWindow::exportTo(const QString &path, QString *error, const PlotPicture *chosen) const
{
    if (!m_result) {
        *error = tr("nothing to export yet: the sweep has not finished");
        return false;
    }
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == "csv" || suffix == "json") {
        std::ostringstream out;
        if (suffix == "csv")
            attn::writeSweepCsv(out, *m_result);
        else
            attn::writeSweepJson(out, *m_result);
        return saveBytes(path, QByteArray::fromStdString(out.str()), error);
    }
    SweepPicture picture;
    if (chosen)
        static_cast<PlotPicture &>(picture) = *chosen;
    // (no "now: d_k = 4" marker: it is the live window's, not the sweep's)
    QByteArray bytes;
    return encodeSweepPicture(path, *m_result, picture, &bytes, error) && saveBytes(path, bytes, error);
}

void WhyScaleWindow::exportDialog()
{
    exportFromDialog(this, tr("Export the sweep"), QStringLiteral("why-scale.png"), SweepPicture(),
        [this](const QString &path, const PlotPicture &picture, QString *error) {
            return exportTo(path, error, &picture);
        });
}
