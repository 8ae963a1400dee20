// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/explanation_panel.h"

#include "model/explanation_text.h"

#include <QLabel>
#include <QVBoxLayout>

#include <cmath>

ExplanationPanel::ExplanationPanel(AttentionModel *model, QWidget *parent)
    : QWidget(parent)
    , m_model(model)
{
    m_formula = new QLabel(this);
    m_formula->setObjectName("formula");
    m_shapes = new QLabel(this);
    m_shapes->setObjectName("shapes");
    m_stats = new QLabel(this);
    m_stats->setObjectName("statistics");
    m_compare = new QLabel(this);
    m_compare->setObjectName("compareStatistics");
    m_compare->setVisible(false);
    m_baseFont = font();
    QFont big = m_formula->font();
    big.setPointSizeF(big.pointSizeF() * 1.35);
    m_formula->setFont(big);
    for (QLabel *l : { m_formula, m_shapes, m_stats, m_compare }) {
        l->setTextInteractionFlags(Qt::TextSelectableByMouse);
        l->setWordWrap(true);
    }
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(8, 4, 8, 4);
    layout->setSpacing(2);
    layout->addWidget(m_formula);
    layout->addWidget(m_shapes);
    layout->addWidget(m_stats);
    layout->addWidget(m_compare);
    connect(model, &AttentionModel::resultChanged, this, &ExplanationPanel::showResult);
    showResult();
}

void ExplanationPanel::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::LanguageChange)
        showResult();
}

void ExplanationPanel::showResult()
{
    const auto r = m_model->result();
    m_formula->setText(ExplanationText::formula(r->params));
    m_shapes->setText(m_presentation ? ExplanationText::briefShapes(r->params) : ExplanationText::shapes(r->params));
    m_stats->setText(ExplanationText::statistics(*r));
    // Beside a comparison: the two distributions' sharpness next to each other, in the order they stand.
    const bool comparing = m_comparison && m_comparison->isOn();
    m_compare->setVisible(comparing);
    // (Presenting a comparison, the maps keep the room: the two sides' line says the statistics that differ.)
    m_stats->setVisible(!(comparing && m_presentation));
    if (!comparing)
        return;
    if (m_comparison->kind() == CompareKind::Sdpa) {
        // Block 3: the two outputs' difference in place of the sharpness, which is the same on both sides (the maps
        // show it).
        m_stats->setVisible(false);
        m_compare->setText(ExplanationText::sdpaCheck(*r));
        return;
    }
    const auto pr = m_comparison->partner()->result();
    const bool masked = r->params.mask != attn::MaskKind::None;
    QString mainText = ExplanationText::comparisonSide(
                m_comparison->mainLabel(), attn::summarize(*r, r->params.batchIndex), r->params.softmaxDim, masked),
            partnerText = ExplanationText::comparisonSide(m_comparison->partnerLabel(),
                attn::summarize(*pr, pr->params.batchIndex), pr->params.softmaxDim, masked);
    if (m_comparison->mainSide() == 1)
        std::swap(mainText, partnerText);
    m_compare->setText(mainText + QStringLiteral("   ·   ") + partnerText);
}

void ExplanationPanel::setComparison(CompareController *comparison)
{
    m_comparison = comparison;
    connect(comparison->partner(), &AttentionModel::resultChanged, this, &ExplanationPanel::showResult);
    connect(comparison, &CompareController::layoutChanged, this, &ExplanationPanel::showResult);
    showResult();
}

void ExplanationPanel::setFontScale(double scale)
{
    QFont f = m_baseFont;
    f.setPointSizeF(m_baseFont.pointSizeF() * scale);
    for (QLabel *l : { m_shapes, m_stats, m_compare })
        l->setFont(f);
    f.setPointSizeF(m_baseFont.pointSizeF() * 1.35 * scale);
    m_formula->setFont(f);
}

void ExplanationPanel::setPresentation(bool on)
{
    if (on == m_presentation) // (asked at every fit of presentation mode, after every result: nothing again)
        return;
    m_presentation = on;
    showResult();
}

QString ExplanationPanel::compareText() const
{
    return m_compare->isVisible() ? m_compare->text() : QString();
}

QString ExplanationPanel::formulaText() const
{
    return m_formula->text();
}

QString ExplanationPanel::shapesText() const
{
    return QString(m_shapes->text()).replace(QChar(0xA0), QLatin1Char(' ')); // as read: no-break spaces are spaces
}

QString ExplanationPanel::statisticsText() const
{
    return m_stats->text();
}
