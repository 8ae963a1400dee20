// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/hull_window.h"
#include "tolerance.h"

#include "render/hull_plot.h"
#include "widgets/key_help.h"

#include <qcustomplot.h>

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QShortcut>
#include <QSpinBox>
#include <QVBoxLayout>

#include <algorithm>
#include <tuple>

HullWindow::HullWindow(AttentionModel *model, QWidget *parent)
    : QWidget(parent)
    , m_model(model)
{
    setObjectName("hullWindow");
    auto *layout = new QVBoxLayout(this);
    m_explanation = new QLabel(this);
    m_explanation->setWordWrap(true);
    layout->addWidget(m_explanation);
    auto *controls = new QHBoxLayout;
    m_axes = new QComboBox(this);
    m_axes->setObjectName("hull-axes");
    m_axes->addItem(QString());
    m_axes->addItem(QString());
    m_first = new QSpinBox(this);
    m_first->setObjectName("hull-first");
    m_second = new QSpinBox(this);
    m_second->setObjectName("hull-second");
    m_second->setValue(1);
    auto *axesName = new QLabel(this), *coordinatesName = new QLabel(this);
    m_texts.add([this, axesName, coordinatesName] {
        setWindowTitle(tr("The output inside the values' hull"));
        m_axes->setItemText(0, tr("First two principal components of the values"));
        m_axes->setItemText(1, tr("Two coordinates of the values"));
        axesName->setText(tr("Axes"));
        coordinatesName->setText(tr("coordinates"));
    });
    controls->addWidget(axesName);
    controls->addWidget(m_axes, 1);
    controls->addWidget(coordinatesName);
    controls->addWidget(m_first);
    controls->addWidget(m_second);
    layout->addLayout(controls);
    m_plot = new QCustomPlot(this);
    m_plot->setObjectName("hull-plot");
    m_plot->setMinimumSize(320, 240);
    m_plot->setMouseTracking(true);
    m_hullPlot = std::make_unique<HullPlot>(m_plot);
    layout->addWidget(m_plot, 1);
    m_status = new QLabel(this);
    m_status->setObjectName("hull-status");
    m_status->setWordWrap(true);
    layout->addWidget(m_status);

    connect(m_axes, qOverload<int>(&QComboBox::currentIndexChanged), this, &HullWindow::refresh);
    connect(m_first, qOverload<int>(&QSpinBox::valueChanged), this, &HullWindow::refresh);
    connect(m_second, qOverload<int>(&QSpinBox::valueChanged), this, &HullWindow::refresh);
    connect(m_model, &AttentionModel::resultChanged, this, [this] {
        if (isVisible())
            refresh();
    });
    // A query hovered in any heatmap is highlighted here too.
    connect(m_model, &AttentionModel::hoveredCellChanged, this, [this](int query, int) {
        if (isVisible())
            highlight(query);
    });
    connect(m_plot, &QCustomPlot::mouseMove, this,
        [this](QMouseEvent *e) { highlight(m_hullPlot->outputAt(e->position())); });
    // The outputs one after another by key, for a lecture without a mouse (→ and ←, as in the Heads window; a spin
    // box with the keys keeps them for its text, and the plot has them when the window opens).
    m_plot->setFocusPolicy(Qt::StrongFocus);
    const auto step = [this](int delta) {
        const int n = int(m_projection.outputs.size());
        if (n > 0)
            highlight(m_query < 0 ? (delta > 0 ? 0 : n - 1) : std::clamp(m_query + delta, 0, n - 1));
    };
    for (const auto &[key, delta, help] :
        { std::tuple { Qt::Key_Right, 1, QT_TRANSLATE_NOOP("HullWindow", "The next output (query) highlighted") },
            std::tuple {
                Qt::Key_Left, -1, QT_TRANSLATE_NOOP("HullWindow", "The previous output (query) highlighted") } })
        connect(describeKey(new QShortcut(QKeySequence(key), this), "HullWindow", help), &QShortcut::activated, this,
            [step, delta = delta] { step(delta); });
    setPresentation(false);
    resize(760, 640);
    // H (as in the main window) closes it from within; Esc and Ctrl+W too (OtherWindows).
    connect(describeKey(new QShortcut(QKeySequence(Qt::Key_H), this), "HullWindow",
                QT_TRANSLATE_NOOP("HullWindow", "Close this window")),
        &QShortcut::activated, this, &QWidget::hide);
}

HullWindow::~HullWindow() = default;

void HullWindow::setAxes(bool principal, int a, int b)
{
    m_first->setValue(a);
    m_second->setValue(b);
    m_axes->setCurrentIndex(principal ? 0 : 1);
    refresh();
}

void HullWindow::setPresentation(bool on)
{
    QFont f = font();
    f.setPixelSize(on ? 22 : 14);
    for (QLabel *l : { m_explanation, m_status })
        l->setFont(f);
    m_hullPlot->setTextSize(on ? 20 : 13);
    refresh();
}

void HullWindow::showEvent(QShowEvent *event)
{
    refresh();
    QWidget::showEvent(event);
    m_plot->setFocus();
}

void HullWindow::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        m_texts.retranslate();
        refresh();
    }
    QWidget::changeEvent(event);
}

void HullWindow::highlight(int query)
{
    if (query == m_query)
        return;
    m_query = query;
    // Only the sizes and the star change: the projection and the hull distances stay.
    const ResultPtr r = m_model->result();
    if (m_query >= int(m_projection.outputs.size()))
        m_query = -1;
    const int b = std::clamp(r->params.batchIndex, 0, r->params.batch - 1);
    m_hullPlot->show(m_projection, r->attention.weights.slice(b), m_query);
    m_status->setText(statusText());
}

void HullWindow::refresh()
{
    const ResultPtr r = m_model->result();
    const attn::Params &p = r->params;
    const int b = std::clamp(p.batchIndex, 0, p.batch - 1);
    const int dv = p.dV;
    m_first->setRange(0, dv - 1);
    m_second->setRange(0, dv - 1);
    const bool principal = m_axes->currentIndex() == 0;
    m_first->setEnabled(!principal);
    m_second->setEnabled(!principal);
    const attn::MatrixRM V = r->inputs->V.slice(b), out = r->attention.out.slice(b);
    m_projection = attn::projectHull(
        V, out, principal ? std::array<int, 2> { -1, -1 } : std::array<int, 2> { m_first->value(), m_second->value() });
    if (m_query >= p.queryLength)
        m_query = -1;
    m_hullPlot->show(m_projection, r->attention.weights.slice(b), m_query);
    m_explanation->setText(
        tr("Each output is o_i = Σ_j w_ij v_j. With softmax over the keys a row's weights are ≥ 0 and sum to 1, so "
           "o_i is a convex combination of the values and lies inside their convex hull. Hover an output (or a query "
           "in the heatmap), or step through the outputs with → and ←, to size the values by its weights."));
    m_status->setText(statusText());
}

QString HullWindow::statusText() const
{
    const attn::Params &p = m_model->result()->params;
    const int outside = int(std::count(m_projection.outside.begin(), m_projection.outside.end(), true));
    const int L = int(m_projection.outputs.size());
    // Rows whose weights do not sum to 1 and outputs outside the hull are two counts: such a row's output is its sum
    // times a point of the hull, which can still fall inside it.
    const attn::Statistics &st = m_model->result()->attention.stats;
    int notOne = 0;
    for (int i = 0; i < L; ++i)
        notOne += attn::sumsToOne(st.rowSums(p.batchIndex, i)) ? 0 : 1;
    QString text = outside == 0
        ? (L == 1 ? tr("The output of batch element %1 lies inside the hull.").arg(p.batchIndex)
                  : tr("All %1 outputs of batch element %2 lie inside the hull.").arg(L).arg(p.batchIndex))
        : tr("%1 of the %2 outputs of batch element %3 lie outside the hull (red).")
              .arg(outside)
              .arg(L)
              .arg(p.batchIndex);
    if (notOne > 0)
        text += ' '
            + (notOne == outside
                    ? tr("Their rows' weights do not sum to 1.")
                    : tr("The weights of %1 of the %2 rows do not sum to 1: each such output is its row's sum times a "
                         "point of the hull, so it need not lie outside.")
                          .arg(notOne)
                          .arg(L));
    if (outside > 0 && m_projection.inAllDimensions)
        text += ' '
            + tr("Inside or outside is judged in all %1 dimensions of the values; the picture shows two, so a red "
                 "point can be drawn inside the polygon.")
                  .arg(p.dV);
    if (!m_projection.inAllDimensions)
        text += ' ' + tr("(Too many to check in all %1 dimensions: judged in the picture only.)").arg(p.dV);
    if (p.softmaxDim == -2)
        text += ' ' + tr("Softmax runs over the queries (dim=-2): the lecture's mistake.");
    if (m_axes->currentIndex() == 0 && m_projection.firstAxis >= 0)
        text += ' ' + tr("(Principal components need d_v ≤ %1: coordinates 0 and 1 shown.)").arg(attn::kHullMaxPcaDim);
    if (m_query >= 0) {
        const ResultPtr r = m_model->result();
        const int b = std::clamp(p.batchIndex, 0, p.batch - 1);
        const double top = r->attention.stats.rowMax(b, m_query);
        text += ' '
            + tr("Query %1 puts its largest weight, %2, on key %3.")
                  .arg(m_query)
                  .arg(QString::number(top, 'f', 2))
                  .arg(r->attention.stats.rowArgmax(b, m_query));
    }
    return text;
}
