// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// File > Export…: where, in which format (by the file's suffix), at which size (a slide, a paper
// column of 3.5 inches, a paper page of 7 inches, or custom), at which pixel ratio (PNG, JPG), with
// which title line, and on a transparent background (PNG). Remembers the last choices.

#include "render/figure.h"

#include <QDialog>

#include <functional>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QSpinBox;

class ExportDialog : public QDialog
{
    Q_OBJECT
public:
    // base: the figure as the window would draw it (its title, display options); imagesOnly: no data
    // formats (comparisons); panels: how many heatmaps stand side by side.
    ExportDialog(const FigureOptions &base, bool imagesOnly, int panels, QWidget *parent = nullptr);
    // The same dialog for a plot (the sweep, the training runs, a weights map): its size presets, pixel ratio,
    // title and transparency; no sums to choose; its numbers as .csv or .json.
    static ExportDialog *forPlot(const PlotPicture &base, const QString &fileName, QWidget *parent);
    PlotPicture plotPicture() const; // the choices, for a plot

    QString path() const;
    FigureOptions options() const;
    enum class Preset { Slide, PaperColumn, PaperPage, Custom };
    void choosePreset(Preset p);
    void setPath(const QString &path);
    void accept() override; // asks before replacing an existing file

private:
    void update();
    void browse();

    FigureOptions m_base;
    bool m_imagesOnly;
    bool m_plot = false; // forPlot
    int m_panels;
    QLineEdit *m_path;
    QComboBox *m_preset;
    QSpinBox *m_width, *m_height;
    QDoubleSpinBox *m_ratio;
    QLineEdit *m_title;
    QCheckBox *m_transparent;
    QCheckBox *m_withPanels;
    QLabel *m_summary;
    class QPushButton *m_ok;
};

// The export dialog of the Why scale?, Training and weights windows (ExportDialog::forPlot, starting in the last
// export folder with fileName, the plot's size base.size), then write(path, picture, &error); a failure is shown
// in a message box. Then the keys come back to parent's window (without a window manager nothing else gives it
// the focus). In presentation mode the dialog presents too.
void exportFromDialog(QWidget *parent, const QString &title, const QString &fileName, const PlotPicture &base,
    const std::function<bool(const QString &path, const PlotPicture &picture, QString *error)> &write);
