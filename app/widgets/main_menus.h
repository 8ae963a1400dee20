// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The main window's menu bar: File, Edit, Lecture, Mistakes, View, Help, built again in a new language. Each entry
// calls one function of the window, its exports, its undo history or its controllers; the demo's keys appear in the
// menus as the same actions (KeyActions). File > Recent data keeps the last six data files opened (when the window
// remembers its state).

#include "model/view_state.h"

#include <QObject>
#include <QPointer>
#include <QStringList>

#include <optional>

class MainWindow;
class QMenu;

class MainMenus : public QObject
{
    Q_OBJECT
public:
    explicit MainMenus(MainWindow *window);

    // The menus made afresh (the old ones go, with their actions), in the interface's language now.
    void build();
    // Opened data goes to the top of File > Recent data.
    void rememberData(const QStringList &paths);
    void hideBarAfterMenus();
    void showShortcuts(); // Help > Keyboard shortcuts (F1)
    // Files dropped on the window: a scenario or a lesson (.json), else attention data.
    void openDropped(const QStringList &paths);
    // View > Language: "en", "zh" or empty for the system's.
    void setLanguage(const QString &code);

private:
    QMenu *buildFile();
    QMenu *buildEdit();
    QMenu *buildLecture();
    QMenu *buildMistakes();
    QMenu *buildView();
    QMenu *buildHelp();
    void addCompareMenu(QMenu *view);
    void addSweepMenus(QMenu *view);
    void addLanguageMenu(QMenu *view);
    void addThemeMenu(QMenu *view);
    void updateRecentData();
    // The slots of File.
    void openData();
    void openExample();
    void openScenario();
    // A scenario that names files outside its folder is read only after the user says yes (asked here).
    std::optional<Scenario> readScenario(const QString &path, QString *error);
    void saveScenario(bool demo); // demo: with the classroom (MainWindow::currentScenario)
    void giveKeysBackTo(QWidget *had); // after a dialog: to the window that had the keys, else the main one
    void openLesson();
    // ... of Edit, Lecture and Help.
    void copyPytorchCode();
    void copyCommandLine();
    void startLesson();
    void about();

    MainWindow *m_window;
    QPointer<QMenu> m_recentData;
    QList<QPointer<QMenu>> m_menus;
};
