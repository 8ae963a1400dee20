// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// "Training" (View menu, key T): watch it fail to learn. One attention layer learns value retrieval
// twice from the same start on the same batches, scaled and not (core's TrainingRun, stepped off the
// GUI thread by TrainingController): the loss, accuracy and gradient-norm curves grow live, and the
// watched examples' attention rows show the unscaled run one-hot, mostly on a wrong key, while the scaled one
// finds the target. Start/Pause (Space), Step (→), Reset (R), the pace, the optimiser, learning rate,
// d_k, noise, seed, steps, the scaled run's scaling and the init are adjustable; Export writes the
// picture (.png .pdf .svg) or the numbers (.csv .json).

#include "model/clock.h"
#include "training.h"
#include "widgets/translated_texts.h"

#include <QWidget>

#include <memory>

struct PlotPicture;
class QComboBox;
class QCustomPlot;
class QDoubleSpinBox;
class QLabel;
class QPushButton;
class QSpinBox;
class TrainingController;
class TrainingPlot;

class TrainingWindow : public QWidget
{
    Q_OBJECT
public:
    // The clock paces the runs and the curves' refresh (model/clock.h).
    explicit TrainingWindow(Clock &clock = systemClock(), QWidget *parent = nullptr);
    ~TrainingWindow() override;

    // The controls' settings; setting them resets the runs.
    attn::TrainSettings settings() const;
    void setSettings(const attn::TrainSettings &s);
    // Presentation mode's text (the plot's and the summary's presentationTextPixels high); OtherWindows presents it.
    void setPresentation(bool on);
    TrainingController *controller() const { return m_controller; }
    TrainingPlot *trainingPlot() const { return m_plot.get(); }
    QCustomPlot *plot() const { return m_customPlot; }
    QString summaryText() const;
    // Writes the picture or the numbers, as the suffix says. False with *error.
    bool exportTo(const QString &path, QString *error, const PlotPicture *picture = nullptr); // (null: the defaults)

protected:
    void showEvent(QShowEvent *event) override;
    void hideEvent(QHideEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void changeEvent(QEvent *event) override; // a language switch: the texts again

private:
    void createButtons();
    void createSettingFields();
    void connectControls();
    void settingsEdited();
    void showSnapshot();
    void showState();
    void exportDialog();
    void startOrPause();

    TrainingController *m_controller;
    QCustomPlot *m_customPlot;
    std::unique_ptr<TrainingPlot> m_plot;
    QPushButton *m_start, *m_step, *m_reset, *m_export;
    QComboBox *m_pace, *m_optimizer, *m_scaling, *m_init;
    QSpinBox *m_dk, *m_seed, *m_steps;
    QDoubleSpinBox *m_lr, *m_noise;
    QLabel *m_progress, *m_summary;
    bool m_sized = false;
    bool m_presentation = false;
    double m_customScale = 1.0; // the blue run's factor when the command line gave one (--scale F)
    bool m_invalid = false; // the controls' settings cannot run (too much work): Start, Step and Reset wait
    TranslatedTexts m_texts;
};
