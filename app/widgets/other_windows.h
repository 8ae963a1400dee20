// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The main window's other windows, each a window of its own beside it: the four steps (P), Why scale? (W), Training
// (T), the output in the values' hull (H), the heads (Ctrl+H), the mistakes (X), the weights loaded alone and the
// user guide. Made here, shown and hidden here; closing one (Esc, its key, the close button) gives the keys back to
// the main window, also without a window manager.

#include "mistakes.h"
#include "model/attention_model.h"
#include "weights.h"

#include <QObject>

#include <memory>

class HeadsWindow;
class HullWindow;
class MistakesWindow;
class PipelineView;
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
    // Presentation mode: the windows that present open so (the hull, the mistakes).
    void setPresentation(bool on) { m_presentation = on; }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override; // one of them closing

private:
    void adopt(QWidget *w); // a window of its own, which gives the keys back when it closes
    static void bringUp(QWidget *w); // shown, raised and given the keys

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
};
