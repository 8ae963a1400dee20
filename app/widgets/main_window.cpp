#include "widgets/main_window.h"

#include "cli/cli_options.h"
#include "widgets/controls_panel.h"
#include "widgets/explanation_panel.h"
#include "widgets/heatmap_panel.h"
#include "io/settings_store.h"
#include "model/tokens.h"
#include "model/translations.h"

#include <qcustomplot.h>

#include <QApplication>
#include <QClipboard>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QRandomGenerator>
#include <QSettings>
#include <QStatusBar>
#include <QToolBar>
#include <QVBoxLayout>

namespace {

QString compareLabel(const attn::Params &p, CompareKind kind)
{
    switch (kind) {
    case CompareKind::None: return {};
    case CompareKind::Scaling: return scalingName(p);
    case CompareKind::SoftmaxDim: return softmaxDimName(p);
    case CompareKind::Dk: return QStringLiteral("d_k = %1").arg(p.dK);
    }
    return {};
}

} // namespace

MainWindow::MainWindow(AttentionModel *model, bool rememberState, QWidget *parent)
    : QMainWindow(parent), m_model(model), m_rememberState(rememberState)
{
    setWindowTitle(tr("attention-viz — scaled dot-product attention"));
    setObjectName("mainWindow");
    m_partner.shareInputsWith(model);

    auto *central = new QWidget(this);
    auto *layout = new QVBoxLayout(central);
    layout->setContentsMargins(4, 4, 4, 0);
    m_caption = new QLabel(central);
    m_caption->setObjectName("caption");
    m_caption->setWordWrap(true);
    m_caption->setVisible(false);
    m_caption->setStyleSheet("QLabel { background: #fff8d0; color: #202020; padding: 6px; border-radius: 4px; }");
    m_heatmap = new HeatmapPanel(model, central);
    m_partnerHeatmap = new HeatmapPanel(&m_partner, central);
    m_partnerHeatmap->setVisible(false);
    auto *maps = new QHBoxLayout;
    maps->addWidget(m_heatmap, 1);
    maps->addWidget(m_partnerHeatmap, 1);
    m_explanation = new ExplanationPanel(model, central);
    m_explanation->setPartner(&m_partner);
    layout->addWidget(m_caption);
    layout->addLayout(maps, 1);
    layout->addWidget(m_explanation);
    setCentralWidget(central);
    // Hovering a cell in one heatmap outlines the same cell in the other, through the model.
    for (HeatmapPanel *panel : {m_heatmap, m_partnerHeatmap}) {
        connect(panel, &HeatmapPanel::hovered, model, &AttentionModel::setHoveredCell);
        connect(model, &AttentionModel::hoveredCellChanged, panel, &HeatmapPanel::setHighlight);
    }

    m_controls = new ControlsPanel(model, this);
    m_dock = new QDockWidget(tr("Settings"), this);
    m_dock->setObjectName("settingsDock");
    m_dock->setWidget(m_controls);
    m_dock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable);
    addDockWidget(Qt::LeftDockWidgetArea, m_dock);

    m_busy = new QLabel(tr("computing…"), this);
    m_busy->setVisible(false);
    statusBar()->addPermanentWidget(m_busy);
    connect(model, &AttentionModel::busyChanged, m_busy, &QLabel::setVisible);
    connect(model, &AttentionModel::problem, this, &MainWindow::showProblem);
    connect(model, &AttentionModel::resultChanged, this, &MainWindow::followCompare);
    connect(model, &AttentionModel::compareChanged, this, &MainWindow::followCompare);
    connect(model, &AttentionModel::displayChanged, this, [this](const DisplayOptions &d) { m_partner.setDisplay(d); });
    connect(model, &AttentionModel::captionChanged, this, &MainWindow::showCaption);
    m_partner.setDisplay(model->display());

    m_animation.setInterval(700);
    connect(&m_animation, &QTimer::timeout, this, &MainWindow::animationStep);

    buildActions();
    buildMenus();
    followCompare();
    showCaption();

    resize(1400, 900);
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
    p.padCount = std::min(p.padCount, p.keyLength);
    dropTokensIfLengthChanged(p);
    m_model->setParams(p);
}

void MainWindow::buildActions()
{
    // name, the menu text, the short text of the presentation button, key, what it does
    auto add = [this](const QString &name, const QString &text, const QString &button, const QKeySequence &key,
                      const std::function<void()> &f) {
        auto *a = new QAction(text, this);
        a->setObjectName(name);
        a->setShortcut(key);
        a->setShortcutContext(Qt::WindowShortcut);
        a->setIconText(QStringLiteral("%1 [%2]").arg(button, key.toString(QKeySequence::NativeText)));
        connect(a, &QAction::triggered, this, f);
        addAction(a); // works with the menu bar hidden (presentation mode)
        m_keyActions << a;
        return a;
    };
    add("toggleScaling", tr("Scaling on/off"), tr("√d_k"), Qt::Key_S, [this] {
        changeParams([](attn::Params &p) {
            p.scaling = p.scaling == attn::Scaling::None ? attn::Scaling::InvSqrtDk : attn::Scaling::None;
        });
    });
    add("toggleSoftmaxDim", tr("Softmax over keys / over queries"), tr("dim"), Qt::Key_D, [this] {
        changeParams([](attn::Params &p) { p.softmaxDim = p.softmaxDim == -1 ? -2 : -1; });
    });
    auto dk = [this](bool up) {
        changeParams([up](attn::Params &p) {
            const bool follow = p.dV == p.dK;
            p.dK = up ? std::min(p.dK * 2, 1024) : std::max(p.dK / 2, 1);
            if (follow)
                p.dV = p.dK;
        });
    };
    add("doubleDk", tr("Double d_k"), tr("d_k ×2"), Qt::Key_Up, [=] { dk(true); });
    add("halveDk", tr("Halve d_k"), tr("d_k ÷2"), Qt::Key_Down, [=] { dk(false); });
    auto length = [this](int delta) {
        changeParams([delta](attn::Params &p) {
            const bool linked = p.keyLength == p.queryLength && !p.cross;
            p.queryLength = std::clamp(p.queryLength + delta, 1, 4096);
            if (linked)
                p.keyLength = p.queryLength;
        });
    };
    add("longer", tr("One more query (and key)"), tr("L+1"), Qt::Key_Right, [=] { length(+1); });
    add("shorter", tr("One query (and key) fewer"), tr("L−1"), Qt::Key_Left, [=] { length(-1); });
    add("cycleMask", tr("Next mask: none, causal, padding"), tr("mask"), Qt::Key_M, [this] {
        changeParams([](attn::Params &p) {
            if (p.mask == attn::MaskKind::None)
                p.mask = attn::MaskKind::Causal;
            else if (p.mask == attn::MaskKind::Causal && p.keyLength > 1) {
                p.mask = attn::MaskKind::Pad;
                p.padCount = std::max(1, p.keyLength / 4);
            } else
                p.mask = attn::MaskKind::None;
        });
    });
    add("newSeed", tr("New random seed"), tr("seed"), Qt::Key_R, [this] {
        changeParams([](attn::Params &p) {
            const quint64 old = p.seed;
            do
                p.seed = QRandomGenerator::global()->bounded(1000000);
            while (p.seed == old);
        });
    });
    add("nextStep", tr("Next lesson step"), tr("step ▶"), Qt::Key_PageDown, [this] { stepLesson(+1); });
    add("previousStep", tr("Previous lesson step"), tr("◀ step"), Qt::Key_PageUp, [this] { stepLesson(-1); });
    add("animate", tr("Start/stop the sweep (View > Sweep over)"), tr("sweep"), Qt::Key_Space, [this] { setAnimating(!isAnimating()); });
    add("cycleCompare", tr("Next comparison: none, scaling, softmax dim"), tr("compare"), Qt::Key_C, [this] {
        const CompareKind next = m_model->compare() == CompareKind::None      ? CompareKind::Scaling
                                 : m_model->compare() == CompareKind::Scaling ? CompareKind::SoftmaxDim
                                                                              : CompareKind::None;
        m_model->setCompare(next, m_model->compareDk());
    });
    add("presentation", tr("Presentation mode"), tr("present"), Qt::Key_F5, [this] { setPresentation(!m_presentation, true); });
    add("leavePresentation", tr("Leave presentation mode"), tr("leave"), Qt::Key_Escape, [this] { setPresentation(false); });

    // Presentation mode shows these as large buttons instead of the settings.
    m_demoBar = new QToolBar(tr("Demo"), this);
    m_demoBar->setObjectName("demoBar");
    m_demoBar->setMovable(false);
    m_demoBar->setToolButtonStyle(Qt::ToolButtonTextOnly);
    for (const char *name : {"toggleScaling", "toggleSoftmaxDim", "halveDk", "doubleDk", "shorter", "longer", "cycleMask",
                             "cycleCompare", "newSeed", "previousStep", "nextStep", "animate"})
        m_demoBar->addAction(action(name));
    addToolBar(Qt::TopToolBarArea, m_demoBar);
    m_demoBar->setVisible(false);
}

void MainWindow::waitUntilComputed()
{
    do {
        m_model->waitForIdle();
        m_partner.waitForIdle();
        QCoreApplication::processEvents();
    } while (m_model->isBusy() || m_partner.isBusy());
}

QAction *MainWindow::action(const QString &name) const
{
    for (QAction *a : m_keyActions)
        if (a->objectName() == name)
            return a;
    return findChild<QAction *>(name);
}

void MainWindow::buildMenus()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    QAction *exportAction = file->addAction(tr("&Export…"), this, [this] {
        const QString path = askExportPath(tr("Export the heatmap or the matrix"), false);
        if (path.isEmpty())
            return;
        QString error;
        reportExport(exportTo(path, &error), path, error);
    });
    exportAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    exportAction->setObjectName("exportAction");
    QMenu *compare = file->addMenu(tr("Export &comparison"));
    compare->addAction(tr("Scaled and not scaled…"), this, [this] {
        const QString path = askExportPath(tr("Export scaled and not scaled side by side"), true);
        QString error;
        if (!path.isEmpty())
            reportExport(exportComparison(path, false, &error), path, error);
    });
    compare->addAction(tr("Softmax over keys and over queries…"), this, [this] {
        const QString path = askExportPath(tr("Export softmax over keys and over queries side by side"), true);
        QString error;
        if (!path.isEmpty())
            reportExport(exportComparison(path, true, &error), path, error);
    });
    file->addAction(tr("Export a d_k &series (1, 4, 16, 64, 256)…"), this, [this] {
        QSettings s;
        const QString folder = QFileDialog::getExistingDirectory(this, tr("Folder for the d_k series"),
                                                                 s.value("export/folder", QDir::homePath()).toString());
        if (folder.isEmpty())
            return;
        s.setValue("export/folder", folder);
        QStringList written;
        QString error;
        const bool ok = exportDkSeries(folder, {1, 4, 16, 64, 256}, &written, &error);
        reportExport(ok, written.join(", "), error);
    });
    QAction *copy = file->addAction(tr("Co&py image"), this, &MainWindow::copyImage);
    copy->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
    copy->setObjectName("copyImageAction");
    addAction(exportAction); // their keys work with the menu bar hidden too (presentation mode)
    addAction(copy);
    file->addSeparator();
    file->addAction(tr("&Open scenario…"), this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Open a scenario"), QString(), tr("Scenario (*.json)"));
        if (path.isEmpty())
            return;
        QString error;
        if (const auto s = loadScenario(path, &error))
            applyScenario(*s);
        else
            QMessageBox::warning(this, tr("Cannot open the scenario"), error); // the current state stays
    });
    file->addAction(tr("&Save scenario…"), this, [this] {
        const QString path = QFileDialog::getSaveFileName(this, tr("Save the scenario"), "scenario.json", tr("Scenario (*.json)"));
        QString error;
        if (!path.isEmpty() && !saveScenario(path, currentScenario(), &error))
            QMessageBox::warning(this, tr("Cannot save the scenario"), error);
    });
    file->addAction(tr("Open &lesson…"), this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Open a lesson"), QString(), tr("Lesson (*.json)"));
        QString error;
        if (!path.isEmpty() && !openLesson(path, &error))
            QMessageBox::warning(this, tr("Cannot open the lesson"), error);
    });
    QAction *quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);

    QMenu *lecture = menuBar()->addMenu(tr("&Lecture"));
    for (const Preset &p : presets()) {
        QAction *a = lecture->addAction(p.name, this, [this, name = p.name] { applyScenario(findPreset(name)->scenario); });
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

    QMenu *view = menuBar()->addMenu(tr("&View"));
    QMenu *comparison = view->addMenu(tr("&Compare"));
    const QList<QPair<QString, CompareKind>> kinds{{tr("No comparison"), CompareKind::None},
                                                   {tr("Scaled and not scaled"), CompareKind::Scaling},
                                                   {tr("Softmax over keys and over queries"), CompareKind::SoftmaxDim},
                                                   {tr("d_k and 16 × d_k"), CompareKind::Dk}};
    auto *group = new QActionGroup(this);
    for (const auto &k : kinds) {
        QAction *a = comparison->addAction(k.first);
        a->setCheckable(true);
        a->setChecked(k.second == m_model->compare());
        group->addAction(a);
        connect(a, &QAction::triggered, this, [this, kind = k.second] {
            m_model->setCompare(kind, std::min(m_model->params().dK * 16, 1024));
        });
        connect(m_model, &AttentionModel::compareChanged, a, [a, kind = k.second](CompareKind now) { a->setChecked(now == kind); });
    }
    view->addAction(action("presentation"));
    view->addAction(action("animate"));
    QMenu *sweep = view->addMenu(tr("S&weep over"));
    auto *sweeps = new QActionGroup(this);
    for (const auto &sw : QList<QPair<QString, bool>>{{tr("d_k (1 to 1024, scaled beside not scaled)"), false},
                                                     {tr("the length (L = S = 1 to 4096: entropy grows like ln S)"), true}}) {
        QAction *a = sweep->addAction(sw.first, this, [this, length = sw.second] { m_sweepLength = length; });
        a->setCheckable(true);
        a->setChecked(!sw.second);
        a->setObjectName(sw.second ? "sweepLength" : "sweepDk");
        sweeps->addAction(a);
    }
    QMenu *speed = view->addMenu(tr("Sweep &speed"));
    auto *speeds = new QActionGroup(this);
    for (const auto &sp : QList<QPair<QString, int>>{{tr("Slow (one d_k every 1.5 s)"), 1500},
                                                    {tr("Normal (every 0.7 s)"), 700},
                                                    {tr("Fast (every 0.25 s)"), 250}}) {
        QAction *a = speed->addAction(sp.first, this, [this, ms = sp.second] { m_animation.setInterval(ms); });
        a->setCheckable(true);
        a->setChecked(sp.second == m_animation.interval());
        a->setObjectName(QStringLiteral("sweep%1ms").arg(sp.second));
        speeds->addAction(a);
    }
    QAction *reset = view->addAction(tr("&Reset zoom"), this, [this] {
        for (HeatmapPanel *panel : {m_heatmap, m_partnerHeatmap}) {
            QCustomPlot *plot = panel->plot();
            const auto &p = m_model->params();
            plot->axisRect(0)->axis(QCPAxis::atBottom)->setRange(-0.5, p.keyLength - 0.5);
            plot->axisRect(0)->axis(QCPAxis::atLeft)->setRange(-0.5, p.queryLength - 0.5);
            plot->replot(QCustomPlot::rpQueuedReplot);
        }
    });
    reset->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_0));

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    QAction *shortcuts = help->addAction(tr("&Keyboard shortcuts"), this, &MainWindow::showShortcuts);
    shortcuts->setShortcut(QKeySequence::HelpContents);
    help->addAction(tr("&About attention-viz"), this, [this] {
        QMessageBox::about(this, tr("About attention-viz"),
                           tr("<p><b>attention-viz %1</b></p><p>Makes scaled dot-product attention visible: "
                              "softmax(Q·Kᵀ/√d_k)·V with the same random tensors as torch.manual_seed and "
                              "torch.randn.</p>").arg(QApplication::applicationVersion()));
    });
}

void MainWindow::showShortcuts()
{
    QString rows;
    for (QAction *a : m_keyActions)
        rows += QStringLiteral("<tr><td><b>%1</b></td><td>%2</td></tr>")
                    .arg(a->shortcut().toString(QKeySequence::NativeText).toHtmlEscaped(), a->text().toHtmlEscaped());
    QMessageBox box(this);
    box.setWindowTitle(tr("Keyboard shortcuts"));
    box.setText(tr("<p>Drive the lecture from the keyboard (or a presentation clicker):</p>") + "<table cellspacing=6>" + rows
                + "</table>");
    box.exec();
}

void MainWindow::followCompare()
{
    const CompareKind kind = m_model->compare();
    const bool on = kind != CompareKind::None;
    m_partnerHeatmap->setVisible(on);
    const auto r = m_model->result();
    if (on) {
        // Follow the finished result, so the partner can reuse its Q, K and V.
        m_partner.setParams(comparePartner(r->params, kind, m_model->compareDk()));
        m_heatmap->setTitle(compareLabel(r->params, kind));
        m_partnerHeatmap->setTitle(compareLabel(m_partner.params(), kind));
    } else {
        m_heatmap->setTitle(QString());
    }
}

void MainWindow::showCaption()
{
    QString text = m_model->caption();
    if (m_lesson && m_step >= 0) {
        const QString title = interfaceIsChinese() && !m_lesson->titleZh.isEmpty() ? m_lesson->titleZh : m_lesson->titleEn;
        text = QStringLiteral("<b>%1</b> — %2").arg(title.toHtmlEscaped(), text.toHtmlEscaped());
    }
    m_caption->setText(text);
    m_caption->setVisible(!text.isEmpty());
}

QString MainWindow::captionText() const
{
    return m_caption->isVisible() ? m_caption->text() : QString();
}

void MainWindow::applyScenario(const Scenario &s)
{
    m_model->setParams(s.params);
    m_model->setDisplay(s.display);
    m_model->setCompare(s.compare, s.compareDk);
    m_model->setCaption(s.caption(interfaceIsChinese()));
    showCaption();
}

Scenario MainWindow::currentScenario() const
{
    Scenario s;
    s.params = m_model->params();
    s.display = m_model->display();
    s.compare = m_model->compare();
    s.compareDk = m_model->compareDk();
    if (m_lesson && m_step >= 0) {
        s.captionEn = m_lesson->steps[m_step].captionEn;
        s.captionZh = m_lesson->steps[m_step].captionZh;
    } else {
        for (const Preset &p : presets())
            if (p.scenario.caption(interfaceIsChinese()) == m_model->caption() && !m_model->caption().isEmpty()) {
                s.captionEn = p.scenario.captionEn;
                s.captionZh = p.scenario.captionZh;
            }
    }
    return s;
}

bool MainWindow::openLesson(const QString &path, QString *error)
{
    auto lesson = loadLesson(path, error);
    if (!lesson)
        return false; // the current state stays
    m_lesson = std::move(lesson);
    m_step = -1;
    stepLesson(+1);
    return true;
}

void MainWindow::stepLesson(int delta)
{
    if (!m_lesson) {
        QString error;
        if (!openLesson(builtInLessonPath(), &error))
            showProblem(error);
        return;
    }
    const int n = int(m_lesson->steps.size());
    const int next = std::clamp(m_step + delta, 0, n - 1);
    if (next == m_step)
        return;
    m_step = next;
    applyScenario(m_lesson->steps[m_step]);
    statusBar()->showMessage(tr("Lesson step %1 of %2").arg(m_step + 1).arg(n), 4000);
}

void MainWindow::setPresentation(bool on, bool fullScreen)
{
    if (on == m_presentation)
        return;
    m_presentation = on;
    const double scale = on ? 2.0 : 1.0;
    m_dock->setVisible(!on);
    menuBar()->setVisible(!on);
    m_demoBar->setVisible(on);
    m_heatmap->setFontScale(scale);
    m_partnerHeatmap->setFontScale(scale);
    m_explanation->setFontScale(scale);
    QFont f = font();
    f.setPointSizeF(QApplication::font().pointSizeF() * (on ? 1.25 : 1.0));
    f.setBold(on);
    m_demoBar->setFont(f);
    QFont cf = QApplication::font();
    cf.setPointSizeF(cf.pointSizeF() * (on ? 2.0 : 1.15));
    m_caption->setFont(cf);
    // High contrast for a projector: black on white, no greys.
    setStyleSheet(on ? "QMainWindow, QWidget { background: white; color: black; } "
                       "QToolBar QToolButton { border: 2px solid black; border-radius: 6px; padding: 4px 6px; margin: 2px; }"
                     : QString());
    if (on && fullScreen)
        showFullScreen();
    else if (isFullScreen())
        showNormal();
    m_heatmap->plot()->setFocus();
}

void MainWindow::setAnimating(bool on)
{
    if (on == isAnimating())
        return;
    if (on) {
        if (!m_sweepLength && m_model->compare() == CompareKind::None)
            m_model->setCompare(CompareKind::Scaling); // the scaled and unscaled entropies drift apart
        m_animation.start();
        statusBar()->showMessage(m_sweepLength ? tr("length sweep running (Space stops it)")
                                               : tr("d_k sweep running (Space stops it)"), 3000);
    } else {
        m_animation.stop();
        statusBar()->showMessage(tr("sweep stopped"), 3000);
    }
}

void MainWindow::animationStep()
{
    if (m_model->isBusy() || m_partner.isBusy())
        return; // never queue work faster than it is done
    changeParams([this](attn::Params &p) {
        if (m_sweepLength) {
            const bool linked = p.keyLength == p.queryLength && !p.cross;
            p.queryLength = p.queryLength >= 4096 ? 1 : std::min(4096, p.queryLength * 2);
            if (linked)
                p.keyLength = p.queryLength;
            return;
        }
        const bool follow = p.dV == p.dK;
        p.dK = p.dK >= 1024 ? 1 : std::min(1024, p.dK * 2);
        if (follow)
            p.dV = p.dK;
    });
}

FigureOptions MainWindow::currentFigureOptions() const
{
    FigureOptions o;
    o.display = m_model->display();
    o.title = settingsTitle(m_model->params());
    return o;
}

bool MainWindow::exportTo(const QString &path, QString *error)
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
    return writeFigure(path, {{r, QString()}}, currentFigureOptions(), error);
}

bool MainWindow::exportComparison(const QString &path, bool softmaxDim, QString *error)
{
    m_model->waitForIdle();
    const auto r = m_model->result();
    FigureOptions o = currentFigureOptions();
    o.size = QSize(2 * o.size.width(), o.size.height());
    o.title = compareTitle(r->params, softmaxDim);
    return writeFigure(path, comparePanels(r, softmaxDim ? Comparison::SoftmaxDim : Comparison::Scaling), o, error);
}

bool MainWindow::exportDkSeries(const QString &folder, const QList<int> &values, QStringList *written, QString *error)
{
    m_model->waitForIdle();
    const ResultPtr start = m_model->result();
    std::vector<SeriesPicture> pictures;
    for (int dk : values) {
        attn::Params p = start->params;
        const bool dvFollows = p.dV == p.dK;
        p.dK = dk;
        if (dvFollows)
            p.dV = dk;
        if (auto e = attn::validate(p, attn::defaultMemoryBudget())) {
            *error = QString::fromStdString(e->message);
            return false;
        }
        pictures.push_back({QString::number(dk), p});
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
    QGuiApplication::clipboard()->setImage(renderFigure({{m_model->result(), QString()}}, currentFigureOptions()));
    statusBar()->showMessage(tr("Image copied to the clipboard"), 4000);
}

QString MainWindow::askExportPath(const QString &title, bool imagesOnly)
{
    QSettings s;
    const QStringList filters = QStringList{tr("PNG image (*.png)"), tr("PDF, vector (*.pdf)"), tr("SVG, vector (*.svg)"),
                                            tr("JPEG image (*.jpg)")}
                                + (imagesOnly ? QStringList()
                                              : QStringList{tr("CSV, the shown matrix (*.csv)"),
                                                            tr("NumPy .npy, all of (B, L, S) (*.npy)"),
                                                            tr("JSON, everything (*.json)")});
    QString filter = s.value("export/filter").toString();
    if (!filters.contains(filter))
        filter = filters.first();
    const QString folder = s.value("export/folder", QDir::homePath()).toString();
    const QString suffix = filter.section("(*.", 1).section(')', 0, 0);
    QString path = QFileDialog::getSaveFileName(this, title, QDir(folder).filePath("attention." + suffix),
                                                filters.join(";;"), &filter);
    if (path.isEmpty())
        return {};
    const QString chosen = filter.section("(*.", 1).section(')', 0, 0);
    if (QFileInfo(path).suffix().isEmpty())
        path += "." + chosen; // the format chosen in the dialog
    s.setValue("export/folder", QFileInfo(path).absolutePath());
    s.setValue("export/filter", filter);
    return path;
}

void MainWindow::reportExport(bool ok, const QString &path, const QString &error)
{
    if (ok)
        statusBar()->showMessage(tr("Written: %1").arg(path), 6000);
    else
        QMessageBox::warning(this, tr("Export failed"), error);
}

void MainWindow::showProblem(const QString &message)
{
    statusBar()->showMessage(message, 8000);
}

QString MainWindow::statusText() const
{
    return statusBar()->currentMessage();
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (m_rememberState) {
        QSettings s;
        s.setValue("window/geometry", saveGeometry());
        s.setValue("window/state", saveState());
        storeSettings(s, m_model->params(), m_model->display());
    }
    event->accept();
}
