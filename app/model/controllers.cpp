// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/controllers.h"

#include "model/labels.h"
#include "model/translations.h"

#include <QCoreApplication>

void applyScenario(AttentionModel *model, const Scenario &s)
{
    model->setParams(s.params);
    model->setDisplay(s.display);
    model->setCompare(s.compare, s.compareDk);
    model->setCaption(s.captionEn, s.captionZh);
}

CompareController::CompareController(AttentionModel *main, QObject *parent)
    : QObject(parent)
    , m_main(main)
    , m_partner(main->clock())
{
    m_partner.shareInputsWith(main);
    m_partner.setDisplay(main->display());
    connect(main, &AttentionModel::resultChanged, this, &CompareController::follow);
    connect(main, &AttentionModel::compareChanged, this, &CompareController::follow);
    connect(main, &AttentionModel::displayChanged, &m_partner, &AttentionModel::setDisplay);
    follow();
}

void CompareController::follow()
{
    const CompareKind kind = m_main->compare();
    if (kind == CompareKind::None) {
        // Off, and off before: nothing to lay out again (every new result came here, and the strip, the caption
        // and the maps redid their comparison layout for nothing).
        if (!m_laidOutOn)
            return;
        m_laidOutOn = false;
        m_mainSide = 0;
        m_mainLabel.clear();
        m_partnerLabel.clear();
        emit layoutChanged();
        return;
    }
    m_laidOutOn = true;
    // Follow the finished result, so the partner can reuse its Q, K and V.
    const attn::Params &p = m_main->result()->params;
    const auto sides = attn::comparisonSides(p, kind, m_main->compareDk(), &m_mainSide);
    const attn::Params &other = sides[1 - m_mainSide];
    m_partner.setParams(other);
    m_mainLabel = compareLabel(p, kind);
    m_partnerLabel = compareLabel(other, kind);
    emit layoutChanged();
}

void CompareController::retranslate()
{
    if (!isOn())
        return;
    m_mainLabel = compareLabel(m_main->result()->params, m_main->compare());
    m_partnerLabel = compareLabel(m_partner.params(), m_main->compare());
    emit layoutChanged();
}

void CompareController::cycle()
{
    const CompareKind now = m_main->compare();
    const CompareKind next = now == CompareKind::None ? CompareKind::Scaling
        : now == CompareKind::Scaling                 ? CompareKind::SoftmaxDim
                                                      : CompareKind::None;
    m_main->setCompare(next, m_main->compareDk());
}

void CompareController::waitUntilComputed()
{
    do {
        m_main->waitForIdle();
        m_partner.waitForIdle();
        QCoreApplication::processEvents();
    } while (m_main->isBusy() || m_partner.isBusy());
}

LessonController::LessonController(AttentionModel *model, QObject *parent)
    : QObject(parent)
    , m_model(model)
{
}

void LessonController::setLesson(Lesson lesson, int first)
{
    m_lesson = std::move(lesson);
    m_step = std::clamp(first, 0, std::max(0, length() - 1)) - 1;
    m_onStep = true;
    step(+1);
}

int LessonController::stepShowing(const Lesson &lesson, const AttentionModel &model)
{
    int sameSettings = -1;
    for (std::size_t i = 0; i < lesson.steps.size(); ++i) {
        const Scenario &s = lesson.steps[i];
        if (!(s.params == model.params()))
            continue;
        if (s.compare == model.compare())
            return int(i);
        if (sameSettings < 0)
            sameSettings = int(i);
    }
    return sameSettings;
}

void LessonController::step(int delta)
{
    if (!m_lesson)
        return;
    const int n = length();
    const int next = m_onStep || m_step < 0 ? std::clamp(m_step + delta, 0, n - 1) : m_step;
    if (next == m_step && m_onStep)
        return;
    m_step = next;
    m_onStep = true;
    applyScenario(m_model, m_lesson->steps[std::size_t(m_step)]);
    emit stepChanged(m_step, n);
}

void LessonController::leave()
{
    if (!m_lesson || !m_onStep)
        return;
    m_onStep = false;
    emit stepChanged(m_step, length());
}

void LessonController::restoreStep(int step, bool on)
{
    on = on && step >= 0;
    if (!m_lesson || (step == m_step && on == m_onStep) || step < -1 || step >= length())
        return;
    m_step = step;
    m_onStep = on;
    emit stepChanged(m_step, length());
}

QString LessonController::title(bool chinese) const
{
    if (!m_lesson)
        return {};
    return chinese && !m_lesson->titleZh.isEmpty() ? m_lesson->titleZh : m_lesson->titleEn;
}

const Scenario *LessonController::currentScenario() const
{
    return m_lesson && m_step >= 0 && m_onStep ? &m_lesson->steps[std::size_t(m_step)] : nullptr;
}

SweepController::SweepController(AttentionModel *main, const AttentionModel *partner, QObject *parent)
    : QObject(parent)
    , m_main(main)
    , m_partner(partner)
    , m_timer(main->clock().createTimer(this))
{
    m_timer->setInterval(700);
    connect(m_timer, &ClockTimer::timeout, this, &SweepController::step);
}

void SweepController::setRunning(bool on)
{
    if (on == isRunning())
        return;
    if (on) {
        if (m_over == Over::Dk && m_main->compare() == CompareKind::None)
            m_main->setCompare(CompareKind::Scaling); // the scaled and unscaled entropies drift apart
        m_timer->start();
    } else {
        m_timer->stop();
    }
    emit runningChanged(on);
}

void SweepController::step()
{
    if (m_main->isBusy() || m_partner->isBusy())
        return; // never queue work faster than it is done
    attn::Params p = m_main->params();
    if (m_over == Over::Length)
        attn::sweepLength(p);
    else
        attn::sweepDk(p);
    m_main->setParams(p);
}
