// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Attention weights loaded alone (File > Open attention weights, --load-weights): shown as they are, without Q
// and K. A grid of every map (layer · batch · head) with its mean row entropy; the chosen one large, with each
// row's sum and entropy and what is odd (rows that do not sum to 1, negative values, NaN).

#include "weights.h"

#include <QWidget>

#include <memory>

class HeadTile;
class QGridLayout;
class QLabel;

class WeightsWindow : public QWidget
{
    Q_OBJECT
public:
    explicit WeightsWindow(QWidget *parent = nullptr);

    void setWeights(std::shared_ptr<const attn::LoadedWeights> w);
    void select(int map); // layer·B·H + b·H + h
    int selected() const { return m_selected; }
    const attn::WeightsSummary &summary() const { return m_summary; }
    QList<HeadTile *> tiles() const { return m_tiles; }
    QString statsText() const;
    QString warningText() const;

    static constexpr int kMaxTiles = 48;

private:
    std::shared_ptr<const attn::LoadedWeights> m_weights;
    QWidget *m_grid;
    QGridLayout *m_layout;
    HeadTile *m_big;
    QLabel *m_warning, *m_stats, *m_title;
    QList<HeadTile *> m_tiles;
    attn::WeightsSummary m_summary;
    std::vector<attn::WeightsSummary> m_summaries; // per map drawn, made once
    int m_selected = 0;
};
