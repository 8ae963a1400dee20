// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The one object between the widgets and core: it holds the current settings and display options,
// computes off the GUI thread when the work is large (newest request wins, stale results are
// dropped), and tells the views through signals. Widgets never talk to each other.

#include "heatmap_grid.h"
#include "model/clock.h"
#include "model/view_state.h"

#include <QFutureWatcher>
#include <QObject>
#include <QPoint>
#include <QString>

#include <memory>

class AttentionModel : public QObject
{
    Q_OBJECT
public:
    // clock: the time of every paced behaviour around the model (the sweep, undo's merging, the Why-scale window,
    // training); tests give a fake one (model/clock.h).
    explicit AttentionModel(Clock &clock = systemClock(), QObject *parent = nullptr);
    ~AttentionModel() override;

    // The settings last accepted (the shown result may still be catching up: see isBusy).
    const attn::Params &params() const { return m_params; }
    // The result shown: the newest finished one for the settings asked for last; never null.
    ResultPtr result() const { return m_result; }
    const DisplayOptions &display() const { return m_display; }
    Clock &clock() const { return m_clock; }
    bool isBusy() const { return m_running; }

    // Normalises p (attn::normalize: the editing rules), then accepts it when valid and recomputes;
    // invalid settings are refused with problem(message).
    bool setParams(const attn::Params &p);
    void setDisplay(const DisplayOptions &d);

    // The comparison shown beside the heatmap, and the caption line (presets, lessons).
    CompareKind compare() const { return m_compare; }
    int compareDk() const { return m_compareDk; }
    // otherDk: the second d_k of a d_k comparison; 0: attn::comparisonDk of the settings' d_k.
    void setCompare(CompareKind kind, int otherDk = 0);
    // The caption in the interface's language; both languages are kept, so a saved scenario has them.
    QString caption() const;
    QString captionEn() const { return m_captionEn; }
    QString captionZh() const { return m_captionZh; }
    void setCaption(const QString &english, const QString &chinese = QString());
    // A caption speaks of the settings it was given with (a preset's, a lesson step's): false once
    // the settings or the comparison differ from those (the window then hides it rather than let
    // it contradict the screen); true again when they are back.
    bool captionIsCurrent() const { return m_params == m_captionParams && m_compare == m_captionCompare; }
    // The settings and comparison the caption was given with, and giving it back so (undo: a caption hidden
    // because the settings changed stays hidden).
    const attn::Params &captionParams() const { return m_captionParams; }
    CompareKind captionCompare() const { return m_captionCompare; }
    void restoreCaption(
        const QString &english, const QString &chinese, const attn::Params &givenWith, CompareKind compareWith);

    // The cell under the mouse in any heatmap of these settings (-1, -1: none), so that every
    // heatmap can outline it.
    QPoint hoveredCell() const { return m_hovered; } // x = key, y = query
    void setHoveredCell(int query, int key);

    // Reuse other's Q, K, V and scores whenever they are the ones these settings would draw
    // (the second heatmap of a comparison shares the first one's tensors).
    void shareInputsWith(const AttentionModel *other) { m_inputsFrom = other; }

    // Work below this many multiply-adds is done at once on the calling thread.
    void setSynchronousLimit(double flops) { m_syncLimit = flops; }
    // Blocks until the newest request has been computed and delivered (tests, exports).
    void waitForIdle();

signals:
    void paramsChanged(const attn::Params &params);
    void resultChanged(ResultPtr result);
    void displayChanged(const DisplayOptions &display);
    void busyChanged(bool busy);
    void compareChanged(CompareKind kind, int otherDk);
    void captionChanged(const QString &caption);
    void hoveredCellChanged(int query, int key);
    void problem(const QString &message);

private:
    void start();
    void finished();

    attn::Params m_params;
    DisplayOptions m_display;
    CompareKind m_compare = CompareKind::None;
    int m_compareDk = attn::comparisonDk(attn::Params::kDefaultDk);
    QString m_captionEn, m_captionZh;
    attn::Params m_captionParams; // the settings the caption was given with
    CompareKind m_captionCompare = CompareKind::None;
    QPoint m_hovered { -1, -1 };
    ResultPtr m_result;
    QFutureWatcher<std::pair<ResultPtr, QString>> m_watcher; // a result, or why there is none
    ResultPtr m_reusable; // a finished result for settings already replaced: only for its Q, K, V
    bool m_running = false;
    bool m_pending = false; // settings changed while a computation ran
    double m_syncLimit = 2e6;
    const AttentionModel *m_inputsFrom = nullptr;
    Clock &m_clock;
};

Q_DECLARE_METATYPE(ResultPtr)
