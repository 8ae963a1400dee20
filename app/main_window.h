#pragma once
// The main window: controls in a dock, the heatmap with its side panels in the centre, the
// explanation strip below, messages in the status bar.

#include "attention_model.h"
#include "figure.h"

#include <QMainWindow>

class ControlsPanel;
class ExplanationPanel;
class HeatmapPanel;
class QLabel;

class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    // rememberState: restore and save geometry in QSettings (off for --screenshot).
    explicit MainWindow(AttentionModel *model, bool rememberState = true, QWidget *parent = nullptr);

    HeatmapPanel *heatmap() const { return m_heatmap; }
    ControlsPanel *controls() const { return m_controls; }
    ExplanationPanel *explanation() const { return m_explanation; }
    QString statusText() const;

    // The export actions without their dialogs (the menu asks for the path first).
    bool exportTo(const QString &path, QString *error);
    bool exportComparison(const QString &path, bool softmaxDim, QString *error);
    bool exportDkSeries(const QString &folder, const QList<int> &values, QStringList *written, QString *error);
    void copyImage();
    FigureOptions currentFigureOptions() const;

protected:
    void closeEvent(QCloseEvent *event) override;

private:
    void buildMenus();
    QString askExportPath(const QString &title, bool imagesOnly);
    void reportExport(bool ok, const QString &path, const QString &error);
    void showProblem(const QString &message);

    AttentionModel *m_model;
    HeatmapPanel *m_heatmap;
    ControlsPanel *m_controls;
    ExplanationPanel *m_explanation;
    QLabel *m_busy;
    bool m_rememberState;
};
