// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/weights_window.h"

#include "widgets/heads_window.h"

#include <QFontDatabase>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QScrollArea>
#include <QVBoxLayout>

WeightsWindow::WeightsWindow(QWidget *parent)
    : QWidget(parent)
{
    setObjectName("weightsWindow");
    resize(1100, 640);
    auto *layout = new QVBoxLayout(this);
    m_title = new QLabel(this);
    m_title->setWordWrap(true);
    layout->addWidget(m_title);
    m_warning = new QLabel(this);
    m_warning->setObjectName("weightsWarning");
    m_warning->setWordWrap(true);
    m_warning->setStyleSheet("QLabel { color: #b00000; }");
    layout->addWidget(m_warning);
    auto *row = new QHBoxLayout;
    auto *scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    m_grid = new QWidget;
    m_layout = new QGridLayout(m_grid);
    scroll->setWidget(m_grid);
    row->addWidget(scroll, 3);
    auto *right = new QVBoxLayout;
    m_big = new HeadTile(QString(), this);
    m_big->setMinimumSize(240, 260);
    right->addWidget(m_big, 2);
    m_stats = new QLabel;
    m_stats->setObjectName("weightsStats");
    m_stats->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_stats->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_stats->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    auto *statsScroll = new QScrollArea(this); // every row, however many: it scrolls
    statsScroll->setWidgetResizable(true);
    statsScroll->setWidget(m_stats);
    right->addWidget(statsScroll, 1);
    row->addLayout(right, 2);
    layout->addLayout(row, 1);
}

void WeightsWindow::setWeights(std::shared_ptr<const attn::LoadedWeights> w)
{
    m_weights = std::move(w);
    for (HeadTile *t : std::as_const(m_tiles))
        t->deleteLater();
    m_tiles.clear();
    m_summaries.clear();
    const attn::LoadedWeights &x = *m_weights;
    setWindowTitle(tr("attention-viz — weights from %1").arg(QString::fromStdString(x.source)));
    m_title->setText(
        tr("%1: layers × batch × heads = %2 × %3 × %4 maps of %5 queries × %6 keys, shown as they are (no Q and K: "
           "the main window's settings do not apply; viridis, 0 to 1). Each map's mean row entropy is under it, in "
           "nats. Click a map to see it large.")
            .arg(QString::fromStdString(x.source))
            .arg(x.layers)
            .arg(x.batch)
            .arg(x.heads)
            .arg(x.rows)
            .arg(x.cols));
    const int shown = std::min(x.maps(), kMaxTiles);
    const int columns = std::max(1, std::min(x.heads, 8)); // a row per layer and batch element (8 heads a row)
    for (int m = 0; m < shown; ++m) {
        const int layer = m / (x.batch * x.heads), b = (m / x.heads) % x.batch, h = m % x.heads;
        auto *tile = new HeadTile(x.batch > 1 ? tr("L%1 · b%2 · head %3").arg(layer).arg(b).arg(h)
                                              : tr("layer %1 · head %2").arg(layer).arg(h),
            m_grid);
        tile->setToolTip(tr("layer %1 · batch %2 · head %3").arg(layer).arg(b).arg(h));
        m_summaries.push_back(attn::summarizeWeights(x.map(layer, b, h), x.rows, x.cols));
        tile->setValues(x.map(layer, b, h), x.rows, x.cols,
            (m_summaries.back().warnings.empty() ? QString() : QStringLiteral("⚠ "))
                + tr("entropy %1").arg(m_summaries.back().meanEntropy, 0, 'f', 3));
        connect(tile, &HeadTile::clicked, this, [this, m] { select(m); });
        m_layout->addWidget(tile, m / columns, m % columns);
        m_tiles << tile;
    }
    select(0);
}

void WeightsWindow::select(int map)
{
    if (!m_weights || map < 0 || map >= m_weights->maps())
        return;
    m_selected = map;
    const attn::LoadedWeights &x = *m_weights;
    const int layer = map / (x.batch * x.heads), b = (map / x.heads) % x.batch, h = map % x.heads;
    const float *w = x.map(layer, b, h);
    m_summary
        = map < int(m_summaries.size()) ? m_summaries[std::size_t(map)] : attn::summarizeWeights(w, x.rows, x.cols);
    for (int i = 0; i < m_tiles.size(); ++i)
        m_tiles[i]->setCurrent(i == map);
    const QString name = tr("layer %1 · batch %2 · head %3").arg(layer).arg(b).arg(h);
    const QString below = tr("%1: mean entropy %2 nats").arg(name).arg(m_summary.meanEntropy, 0, 'f', 4);
    if (map < m_tiles.size())
        m_big->setPicture(*m_tiles[map], below); // the same reduction as its small map
    else
        m_big->setValues(w, x.rows, x.cols, below);
    QStringList warnings;
    for (const std::string &s : m_summary.warnings)
        warnings << QString::fromStdString(s);
    // The other maps with something odd (⚠ under them), named.
    QStringList others;
    for (std::size_t k = 0; k < m_summaries.size(); ++k)
        if (int(k) != map && !m_summaries[k].warnings.empty())
            others << m_tiles[int(k)]->title();
    if (!others.isEmpty())
        warnings << tr("odd too: %1").arg(others.join(QStringLiteral(", ")));
    m_warning->setText(warnings.join(QStringLiteral("  ·  ")));
    m_warning->setVisible(!warnings.isEmpty());
    QStringList lines;
    lines << tr("%1   every row: sum, entropy (nats)").arg(name);
    const int shownRows = std::min(x.rows, 24);
    for (int i = 0; i < shownRows; ++i) {
        const QString label = x.tokens.empty()
            ? QString()
            : QStringLiteral(" %1").arg(QString::fromStdString(x.tokens[std::size_t(i)]).left(12), -12);
        lines << tr("row %1%2: sum %3, entropy %4")
                     .arg(i, 3)
                     .arg(label)
                     .arg(m_summary.rowSums[std::size_t(i)], 0, 'f', 4)
                     .arg(m_summary.rowEntropy[std::size_t(i)], 0, 'f', 4);
    }
    if (shownRows < x.rows)
        lines << tr("… and %1 more rows (their sums from %2 to %3)")
                     .arg(x.rows - shownRows)
                     .arg(m_summary.minSum, 0, 'f', 4)
                     .arg(m_summary.maxSum, 0, 'f', 4);
    m_stats->setText(lines.join(QLatin1Char('\n')));
}

QString WeightsWindow::statsText() const
{
    return m_stats->text();
}

QString WeightsWindow::warningText() const
{
    return m_warning->isVisible() ? m_warning->text() : QString();
}
