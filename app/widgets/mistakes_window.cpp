// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/mistakes_window.h"
#include "model/heatmap_text.h"

#include "params_edit.h"
#include "render/color_maps.h"
#include "render/heatmap_drawing.h"
#include "render/hull_plot.h"
#include "widgets/flow_layout.h"
#include "widgets/key_help.h"
#include "widgets/presentation.h"
#include "widgets/theme.h"

#include <qcustomplot.h>

#include <QButtonGroup>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QShortcut>
#include <QStackedWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <limits>

namespace {

QString fromStd(const std::string &s)
{
    return QString::fromStdString(s);
}

QString fixedText(double v, int decimals = 2)
{
    return QString::number(v, 'f', decimals);
}

// The right line's green and the mistake's red, readable on the window's palette (light or dark).
QColor rightColor(const QPalette &p)
{
    return readable(p, QColor(0x1a, 0x6b, 0x2a), QColor(0x7a, 0xd4, 0x8f));
}

QColor wrongColor(const QPalette &p)
{
    return readable(p, QColor(0xb0, 0x20, 0x20), QColor(0xff, 0x7b, 0x7b));
}

} // namespace

void MistakesWindow::applyColors()
{
    for (int k = 0; k < 2; ++k)
        m_sides[std::size_t(k)].title->setStyleSheet(
            QStringLiteral("color: %1; font-weight: bold")
                .arg((k ? wrongColor(palette()) : rightColor(palette())).name()));
}

MistakesWindow::MistakesWindow(AttentionModel *model, QWidget *parent)
    : QWidget(parent)
    , m_model(model)
{
    setObjectName("mistakesWindow");
    auto *layout = new QVBoxLayout(this);

    layout->addLayout(buildChoices());
    m_heading = new QLabel(this);
    m_heading->setObjectName("mistake-heading");
    m_heading->setWordWrap(true);
    layout->addWidget(m_heading);

    auto *sides = new QHBoxLayout;
    sides->setSpacing(24);
    for (int k = 0; k < 2; ++k)
        sides->addLayout(buildSide(k), 1);
    layout->addLayout(sides, 1);
    buildBottom(layout);
    bindKeys();
    connect(m_model, &AttentionModel::paramsChanged, this, [this] {
        if (isVisible())
            recompute();
    });
    applyFonts();
    applyColors();
    recompute();
    resize(1200, 720);
}

// The five mistakes' buttons (1 to 5), one checked: on a second row when they do not fit (presentation mode's
// text at 1280 × 720 cut the fifth at the screen's edge).
QLayout *MistakesWindow::buildChoices()
{
    auto *choices = new FlowLayout(nullptr, 6);
    m_group = new QButtonGroup(this);
    for (int i = 0; i < int(attn::allMistakes().size()); ++i) {
        auto *b = new QPushButton(this);
        b->setCheckable(true);
        b->setFocusPolicy(Qt::NoFocus); // the keys stay with the window
        b->setObjectName(QStringLiteral("mistake-%1").arg(fromStd(attn::mistakeName(attn::allMistakes()[i]))));
        m_group->addButton(b, i);
        choices->addWidget(b);
    }
    m_texts.add([this] {
        setWindowTitle(tr("Common mistakes"));
        const QStringList names { tr("1  no ÷√d_k"), tr("2  dim=-2"), tr("3  MHA mask in SDPA"),
            tr("4  K.transpose(0, 1)"), tr("5  Q.transpose(-2, -1) @ K") };
        for (int i = 0; i < names.size(); ++i)
            m_group->button(i)->setText(names[i]);
    });
    m_group->button(0)->setChecked(true);
    connect(m_group, &QButtonGroup::idClicked, this, [this](int id) { setMistake(attn::allMistakes()[id]); });

    return choices;
}

// One side: its title, its line of code, the shapes multiplied, and a stack of its heatmap (with each row's sum on
// the right-hand axis and a colour scale), the error PyTorch raises, or its outputs in the values' hull.
QBoxLayout *MistakesWindow::buildSide(int k)
{
    const QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    Side &s = m_sides[std::size_t(k)];
    auto *column = new QVBoxLayout;
    column->setSpacing(4); // not the 24 between the columns
    s.title = new QLabel(this);
    s.title->setObjectName(k ? "mistake-wrong-title" : "mistake-right-title");
    s.code = new QLabel(this);
    s.code->setObjectName(k ? "mistake-wrong-code" : "mistake-right-code");
    s.code->setFont(mono); // the lines break where core breaks them, as Python allows
    s.code->setTextInteractionFlags(Qt::TextSelectableByMouse);
    s.shapes = new QLabel(this);
    s.shapes->setFont(mono);
    s.shapes->setWordWrap(true);
    s.shapes->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    s.stack = new QStackedWidget(this);
    s.plot = new QCustomPlot(s.stack);
    s.plot->setObjectName(k ? "mistake-wrong-plot" : "mistake-right-plot");
    s.plot->setMinimumSize(160, 140);
    QCPAxisRect *rect = s.plot->axisRect();
    setUpHeatmapAxes(rect);
    s.map = new QCPColorMap(rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft));
    s.map->setInterpolate(false);
    s.map->setTightBoundary(false);
    s.map->setGradient(colorGradient(QStringLiteral("viridis")));
    s.map->setDataRange(QCPRange(0.0, 1.0));
    // Each row's sum on the right-hand axis: the softmax-dim mistake's symptom.
    QCPAxis *sums = rect->axis(QCPAxis::atRight);
    sums->setVisible(true);
    sums->setRangeReversed(true);
    sums->grid()->setVisible(false);
    sums->setSubTickPen(Qt::NoPen);
    connect(rect->axis(QCPAxis::atLeft), qOverload<const QCPRange &>(&QCPAxis::rangeChanged), sums,
        qOverload<const QCPRange &>(&QCPAxis::setRange));
    // The colour scale, for the maps too large for numbers in their cells.
    auto *scale = new QCPColorScale(s.plot);
    scale->setBarWidth(10);
    scale->setGradient(s.map->gradient());
    scale->setDataRange(QCPRange(0.0, 1.0));
    scale->setType(QCPAxis::atRight);
    scale->axis()->ticker()->setTickCount(5); // 0.2 to 0.8: the ends 0 and 1 fall on the bar's edges
    s.plot->plotLayout()->addElement(0, 1, scale);
    s.map->setColorScale(scale);
    s.map->setGradient(colorGradient(QStringLiteral("viridis")));
    connect(s.plot, &QCustomPlot::afterLayout, this, [this, k] { layoutCellTexts(k); });
    s.error = new QLabel(s.stack);
    s.error->setObjectName(k ? "mistake-wrong-error" : "mistake-right-error");
    s.error->setFont(mono);
    s.error->setWordWrap(true);
    s.error->setAlignment(Qt::AlignCenter);
    s.error->setTextInteractionFlags(Qt::TextSelectableByMouse);
    s.error->setStyleSheet("QLabel { color: #b02020; background: #fff0f0; border: 2px solid #b02020; "
                           "padding: 12px; }");
    s.hullCanvas = new QCustomPlot(s.stack);
    s.hullCanvas->setObjectName(k ? "mistake-wrong-hull" : "mistake-right-hull");
    s.hull = std::make_unique<HullPlot>(s.hullCanvas);
    s.stack->addWidget(s.plot);
    s.stack->addWidget(s.error);
    s.stack->addWidget(s.hullCanvas);
    for (QLabel *l : { s.title, s.code, s.shapes })
        l->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum);
    // Both columns equally wide, whatever each shows.
    s.stack->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Expanding);
    s.shapes->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Maximum);
    column->addWidget(s.title);
    column->addWidget(s.code);
    column->addWidget(s.shapes);
    column->addWidget(s.stack, 1);
    return column;
}

// The lecture's symptom, cause and fix, the numbers, the buttons to the why-scale views, the settings used.
void MistakesWindow::buildBottom(QBoxLayout *layout)
{
    m_caption = new QLabel(this);
    m_caption->setObjectName("mistake-caption");
    m_caption->setWordWrap(true);
    m_caption->setTextFormat(Qt::RichText);
    layout->addWidget(m_caption);
    auto *bottom = new QHBoxLayout;
    m_numbers = new QLabel(this);
    m_numbers->setObjectName("mistake-numbers");
    m_numbers->setWordWrap(true);
    bottom->addWidget(m_numbers, 1);
    m_why = new QPushButton(this);
    m_why->setFocusPolicy(Qt::NoFocus);
    m_train = new QPushButton(this);
    m_train->setFocusPolicy(Qt::NoFocus);
    m_texts.add([this] {
        m_why->setText(tr("Why scale? [W]"));
        m_train->setText(tr("Watch training stall [T]"));
    });
    connect(m_why, &QPushButton::clicked, this, &MistakesWindow::whyScaleRequested);
    connect(m_train, &QPushButton::clicked, this, &MistakesWindow::trainingRequested);
    bottom->addWidget(m_why);
    bottom->addWidget(m_train);
    layout->addLayout(bottom);
    m_settings = new QLabel(this);
    m_settings->setObjectName("mistake-settings");
    m_settings->setWordWrap(true);
    layout->addWidget(m_settings);
}

// The window's keys: 1 to 5 and ← → choose, ↑ ↓ change d_k, W and T, F5, H and Esc.
void MistakesWindow::bindKeys()
{
    const auto key = [this](const QKeySequence &k, const std::function<void()> &f, const char *what = nullptr) {
        auto *s = new QShortcut(k, this);
        if (what)
            describeKey(s, "MistakesWindow", what);
        s->setContext(Qt::WindowShortcut);
        connect(s, &QShortcut::activated, this, f);
    };
    const auto &all = attn::allMistakes();
    for (int i = 0; i < int(all.size()); ++i)
        key(
            QKeySequence(Qt::Key_1 + i), [this, m = all[i]] { setMistake(m); },
            i == 0 ? QT_TRANSLATE_NOOP("MistakesWindow", "1 to 5: that mistake") : nullptr);
    const auto step = [this](int delta) {
        const auto &all = attn::allMistakes();
        const int n = int(all.size());
        const int at = int(std::find(all.begin(), all.end(), m_mistake) - all.begin());
        setMistake(all[(at + delta + n) % n]);
    };
    key(
        QKeySequence(Qt::Key_Right), [step] { step(+1); }, QT_TRANSLATE_NOOP("MistakesWindow", "The next mistake"));
    key(
        QKeySequence(Qt::Key_Left), [step] { step(-1); }, QT_TRANSLATE_NOOP("MistakesWindow", "The mistake before"));
    key(
        QKeySequence(Qt::Key_Up),
        [this] {
            attn::Params p = m_model->params();
            attn::doubleDk(p);
            m_model->setParams(p);
        },
        QT_TRANSLATE_NOOP("MistakesWindow", "d_k × 2"));
    key(
        QKeySequence(Qt::Key_Down),
        [this] {
            attn::Params p = m_model->params();
            attn::halveDk(p);
            m_model->setParams(p);
        },
        QT_TRANSLATE_NOOP("MistakesWindow", "d_k ÷ 2"));
    key(
        QKeySequence(Qt::Key_W), [this] { emit whyScaleRequested(); },
        QT_TRANSLATE_NOOP("MistakesWindow", "Why divide by √d_k?"));
    key(
        QKeySequence(Qt::Key_T), [this] { emit trainingRequested(); },
        QT_TRANSLATE_NOOP("MistakesWindow", "Training: with and without the scale"));
    key(
        QKeySequence(Qt::Key_F5), [this] { setPresentation(!m_presentation); },
        QT_TRANSLATE_NOOP("MistakesWindow", "This window full screen, or not"));
    key(
        QKeySequence(Qt::Key_H), [this] { setShowHull(!m_showHull); },
        QT_TRANSLATE_NOOP("MistakesWindow", "The hull of the outputs, or not"));
    // Esc and Ctrl+W close it (OtherWindows), in presentation mode too: the keys go back to the window beneath.
}

MistakesWindow::~MistakesWindow() = default;

void MistakesWindow::setShowHull(bool on)
{
    m_showHull = on;
    recompute();
}

void MistakesWindow::setMistake(attn::Mistake m)
{
    m_mistake = m;
    const auto &all = attn::allMistakes();
    m_group->button(int(std::find(all.begin(), all.end(), m) - all.begin()))->setChecked(true);
    recompute();
}

void MistakesWindow::setPresentation(bool on, bool fullScreen)
{
    m_presentation = on;
    applyFonts();
    recompute(); // the lines of code break differently
    if (on && fullScreen) {
        showOnWholeScreen(this);
    } else if (!on && isVisible() && isFullScreen())
        showNormal();
}

void MistakesWindow::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    if (m_presentation)
        applyFonts(); // the text follows the screen's size
}

void MistakesWindow::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        m_texts.retranslate();
        recompute();
    }
    if (event->type() == QEvent::PaletteChange) { // a theme: the sides' titles and the fix readable on it
        applyColors();
        updateCaption();
    }
    QWidget::changeEvent(event);
}

void MistakesWindow::applyFonts()
{
    // Presentation: large text, growing with the screen (20 pixels at 720 lines, 30 at 1080).
    const int px = m_presentation ? std::clamp(height() / 36, 20, 40) : 14;
    QFont body = font();
    body.setPixelSize(px);
    for (QLabel *l : { m_settings, m_caption, m_numbers })
        l->setFont(body);
    for (QAbstractButton *b : m_group->buttons())
        b->setFont(body);
    m_why->setFont(body);
    m_train->setFont(body);
    QFont heading = body;
    heading.setPixelSize(px * 5 / 4);
    heading.setBold(true);
    m_heading->setFont(heading);
    QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    mono.setPixelSize(px - (m_presentation ? 3 : 1));
    m_settings->setVisible(!m_presentation); // the projector's room goes to the maps
    for (Side &s : m_sides) {
        QFont title = body;
        title.setBold(true);
        s.title->setFont(title);
        s.code->setFont(mono);
        s.shapes->setFont(mono);
        s.error->setFont(mono);
        QFont ticks = body;
        ticks.setPixelSize(px - 2);
        for (QCPAxis *axis : s.plot->axisRect()->axes()) {
            axis->setTickLabelFont(ticks);
            axis->setLabelFont(body);
        }
        for (QCPColorScale *scale : s.plot->findChildren<QCPColorScale *>())
            scale->axis()->setTickLabelFont(ticks);
        s.hull->setTextSize(px - 2);
    }
    for (int k = 0; k < 2; ++k)
        m_sides[std::size_t(k)].plot->replot(QCustomPlot::rpQueuedReplot);
}

void MistakesWindow::recompute()
{
    const attn::Params p = attn::mistakeViewParams(m_model->params(), &m_clamped);
    m_result = attn::commitMistake(p, m_mistake);
    showSide(0, m_result.right);
    showSide(1, m_result.wrong);
    updateCaption();
}

void MistakesWindow::showSide(int k, const attn::MistakeSide &side)
{
    Side &s = m_sides[std::size_t(k)];
    const attn::MistakeSummary sum = attn::summarizeMistake(m_result, m_result.params.batchIndex);
    s.projection = {};
    s.title->setText(k ? tr("✗ The mistake") : tr("✓ Right"));
    // On a projector the text is larger: the line breaks inside the call, where Python allows it.
    QString code = fromStd(side.expression);
    if (m_presentation && !code.contains('\n'))
        code.replace(QStringLiteral("F.softmax("), QStringLiteral("F.softmax(\n    "));
    s.code->setText(code);
    s.shapes->setText(fromStd(side.operands));
    if (side.weights.empty()) {
        s.error->setText(side.error.rfind("RuntimeError", 0) == 0 ? tr("PyTorch raises:\n\n%1").arg(fromStd(side.error))
                                                                  : fromStd(side.error));
        s.stack->setCurrentWidget(s.error);
        s.rows = s.cols = 0;
        s.rowSums.clear();
        return;
    }
    const int b = std::min(sum.shownBatch, side.weights.batch - 1);
    if (m_showHull) {
        if (side.out.empty()) {
            s.error->setText(tr("No output to place: this matrix does not weigh the values' rows (its columns are "
                                "K's features, not keys), so weights @ V means nothing here."));
            s.stack->setCurrentWidget(s.error);
        } else {
            s.projection = attn::projectHull(m_result.V.slice(b), side.out.slice(b), { -1, -1 });
            s.hull->show(s.projection, side.weights.slice(b), -1);
            s.stack->setCurrentWidget(s.hullCanvas);
        }
        s.rows = s.cols = 0;
        s.rowSums.clear();
        return;
    }
    s.stack->setCurrentWidget(s.plot);
    attn::HeatmapGrid grid;
    grid.values = side.weights.slice(b);
    if (m_mistake == attn::Mistake::MhaMaskInSdpa) // what each side's mask hides: the padding, or all but it
        for (int j = 0; j < side.weights.cols; ++j)
            if (side.maskedKeys[std::size_t(j)] == (k == 0))
                grid.values.col(j).setConstant(std::numeric_limits<float>::quiet_NaN());
    s.rows = side.weights.rows;
    s.cols = side.weights.cols;
    fillColorMap(s.map, grid, s.rows, s.cols);
    QCPAxisRect *rect = s.plot->axisRect();
    const auto axisName = [](const std::string &n) {
        return n == "query"      ? tr("query i")
            : n == "key"         ? tr("key j")
            : n == "Q's feature" ? tr("feature of Q")
                                 : tr("feature of K");
    };
    rect->axis(QCPAxis::atLeft)->setLabel(axisName(side.rowName));
    QString keys = axisName(side.colName);
    if (m_mistake == attn::Mistake::MhaMaskInSdpa) {
        const int first = s.cols - m_result.padCount, last = s.cols - 1;
        const QString padding = first == last ? QString::number(first) : QStringLiteral("%1–%2").arg(first).arg(last);
        keys = k == 0 ? tr("key j (padding %1: masked)").arg(padding)
                      : tr("key j (padding %1: the only keys seen)").arg(padding);
    }
    rect->axis(QCPAxis::atBottom)->setLabel(keys);
    // Row sums beside the rows, as long as they can be read.
    QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
    s.rowSums.clear();
    for (int i = 0; i < s.rows; ++i)
        s.rowSums << fixedText(side.rowSums(b, i));
    if (s.rows <= 16)
        for (int i = 0; i < s.rows; ++i)
            ticker->addTick(i, s.rowSums[i]);
    QCPAxis *sums = rect->axis(QCPAxis::atRight);
    sums->setTicker(ticker);
    // Sums that are not 1 in red: the softmax-dim mistake's symptom.
    const bool off = s.rows > 0 && (side.rowSums.row(b).array() - 1.0).abs().maxCoeff() > 0.005;
    sums->setTickLabelColor(off ? QColor(0xb0, 0x20, 0x20) : QColor(Qt::black));
    sums->setLabelColor(sums->tickLabelColor());
    sums->setLabel(s.rows <= 16 ? tr("row sum") : QString());
    sums->setRange(rect->axis(QCPAxis::atLeft)->range());
    // A value in each cell when there are few enough; layoutCellTexts sizes them.
    for (QCPItemText *t : s.cells)
        s.plot->removeItem(t);
    s.cells.clear();
    if (s.rows <= 12 && s.cols <= 12) {
        QList<QColor> colors;
        for (int i = 0; i < s.rows; ++i)
            for (int j = 0; j < s.cols; ++j)
                if (!std::isnan(grid.values(i, j)))
                    colors << QColor::fromRgb(s.map->gradient().color(grid.values(i, j), QCPRange(0, 1)));
        const CellTone tone = cellTone(colors);
        for (int i = 0; i < s.rows; ++i)
            for (int j = 0; j < s.cols; ++j) {
                const float v = grid.values(i, j);
                if (std::isnan(v))
                    continue;
                auto *t = new PlateText(s.plot);
                t->position->setCoords(j, i);
                t->setText(fixedText(v));
                t->setProperty("cell", QPoint(j, i));
                const CellInk ink = cellInk(QColor::fromRgb(s.map->gradient().color(v, QCPRange(0, 1))), tone);
                t->setColor(ink.text);
                t->setPlate(ink.plate);
                s.cells << t;
            }
    }
    s.plot->replot(QCustomPlot::rpQueuedReplot);
}

void MistakesWindow::layoutCellTexts(int k)
{
    Side &s = m_sides[std::size_t(k)];
    if (s.cells.isEmpty() || s.cols == 0)
        return;
    const QRect r = s.plot->axisRect()->rect();
    const double cellW = double(r.width()) / s.cols, cellH = double(r.height()) / s.rows;
    QFont f = numberFont(font());
    // "0.00" fills about 2.3 em: leave a margin around it and its plate (half an em across, 0.7 em of height; an
    // 8 × 8 map in presentation mode at 1280 × 720 has cells of 52 × 31 pixels, which so hold it at 18 pixels).
    int px = int(std::min({ cellW / 2.8, cellH / 1.7, m_presentation ? 30.0 : 20.0 }));
    // Presenting, no number under the least the back row reads: a narrower margin first, else the colour alone.
    const int least = m_presentation ? kLeastPresentedNumberPixels : 8;
    if (px < least)
        px = std::min(least, int(std::min(cellW / 2.5, cellH / 1.45)));
    f.setPixelSize(std::max(px, 1));
    for (QCPItemText *t : s.cells) {
        t->setFont(f);
        t->setVisible(px >= least);
    }
}

void MistakesWindow::updateCaption()
{
    const attn::Params &p = m_result.params;
    const attn::MistakeSummary sum = attn::summarizeMistake(m_result, p.batchIndex);
    const MistakeTexts t = mistakeTexts(sum);
    QString numbers = t.numbers;
    if (m_showHull && !m_sides[1].projection.outputs.empty()) {
        const auto outside = [this](int k) {
            const std::vector<bool> &o = m_sides[std::size_t(k)].projection.outside;
            return int(std::count(o.begin(), o.end(), true));
        };
        numbers += ' '
            + tr("In the values' hull (H; judged in all %4 dimensions, so a red point may be drawn inside the "
                 "polygon): %1 of %2 outputs lie outside it with the right line, %3 with the mistake.")
                  .arg(outside(0))
                  .arg(m_sides[0].projection.outputs.size())
                  .arg(outside(1))
                  .arg(p.dV);
    }
    m_heading->setText(t.heading);
    m_caption->setText(QStringLiteral("<b>%1</b> %2<br><b>%3</b> %4<br><b>%5</b> <span style='color:%7'>%6</span>")
                           .arg(tr("Symptom:"), t.symptom.toHtmlEscaped(), tr("Cause:"), t.cause.toHtmlEscaped(),
                               tr("Fix:"), t.fix.toHtmlEscaped(), rightColor(palette()).name()));
    m_numbers->setText(numbers);
    const bool noScale = m_mistake == attn::Mistake::NoScale;
    m_why->setVisible(noScale);
    m_train->setVisible(noScale);
    m_settings->setText(settingsLine(sum));
}

// The lecture's heading, symptom, cause and fix for the mistake shown, and the symptom in this example's numbers.
MistakesWindow::MistakeTexts MistakesWindow::mistakeTexts(const attn::MistakeSummary &sum) const
{
    const attn::Params &p = m_result.params;
    MistakeTexts t;
    switch (m_mistake) {
    case attn::Mistake::NoScale:
        t.heading = tr("Forgetting to divide by √d_k");
        t.symptom = tr("with a large d_k training does not converge; the loss stays flat for a long time");
        t.cause = tr("the dot product's variance grows with d_k: the softmax saturates and its gradient is flattened");
        t.fix = tr("use F.scaled_dot_product_attention, or divide by d_k ** 0.5 yourself");
        t.numbers = tr("Here (d_k = %1): each row's largest weight is %2 on average without the scale, %3 with it; the "
                       "softmax's gradient (its Jacobian's norm) is %4 without it, %5 with it.")
                        .arg(p.dK)
                        .arg(fixedText(sum.meanRowMax[1]), fixedText(sum.meanRowMax[0]),
                            fixedText(sum.meanJacobian[1], 3), fixedText(sum.meanJacobian[0], 3));
        if (!p.loaded) // (loaded Q and K fix d_k)
            t.numbers += ' ' + tr("↑ and ↓ double and halve d_k.");
        if (std::fabs(sum.meanRowMax[1] - sum.meanRowMax[0]) < 0.1) {
            // Alike because both are sharp (block 1's randn weights leave the scaled scores wide too), or because d_k
            // is still small.
            const QString reason = HeatmapText::varianceReason(p);
            t.numbers += ' '
                + (reason.isEmpty()
                        ? tr("At this d_k the two are still alike.")
                        : tr("The two are alike because the scaled scores are too wide as well: %1").arg(reason));
        }
        break;
    case attn::Mistake::SoftmaxDim:
        t.heading = tr("softmax over the wrong dim (dim=-2)");
        t.symptom = tr("the rows do not sum to 1 and the output is not a convex combination of the values; training "
                       "still runs but learns nothing");
        t.cause = tr("normalisation must run over the keys (the last dimension), not over the queries");
        t.fix = tr("always write dim=-1, and print the row sums once as a check");
        if (fixedText(sum.minRowSum[1]) == fixedText(sum.maxRowSum[1])) // one query: its row holds every column's 1
            t.numbers = tr("Here the row sums to %1 with dim=-2 (each of the %2 columns sums to 1, and one query takes "
                           "all of it); with dim=-1 it sums to 1. More queries show it better (← →: L).")
                            .arg(fixedText(sum.maxRowSum[1]))
                            .arg(p.keyLength);
        else
            t.numbers = (p.queryLength <= 16 && !m_showHull
                    ? tr("Here the rows sum to between %1 and %2 with dim=-2 (right of the map); with dim=-1 every "
                         "row sums to 1.")
                    : tr("Here the rows sum to between %1 and %2 with dim=-2; with dim=-1 every row sums to 1."))
                            .arg(fixedText(sum.minRowSum[1]), fixedText(sum.maxRowSum[1]));
        break;
    case attn::Mistake::MhaMaskInSdpa:
        t.heading = tr("nn.MultiheadAttention's key_padding_mask handed to F.scaled_dot_product_attention as it is");
        t.symptom = tr("the positions that should be masked are attended to instead");
        t.cause
            = tr("their booleans mean opposite things: in key_padding_mask True means masked, in SDPA's attn_mask True "
                 "means take part");
        t.fix = tr("invert it before passing it: ~key_padding_mask");
        t.numbers = (m_result.padCount == 1
                ? tr("Here key %1 is the padding (key_padding_mask True): with the mask handed over as it is, "
                     "every query puts %2 of its weight on the padding; the right way round, %3.")
                      .arg(p.keyLength - 1)
                : tr("Here keys %1 are the padding (key_padding_mask True): with the mask handed over as it "
                     "is, every query puts %2 of its weight on the padding; the right way round, %3.")
                      .arg(QStringLiteral("%1–%2").arg(p.keyLength - m_result.padCount).arg(p.keyLength - 1)))
                        .arg(fixedText(sum.weightOnPadding[1]), fixedText(sum.weightOnPadding[0]));
        break;
    case attn::Mistake::Transpose01:
    case attn::Mistake::TransposeQ:
        t.heading = m_mistake == attn::Mistake::Transpose01
            ? tr("Transposing the wrong axes: K.transpose(0, 1)")
            : tr("Transposing the wrong tensor: Q.transpose(-2, -1) @ K");
        t.symptom = tr("a shape error, or the shapes fit by chance and the result is wrong");
        t.cause
            = tr("only transposing K's last two dimensions gives (B, d_k, S); with more dimensions a wrong transpose "
                 "does not always raise an error");
        t.fix = tr("always write K.transpose(-2, -1), and check scores.shape == (B, L, S)");
        if (!sum.wrongComputed && m_result.wrong.error.rfind("RuntimeError", 0) == 0)
            t.numbers = m_mistake == attn::Mistake::Transpose01
                ? tr("Here PyTorch raises an error. It would run if B = d_k and S = B (or S = 1), e.g. B = L = S = d_k "
                     "= 4.")
                : tr("Here PyTorch raises an error. It runs whenever L = S, as in self-attention.");
        else if (sum.wrongComputed) {
            const attn::Tensor3 &w = m_result.wrong.weights;
            const QString shape = QStringLiteral("(%1, %2, %3)").arg(w.batch).arg(w.rows).arg(w.cols);
            const QString right = QStringLiteral("(%1, %2, %3)").arg(p.batch).arg(p.queryLength).arg(p.keyLength);
            const QString fit = shape == right ? tr("the result is %1, the very shape of (B, L, S),").arg(shape)
                                               : tr("the result is %1, not (B, L, S) = %2,").arg(shape, right);
            t.numbers = m_mistake == attn::Mistake::Transpose01
                ? tr("Here the shapes fit by chance: %1 but its first axis runs over K's keys, not the batch, and its "
                     "columns over K's features, not the keys.")
                      .arg(fit)
                : tr("Here the shapes fit by chance: %1 but its rows are Q's features and its columns K's features, "
                     "not queries and keys.")
                      .arg(fit);
        } else
            t.numbers = fromStd(m_result.wrong.error);
        break;
    }
    return t;
}

// What both sides were drawn with, whether the sizes were cut down, and the window's keys.
QString MistakesWindow::settingsLine(const attn::MistakeSummary &sum) const
{
    const attn::Params &p = m_result.params;
    const int shown = sum.shownBatch;
    QString settings = tr("Both sides: Q, K, V drawn as the main window draws them (%1, B = %2, L = %3, S = %4, d_k = "
                          "%5, seed %6), ÷√d_k and softmax over the keys except for the mistake; batch element %7 "
                          "shown.")
                           .arg(p.mode == attn::Mode::Projection ? tr("projection") : tr("direct"))
                           .arg(p.batch)
                           .arg(p.queryLength)
                           .arg(p.keyLength)
                           .arg(p.dK)
                           .arg(p.seed)
                           .arg(shown);
    if (m_clamped)
        settings += ' '
            + tr("(The main window's sizes are larger: here B ≤ %1, L and S ≤ %2, d_k ≤ %3, so the draws are not the "
                 "main window's numbers.)")
                  .arg(attn::kMistakeMaxBatch)
                  .arg(attn::kMistakeMaxLength)
                  .arg(attn::kMistakeMaxDk);
    settings += ' ' + tr("Keys: 1–5 or ← → choose, H weights or hull, F5 presentation, Esc close.");
    return settings;
}

QString MistakesWindow::sideText(int k) const
{
    const Side &s = m_sides[std::size_t(k)];
    QString text = s.title->text() + '\n' + s.code->text() + '\n' + s.shapes->text();
    if (s.stack->currentWidget() == s.error)
        text += '\n' + s.error->text();
    return text;
}

QString MistakesWindow::captionText() const
{
    QTextDocument doc;
    doc.setHtml(m_caption->text());
    return m_heading->text() + '\n' + doc.toPlainText() + '\n' + m_numbers->text();
}

QString MistakesWindow::cellText(int k, int i, int j) const
{
    for (const QCPItemText *t : m_sides[std::size_t(k)].cells)
        if (t->property("cell").toPoint() == QPoint(j, i))
            return t->visible() ? t->text() : QString();
    return {};
}

QString MistakesWindow::rowSumText(int k, int i) const
{
    const Side &s = m_sides[std::size_t(k)];
    return i >= 0 && i < s.rowSums.size() ? s.rowSums[i] : QString();
}
