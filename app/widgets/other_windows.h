// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The main window's other windows, each a window of its own beside it: the four steps (P), Why scale? (W), Training
// (T), the output in the values' hull (H), the heads (Ctrl+H), the mistakes (X), the weights loaded alone and the
// user guide. Made here, shown and hidden here. Keys follow the eyes, also without a window manager: a window shown
// gets the keys; Esc and Ctrl+W close any of them, and L switches the language in each; a closed one gives the keys
// back to the window that had them before it (another of these, or the main window). Presentation mode is the
// program's: every one of them presents while it is on (presentation.h), opened before or after.

#include "mistakes.h"
#include "model/attention_model.h"
#include "weights.h"

#include <QObject>
#include <QPointer>

#include <memory>

class HeadsWindow;
class HullWindow;
class MistakesWindow;
class PipelineView;
class QAction;
class QWidget;
class TrainingWindow;
class UserGuide;
class WeightsWindow;
class WhyScaleWindow;

class OtherWindows : public QObject
{
    Q_OBJECT
public:
    OtherWindows(AttentionModel *model, QWidget *main);

    PipelineView *pipeline() const { return m_pipeline; }
    WhyScaleWindow *whyScale() const { return m_whyScale; }
    TrainingWindow *training() const { return m_training; }
    HullWindow *hull() const { return m_hull; }
    HeadsWindow *heads() const { return m_heads; }
    MistakesWindow *mistakes() const { return m_mistakes; }
    WeightsWindow *weights() const { return m_weights; } // null until weights are shown

    // The key action of that name (showPipeline, showWhyScale, showTraining, showHull, showHeads, showMistakes)
    // opens its window, or closes it when open.
    void toggle(const QString &action);
    // The Mistakes window on mistake m (full screen in presentation mode).
    void showMistakes(attn::Mistake m);
    void showWeights(std::shared_ptr<const attn::LoadedWeights> w);
    void showGuide();
    // The windows open, by their names in demo files (classroomWindowNames), the one that had the keys last.
    QStringList openNames() const;
    // Exactly these open (the others closed), in this order: the last gets the keys.
    void openOnly(const QStringList &names);
    // The main window's menu keys that work from every window here too (Ctrl+Shift+S, Ctrl+Q, F1): the menus are
    // the main window's, so without this they did nothing while another window was on top. Replaces the last set.
    void shareActions(const QList<QAction *> &actions);
    // Presentation mode, for every window here, open or not.
    void setPresentation(bool on);
    bool isPresentation() const { return m_presentation; }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override; // one of them closing

private:
    void adopt(QWidget *w); // a window of its own, which gives the keys back when it closes
    void bringUp(QWidget *w); // shown, raised and given the keys
    void present(QWidget *w, bool on); // into presentation mode or out of it
    void close(QWidget *w); // Esc, Ctrl+W
    void placeWayOut(QWidget *w); // presenting, "✕ Esc: close" in w's top right corner; else none
    QList<QWidget *> all() const; // every window made so far
    QWidget *named(const QString &name); // by its demo-file name (made if it is the guide)
    UserGuide *guide(); // made the first time it is asked for
    QString nameOf(const QWidget *w) const;

    QWidget *m_main;
    PipelineView *m_pipeline;
    WhyScaleWindow *m_whyScale;
    TrainingWindow *m_training;
    HullWindow *m_hull;
    HeadsWindow *m_heads;
    MistakesWindow *m_mistakes;
    WeightsWindow *m_weights = nullptr;
    UserGuide *m_guide = nullptr;
    bool m_presentation = false;
    QList<QPointer<QAction>> m_shared; // shareActions
    QList<QPointer<QWidget>>
        m_order; // the windows (the main one too) in the order they last had the keys, the last last
};
