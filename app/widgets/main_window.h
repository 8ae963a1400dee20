// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The main window: the settings in a dock, the heatmaps in the middle (ComparisonView), a caption line for presets
// and lessons, the explanation strip below, messages in the status bar. It wires: the demo's keys (KeyActions), the
// menus (MainMenus), the exports (ExportActions) and the other windows (OtherWindows) act on the model and the
// controllers; F5 switches to presentation mode.

#include "mistakes.h"
#include "model/attention_model.h"
#include "model/controllers.h"
#include "render/figure.h"
#include "weights.h"
#include "widgets/comparison_view.h"
#include "widgets/export_actions.h"
#include "widgets/other_windows.h"

#include <QMainWindow>

class ControlsPanel;
class ExplanationPanel;
class HeatmapPanel;
class KeyActions;
class MainMenus;
class QLabel;

class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    // rememberState: restore and save geometry, settings, language, theme and recent data in QSettings (off for
    // --screenshot and tests).
    explicit MainWindow(AttentionModel *model, bool rememberState = true, QWidget *parent = nullptr);
    // The status bar says "computing…" once a computation has run this long (shorter ones finish unannounced).
    static constexpr int kBusyDelayMs = 200;

    AttentionModel *model() const { return m_model; }
    bool remembersState() const { return m_rememberState; }
    ComparisonView *comparisonView() const { return m_view; }
    HeatmapPanel *heatmap() const { return m_view->heatmap(); }
    HeatmapPanel *partnerHeatmap() const { return m_view->partnerHeatmap(); }
    bool isStacked() const { return m_view->isStacked(); } // a comparison one above the other
    // The application logic the window wires to keys, menus and views.
    CompareController *comparison() { return &m_comparison; }
    LessonController *lesson() { return &m_lesson; }
    SweepController *sweep() { return &m_sweep; }
    class UndoHistory *undoHistory() const { return m_undo; }
    ControlsPanel *controls() const { return m_controls; }
    ExplanationPanel *explanation() const { return m_explanation; }
    ExportActions *exports() const { return m_exports; }
    OtherWindows *windows() const { return m_windows; }
    PipelineView *pipeline() const { return m_windows->pipeline(); } // its own window (View > The four steps, P)
    WhyScaleWindow *whyScale() const { return m_windows->whyScale(); } // (View > Why scale?, W)
    TrainingWindow *training() const { return m_windows->training(); } // (View > Training, T)
    MistakesWindow *mistakes() const { return m_windows->mistakes(); } // (Mistakes menu, X)
    HullWindow *hull() const { return m_windows->hull(); } // (View > the output inside the hull, H)
    WeightsWindow *weightsWindow() const { return m_windows->weights(); } // weights alone; null until some are
    QString statusText() const;
    QString captionText() const;
    // What the window shows, as its title names it: "Block 1 of the lecture", a lesson's step, "your settings".
    QString shownTitle() const;
    QAction *action(const QString &name) const; // a demo key's action, or a menu's by its object name

    // The exports without their dialogs (ExportActions).
    bool exportTo(const QString &path, QString *error, const FigureOptions *options = nullptr)
    {
        return m_exports->exportTo(path, error, options);
    }
    bool exportComparison(const QString &path, CompareKind kind, QString *error, const FigureOptions *options = nullptr)
    {
        return m_exports->exportComparison(path, kind, error, options);
    }
    FigureOptions comparisonFigureOptions(CompareKind kind) const { return m_exports->comparisonFigureOptions(kind); }
    bool exportDkSeries(const QString &folder, const QList<int> &values, QStringList *written, QString *error)
    {
        return m_exports->exportDkSeries(folder, values, written, error);
    }
    void copyImage() { m_exports->copyImage(); }
    FigureOptions currentFigureOptions() const { return m_exports->currentFigureOptions(); }

    // Scenarios, presets, lessons.
    // A demo file's classroom too, when it has one: language, presentation, lesson step, the other windows.
    void applyScenario(const Scenario &s);
    // classroom: with presentation mode, the language, the lesson and step, the windows open (a demo file).
    Scenario currentScenario(bool classroom = false) const;
    // fromShownBy: not 0 when Page Up or Down opens it, to go on by that many steps from the step shown.
    bool openLesson(const QString &path, QString *error, int fromShownBy = 0);
    // Q, K (and V) from files in place of the draws, or weights alone in their own window (io::classifyDataFiles
    // says which). Says what is wrong in *error and keeps the state when they cannot be used.
    bool openData(const QStringList &paths, QString *error);
    bool openWeights(const QString &path, QString *error);
    void showWeights(std::shared_ptr<const attn::LoadedWeights> w);
    void stepLesson(int delta); // Page Down / Page Up; opens the built-in lesson if none is open

    // Presentation mode: full screen, text twice as large, only the demo's controls.
    void setPresentation(bool on, bool fullScreen = true);
    bool isPresentation() const { return m_presentation; }
    // Opens the Mistakes window on mistake m (full screen in presentation mode).
    void showMistakes(attn::Mistake m);
    // The keys back to this window and its heatmap (after a dialog, without a window manager).
    void giveKeysBack();

    // Blocks until both heatmaps show the current settings (the comparison's computation starts only
    // when the main one has finished). For --screenshot and tests.
    void waitUntilComputed();
    // Computed, laid out and drawn: what a screenshot should capture.
    void settle();

protected:
    void closeEvent(QCloseEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override; // attention data, a scenario or a lesson
    void resizeEvent(QResizeEvent *event) override;
    void fitDock();
    void changeEvent(QEvent *event) override; // the language switched: texts and menus again

private:
    void updateTitle();
    void retranslate();
    void showProblem(const QString &message);
    void fitPresentation(); // text sizes for the window's size; the heatmaps keep the most room

    AttentionModel *m_model;
    CompareController m_comparison;
    LessonController m_lesson;
    QString m_lessonPath; // the lesson's file, while one is open
    SweepController m_sweep;
    ComparisonView *m_view;
    ControlsPanel *m_controls;
    ExplanationPanel *m_explanation;
    class QDockWidget *m_dock;
    class CaptionLine *m_caption;
    QLabel *m_busy;
    void fitBusy(); // the busy label's fixed size, for its font and language
    class ClockTimer *m_busyDelay;
    class UndoHistory *m_undo;
    OtherWindows *m_windows;
    KeyActions *m_keys;
    ExportActions *m_exports;
    MainMenus *m_menus;
    bool m_rememberState;
    bool m_presentation = false;
    int m_dockWidthSet = -1; // the settings' width last chosen for the window's width (-1: none yet)
    QString m_stepMessage; // the lesson's step as the status bar says it (empty: off a step)
    QString m_builtInSource; // the source of the data shown when it is the built-in example (File > Examples)
};
