// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A box around one widget that asks the window for a relayout only when the widget's size hints changed.
// QLabel::setText and every activation of a layout ask the parent to relay out, even when a new number in a label
// leaves the size as it was; behind the explanation strip and the heatmap's note that was the whole window once per
// change of the settings (at L = 512 it took longer than the computation). The box lays its widget over its whole
// area, gives the widget's size hints and policy as its own, remembers what it gave, and passes a request on only if
// the widget's hints are no longer what the layout was given. Show and hide the box, not the widget.

#include <QSizePolicy>
#include <QWidget>

class SteadyBox : public QWidget
{
    Q_OBJECT
public:
    // Takes child into the box and shows it.
    explicit SteadyBox(QWidget *child, QWidget *parent = nullptr);

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;
    bool hasHeightForWidth() const override;
    int heightForWidth(int width) const override;

    // Relayouts the box passed on to the window (tests count them).
    int passedOn() const { return m_passedOn; }

protected:
    bool event(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    bool changed() const; // since the layout last asked

    QWidget *m_child;
    mutable QSize m_givenHint, m_givenMinimum;
    mutable int m_givenWidth = -1, m_givenHeight = -1; // the last height for width given
    int m_passedOn = 0;
};
