// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The heads grid (View > Heads): a small heatmap of the weights of every element, one row per batch element and
// one column per head (loaded (B, H, L, d) data; drawn data have one head), each with its mean row entropy under
// it, then the mean over the heads (nn.MultiheadAttention's average_attn_weights=True) and their largest weight.
// Clicking a head's map shows it large in the main window. It only reads the model (and sets the element shown).

#include "heads.h"
#include "model/attention_model.h"
#include "widgets/translated_texts.h"

#include <QWidget>

class QGridLayout;
class QLabel;
class QPushButton;

class HeadTile : public QWidget
{
    Q_OBJECT
public:
    HeadTile(const QString &title, QWidget *parent = nullptr);
    // The L x S values to draw (0 to 1 on viridis), and the line under the map.
    void setValues(const float *values, int rows, int cols, const QString &below);
    // Another tile's picture (already reduced), with this line under it.
    void setPicture(const HeadTile &from, const QString &below);
    void setCurrent(bool on);
    QString title() const { return m_title; }
    QString below() const { return m_below; }
    QFont textFont() const; // what its title and the line under the map are written in
    int contentHeight() const; // from its title to the line under the map (the tile may be taller)

signals:
    void clicked();

protected:
    void paintEvent(QPaintEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;

private:
    QString m_title, m_below;
    QImage m_image;
    bool m_current = false;
};

class HeadsWindow : public QWidget
{
    Q_OBJECT
public:
    explicit HeadsWindow(AttentionModel *model, QWidget *parent = nullptr);

    static constexpr int kMaxTiles = 48; // elements drawn at most (the first ones; the window says so)
    QList<HeadTile *> tiles() const { return m_tiles; } // heads first, row by row, then each row's mean and max
    const attn::HeadsOverview &overview() const { return m_overview; }
    QString statusText() const;
    // Multi-head draws (nn.MultiheadAttention): the multiply-adds of h heads and of one head of d_model, the
    // output's shapes, and the times last measured (empty otherwise).
    QString costText() const;
    // Times nn.MultiheadAttention's forward pass here for the heads shown and for one head of d_model (the median of
    // `runs` each, alternating) on the model's clock, and shows both beside the multiply-adds.
    void measure(int runs = 5);
    // The grid as a picture (.png .jpg .pdf .svg): the heading (whose heads), every tile with its mean entropy,
    // their mean and largest, and the line under them; picture's size (null: the grid's own, at ratio 2) with the
    // drawing scaled to fit; written whole or not at all. False with *error naming the problem.
    bool exportGrid(const QString &path, QString *error, const struct PlotPicture *picture = nullptr) const;

protected:
    void showEvent(QShowEvent *event) override;
    void changeEvent(QEvent *event) override; // a language switch: the texts again

private:
    void refresh();
    void showCost(const attn::Params &p);
    void showNext(int step); // the main window's element step further (→ +1, ← -1), round the end

    AttentionModel *m_model;
    QWidget *m_grid;
    QGridLayout *m_layout;
    QLabel *m_status, *m_intro, *m_cost;
    QWidget *m_costScroll; // m_cost, scrolled where the window is short
    QPushButton *m_measure, *m_export;
    QString m_measured; // "8 heads 1.2 ms, one head 1.1 ms" for the settings in m_measuredFor
    QString m_measuredFor;
    QString m_wrongScaleFor; // the draws m_rightEntropy and m_wrongEntropy are of
    double m_rightEntropy = 0, m_wrongEntropy = 0; // the heads' mean entropy divided by √d_k, and by √d_model
    QList<HeadTile *> m_tiles;
    int m_tileHeads = 0; // the heads the tiles were made for
    attn::HeadsOverview m_overview;
    TranslatedTexts m_texts;
};
