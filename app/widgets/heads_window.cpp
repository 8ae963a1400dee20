// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/heads_window.h"

#include "heatmap_grid.h"
#include "io/save_output.h"
#include "loaded.h"
#include "multihead.h"
#include "render/color_maps.h"
#include "render/figure.h"
#include "widgets/export_dialog.h"
#include "widgets/key_help.h"
#include "widgets/presentation.h"

#include <qcustomplot.h>

#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QMouseEvent>
#include <QPainter>
#include <QPushButton>
#include <QScrollArea>
#include <QShortcut>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <tuple>
#include <utility>

HeadTile::HeadTile(const QString &title, QWidget *parent)
    : QWidget(parent)
    , m_title(title)
{
    setMinimumSize(110, 150); // (8 heads, their mean and largest: ten across 1280 pixels)
    setToolTip(title);
}

void HeadTile::setValues(const float *values, int rows, int cols, const QString &below)
{
    // One pixel per cell (scaled up without smoothing when drawn): each block's largest weight when the matrix
    // is larger than 128 on a side (core's matrixGrid); grey where a block has no finite value.
    const attn::HeatmapGrid g = attn::matrixGrid(values, rows, cols, 128, 128);
    QCPColorGradient viridis = colorGradient(QStringLiteral("viridis")); // (color() is not const)
    m_image = QImage(int(g.values.cols()), int(g.values.rows()), QImage::Format_RGB32);
    for (int y = 0; y < m_image.height(); ++y)
        for (int x = 0; x < m_image.width(); ++x) {
            const float v = g.values(y, x);
            m_image.setPixel(x, y, std::isnan(v) ? qRgb(190, 190, 190) : viridis.color(v, QCPRange(0, 1)));
        }
    m_below = below;
    update();
}

void HeadTile::setPicture(const HeadTile &from, const QString &below)
{
    m_image = from.m_image;
    m_below = below;
    update();
}

void HeadTile::setCurrent(bool on)
{
    m_current = on;
    update();
}

void HeadTile::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::LosslessImageRendering); // (an exported PDF's maps without JPEG's blur)
    p.setFont(textFont());
    const QFontMetrics fm(p.font());
    const int line = fm.height();
    // A text wider than the tile in a smaller font (to three quarters) before it is elided.
    const auto fitted = [&](const QString &text) {
        QFont f = p.font();
        if (const int wide = fm.horizontalAdvance(text); wide > width() - 2)
            f.setPixelSize(std::max(QFontInfo(p.font()).pixelSize() * 3 / 4,
                int(QFontInfo(p.font()).pixelSize() * double(width() - 2) / wide)));
        return f;
    };
    const QFont normal = p.font();
    p.setFont(fitted(m_title));
    p.drawText(QRect(0, 0, width(), line), Qt::AlignCenter,
        QFontMetrics(p.font()).elidedText(m_title, Qt::ElideRight, width()));
    p.setFont(normal);
    const int side = std::max(10, std::min(width() - 4, height() - 2 * line - 8));
    const QRect map((width() - side) / 2, line + 2, side, side); // (contentHeight: the same sizes)
    p.drawImage(map, m_image);
    if (m_current) {
        p.setPen(QPen(QColor(220, 30, 30), 3));
        p.drawRect(map.adjusted(-2, -2, 1, 1));
    }
    p.setPen(palette().color(QPalette::WindowText));
    // (where even that is too narrow, the number without its name: "1.701 nats" of "entropy 1.701 nats")
    QString under = m_below;
    if (QFontMetrics(fitted(under)).horizontalAdvance(under) > width() - 2 && under.contains(' '))
        under = under.section(' ', 1);
    const QFont below = fitted(under);
    p.setFont(below);
    p.drawText(QRect(0, map.bottom() + 4, width(), line), Qt::AlignCenter,
        QFontMetrics(below).elidedText(under, Qt::ElideRight, width()));
}

int HeadTile::contentHeight() const
{
    const int line = QFontMetrics(textFont()).height();
    const int side = std::max(10, std::min(width() - 4, height() - 2 * line - 8));
    return std::min(height(), line + 2 + side + 4 + line + 2);
}

QFont HeadTile::textFont() const
{
    // In presentation mode the presenting window's text (its tiles are made after the window presents).
    return isPresenting(window()) ? window()->font() : font();
}

void HeadTile::mousePressEvent(QMouseEvent *event)
{
    if (event->button() == Qt::LeftButton)
        emit clicked();
}

HeadsWindow::HeadsWindow(AttentionModel *model, QWidget *parent)
    : QWidget(parent)
    , m_model(model)
{
    m_texts.add([this] { setWindowTitle(tr("attention-viz — heads")); });
    setObjectName("headsWindow");
    resize(1240, 640); // (within a 1280 x 720 projector, ten tiles across)
    auto *layout = new QVBoxLayout(this);
    m_intro = new QLabel(this);
    m_intro->setWordWrap(true);
    layout->addWidget(m_intro);
    auto *scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    m_grid = new QWidget;
    m_layout = new QGridLayout(m_grid);
    scroll->setWidget(m_grid);
    // The maps keep a tile's height (a presenting window's large cost table squeezed them to a 30-pixel strip);
    // the cost table below scrolls instead.
    scroll->setMinimumHeight(HeadTile(QString()).minimumHeight() + 24);
    layout->addWidget(scroll, 2);
    m_status = new QLabel(this);
    m_status->setObjectName("headsStatus");
    m_status->setWordWrap(true);
    layout->addWidget(m_status);
    m_cost = new QLabel(this);
    m_cost->setObjectName("headsCost");
    m_cost->setTextFormat(Qt::RichText);
    m_cost->setWordWrap(true);
    m_cost->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    auto *costScroll = new QScrollArea(this);
    costScroll->setObjectName("headsCostScroll");
    costScroll->setWidgetResizable(true);
    costScroll->setFrameShape(QFrame::NoFrame);
    costScroll->setWidget(m_cost);
    layout->addWidget(costScroll, 3);
    m_costScroll = costScroll;
    m_measure = new QPushButton(this);
    m_measure->setObjectName("headsMeasure");
    m_texts.add([this] {
        m_measure->setText(tr("Measure both"));
        m_measure->setToolTip(
            tr("Runs nn.MultiheadAttention's forward pass here five times with these heads and five times with one "
               "head of d_model, and shows the median time of each."));
    });
    connect(m_measure, &QPushButton::clicked, this, [this] { measure(); });
    m_export = new QPushButton(this);
    m_export->setObjectName("headsExport");
    m_texts.add([this] {
        m_export->setText(tr("Export picture…"));
        m_export->setToolTip(tr("Save the grid of heads (each with its mean entropy, their mean and largest) as PNG, "
                                "PDF or SVG; File > Export saves the head shown in the main window"));
    });
    connect(m_export, &QPushButton::clicked, this, [this] {
        PlotPicture base;
        base.size = m_grid->childrenRect().size() + QSize(8, 80);
        base.pixelRatio = 2.0;
        exportFromDialog(this, tr("Export the heads"), QStringLiteral("heads.png"), base,
            [this](const QString &path, const PlotPicture &picture, QString *error) {
                return exportGrid(path, error, &picture);
            });
    });
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_measure);
    buttons->addWidget(m_export);
    buttons->addStretch(1);
    layout->addLayout(buttons);
    connect(model, &AttentionModel::resultChanged, this, [this] {
        if (isVisible())
            refresh();
    });
    // Ctrl+H (as in the main window) closes it from within; Esc and Ctrl+W too (OtherWindows).
    connect(describeKey(new QShortcut(QKeySequence(Qt::CTRL | Qt::Key_H), this), "HeadsWindow",
                QT_TRANSLATE_NOOP("HeadsWindow", "Close this window")),
        &QShortcut::activated, this, &QWidget::hide);
    // The keys' way to what a click does: → and ← show the next and the one before in the main window.
    for (const auto &[key, step, text] :
        { std::tuple { Qt::Key_Right, 1, QT_TRANSLATE_NOOP("HeadsWindow", "The next head in the main window") },
            std::tuple { Qt::Key_Left, -1, QT_TRANSLATE_NOOP("HeadsWindow", "The head before in the main window") } })
        connect(describeKey(new QShortcut(QKeySequence(key), this), "HeadsWindow", text), &QShortcut::activated, this,
            [this, step = step] { showNext(step); });
}

void HeadsWindow::showNext(int step)
{
    const auto r = m_model->result();
    const int count = r ? r->attention.weights.batch : 0;
    if (count <= 1)
        return;
    attn::Params q = m_model->params();
    q.batchIndex = ((q.batchIndex + step) % count + count) % count;
    m_model->setParams(q);
}

void HeadsWindow::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() != QEvent::LanguageChange)
        return;
    m_texts.retranslate();
    m_tileHeads = -1; // the tiles again, with their titles in the new language
    refresh();
}

void HeadsWindow::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    refresh();
}

QString HeadsWindow::statusText() const
{
    return m_status->text();
}

QString HeadsWindow::costText() const
{
    return m_cost->isVisible() || !m_cost->text().isEmpty() ? m_cost->text() : QString();
}

bool HeadsWindow::exportGrid(const QString &path, QString *error, const PlotPicture *chosen) const
{
    if (m_tiles.isEmpty()) {
        *error = tr("no heads are shown");
        return false;
    }
    // The content at its own size: the heading, the tiles as laid out in the window, the line under them.
    const QString heading = chosen && !chosen->titleText.isEmpty() ? chosen->titleText : windowTitle();
    const bool titled = !chosen || chosen->title;
    // (in pixels, as the tiles write: a PDF's 72 dots an inch would shrink a size in points)
    QFont text = font();
    text.setPixelSize(QFontInfo(font()).pixelSize());
    const QFontMetrics fm(text);
    // The tiles row by row, each row as tall as its tiles' maps and lines (not the room the window gives them).
    std::map<int, int> rowTop; // a row's y in the window → its y in the picture
    for (const HeadTile *t : m_tiles)
        rowTop[t->y()] = std::max(rowTop[t->y()], t->contentHeight());
    int gridH = 0;
    for (auto &[y, h] : rowTop)
        gridH += std::exchange(h, gridH) + 8;
    const QRect tiles = m_grid->childrenRect();
    const QSize grid(tiles.width() + 8, gridH);
    const int width = std::max(grid.width(), 320);
    const QRect statusBox = fm.boundingRect(QRect(0, 0, width - 16, 100000), Qt::TextWordWrap, m_status->text());
    const int headH = titled ? fm.height() * 2 : 0, statusH = statusBox.height() + fm.height();
    const QSize natural(width, headH + grid.height() + statusH);
    const QSize size = chosen ? chosen->size : natural;
    const double ratio = chosen ? chosen->pixelRatio : 2.0;
    const auto draw = [&](QPainter &painter) {
        painter.fillRect(QRect(QPoint(0, 0), size), palette().window());
        const double scale = std::min(double(size.width()) / natural.width(), double(size.height()) / natural.height());
        painter.translate((size.width() - natural.width() * scale) / 2, (size.height() - natural.height() * scale) / 2);
        painter.scale(scale, scale);
        painter.setPen(palette().windowText().color());
        if (titled) {
            QFont bold = text;
            bold.setBold(true);
            painter.setFont(bold);
            painter.drawText(QRect(8, 0, width - 16, headH), Qt::AlignLeft | Qt::AlignVCenter, heading);
        }
        for (HeadTile *t : m_tiles) // (render is not const: it sends the tile a paint event)
            t->render(&painter, QPoint(t->x() - tiles.left() + 4, headH + rowTop.at(t->y())),
                QRegion(0, 0, t->width(), t->contentHeight()), QWidget::DrawChildren);
        painter.setFont(text);
        painter.setPen(palette().windowText().color());
        painter.drawText(QRect(8, headH + grid.height() + fm.height() / 2, width - 16, statusBox.height()),
            Qt::TextWordWrap, m_status->text());
    };
    QByteArray bytes;
    const bool encoded = encodePainted(
        path, size, ratio, heading,
        [&] {
            QImage image(QSize(int(std::lround(size.width() * ratio)), int(std::lround(size.height() * ratio))),
                QImage::Format_ARGB32_Premultiplied);
            if (image.isNull())
                return image;
            image.setDevicePixelRatio(ratio);
            QPainter painter(&image);
            draw(painter);
            return image;
        },
        [&](QPaintDevice *device) {
            QPainter painter(device);
            draw(painter);
        },
        &bytes, error);
    return encoded && saveBytes(path, bytes, error);
}

namespace {

QString settingsKey(const attn::MultiheadSettings &s)
{
    return QStringLiteral("%1/%2/%3/%4/%5").arg(s.batch).arg(s.length).arg(s.dModel).arg(s.heads).arg(s.seed);
}

} // namespace

void HeadsWindow::measure(int runs)
{
    const attn::MultiheadResult *m = attn::multiheadOf(m_model->params());
    if (!m)
        return;
    attn::MultiheadSettings heads = m->settings, one = m->settings;
    one.heads = 1;
    std::vector<double> timesHeads, timesOne;
    Clock &clock = m_model->clock();
    // The forward pass alone (projections, heads, W_O) on weights and X drawn once, as a module is called.
    attn::MultiheadResult drawnHeads = attn::drawMultihead(heads), drawnOne = attn::drawMultihead(one);
    for (int run = 0; run < runs; ++run)
        for (const auto &[drawn, times] :
            { std::pair { &drawnHeads, &timesHeads }, std::pair { &drawnOne, &timesOne } }) {
            const Clock::Duration start = clock.now();
            attn::multiheadForward(*drawn);
            times->push_back(std::chrono::duration<double, std::milli>(clock.now() - start).count());
        }
    const auto median = [](std::vector<double> v) {
        std::sort(v.begin(), v.end());
        return v.empty() ? 0.0 : v[v.size() / 2];
    };
    const QLocale locale;
    m_measured = tr("measured here (median of %1 runs each): %2 heads %3 ms, one head %4 ms")
                     .arg(runs)
                     .arg(heads.heads)
                     .arg(locale.toString(median(timesHeads), 'f', 2), locale.toString(median(timesOne), 'f', 2));
    m_measuredFor = settingsKey(heads);
    refresh();
}

void HeadsWindow::refresh()
{
    const auto r = m_model->result();
    if (!r)
        return;
    const attn::Params &p = r->params;
    const int heads = p.loaded ? p.loaded->heads : 1;
    // Whose heads (a projector without a window manager shows no title, the window list and Alt+Tab do).
    setWindowTitle(p.loaded ? tr("attention-viz — heads of %1").arg(QString::fromStdString(p.loaded->source))
                            : tr("attention-viz — heads"));
    m_overview = attn::headsOverview(*r, heads);
    const int H = m_overview.heads, B = m_overview.batches, L = r->attention.weights.rows,
              S = r->attention.weights.cols;
    const int shownBatches = std::max(1, std::min(B, kMaxTiles / std::max(1, H)));
    const int shownHeads = std::min(H, kMaxTiles);
    // The tiles are made again only when their number changes (a click on one changes the element shown: it
    // must not delete itself in its own click).
    const int tiles = shownBatches * (shownHeads + (H > 1 ? 2 : 0));
    const int columns
        = std::clamp(int(std::ceil(std::sqrt(shownBatches * 16.0 / 9.0))), 1, shownBatches); // (with one head)
    if (m_tiles.size() != tiles || m_tileHeads != H) {
        for (HeadTile *t : std::as_const(m_tiles))
            t->deleteLater();
        m_tiles.clear();
        m_tileHeads = H;
        for (int b = 0; b < shownBatches; ++b) {
            for (int h = 0; h < shownHeads; ++h) {
                const int e = b * H + h;
                auto *tile
                    = new HeadTile(H > 1 ? (B > 1 ? tr("batch %1 · head %2").arg(b).arg(h) : tr("head %1").arg(h))
                                         : tr("batch element %1").arg(b),
                        m_grid);
                connect(tile, &HeadTile::clicked, this, [this, e] {
                    attn::Params q = m_model->params();
                    q.batchIndex = e;
                    m_model->setParams(q);
                });
                // One head: the elements side by side, rows of them about as wide as a 16:9 screen; heads: a row
                // of heads per element.
                if (H > 1)
                    m_layout->addWidget(tile, b, h);
                else
                    m_layout->addWidget(tile, b / columns, b % columns);
                m_tiles << tile;
            }
            if (H > 1) {
                // (short titles: a tile is 150 pixels wide; the whole name is the tooltip)
                auto *mean = new HeadTile(B > 1 ? tr("batch %1 · mean").arg(b) : tr("mean of %1 heads").arg(H), m_grid);
                auto *max = new HeadTile(B > 1 ? tr("batch %1 · max").arg(b) : tr("max over heads"), m_grid);
                mean->setToolTip(tr("batch %1: the mean of its %2 heads' weights").arg(b).arg(H));
                max->setToolTip(tr("batch %1: the largest weight of any head, cell by cell").arg(b));
                m_layout->addWidget(mean, b, shownHeads);
                m_layout->addWidget(max, b, shownHeads + 1);
                m_tiles << mean << max;
            }
        }
    }
    m_intro->setText(
        (H > 1 ? tr("Each map is one head's weights (queries down, keys across, 0 to 1 on viridis), with the mean "
                    "entropy of its rows under it: low for a head that looks at one key, ln S for one that spreads "
                    "evenly. Click a head, or press → and ←, to see it large in the main window.")
               : tr("Each map is one batch element's weights (queries down, keys across, 0 to 1 on viridis), with "
                    "the mean entropy of its rows under it: low where a query looks at one key, ln S where it "
                    "spreads evenly. Click a map, or press → and ←, to see it large in the main window."))
        + (H > 1 ? QLatin1Char(' ')
                    + tr("The last two maps of a row are the mean over the heads (nn.MultiheadAttention's "
                         "average_attn_weights=True) and the largest weight of any head.")
                 : QString()));
    const QString unit = tr("%1 nats");
    int at = 0;
    for (int b = 0; b < shownBatches; ++b) {
        for (int h = 0; h < shownHeads; ++h) {
            const int e = b * H + h;
            m_tiles[at]->setValues(r->attention.weights.row(e, 0), L, S,
                tr("entropy %1").arg(unit.arg(m_overview.meanEntropy[std::size_t(e)], 0, 'f', 3)));
            m_tiles[at++]->setCurrent(e == p.batchIndex);
        }
        if (H > 1) {
            m_tiles[at++]->setValues(m_overview.mean.row(b, 0), L, S, QString());
            m_tiles[at++]->setValues(m_overview.max.row(b, 0), L, S, QString());
        }
    }
    QString status = H > 1
        ? tr("B = %1, H = %2 heads, L = %3, S = %4.").arg(B).arg(H).arg(L).arg(S)
        : tr("B = %1, one head each (Heads h in the settings draws nn.MultiheadAttention's heads; or load (B, H, L, d) "
             "arrays), L = %2, S = %3.")
              .arg(B)
              .arg(L)
              .arg(S);
    if (shownBatches < B || shownHeads < H)
        status += tr(" The first %1 maps are drawn.").arg(shownBatches * shownHeads);
    m_status->setText(status);
    showCost(p);
}

// The cost claim of the paper (§3.2.2): h heads of d_model / h against one head of d_model, multiply-adds by part.
void HeadsWindow::showCost(const attn::Params &p)
{
    const attn::MultiheadResult *m = attn::multiheadOf(p);
    m_cost->setVisible(m != nullptr);
    m_costScroll->setVisible(m != nullptr);
    m_measure->setVisible(m != nullptr);
    if (!m) {
        m_cost->clear();
        return;
    }
    const attn::MultiheadSettings &s = m->settings;
    const attn::MultiheadCost heads = attn::multiheadCost(s.batch, s.length, s.dModel, s.heads),
                              one = attn::multiheadCost(s.batch, s.length, s.dModel, 1);
    const QLocale locale;
    const auto n = [&locale](double v) { return locale.toString(qlonglong(std::llround(v))); };
    const auto row = [&n](const QString &what, double a, double b) {
        return QStringLiteral(
            "<tr><td>%1</td><td align=right>&nbsp;&nbsp;%2</td><td align=right>&nbsp;&nbsp;%3</td></tr>")
            .arg(what.toHtmlEscaped(), n(a), n(b));
    };
    // The table first (a presenting window shows its totals without scrolling), then why they are equal.
    QString html
        = QStringLiteral(
              "<table><tr><th></th><th align=right>&nbsp;&nbsp;%1</th><th align=right>&nbsp;&nbsp;%2</th></tr>")
              .arg(tr("%1 heads of %2").arg(s.heads).arg(m->headDim).toHtmlEscaped(),
                  tr("1 head of %1").arg(s.dModel).toHtmlEscaped())
        + row(tr("projections X·W_q, X·W_k, X·W_v"), heads.projections, one.projections)
        + row(tr("scores Q_h·K_hᵀ"), heads.scores, one.scores)
        + row(tr("weighted sums weights·V_h"), heads.weightedSums, one.weightedSums)
        + row(tr("output projection concat·W_O"), heads.outProjection, one.outProjection)
        + row(tr("total"), heads.total(), one.total())
        + row(tr("softmax exponentials (not multiply-adds)"), heads.exponentials, one.exponentials)
        + QStringLiteral("</table><p>")
        + tr("Multiply-adds of one forward pass of nn.MultiheadAttention(%1, %2) over B = %3, L = %4: %2 heads of "
             "d_k = %5 against one head of d_k = %1. Why the same (§3.2.2 of the paper): the %2 heads' projections "
             "side by side, %2 × (%1 × %5), are one %1 × %1 matrix, so they cost what one head's does; each head's "
             "scores are L × L dot products of d_k = %5, %2 times shorter, and there are %2 heads, so together they "
             "do the multiply-adds of one head of %1; the same for the weighted sums; W_O is one %1 × %1 matrix "
             "either way.")
              .arg(s.dModel)
              .arg(s.heads)
              .arg(s.batch)
              .arg(s.length)
              .arg(m->headDim)
              .toHtmlEscaped()
        + QStringLiteral("</p><p>")
        + tr("The multiply-adds are the same; the softmax is not: %1 heads take %1 softmaxes over L × L, and their "
             "products are smaller, which a CPU does less efficiently. So the measured times need not be equal.")
              .arg(s.heads)
              .toHtmlEscaped()
        + QStringLiteral("</p><p>")
        + tr("Shapes: X (%1, %2, %3) → Q, K, V (%1, %2, %3) → %4 heads of (%1, %2, %5) each → their outputs "
             "concatenated (%1, %2, %3) → · W_Oᵀ (%3, %3) → out (%1, %2, %3).")
              .arg(s.batch)
              .arg(s.length)
              .arg(s.dModel)
              .arg(s.heads)
              .arg(m->headDim)
              .toHtmlEscaped();
    // The multi-head mistake: the model's width in the scale instead of the head's (computed once per draw).
    if (m_wrongScaleFor != settingsKey(s)) {
        const auto mean = [](const std::vector<double> &v) {
            return v.empty() ? 0.0 : std::accumulate(v.begin(), v.end(), 0.0) / double(v.size());
        };
        m_rightEntropy = mean(attn::multiheadMeanEntropies(*m, std::sqrt(double(m->headDim))));
        m_wrongEntropy = mean(attn::multiheadMeanEntropies(*m, std::sqrt(double(s.dModel))));
        m_wrongScaleFor = settingsKey(s);
    }
    html += QStringLiteral("</p><p>")
        + tr("Each head divides by √d_k = √%1 = %2. Dividing by √d_model = √%3 = %4 instead, a mistake when splitting "
             "into heads, makes every head flatter: the heads' mean entropy %5 nats instead of %6 (ln L = %7 is "
             "uniform).")
              .arg(m->headDim)
              .arg(locale.toString(std::sqrt(double(m->headDim)), 'g', 4))
              .arg(s.dModel)
              .arg(locale.toString(std::sqrt(double(s.dModel)), 'g', 4))
              .arg(locale.toString(m_wrongEntropy, 'f', 3), locale.toString(m_rightEntropy, 'f', 3),
                  locale.toString(std::log(double(s.length)), 'f', 3))
              .toHtmlEscaped();
    if (m_measuredFor == settingsKey(s))
        html += QStringLiteral("<br>") + m_measured.toHtmlEscaped();
    m_cost->setText(html + QStringLiteral("</p>"));
}
