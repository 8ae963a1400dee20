// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Undo and redo of the settings (Edit > Undo, Ctrl+Z; Edit > Redo, Ctrl+Shift+Z): every change the model accepts,
// from any source (the controls, the demo keys, a preset, a lesson step, a file), becomes a step on a QUndoStack.
// The model's signals of one action (a preset sets settings, display, comparison and caption) make one step; a run
// of changes to the same settings less than a second apart on the model's clock (a slider's drag, a held arrow key) is
// merged into one.
// What is restored is the whole state: settings, display, comparison, caption and the lesson step.

#include "model/attention_model.h"
#include "model/controllers.h"

#include <QObject>

class QUndoStack;

class UndoHistory : public QObject
{
    Q_OBJECT
public:
    // lesson may be null; its step is kept with each state.
    UndoHistory(AttentionModel *model, LessonController *lesson, QObject *parent = nullptr);
    ~UndoHistory() override;

    QUndoStack *stack() const { return m_stack; }
    // Every step's name again, in the interface's language now ("Undo d_k" in the menu).
    void retranslate();
    // Edit > Undo and Redo: a change not yet recorded (made in this turn of the event loop) is recorded first.
    void undo();
    void redo();
    // Changes closer together than this (and to the same settings) are one step.
    static constexpr int kMergeMilliseconds = 1000;
    // The oldest steps are forgotten beyond this many.
    static constexpr int kUndoLimit = 200;

    // The state one step restores.
    struct State
    {
        Scenario scenario; // with the caption, shown or hidden
        attn::Params captionParams; // what the caption was given with: hidden when they differ from the settings
        CompareKind captionCompare = CompareKind::None;
        int lessonStep = -1;
        bool lessonOn = false; // that step on the screen (not after a preset took its place)
        bool operator==(const State &o) const
        {
            return scenario == o.scenario && captionParams == o.captionParams && captionCompare == o.captionCompare
                && lessonOn == o.lessonOn && lessonStep == o.lessonStep;
        }
        bool operator!=(const State &o) const { return !(*this == o); }
    };
    State current() const;
    // Shows s (undo and redo); not itself recorded.
    void restore(const State &s);
    // Records the model's state now rather than when the event loop next runs (tests).
    void recordNow();

private:
    void changed();

    AttentionModel *m_model;
    LessonController *m_lesson;
    QUndoStack *m_stack;
    State m_recorded; // the state the last step ends in
    bool m_restoring = false;
    bool m_queued = false;
    Clock &m_clock; // the model's
    Clock::Duration m_changedAt {}; // when the change waiting to be recorded was made
};
