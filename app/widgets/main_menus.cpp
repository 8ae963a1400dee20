// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/main_menus.h"

#include "widgets/heatmap_panel.h"
#include "widgets/key_help.h"

#include "io/scenario.h"
#include "model/messages.h"
#include "model/translations.h"
#include "pytorch_code.h"
#include "render/versions.h"
#include "widgets/comparison_view.h"
#include "widgets/export_actions.h"
#include "widgets/key_help.h"
#include "widgets/main_window.h"
#include "widgets/other_windows.h"
#include "widgets/presentation.h"
#include "widgets/theme.h"
#include "widgets/undo_history.h"

#include <QActionGroup>
#include <QApplication>
#include <QClipboard>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenuBar>
#include <QMessageBox>
#include <QPointer>
#include <QRegularExpression>
#include <QScreen>
#include <QSettings>
#include <QStatusBar>
#include <QTextBrowser>
#include <QTimer>
#include <QUndoStack>
#include <QVBoxLayout>

MainMenus::MainMenus(MainWindow *window)
    : QObject(window)
    , m_window(window)
{
}

void MainMenus::build()
{
    // Built again in a new language: the old menus go, with their actions and action groups.
    QMenuBar *bar = m_window->menuBar();
    bar->clear();
    for (const QPointer<QMenu> &menu : std::as_const(m_menus))
        delete menu.data();
    m_menus.clear();
    for (QMenu *menu : { buildFile(), buildEdit(), buildLecture(), buildMistakes(), buildView(), buildHelp() }) {
        bar->addMenu(menu);
        m_menus << menu;
    }
    // F10 opens the menus from the keyboard (File first, the arrows go on from there), as in most desktops'
    // programs; in presentation mode, where the bar is hidden, the File menu alone at the window's corner.
    QAction *menus = m_window->findChild<QAction *>(QStringLiteral("menusAction"), Qt::FindDirectChildrenOnly);
    if (!menus) {
        menus = new QAction(m_window);
        menus->setObjectName("menusAction");
        menus->setShortcut(QKeySequence(Qt::Key_F10));
        menus->setShortcutContext(Qt::WindowShortcut);
        connect(menus, &QAction::triggered, this, [this] {
            QMenuBar *menuBar = m_window->menuBar();
            if (menuBar->actions().isEmpty())
                return;
            // (presenting, the bar is hidden: shown while a menu is open, so that the arrows reach every menu, and
            // hidden again once none is)
            if (!menuBar->isVisible() && m_window->isPresentation()) {
                menuBar->show();
                for (const QPointer<QMenu> &menu : std::as_const(m_menus))
                    if (menu)
                        connect(menu, &QMenu::aboutToHide, this, &MainMenus::hideBarAfterMenus, Qt::UniqueConnection);
            }
            menuBar->setActiveAction(menuBar->actions().constFirst());
        });
        m_window->addAction(menus);
    }
    menus->setText(tr("The menus (File first; Esc closes them)"));
    // Menu shortcuts (Ctrl+Q, F1, Ctrl+E, ...) keep working in presentation mode, where the menu bar is hidden.
    for (const QPointer<QMenu> &menu : std::as_const(m_menus))
        for (QAction *a : menu->findChildren<QAction *>())
            if (!a->shortcut().isEmpty() && !m_window->actions().contains(a))
                m_window->addAction(a);
    // Saving a demo, quitting and the list of keys work from the other windows too.
    QList<QAction *> shared;
    for (const QPointer<QMenu> &menu : std::as_const(m_menus))
        for (QAction *a : menu->findChildren<QAction *>())
            if (QStringList { "saveDemoAction", "quitAction", "shortcutsAction" }.contains(a->objectName()))
                shared << a;
    m_window->windows()->shareActions(shared);
}

QMenu *MainMenus::buildFile()
{
    ExportActions *exports = m_window->exports();
    auto *file = new QMenu(tr("&File"), m_window);
    QAction *exportAction = file->addAction(tr("&Export…"), exports, &ExportActions::exportWithDialog);
    exportAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    exportAction->setObjectName("exportAction");
    QMenu *compare = file->addMenu(tr("Export &comparison"));
    compare->addAction(tr("Scaled and not scaled…"), exports,
        [exports] { exports->exportComparisonWithDialog(CompareKind::Scaling); });
    compare->addAction(tr("Softmax over keys and over queries…"), exports,
        [exports] { exports->exportComparisonWithDialog(CompareKind::SoftmaxDim); });
    file->addAction(tr("Export a d_k se&ries (1, 4, 16, 64, 256)…"), exports, &ExportActions::exportSeriesWithDialog);
    QAction *copy = file->addAction(tr("Co&py image"), m_window, &MainWindow::copyImage);
    copy->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
    copy->setObjectName("copyImageAction");
    file->addSeparator();
    QAction *openDataAction = file->addAction(tr("Open attention &data…"), this, &MainMenus::openData);
    openDataAction->setShortcut(QKeySequence::Open);
    openDataAction->setObjectName("openDataAction");
    QMenu *examples = file->addMenu(tr("E&xamples"));
    QAction *reverse
        = examples->addAction(tr("Trained: reversing 8 digits (one layer, 2 heads)"), this, &MainMenus::openExample);
    reverse->setObjectName("exampleReverse");
    m_recentData = file->addMenu(tr("Recent data"));
    m_recentData->setObjectName("recentDataMenu");
    updateRecentData();
    file->addAction(tr("&Open scenario…"), this, &MainMenus::openScenario);
    file->addAction(tr("&Save scenario…"), this, [this] { saveScenario(false); });
    // The classroom too, for a prepared demo; a key, since presentation mode has no menu bar.
    QAction *saveDemo = file->addAction(tr("Save as de&mo (with presentation mode, lesson step and open windows)…"),
        this, [this] { saveScenario(true); });
    saveDemo->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S));
    saveDemo->setObjectName("saveDemoAction");
    file->addAction(tr("Open &lesson…"), this, &MainMenus::openLesson);
    QAction *quit = file->addAction(tr("&Quit"), m_window, &QWidget::close);
    quit->setObjectName("quitAction");
    QList<QKeySequence> quitKeys = QKeySequence::keyBindings(QKeySequence::Quit); // empty on some platforms
    if (!quitKeys.contains(QKeySequence(Qt::CTRL | Qt::Key_Q)))
        quitKeys << QKeySequence(Qt::CTRL | Qt::Key_Q);
    quit->setShortcuts(quitKeys);
    return file;
}

QMenu *MainMenus::buildEdit()
{
    auto *edit = new QMenu(tr("&Edit"), m_window);
    UndoHistory *history = m_window->undoHistory();
    // Undo and redo of every change of the settings, the display and the comparison; the menu says which.
    QAction *undo = edit->addAction(tr("&Undo"), history, &UndoHistory::undo);
    undo->setObjectName("undoAction");
    undo->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Z));
    QAction *redo = edit->addAction(tr("&Redo"), history, &UndoHistory::redo);
    redo->setObjectName("redoAction");
    redo->setShortcuts({ QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z), QKeySequence(Qt::CTRL | Qt::Key_Y) });
    // The stack, not the window: it also signals while the window's children are deleted (the window itself gone).
    const auto updateUndo = [stack = static_cast<const QUndoStack *>(history->stack()), undo, redo] {
        undo->setEnabled(stack->canUndo());
        redo->setEnabled(stack->canRedo());
        undo->setText(stack->canUndo() ? tr("&Undo %1").arg(stack->undoText()) : tr("&Undo"));
        redo->setText(stack->canRedo() ? tr("&Redo %1").arg(stack->redoText()) : tr("&Redo"));
    };
    connect(history->stack(), &QUndoStack::indexChanged, undo, updateUndo);
    connect(history->stack(), &QUndoStack::cleanChanged, undo, updateUndo);
    updateUndo();
    edit->addSeparator();
    // The state as code others run: PyTorch drawing the same tensors, or the command that reopens it.
    QAction *copyCode = edit->addAction(tr("Copy as &PyTorch code"), this, &MainMenus::copyPytorchCode);
    copyCode->setObjectName("copyPytorchAction");
    copyCode->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P));
    copyCode->setToolTip(tr("A runnable Python script: torch.manual_seed, torch.randn, the scaling, the mask and "
                            "F.softmax, printing the weights of the element shown"));
    QAction *copyCommand = edit->addAction(tr("Copy as command &line"), this, &MainMenus::copyCommandLine);
    copyCommand->setObjectName("copyCommandAction");
    copyCommand->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_L));
    edit->setToolTipsVisible(true);
    return edit;
}

QMenu *MainMenus::buildLecture()
{
    auto *lecture = new QMenu(tr("&Lecture"), m_window);
    // Each of the lecture's examples by what it shows, with the name --preset knows it by.
    const QMap<QString, QString> described { { "qkv-basics", tr("Block 1: Q, K, V projected from X") },
        { "why-scale", tr("Block 2: why divide by √d_k (scaled beside not scaled)") },
        { "sdpa-check", tr("Block 3: the same as F.scaled_dot_product_attention") },
        { "wrong-dim", tr("Exercise: softmax over the wrong dim (−2)") } };
    for (const Preset &p : presets()) {
        const QString text
            = described.contains(p.name) ? QStringLiteral("%1   (%2)").arg(described.value(p.name), p.name) : p.name;
        // The keys then go to the map (a settings field that had them would take the lecture's letters and Ctrl+E).
        QAction *a = lecture->addAction(text, m_window, [window = m_window, name = p.name] {
            window->applyScenario(findPreset(name)->scenario);
            window->heatmap()->plot()->setFocus();
        });
        a->setObjectName("preset-" + p.name);
    }
    lecture->addSeparator();
    QAction *start = lecture->addAction(tr("Start the lecture's lesson"), this, &MainMenus::startLesson);
    start->setObjectName("startLesson");
    lecture->addAction(m_window->action("nextStep"));
    lecture->addAction(m_window->action("previousStep"));
    return lecture;
}

QMenu *MainMenus::buildMistakes()
{
    auto *mistakes = new QMenu(tr("&Mistakes"), m_window);
    mistakes->setObjectName("mistakesMenu");
    mistakes->addAction(m_window->action("showMistakes"));
    mistakes->addSeparator();
    const QStringList titles { tr("Forgetting ÷√d_k"), tr("softmax over dim=-2"),
        tr("MHA's key_padding_mask handed to SDPA"), tr("Q @ K.transpose(0, 1)"), tr("Q.transpose(-2, -1) @ K") };
    for (int i = 0; i < int(attn::allMistakes().size()); ++i) {
        const attn::Mistake m = attn::allMistakes()[std::size_t(i)];
        QAction *a = mistakes->addAction(QStringLiteral("&%1  %2").arg(i + 1).arg(titles[i]), m_window,
            [window = m_window, m] { window->showMistakes(m); });
        a->setObjectName(QStringLiteral("mistake-%1").arg(QString::fromStdString(attn::mistakeName(m))));
    }
    return mistakes;
}

QMenu *MainMenus::buildView()
{
    auto *view = new QMenu(tr("&View"), m_window);
    addCompareMenu(view);
    for (const char *name : { "showPipeline", "showWhyScale", "showTraining", "showHull", "showHeads", "toggleGradient",
             "presentation", "animate" })
        view->addAction(m_window->action(name));
    addSweepMenus(view);
    QAction *reset = view->addAction(tr("&Reset zoom"), m_window->comparisonView(), &ComparisonView::resetZoom);
    reset->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_0));
    addLanguageMenu(view);
    addThemeMenu(view);
    return view;
}

void MainMenus::addCompareMenu(QMenu *view)
{
    AttentionModel *model = m_window->model();
    QMenu *comparison = view->addMenu(tr("&Compare"));
    const QList<QPair<QString, CompareKind>> kinds { { tr("No comparison"), CompareKind::None },
        { tr("Scaled and not scaled"), CompareKind::Scaling },
        { tr("Softmax over keys and over queries"), CompareKind::SoftmaxDim },
        { tr("d_k and 16 × d_k (at most 1024)"), CompareKind::Dk },
        { tr("Dot product and additive"), CompareKind::Score },
        { tr("Masked with −inf and with −1e9"), CompareKind::MaskFill },
        { tr("By hand and F.scaled_dot_product_attention"), CompareKind::Sdpa } };
    auto *group = new QActionGroup(comparison);
    for (const auto &k : kinds) {
        QAction *a = comparison->addAction(k.first);
        a->setCheckable(true);
        a->setChecked(k.second == model->compare());
        group->addAction(a);
        connect(a, &QAction::triggered, model, [model, kind = k.second] { model->setCompare(kind); });
        connect(model, &AttentionModel::compareChanged, a,
            [a, kind = k.second](CompareKind now) { a->setChecked(now == kind); });
        if (k.second == CompareKind::Dk) // loaded files fix d_k: nothing to compare
            connect(model, &AttentionModel::paramsChanged, a, [a](const attn::Params &p) { a->setEnabled(!p.loaded); });
    }
}

void MainMenus::addSweepMenus(QMenu *view)
{
    SweepController *sweep = m_window->sweep();
    QMenu *over = view->addMenu(tr("S&weep over"));
    auto *overs = new QActionGroup(over);
    for (const auto &sw : QList<QPair<QString, bool>> { { tr("d_k (1 to 1024, scaled beside not scaled)"), false },
             { tr("the length (L = S = 1 to 4096: entropy grows like ln S)"), true } }) {
        QAction *a = over->addAction(sw.first, sweep, [sweep, length = sw.second] {
            sweep->setOver(length ? SweepController::Over::Length : SweepController::Over::Dk);
        });
        a->setCheckable(true);
        a->setChecked(sw.second == (sweep->over() == SweepController::Over::Length));
        a->setObjectName(sw.second ? "sweepLength" : "sweepDk");
        overs->addAction(a);
    }
    QMenu *speed = view->addMenu(tr("Sweep &speed"));
    auto *speeds = new QActionGroup(speed);
    for (const auto &sp : QList<QPair<QString, int>> { { tr("Slow (one d_k every 1.5 s)"), 1500 },
             { tr("Normal (every 0.7 s)"), 700 }, { tr("Fast (every 0.25 s)"), 250 } }) {
        QAction *a = speed->addAction(sp.first, sweep, [sweep, ms = sp.second] { sweep->setInterval(ms); });
        a->setCheckable(true);
        a->setChecked(sp.second == sweep->interval());
        a->setObjectName(QStringLiteral("sweep%1ms").arg(sp.second));
        speeds->addAction(a);
    }
}

void MainMenus::addLanguageMenu(QMenu *view)
{
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
}

void MainMenus::addThemeMenu(QMenu *view)
{
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
        connect(a, &QAction::triggered, m_window, [window = m_window, name = name] {
            applyTheme(name);
            if (window->remembersState())
                QSettings().setValue("ui/theme", name); // the next start too (--theme overrides it)
        });
    }
}

QMenu *MainMenus::buildHelp()
{
    auto *help = new QMenu(tr("&Help"), m_window);
    QAction *guide = help->addAction(tr("&User guide"), m_window->windows(), &OtherWindows::showGuide);
    guide->setObjectName("userGuideAction");
    QAction *shortcuts = help->addAction(tr("&Keyboard shortcuts"), this, &MainMenus::showShortcuts);
    shortcuts->setShortcut(QKeySequence::HelpContents);
    shortcuts->setObjectName("shortcutsAction");
    help->addAction(tr("&About attention-viz"), this, &MainMenus::about);
    return help;
}

void MainMenus::setLanguage(const QString &code)
{
    if (!setInterfaceLanguage(code)) {
        m_window->statusBar()->showMessage(
            tr("The Chinese translation could not be loaded; the window stays in English"), 8000);
        return;
    }
    if (m_window->remembersState())
        QSettings().setValue("ui/language", code); // the next start too (--lang overrides it)
}

void MainMenus::openDropped(const QStringList &paths)
{
    QString error;
    if (paths.size() == 1 && paths.first().toLower().endsWith(QLatin1String(".json"))) {
        // A scenario, or a lesson (a list of steps).
        if (const auto s = readScenario(paths.first(), &error)) {
            m_window->applyScenario(*s);
            return;
        }
        if (error.isEmpty())
            return; // the user said no to its files outside its folder
        QString lessonError;
        if (m_window->openLesson(paths.first(), &lessonError))
            return;
        QMessageBox::warning(m_window, tr("Cannot open the file"), translatedMessage(error));
        return;
    }
    if (!m_window->openData(paths, &error))
        QMessageBox::warning(m_window, tr("Cannot open the data"), translatedMessage(error));
}

void MainMenus::openData()
{
    const QStringList paths = QFileDialog::getOpenFileNames(m_window,
        tr("Open attention data: Q and K (and V) as one .npz or files named q, k, v; or weights alone (an .npz's "
           "attn, or a file named weights or attn)"),
        QString(), tr("Attention data (*.npz *.npy *.csv *.tsv *.txt)"));
    QString error;
    if (!paths.isEmpty() && !m_window->openData(paths, &error))
        QMessageBox::warning(m_window, tr("Cannot open the data"), translatedMessage(error)); // the state stays
}

void MainMenus::openExample()
{
    QString error;
    if (!m_window->openData({ QStringLiteral(":/examples/reverse.npz") }, &error))
        QMessageBox::warning(m_window, tr("Cannot open the example"), translatedMessage(error));
}

void MainMenus::openScenario()
{
    const QString path
        = QFileDialog::getOpenFileName(m_window, tr("Open a scenario"), QString(), tr("Scenario (*.json)"));
    if (path.isEmpty())
        return;
    QString error;
    if (const auto s = readScenario(path, &error))
        m_window->applyScenario(*s);
    else if (!error.isEmpty())
        QMessageBox::warning(m_window, tr("Cannot open the scenario"), translatedMessage(error)); // the state stays
}

std::optional<Scenario> MainMenus::readScenario(const QString &path, QString *error)
{
    QStringList outside;
    if (auto s = loadScenario(path, error, false, &outside); s || outside.isEmpty())
        return s;
    QWidget *had = QApplication::activeWindow();
    QMessageBox box(QMessageBox::Warning, tr("Read files outside the scenario's folder?"),
        tr("%1 reads files outside its own folder:\n\n%2\n\nA scenario someone sent you should read only the files "
           "that came with it. Read these files anyway?")
            .arg(QFileInfo(path).fileName(), outside.join(QLatin1Char('\n'))),
        QMessageBox::Yes | QMessageBox::No, m_window);
    box.setObjectName("outsideFilesQuestion");
    box.setDefaultButton(QMessageBox::No);
    presentDialog(&box, m_window);
    const bool yes = box.exec() == QMessageBox::Yes;
    giveKeysBackTo(had);
    if (!yes) {
        error->clear(); // nothing more to say: the state stays
        return std::nullopt;
    }
    return loadScenario(path, error, true);
}

void MainMenus::saveScenario(bool demo)
{
    const Scenario s = m_window->currentScenario(demo); // (before a dialog takes the keys)
    const QPointer<QWidget> had = QApplication::activeWindow(); // the window on top, which gets the keys back
    QFileDialog dialog(m_window, demo ? tr("Save the demo") : tr("Save the scenario"),
        demo ? "demo.json" : "scenario.json", tr("Scenario (*.json)"));
    dialog.setAcceptMode(QFileDialog::AcceptSave); // (asks before replacing a file)
    dialog.setDefaultSuffix(QStringLiteral("json"));
    if (isPresenting(m_window)) { // saved from presentation mode: the projector's text, and room for it
        dialog.setOption(QFileDialog::DontUseNativeDialog);
        presentDialog(&dialog, m_window);
        dialog.resize(m_window->size() * 0.8);
    }
    const QString path = dialog.exec() == QDialog::Accepted ? dialog.selectedFiles().value(0) : QString();
    QString error;
    if (!path.isEmpty() && !::saveScenario(path, s, &error))
        QMessageBox::warning(m_window, tr("Cannot save the scenario"), translatedMessage(error));
    else if (!path.isEmpty())
        m_window->statusBar()->showMessage(demo
                ? tr("Demo saved: opening %1 restores these settings, presentation mode, the lesson step and the "
                     "open windows")
                      .arg(QFileInfo(path).fileName())
                : tr("Scenario saved: %1").arg(QFileInfo(path).fileName()),
            6000);
    giveKeysBackTo(had);
}

void MainMenus::giveKeysBackTo(QWidget *had)
{
    // Without a window manager nothing else gives them back after a dialog: to the window that had them (one of the
    // other windows on top, its key pressed there), else the main window.
    if (had && had != m_window && had->isVisible()) {
        had->raise();
        had->activateWindow();
    } else {
        m_window->giveKeysBack();
    }
}

void MainMenus::openLesson()
{
    const QString path = QFileDialog::getOpenFileName(m_window, tr("Open a lesson"), QString(), tr("Lesson (*.json)"));
    QString error;
    if (!path.isEmpty() && !m_window->openLesson(path, &error))
        QMessageBox::warning(m_window, tr("Cannot open the lesson"), translatedMessage(error));
}

void MainMenus::copyPytorchCode()
{
    const CompareController *c = m_window->comparison();
    if (!c->isOn()) {
        QGuiApplication::clipboard()->setText(QString::fromStdString(attn::pytorchScript(m_window->model()->params())));
        m_window->statusBar()->showMessage(
            tr("PyTorch code copied: it draws the same tensors and prints the weights shown"), 6000);
        return;
    }
    // Both sides, left first, under the titles they have on screen.
    std::vector<std::pair<attn::Params, std::string>> sides {
        { m_window->model()->params(), c->mainLabel().toStdString() },
        { c->partner()->params(), c->partnerLabel().toStdString() },
    };
    if (c->mainSide() == 1)
        std::swap(sides[0], sides[1]);
    QGuiApplication::clipboard()->setText(QString::fromStdString(attn::pytorchComparisonScript(sides)));
    m_window->statusBar()->showMessage(
        tr("PyTorch code copied: both sides of the comparison, each printing the weights it shows"), 6000);
}

void MainMenus::copyCommandLine()
{
    const AttentionModel *model = m_window->model();
    QGuiApplication::clipboard()->setText(QString::fromStdString(attn::commandLine(model->params()))
        + compareArgument(model->compare(), model->compareDk())); // the comparison on screen too
    m_window->statusBar()->showMessage(tr("Command line copied: attention-viz with these settings"), 6000);
}

void MainMenus::startLesson()
{
    QString error;
    if (m_window->openLesson(builtInLessonPath(), &error))
        m_window->heatmap()->plot()->setFocus(); // (as a block of the lecture)
}

void MainMenus::about()
{
    const QStringList versions = versionLines();
    QMessageBox::about(m_window, tr("About attention-viz"),
        tr("<p><b>attention-viz %1</b></p><p>Makes scaled dot-product attention visible: "
           "softmax(Q·Kᵀ/√d_k)·V with the same random tensors as torch.manual_seed and "
           "torch.randn.</p>")
                .arg(QApplication::applicationVersion())
            + QStringLiteral("<p>%1<br>%2</p>").arg(versions[0].toHtmlEscaped(), versions[1].toHtmlEscaped()));
}

void MainMenus::hideBarAfterMenus()
{
    // After the event that closed a menu: another may have opened (the arrows move between them).
    QTimer::singleShot(0, this, [this] {
        bool open = false;
        for (const QPointer<QMenu> &menu : std::as_const(m_menus))
            open = open || (menu && menu->isVisible());
        if (m_window->isPresentation() && !open)
            m_window->menuBar()->hide();
    });
}

void MainMenus::showShortcuts()
{
    // Every key the window on top answers. The main window: the demo's keys first, then the menus' (which work in
    // presentation mode too). Another window: its own keys, then those of the main window's that work there too.
    static const QRegularExpression mnemonic(QStringLiteral("\\(&[^)]\\)|&(?!&)")); // "导出(&E)…", "&Export…"
    const QPointer<QWidget> had = QApplication::activeWindow(); // (F1 works from the other windows too)
    QWidget *over = had && had != m_window && had->isWindow() && had->isVisible() ? had.data() : m_window;
    const auto row = [](const QString &key, const QString &text) {
        return QStringLiteral("<tr><td><b>%1</b></td><td>%2</td></tr>").arg(key.toHtmlEscaped(), text.toHtmlEscaped());
    };
    QString rows;
    if (over != m_window) {
        rows += QStringLiteral("<tr><td colspan=2><i>%1</i></td></tr>").arg(over->windowTitle().toHtmlEscaped());
        for (const auto &[key, text] : describedKeys(over))
            rows += row(key, text);
        rows += QStringLiteral("<tr><td colspan=2><i>%1</i></td></tr>")
                    .arg(tr("The main window's keys that work here too").toHtmlEscaped());
    }
    for (QAction *a : over->actions()) {
        if (a->shortcut().isEmpty())
            continue;
        QString text = a->text();
        text.remove(mnemonic);
        rows += row(a->shortcut().toString(QKeySequence::NativeText), text);
    }
    // A dialog that scrolls: the list is taller than a 720-line screen.
    QDialog box(m_window);
    box.setObjectName("shortcutsDialog");
    box.setWindowTitle(tr("Keyboard shortcuts"));
    presentDialog(&box, m_window); // (in presentation mode the projector's text)
    auto *layout = new QVBoxLayout(&box);
    auto *list = new QTextBrowser(&box);
    list->setObjectName("shortcutsList");
    list->setHtml(tr("<p>Drive the lecture from the keyboard (or a presentation clicker):</p>")
        + "<table cellspacing=6>" + rows + "</table>");
    layout->addWidget(list);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok, &box);
    connect(buttons, &QDialogButtonBox::accepted, &box, &QDialog::accept);
    layout->addWidget(buttons);
    const QSize available = m_window->screen() ? m_window->screen()->availableGeometry().size() : QSize(1280, 720);
    list->document()->setTextWidth(520);
    const int wanted = int(list->document()->size().height()) + buttons->sizeHint().height() + 60;
    box.resize(580, std::min(wanted, available.height() * 85 / 100));
    box.exec();
    giveKeysBackTo(had);
}

void MainMenus::rememberData(const QStringList &paths)
{
    if (!m_window->remembersState())
        return;
    QSettings s;
    QStringList recent = s.value("data/recent").toStringList();
    const QString entry = paths.join(QLatin1Char('\n'));
    recent.removeAll(entry);
    recent.prepend(entry);
    s.setValue("data/recent", recent.mid(0, 6));
    // Later: this may run inside one of the menu's own actions, which remaking the menu deletes.
    QTimer::singleShot(0, this, &MainMenus::updateRecentData);
}

void MainMenus::updateRecentData()
{
    if (!m_recentData)
        return;
    m_recentData->clear();
    const QStringList recent
        = m_window->remembersState() ? QSettings().value("data/recent").toStringList() : QStringList();
    for (const QString &entry : recent) {
        const QStringList paths = entry.split(QLatin1Char('\n'));
        QStringList names;
        for (const QString &p : paths)
            names << QFileInfo(p).fileName();
        QAction *a = m_recentData->addAction(names.join(QStringLiteral(", ")), this, [this, paths, entry] {
            QString error;
            if (m_window->openData(paths, &error))
                return;
            QMessageBox::warning(m_window, tr("Cannot open the data"), translatedMessage(error));
            QSettings s; // gone or changed: off the list
            QStringList kept = s.value("data/recent").toStringList();
            kept.removeAll(entry);
            s.setValue("data/recent", kept);
            // (later: the menu's actions, this one among them, are remade)
            QTimer::singleShot(0, this, &MainMenus::updateRecentData);
        });
        a->setToolTip(paths.join(QLatin1Char('\n'))); // the folders: two "q.npy, k.npy" apart
    }
    m_recentData->setToolTipsVisible(true);
    m_recentData->setEnabled(!recent.isEmpty());
}
