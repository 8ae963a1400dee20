// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/attention_model.h"

#include "model/translations.h"

#include <QCoreApplication>
#include <QtConcurrent/QtConcurrentRun>

namespace {

double workOf(const attn::Params &p)
{
    const double B = p.batch, L = p.queryLength, S = p.keyLength;
    return B * L * S * (p.dK + p.dV + 8.0) + B * (L + S) * p.dModel * (p.dK + p.dV);
}

} // namespace

AttentionModel::AttentionModel(Clock &clock, QObject *parent)
    : QObject(parent)
    , m_clock(clock)
{
    m_result = std::make_shared<const attn::Result>(attn::compute(m_params));
    connect(&m_watcher, &QFutureWatcher<std::pair<ResultPtr, QString>>::finished, this, &AttentionModel::finished);
}

AttentionModel::~AttentionModel()
{
    m_watcher.waitForFinished();
}

bool AttentionModel::setParams(const attn::Params &given)
{
    attn::Params p = given;
    attn::normalize(p); // whoever edited p, the rules hold
    if (auto e = attn::validate(p, attn::defaultMemoryBudget())) {
        emit problem(
            QStringLiteral("%1: %2").arg(QString::fromStdString(e->field), QString::fromStdString(e->message)));
        return false;
    }
    if (p == m_params)
        return true;
    const bool captionWasCurrent = captionIsCurrent();
    m_params = p;
    emit paramsChanged(m_params);
    if (!m_captionEn.isEmpty() && captionIsCurrent() != captionWasCurrent)
        emit captionChanged(caption());
    if (m_running) {
        m_pending = true; // the running computation's result will be dropped
        return true;
    }
    start();
    return true;
}

void AttentionModel::setDisplay(const DisplayOptions &d)
{
    if (d == m_display)
        return;
    m_display = d;
    emit displayChanged(m_display);
}

void AttentionModel::setCompare(CompareKind kind, int otherDk)
{
    if (otherDk <= 0)
        otherDk = attn::comparisonDk(m_params.dK);
    if (kind == m_compare && otherDk == m_compareDk)
        return;
    const bool captionWasCurrent = captionIsCurrent();
    m_compare = kind;
    m_compareDk = std::clamp(otherDk, 1, attn::Limits::maxDim);
    emit compareChanged(m_compare, m_compareDk);
    if (!m_captionEn.isEmpty() && captionIsCurrent() != captionWasCurrent)
        emit captionChanged(caption());
}

void AttentionModel::setHoveredCell(int query, int key)
{
    const QPoint h(key, query);
    if (h == m_hovered)
        return;
    m_hovered = h;
    emit hoveredCellChanged(query, key);
}

void AttentionModel::restoreCaption(
    const QString &english, const QString &chinese, const attn::Params &givenWith, CompareKind compareWith)
{
    if (english == m_captionEn && chinese == m_captionZh && givenWith == m_captionParams
        && compareWith == m_captionCompare)
        return;
    m_captionEn = english;
    m_captionZh = chinese;
    m_captionParams = givenWith;
    m_captionCompare = compareWith;
    emit captionChanged(caption());
}

QString AttentionModel::caption() const
{
    return interfaceIsChinese() && !m_captionZh.isEmpty() ? m_captionZh : m_captionEn;
}

void AttentionModel::setCaption(const QString &english, const QString &chinese)
{
    restoreCaption(english, chinese, m_params, m_compare); // given with the settings shown now
}

namespace {

// The computation, with running out of memory turned into a message instead of ending the program.
ResultPtr computeOrNull(const attn::Params &p, const ResultPtr &previous, QString *error)
{
    try {
        return std::make_shared<const attn::Result>(attn::compute(p, previous.get()));
    } catch (const std::bad_alloc &) {
        *error = AttentionModel::tr("not enough memory for these sizes; the previous result stays");
    } catch (const std::exception &e) {
        *error = QString::fromLocal8Bit(e.what());
    }
    return nullptr;
}

} // namespace

void AttentionModel::start()
{
    const attn::Params p = m_params;
    // Reuse Q, K, V and the scores of whichever finished result has the same ones.
    ResultPtr previous = m_reusable ? m_reusable : m_result;
    if (m_inputsFrom && attn::sameInputs(p, m_inputsFrom->result()->params))
        previous = m_inputsFrom->result();
    if (workOf(p) <= m_syncLimit) {
        QString error;
        ResultPtr r = computeOrNull(p, previous, &error);
        m_reusable.reset();
        if (!r) {
            emit problem(error);
            return;
        }
        m_result = r;
        emit resultChanged(m_result);
        return;
    }
    m_running = true;
    m_pending = false;
    emit busyChanged(true);
    m_watcher.setFuture(QtConcurrent::run([p, previous]() -> std::pair<ResultPtr, QString> {
        QString error;
        ResultPtr r = computeOrNull(p, previous, &error);
        return { r, error };
    }));
}

void AttentionModel::finished()
{
    m_running = false;
    const auto [r, error] = m_watcher.result();
    if (m_pending) {
        // Settings changed meanwhile: this result is never shown, but its Q, K, V may serve the next.
        m_reusable = r;
        start();
        if (!m_running)
            emit busyChanged(false);
        return;
    }
    m_reusable.reset();
    emit busyChanged(false);
    if (!r) {
        emit problem(error);
        return;
    }
    m_result = r;
    emit resultChanged(m_result);
}

void AttentionModel::waitForIdle()
{
    while (m_running) {
        m_watcher.waitForFinished();
        QCoreApplication::processEvents();
    }
}
