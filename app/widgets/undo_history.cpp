// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/undo_history.h"

#include <QCoreApplication>
#include <QTimer>
#include <QUndoCommand>
#include <QUndoStack>

#include <chrono>
#include <utility>

namespace {

// The settings a step changed, for Edit > Undo's text ("Undo d_k, d_v").
QString settingNames(unsigned changed)
{
    static const std::pair<unsigned, const char *> names[] = {
        { attn::SettingMode, QT_TRANSLATE_NOOP("UndoHistory", "source") }, // the control "Source"
        { attn::SettingBatch, QT_TRANSLATE_NOOP("UndoHistory", "batch") },
        { attn::SettingQueryLength, QT_TRANSLATE_NOOP("UndoHistory", "L") },
        { attn::SettingKeyLength, QT_TRANSLATE_NOOP("UndoHistory", "S") },
        { attn::SettingCross, QT_TRANSLATE_NOOP("UndoHistory", "cross-attention") },
        { attn::SettingDModel, QT_TRANSLATE_NOOP("UndoHistory", "d_model") },
        { attn::SettingDk, QT_TRANSLATE_NOOP("UndoHistory", "d_k") },
        { attn::SettingDv, QT_TRANSLATE_NOOP("UndoHistory", "d_v") },
        { attn::SettingSeed, QT_TRANSLATE_NOOP("UndoHistory", "seed") },
        { attn::SettingScaling, QT_TRANSLATE_NOOP("UndoHistory", "scaling") },
        { attn::SettingInit, QT_TRANSLATE_NOOP("UndoHistory", "initialisation") },
        { attn::SettingSigma, QT_TRANSLATE_NOOP("UndoHistory", "σ") },
        { attn::SettingSoftmaxDim, QT_TRANSLATE_NOOP("UndoHistory", "softmax dim") },
        { attn::SettingMask, QT_TRANSLATE_NOOP("UndoHistory", "mask") },
        { attn::SettingMaskFill, QT_TRANSLATE_NOOP("UndoHistory", "mask fill") },
        { attn::SettingMaskConvention, QT_TRANSLATE_NOOP("UndoHistory", "mask convention") },
        { attn::SettingBatchIndex, QT_TRANSLATE_NOOP("UndoHistory", "batch element shown") },
        { attn::SettingTokens, QT_TRANSLATE_NOOP("UndoHistory", "tokens") },
        { attn::SettingPositions, QT_TRANSLATE_NOOP("UndoHistory", "positions") },
        { attn::SettingLinks, QT_TRANSLATE_NOOP("UndoHistory", "links") },
        { attn::SettingScore, QT_TRANSLATE_NOOP("UndoHistory", "score") },
        { attn::SettingLoaded, QT_TRANSLATE_NOOP("UndoHistory", "loaded data") },
    };
    QStringList said;
    for (const auto &[bit, name] : names)
        if (changed & bit)
            said << QCoreApplication::translate("UndoHistory", name);
    return said.size() > 3 ? QCoreApplication::translate("UndoHistory", "settings")
                           : said.join(QCoreApplication::translate("UndoHistory", ", "));
}

using State = UndoHistory::State;

// What changed from a to b, in words.
QString describe(const State &a, const State &b)
{
    QStringList parts;
    const unsigned changed = attn::changedSettings(a.scenario.params, b.scenario.params);
    if (changed != 0)
        parts << settingNames(changed);
    if (a.scenario.display != b.scenario.display)
        parts << QCoreApplication::translate("UndoHistory", "display");
    if (a.scenario.compare != b.scenario.compare
        || (b.scenario.compare == CompareKind::Dk && a.scenario.compareDk != b.scenario.compareDk))
        parts << QCoreApplication::translate("UndoHistory", "comparison");
    if (a.lessonStep != b.lessonStep || a.lessonOn != b.lessonOn)
        parts << QCoreApplication::translate("UndoHistory", "lesson step");
    if (parts.isEmpty()) // the caption alone
        parts << QCoreApplication::translate("UndoHistory", "caption");
    return parts.size() > 2 ? QCoreApplication::translate("UndoHistory", "settings")
                            : parts.join(QCoreApplication::translate("UndoHistory", ", "));
}

// Only the settings changed (not the display, comparison, caption's text or lesson step): such steps may merge.
// (A caption hidden by the change, its text the same, does not count: the first step of a drag after a preset.)
unsigned settingsOnly(const State &a, const State &b)
{
    Scenario x = a.scenario, y = b.scenario;
    y.params = x.params;
    if (!(x == y) || a.lessonStep != b.lessonStep || a.lessonOn != b.lessonOn)
        return 0;
    return attn::changedSettings(a.scenario.params, b.scenario.params);
}

class StateCommand : public QUndoCommand
{
public:
    StateCommand(UndoHistory *history, State before, State after, qint64 at)
        : m_history(history)
        , m_before(std::move(before))
        , m_after(std::move(after))
        , m_settings(settingsOnly(m_before, m_after))
        , m_at(at)
    {
        retranslate();
    }
    void retranslate() { setText(describe(m_before, m_after)); }
    void undo() override { m_history->restore(m_before); }
    void redo() override
    {
        if (m_pushed) // QUndoStack::push calls redo: the change is on the screen already
            m_history->restore(m_after);
        m_pushed = true;
    }
    int id() const override { return 1; }
    bool mergeWith(const QUndoCommand *other) override
    {
        const auto *next = static_cast<const StateCommand *>(other);
        if (m_settings == 0 || next->m_settings != m_settings || next->m_before != m_after
            || next->m_at - m_at >= UndoHistory::kMergeMilliseconds)
            return false;
        m_after = next->m_after;
        m_at = next->m_at; // a drag goes on as long as its changes keep coming
        setObsolete(m_after == m_before); // dragged back to where it started: no step
        return true;
    }

private:
    UndoHistory *m_history;
    State m_before, m_after;
    unsigned m_settings; // the settings changed, when only settings changed (0: never merges)
    qint64 m_at; // ms on the history's clock of the last change merged in
    bool m_pushed = false;
};

} // namespace

void UndoHistory::retranslate()
{
    for (int i = 0; i < m_stack->count(); ++i) // (every command on the stack is a StateCommand)
        static_cast<StateCommand *>(const_cast<QUndoCommand *>(m_stack->command(i)))->retranslate();
}

UndoHistory::UndoHistory(AttentionModel *model, LessonController *lesson, QObject *parent)
    : QObject(parent)
    , m_model(model)
    , m_lesson(lesson)
    , m_stack(new QUndoStack(this))
    , m_clock(model->clock())
{
    // Bounded: a sweep left running makes a step every 1.5 s, and a step may hold loaded Q, K, V alive.
    m_stack->setUndoLimit(kUndoLimit);
    m_recorded = current();
    connect(model, &AttentionModel::paramsChanged, this, &UndoHistory::changed);
    connect(model, &AttentionModel::displayChanged, this, &UndoHistory::changed);
    connect(model, &AttentionModel::compareChanged, this, &UndoHistory::changed);
    connect(model, &AttentionModel::captionChanged, this, &UndoHistory::changed);
    if (lesson)
        connect(lesson, &LessonController::stepChanged, this, &UndoHistory::changed);
}

UndoHistory::~UndoHistory() = default;

UndoHistory::State UndoHistory::current() const
{
    State s;
    s.scenario.params = m_model->params();
    s.scenario.display = m_model->display();
    s.scenario.compare = m_model->compare();
    s.scenario.compareDk = m_model->compareDk();
    s.scenario.captionEn = m_model->captionEn();
    s.scenario.captionZh = m_model->captionZh();
    s.captionParams = m_model->captionParams();
    s.captionCompare = m_model->captionCompare();
    s.lessonStep = m_lesson ? m_lesson->currentStep() : -1;
    s.lessonOn = m_lesson && m_lesson->onStep();
    return s;
}

void UndoHistory::changed()
{
    // The signals of one action (a preset: settings, display, comparison, caption) arrive together: one step
    // when the event loop next runs.
    if (m_restoring || m_queued)
        return;
    m_queued = true;
    m_changedAt = m_clock.now(); // a step's time is its change's, not the moment it is recorded
    QTimer::singleShot(0, this, &UndoHistory::recordNow);
}

void UndoHistory::recordNow()
{
    const Clock::Duration at = m_queued ? m_changedAt : m_clock.now();
    m_queued = false;
    const State now = current();
    if (now == m_recorded)
        return;
    State before = std::exchange(m_recorded, now);
    m_stack->push(new StateCommand(
        this, std::move(before), now, std::chrono::duration_cast<std::chrono::milliseconds>(at).count()));
}

void UndoHistory::undo()
{
    if (m_queued)
        recordNow();
    m_stack->undo();
}

void UndoHistory::redo()
{
    if (m_queued)
        recordNow();
    m_stack->redo();
}

void UndoHistory::restore(const State &s)
{
    m_restoring = true;
    if (m_lesson)
        m_lesson->restoreStep(s.lessonStep, s.lessonOn);
    m_model->setParams(s.scenario.params);
    m_model->setDisplay(s.scenario.display);
    m_model->setCompare(s.scenario.compare, s.scenario.compareDk);
    m_model->restoreCaption(s.scenario.captionEn, s.scenario.captionZh, s.captionParams, s.captionCompare);
    m_restoring = false;
    m_recorded = current();
}
