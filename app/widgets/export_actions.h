// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// File > Export…, Export comparison, Export a d_k series and Copy image: the model's result (or its comparison)
// drawn as the window draws it, through render's figures, and the dialogs that ask where and how. A failed export's
// dialog comes back as it was, to be mended.

#include "model/attention_model.h"
#include "render/figure.h"

#include <QObject>

#include <functional>

class QMainWindow;

class ExportActions : public QObject
{
    Q_OBJECT
public:
    // A finished export is told in window's status bar, a failed one in a message box.
    ExportActions(AttentionModel *model, QMainWindow *window);

    FigureOptions currentFigureOptions() const; // the figure as the window draws it
    FigureOptions comparisonFigureOptions(CompareKind kind) const;
    // Without their dialogs (the menu asks for the path first). The picture or the data by the suffix.
    bool exportTo(const QString &path, QString *error, const FigureOptions *options = nullptr);
    bool exportComparison(
        const QString &path, CompareKind kind, QString *error, const FigureOptions *options = nullptr);
    bool exportDkSeries(const QString &folder, const QList<int> &values, QStringList *written, QString *error);
    void copyImage(); // File > Copy image (Ctrl+Shift+C)

    // The menu's actions, each with its dialog.
    void exportWithDialog();
    void exportComparisonWithDialog(CompareKind kind);
    void exportSeriesWithDialog();

private:
    // The Export dialog until an export succeeds or it is cancelled.
    void untilWritten(const FigureOptions &base, bool comparison,
        const std::function<bool(const QString &, const FigureOptions &, QString *)> &write);
    void report(bool ok, const QString &what, const QString &error);

    AttentionModel *m_model;
    QMainWindow *m_window;
};
