// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/training_window.h"

#include "io/save_output.h"
#include "model/labels.h"
#include "model/training_controller.h"
#include "render/figure.h"
#include "render/training_plot.h"
#include "widgets/export_dialog.h"
#include "widgets/flow_layout.h"
#include "widgets/key_help.h"
#include "widgets/presentation.h"

#include <qcustomplot.h>

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QScreen>
#include <QShortcut>
#include <QSpinBox>
#include <QVBoxLayout>

#include <sstream>

namespace {

constexpr int kPaces[] = { 10, 30, 100, 300, 0 };

} // namespace

TrainingWindow::TrainingWindow(Clock &clock, QWidget *parent)
    : QWidget(parent)
    , m_controller(new TrainingController(kWatchedExamples, clock, this))
{
    setObjectName("trainingWindow");
    m_texts.add([this] { setWindowTitle(tr("Training: with and without the scale")); });
    createButtons();
    createSettingFields();
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_start);
    buttons->addWidget(m_step);
    buttons->addWidget(m_reset);
    buttons->addWidget(m_pace);
    buttons->addWidget(m_progress, 1);
    buttons->addWidget(m_export);
    // The settings wrap onto a second row when they do not fit (in presentation mode's large text), each name with
    // its field.
    auto *settingsRow = new FlowLayout(nullptr, 12);
    QLabel *names[8];
    QWidget *const fields[] = { m_dk, m_optimizer, m_lr, m_noise, m_seed, m_steps, m_scaling, m_init };
    for (int i = 0; i < 8; ++i) {
        names[i] = new QLabel(this);
        settingsRow->addWidget(keptTogether(this, { names[i], fields[i] }));
    }
    m_texts.add([names] {
        const QString texts[8]
            = { tr("d_k"), tr("Optimiser"), tr("lr"), tr("Noise"), tr("Seed"), tr("Steps"), tr("Blue"), tr("Init") };
        for (int i = 0; i < 8; ++i)
            names[i]->setText(texts[i]);
    });

    m_customPlot = new QCustomPlot(this);
    m_customPlot->setObjectName("train-plot");
    m_customPlot->setMinimumSize(600, 360);
    m_customPlot->setFocusPolicy(Qt::StrongFocus);
    m_plot = std::make_unique<TrainingPlot>(m_customPlot);
    m_plot->setTitle(QString()); // the window's title says it
    m_summary = new QLabel(this);
    m_summary->setObjectName("train-summary");
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(buttons);
    layout->addLayout(settingsRow);
    layout->addWidget(m_customPlot, 1);
    layout->addWidget(m_summary);
    resize(1200, 800);

    setSettings(attn::TrainSettings());
    connectControls();
    showSnapshot();
    showState();
}

// Start (or Pause), Step, Reset, the pace and Export.
void TrainingWindow::createButtons()
{
    m_start = new QPushButton(this); // (its text says what it does now: showState)
    m_start->setObjectName("train-start");
    m_step = new QPushButton(this);
    m_step->setObjectName("train-step");
    m_reset = new QPushButton(this);
    m_reset->setObjectName("train-reset");
    m_texts.add([this] {
        m_start->setToolTip(tr("Start or pause both runs (Space)"));
        m_step->setText(tr("Step"));
        m_step->setToolTip(tr("One step of both runs (→)"));
        m_reset->setText(tr("Reset"));
        m_reset->setToolTip(tr("Back to step 0: the same initial weights and batches (R)"));
    });
    m_pace = new QComboBox(this);
    m_pace->setObjectName("train-pace");
    for (std::size_t i = 0; i < std::size(kPaces); ++i)
        m_pace->addItem(QString());
    m_texts.add([this] {
        for (int i = 0; i < m_pace->count(); ++i)
            m_pace->setItemText(i, kPaces[i] > 0 ? tr("%1 steps/s").arg(kPaces[i]) : tr("as fast as it goes"));
        m_pace->setToolTip(tr("How fast the steps run, to watch them"));
    });
    m_pace->setCurrentIndex(2);
    m_export = new QPushButton(this);
    m_export->setObjectName("train-export");
    m_texts.add([this] { m_export->setText(tr("Export…")); });
    m_progress = new QLabel(this);
    m_progress->setObjectName("train-progress");
}

// The settings of the runs: d_k, optimiser, learning rate, noise, seed, steps, the blue run's scaling, the init.
void TrainingWindow::createSettingFields()
{
    m_dk = new QSpinBox(this);
    m_dk->setObjectName("train-d-k");
    m_dk->setRange(1, attn::TrainLimits::maxDk);
    m_optimizer = new QComboBox(this);
    m_optimizer->setObjectName("train-optimizer");
    m_optimizer->addItem(QString());
    m_optimizer->addItem(QString());
    m_lr = new QDoubleSpinBox(this);
    m_lr->setObjectName("train-lr");
    m_lr->setDecimals(4);
    m_lr->setRange(0.0001, attn::TrainLimits::maxLearningRate);
    m_noise = new QDoubleSpinBox(this);
    m_noise->setObjectName("train-noise");
    m_noise->setDecimals(2);
    m_noise->setSingleStep(0.1);
    m_noise->setRange(0, attn::TrainLimits::maxNoise);
    m_seed = new QSpinBox(this);
    m_seed->setObjectName("train-seed");
    m_seed->setRange(0, 1000000);
    m_steps = new QSpinBox(this);
    m_steps->setObjectName("train-steps");
    m_steps->setRange(1, attn::TrainLimits::maxSteps);
    m_steps->setSingleStep(100);
    m_scaling = new QComboBox(this);
    m_scaling->setObjectName("train-scaling");
    for (int i = 0; i < kScalingChoiceCount; ++i)
        m_scaling->addItem(QString());
    m_init = new QComboBox(this);
    m_init->setObjectName("train-init");
    m_init->addItem(QString());
    m_init->addItem(QString());
    m_texts.add([this] {
        m_dk->setToolTip(tr("d_k, the width of q·W_q and X·W_k: the larger, the larger the unscaled logits"));
        m_optimizer->setItemText(0, tr("SGD"));
        m_optimizer->setItemText(1, tr("Adam"));
        m_optimizer->setToolTip(tr("Changing it sets its usual learning rate (SGD 0.5, Adam 0.01)"));
        m_lr->setToolTip(tr("Learning rate"));
        m_noise->setToolTip(tr("The query is the target token's embedding plus this much noise: q = X[t] + noise · ε"));
        m_seed->setToolTip(tr("torch.manual_seed: the initial weights and every batch"));
        for (int i = 0; i < kScalingChoiceCount; ++i)
            m_scaling->setItemText(i, scalingChoiceText(kScalingChoices[i]));
        if (m_scaling->count() > kScalingChoiceCount) // the command line's factor
            m_scaling->setItemText(4, tr("× %1 (the command line's)").arg(m_customScale, 0, 'g', 4));
        m_scaling->setToolTip(tr("How the blue run is scaled; the orange run is never scaled"));
        m_init->setItemText(0, tr("W ~ N(0, 1/d_model)"));
        m_init->setItemText(1, tr("W = randn (the lecture's)"));
        m_init->setToolTip(tr("How W_q and W_k are drawn at step 0 (the same for both runs)"));
    });
}

// The controls to the controller, and the window's keys: T and Escape close it, Space, → and R drive it.
void TrainingWindow::connectControls()
{
    // A typed number counts when it is complete (Return, or leaving the box), not digit by digit: typing
    // 100000 would otherwise run 1, 10, 100 ... steps on the way.
    for (QAbstractSpinBox *box : std::initializer_list<QAbstractSpinBox *> { m_dk, m_seed, m_steps, m_lr, m_noise })
        box->setKeyboardTracking(false);
    for (QSpinBox *box : { m_dk, m_seed, m_steps })
        connect(box, &QSpinBox::valueChanged, this, &TrainingWindow::settingsEdited);
    for (QDoubleSpinBox *box : { m_lr, m_noise })
        connect(box, &QDoubleSpinBox::valueChanged, this, &TrainingWindow::settingsEdited);
    for (QComboBox *box : { m_scaling, m_init })
        connect(box, &QComboBox::currentIndexChanged, this, &TrainingWindow::settingsEdited);
    connect(m_optimizer, &QComboBox::currentIndexChanged, this, [this] {
        const QSignalBlocker b(m_lr);
        m_lr->setValue(attn::defaultLearningRate(settings().optimizer));
        settingsEdited();
    });
    connect(m_pace, &QComboBox::currentIndexChanged, this,
        [this](int i) { m_controller->setStepsPerSecond(kPaces[std::clamp(i, 0, 4)]); });
    m_controller->setStepsPerSecond(kPaces[2]);
    connect(m_start, &QPushButton::clicked, this, &TrainingWindow::startOrPause);
    connect(m_step, &QPushButton::clicked, m_controller, &TrainingController::stepOnce);
    connect(m_reset, &QPushButton::clicked, m_controller, &TrainingController::reset);
    connect(m_export, &QPushButton::clicked, this, &TrainingWindow::exportDialog);
    connect(m_controller, &TrainingController::updated, this, &TrainingWindow::showSnapshot);
    connect(m_controller, &TrainingController::stateChanged, this, &TrainingWindow::showState);
    // T (as in the main window) closes it, Esc and Ctrl+W too (OtherWindows); Space, → and R drive it, wherever the
    // focus is.
    connect(describeKey(new QShortcut(QKeySequence(Qt::Key_T), this), "TrainingWindow",
                QT_TRANSLATE_NOOP("TrainingWindow", "Close this window")),
        &QShortcut::activated, this, &QWidget::hide);
    auto *space = describeKey(new QShortcut(QKeySequence(Qt::Key_Space), this), "TrainingWindow",
        QT_TRANSLATE_NOOP("TrainingWindow", "Start or pause both runs"));
    connect(space, &QShortcut::activated, this, &TrainingWindow::startOrPause);
    // (not while the controls' settings cannot run: the step or reset would be of other settings)
    connect(describeKey(new QShortcut(QKeySequence(Qt::Key_Right), this), "TrainingWindow",
                QT_TRANSLATE_NOOP("TrainingWindow", "One step of both runs")),
        &QShortcut::activated, this, [this] {
            if (!m_invalid)
                m_controller->stepOnce();
        });
    connect(describeKey(new QShortcut(QKeySequence(Qt::Key_R), this), "TrainingWindow",
                QT_TRANSLATE_NOOP("TrainingWindow", "Reset both runs to step 0")),
        &QShortcut::activated, this, [this] {
            if (!m_invalid)
                m_controller->reset();
        });
}

TrainingWindow::~TrainingWindow() = default;

attn::TrainSettings TrainingWindow::settings() const
{
    attn::TrainSettings s = m_controller->settings(); // batch, length and widths are not in the controls
    s.dK = m_dk->value();
    s.optimizer = m_optimizer->currentIndex() == 1 ? attn::Optimizer::Adam : attn::Optimizer::Sgd;
    s.learningRate = m_lr->value();
    s.noise = m_noise->value();
    s.seed = std::uint64_t(m_seed->value());
    s.steps = m_steps->value();
    if (m_scaling->currentIndex() == kScalingChoiceCount) { // a factor from the command line (--train --scale F)
        s.scaling = attn::Scaling::Custom;
        s.customScale = m_customScale;
    } else {
        s.scaling = kScalingChoices[std::clamp(m_scaling->currentIndex(), 0, kScalingChoiceCount - 1)];
    }
    s.init = m_init->currentIndex() == 1 ? attn::TrainInit::Randn : attn::TrainInit::Normal;
    return s;
}

void TrainingWindow::setSettings(const attn::TrainSettings &s)
{
    {
        const QSignalBlocker b1(m_dk), b2(m_optimizer), b3(m_lr), b4(m_noise), b5(m_seed), b6(m_steps), b7(m_scaling),
            b8(m_init);
        m_dk->setValue(s.dK);
        m_optimizer->setCurrentIndex(s.optimizer == attn::Optimizer::Adam ? 1 : 0);
        m_lr->setValue(s.learningRate);
        m_noise->setValue(s.noise);
        m_seed->setValue(int(std::min<std::uint64_t>(s.seed, 1000000)));
        m_steps->setValue(s.steps);
        m_scaling->setCurrentIndex(0);
        for (int i = 0; i < kScalingChoiceCount; ++i)
            if (kScalingChoices[i] == s.scaling)
                m_scaling->setCurrentIndex(i);
        if (s.scaling == attn::Scaling::Custom) { // the factor the command line gave, as one choice more
            m_customScale = s.customScale;
            if (m_scaling->count() == kScalingChoiceCount)
                m_scaling->addItem(QString());
            m_texts.retranslate(); // its text
            m_scaling->setCurrentIndex(kScalingChoiceCount);
        }
        m_init->setCurrentIndex(s.init == attn::TrainInit::Randn ? 1 : 0);
    }
    attn::TrainSettings shown = s;
    if (attn::validateTraining(shown)) // e.g. a custom scale: the controls' own settings instead
        shown = settings();
    m_invalid = false;
    m_controller->setSettings(shown);
}

void TrainingWindow::settingsEdited()
{
    const attn::TrainSettings s = settings();
    m_invalid = attn::validateTraining(s).has_value();
    if (m_invalid) {
        // The only settings the controls can make that fail: too many steps at too large a d_k.
        m_controller->pause();
        m_summary->setText(tr("Not run: %1 steps at d_k = %2 would take over a minute. Lower the steps or d_k.")
                               .arg(s.steps)
                               .arg(s.dK));
        m_progress->setText(tr("not run"));
        showState();
        return;
    }
    m_controller->setSettings(s);
}

void TrainingWindow::startOrPause()
{
    if (m_invalid)
        return;
    if (m_controller->running())
        m_controller->pause();
    else
        m_controller->start();
}

void TrainingWindow::showSnapshot()
{
    if (m_invalid) // the message stays until the settings can run
        return;
    m_plot->setSnapshot(m_controller->snapshot());
    m_customPlot->replot(QCustomPlot::rpQueuedReplot);
    m_summary->setText(TrainingPlot::summary(m_controller->snapshot(), m_presentation)); // brief when presenting
    m_progress->setText(tr("step %1 of %2").arg(m_controller->snapshot().steps()).arg(m_controller->settings().steps));
}

void TrainingWindow::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() != QEvent::LanguageChange)
        return;
    m_texts.retranslate();
    m_plot->retranslate();
    if (m_invalid)
        settingsEdited(); // its message
    showSnapshot();
    showState();
}

void TrainingWindow::showState()
{
    const bool running = m_controller->running();
    m_start->setText(running ? tr("Pause") : m_controller->finished() ? tr("Again") : tr("Start"));
    m_start->setEnabled(!m_invalid); // the controls' settings are what would run
    m_step->setEnabled(!running && !m_controller->finished() && !m_invalid);
    m_reset->setEnabled(!m_invalid);
}

QString TrainingWindow::summaryText() const
{
    return m_summary->text();
}

void TrainingWindow::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    // The first time out of presentation mode: as large as it may be, within the screen (a 720p projector too).
    if (!m_sized && !isFullScreen()) {
        m_sized = true;
        if (const QScreen *screen = this->screen()) {
            const QRect free = screen->availableGeometry();
            resize(std::min(1600, free.width() * 95 / 100), std::min(1000, free.height() * 92 / 100));
            move(free.center() - rect().center());
        }
    }
    activateWindow(); // opened by T from the main window: the keys are for this one now
    m_customPlot->setFocus(); // so that T, Space and R reach the window (a spin box would take them)
}

void TrainingWindow::setPresentation(bool on)
{
    m_presentation = on;
    resizeEvent(nullptr); // (the plot's ticks fit its panels at every size: TrainingPlot::fitLabels)
}

void TrainingWindow::resizeEvent(QResizeEvent *event)
{
    if (event)
        QWidget::resizeEvent(event);
    // Text in proportion to the window: 12 pixels at 720 lines, up to 24 on a large screen or projector; in
    // presentation mode as every presenting window's (21 at 720 lines, its tick labels 18).
    const int px = m_presentation ? presentationTextPixels(this) : std::clamp(height() / 60, 12, 24);
    m_plot->setTextSize(px);
    QFont f = font();
    f.setPixelSize(m_presentation ? presentationTextPixels(this) : std::clamp(height() / 55, 12, 22));
    m_summary->setFont(f);
    // Room for three lines of it: the plot does not jump when the summary grows from two lines to three.
    m_summary->setMinimumHeight(QFontMetrics(f).lineSpacing() * 3 + 4);
    m_customPlot->replot(QCustomPlot::rpImmediateRefresh);
    showSnapshot(); // the maps' titles wrapped to their new width, the summary brief or not
}

void TrainingWindow::hideEvent(QHideEvent *event)
{
    m_controller->pause(); // no thread runs behind a closed window
    QWidget::hideEvent(event);
}

bool TrainingWindow::exportTo(const QString &path, QString *error, const PlotPicture *chosen)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == "csv" || suffix == "json") {
        const attn::TrainingRun &run = m_controller->run(); // pauses a running one
        std::ostringstream out;
        if (suffix == "csv")
            attn::writeTrainingCsv(out, run);
        else
            attn::writeTrainingJson(out, run);
        return saveBytes(path, QByteArray::fromStdString(out.str()), error);
    }
    TrainingPicture picture;
    if (chosen)
        static_cast<PlotPicture &>(picture) = *chosen;
    QByteArray bytes;
    return encodeTrainingPicture(path, m_controller->snapshot(), picture, &bytes, error)
        && saveBytes(path, bytes, error);
}

void TrainingWindow::exportDialog()
{
    exportFromDialog(this, tr("Export the training runs"), QStringLiteral("training.png"), TrainingPicture(),
        [this](const QString &path, const PlotPicture &picture, QString *error) {
            return exportTo(path, error, &picture);
        });
    m_customPlot->setFocus();
}
