// SPDX-License-Identifier: GPL-3.0-or-later
#include "steady_box.h"

#include <QEvent>

SteadyBox::SteadyBox(QWidget *child, QWidget *parent)
    : QWidget(parent)
    , m_child(child)
{
    child->setParent(this);
    child->show();
    setSizePolicy(child->sizePolicy());
    setMaximumSize(child->maximumSize());
}

QSize SteadyBox::sizeHint() const
{
    return m_givenHint = m_child->sizeHint();
}

QSize SteadyBox::minimumSizeHint() const
{
    return m_givenMinimum = m_child->minimumSizeHint();
}

bool SteadyBox::hasHeightForWidth() const
{
    return m_child->hasHeightForWidth();
}

int SteadyBox::heightForWidth(int width) const
{
    m_givenWidth = width;
    return m_givenHeight = m_child->heightForWidth(width);
}

bool SteadyBox::changed() const
{
    if (m_child->sizeHint() != m_givenHint || m_child->minimumSizeHint() != m_givenMinimum)
        return true;
    if (m_child->sizePolicy() != sizePolicy() || m_child->maximumSize() != maximumSize())
        return true;
    // The height for the width the layout asked last (the one it places the box at).
    return m_child->hasHeightForWidth() && m_givenWidth >= 0 && m_child->heightForWidth(m_givenWidth) != m_givenHeight;
}

bool SteadyBox::event(QEvent *event)
{
    // The box has no layout: its widget's requests arrive here as LayoutRequest events.
    if (event->type() == QEvent::LayoutRequest) {
        m_child->setGeometry(rect());
        if (changed()) {
            setSizePolicy(m_child->sizePolicy());
            setMaximumSize(m_child->maximumSize());
            ++m_passedOn;
            updateGeometry();
        }
        return true;
    }
    return QWidget::event(event);
}

void SteadyBox::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    m_child->setGeometry(rect());
}
