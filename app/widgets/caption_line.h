// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The caption line above the heatmaps: a preset's or lesson step's text (with the lesson's title), in the
// interface's language; hidden, with a line saying why, once the settings differ from those it speaks of.

#include "model/attention_model.h"
#include "model/controllers.h"

#include <QLabel>

class CaptionLine : public QLabel
{
    Q_OBJECT
public:
    CaptionLine(AttentionModel *model, LessonController *lesson, QWidget *parent = nullptr);

    // What it says now (empty when hidden), as plain as it was given.
    QString shownText() const;
    // Said again for the settings and lesson step now (the model's and the lesson's signals call it).
    void update();

signals:
    void changed(); // its text or visibility (presentation mode fits its size again)

private:
    AttentionModel *m_model;
    LessonController *m_lesson;
};
