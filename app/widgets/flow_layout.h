// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A layout that places its items in rows, left to right, and wraps onto a new row when the next
// item does not fit (the presentation mode's buttons at any window width). After Qt's flow layout
// example.

#include <QLayout>

#include <initializer_list>

class FlowLayout : public QLayout
{
public:
    explicit FlowLayout(QWidget *parent = nullptr, int spacing = 6);
    ~FlowLayout() override;

    void addItem(QLayoutItem *item) override;
    int count() const override { return int(m_items.size()); }
    QLayoutItem *itemAt(int index) const override { return m_items.value(index); }
    QLayoutItem *takeAt(int index) override;
    Qt::Orientations expandingDirections() const override { return {}; }
    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override { return arrange(QRect(0, 0, width, 0), false); }
    QSize minimumSize() const override;
    QSize sizeHint() const override { return minimumSize(); }
    void setGeometry(const QRect &rect) override;

private:
    int arrange(const QRect &rect, bool apply) const; // the height used
    QList<QLayoutItem *> m_items;
    int m_gap;
};

// A widget holding widgets side by side (a name and its field, say), so that a flow layout never wraps between them.
QWidget *keptTogether(QWidget *parent, std::initializer_list<QWidget *> widgets);
