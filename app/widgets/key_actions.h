// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The demo's keys, one table of actions (keyActionTable() in key_actions.cpp): each with its key, its menu text,
// its presentation button's short text and one slot. They act on the model and the controllers; what only the
// window can do (step the lesson, enter or leave presentation mode, open its other windows) they ask of it through
// Hooks. In presentation mode the buttons of demoBar() stand for them, saying what is on.

#include "model/attention_model.h"
#include "model/controllers.h"

#include <QObject>

#include <functional>
#include <vector>

class QAction;
class QToolButton;
class QWidget;

class KeyActions : public QObject
{
    Q_OBJECT
public:
    struct Hooks
    {
        std::function<void(int delta)> stepLesson; // Page Down / Page Up
        std::function<void()> togglePresentation; // F5
        std::function<void()> leavePresentation; // Esc
        std::function<void(const QString &action)> toggleWindow; // P, W, T, H, Ctrl+H, X (by the action's name)
    };
    // The actions are added to window, so that their keys work there with the menu bar hidden.
    KeyActions(AttentionModel *model, CompareController *comparison, LessonController *lesson, SweepController *sweep,
        QWidget *window, Hooks hooks);

    QAction *action(const QString &name) const; // null for a name not in the table
    const QList<QAction *> &actions() const { return m_actions; }
    QWidget *demoBar() const { return m_demoBar; } // presentation mode's buttons, wrapping onto a second row
    void setButtonFont(const QFont &font);
    // The texts in the interface's language now, and the buttons' states.
    void retranslate();

private:
    void update(); // the buttons say what is on, and the keys that cannot act are off
    void changeParams(const std::function<void(attn::Params &)> &edit);
    void setLabel(const char *name, const QString &text);
    // The slots, one per action.
    void toggleScaling();
    void toggleSoftmaxDim();
    void doubleDk();
    void halveDk();
    void longer();
    void shorter();
    void cycleMask();
    void nextInit();
    void newSeed();
    void nextStep();
    void previousStep();
    void animate();
    void cycleCompare();
    void presentation();
    void leavePresentation();
    void switchLanguage();
    void toggleRange();
    void toggleGradient();
    void showWindow(); // the sender's window: its action's name says which

    AttentionModel *m_model;
    CompareController *m_comparison;
    LessonController *m_lesson;
    SweepController *m_sweep;
    Hooks m_hooks;
    QList<QAction *> m_actions;
    QWidget *m_demoBar;
    QList<QToolButton *> m_buttons;

    static const std::vector<struct KeyActionEntry> &table(); // (a member: it names the private slots)
};
