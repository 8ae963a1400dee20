// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// "Why scale?" (View menu, key W): the lecture's argument as an experiment. For d_k = 1, 2, 4 ... 1024,
// T seeded trials of one query against S keys (core's runSweep), scaled and not: the row's entropy
// collapses and the softmax's gradient (its Jacobian's norm) vanishes without the scale, and hold with
// it. The sweep runs off the GUI thread with a progress bar and Cancel; S, T and the scaling are
// adjustable; the main window's d_k is marked, and clicking a d_k on the plot sets it there. The seed
// and sigma are the main window's. Export writes the plots (.png .pdf .svg) or the numbers (.csv .json).

#include "model/attention_model.h"
#include "scale_sweep.h"
#include "widgets/translated_texts.h"

#include <QFutureWatcher>
#include <QWidget>

#include <atomic>
#include <functional>
#include <memory>
#include <optional>

struct PlotPicture;
class QComboBox;
class QCustomPlot;
class QLabel;
class QProgressBar;
class QPushButton;
class QSpinBox;
class ClockTimer;
class QLayout;
class SweepPlot;
class QCPBars;
class QCPGraph;
class QCPTextElement;

class WhyScaleWindow : public QWidget
{
    Q_OBJECT
public:
    explicit WhyScaleWindow(AttentionModel *model, QWidget *parent = nullptr);
    ~WhyScaleWindow() override;

    // The settings the next sweep uses (the controls' S, T and scaling; the model's seed and sigma).
    attn::SweepSettings settings() const;
    void setSettings(int keys, int trials, attn::Scaling scaling, bool additive = false);
    // The finished sweep shown, if any; running() while one computes.
    const std::optional<attn::SweepResult> &result() const { return m_result; }
    bool running() const { return m_busy; }
    // Starts a sweep now (the controls start one after a short pause by themselves).
    void recompute();
    void cancel();
    // Presentation mode's text (the plots' presentationTextPixels high); OtherWindows presents it.
    void setPresentation(bool on);
    // Writes the plots or the numbers, as the suffix says. False with *error.
    // picture: its size, ratio, title and background (the defaults when null); the live window's d_k marker stays out.
    bool exportTo(const QString &path, QString *error, const PlotPicture *picture = nullptr) const;
    QCustomPlot *plot() const { return m_plot; }
    // The main window's scores now: raw (0) and scaled (1) histograms with N(0, expected variance).
    QCustomPlot *histogramPlot() const { return m_histogram; }
    QString histogramText(int side) const;
    QString varianceNoteText() const; // empty when hidden // the title over each: the sample's sd, the curve's
    SweepPlot *sweepPlot() const { return m_sweepPlot.get(); }
    QString statusText() const;

signals:
    // T pressed in it: the Training window wanted on top.
    void trainingRequested();

protected:
    void showEvent(QShowEvent *event) override;
    void changeEvent(QEvent *event) override; // a language switch: the texts again

private:
    QLayout *createControls();
    void createHistograms();
    void started();
    void finished();
    void progress(double fraction);
    void exportDialog();
    void stepDk(int step); // the main window's d_k to the sweep's next (+1) or the one before (-1)
    void plotClicked(QMouseEvent *event);
    void showHistograms();

    AttentionModel *m_model;
    QCustomPlot *m_plot, *m_histogram;
    QCPBars *m_bars[2] = {};
    QCPGraph *m_normal[2] = {};
    QCPTextElement *m_histogramTitle[2] = {};
    std::unique_ptr<SweepPlot> m_sweepPlot;
    QSpinBox *m_keys, *m_trials;
    QComboBox *m_scaling;
    class QCheckBox *m_additive; // a third side: additive scores
    QProgressBar *m_progress;
    QPushButton *m_run, *m_cancel, *m_export;
    QLabel *m_status;
    QLabel *m_varianceNote; // under the histograms: why the main window's scaled scores are wide (block 1)
    // What the status line says, as code: run again in a new language (setStatus).
    std::function<QString()> m_statusText;
    void setStatus(std::function<QString()> text);
    TranslatedTexts m_texts;
    ClockTimer *m_debounce; // the model's clock's: a change sweeps again 250 ms later
    QFutureWatcher<std::optional<attn::SweepResult>> m_watcher;
    std::shared_ptr<std::atomic<bool>> m_stop;
    std::optional<attn::SweepResult> m_result;
    attn::SweepSettings m_running; // the settings of the sweep computing now
    bool m_busy = false; // from starting a sweep until its end has been shown
    bool m_again = false; // settings changed while one ran
    bool m_sized = false; // fitted to the screen when first shown
    bool m_presentation = false; // the sweep alone, its text large
};
