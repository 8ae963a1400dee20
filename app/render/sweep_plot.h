// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The "why scale" sweep drawn: four panels against d_k on a log axis (the row's entropy with ln S,
// its largest weight, the score variance with y = d_k and y = 1 on log axes, the softmax Jacobian's
// norm with its uniform-row value), each with the mean of the trials as a line and the band from
// their 10th to 90th percentile, scaled in blue and not scaled in orange, and the current d_k marked.
// The "Why scale?" window shows it; writeSweepPicture makes its pictures (the window's Export and
// the command line's --sweep --export), with a caption saying how to read them.

#include "render/figure.h"
#include "scale_sweep.h"

#include <QCoreApplication>
#include <QList>
#include <QSize>
#include <QString>

class QCustomPlot;
class QCPAxisRect;
class QCPGraph;
class QCPItemStraightLine;
class QCPItemText;
class QCPTextElement;
class QCPLegend;
class QByteArray;

class SweepPlot
{
    Q_DECLARE_TR_FUNCTIONS(SweepPlot)

public:
    // Builds the panels in plot (which it clears); the plot keeps them.
    explicit SweepPlot(QCustomPlot *plot);

    // Text size in pixels (units of a picture); 0: the plot's font.
    void setTextSize(int pixels);
    void setResult(const attn::SweepResult &r);
    // The d_k the main window shows, marked on every panel (0: none).
    void setCurrentDk(int dk);
    void setTitle(const QString &title);
    // The panels' names in the interface's language now (the legend's come with setResult).
    void retranslate();
    // A paragraph under the panels (empty: none), wrapped to the width in layOut.
    void setCaption(const QString &caption);
    // The panels' rectangles, in order: entropy, largest weight, score variance, Jacobian norm.
    QList<QCPAxisRect *> panels() const { return m_rects; }
    // The side's curve of one panel (0 scaled, 1 not scaled, 2 additive): its mean.
    QCPGraph *meanGraph(int panel, int side) const { return side == 2 ? m_additive[panel] : m_mean[panel][side]; }
    // Lays the plot out at size (for pictures): the title and caption fitted to its width.
    void layOut(const QSize &size);

    // "Why divide by √d_k: S = 16 keys, 200 trials per d_k, seed 0" (and the scaling when not 1/√d_k).
    static QString defaultTitle(const attn::SweepSettings &s);
    // The scaled side's name in the legend: "÷√d_k", "÷d_k", "÷√d_model (512)", "d_k^−¼ on q and on k", "× 0.3".
    static QString scaledName(const attn::SweepSettings &s);
    // How to read the picture: what a point and a band are, which colour is which, what happens.
    static QString defaultCaption(const attn::SweepSettings &s);

private:
    void applyFonts();

    QCustomPlot *m_plot;
    QCPTextElement *m_title = nullptr, *m_caption = nullptr;
    QString m_titleText, m_captionText; // before fitting to the width
    QCPLegend *m_legend = nullptr;
    QList<QCPAxisRect *> m_rects;
    QCPGraph *m_mean[4][2] = {}, *m_low[4][2] = {}, *m_high[4][2] = {};
    QCPGraph *m_additive[4] = {}; // the additive side's mean, when the sweep has one
    QList<QCPGraph *> m_references; // ln S, y = d_k, y = 1, the uniform row's norm
    QCPItemStraightLine *m_marker[4] = {};
    QCPItemText *m_markerLabel = nullptr;
    int m_textSize = 0;
    int m_currentDk = 0;
    attn::SweepResult m_result;
};

// A picture of a sweep, as the window's Export and --sweep --export write it.
struct SweepPicture : PlotPicture
{
    int currentDk = 0; // marked on every panel (0: none)
};
// Encodes the picture in the format path's suffix names (.png .jpg .pdf .svg) into *encoded.
bool encodeSweepPicture(
    const QString &path, const attn::SweepResult &r, const SweepPicture &o, QByteArray *encoded, QString *error);
