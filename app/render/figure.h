// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Exported pictures and matrices. A figure is one heatmap (or two side by side, for comparisons)
// with its colour scale, axis labels, per-panel subtitles and an optional title line, drawn by
// QCustomPlot onto an image (PNG, JPG), a PDF (vector) or an SVG (vector; the cells one image).
// Everything is written through io/save_output.h: all or nothing, every byte checked.

#include "io/save_output.h"
#include "model/labels.h"
#include "model/view_state.h"

#include <QFont>
#include <QImage>
#include <QSize>
#include <QString>

#include <functional>
#include <vector>

struct FigurePanel
{
    ResultPtr result;
    QString subtitle; // above the panel; empty for none
};

struct FigureOptions
{
    DisplayOptions display;
    QString title; // the line above everything; empty for none
    QSize size { 1200, 900 }; // pixels at ratio 1, points for PDF and SVG
    double pixelRatio = 1.0; // PNG and JPG have size × pixelRatio pixels (2 for high-DPI slides)
    bool transparent = false; // PNG only
    bool panels = true; // row sums beside each map and column sums under it, with their numbers
};

class QCustomPlot;
class QCPLegend;
class QCPTextElement;
class QFontMetricsF;

// The plots of the Why scale? and Training windows as pictures (their Export, --sweep/--train --export).
struct PlotPicture
{
    QSize size { 1200, 900 }; // units: pixels at ratio 1, points for PDF and SVG
    double pixelRatio = 1.0;
    bool transparent = false;
    bool title = true; // the title line (titleText, or the plot's own) and the caption
    QString titleText;
};

// A plot's text at textSize pixels (0: the plot's font's size): the body, a bold title a quarter larger and
// tick labels a tenth smaller (not below 8). applyPlotFonts sets them on the title and caption (either may be
// null) and on the legend and its items (with margins that keep descenders, d_k's underscore, inside them),
// and returns them for the rest.
struct PlotTextFonts
{
    int px;
    QFont body, title, small;
};
PlotTextFonts applyPlotFonts(
    QCustomPlot *plot, int textSize, QCPTextElement *titleElement, QCPTextElement *caption, QCPLegend *legend);
// Text wrapped to lines no wider than width (where its words allow): first at the parts a title
// separates with two spaces, then at spaces outside parentheses.
QStringList wrapLines(const QString &text, const QFontMetricsF &fm, int width);
// A plot laid out and drawn at size, its caption (if it has text) wrapped to width: how the sweep's and the
// training's pictures finish.
void layOutPlotAt(QCustomPlot *plot, QCPTextElement *caption, const QString &captionText, int width, QSize size);
// Text that fits width: the font shrinks to three quarters of its size (not below smallest, nor 8
// units), then the text wraps onto as few lines as it can. Never clipped.
QString fitText(const QString &text, QFont *font, int width, int smallest = 8);

// A plot laid out at size (units: pixels at ratio 1, points for PDF and SVG) as an image of
// size × pixelRatio pixels that says its dpi, or encoded in the format path's suffix names.
QImage renderPlot(QCustomPlot &plot, const QSize &size, double pixelRatio, bool transparent);
bool encodePlot(const QString &path, QCustomPlot &plot, const QSize &size, double pixelRatio, bool transparent,
    const QString &title, QByteArray *encoded, QString *error);

// Any picture encoded in the format path's suffix names (.png .jpg .pdf .svg): raster() makes the PNG or JPG image
// (null when out of memory), vector(device) draws on a PDF page or an SVG of size points titled title.
bool encodePainted(const QString &path, const QSize &size, double pixelRatio, const QString &title,
    const std::function<QImage()> &raster, const std::function<void(QPaintDevice *)> &vector, QByteArray *encoded,
    QString *error);

// Renders the figure to an image of size × pixelRatio pixels.
QImage renderFigure(const std::vector<FigurePanel> &panels, const FigureOptions &options);

// The figure encoded in the format path's suffix names. False with *error on failure.
bool encodeFigure(const QString &path, const std::vector<FigurePanel> &panels, const FigureOptions &options,
    QByteArray *encoded, QString *error);
// Writes the figure to path in the format its suffix names. False with *error on failure. outputs: the run's, which
// puts it in place with the rest (io/save_output.h); none: at once.
bool writeFigure(const QString &path, const std::vector<FigurePanel> &panels, const FigureOptions &options,
    QString *error, OutputSet *outputs = nullptr);

// .csv: the shown matrix (batch element, quantity) as L lines of S values; .npy: the whole (B,L,S)
// tensor of the shown quantity, float32; .json: everything, as --dump.
bool writeData(
    const QString &path, const attn::Result &r, const DisplayOptions &d, QString *error, OutputSet *outputs = nullptr);

// A series: one picture per value of one setting, written as FOLDER/NAME_VALUE.FORMAT.
struct SeriesPicture
{
    QString value; // as given, e.g. "64" or "pad:2"
    attn::Params params; // the settings with that value
};
// The file a series writes for one value: DIR/NAME_VALUE.FORMAT ("pad:2" becomes "pad-2").
QString seriesFileName(const QString &dir, const QString &name, const QString &value, const QString &format);
// Writes every picture of the series into folder (created if missing), each computed from the one
// before (same Q, K, V where the settings allow), titled by options(params). All or nothing: every old file stays
// as it was unless all are written (into outputs, the run's, when given). written: the file names, in order.
bool writeSeries(const QString &folder, const QString &name, const std::vector<SeriesPicture> &pictures,
    const QString &format, const ResultPtr &start, const std::function<FigureOptions(const attn::Params &)> &options,
    QStringList *written, QString *error, OutputSet *outputs = nullptr);

// The two sides of a comparison from base's Q and K, in attn::comparisonSides' order, each with its label.
// otherDk: the second d_k of a d_k comparison; 0: attn::comparisonDk of base's d_k.
std::vector<FigurePanel> comparePanels(const ResultPtr &base, CompareKind kind, int otherDk = 0);
