// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Attention weights loaded alone (File > Open attention weights, --load-weights): shown as they are, without Q
// and K. A grid of every map (layer · batch · head) with its mean row entropy; the chosen one large, with each
// row's sum and entropy and what is odd (rows that do not sum to 1, negative values, NaN). The large map has axes
// (token names when the file has them), a colour scale, each cell's weight on hover, and Export… for a picture;
// the arrow keys, Home and End choose the map.

#include "weights.h"
#include "widgets/translated_texts.h"

#include <QWidget>

#include <memory>

struct PlotPicture;
class HeadTile;
class QCustomPlot;
class QGridLayout;
class QLabel;
class QPushButton;
class WeightsPlot;

class WeightsWindow : public QWidget
{
    Q_OBJECT
public:
    explicit WeightsWindow(QWidget *parent = nullptr);
    ~WeightsWindow() override;

    void setWeights(std::shared_ptr<const attn::LoadedWeights> w);
    void select(int map); // layer·B·H + b·H + h
    int selected() const { return m_selected; }
    const attn::WeightsSummary &summary() const { return m_summary; }
    QList<HeadTile *> tiles() const { return m_tiles; }
    QString statsText() const;
    QString warningText() const;
    QCustomPlot *bigMap() const { return m_bigPlot; }
    // The hover text for the large map's cell (query, key).
    QString cellText(int query, int key) const;
    // The chosen map as a picture (.png .jpg .pdf .svg); false with *error naming the problem.
    bool exportTo(const QString &path, QString *error, const PlotPicture *picture = nullptr) const; // (null: defaults)

    static constexpr int kMaxTiles = 48;

protected:
    void changeEvent(QEvent *event) override; // a language switch: the texts again

private:
    void step(int by); // to another map with a tile, by this many

    std::shared_ptr<const attn::LoadedWeights> m_weights;
    QWidget *m_grid;
    QGridLayout *m_layout;
    QCustomPlot *m_bigPlot;
    std::unique_ptr<WeightsPlot> m_big;
    QPushButton *m_export;
    int m_columns = 1; // tiles a row
    QLabel *m_warning, *m_stats, *m_title;
    QList<HeadTile *> m_tiles;
    attn::WeightsSummary m_summary;
    std::vector<attn::WeightsSummary> m_summaries; // per map drawn, made once
    int m_selected = 0;
    TranslatedTexts m_texts;
};
