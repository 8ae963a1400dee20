// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/main_window.h"

#include "io/array_files.h"
#include "io/scenario.h"
#include "io/settings_store.h"
#include "model/messages.h"
#include "model/translations.h"
#include "pytorch_code.h"
#include "render/versions.h"
#include "widgets/controls_panel.h"
#include "widgets/explanation_panel.h"
#include "widgets/export_dialog.h"
#include "widgets/flow_layout.h"
#include "widgets/heads_window.h"
#include "widgets/heatmap_panel.h"
#include "widgets/hull_window.h"
#include "widgets/mistakes_window.h"
#include "widgets/pipeline_view.h"
#include "widgets/theme.h"
#include "widgets/training_window.h"
#include "widgets/undo_history.h"
#include "widgets/user_guide.h"
#include "widgets/weights_window.h"
#include "widgets/why_scale_window.h"

#include <qcustomplot.h>

#include <QApplication>
#include <QClipboard>
#include <QCloseEvent>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QPalette>
#include <QPointer>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QScreen>
#include <QSettings>
#include <QStatusBar>
#include <QTextBrowser>
#include <QTimer>
#include <QToolButton>
#include <QUndoStack>
#include <QVBoxLayout>

namespace {

// Qt's line breaking breaks a decimal inside Chinese text after its point ("0." at a line's end, "35" on the next):
// a word joiner (U+2060, drawn as nothing) on each side of the point keeps the number whole.
constexpr QChar kWordJoiner(0x2060);

QString numbersKeptWhole(QString text)
{
    static const QRegularExpression point(QStringLiteral("(\\d)\\.(\\d)"));
    return text.replace(point, QStringLiteral("\\1%1.%1\\2").arg(kWordJoiner));
}

} // namespace

MainWindow::MainWindow(AttentionModel *model, bool rememberState, QWidget *parent)
    : QMainWindow(parent)
    , m_model(model)
    , m_comparison(model)
    , m_lesson(model)
    , m_sweep(model, m_comparison.partner())
    , m_rememberState(rememberState)
{
    setObjectName("mainWindow");
    setAcceptDrops(true); // attention data, scenarios and lessons dropped on the window

    auto *central = new QWidget(this);
    auto *layout = new QVBoxLayout(central);
    layout->setContentsMargins(4, 4, 4, 0);
    m_caption = new QLabel(central);
    m_caption->setObjectName("caption");
    m_caption->setWordWrap(true);
    m_caption->setVisible(false);
    m_caption->setStyleSheet("QLabel { background: #fff8d0; color: #202020; padding: 6px; border-radius: 4px; }");
    m_heatmap = new HeatmapPanel(model, central);
    m_partnerHeatmap = new HeatmapPanel(m_comparison.partner(), central);
    m_heatmap->setMaskTarget(model);
    m_partnerHeatmap->setMaskTarget(model);
    m_partnerHeatmap->setObjectName("partnerHeatmap");
    m_partnerHeatmap->setVisible(false);
    m_maps = new QHBoxLayout;
    m_maps->addWidget(m_heatmap, 1);
    m_maps->addWidget(m_partnerHeatmap, 1);
    m_explanation = new ExplanationPanel(model, central);
    m_explanation->setComparison(&m_comparison);
    m_demoBar = new QWidget(central);
    m_demoBar->setObjectName("demoBar");
    m_demoBar->setVisible(false);
    layout->addWidget(m_demoBar);
    layout->addWidget(m_caption);
    layout->addLayout(m_maps, 1);
    layout->addWidget(m_explanation);
    setCentralWidget(central);
    // Hovering a cell in one heatmap outlines the same cell in the other, through the model.
    for (HeatmapPanel *panel : { m_heatmap, m_partnerHeatmap }) {
        connect(panel, &HeatmapPanel::noteChanged, this, &MainWindow::alignPanels, Qt::QueuedConnection);
        connect(panel, &HeatmapPanel::aroundChanged, this, &MainWindow::alignPanels, Qt::QueuedConnection);
        connect(panel, &HeatmapPanel::hovered, model, &AttentionModel::setHoveredCell);
        connect(model, &AttentionModel::hoveredCellChanged, panel, &HeatmapPanel::setHighlight);
    }

    m_controls = new ControlsPanel(model, this);
    m_dock = new QDockWidget(this);
    m_dock->setObjectName("settingsDock");
    m_dock->setWidget(m_controls);
    m_dock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable);
    addDockWidget(Qt::LeftDockWidgetArea, m_dock);

    m_busy = new QLabel(this);
    m_busy->setVisible(false);
    statusBar()->addPermanentWidget(m_busy);
    connect(model, &AttentionModel::busyChanged, m_busy, &QLabel::setVisible);
    connect(model, &AttentionModel::problem, this, &MainWindow::showProblem);
    connect(&m_comparison, &CompareController::layoutChanged, this, &MainWindow::layOutComparison);
    connect(model, &AttentionModel::captionChanged, this, &MainWindow::showCaption);
    connect(model, &AttentionModel::resultChanged, this, &MainWindow::alignPanels);
    connect(m_comparison.partner(), &AttentionModel::resultChanged, this, &MainWindow::alignPanels);
    connect(
        model, &AttentionModel::resultChanged, this,
        [this] {
            if (m_presentation)
                fitPresentation(); // the explanation's text changed
        },
        Qt::QueuedConnection);
    connect(model, &AttentionModel::displayChanged, this, &MainWindow::alignPanels);
    connect(&m_lesson, &LessonController::stepChanged, this, [this](int step, int count) {
        showCaption();
        statusBar()->showMessage(tr("Lesson step %1 of %2").arg(step + 1).arg(count), 4000);
    });
    connect(&m_sweep, &SweepController::runningChanged, this, [this](bool running) {
        statusBar()->showMessage(!running                         ? tr("sweep stopped")
                : m_sweep.over() == SweepController::Over::Length ? tr("length sweep running (Space stops it)")
                                                                  : tr("d_k sweep running (Space stops it)"),
            3000);
    });

    m_undo = new UndoHistory(model, &m_lesson, this);
    buildActions();
    retranslate(); // the texts, the menus among them
    // The demo's keys work in the steps' window too (but Esc, which closes that window).
    for (QAction *a : std::as_const(m_keyActions))
        if (a->objectName() != QLatin1String("leavePresentation"))
            m_pipeline->addAction(a);

    // 1400 x 900, or less on a smaller screen (a 1280 x 720 projector)
    const QSize available = screen() ? screen()->availableGeometry().size() : QSize(1400, 900);
    resize(QSize(1400, 900).boundedTo(available));
    if (m_rememberState) {
        QSettings s;
        restoreGeometry(s.value("window/geometry").toByteArray());
        restoreState(s.value("window/state").toByteArray());
    }
    m_heatmap->plot()->setFocusPolicy(Qt::StrongFocus);
    m_heatmap->plot()->setFocus();
}

void MainWindow::changeParams(const std::function<void(attn::Params &)> &edit)
{
    attn::Params p = m_model->params();
    edit(p);
    m_model->setParams(p); // the model normalises: the editing rules hold
}

void MainWindow::buildActions()
{
    // name, key, what it does (the texts: retranslateKeyActions)
    auto add = [this](const QString &name, const QKeySequence &key, const std::function<void()> &f) {
        auto *a = new QAction(this);
        a->setObjectName(name);
        a->setShortcut(key);
        a->setShortcutContext(Qt::WindowShortcut);
        connect(a, &QAction::triggered, this, f);
        addAction(a); // works with the menu bar hidden (presentation mode)
        m_keyActions << a;
        return a;
    };
    add("toggleScaling", Qt::Key_S, [this] { changeParams(attn::toggleScaling); });
    add("toggleSoftmaxDim", Qt::Key_D, [this] { changeParams(attn::toggleSoftmaxDim); });
    add("doubleDk", Qt::Key_Up, [this] { changeParams(attn::doubleDk); });
    add("halveDk", Qt::Key_Down, [this] { changeParams(attn::halveDk); });
    add("longer", Qt::Key_Right, [this] { changeParams([](attn::Params &p) { attn::stepQueryLength(p, +1); }); });
    add("shorter", Qt::Key_Left, [this] { changeParams([](attn::Params &p) { attn::stepQueryLength(p, -1); }); });
    add("cycleMask", Qt::Key_M, [this] { changeParams(attn::nextMask); });
    add("newSeed", Qt::Key_R, [this] {
        changeParams([](attn::Params &p) {
            const quint64 old = p.seed;
            do
                p.seed = QRandomGenerator::global()->bounded(1000000);
            while (p.seed == old);
        });
    });
    add("nextStep", Qt::Key_PageDown, [this] { stepLesson(+1); });
    add("previousStep", Qt::Key_PageUp, [this] { stepLesson(-1); });
    add("animate", Qt::Key_Space, [this] { m_sweep.setRunning(!m_sweep.isRunning()); });
    add("cycleCompare", Qt::Key_C, [this] { m_comparison.cycle(); });
    add("presentation", Qt::Key_F5, [this] { setPresentation(!m_presentation, true); });
    add("leavePresentation", Qt::Key_Escape, [this] { setPresentation(false); });

    m_pipeline = new PipelineView(m_model, this);
    m_pipeline->setWindowFlag(Qt::Window); // a window of its own beside the main one
    add("showPipeline", Qt::Key_P, [this] {
        m_pipeline->setVisible(!m_pipeline->isVisible());
        if (m_pipeline->isVisible())
            m_pipeline->raise();
    });
    m_whyScale = new WhyScaleWindow(m_model, this);
    m_whyScale->setWindowFlag(Qt::Window);
    add("showWhyScale", Qt::Key_W, [this] {
        m_whyScale->setVisible(!m_whyScale->isVisible());
        if (m_whyScale->isVisible())
            m_whyScale->raise();
    });
    m_training = new TrainingWindow(m_model->clock(), this);
    m_training->setWindowFlag(Qt::Window);
    add("showTraining", Qt::Key_T, [this] {
        m_training->setVisible(!m_training->isVisible());
        if (m_training->isVisible())
            m_training->raise();
    });
    m_hull = new HullWindow(m_model, this);
    m_hull->setWindowFlag(Qt::Window);
    add("showHull", Qt::Key_H, [this] {
        m_hull->setVisible(!m_hull->isVisible());
        if (m_hull->isVisible()) {
            m_hull->setPresentation(m_presentation);
            m_hull->raise();
        }
    });
    m_heads = new HeadsWindow(m_model, this);
    m_heads->setWindowFlag(Qt::Window);
    add("showHeads", QKeySequence(Qt::CTRL | Qt::Key_H), [this] {
        m_heads->setVisible(!m_heads->isVisible());
        if (m_heads->isVisible())
            m_heads->raise();
    });
    m_mistakes = new MistakesWindow(m_model, this);
    m_mistakes->setWindowFlag(Qt::Window);
    for (QWidget *w :
        std::initializer_list<QWidget *> { m_pipeline, m_whyScale, m_training, m_hull, m_heads, m_mistakes })
        w->installEventFilter(this); // closing one gives the keys back to this window (eventFilter)
    const auto showWindow = [](QWidget *w) {
        w->show();
        w->raise();
        w->activateWindow();
    };
    connect(m_mistakes, &MistakesWindow::whyScaleRequested, this, [this, showWindow] { showWindow(m_whyScale); });
    connect(m_mistakes, &MistakesWindow::trainingRequested, this, [this, showWindow] { showWindow(m_training); });
    add("showMistakes", Qt::Key_X, [this] {
        if (m_mistakes->isVisible() && !m_mistakes->isPresentation()) {
            m_mistakes->hide();
            return;
        }
        showMistakes(m_mistakes->mistake());
    });
    add("toggleRange", Qt::Key_F, [this] {
        DisplayOptions d = m_model->display();
        d.range
            = d.range == DisplayOptions::Range::Fixed01 ? DisplayOptions::Range::Fit : DisplayOptions::Range::Fixed01;
        m_model->setDisplay(d);
    });
    add("toggleGradient", Qt::Key_G, [this] {
        DisplayOptions d = m_model->display();
        d.gradientPanels = !d.gradientPanels;
        m_model->setDisplay(d);
    });

    // Presentation mode shows these as large buttons instead of the settings; they wrap onto a
    // second row on a narrow screen, and say what is on.
    auto *flow = new FlowLayout(m_demoBar, 4);
    flow->setContentsMargins(2, 2, 2, 2);
    for (const char *name : { "toggleScaling", "toggleSoftmaxDim", "halveDk", "doubleDk", "shorter", "longer",
             "cycleMask", "cycleCompare", "toggleRange", "toggleGradient", "newSeed", "previousStep", "nextStep",
             "animate", "showHull", "showMistakes", "leavePresentation" }) {
        auto *b = new QToolButton(m_demoBar);
        b->setObjectName(QStringLiteral("demo-%1").arg(name));
        b->setDefaultAction(action(name));
        b->setToolButtonStyle(Qt::ToolButtonTextOnly);
        b->setFocusPolicy(Qt::NoFocus); // the keys stay with the window
        flow->addWidget(b);
        m_demoButtons << b;
    }
    action("toggleScaling")->setCheckable(true);
    action("animate")->setCheckable(true);
    connect(m_model, &AttentionModel::paramsChanged, this, &MainWindow::updateDemoButtons);
    connect(m_model, &AttentionModel::compareChanged, this, &MainWindow::updateDemoButtons);
    connect(m_model, &AttentionModel::displayChanged, this, &MainWindow::updateDemoButtons);
    connect(&m_lesson, &LessonController::stepChanged, this, &MainWindow::updateDemoButtons);
    connect(&m_sweep, &SweepController::runningChanged, this, &MainWindow::updateDemoButtons);
    updateDemoButtons();
}

void MainWindow::retranslateKeyActions()
{
    // The menu text and the short text of the presentation button (updateDemoButtons says more on those).
    const auto set = [this](const char *name, const QString &text, const QString &button) {
        QAction *a = action(name);
        a->setText(text);
        a->setIconText(QStringLiteral("%1 [%2]").arg(button, a->shortcut().toString(QKeySequence::NativeText)));
    };
    set("toggleScaling", tr("Scaling on/off"), tr("√d_k"));
    set("toggleSoftmaxDim", tr("Softmax over keys / over queries"), tr("dim"));
    set("doubleDk", tr("Double d_k"), tr("d_k ×2"));
    set("halveDk", tr("Halve d_k"), tr("d_k ÷2"));
    set("longer", tr("One more query (and key)"), tr("L+1"));
    set("shorter", tr("One query (and key) fewer"), tr("L−1"));
    set("cycleMask", tr("Next mask: none, causal, padding"), tr("mask"));
    set("newSeed", tr("New random seed"), tr("seed"));
    set("nextStep", tr("Next lesson step"), tr("step ▶"));
    set("previousStep", tr("Previous lesson step"), tr("◀ step"));
    set("animate", tr("Start/stop the sweep (View > Sweep over)"), tr("sweep"));
    set("cycleCompare", tr("Next comparison: none, scaling, softmax dim"), tr("compare"));
    set("presentation", tr("Presentation mode"), tr("present"));
    set("leavePresentation", tr("Leave presentation mode"), tr("leave"));
    set("showPipeline", tr("The four steps: Q, K, V → scores → logits → weights → out"), tr("steps"));
    set("showWhyScale", tr("Why scale? The sweep over d_k, scaled and not"), tr("why?"));
    set("showTraining", tr("Training: watch it fail to learn without the scale"), tr("train"));
    set("showHull", tr("The output inside the values' convex hull"), tr("hull"));
    set("showHeads", tr("Heads: every head's map side by side"), tr("heads"));
    set("showMistakes", tr("Common mistakes: each beside the right line"), tr("mistakes"));
    set("toggleRange", tr("Colours: fixed 0 to 1 / fitted to the data"), tr("fit"));
    set("toggleGradient", tr("Gradient panels on/off (the softmax Jacobian's norm per row)"), tr("gradient"));
}

void MainWindow::updateDemoButtons()
{
    const attn::Params &p = m_model->params();
    const auto label = [this](const char *name, const QString &text) {
        QAction *a = action(name);
        a->setIconText(QStringLiteral("%1 [%2]").arg(text, a->shortcut().toString(QKeySequence::NativeText)));
    };
    QAction *scaling = action("toggleScaling");
    const QSignalBlocker block(scaling); // setChecked must not toggle the scaling
    const bool additive = p.score == attn::Score::Additive; // additive scores are not scaled
    scaling->setChecked(p.scaling == attn::Scaling::InvSqrtDk && !additive);
    scaling->setEnabled(!additive);
    label("toggleScaling",
        additive ? tr("÷√d_k: additive") : (p.scaling == attn::Scaling::InvSqrtDk ? tr("÷√d_k on") : tr("÷√d_k off")));
    label("toggleSoftmaxDim", p.softmaxDim == -1 ? tr("dim −1") : tr("dim −2"));
    label("halveDk", tr("d_k ÷2"));
    label("doubleDk", tr("d_k ×2"));
    // Loaded files fix d_k and L: their keys and buttons wait for drawn data.
    for (const char *name : { "halveDk", "doubleDk", "shorter", "longer", "animate" })
        action(name)->setEnabled(!p.loaded);
    // A new seed draws nothing for loaded data, except additive attention's W_1, W_2, v.
    action("newSeed")->setEnabled(!p.loaded || p.score == attn::Score::Additive);
    label("shorter", tr("L−1"));
    label("longer", tr("L+1"));
    label("cycleMask",
        p.mask == attn::MaskKind::None         ? tr("mask: none")
            : p.mask == attn::MaskKind::Causal ? tr("mask: causal")
            : p.mask == attn::MaskKind::Custom ? tr("mask: custom")
                                               : tr("mask: pad %1").arg(p.padOf(p.batchIndex)));
    const CompareKind kind = m_model->compare();
    label("cycleCompare",
        kind == CompareKind::None             ? tr("compare: off")
            : kind == CompareKind::Scaling    ? tr("compare: scaling")
            : kind == CompareKind::SoftmaxDim ? tr("compare: dim")
            : kind == CompareKind::Score      ? tr("compare: score")
            : kind == CompareKind::MaskFill   ? tr("compare: −inf, −1e9")
                                              : tr("compare: d_k"));
    label("newSeed", tr("seed %1").arg(p.seed));
    label("toggleGradient", m_model->display().gradientPanels ? tr("gradient: on") : tr("gradient: off"));
    label("toggleRange",
        m_model->display().range == DisplayOptions::Range::Fixed01 ? tr("colours 0–1") : tr("colours: fit"));
    // The lesson's ends: no step before the first or after the last.
    action("previousStep")->setEnabled(!m_lesson.hasLesson() || m_lesson.currentStep() > 0);
    action("nextStep")->setEnabled(!m_lesson.hasLesson() || m_lesson.currentStep() < m_lesson.length() - 1);
    label("previousStep", tr("◀ step"));
    label("nextStep",
        m_lesson.hasLesson() && m_lesson.currentStep() >= 0
            ? tr("step %1/%2 ▶").arg(m_lesson.currentStep() + 1).arg(m_lesson.length())
            : tr("lesson ▶"));
    QAction *sweep = action("animate");
    const QSignalBlocker blockSweep(sweep);
    sweep->setChecked(m_sweep.isRunning());
    label("animate", m_sweep.isRunning() ? tr("■ sweep") : tr("▶ sweep"));
    label("leavePresentation", tr("✕ leave"));
}

void MainWindow::waitUntilComputed()
{
    m_comparison.waitUntilComputed();
}

void MainWindow::settle()
{
    // Results shown, widgets laid out, and the plots laid out for that (the numbers written in
    // cells and beside bars are placed after the plot's own layout, which can ask for another).
    waitUntilComputed();
    for (int pass = 0; pass < 5; ++pass) {
        QCoreApplication::processEvents();
        if (pass == 1 || pass == 2)
            alignPanels(); // decided again on the laid-out panels (the second time for the widths it gave)
        for (HeatmapPanel *h : { m_heatmap, m_partnerHeatmap })
            if (h->isVisible())
                h->plot()->replot(QCustomPlot::rpImmediateRefresh);
    }
}

QAction *MainWindow::action(const QString &name) const
{
    for (QAction *a : m_keyActions)
        if (a->objectName() == name)
            return a;
    return findChild<QAction *>(name);
}

void MainWindow::retranslate()
{
    setWindowTitle(tr("attention-viz — scaled dot-product attention"));
    m_dock->setWindowTitle(tr("Settings"));
    m_busy->setText(tr("computing…"));
    retranslateKeyActions();
    m_undo->retranslate(); // (before the Edit menu says what Undo undoes)
    buildMenus();
    updateDemoButtons();
    m_comparison.retranslate();
    layOutComparison();
    showCaption();
}

void MainWindow::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
        // The panels translate themselves after this (Qt sends them the event next): the presentation's text
        // sizes are fitted to their new texts.
        QTimer::singleShot(0, this, [this] {
            if (m_presentation)
                fitPresentation();
            alignPanels();
        });
    }
    QMainWindow::changeEvent(event);
}

void MainWindow::buildMenus()
{
    // Built again in a new language: the old menus go, with their actions and action groups.
    menuBar()->clear();
    for (const QPointer<QMenu> &menu : std::as_const(m_menus))
        delete menu.data();
    QMenu *file = menuBar()->addMenu(tr("&File"));
    QAction *exportAction = file->addAction(tr("&Export…"), this, [this] {
        // After a failed export the dialog comes back as it was (path, title, size) to be mended.
        ExportDialog dialog(currentFigureOptions(), false, 1, this);
        while (dialog.exec() == QDialog::Accepted) {
            const FigureOptions o = dialog.options();
            QString error;
            const bool ok = exportTo(dialog.path(), &error, &o);
            reportExport(ok, dialog.path(), error);
            if (ok)
                break;
        }
    });
    exportAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    exportAction->setObjectName("exportAction");
    QMenu *compare = file->addMenu(tr("Export &comparison"));
    for (const auto &k : QList<QPair<QString, CompareKind>> { { tr("Scaled and not scaled…"), CompareKind::Scaling },
             { tr("Softmax over keys and over queries…"), CompareKind::SoftmaxDim } })
        compare->addAction(k.first, this, [this, kind = k.second] {
            ExportDialog dialog(comparisonFigureOptions(kind), true, 2, this);
            while (dialog.exec() == QDialog::Accepted) {
                const FigureOptions o = dialog.options();
                QString error;
                const bool ok = exportComparison(dialog.path(), kind, &error, &o);
                reportExport(ok, dialog.path(), error);
                if (ok)
                    break;
            }
        });
    file->addAction(tr("Export a d_k &series (1, 4, 16, 64, 256)…"), this, [this] {
        QSettings s;
        const QString folder = QFileDialog::getExistingDirectory(
            this, tr("Folder for the d_k series"), s.value("export/folder", QDir::homePath()).toString());
        if (folder.isEmpty())
            return;
        s.setValue("export/folder", folder);
        QStringList written;
        QString error;
        const bool ok = exportDkSeries(folder, { 1, 4, 16, 64, 256 }, &written, &error);
        reportExport(ok, written.join(", "), error);
    });
    QAction *copy = file->addAction(tr("Co&py image"), this, &MainWindow::copyImage);
    copy->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
    copy->setObjectName("copyImageAction");
    addAction(exportAction); // their keys work with the menu bar hidden too (presentation mode)
    addAction(copy);
    file->addSeparator();
    QAction *openDataAction = file->addAction(tr("Open attention &data…"), this, [this] {
        const QStringList paths = QFileDialog::getOpenFileNames(this,
            tr("Open attention data: Q and K (and V) as one .npz or files named q, k, v; or weights alone (an .npz's "
               "attn, or a file named weights or attn)"),
            QString(), tr("Attention data (*.npz *.npy *.csv *.tsv *.txt)"));
        QString error;
        if (!paths.isEmpty() && !openData(paths, &error))
            QMessageBox::warning(this, tr("Cannot open the data"), translatedMessage(error)); // the current state stays
    });
    openDataAction->setShortcut(QKeySequence::Open);
    openDataAction->setObjectName("openDataAction");
    addAction(openDataAction);
    QMenu *examples = file->addMenu(tr("E&xamples"));
    QAction *reverse = examples->addAction(tr("Trained: reversing 8 digits (one layer, 2 heads)"), this, [this] {
        QString error;
        if (!openData({ QStringLiteral(":/examples/reverse.npz") }, &error))
            QMessageBox::warning(this, tr("Cannot open the example"), translatedMessage(error));
    });
    reverse->setObjectName("exampleReverse");
    m_recentData = file->addMenu(tr("Recent data"));
    m_recentData->setObjectName("recentDataMenu");
    updateRecentData();
    file->addAction(tr("&Open scenario…"), this, [this] {
        const QString path
            = QFileDialog::getOpenFileName(this, tr("Open a scenario"), QString(), tr("Scenario (*.json)"));
        if (path.isEmpty())
            return;
        QString error;
        if (const auto s = loadScenario(path, &error))
            applyScenario(*s);
        else
            QMessageBox::warning(
                this, tr("Cannot open the scenario"), translatedMessage(error)); // the current state stays
    });
    file->addAction(tr("&Save scenario…"), this, [this] {
        const QString path
            = QFileDialog::getSaveFileName(this, tr("Save the scenario"), "scenario.json", tr("Scenario (*.json)"));
        QString error;
        if (!path.isEmpty() && !saveScenario(path, currentScenario(), &error))
            QMessageBox::warning(this, tr("Cannot save the scenario"), translatedMessage(error));
    });
    file->addAction(tr("Open &lesson…"), this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Open a lesson"), QString(), tr("Lesson (*.json)"));
        QString error;
        if (!path.isEmpty() && !openLesson(path, &error))
            QMessageBox::warning(this, tr("Cannot open the lesson"), translatedMessage(error));
    });
    QAction *quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    QList<QKeySequence> quitKeys = QKeySequence::keyBindings(QKeySequence::Quit); // empty on some platforms
    if (!quitKeys.contains(QKeySequence(Qt::CTRL | Qt::Key_Q)))
        quitKeys << QKeySequence(Qt::CTRL | Qt::Key_Q);
    quit->setShortcuts(quitKeys);

    QMenu *edit = menuBar()->addMenu(tr("&Edit"));
    // Undo and redo of every change of the settings, the display and the comparison; the menu says which.
    QAction *undo = edit->addAction(tr("&Undo"), this, [this] { m_undo->undo(); });
    undo->setObjectName("undoAction");
    undo->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Z));
    QAction *redo = edit->addAction(tr("&Redo"), this, [this] { m_undo->redo(); });
    redo->setObjectName("redoAction");
    redo->setShortcuts({ QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z), QKeySequence(Qt::CTRL | Qt::Key_Y) });
    // The stack, not this: it also signals while the window's children are deleted (the window itself gone).
    const auto updateUndo = [stack = static_cast<const QUndoStack *>(m_undo->stack()), undo, redo] {
        undo->setEnabled(stack->canUndo());
        redo->setEnabled(stack->canRedo());
        undo->setText(stack->canUndo() ? tr("&Undo %1").arg(stack->undoText()) : tr("&Undo"));
        redo->setText(stack->canRedo() ? tr("&Redo %1").arg(stack->redoText()) : tr("&Redo"));
    };
    connect(m_undo->stack(), &QUndoStack::indexChanged, undo, updateUndo);
    connect(m_undo->stack(), &QUndoStack::cleanChanged, undo, updateUndo);
    updateUndo();
    edit->addSeparator();
    // The state as code others run: PyTorch drawing the same tensors, or the command that reopens it.
    QAction *copyCode = edit->addAction(tr("Copy as &PyTorch code"), this, [this] {
        QGuiApplication::clipboard()->setText(QString::fromStdString(attn::pytorchScript(m_model->params())));
        statusBar()->showMessage(
            tr("PyTorch code copied: it draws the same tensors and prints the weights shown"), 6000);
    });
    copyCode->setObjectName("copyPytorchAction");
    copyCode->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P));
    copyCode->setToolTip(tr("A runnable Python script: torch.manual_seed, torch.randn, the scaling, the mask and "
                            "F.softmax, printing the weights of the element shown"));
    QAction *copyCommand = edit->addAction(tr("Copy as command &line"), this, [this] {
        QGuiApplication::clipboard()->setText(QString::fromStdString(attn::commandLine(m_model->params())));
        statusBar()->showMessage(tr("Command line copied: attention-viz with these settings"), 6000);
    });
    copyCommand->setObjectName("copyCommandAction");
    copyCommand->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_L));
    edit->setToolTipsVisible(true);
    addAction(copyCode); // (their keys work with the menu bar hidden, in presentation mode)
    addAction(copyCommand);

    QMenu *lecture = menuBar()->addMenu(tr("&Lecture"));
    // Each of the lecture's examples by what it shows, with the name --preset knows it by.
    const QMap<QString, QString> described { { "qkv-basics", tr("Block 1: Q, K, V projected from X") },
        { "why-scale", tr("Block 2: why divide by √d_k (scaled beside not scaled)") },
        { "sdpa-check", tr("Block 3: the same as F.scaled_dot_product_attention") },
        { "wrong-dim", tr("Exercise: softmax over the wrong dim (−2)") } };
    for (const Preset &p : presets()) {
        const QString text
            = described.contains(p.name) ? QStringLiteral("%1   (%2)").arg(described.value(p.name), p.name) : p.name;
        QAction *a
            = lecture->addAction(text, this, [this, name = p.name] { applyScenario(findPreset(name)->scenario); });
        a->setObjectName("preset-" + p.name);
    }
    lecture->addSeparator();
    QAction *start = lecture->addAction(tr("Start the lecture's lesson"), this, [this] {
        QString error;
        openLesson(builtInLessonPath(), &error);
    });
    start->setObjectName("startLesson");
    lecture->addAction(action("nextStep"));
    lecture->addAction(action("previousStep"));

    QMenu *mistakes = menuBar()->addMenu(tr("&Mistakes"));
    mistakes->setObjectName("mistakesMenu");
    mistakes->addAction(action("showMistakes"));
    mistakes->addSeparator();
    const QStringList mistakeTitles { tr("Forgetting ÷√d_k"), tr("softmax over dim=-2"),
        tr("MHA's key_padding_mask handed to SDPA"), tr("Q @ K.transpose(0, 1)"), tr("Q.transpose(-2, -1) @ K") };
    for (int i = 0; i < int(attn::allMistakes().size()); ++i) {
        const attn::Mistake m = attn::allMistakes()[std::size_t(i)];
        QAction *a = mistakes->addAction(
            QStringLiteral("&%1  %2").arg(i + 1).arg(mistakeTitles[i]), this, [this, m] { showMistakes(m); });
        a->setObjectName(QStringLiteral("mistake-%1").arg(QString::fromStdString(attn::mistakeName(m))));
    }

    QMenu *view = menuBar()->addMenu(tr("&View"));
    QMenu *comparison = view->addMenu(tr("&Compare"));
    const QList<QPair<QString, CompareKind>> kinds { { tr("No comparison"), CompareKind::None },
        { tr("Scaled and not scaled"), CompareKind::Scaling },
        { tr("Softmax over keys and over queries"), CompareKind::SoftmaxDim },
        { tr("d_k and 16 × d_k"), CompareKind::Dk }, { tr("Dot product and additive"), CompareKind::Score },
        { tr("Masked with −inf and with −1e9"), CompareKind::MaskFill } };
    auto *group = new QActionGroup(comparison);
    for (const auto &k : kinds) {
        QAction *a = comparison->addAction(k.first);
        a->setCheckable(true);
        a->setChecked(k.second == m_model->compare());
        group->addAction(a);
        connect(a, &QAction::triggered, this,
            [this, kind = k.second] { m_model->setCompare(kind, std::min(m_model->params().dK * 16, 1024)); });
        connect(m_model, &AttentionModel::compareChanged, a,
            [a, kind = k.second](CompareKind now) { a->setChecked(now == kind); });
        if (k.second == CompareKind::Dk) // loaded files fix d_k: nothing to compare
            connect(
                m_model, &AttentionModel::paramsChanged, a, [a](const attn::Params &p) { a->setEnabled(!p.loaded); });
    }
    view->addAction(action("showPipeline"));
    view->addAction(action("showWhyScale"));
    view->addAction(action("showTraining"));
    view->addAction(action("showHull"));
    view->addAction(action("showHeads"));
    view->addAction(action("toggleGradient"));
    view->addAction(action("presentation"));
    view->addAction(action("animate"));
    QMenu *sweep = view->addMenu(tr("S&weep over"));
    auto *sweeps = new QActionGroup(sweep);
    for (const auto &sw : QList<QPair<QString, bool>> { { tr("d_k (1 to 1024, scaled beside not scaled)"), false },
             { tr("the length (L = S = 1 to 4096: entropy grows like ln S)"), true } }) {
        QAction *a = sweep->addAction(sw.first, this, [this, length = sw.second] {
            m_sweep.setOver(length ? SweepController::Over::Length : SweepController::Over::Dk);
        });
        a->setCheckable(true);
        a->setChecked(sw.second == (m_sweep.over() == SweepController::Over::Length));
        a->setObjectName(sw.second ? "sweepLength" : "sweepDk");
        sweeps->addAction(a);
    }
    QMenu *speed = view->addMenu(tr("Sweep &speed"));
    auto *speeds = new QActionGroup(speed);
    for (const auto &sp : QList<QPair<QString, int>> { { tr("Slow (one d_k every 1.5 s)"), 1500 },
             { tr("Normal (every 0.7 s)"), 700 }, { tr("Fast (every 0.25 s)"), 250 } }) {
        QAction *a = speed->addAction(sp.first, this, [this, ms = sp.second] { m_sweep.setInterval(ms); });
        a->setCheckable(true);
        a->setChecked(sp.second == m_sweep.interval());
        a->setObjectName(QStringLiteral("sweep%1ms").arg(sp.second));
        speeds->addAction(a);
    }
    QAction *reset = view->addAction(tr("&Reset zoom"), this, [this] {
        m_heatmap->resetZoom();
        m_partnerHeatmap->resetZoom();
    });
    reset->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_0));
    // The language of every window, switched at once; each language named in itself.
    QMenu *language = view->addMenu(tr("&Language"));
    language->setObjectName("languageMenu");
    auto *languages = new QActionGroup(language);
    const QString systemName
        = systemLanguage() == QLatin1String("zh") ? QStringLiteral("中文") : QStringLiteral("English");
    for (const auto &[code, name] : { std::pair { QString(), tr("System language (%1)").arg(systemName) },
             std::pair { QStringLiteral("en"), QStringLiteral("English") },
             std::pair { QStringLiteral("zh"), QStringLiteral("中文") } }) {
        QAction *a = language->addAction(name);
        a->setObjectName("language-" + (code.isEmpty() ? QStringLiteral("system") : code));
        a->setCheckable(true);
        a->setChecked(code == interfaceLanguageChoice());
        languages->addAction(a);
        // Queued: the menus are built again in the new language, this one among them.
        connect(
            a, &QAction::triggered, this, [this, code = code] { setLanguage(code); }, Qt::QueuedConnection);
    }
    // Light or dark: the window's colours (the plots stay on white, as in pictures).
    QMenu *theme = view->addMenu(tr("&Theme"));
    theme->setObjectName("themeMenu");
    auto *themes = new QActionGroup(theme);
    for (const auto &[name, text] : { std::pair { QStringLiteral("system"), tr("System colours") },
             std::pair { QStringLiteral("light"), tr("Light") }, std::pair { QStringLiteral("dark"), tr("Dark") } }) {
        QAction *a = theme->addAction(text);
        a->setObjectName("theme-" + name);
        a->setCheckable(true);
        a->setChecked(name == themeName());
        themes->addAction(a);
        connect(a, &QAction::triggered, this, [this, name = name] {
            applyTheme(name);
            if (m_rememberState)
                QSettings().setValue("ui/theme", name); // the next start too (--theme overrides it)
        });
    }

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    QAction *guide = help->addAction(tr("&User guide"), this, &MainWindow::showGuide);
    guide->setObjectName("userGuideAction");
    QAction *shortcuts = help->addAction(tr("&Keyboard shortcuts"), this, &MainWindow::showShortcuts);
    shortcuts->setShortcut(QKeySequence::HelpContents);
    help->addAction(tr("&About attention-viz"), this, [this] {
        const QStringList versions = versionLines();
        QMessageBox::about(this, tr("About attention-viz"),
            tr("<p><b>attention-viz %1</b></p><p>Makes scaled dot-product attention visible: "
               "softmax(Q·Kᵀ/√d_k)·V with the same random tensors as torch.manual_seed and "
               "torch.randn.</p>")
                    .arg(QApplication::applicationVersion())
                + QStringLiteral("<p>%1<br>%2</p>").arg(versions[0].toHtmlEscaped(), versions[1].toHtmlEscaped()));
    });

    m_menus = { file, edit, lecture, mistakes, view, help };
    // Menu shortcuts (Ctrl+Q, F1, Ctrl+E, ...) keep working in presentation mode, where the menu bar is hidden.
    for (QAction *a : menuBar()->findChildren<QAction *>())
        if (!a->shortcut().isEmpty() && !actions().contains(a))
            addAction(a);
}

void MainWindow::setLanguage(const QString &code)
{
    if (!setInterfaceLanguage(code)) {
        statusBar()->showMessage(tr("The Chinese translation could not be loaded; the window stays in English"), 8000);
        return;
    }
    if (m_rememberState)
        QSettings().setValue("ui/language", code); // the next start too (--lang overrides it)
}

bool MainWindow::eventFilter(QObject *watched, QEvent *event)
{
    // A window of ours that had the keyboard closed (Esc, the key that opened it, the close button): without a
    // window manager no window had the focus after it, and the demo keys went nowhere until a click. The keys go
    // back to this window, unless another window of ours has them.
    if (event->type() == QEvent::Hide && watched->isWidgetType() && static_cast<QWidget *>(watched)->isWindow()) {
        QTimer::singleShot(0, this, [this] {
            const QWidget *active = QApplication::activeWindow();
            if (isVisible() && (!active || !active->isVisible()))
                activateWindow(); // its focus widget, the heatmap or a control, has the keys again
        });
    }
    return QMainWindow::eventFilter(watched, event);
}

void MainWindow::showGuide()
{
    if (!m_guide) {
        m_guide = new UserGuide(this);
        m_guide->setWindowFlag(Qt::Window); // a window of its own beside the main one
        m_guide->installEventFilter(this); // closing it gives the keys back to this window
    }
    m_guide->show();
    m_guide->raise();
    m_guide->activateWindow();
}

void MainWindow::showShortcuts()
{
    // Every key the window answers: the demo's keys first, then the menus' (which work in presentation mode too).
    static const QRegularExpression mnemonic(QStringLiteral("\\(&[^)]\\)|&(?!&)")); // "导出(&E)…", "&Export…"
    QString rows;
    for (QAction *a : actions()) {
        if (a->shortcut().isEmpty())
            continue;
        QString text = a->text();
        text.remove(mnemonic);
        rows += QStringLiteral("<tr><td><b>%1</b></td><td>%2</td></tr>")
                    .arg(a->shortcut().toString(QKeySequence::NativeText).toHtmlEscaped(), text.toHtmlEscaped());
    }
    // A dialog that scrolls: the list is taller than a 720-line screen.
    QDialog box(this);
    box.setObjectName("shortcutsDialog");
    box.setWindowTitle(tr("Keyboard shortcuts"));
    auto *layout = new QVBoxLayout(&box);
    auto *list = new QTextBrowser(&box);
    list->setObjectName("shortcutsList");
    list->setHtml(tr("<p>Drive the lecture from the keyboard (or a presentation clicker):</p>")
        + "<table cellspacing=6>" + rows + "</table>");
    layout->addWidget(list);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok, &box);
    connect(buttons, &QDialogButtonBox::accepted, &box, &QDialog::accept);
    layout->addWidget(buttons);
    const QSize available = screen() ? screen()->availableGeometry().size() : QSize(1280, 720);
    list->document()->setTextWidth(520);
    const int wanted = int(list->document()->size().height()) + buttons->sizeHint().height() + 60;
    box.resize(580, std::min(wanted, available.height() * 85 / 100));
    box.exec();
    // The keys go back to the window (without a window manager nothing else gives it the focus).
    activateWindow();
    m_heatmap->plot()->setFocus();
}

void MainWindow::layOutComparison()
{
    const bool on = m_comparison.isOn();
    m_partnerHeatmap->setVisible(on);
    m_heatmap->setTitle(m_comparison.mainLabel());
    m_partnerHeatmap->setTitle(m_comparison.partnerLabel());
    // Each side where attn::comparisonSides puts it, as in exported comparisons.
    const int mainIndex = on ? m_comparison.mainSide() : 0;
    if (m_maps->indexOf(m_heatmap) != mainIndex) {
        m_maps->removeWidget(m_heatmap);
        m_maps->insertWidget(mainIndex, m_heatmap, 1);
    }
    alignPanels();
}

void MainWindow::showCaption()
{
    QString text = m_model->caption();
    if (!text.isEmpty() && !m_model->captionIsCurrent()) {
        // The example's text would contradict the changed picture: say so instead.
        text = tr("<i>The settings differ from the example's, so its caption is hidden (the numbers below are "
                  "the current ones). Page Up/Down or the Lecture menu bring the example back.</i>");
    } else if (m_lesson.currentScenario()) {
        const QString title = m_lesson.title(interfaceIsChinese()).toHtmlEscaped();
        text = text.isEmpty() ? QStringLiteral("<b>%1</b>").arg(title)
                              : QStringLiteral("<b>%1</b> — %2").arg(title, text.toHtmlEscaped());
    }
    m_caption->setText(numbersKeptWhole(text));
    m_caption->setVisible(!text.isEmpty());
    if (m_presentation)
        fitPresentation();
}

QString MainWindow::captionText() const
{
    return m_caption->isVisible() ? QString(m_caption->text()).remove(kWordJoiner) : QString();
}

void MainWindow::applyScenario(const Scenario &s)
{
    ::applyScenario(m_model, s);
    showCaption();
}

namespace {

// Which of Q, K, V a file is, from its name: q.npy, query.csv, x_q.npy, layer0-keys.npy ... ('' when unclear).
QString roleOf(const QString &path)
{
    const QString stem = QFileInfo(path).completeBaseName().toLower();
    static const QRegularExpression q(QStringLiteral("(^|[_\\-. ])(q|query|queries)$")),
        k(QStringLiteral("(^|[_\\-. ])(k|key|keys)$")), v(QStringLiteral("(^|[_\\-. ])(v|value|values)$"));
    return q.match(stem).hasMatch() ? QStringLiteral("q")
        : k.match(stem).hasMatch()  ? QStringLiteral("k")
        : v.match(stem).hasMatch()  ? QStringLiteral("v")
                                    : QString();
}

} // namespace

bool MainWindow::openData(const QStringList &paths, QString *error)
{
    QString q, k, v;
    // Weights alone: an .npz holding weights or attn and no q, or one file named weights or attn.
    if (paths.size() == 1) {
        const QString stem = QFileInfo(paths.first()).completeBaseName().toLower();
        QString why;
        const bool npz = paths.first().toLower().endsWith(QLatin1String(".npz"));
        if (!npz && (stem.contains(QLatin1String("weights")) || stem.contains(QLatin1String("attn"))))
            return openWeights(paths.first(), error);
        if (npz) {
            const auto contents = io::readNpz(paths.first(), &why);
            if (contents && !contents->arrays.count("q") && !contents->arrays.count("Q")
                && (contents->arrays.count("attn") || contents->arrays.count("weights")))
                return openWeights(paths.first(), error);
        }
    }
    if (paths.size() == 1 && paths.first().toLower().endsWith(QLatin1String(".npz"))) {
        q = paths.first();
    } else {
        for (const QString &path : paths) {
            const QString role = roleOf(path);
            QString &slot = role == "q" ? q : role == "k" ? k : v;
            if (role.isEmpty()) { // what is wrong with the file itself comes first: the name matters only then
                QString why;
                if (!io::readArrayFile(path, &why)) {
                    *error = why;
                    return false;
                }
            }
            if (role.isEmpty() || !slot.isEmpty()) {
                *error = role.isEmpty()
                    ? tr("%1: cannot tell whether it holds Q, K or V. Name the files q, k and v (q.npy, query.npy, "
                         "queries.csv, or ending _q, _k, _v), or save them together with np.savez(FILE, q=..., "
                         "k=..., v=...). Weights alone open from a file whose name holds weights or attn.")
                          .arg(QFileInfo(path).fileName())
                    : tr("Two files hold %1: %2 and %3.")
                          .arg(role.toUpper(), QFileInfo(slot).fileName(), QFileInfo(path).fileName());
                return false;
            }
            slot = path;
        }
        if (q.isEmpty() || k.isEmpty()) {
            *error = tr("Open Q and K together (and V if you have it): one .npz, or two or three files named q, k "
                        "and v.");
            return false;
        }
    }
    const auto in = io::loadInputs(q, k, v, error);
    if (!in)
        return false;
    attn::Params p = m_model->params();
    p.mode = attn::Mode::Direct;
    p.loaded = in;
    if (p.mask == attn::MaskKind::Pad || p.mask == attn::MaskKind::Custom) // made for other keys
        attn::setMask(p, attn::MaskKind::None);
    p.customMask.clear();
    p.customCols = 0;
    attn::normalize(p);
    if (auto e = attn::validate(p, attn::defaultMemoryBudget())) {
        *error = QString::fromStdString(e->field + ": " + e->message);
        return false;
    }
    if (!m_model->setParams(p)) {
        *error = tr("These arrays are too large for this machine.");
        return false;
    }
    if (!paths.first().startsWith(QLatin1String(":/"))) // (the built-in example is in File > Examples)
        rememberData(paths);
    if (in->nonFinite > 0)
        showProblem(tr("%1: %2 values are NaN or infinite; the weights of the rows whose scores they make NaN or +∞ "
                       "are NaN, as in PyTorch (grey on the map).")
                        .arg(QString::fromStdString(in->source))
                        .arg(in->nonFinite));
    return true;
}

bool MainWindow::openWeights(const QString &path, QString *error)
{
    const auto w = io::loadWeights(path, error);
    if (!w)
        return false;
    showWeights(w);
    if (!path.startsWith(QLatin1String(":/")))
        rememberData({ path });
    return true;
}

void MainWindow::showWeights(std::shared_ptr<const attn::LoadedWeights> w)
{
    if (!m_weightsWindow) {
        m_weightsWindow = new WeightsWindow(this);
        m_weightsWindow->setWindowFlag(Qt::Window);
        m_weightsWindow->installEventFilter(this);
    }
    m_weightsWindow->setWeights(std::move(w));
    m_weightsWindow->show();
    if (QGuiApplication::platformName() != QLatin1String("offscreen")) // (pictures: nothing to raise, Qt warns)
        m_weightsWindow->raise();
}

void MainWindow::rememberData(const QStringList &paths)
{
    if (!m_rememberState)
        return;
    QSettings s;
    QStringList recent = s.value("data/recent").toStringList();
    const QString entry = paths.join(QLatin1Char('\n'));
    recent.removeAll(entry);
    recent.prepend(entry);
    s.setValue("data/recent", recent.mid(0, 6));
    // Later: this may run inside one of the menu's own actions, which remaking the menu deletes.
    QTimer::singleShot(0, this, &MainWindow::updateRecentData);
}

void MainWindow::updateRecentData()
{
    if (!m_recentData)
        return;
    m_recentData->clear();
    const QStringList recent = m_rememberState ? QSettings().value("data/recent").toStringList() : QStringList();
    for (const QString &entry : recent) {
        const QStringList paths = entry.split(QLatin1Char('\n'));
        QStringList names;
        for (const QString &p : paths)
            names << QFileInfo(p).fileName();
        QAction *a = m_recentData->addAction(names.join(QStringLiteral(", ")), this, [this, paths, entry] {
            QString error;
            if (!openData(paths, &error)) {
                QMessageBox::warning(this, tr("Cannot open the data"), translatedMessage(error));
                QSettings s; // gone or changed: off the list
                QStringList recent = s.value("data/recent").toStringList();
                recent.removeAll(entry);
                s.setValue("data/recent", recent);
                // (later: the menu's actions, this one among them, are remade)
                QTimer::singleShot(0, this, &MainWindow::updateRecentData);
            }
        });
        a->setToolTip(paths.join(QLatin1Char('\n'))); // the folders: two "q.npy, k.npy" apart
    }
    m_recentData->setToolTipsVisible(true);
    m_recentData->setEnabled(!recent.isEmpty());
}

void MainWindow::dragEnterEvent(QDragEnterEvent *event)
{
    if (event->mimeData()->hasUrls())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent *event)
{
    QStringList paths;
    for (const QUrl &url : event->mimeData()->urls())
        if (url.isLocalFile())
            paths << url.toLocalFile();
    if (paths.isEmpty())
        return;
    event->acceptProposedAction();
    QString error;
    if (paths.size() == 1 && paths.first().toLower().endsWith(QLatin1String(".json"))) {
        // A scenario, or a lesson (a list of steps).
        if (const auto s = loadScenario(paths.first(), &error)) {
            applyScenario(*s);
            return;
        }
        QString lessonError;
        if (openLesson(paths.first(), &lessonError))
            return;
        QMessageBox::warning(this, tr("Cannot open the file"), translatedMessage(error));
        return;
    }
    if (!openData(paths, &error))
        QMessageBox::warning(this, tr("Cannot open the data"), translatedMessage(error));
}

Scenario MainWindow::currentScenario() const
{
    Scenario s;
    s.params = m_model->params();
    s.display = m_model->display();
    s.compare = m_model->compare();
    s.compareDk = m_model->compareDk();
    if (m_model->captionIsCurrent()) { // whatever set it: a preset, a lesson step, a file
        s.captionEn = m_model->captionEn();
        s.captionZh = m_model->captionZh();
    }
    return s;
}

bool MainWindow::openLesson(const QString &path, QString *error)
{
    auto lesson = loadLesson(path, error);
    if (!lesson)
        return false; // the current state stays
    m_lesson.setLesson(std::move(*lesson));
    return true;
}

void MainWindow::stepLesson(int delta)
{
    QString error;
    if (!m_lesson.hasLesson()) {
        if (!openLesson(builtInLessonPath(), &error))
            showProblem(error);
        return;
    }
    m_lesson.step(delta);
}

void MainWindow::setPresentation(bool on, bool fullScreen)
{
    if (on == m_presentation)
        return;
    m_presentation = on;
    m_dock->setVisible(!on);
    menuBar()->setVisible(!on);
    m_demoBar->setVisible(on);
    // High contrast for a projector: black on white, no greys; the buttons that are on are filled.
    setStyleSheet(on ? "QMainWindow, QWidget { background: white; color: black; } "
                       "QToolButton { border: 2px solid black; border-radius: 6px; padding: 3px 6px; } "
                       "QToolButton:checked { background: #1a4d8f; color: white; border-color: #1a4d8f; } "
                       "QToolButton:disabled { color: #a0a0a0; border-color: #c8c8c8; } "
                       "QToolButton#demo-leavePresentation { border-color: #b02020; color: #b02020; }"
                     : QString());
    if (!on) {
        // Qt leaves the widgets the style sheet reached marked as styled by it, and such a widget no longer takes
        // its palette from its parent: it would keep this theme's colours after another theme is chosen. Those
        // without a style sheet of their own inherit again.
        const QList<QWidget *> all = findChildren<QWidget *>();
        for (QWidget *w : all)
            if (w->styleSheet().isEmpty()) {
                w->setAttribute(Qt::WA_StyleSheet, false);
                if (w->testAttribute(Qt::WA_SetPalette))
                    w->setPalette(QPalette());
            }
        setPalette(QPalette());
    }
    if (on && fullScreen)
        showFullScreen();
    else if (isFullScreen())
        showNormal();
    fitPresentation();
    alignPanels(); // the text sizes changed: side by side or stacked may change too
    QTimer::singleShot(0, this, &MainWindow::alignPanels); // and again on the panels laid out with them
    m_heatmap->plot()->setFocus();
}

void MainWindow::resizeEvent(QResizeEvent *event)
{
    QMainWindow::resizeEvent(event);
    fitPresentation();
    alignPanels();
}

void MainWindow::fitPresentation()
{
    // Normal mode: the application's text sizes. Presentation: sizes from the window's height (1.3 at
    // 720 pixels, 2 at 1080), and the caption and explanation shrink (to no less than normal) before
    // the heatmaps do: together they take at most about a third of the height.
    const double base = QApplication::font().pointSizeF();
    // (From the smaller of the height and 9/16 of the width: a window taller than the screen, which
    // larger text would ask for, cannot make the text larger still.)
    const double scale = m_presentation ? std::clamp(std::min(height(), width() * 9 / 16) / 540.0, 1.3, 3.0) : 1.0;
    m_heatmap->setFontScale(scale);
    m_partnerHeatmap->setFontScale(scale);
    QFont bf = QApplication::font();
    bf.setPointSizeF(base * (m_presentation ? std::max(1.0, scale * 0.7) : 1.0));
    bf.setBold(m_presentation);
    for (QToolButton *b : m_demoButtons)
        b->setFont(bf);
    statusBar()->setFont(bf); // "Lesson step 4 of 8" reads from the back too
    const int width = std::max(200, centralWidget()->width() - 16);
    const auto fit = [&](auto setScale, auto heightAt, double from, double budget) {
        double s = from;
        for (; s > 1.0; s -= 0.1) {
            setScale(s);
            if (heightAt() <= budget)
                return;
        }
        setScale(1.0);
    };
    if (!m_presentation) {
        m_explanation->setFontScale(1.0);
        QFont cf = QApplication::font();
        cf.setPointSizeF(base * 1.15);
        m_caption->setFont(cf);
        return;
    }
    fit([&](double s) { m_explanation->setFontScale(s); },
        [&] { return m_explanation->layout()->totalHeightForWidth(width); }, scale, 0.17 * height());
    fit(
        [&](double s) {
            QFont cf = QApplication::font();
            cf.setPointSizeF(base * s);
            m_caption->setFont(cf);
        },
        [&] { return m_caption->isVisible() ? m_caption->heightForWidth(width) : 0; }, scale * 1.1, 0.13 * height());
}

void MainWindow::alignPanels()
{
    const bool on = m_comparison.isOn();
    if (!on) {
        m_heatmap->setColorScaleVisible(true);
        m_heatmap->setSpareBottomRow(false);
        m_heatmap->setNoteMinimumHeight(0);
        return;
    }
    // One above the other when that gives larger cells (a long row of keys), else side by side.
    // Once both maps are laid out, what their panels take around the maps (axes, side panels, notes)
    // is measured and carried over to the other arrangement; before that it is estimated.
    const attn::Params &p = m_model->params();
    const double px = QFontInfo(m_heatmap->font()).pixelSize() * (m_presentation ? height() / 540.0 : 1.0);
    const QRect ga = m_heatmap->geometry(), gb = m_partnerHeatmap->geometry();
    const QRect ha = m_heatmap->heatmapRect(), hb = m_partnerHeatmap->heatmapRect();
    const bool measured = m_heatmap->isVisible() && m_partnerHeatmap->isVisible() && ha.width() > 20 && hb.width() > 20
        && ha.height() > 5 && hb.height() > 5;
    double totalW = centralWidget()->width() - 8;
    double totalH = centralWidget()->height() * (m_presentation ? 0.55 : 0.65);
    double aroundW = px * 16,
           aroundH = px * (p.softmaxDim == -2 || m_model->compare() == CompareKind::SoftmaxDim ? 18 : 11);
    if (measured) {
        aroundW = std::max(ga.width() - ha.width(), gb.width() - hb.width());
        aroundH = std::max(ga.height() - ha.height(), gb.height() - hb.height());
        totalW = m_stacked ? std::max(ga.width(), gb.width()) : ga.width() + gb.width();
        totalH = m_stacked ? ga.height() + gb.height() : std::max(ga.height(), gb.height());
    }
    const auto cellText = [&](double w, double h) {
        return std::min(
            (h - aroundH) / std::max(1, p.queryLength) * 0.65, ((w - aroundW) / std::max(1, p.keyLength) - 2) / 3.6);
    };
    const double beside = cellText(totalW / 2.0, totalH);
    const double stacked = cellText(totalW, totalH / 2.0);
    // Stacked only for a long row of keys (S at least 3 L, as block 2's 1 × 6) when that gives larger
    // cells; otherwise side by side, the rows lining up.
    const bool stack = p.keyLength >= 3 * p.queryLength && stacked > beside;
    if (stack != m_stacked) {
        m_stacked = stack;
        m_maps->setDirection(stack ? QBoxLayout::TopToBottom : QBoxLayout::LeftToRight);
    }
    // Side by side with one range: one colour scale, on the right. Rows line up: the same rows under
    // the maps and the same height of notes.
    HeatmapPanel *first = m_comparison.mainSide() == 0 ? m_heatmap : m_partnerHeatmap;
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
        m_maps->setStretch(0, 1);
        m_maps->setStretch(1, 1);
    }
    // Once both are laid out: the notes as tall as the taller one at the panels' real width (never
    // more than a fifth of the window), and the spare row as tall as what the partner has under its
    // map beyond this panel's column sums (absolute, so repeated calls settle on the same heights).
    QTimer::singleShot(0, this, [this] {
        if (m_stacked || !m_comparison.isOn())
            return;
        // Side by side the two maps get the same width (so the same cells), whatever each has beside it
        // (the shared colour scale, an entropy panel only where rows are distributions).
        HeatmapPanel *a = m_heatmap, *b = m_partnerHeatmap;
        const int aroundA = a->width() - a->heatmapRect().width(), aroundB = b->width() - b->heatmapRect().width();
        const int map = std::max(50, (a->width() + b->width() - aroundA - aroundB) / 2);
        if (a->heatmapRect().width() > 10 && b->heatmapRect().width() > 10) {
            m_maps->setStretch(m_maps->indexOf(a), aroundA + map);
            m_maps->setStretch(m_maps->indexOf(b), aroundB + map);
        } else {
            // A map squeezed to nothing cannot be measured: halves first, balanced when laid out
            // (aroundChanged calls this again).
            m_maps->setStretch(m_maps->indexOf(a), 1);
            m_maps->setStretch(m_maps->indexOf(b), 1);
        }
        const int width = std::max(200, std::min(m_heatmap->width(), m_partnerHeatmap->width()));
        const int note = std::min(
            std::max(m_heatmap->noteHeight(width), m_partnerHeatmap->noteHeight(width)), centralWidget()->height() / 5);
        m_heatmap->setNoteMinimumHeight(note);
        m_partnerHeatmap->setNoteMinimumHeight(note);
        for (HeatmapPanel *h : { m_heatmap, m_partnerHeatmap }) {
            HeatmapPanel *other = h == m_heatmap ? m_partnerHeatmap : m_heatmap;
            if (h->hasSpareRow() && other->columnEntropyHeight() > 0)
                h->setSpareRowHeight(other->columnSumHeight() + other->columnEntropyHeight() - h->columnSumHeight());
        }
    });
}

FigureOptions MainWindow::currentFigureOptions() const
{
    FigureOptions o;
    o.display = m_model->display();
    o.title = settingsTitle(m_model->params());
    return o;
}

bool MainWindow::exportTo(const QString &path, QString *error, const FigureOptions *options)
{
    m_model->waitForIdle();
    const auto r = m_model->result();
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (dataSuffixes().contains(suffix))
        return writeData(path, *r, m_model->display(), error);
    if (!figureSuffixes().contains(suffix)) {
        *error = tr("'%1': unknown format (use .png, .jpg, .pdf, .svg, .csv, .npy or .json)").arg(path);
        return false;
    }
    return writeFigure(path, { { r, QString() } }, options ? *options : currentFigureOptions(), error);
}

FigureOptions MainWindow::comparisonFigureOptions(CompareKind kind) const
{
    FigureOptions o = currentFigureOptions();
    o.size = QSize(2 * o.size.width(), o.size.height());
    o.title = compareTitle(m_model->result()->params, kind);
    return o;
}

bool MainWindow::exportComparison(const QString &path, CompareKind kind, QString *error, const FigureOptions *options)
{
    m_model->waitForIdle();
    const auto r = m_model->result();
    const FigureOptions o = options ? *options : comparisonFigureOptions(kind);
    return writeFigure(path, comparePanels(r, kind, m_model->compareDk()), o, error);
}

bool MainWindow::exportDkSeries(const QString &folder, const QList<int> &values, QStringList *written, QString *error)
{
    m_model->waitForIdle();
    const ResultPtr start = m_model->result();
    std::vector<SeriesPicture> pictures;
    for (int dk : values) {
        attn::Params p = start->params;
        attn::setDk(p, dk);
        if (auto e = attn::validate(p, attn::defaultMemoryBudget())) {
            *error = QString::fromStdString(e->message);
            return false;
        }
        pictures.push_back({ QString::number(dk), p });
    }
    const auto options = [this](const attn::Params &p) {
        FigureOptions o = currentFigureOptions();
        o.title = settingsTitle(p);
        return o;
    };
    return writeSeries(folder, "d-k", pictures, "png", start, options, written, error);
}

void MainWindow::copyImage()
{
    m_model->waitForIdle();
    QGuiApplication::clipboard()->setImage(renderFigure({ { m_model->result(), QString() } }, currentFigureOptions()));
    statusBar()->showMessage(tr("Image copied to the clipboard"), 4000);
}

void MainWindow::reportExport(bool ok, const QString &path, const QString &error)
{
    if (ok)
        statusBar()->showMessage(tr("Written: %1").arg(path), 6000);
    else
        QMessageBox::warning(this, tr("Export failed"), translatedMessage(error));
}

void MainWindow::showProblem(const QString &message)
{
    statusBar()->showMessage(translatedMessage(message), 8000); // (the core's and the readers' are in English)
}

QString MainWindow::statusText() const
{
    return statusBar()->currentMessage();
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (m_rememberState) {
        setPresentation(false, false); // the state saved is the window's, not presentation mode's
        QSettings s;
        s.setValue("window/geometry", saveGeometry());
        s.setValue("window/state", saveState());
        storeSettings(s, m_model->params(), m_model->display());
    }
    event->accept();
}

void MainWindow::showMistakes(attn::Mistake m)
{
    m_mistakes->setMistake(m);
    // In presentation mode the mistakes fill the screen too.
    if (m_presentation)
        m_mistakes->setPresentation(true);
    else
        m_mistakes->show();
    m_mistakes->raise();
    m_mistakes->activateWindow();
}
