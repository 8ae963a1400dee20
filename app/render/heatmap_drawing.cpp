// SPDX-License-Identifier: GPL-3.0-or-later
#include "render/heatmap_drawing.h"

#include "render/color_maps.h"

#include <QFontDatabase>
#include <QFontInfo>
#include <QGuiApplication>

#include <cmath>

namespace {
constexpr int kMaxCellTextSide = 16;
}

QString quantityTitle(attn::Quantity q, attn::Score score)
{
    if (score == attn::Score::Additive && q == attn::Quantity::Scores)
        return QCoreApplication::translate("HeatmapPanel", "additive score v·tanh(q·W₁ + k·W₂)");
    if (score == attn::Score::Additive && q == attn::Quantity::Logits)
        return QCoreApplication::translate("HeatmapPanel", "logit (additive: not scaled)");
    switch (q) {
    case attn::Quantity::Weights:
        return QCoreApplication::translate("HeatmapPanel", "attention weight");
    case attn::Quantity::Scores:
        return QCoreApplication::translate("HeatmapPanel", "raw score Q·Kᵀ");
    case attn::Quantity::Logits:
        return QCoreApplication::translate("HeatmapPanel", "scaled logit");
    }
    return {};
}

QString shortQuantityTitle(attn::Quantity q)
{
    switch (q) {
    case attn::Quantity::Weights:
        return QCoreApplication::translate("HeatmapPanel", "weight");
    case attn::Quantity::Scores:
        return QCoreApplication::translate("HeatmapPanel", "score");
    case attn::Quantity::Logits:
        return QCoreApplication::translate("HeatmapPanel", "logit");
    }
    return {};
}

QFont numberFont(const QFont &base)
{
    static const bool condensed = QFontDatabase::families().contains(QStringLiteral("DejaVu Sans Condensed"));
    QFont f = base;
    if (condensed)
        f.setFamilies({ QStringLiteral("DejaVu Sans Condensed") });
    return f;
}

void useNamedFontFamilies()
{
    QFont f = QGuiApplication::font();
    QStringList families { QFontInfo(f).family() };
    const QStringList available = QFontDatabase::families();
    for (const char *chinese : { "Noto Sans CJK SC", "Source Han Sans SC", "WenQuanYi Zen Hei" })
        if (available.contains(QLatin1String(chinese))) {
            families << QLatin1String(chinese);
            break;
        }
    f.setFamilies(families);
    QGuiApplication::setFont(f);
}

void PlateText::draw(QCPPainter *painter)
{
    if (mText.isEmpty())
        return;
    const QFontMetricsF fm(mFont);
    const QRectF text = fm.boundingRect(QRectF(), int(Qt::TextDontClip | mTextAlignment), mText);
    const QRectF box = text.adjusted(-mPadding.left(), -mPadding.top(), mPadding.right(), mPadding.bottom());
    const QPointF topLeft = getTextDrawPoint(position->pixelPosition(), box, mPositionAlignment);
    if (!QRectF(clipRect()).intersects(QRectF(topLeft, box.size())))
        return;
    applyDefaultAntialiasingHint(painter);
    if (m_plate.isValid()) {
        const double r = QFontInfo(mFont).pixelSize() * 0.2;
        QPainterPath plate;
        plate.addRoundedRect(QRectF(topLeft, box.size()), r, r);
        painter->fillPath(plate, m_plate);
    }
    // As text, not outlines: PDF and SVG keep the numbers searchable.
    painter->setFont(mFont);
    painter->setPen(mColor);
    painter->drawText(QRectF(topLeft + QPointF(mPadding.left(), mPadding.top()), text.size()),
        int(Qt::TextDontClip | mTextAlignment), mText);
}

QSharedPointer<QCPAxisTickerText> textTicker(std::initializer_list<QPair<double, QString>> ticks)
{
    QSharedPointer<QCPAxisTickerText> t(new QCPAxisTickerText);
    for (const auto &tick : ticks)
        t->addTick(tick.first, tick.second);
    return t;
}

QSharedPointer<QCPAxisTickerFixed> integerTicker(int tickCount)
{
    QSharedPointer<QCPAxisTickerFixed> t(new QCPAxisTickerFixed);
    t->setTickStep(1.0);
    t->setScaleStrategy(QCPAxisTickerFixed::ssMultiples);
    t->setTickCount(tickCount);
    return t;
}

PositionTicker::PositionTicker(QCPAxis *axis)
    : m_axis(axis)
{
}

void PositionTicker::setLabels(const QStringList &labels)
{
    m_labels = labels;
}

int PositionTicker::countIn(const QCPRange &range) const
{
    if (!m_labels.isEmpty())
        return int(m_labels.size());
    return std::max(1, int(std::floor(range.upper + 0.5)));
}

double PositionTicker::labelRoom(int count) const
{
    const QFontMetricsF fm(m_axis->tickLabelFont());
    const double gap = fm.horizontalAdvance(QLatin1Char('0')) * 0.8;
    if (m_axis->orientation() == Qt::Vertical) // labels one above the other
        return fm.height() + gap * 0.3;
    const double angle = std::fabs(m_axis->tickLabelRotation()) * 3.14159265358979 / 180.0;
    if (angle > 0.05) // parallel slanted labels: apart by their height across the slant
        return fm.height() / std::sin(angle) + gap * 0.3;
    double widest = 0;
    if (m_labels.isEmpty())
        widest = fm.horizontalAdvance(QString::number(std::max(0, count - 1)));
    else
        for (const QString &l : m_labels)
            widest = std::max(widest, fm.horizontalAdvance(l));
    return widest + gap;
}

int PositionTicker::stepFor(int count, double pixels, double span) const
{
    // (A tenth to spare: the length is the last layout's, which the new labels' own margins may still shorten.)
    const double shown = span > 0 ? span : count; // positions across the axis (fewer when zoomed in)
    const double per = pixels / std::max(1.0, shown), need = labelRoom(count) * 1.1;
    for (int nice = 1;; nice *= 10)
        for (int k : { 1, 2, 5 })
            if (k * nice * per >= need || k * nice >= std::max(double(count), shown))
                return k * nice;
}

int PositionTicker::pixels() const
{
    const QRect r = m_axis->axisRect()->rect();
    return std::max(1, m_axis->orientation() == Qt::Vertical ? r.height() : r.width());
}

double PositionTicker::getTickStep(const QCPRange &range)
{
    // Laid out again because the labels met (stale): the step grows, never shrinks back in that pass.
    m_span = range.size();
    const int count = countIn(range), step = stepFor(count, m_pixels = pixels(), m_span);
    m_step = m_growing && count == m_count ? std::max(step, m_step) : step;
    m_count = count;
    m_growing = false;
    return m_step;
}

bool PositionTicker::stale() const
{
    // Only when the labels would now meet: a length that would allow more labels is left (that more labels
    // could narrow it again, and the layout would swing between the two).
    // (Before any layout the length was unknown: then any other step.)
    const int now = stepFor(m_count, pixels(), m_span);
    return m_step > 0 && (m_pixels <= 1 ? now != m_step : now > m_step);
}

bool ticksStale(QCPAxisRect *rect)
{
    bool stale = false;
    for (QCPAxis *axis : { rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft) })
        if (auto t = axis->ticker().dynamicCast<PositionTicker>(); t && t->stale()) {
            t->m_growing = t->m_pixels > 1;
            stale = true;
        }
    return stale;
}

int PositionTicker::getSubTickCount(double)
{
    return 0;
}

QString PositionTicker::getTickLabel(double tick, const QLocale &, QChar, int)
{
    const int i = int(std::lround(tick));
    if (m_labels.isEmpty())
        return QString::number(i);
    return i >= 0 && i < m_labels.size() ? m_labels[i] : QString();
}

QVector<double> PositionTicker::createTickVector(double tickStep, const QCPRange &range)
{
    const int step = std::max(1, int(std::lround(tickStep))), count = countIn(range);
    const int first = std::max(0, int(std::ceil(range.lower / step)) * step);
    const int last = std::min(count - 1, int(std::floor(range.upper)));
    QVector<double> ticks;
    for (int i = first; i <= last; i += step)
        ticks << i;
    return ticks;
}

QSharedPointer<PositionTicker> positionTicker(QCPAxis *axis, const QStringList &labels)
{
    QSharedPointer<PositionTicker> t(new PositionTicker(axis));
    t->setLabels(labels);
    return t;
}

void setUpHeatmapAxes(QCPAxisRect *rect)
{
    for (QCPAxis *axis : rect->axes()) {
        axis->grid()->setVisible(false);
        axis->setSubTickPen(Qt::NoPen);
    }
    QCPAxis *keyAxis = rect->axis(QCPAxis::atBottom);
    QCPAxis *queryAxis = rect->axis(QCPAxis::atLeft);
    queryAxis->setRangeReversed(true); // query 0 at the top, as printed
    nameHeatmapAxes(rect);
    keyAxis->setTicker(positionTicker(keyAxis));
    queryAxis->setTicker(positionTicker(queryAxis));
}

void nameHeatmapAxes(QCPAxisRect *rect)
{
    rect->axis(QCPAxis::atLeft)->setLabel(QCoreApplication::translate("HeatmapPanel", "query i"));
    rect->axis(QCPAxis::atBottom)->setLabel(QCoreApplication::translate("HeatmapPanel", "key j"));
}

void setAxisLabels(QCPAxisRect *rect, const attn::Params &p)
{
    setAxisLabels(rect, p.tokens);
}

void setAxisLabels(QCPAxisRect *rect, const std::vector<std::string> &tokens)
{
    nameHeatmapAxes(rect); // (in the interface's language now)
    QCPAxis *keyAxis = rect->axis(QCPAxis::atBottom);
    QCPAxis *queryAxis = rect->axis(QCPAxis::atLeft);
    QStringList keys, queries;
    if (!tokens.empty() && tokens.size() <= 64)
        for (int i = 0; i < int(tokens.size()); ++i) {
            const QString t = QString::fromStdString(tokens[std::size_t(i)]);
            keys << t;
            queries << QStringLiteral("%1: %2").arg(i).arg(t); // "0: 3", not "3 0" (read as 30)
        }
    // The ticker objects stay (the panels under and beside the map share them): only their labels change.
    for (auto [axis, labels] : { std::pair { keyAxis, keys }, std::pair { queryAxis, queries } }) {
        auto ticker = axis->ticker().dynamicCast<PositionTicker>();
        if (ticker)
            ticker->setLabels(labels);
        else
            axis->setTicker(positionTicker(axis, labels));
    }
    keyAxis->setTickLabelRotation(keys.size() > 12 ? 60 : 0);
}

namespace {

// QCPColorMapData with one bulk copy instead of a setCell call per cell.
class BulkColorMapData : public QCPColorMapData
{
public:
    BulkColorMapData()
        : QCPColorMapData(1, 1, QCPRange(0, 1), QCPRange(0, 1))
    {
    }
    void fill(const attn::MatrixRM &values)
    {
        // mData is row-major with the key (column) index running fastest, as the grid is.
        const int n = keySize() * valueSize();
        const float *v = values.data();
        for (int i = 0; i < n; ++i)
            mData[i] = v[i];
        mDataModified = true;
        // (no recalculateDataBounds, a second pass over every cell: the bounds serve only rescaleDataRange, which
        // this program never calls; the colour range comes from colorRange)
    }
};

} // namespace

void fillColorMap(QCPColorMap *map, const attn::HeatmapGrid &grid, int queryLength, int keyLength, bool frame)
{
    if (!map->property("bulkData").toBool()) {
        map->setData(new BulkColorMapData, false); // the map takes it
        map->setProperty("bulkData", true);
    }
    const int rows = int(grid.values.rows()), cols = int(grid.values.cols());
    // Grid cell (gx, gy) covers keys gx*colStep .. and queries gy*rowStep ..: centre it on them.
    const double x0 = grid.colBegin + (grid.colStep - 1) / 2.0, y0 = grid.rowBegin + (grid.rowStep - 1) / 2.0;
    QCPColorMapData *data = map->data();
    data->setSize(cols, rows);
    data->setRange(QCPRange(x0, x0 + (cols - 1) * grid.colStep), QCPRange(y0, y0 + (rows - 1) * grid.rowStep));
    // A single cell spans its whole range, so give it a width of one.
    if (cols == 1)
        data->setKeyRange(QCPRange(x0 - 0.5, x0 + 0.5));
    if (rows == 1)
        data->setValueRange(QCPRange(y0 - 0.5, y0 + 0.5));
    static_cast<BulkColorMapData *>(data)->fill(grid.values);
    if (frame) {
        map->keyAxis()->setRange(-0.5, keyLength - 0.5);
        map->valueAxis()->setRange(-0.5, queryLength - 0.5);
    }
}

QCPRange colorRange(const attn::HeatmapGrid &grid, const DisplayOptions &d)
{
    if (d.quantity == attn::Quantity::Weights && d.range == DisplayOptions::Range::Fixed01)
        return { 0.0, 1.0 };
    bool found = false;
    double lo = 0, hi = 0;
    for (Eigen::Index i = 0; i < grid.values.size(); ++i) {
        const float v = grid.values.data()[i];
        if (std::isnan(v))
            continue;
        lo = found ? std::min(lo, double(v)) : v;
        hi = found ? std::max(hi, double(v)) : v;
        found = true;
    }
    if (isDiverging(d.colorMap)) {
        const double m = std::max(std::fabs(lo), std::fabs(hi));
        lo = -m;
        hi = m;
    }
    if (hi - lo < 1e-12) {
        lo -= 0.5;
        hi += 0.5;
    }
    return { lo, hi };
}

double relativeLuminance(const QColor &c);

int layoutCellTexts(QCPAxisRect *rect, QList<QCPItemText *> &items, const attn::Result &r, const DisplayOptions &d,
    QCPColorMap *map, const attn::HeatmapGrid &grid, const QFont &font, double maxPixelSize, int minPixelSize)
{
    QCustomPlot *plot = rect->parentPlot();
    const attn::Params &p = r.params;
    const int L = p.queryLength, S = p.keyLength;
    const bool wanted = d.cellValues && !grid.aggregated() && L <= kMaxCellTextSide && S <= kMaxCellTextSide;
    QCPAxis *x = rect->axis(QCPAxis::atBottom), *y = rect->axis(QCPAxis::atLeft);
    const double cellW = std::fabs(x->coordToPixel(1) - x->coordToPixel(0));
    const double cellH = std::fabs(y->coordToPixel(1) - y->coordToPixel(0));
    const int decimals = d.quantity == attn::Quantity::Weights ? 4 : 2;
    // The widest text this matrix writes, measured in the font at 100 px, regular and bold.
    const auto widestIn = [&](bool bold) {
        QFont probe = numberFont(font);
        probe.setBold(bold);
        probe.setPixelSize(100);
        const QFontMetricsF fm(probe);
        double widest = fm.horizontalAdvance(QString::number(0.0, 'f', decimals));
        if (wanted && d.quantity != attn::Quantity::Weights)
            for (int i = 0; i < L; ++i)
                for (int j = 0; j < S; ++j) {
                    const float v = attn::cellValue(r, p.batchIndex, d.quantity, i, j);
                    if (!std::isnan(v))
                        widest = std::max(widest, fm.horizontalAdvance(QString::number(v, 'f', decimals)));
                }
        return widest;
    };
    // Room for a gap of 0.4 em between neighbours (read as two numbers, not one long one): a cell
    // 28.8 units wide (a comparison 504 points wide) holds "0.0000" at 8 units. Two thirds of a row's height: the
    // exercise's comparison in presentation mode at 1280 × 720 (rows of 28 pixels) writes them at 18 pixels.
    const auto sizeIn = [&](bool bold) {
        return int(std::min({ cellH * 0.66, cellW / (widestIn(bold) / 100.0 + 0.4), maxPixelSize }));
    };
    // Bold where it costs no size (where the rows' height sets it, not the cells' width): bold digits carry
    // further, but a smaller bold digit is not worth a larger regular one.
    const int regular = sizeIn(false), boldPx = sizeIn(true);
    const bool bold = boldPx >= regular;
    const int px = bold ? boldPx : regular;
    const bool readable = wanted && px >= minPixelSize;
    const int needed = readable ? L * S : 0;
    while (items.size() > needed)
        plot->removeItem(items.takeLast());
    while (items.size() < needed) {
        auto *t = new PlateText(plot);
        t->setClipAxisRect(rect);
        t->position->setAxes(x, y);
        t->setLayer("overlay");
        items << t;
    }
    if (!readable)
        return 0;
    QFont f = numberFont(font);
    f.setBold(bold);
    f.setPixelSize(px);
    QCPColorGradient gradient = map->gradient(); // color() is not const in QCustomPlot 2.1
    const QCPRange range = map->dataRange();
    const auto cellColor = [&](float v) {
        const double frac = range.size() > 0 ? (v - range.lower) / range.size() : 0.5;
        return QColor::fromRgb(gradient.color(std::clamp(frac, 0.0, 1.0), QCPRange(0, 1)));
    };
    QList<QColor> colors;
    for (int i = 0; i < L; ++i)
        for (int j = 0; j < S; ++j) {
            const float v = attn::cellValue(r, p.batchIndex, d.quantity, i, j);
            if (!std::isnan(v))
                colors << cellColor(v);
        }
    const CellTone tone = cellTone(colors);
    const QFontMetricsF cellFm(f);
    for (int i = 0; i < L; ++i)
        for (int j = 0; j < S; ++j) {
            QCPItemText *t = items[i * S + j];
            const float v = attn::cellValue(r, p.batchIndex, d.quantity, i, j);
            t->position->setCoords(j, i);
            t->setFont(f);
            if (std::isnan(v)) {
                t->setText(d.quantity == attn::Quantity::Logits ? QStringLiteral("−∞") : QString());
                t->setColor(QColor(0, 0, 0)); // on the light grey of a masked cell
                continue;
            }
            t->setText(QString::number(v, 'f', decimals));
            const CellInk ink = cellInk(cellColor(v), tone);
            t->setColor(ink.text);
            static_cast<PlateText *>(t)->setPlate(ink.plate);
            // The plate's edges stand clear of the digits (close by, OCR reads them as brackets), inside the cell.
            const bool plated = ink.plate.isValid();
            const double roomW = (cellW - cellFm.horizontalAdvance(t->text())) / 2 - 1;
            const double roomH = (cellH - cellFm.height()) / 2;
            const int side = plated ? int(std::clamp(std::min(px * 0.3, roomW - px * 0.15), 0.0, 1e4)) : 0;
            const int top = plated ? int(std::clamp(std::min(px * 0.15, roomH), 0.0, 1e4)) : 0;
            t->setPadding(QMargins(side, top, side, top));
        }
    return px;
}

// WCAG 2 relative luminance of an sRGB colour.
double relativeLuminance(const QColor &c)
{
    const auto channel = [](double v) { return v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * channel(c.redF()) + 0.7152 * channel(c.greenF()) + 0.0722 * channel(c.blueF());
}

double contrastRatio(const QColor &a, const QColor &b)
{
    const double la = relativeLuminance(a), lb = relativeLuminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

CellTone cellTone(const QList<QColor> &cells)
{
    const QColor white(255, 255, 255), black(0, 0, 0);
    qsizetype light = 0, dark = 0;
    for (const QColor &c : cells) {
        light += contrastRatio(white, c) >= 4.5;
        dark += contrastRatio(black, c) >= 4.5;
    }
    return light >= dark ? CellTone::Light : CellTone::Dark;
}

CellInk cellInk(const QColor &background, CellTone tone)
{
    // A map of light cells writes black, and white on its deep ends (a light plate there read worse: OCR read
    // lesson step 2's four extremes 0 times of 4 on plates, 4 of 4 in white). A map of dark cells writes white,
    // on a dark plate where a cell is light (viridis' greens and yellow).
    if (tone == CellTone::Dark) {
        const QColor black(0, 0, 0), white(255, 255, 255);
        return { contrastRatio(black, background) >= 4.5 ? black : white, QColor() };
    }
    CellInk ink { QColor(255, 255, 255), QColor() };
    if (contrastRatio(ink.text, background) >= 4.5)
        return ink;
    // The lightest plate that gives 5:1 (a plate no darker than it needs: its edges stand out less).
    ink.plate = QColor(0, 0, 0);
    for (int alpha = 100; alpha < 255; alpha += 10) {
        ink.plate.setAlpha(alpha);
        if (contrastRatio(ink.text, underText(background, ink)) >= 5.0)
            break;
    }
    return ink;
}

QColor underText(const QColor &background, const CellInk &ink)
{
    if (!ink.plate.isValid())
        return background;
    const double a = ink.plate.alphaF();
    const auto mix = [a](double plate, double cell) { return a * plate + (1 - a) * cell; };
    return QColor::fromRgbF(float(mix(ink.plate.redF(), background.redF())),
        float(mix(ink.plate.greenF(), background.greenF())), float(mix(ink.plate.blueF(), background.blueF())));
}

QColor cellTextColor(const QColor &background)
{
    // Whichever of black and white stands out more (yellow cells get black text, not white).
    const QColor dark(0, 0, 0), light(255, 255, 255); // pure: only these reach 4.5:1 on every colour
    return contrastRatio(dark, background) >= contrastRatio(light, background) ? dark : light;
}
