// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/pipeline_view.h"
#include "multihead.h"

#include "render/color_maps.h"
#include "render/heatmap_drawing.h"
#include "widgets/key_help.h"
#include "widgets/presentation.h"

#include <QMouseEvent>
#include <QPainter>
#include <QShortcut>
#include <QToolTip>

#include <cmath>

namespace {

constexpr int kMaxDrawn = 64; // rows or columns drawn of a larger matrix
using M = PipelineView::Matrix;

const attn::Tensor3 *tensorOf(const attn::Result &r, M m)
{
    switch (m) {
    case M::Q:
        return &r.inputs->Q;
    case M::K:
        return &r.inputs->K;
    case M::V:
        return &r.inputs->V;
    case M::Scores:
    case M::Logits:
        return r.scores.get();
    case M::Weights:
        return &r.attention.weights;
    case M::Out:
        return &r.attention.out;
    }
    return nullptr;
}

QString nameOf(M m, attn::Score score)
{
    switch (m) {
    case M::Q:
        return QStringLiteral("Q");
    case M::K:
        return QStringLiteral("K");
    case M::V:
        return QStringLiteral("V");
    case M::Scores:
        return score == attn::Score::Additive ? QStringLiteral("v·tanh(Q·W₁ + K·W₂)") : QStringLiteral("Q·Kᵀ");
    case M::Logits:
        return QCoreApplication::translate("PipelineView", "logits");
    case M::Weights:
        return QCoreApplication::translate("PipelineView", "weights");
    case M::Out:
        return QStringLiteral("out");
    }
    return {};
}

} // namespace

PipelineView::PipelineView(AttentionModel *model, QWidget *parent)
    : QWidget(parent)
    , m_model(model)
{
    setObjectName("pipelineView");
    setMouseTracking(true);
    setMinimumSize(640, 420);
    resize(1100, 700);
    connect(model, &AttentionModel::resultChanged, this, [this] {
        m_query = m_key = -1;
        update();
    });
    retranslate();
    // Esc and Ctrl+W close it from within (OtherWindows). Its pages, in presentation mode:
    connect(describeKey(new QShortcut(QKeySequence(Qt::Key_Tab), this), "PipelineView",
                QT_TRANSLATE_NOOP("PipelineView", "Presentation mode: the next step")),
        &QShortcut::activated, this, [this] { setPage(page() + 1); });
    connect(describeKey(new QShortcut(QKeySequence(Qt::SHIFT | Qt::Key_Tab), this), "PipelineView",
                QT_TRANSLATE_NOOP("PipelineView", "Presentation mode: the step before")),
        &QShortcut::activated, this, [this] { setPage(page() - 1); });
    for (int k = 0; k < 4; ++k) {
        auto *s = new QShortcut(QKeySequence(Qt::Key_1 + k), this);
        if (k == 0) // (one line for the four)
            describeKey(s, "PipelineView", QT_TRANSLATE_NOOP("PipelineView", "1 to 4, presentation mode: that step"));
        connect(s, &QShortcut::activated, this, [this, k] { setPage(k); });
    }
}

int PipelineView::pageCount() const
{
    return isPresenting(this) ? 4 : 1;
}

void PipelineView::setPage(int page)
{
    page = std::clamp(page, 0, pageCount() - 1);
    if (page == m_page)
        return;
    m_page = page;
    m_query = m_key = -1;
    update();
}

QString PipelineView::pageHeading() const
{
    if (pageCount() == 1)
        return {};
    // Each true of what the page shows: where Q, K and V come from, whether the scores are scaled.
    const attn::Params &p = m_model->result()->params;
    const QString inputs = p.mode == attn::Mode::Projection ? tr("Q, K and V, three projections of X")
        : p.loaded                                          ? tr("Q, K and V, as loaded")
                                                            : tr("Q, K and V, drawn directly (randn)");
    const QString scores = p.score == attn::Score::Additive ? tr("the additive scores, not scaled: the logits")
        : p.scaling == attn::Scaling::None ? tr("the scores Q·Kᵀ, not scaled: the logits as they are")
                                           : tr("the scores Q·Kᵀ, scaled: the logits");
    const QString what[4]
        = { inputs, scores, tr("softmax of the logits: the weights"), tr("the weights times V: out") };
    return tr("Step %1 of %2: %3").arg(page() + 1).arg(pageCount()).arg(what[page()]);
}

QList<QList<PipelineView::Matrix>> PipelineView::shownRows() const
{
    if (pageCount() == 1)
        return { { M::Q, M::K, M::V }, { M::Scores, M::Logits, M::Weights, M::Out } };
    // One step a page, its input beside its output: 18-pixel values need about 67-pixel cells, and the second row's
    // 19 columns (at the lecture's 5 keys and d_k = 4) do not fit across 1280 pixels.
    switch (page()) {
    case 0:
        return { { M::Q, M::K, M::V } };
    case 1:
        return { { M::Scores, M::Logits } };
    case 2:
        return { { M::Logits, M::Weights } };
    default:
        return { { M::Weights, M::V, M::Out } };
    }
}

QList<PipelineView::Step> PipelineView::steps() const
{
    const attn::Params &p = m_model->result()->params;
    const QList<Step> all { { M::Scores, M::Logits,
                                p.scaling == attn::Scaling::None ? tr("not scaled")
                                                                 : tr("× %1").arg(p.scaleFactor(), 0, 'g', 4) },
        { M::Logits, M::Weights, p.softmaxDim == -1 ? tr("softmax dim −1") : tr("softmax dim −2") },
        { M::Weights, M::Out, tr("· V") }, { M::Weights, M::V, QStringLiteral("·") },
        { M::V, M::Out, QStringLiteral("=") } };
    QList<Step> shown;
    for (const QList<M> &row : shownRows())
        for (qsizetype i = 0; i + 1 < row.size(); ++i)
            for (const Step &step : all)
                if (step.from == row[i] && step.to == row[i + 1])
                    shown << step;
    return shown;
}

QString PipelineView::headsFlow() const
{
    const auto r = m_model->result();
    const attn::MultiheadResult *m = r ? attn::multiheadOf(r->params) : nullptr;
    if (!m)
        return {};
    const auto shape = [](const std::vector<int> &dims) {
        QStringList n;
        for (int d : dims)
            n << QString::number(d);
        return "(" + n.join(", ") + ")";
    };
    const std::vector<attn::MultiheadStage> st = attn::multiheadStages(m->settings);
    const int h = m->settings.heads, element = r->params.batchIndex;
    return tr("nn.MultiheadAttention(%1, %2): X %3 · in_proj_weightᵀ → Q, K, V %4 → split into %2 heads %5 → "
              "batch %6, head %7 below → concat %8 → · W_Oᵀ → out %9")
        .arg(m->settings.dModel)
        .arg(h)
        .arg(shape(st[0].shape), shape(st[1].shape), shape(st[2].shape))
        .arg(element / h)
        .arg(element % h)
        .arg(shape(st[3].shape), shape(st[4].shape));
}

bool PipelineView::shows(Matrix m) const
{
    for (const QList<M> &row : shownRows())
        if (row.contains(m))
            return true;
    return false;
}

void PipelineView::retranslate()
{
    setWindowTitle(tr("attention-viz — the four steps")); // (the steps' names are drawn in the new language)
}

void PipelineView::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::LanguageChange)
        retranslate();
}

int PipelineView::fullRows(Matrix m) const
{
    return tensorOf(*m_model->result(), m)->rows;
}

int PipelineView::fullCols(Matrix m) const
{
    return tensorOf(*m_model->result(), m)->cols;
}

float PipelineView::value(Matrix m, int row, int col) const
{
    const auto r = m_model->result();
    const attn::Params &p = r->params;
    const float v = (*tensorOf(*r, m))(p.batchIndex, row, col);
    if (m == M::Logits)
        return attn::isMasked(p, p.batchIndex, row, col) ? attn::maskedLogit(p) : attn::logitOf(v, p);
    return v;
}

QString PipelineView::title(Matrix m) const
{
    const auto r = m_model->result();
    const attn::Tensor3 *t = tensorOf(*r, m);
    QString shape = QStringLiteral("(%1, %2, %3)").arg(t->batch).arg(t->rows).arg(t->cols);
    QString text = QStringLiteral("%1  %2").arg(nameOf(m, r->params.score), shape);
    if (const attn::MultiheadResult *heads = attn::multiheadOf(r->params))
        text += tr(" [batch %1, head %2]")
                    .arg(r->params.batchIndex / heads->settings.heads)
                    .arg(r->params.batchIndex % heads->settings.heads);
    else if (t->batch > 1)
        text += tr(" [element %1]").arg(r->params.batchIndex);
    if (t->rows > kMaxDrawn || t->cols > kMaxDrawn)
        text += tr(", first %1 × %2 drawn").arg(std::min(t->rows, kMaxDrawn)).arg(std::min(t->cols, kMaxDrawn));
    return text;
}

void PipelineView::layOut()
{
    // Rows of panels: the inputs Q, K, V; then scores → logits → weights → out (in presentation mode one page's
    // row).
    const QFontMetricsF fm(font());
    // Room between the panels for the step's name ("softmax dim −1").
    const QList<QList<M>> rows = shownRows();
    double widestStep = 0;
    for (const Step &step : steps())
        widestStep = std::max(widestStep, fm.horizontalAdvance(step.label));
    // (two lines of title: a narrow panel's name over its shape)
    const double titleH = fm.height() * 2.8, margin = 8, gap = std::max(fm.height() * 2.2, widestStep + 12);
    // A page's heading above it and the keys that turn the pages below it.
    // (and the heads' way from X to out above the panels, on two lines where one is too narrow)
    const double flowH = headsFlow().isEmpty()             ? 0
        : fm.horizontalAdvance(headsFlow()) > width() - 16 ? fm.height() * 2.6
                                                           : fm.height() * 1.5;
    const double headH = (pageCount() > 1 ? fm.height() * 1.5 : 0) + flowH,
                 footH = pageCount() > 1 ? fm.height() * 1.5 : 0;
    const qsizetype n = rows.size();
    const double rowH = (height() - 2 * margin - headH - footH - gap * double(n - 1)) / double(n) - titleH;
    for (Panel &pn : m_panels)
        pn = Panel();
    // Each row's largest cell that fits it, and their smallest.
    const double largest = pageCount() > 1 ? 160.0 : 90.0;
    QList<double> rowCell, rowCellH;
    double cell = 1e9;
    for (const auto &row : rows) {
        double sumCols = 0;
        int maxRows = 1;
        for (M m : row) {
            sumCols += std::min(fullCols(m), kMaxDrawn);
            maxRows = std::max(maxRows, std::min(fullRows(m), kMaxDrawn));
        }
        const double room = width() - 2 * margin - gap * double(row.size() - 1);
        rowCell << std::max(1.0, std::min({ room / sumCols, rowH / maxRows, largest }));
        // Narrow cells are made taller, up to a line and a half of text, where the row has the room: a 3 x 64
        // matrix is then three strips, not three hairlines.
        rowCellH << std::max(rowCell.back(), std::min(fm.height() * 1.5, rowH / maxRows));
        cell = std::min(cell, rowCell.back());
    }
    // One cell size for all where it is large enough to write the values (so equal shapes look equal and numbers
    // are the same size); where even that is too small for any value (d_k = 64 puts 192 columns across the inputs'
    // row), each row takes its own, so that the 5 x 5 scores are not drawn as narrow as the 5 x 64 inputs need.
    const bool oneSize = cell * 0.5 >= 7;
    for (qsizetype r = 0; r < n; ++r) {
        const double w = oneSize ? cell : rowCell[r], h = oneSize ? cell : rowCellH[r];
        // A page's one row is centred across the window.
        double used = gap * double(rows[r].size() - 1);
        for (M m : rows[r])
            used += std::min(fullCols(m), kMaxDrawn) * w;
        double x = n == 1 ? std::max(margin, (width() - used) / 2) : margin;
        const double y = margin + headH + double(r) * (rowH + titleH + gap) + titleH;
        for (M m : rows[r]) {
            Panel &pn = m_panels[int(m)];
            pn.rows = std::min(fullRows(m), kMaxDrawn);
            pn.cols = std::min(fullCols(m), kMaxDrawn);
            pn.cell = w;
            pn.cellH = h;
            pn.grid = QRectF(x, y, pn.cols * w, pn.rows * h);
            x += pn.cols * w + gap;
        }
    }
    // Values in the cells when the widest one fits with a gap (as in the heatmap).
    QFont probe = numberFont(font());
    probe.setPixelSize(100);
    const QFontMetricsF pm(probe);
    const auto r = m_model->result();
    for (int k = 0; k < kMatrices; ++k) {
        Panel &pn = m_panels[k];
        pn.textPx = 0;
        if (pn.cell * 0.5 < 7)
            continue; // too small for any value: no need to measure them (paint runs on every hover)
        const int decimals = M(k) == M::Weights ? 4 : 2;
        double widest = pm.horizontalAdvance(QString::number(0.0, 'f', decimals));
        for (int i = 0; i < pn.rows; ++i)
            for (int j = 0; j < pn.cols; ++j) {
                const float v = value(M(k), i, j);
                if (std::isfinite(v))
                    widest = std::max(widest, pm.horizontalAdvance(QString::number(v, 'f', decimals)));
            }
        const int px
            = int(std::min({ pn.cell * 0.5, (pn.cell - 2) / (widest / 100.0 + 0.3), pageCount() > 1 ? 40.0 : 28.0 }));
        // In presentation mode values smaller than the room's 18 px are not written (the colours and the tooltip
        // stay): that is the rule of every presenting window.
        pn.textPx = px >= (pageCount() > 1 ? kLeastPresentedNumberPixels : 7) ? px : 0;
    }
}

QString PipelineView::cellText(Matrix m, int row, int col) const
{
    const Panel &pn = m_panels[int(m)];
    if (pn.textPx == 0 || row >= pn.rows || col >= pn.cols)
        return {};
    const float v = value(m, row, col);
    if (std::isinf(v))
        return QStringLiteral("−∞");
    return QString::number(v, 'f', m == M::Weights ? 4 : 2);
}

QRectF PipelineView::cellRect(Matrix m, int row, int col) const
{
    const Panel &pn = m_panels[int(m)];
    if (row < 0 || col < 0 || row >= pn.rows || col >= pn.cols)
        return {};
    return { pn.grid.left() + col * pn.cell, pn.grid.top() + row * pn.cellH, pn.cell, pn.cellH };
}

int PipelineView::outlinedRow(Matrix m) const
{
    switch (m) {
    case M::Q:
    case M::Out:
        return m_query;
    case M::K:
    case M::V:
        return m_key;
    default:
        return -1;
    }
}

void PipelineView::paintEvent(QPaintEvent *)
{
    layOut();
    QPainter painter(this);
    painter.fillRect(rect(), palette().window());
    const auto r = m_model->result();
    const attn::Params &p = r->params;
    QCPColorGradient viridis = colorGradient("viridis"), coolwarm = colorGradient("coolwarm");
    const QFontMetricsF fm(font());
    for (int k = 0; k < kMatrices; ++k) {
        const M m = M(k);
        const Panel &pn = m_panels[k];
        // Weights on 0..1 (viridis, as the heatmap); everything else diverging around 0, on one scale for
        // Q, K and V and one for the scores and logits (so that dividing by √d_k shows as paler logits).
        const QList<M> group = m == M::Q || m == M::K || m == M::V ? QList<M> { M::Q, M::K, M::V }
            : m == M::Scores || m == M::Logits                     ? QList<M> { M::Scores, M::Logits }
                                                                   : QList<M> { m };
        if (pn.rows == 0)
            continue; // not on this page
        double extent = 1e-12; // (of the whole group, shown on this page or not: the same colours on every page)
        for (M g : group) {
            for (int i = 0; i < std::min(fullRows(g), kMaxDrawn); ++i)
                for (int j = 0; j < std::min(fullCols(g), kMaxDrawn); ++j)
                    if (std::isfinite(value(g, i, j)))
                        extent = std::max(extent, double(std::fabs(value(g, i, j))));
        }
        painter.setPen(palette().windowText().color());
        // The title over its panel; where the next panel begins too soon, its name over its shape (d_k = 64: the
        // 5 x 5 weights beside the 5 x 64 V were "weight…"), each shortened (…) if it must.
        const double room = std::max(40.0, nextLeft(m) - pn.grid.left() - 6);
        const QString whole = title(m);
        const qsizetype cut = whole.indexOf(QLatin1String("  "));
        const QRectF lines(pn.grid.left(), pn.grid.top() - fm.height() * 2.6, room, fm.height() * 2.5);
        if (fm.horizontalAdvance(whole) <= room || cut < 0)
            painter.drawText(lines, Qt::AlignLeft | Qt::AlignBottom, fm.elidedText(whole, Qt::ElideRight, room));
        else {
            // (the shape before the element's number when both do not fit)
            QString rest = whole.mid(cut + 2);
            if (fm.horizontalAdvance(rest) > room && rest.indexOf(QLatin1Char(')')) > 0)
                rest = rest.left(rest.indexOf(QLatin1Char(')')) + 1);
            painter.drawText(lines, Qt::AlignLeft | Qt::AlignBottom,
                fm.elidedText(whole.left(cut), Qt::ElideRight, room) + QLatin1Char('\n')
                    + fm.elidedText(rest, Qt::ElideRight, room));
        }
        QFont nf = numberFont(font());
        if (pn.textPx > 0)
            nf.setPixelSize(pn.textPx);
        painter.setFont(nf);
        for (int i = 0; i < pn.rows; ++i)
            for (int j = 0; j < pn.cols; ++j) {
                const float v = value(m, i, j);
                const bool masked = (m == M::Scores || m == M::Logits) ? attn::isMasked(p, p.batchIndex, i, j)
                    : m == M::Weights                                  ? attn::maskedOut(p, p.batchIndex, i, j)
                                                                       : false;
                QColor c;
                if (masked)
                    c = maskedCellColor();
                else if (m == M::Weights)
                    c = QColor::fromRgb(viridis.color(v, QCPRange(0, 1)));
                else
                    c = QColor::fromRgb(coolwarm.color(v, QCPRange(-extent, extent)));
                const QRectF cr = cellRect(m, i, j);
                painter.fillRect(cr, c);
                const QString text = m == M::Weights && masked ? QString() : cellText(m, i, j);
                if (!text.isEmpty()) {
                    painter.setPen(masked ? QColor(Qt::black) : cellTextColor(c));
                    painter.drawText(cr, Qt::AlignCenter, text);
                }
            }
        painter.setFont(font());
        // The rows the hovered weight comes from and goes to.
        const int row = outlinedRow(m);
        painter.setBrush(Qt::NoBrush);
        painter.setPen(QPen(QColor(230, 40, 30), 3));
        if (row >= 0 && row < pn.rows)
            painter.drawRect(QRectF(pn.grid.left(), pn.grid.top() + row * pn.cellH, pn.grid.width(), pn.cellH));
        if ((m == M::Scores || m == M::Logits || m == M::Weights) && m_query >= 0 && m_key >= 0)
            painter.drawRect(cellRect(m, m_query, m_key));
    }
    // The steps between the panels, where both are shown side by side.
    painter.setPen(palette().windowText().color());
    for (const Step &step : steps()) {
        const QRectF ra = m_panels[int(step.from)].grid, rb = m_panels[int(step.to)].grid;
        const QPointF at((ra.right() + rb.left()) / 2, std::max(ra.center().y(), ra.top() + fm.height() * 1.6));
        const double w = std::max(rb.left() - ra.right(), 40.0);
        painter.drawText(QRectF(at.x() - w / 2, at.y() - fm.height() * 1.5, w, fm.height() * 3), Qt::AlignCenter,
            step.label + QStringLiteral("\n→"));
    }
    if (const QString flow = headsFlow(); !flow.isEmpty()) {
        const double top = 8 + (pageCount() > 1 ? fm.height() * 1.5 : 0);
        painter.drawText(
            QRectF(8, top, width() - 16, fm.height() * 2.6), Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, flow);
    }
    if (pageCount() > 1) {
        // The page's heading, and below the page the keys that turn it.
        QFont bold = font();
        bold.setBold(true);
        painter.setFont(bold);
        painter.drawText(QRectF(8, 8, width() - 16, fm.height() * 1.4), Qt::AlignLeft | Qt::AlignVCenter,
            QFontMetricsF(bold).elidedText(pageHeading(), Qt::ElideRight, width() - 16));
        painter.setFont(font());
        painter.drawText(QRectF(8, height() - 8 - fm.height() * 1.4, width() - 16, fm.height() * 1.4),
            Qt::AlignRight | Qt::AlignVCenter,
            fm.elidedText(
                tr("Tab: next step · Shift+Tab: the one before · 1 to 4 · Esc: close"), Qt::ElideLeft, width() - 16));
    }
}

double PipelineView::nextLeft(Matrix m) const
{
    // The panel to the right in the same row, or the window's edge.
    for (const QList<M> &row : shownRows()) {
        const qsizetype k = row.indexOf(m);
        if (k >= 0 && k + 1 < row.size())
            return m_panels[int(row[k + 1])].grid.left();
    }
    return width();
}

bool PipelineView::hit(const QPointF &at, Matrix *m, int *row, int *col) const
{
    for (int k = 0; k < kMatrices; ++k) {
        const Panel &pn = m_panels[k];
        if (pn.rows > 0 && pn.grid.contains(at) && pn.cell > 0) {
            *m = M(k);
            *row = std::min(pn.rows - 1, int((at.y() - pn.grid.top()) / pn.cellH));
            *col = std::min(pn.cols - 1, int((at.x() - pn.grid.left()) / pn.cell));
            return true;
        }
    }
    return false;
}

void PipelineView::hoverCell(Matrix m, int row, int col)
{
    // A score, logit or weight (i, j) links query i and key j; a row of Q or out, query i; of K or V, key j.
    switch (m) {
    case M::Scores:
    case M::Logits:
    case M::Weights:
        m_query = row;
        m_key = col;
        break;
    case M::Q:
    case M::Out:
        m_query = row;
        m_key = -1;
        break;
    case M::K:
    case M::V:
        m_query = -1;
        m_key = row;
        break;
    }
    update();
}

void PipelineView::mouseMoveEvent(QMouseEvent *event)
{
    M m = M::Q;
    int row = 0, col = 0;
    if (!hit(event->position(), &m, &row, &col)) {
        leaveEvent(event);
        return;
    }
    hoverCell(m, row, col);
    const float v = value(m, row, col);
    QToolTip::showText(event->globalPosition().toPoint(),
        QStringLiteral("%1[%2][%3] = %4")
            .arg(nameOf(m, m_model->result()->params.score))
            .arg(row)
            .arg(col)
            .arg(v, 0, 'g', 6),
        this);
}

void PipelineView::leaveEvent(QEvent *)
{
    m_query = m_key = -1;
    QToolTip::hideText();
    update();
}
