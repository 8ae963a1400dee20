// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The training runs drawn: on the left, against the step, the loss, the accuracy (with chance, 1/L)
// and the gradient norm on a log axis (each step thin, the running median of 25 steps bold); on the
// right, the watched examples' attention rows for each run as heatmaps, the target key of each row
// outlined. Scaled in blue, not scaled in orange, as in the "why scale" sweep. The Training window
// shows it; encodeTrainingPicture makes its pictures (the window's Export and --train --export).

#include "render/figure.h"
#include "training.h"

#include <QCoreApplication>
#include <QList>
#include <QSize>
#include <QString>

class QByteArray;
class QCustomPlot;
class QCPAxisRect;
class QCPColorMap;
class QCPColorScale;
class QCPGraph;
class QCPItemRect;
class QCPLegend;
class QCPTextElement;

// The examples whose rows the heatmaps show: the first batch's first eight.
constexpr int kWatchedExamples = 8;

class TrainingPlot
{
    Q_DECLARE_TR_FUNCTIONS(TrainingPlot)

public:
    static constexpr int kMedianWindow = 25;

    // Builds the panels in plot (which it clears); the plot keeps them.
    explicit TrainingPlot(QCustomPlot *plot);
    ~TrainingPlot();
    TrainingPlot(const TrainingPlot &) = delete;
    TrainingPlot &operator=(const TrainingPlot &) = delete;

    void setTextSize(int pixels); // 0: the plot's font
    void setSnapshot(const attn::TrainingSnapshot &s);
    void setTitle(const QString &title);
    // The panels' names in the interface's language now (the others come with setSnapshot).
    void retranslate();
    void setCaption(const QString &caption); // a paragraph under the panels (empty: none)
    // Loss, accuracy, gradient norm; then the heatmaps, scaled and not.
    QList<QCPAxisRect *> curvePanels() const { return m_curves; }
    QList<QCPAxisRect *> mapPanels() const { return m_maps; }
    QCPGraph *curve(int panel, int side) const { return m_line[panel][side]; }
    QCPGraph *median(int side) const { return m_median[side]; }
    QCPColorMap *map(int side) const { return m_map[side]; }
    QString mapTitle(int side) const;
    void layOut(const QSize &size); // for pictures: the title and caption fitted to the width

    // "Training with and without the scale: d_k = 256, SGD lr 0.5, seed 0"
    static QString defaultTitle(const attn::TrainSettings &s);
    // The scaled run's name: "÷√d_k", "÷d_k", ...
    static QString scaledName(const attn::TrainSettings &s);
    // What the curves show, in numbers, and what it means where the numbers say so. Brief (presentation mode): the
    // step and what it means, without each run's numbers.
    static QString summary(const attn::TrainingSnapshot &s, bool brief = false);

private:
    void applyFonts();
    // The maps' titles wrapped to their width, a curve's name on two lines where one is longer than its panel is
    // high; true when a label changed.
    bool fitLabels();

    QCustomPlot *m_plot;
    QCPTextElement *m_title = nullptr, *m_caption = nullptr;
    QString m_titleText, m_captionText;
    QCPLegend *m_legend = nullptr;
    QList<QCPAxisRect *> m_curves, m_maps;
    QCPGraph *m_line[3][2] = {}; // per panel and side (the gradient panel's: each step, thin)
    QCPGraph *m_median[2] = {};
    QCPGraph *m_chance = nullptr;
    QCPGraph *m_gradientKey = nullptr; // the legend's key to the gradient panel (no points)
    QCPColorMap *m_map[2] = {};
    QCPColorScale *m_scale = nullptr;
    QList<QCPItemRect *> m_targets[2]; // per watched row: a black outline, then a white one over it
    int m_textSize = 0;
    QMetaObject::Connection m_fitting; // afterLayout: fitLabels
};

struct TrainingPicture : PlotPicture
{
    TrainingPicture() { size = QSize(1400, 900); } // wider than the sweep's: curves and heatmaps side by side
};
// Encodes the picture in the format path's suffix names (.png .jpg .pdf .svg) into *encoded.
bool encodeTrainingPicture(const QString &path, const attn::TrainingSnapshot &s, const TrainingPicture &o,
    QByteArray *encoded, QString *error);
