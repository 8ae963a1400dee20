// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The classroom's application logic, beside the model and without widgets: the comparison's second
// heatmap, the lesson being stepped through, and the sweep. The window only wires them to keys,
// menus and views.

#include "model/attention_model.h"

#include <QObject>

#include <optional>

// Shows a scenario: its settings, view, comparison and caption (in the interface's language).
void applyScenario(AttentionModel *model, const Scenario &s);

// The comparison: a second model from the very same Q and K, whose settings follow the main one's
// finished result (attn::comparisonSides gives both sides, in the same order as exported pictures).
class CompareController : public QObject
{
    Q_OBJECT
public:
    explicit CompareController(AttentionModel *main, QObject *parent = nullptr);

    AttentionModel *partner() { return &m_partner; }
    const AttentionModel *partner() const { return &m_partner; }
    bool isOn() const { return m_main->compare() != CompareKind::None; }
    CompareKind kind() const { return m_main->compare(); }
    // The side the main model's heatmap stands on (0 left, 1 right); the partner takes the other.
    int mainSide() const { return m_mainSide; }
    QString mainLabel() const { return m_mainLabel; }
    QString partnerLabel() const { return m_partnerLabel; }
    // The labels again, in the interface's language now (layoutChanged follows).
    void retranslate();
    // C: none -> scaling -> softmax dim -> none.
    void cycle();
    // Blocks until both models show the current settings.
    void waitUntilComputed();

signals:
    // The sides or their labels changed (also when the comparison was switched on or off).
    void layoutChanged();

private:
    void follow();

    AttentionModel *m_main;
    AttentionModel m_partner;
    int m_mainSide = 0;
    bool m_laidOutOn = true; // what layoutChanged last said: a comparison on (the first follow() says it either way)
    QString m_mainLabel, m_partnerLabel;
};

// A lesson's steps applied to the model one after the other (Page Down / Page Up).
class LessonController : public QObject
{
    Q_OBJECT
public:
    explicit LessonController(AttentionModel *model, QObject *parent = nullptr);

    // Starts the lesson at its first step (or at step first, 0-based, clamped to the lesson).
    void setLesson(Lesson lesson, int first = 0);
    // The step whose settings the model shows now (the same settings and comparison, else the same settings
    // alone; the first such step), or -1: a preset of the lecture shows one of the lesson's steps.
    static int stepShowing(const Lesson &lesson, const AttentionModel &model);
    bool hasLesson() const { return m_lesson.has_value(); }
    // Moves by delta steps within the lesson (no wrap-around) and applies the step; after leave(), either
    // direction goes back to the step that was left.
    void step(int delta);
    int currentStep() const { return m_step; } // 0-based; -1 before the first
    // Whether the state shown is the current step's (false after leave(): a preset or a file took its place).
    bool onStep() const { return m_onStep; }
    // Another state than the lesson's takes the screen: the lesson keeps its place, says it is not shown.
    void leave();
    // Says that step is the one shown again (undo), without applying it: the model has it already.
    void restoreStep(int step, bool on = true);
    int length() const { return m_lesson ? int(m_lesson->steps.size()) : 0; }
    QString title(bool chinese) const;
    // The step shown, when a lesson is open and its step is on the screen.
    const Scenario *currentScenario() const;

signals:
    void stepChanged(int step, int count);

private:
    AttentionModel *m_model;
    std::optional<Lesson> m_lesson;
    int m_step = -1;
    bool m_onStep = false;
};

// Space: d_k = 1, 2, 4, ... 1024 in the scaling comparison (the scaled and unscaled entropies drift
// apart), or L = S = 1, 2, 4, ... 4096 (the entropy grows like ln S); a step waits until the previous
// one is drawn. Its steps come from a timer of the main model's clock.
class SweepController : public QObject
{
    Q_OBJECT
public:
    enum class Over { Dk, Length };
    SweepController(AttentionModel *main, const AttentionModel *partner, QObject *parent = nullptr);

    void setOver(Over over) { m_over = over; }
    Over over() const { return m_over; }
    void setRunning(bool on);
    bool isRunning() const { return m_timer->isActive(); }
    void setInterval(int ms) { m_timer->setInterval(ms); }
    int interval() const { return m_timer->interval(); }
    // One step now (the timer calls this); nothing while a computation is still running.
    void step();

signals:
    void runningChanged(bool running);

private:
    AttentionModel *m_main;
    const AttentionModel *m_partner;
    ClockTimer *m_timer; // the main model's clock's
    Over m_over = Over::Dk;
};
