// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The main window: controls in a dock, the heatmap with its side panels in the centre (two of them
// side by side in a comparison), a caption line for presets and lessons, the explanation strip
// below, messages in the status bar. Keyboard actions drive everything for a lecture; F5 switches
// to presentation mode.

#include "mistakes.h"
#include "model/attention_model.h"
#include "model/controllers.h"
#include "render/figure.h"
#include "weights.h"

#include <QMainWindow>
#include <QPointer>

class ControlsPanel;
class ExplanationPanel;
class HeatmapPanel;
class QHBoxLayout;
class QLabel;
class QToolButton;
class QBoxLayout;

class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    // rememberState: restore and save geometry in QSettings (off for --screenshot and tests).
    explicit MainWindow(AttentionModel *model, bool rememberState = true, QWidget *parent = nullptr);

    HeatmapPanel *heatmap() const { return m_heatmap; }
    HeatmapPanel *partnerHeatmap() const { return m_partnerHeatmap; }
    // The application logic the window wires to keys, menus and views.
    CompareController *comparison() { return &m_comparison; }
    LessonController *lesson() { return &m_lesson; }
    SweepController *sweep() { return &m_sweep; }
    class UndoHistory *undoHistory() const { return m_undo; }
    ControlsPanel *controls() const { return m_controls; }
    ExplanationPanel *explanation() const { return m_explanation; }
    class PipelineView *pipeline() const { return m_pipeline; } // its own window (View > The four steps, P)
    class WhyScaleWindow *whyScale() const { return m_whyScale; } // its own window (View > Why scale?, W)
    class TrainingWindow *training() const { return m_training; } // its own window (View > Training, T)
    class MistakesWindow *mistakes() const { return m_mistakes; } // its own window (Mistakes menu, X)
    class HullWindow *hull() const { return m_hull; } // its own window (View > the output inside the hull, H)
    QString statusText() const;
    QString captionText() const;

    // The export actions without their dialogs (the menu asks for the path first).
    // Writes the picture or data; options: from the Export dialog (default: the window's figure).
    bool exportTo(const QString &path, QString *error, const FigureOptions *options = nullptr);
    bool exportComparison(
        const QString &path, CompareKind kind, QString *error, const FigureOptions *options = nullptr);
    FigureOptions comparisonFigureOptions(CompareKind kind) const;
    bool exportDkSeries(const QString &folder, const QList<int> &values, QStringList *written, QString *error);
    void copyImage();
    FigureOptions currentFigureOptions() const;

    // Scenarios, presets, lessons.
    void applyScenario(const Scenario &s);
    Scenario currentScenario() const;
    bool openLesson(const QString &path, QString *error);
    // Q, K (and V) from files in place of the draws: one .npz, or two or three array files named q, k (and v)
    // (q.npy, keys.csv, ..._v.npy). Says what is wrong in *error and keeps the state when they cannot be used.
    bool openData(const QStringList &paths, QString *error);
    // Attention weights alone, shown as they are in their own window (an .npz's attn or weights, or one file).
    bool openWeights(const QString &path, QString *error);
    void showWeights(std::shared_ptr<const attn::LoadedWeights> w);
    class WeightsWindow *weightsWindow() const { return m_weightsWindow; }
    void stepLesson(int delta); // Page Down / Page Up; opens the built-in lesson if none is open

    // Presentation mode: full screen, text twice as large, only the demo's controls.
    void setPresentation(bool on, bool fullScreen = true);
    // Opens the Mistakes window on mistake m (full screen in presentation mode).
    void showMistakes(attn::Mistake m);
    bool isPresentation() const { return m_presentation; }
    bool isStacked() const { return m_stacked && m_comparison.isOn(); } // a comparison one above the other

    QAction *action(const QString &name) const;
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
    bool eventFilter(QObject *watched, QEvent *event) override; // the other windows closing
    void changeEvent(QEvent *event) override; // the language switched: texts and menus again

private:
    void buildActions();
    void buildMenus(); // again on a language switch
    void retranslate();
    void retranslateKeyActions();
    void setLanguage(const QString &code); // View > Language: "en", "zh" or empty for the system's
    void layOutComparison();
    void showCaption();
    void changeParams(const std::function<void(attn::Params &)> &edit);
    void reportExport(bool ok, const QString &path, const QString &error);
    void showProblem(const QString &message);
    void showShortcuts();
    void showGuide(); // Help > User guide
    void rememberData(const QStringList &paths); // File > Recent data
    void updateRecentData();

    AttentionModel *m_model;
    CompareController m_comparison;
    LessonController m_lesson;
    SweepController m_sweep;
    HeatmapPanel *m_heatmap;
    HeatmapPanel *m_partnerHeatmap;
    ControlsPanel *m_controls;
    ExplanationPanel *m_explanation;
    QDockWidget *m_dock;
    QWidget *m_demoBar;
    class PipelineView *m_pipeline = nullptr;
    class WhyScaleWindow *m_whyScale = nullptr;
    class MistakesWindow *m_mistakes = nullptr;
    class HullWindow *m_hull = nullptr;
    class TrainingWindow *m_training = nullptr;
    QList<QToolButton *> m_demoButtons;
    void updateDemoButtons(); // their texts and states follow the settings
    void fitPresentation(); // text sizes for the window's size; the heatmaps keep the most room
    void alignPanels(); // a comparison's panels: orientation, shared colour scale, rows aligned
    bool m_stacked = false; // a comparison's panels one above the other
    QLabel *m_caption;
    QLabel *m_busy;
    QHBoxLayout *m_maps;
    bool m_rememberState;
    QMenu *m_recentData = nullptr;
    class HeadsWindow *m_heads = nullptr;
    class WeightsWindow *m_weightsWindow = nullptr;
    bool m_presentation = false;
    QList<QAction *> m_keyActions;
    QList<QPointer<QMenu>> m_menus; // the menu bar's, made by buildMenus
    class UndoHistory *m_undo = nullptr; // Edit > Undo, Redo
    class UserGuide *m_guide = nullptr; // Help > User guide, made when first asked for
};
