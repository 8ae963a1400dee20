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

// The save dialog of the Why scale? and Training windows: a picture (.png .pdf .svg) or the numbers (.csv
// .json), starting in the last export folder with fileName; .png added when no suffix is typed. Empty when
// cancelled.
QString askPlotExportPath(QWidget *parent, const QString &title, const QString &fileName);

// askPlotExportPath, then write(path, &error); a failure is shown in a message box. Then the keys come back to
// parent's window (without a window manager nothing else gives it the focus).
void exportFromDialog(QWidget *parent, const QString &title, const QString &fileName,
    const std::function<bool(const QString &path, QString *error)> &write);
