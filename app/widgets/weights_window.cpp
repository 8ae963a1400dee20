// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/weights_window.h"

#include "io/save_output.h"
#include "matrix_io.h"
#include "model/messages.h"
#include "render/weights_plot.h"
#include "widgets/export_dialog.h"
#include "widgets/heads_window.h"
#include "widgets/key_help.h"
#include "widgets/theme.h"

#include <qcustomplot.h>

#include <QFileInfo>
#include <QFontDatabase>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QShortcut>
#include <QToolTip>
#include <QVBoxLayout>

namespace {

// What is odd about the weights, in a red readable on the window's palette.
QString warningStyle(const QPalette &p)
{
    return QStringLiteral("QLabel { color: %1; }")
        .arg(readable(p, QColor(0xb0, 0, 0), QColor(0xff, 0x7b, 0x7b)).name());
}

} // namespace

namespace {
// The map's picture as Export makes it unless the export dialog says otherwise.
PlotPicture weightsPicture()
{
    PlotPicture p;
    p.size = QSize(1000, 900);
    return p;
}
} // namespace

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
    m_warning->setStyleSheet(warningStyle(palette()));
    layout->addWidget(m_warning);
    auto *row = new QHBoxLayout;
    auto *scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    m_grid = new QWidget;
    m_layout = new QGridLayout(m_grid);
    scroll->setWidget(m_grid);
    row->addWidget(scroll, 3);
    auto *right = new QVBoxLayout;
    m_bigPlot = new QCustomPlot(this);
    m_bigPlot->setObjectName("weightsBigMap");
    m_bigPlot->setMinimumSize(300, 280);
    m_bigPlot->setMouseTracking(true);
    m_bigPlot->setFocusPolicy(Qt::NoFocus); // the keys choose maps (the window takes them)
    m_big = std::make_unique<WeightsPlot>(m_bigPlot);
    right->addWidget(m_bigPlot, 2);
    connect(m_bigPlot, &QCustomPlot::mouseMove, this, [this](QMouseEvent *event) {
        int i = 0, j = 0;
        if (m_big->cellAt(event->position(), &i, &j))
            QToolTip::showText(event->globalPosition().toPoint(), cellText(i, j), m_bigPlot);
        else
            QToolTip::hideText();
    });
    m_export = new QPushButton(this);
    m_export->setObjectName("weightsExport");
    m_texts.add([this] {
        m_export->setText(tr("Export picture…"));
        m_export->setToolTip(tr("Save the large map as PNG, PDF or SVG (with its axes and colour scale) or its "
                                "numbers as CSV; JSON: every map's row sums and entropies"));
    });
    connect(m_export, &QPushButton::clicked, this, [this] {
        exportFromDialog(this, tr("Export the weights map"), QStringLiteral("weights.png"), weightsPicture(),
            [this](const QString &path, const PlotPicture &picture, QString *error) {
                return exportTo(path, error, &picture);
            });
    });
    right->addWidget(m_export, 0, Qt::AlignRight);
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
    // The arrow keys, Home and End choose the map, wherever the focus is in this window (its own shortcuts: the
    // main window's arrows change the settings there).
    const auto key = [this](Qt::Key k, const char *what, const std::function<void()> &f) {
        connect(
            describeKey(new QShortcut(QKeySequence(k), this), "WeightsWindow", what), &QShortcut::activated, this, f);
    };
    key(Qt::Key_Left, QT_TRANSLATE_NOOP("WeightsWindow", "The map before"), [this] { step(-1); });
    key(Qt::Key_Right, QT_TRANSLATE_NOOP("WeightsWindow", "The next map"), [this] { step(+1); });
    key(Qt::Key_Up, QT_TRANSLATE_NOOP("WeightsWindow", "The map above"), [this] { step(-m_columns); });
    key(Qt::Key_Down, QT_TRANSLATE_NOOP("WeightsWindow", "The map below"), [this] { step(+m_columns); });
    key(Qt::Key_Home, QT_TRANSLATE_NOOP("WeightsWindow", "The first map"), [this] { select(0); });
    key(Qt::Key_End, QT_TRANSLATE_NOOP("WeightsWindow", "The last map"), [this] { step(int(m_tiles.size())); });
}

WeightsWindow::~WeightsWindow() = default;

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
           "the main window's settings do not apply; viridis from 0 to 1, the large map's scale widened to weights "
           "outside that). Each map's mean row entropy is under it, in "
           "nats. Click a map, or use the arrow keys, to see it large; hover over it for each weight.")
            .arg(QString::fromStdString(x.source))
            .arg(x.layers)
            .arg(x.batch)
            .arg(x.heads)
            .arg(x.rows)
            .arg(x.cols));
    const int shown = std::min(x.maps(), kMaxTiles);
    const int columns = std::max(1, std::min(x.heads, 8)); // a row per layer and batch element (8 heads a row)
    m_columns = columns;
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

void WeightsWindow::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange) // a theme: the warning's red readable on it
        m_warning->setStyleSheet(warningStyle(palette()));
    if (event->type() != QEvent::LanguageChange)
        return;
    m_texts.retranslate();
    if (m_weights) { // the maps' titles, the statistics and the title in the new language
        const int selected = m_selected;
        setWeights(m_weights);
        select(selected);
    }
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
    const QString name = weightsMapName(x, map);
    m_big->setMap(x, map, tr("%1: mean entropy %2 nats").arg(name).arg(m_summary.meanEntropy, 0, 'f', 4));
    m_bigPlot->replot();
    QStringList warnings;
    for (const std::string &s : m_summary.warnings)
        warnings << translatedMessage(QString::fromStdString(s)); // (the core's, in English)
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

QString WeightsWindow::cellText(int query, int key) const
{
    if (!m_weights || query < 0 || key < 0 || query >= m_weights->rows || key >= m_weights->cols)
        return {};
    const attn::LoadedWeights &x = *m_weights;
    const int layer = m_selected / (x.batch * x.heads), b = (m_selected / x.heads) % x.batch, h = m_selected % x.heads;
    const float v = x.map(layer, b, h)[std::size_t(query) * std::size_t(x.cols) + std::size_t(key)];
    const auto token = [&](int k) {
        return x.tokens.empty() ? QString()
                                : QStringLiteral(" (%1)").arg(QString::fromStdString(x.tokens[std::size_t(k)]));
    };
    return tr("query %1%2, key %3%4: weight %5")
        .arg(query)
        .arg(token(query))
        .arg(key)
        .arg(token(key))
        .arg(std::isfinite(v) ? QString::number(v, 'f', 4) : QString::number(v));
}

bool WeightsWindow::exportTo(const QString &path, QString *error, const PlotPicture *chosen) const
{
    if (!m_weights) {
        *error = tr("no weights are loaded");
        return false;
    }
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == "csv" || suffix == "json") { // the map's numbers, or every map's sums and entropies
        const attn::LoadedWeights &x = *m_weights;
        const float *map
            = x.map(m_selected / (x.batch * x.heads), (m_selected / x.heads) % x.batch, m_selected % x.heads);
        return saveThroughStream(
            path,
            [&](std::ostream &out) {
                if (suffix == "json")
                    attn::writeWeightsJson(out, x, [](const std::string &english) {
                        return translatedMessage(QString::fromStdString(english)).toStdString();
                    });
                else
                    attn::writeCsv(out, Eigen::Map<const attn::MatrixRM>(map, x.rows, x.cols));
            },
            error);
    }
    QByteArray bytes;
    const PlotPicture picture = chosen ? *chosen : weightsPicture();
    return encodeWeightsPicture(path, *m_weights, m_selected, picture.size, picture.pixelRatio, picture.transparent,
               picture.titleText, true, &bytes, error)
        && saveBytes(path, bytes, error);
}

void WeightsWindow::step(int by)
{
    if (!m_tiles.isEmpty())
        select(std::clamp(m_selected + by, 0, int(m_tiles.size()) - 1)); // the maps with a tile
}

QString WeightsWindow::statsText() const
{
    return m_stats->text();
}

QString WeightsWindow::warningText() const
{
    return m_warning->isVisible() ? m_warning->text() : QString();
}
