// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/main_window.h"

#include "io/array_files.h"
#include "io/data_files.h"
#include "io/scenario.h"
#include "io/settings_store.h"
#include "loaded.h"
#include "model/messages.h"
#include "model/translations.h"
#include "multihead.h"
#include "params_edit.h"
#include "widgets/caption_line.h"
#include "widgets/comparison_view.h"
#include "widgets/controls_panel.h"
#include "widgets/explanation_panel.h"
#include "widgets/export_actions.h"
#include "widgets/heatmap_panel.h"
#include "widgets/key_actions.h"
#include "widgets/main_menus.h"
#include "widgets/mistakes_window.h"
#include "widgets/other_windows.h"
#include "widgets/pipeline_view.h"
#include "widgets/presentation.h"
#include "widgets/steady_box.h"
#include "widgets/training_window.h"
#include "widgets/undo_history.h"
#include "widgets/why_scale_window.h"

#include <qcustomplot.h>

#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QFileInfo>
#include <QFontInfo>
#include <QLabel>
#include <QMenuBar>
#include <QMimeData>
#include <QResizeEvent>
#include <QScreen>
#include <QSettings>
#include <QStatusBar>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>
#include <cstdlib>

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
    m_caption = new CaptionLine(model, &m_lesson, central);
    m_view = new ComparisonView(model, &m_comparison, central);
    m_explanation = new ExplanationPanel(model, central);
    m_explanation->setComparison(&m_comparison);
    m_windows = new OtherWindows(model, this);
    m_keys = new KeyActions(model, &m_comparison, &m_lesson, &m_sweep, this,
        { [this](int delta) { stepLesson(delta); }, [this] { setPresentation(!m_presentation, true); },
            [this] { setPresentation(false); }, [this](const QString &name) { m_windows->toggle(name); } });
    auto *layout = new QVBoxLayout(central);
    layout->setContentsMargins(4, 4, 4, 0);
    layout->addWidget(m_keys->demoBar());
    layout->addWidget(m_caption);
    layout->addWidget(m_view, 1);
    layout->addWidget(new SteadyBox(m_explanation, central)); // a new number relays out the strip, not the window
    setCentralWidget(central);

    m_controls = new ControlsPanel(model, this);
    m_dock = new QDockWidget(this);
    m_dock->setObjectName("settingsDock");
    m_dock->setWidget(m_controls);
    m_dock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable);
    addDockWidget(Qt::LeftDockWidgetArea, m_dock);
    m_busy = new QLabel(this);
    m_busy->setObjectName("busy");
    statusBar()->addPermanentWidget(m_busy);

    // The label keeps one size and only its text comes and goes: shown and hidden, it relaid out the whole window
    // twice per change (at L = 512 that took longer than the computation). It says "computing…" only for work that
    // takes longer than kBusyDelayMs: a word that flashes for a few milliseconds tells nothing and costs two repaints.
    m_busyDelay = model->clock().createTimer(this);
    m_busyDelay->setSingleShot(true);
    m_busyDelay->setInterval(kBusyDelayMs);
    connect(m_busyDelay, &ClockTimer::timeout, this, [this] { m_busy->setText(tr("computing…")); });
    connect(model, &AttentionModel::busyChanged, this, [this](bool busy) {
        if (busy)
            m_busyDelay->start();
        else {
            m_busyDelay->stop();
            m_busy->clear();
        }
    });
    connect(model, &AttentionModel::problem, this, &MainWindow::showProblem);
    connect(&m_comparison, &CompareController::layoutChanged, m_caption, &CaptionLine::update);
    connect(m_caption, &CaptionLine::changed, this, [this] {
        if (m_presentation)
            fitPresentation();
    });
    connect(
        model, &AttentionModel::resultChanged, this,
        [this] {
            if (m_presentation)
                fitPresentation(); // the explanation's text changed
        },
        Qt::QueuedConnection);
    connect(&m_lesson, &LessonController::stepChanged, this, [this] { updateTitle(); });
    connect(&m_sweep, &SweepController::runningChanged, this, [this](bool running) {
        statusBar()->showMessage(!running                         ? tr("sweep stopped")
                : m_sweep.over() == SweepController::Over::Length ? tr("length sweep running (Space stops it)")
                                                                  : tr("d_k sweep running (Space stops it)"),
            3000);
    });

    m_undo = new UndoHistory(model, &m_lesson, this);
    m_exports = new ExportActions(model, this);
    m_menus = new MainMenus(this);
    retranslate(); // the texts, the menus among them
    connect(model, &AttentionModel::captionChanged, this, &MainWindow::updateTitle);
    connect(model, &AttentionModel::paramsChanged, this, &MainWindow::updateTitle);
    // The demo's keys work in the steps' window too (but Esc, which closes that window).
    for (QAction *a : m_keys->actions())
        if (a->objectName() != QLatin1String("leavePresentation"))
            pipeline()->addAction(a);

    // 1400 x 900, or less on a smaller screen (a 1280 x 720 projector)
    const QSize available = screen() ? screen()->availableGeometry().size() : QSize(1400, 900);
    resize(QSize(1400, 900).boundedTo(available));
    if (m_rememberState) {
        QSettings s;
        restoreGeometry(s.value("window/geometry").toByteArray());
        restoreState(s.value("window/state").toByteArray());
        // Where it was, but never partly off the screen: without a window manager Qt put a restored window a
        // title bar lower (at 1280 x 720 its bottom 20 pixels were off the screen at every start).
        if (screen()) {
            const QRect a = screen()->availableGeometry();
            QRect g = geometry();
            if (!a.contains(g)) {
                g.setSize(g.size().boundedTo(a.size()));
                g.moveTo(std::clamp(g.left(), a.left(), a.right() + 1 - g.width()),
                    std::clamp(g.top(), a.top(), a.bottom() + 1 - g.height()));
                setGeometry(g);
            }
        }
    }
    heatmap()->plot()->setFocusPolicy(Qt::StrongFocus);
    heatmap()->plot()->setFocus();
}

QAction *MainWindow::action(const QString &name) const
{
    if (QAction *a = m_keys->action(name))
        return a;
    return findChild<QAction *>(name);
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
            m_view->alignPanels(); // decided again on the laid-out panels (the second time for the widths it gave)
        m_view->replotNow();
    }
}

void MainWindow::updateTitle()
{
    setWindowTitle(tr("attention-viz — %1").arg(shownTitle()));
    // The lesson's step in the status bar as long as it is shown (a projector without a window manager shows no
    // title); gone once the settings leave it. (Another message may take its place meanwhile.)
    const QString step = m_lesson.onStep() && m_model->captionIsCurrent()
        ? tr("Lesson step %1 of %2").arg(m_lesson.currentStep() + 1).arg(m_lesson.length())
        : QString();
    if (step != m_stepMessage) {
        if (!m_stepMessage.isEmpty() && statusBar()->currentMessage() == m_stepMessage)
            statusBar()->clearMessage();
        if (!step.isEmpty())
            statusBar()->showMessage(step);
        m_stepMessage = step;
    }
}

QString MainWindow::shownTitle() const
{
    // A lesson's step, one of the lecture's examples, a scenario's example, or what the user set.
    if (m_model->captionIsCurrent() && !m_model->caption().isEmpty()) {
        if (m_lesson.currentScenario())
            return tr("%1, step %2 of %3")
                .arg(m_lesson.title(interfaceIsChinese()))
                .arg(m_lesson.currentStep() + 1)
                .arg(m_lesson.length());
        const QMap<QString, QString> titles { { "qkv-basics", tr("Block 1 of the lecture") },
            { "why-scale", tr("Block 2 of the lecture") }, { "sdpa-check", tr("Block 3 of the lecture") },
            { "wrong-dim", tr("the lecture's exercise") } };
        for (const Preset &p : presets())
            if (p.scenario.params == m_model->params() && p.scenario.compare == m_model->compare()
                && p.scenario.captionEn == m_model->captionEn())
                return titles.value(p.name, p.name);
        return tr("the scenario's example");
    }
    if (m_model->params().loaded && !attn::multiheadOf(m_model->params())) {
        const QString source = QString::fromStdString(m_model->params().loaded->source);
        return !m_builtInSource.isEmpty() && source == m_builtInSource ? tr("the built-in example (%1)").arg(source)
                                                                       : tr("your data (%1)").arg(source);
    }
    return tr("your settings");
}

void MainWindow::fitBusy()
{
    m_busy->setFixedSize(m_busy->fontMetrics().size(Qt::TextSingleLine, tr("computing…")) + QSize(6, 2));
    if (!m_busy->text().isEmpty())
        m_busy->setText(tr("computing…")); // in the new language
}

void MainWindow::retranslate()
{
    // A message of the status bar in the language before is taken away (it was said; the window's own texts say
    // the state); the lesson's step is said again in the new one (updateTitle).
    statusBar()->clearMessage();
    m_stepMessage.clear();
    updateTitle();
    m_dock->setWindowTitle(tr("Settings"));
    fitBusy();
    m_keys->retranslate();
    m_undo->retranslate(); // (before the Edit menu says what Undo undoes)
    m_menus->build();
    m_comparison.retranslate();
    m_caption->update();
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
            m_view->alignPanels();
        });
    }
    QMainWindow::changeEvent(event);
}

void MainWindow::giveKeysBack()
{
    activateWindow();
    heatmap()->plot()->setFocus();
}

QString MainWindow::captionText() const
{
    return m_caption->shownText();
}

void MainWindow::applyScenario(const Scenario &s)
{
    const std::optional<Classroom> &c = s.classroom;
    if (c && !c->language.isEmpty() && (c->language == QLatin1String("zh")) != interfaceIsChinese())
        setInterfaceLanguage(c->language);
    QString error;
    if (c && !c->lessonPath.isEmpty() && openLesson(c->lessonPath, &error)) { // (loadScenario read it already)
        m_lesson.step(c->lessonStep);
        const Scenario *step = m_lesson.currentScenario();
        // The demo's own settings over the lesson kept at its step (also when they are not the step's after all).
        if (!c->onStep || !step || !step->showsAs(s)) {
            m_lesson.leave();
            ::applyScenario(m_model, s);
        }
    } else {
        if (!error.isEmpty())
            showProblem(error);
        m_lesson.leave(); // a preset or a file in the lesson's place: it no longer says "step 4/8"
        ::applyScenario(m_model, s);
    }
    m_caption->update();
    if (!c)
        return;
    whyScale()->setSettings(c->whyScale.keys, c->whyScale.trials, c->whyScale.scaling, c->whyScale.additiveHidden > 0);
    training()->setSettings(c->training);
    mistakes()->setMistake(c->mistake);
    setPresentation(c->presentation);
    m_windows->openOnly(c->windows); // (after presentation mode: they open presenting, the last with the keys)
    if (c->windows.isEmpty())
        giveKeysBack();
}

Scenario MainWindow::currentScenario(bool classroom) const
{
    Scenario s;
    if (classroom) {
        Classroom c;
        c.presentation = m_presentation;
        c.language = interfaceIsChinese() ? QStringLiteral("zh") : QStringLiteral("en");
        if (m_lesson.hasLesson()) {
            c.lessonPath = m_lessonPath;
            c.lessonStep = std::max(0, m_lesson.currentStep());
            c.onStep = m_lesson.onStep();
        }
        c.windows = m_windows->openNames();
        c.whyScale = whyScale()->settings();
        c.training = training()->settings();
        c.mistake = mistakes()->mistake();
        s.classroom = c;
    }
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

bool MainWindow::openData(const QStringList &paths, QString *error)
{
    const auto files = io::classifyDataFiles(paths, error);
    if (!files)
        return false;
    if (files->isWeights())
        return openWeights(files->weights, error);
    const auto in = io::loadInputs(files->q, files->k, files->v, error);
    if (!in)
        return false;
    // What the data computes: ÷√d_k, softmax over the keys, no mask (the settings shown were for other data).
    attn::Params p;
    attn::setLoaded(p, in);
    if (auto e = attn::validate(p, attn::defaultMemoryBudget())) {
        *error = QString::fromStdString(e->field + ": " + e->message);
        return false;
    }
    if (!m_model->setParams(p)) {
        *error = tr("These arrays are too large for this machine.");
        return false;
    }
    // Nor the example's comparison or caption, nor the lesson's step: the data alone, as it computes.
    m_lesson.leave();
    m_model->setCompare(CompareKind::None);
    m_model->setCaption(QString(), QString());
    const bool builtIn = paths.first().startsWith(QLatin1String(":/"));
    if (!builtIn) // (the built-in example is in File > Examples)
        m_menus->rememberData(paths);
    m_builtInSource = builtIn ? QString::fromStdString(in->source) : QString(); // (the title says whose data)
    updateTitle();
    if (in->nonFinite > 0)
        showProblem(tr("%1: %2 values are NaN or infinite; the weights of the rows whose scores they make NaN or +∞ "
                       "are NaN, as in PyTorch (grey on the map).")
                        .arg(QString::fromStdString(in->source))
                        .arg(in->nonFinite));
    else
        statusBar()->showMessage(tr("%1: shown divided by √d_k, softmax over the keys, no mask (Ctrl+Z brings back "
                                    "the settings before)")
                                     .arg(QString::fromStdString(in->source)),
            8000);
    return true;
}

bool MainWindow::openWeights(const QString &path, QString *error)
{
    const auto w = io::loadWeights(path, error);
    if (!w)
        return false;
    showWeights(w);
    if (!path.startsWith(QLatin1String(":/")))
        m_menus->rememberData({ path });
    return true;
}

void MainWindow::showWeights(std::shared_ptr<const attn::LoadedWeights> w)
{
    m_windows->showWeights(std::move(w));
}

bool MainWindow::openLesson(const QString &path, QString *error, int fromShownBy)
{
    auto lesson = loadLesson(path, error);
    if (!lesson)
        return false; // the current state stays
    // Paging from a state one of its steps shows (a preset of the lecture: block 2), the lesson goes on from
    // that step; from anything else it starts at its first.
    const int shown = fromShownBy != 0 ? LessonController::stepShowing(*lesson, *m_model) : -1;
    m_lesson.setLesson(std::move(*lesson), shown < 0 ? 0 : shown + fromShownBy);
    m_lessonPath = path.startsWith(QLatin1String(":/")) ? path : QFileInfo(path).absoluteFilePath();
    return true;
}

void MainWindow::stepLesson(int delta)
{
    QString error;
    if (!m_lesson.hasLesson()) {
        if (!openLesson(builtInLessonPath(), &error, delta))
            showProblem(error);
        return;
    }
    m_lesson.step(delta);
}

void MainWindow::showMistakes(attn::Mistake m)
{
    m_windows->showMistakes(m);
}

void MainWindow::setPresentation(bool on, bool fullScreen)
{
    if (on == m_presentation)
        return;
    m_presentation = on;
    markPresenting(this, on); // (its dialogs present too: presentDialog)
    m_windows->setPresentation(on);
    m_dock->setVisible(!on);
    menuBar()->setVisible(!on);
    m_keys->demoBar()->setVisible(on);
    setPresentationStyle(this, on);
    if (on && fullScreen)
        showOnWholeScreen(this); // (without a window manager a full-screen wish left it where it stood)
    else if (isFullScreen())
        showNormal();
    fitPresentation();
    m_view->alignPanels(); // the text sizes changed: side by side or stacked may change too
    QTimer::singleShot(0, m_view, &ComparisonView::alignPanels); // and again on the panels laid out with them
    heatmap()->plot()->setFocus();
}

void MainWindow::resizeEvent(QResizeEvent *event)
{
    QMainWindow::resizeEvent(event);
    if (event->size().width() != event->oldSize().width())
        fitDock();
    fitPresentation();
    m_view->alignPanels();
}

void MainWindow::fitDock()
{
    // The settings take about a quarter of a small window (at 1280 px the maps get what the settings can spare),
    // up to the width where every choice shows in full (about 70 x-widths) on a large one. A width the user dragged
    // the settings to stays.
    if (isVisible() && m_dock->isVisible() && m_dockWidthSet >= 0 && std::abs(m_dock->width() - m_dockWidthSet) > 2)
        return;
    const int least = m_dock->minimumSizeHint().width();
    const int full = std::max(least, 70 * m_dock->fontMetrics().horizontalAdvance(QLatin1Char('x')));
    const int chosen = std::clamp(int(this->width() * 0.26), least, full);
    resizeDocks({ m_dock }, { chosen }, Qt::Horizontal);
    m_dockWidthSet = chosen;
}

void MainWindow::fitPresentation()
{
    // Normal mode: the application's text sizes. Presentation: larger for the window's size, and the caption and
    // explanation shrink (to no less than normal) before the heatmaps do: together they take at most about a third
    // of the height.
    const double base = QApplication::font().pointSizeF();
    const double scale = m_presentation ? presentationScale(this) : 1.0;
    m_view->setPresentation(m_presentation, scale);
    QFont bf = QApplication::font();
    bf.setPointSizeF(base * (m_presentation ? std::max(1.0, scale * 0.7) : 1.0));
    bf.setBold(m_presentation);
    m_keys->setButtonFont(bf);
    // "Lesson step 4 of 8" reads from the back too: no smaller than the least a presenting window writes.
    QFont sf = bf;
    if (m_presentation && QFontInfo(sf).pixelSize() < kLeastPresentedNumberPixels)
        sf.setPixelSize(kLeastPresentedNumberPixels);
    statusBar()->setFont(sf);
    fitBusy();
    const int width = std::max(200, centralWidget()->width() - 16);
    const auto captionScale = [this, base](double s) {
        QFont cf = QApplication::font();
        cf.setPointSizeF(base * s);
        m_caption->setFont(cf);
    };
    m_explanation->setPresentation(m_presentation);
    if (!m_presentation) {
        m_explanation->setFontScale(1.0);
        captionScale(1.15);
        return;
    }
    // Their numbers too are read from the back of the room: no smaller than the least a presenting window writes.
    const double least = (kLeastPresentedNumberPixels + 0.5) / std::max(1, QFontInfo(QApplication::font()).pixelSize());
    fitScale([this](double s) { m_explanation->setFontScale(s); },
        [this, width] { return m_explanation->layout()->totalHeightForWidth(width); }, std::max(scale, least),
        0.2 * height(), least);
    fitScale(
        captionScale, [this, width] { return m_caption->isVisible() ? m_caption->heightForWidth(width) : 0; },
        std::max(scale * 1.1, least), 0.13 * height(), least);
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
    m_menus->openDropped(paths);
}
