// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Mistakes (menu Mistakes, key X): the lecture's table of common mistakes (常见错误), played. The student
// picks one (keys 1 to 5, ← →) and sees it happen beside the right line, from the main window's Q, K and V:
// each side's line of PyTorch, the shapes multiplied, its weights as a heatmap with each row's sum beside it
// (or the error PyTorch raises), and under them the lecture's symptom, cause and fix with the symptom in
// this example's numbers (core's commitMistake and summarizeMistake). F5: presentation (full screen, large
// text); Esc leaves it.

#include "hull.h"
#include "mistakes.h"
#include "model/attention_model.h"
#include "widgets/translated_texts.h"

#include <QWidget>

#include <array>
#include <memory>

class HullPlot;
class QBoxLayout;
class QButtonGroup;
class QLayout;
class QCPColorMap;
class QCPItemText;
class QCustomPlot;
class QLabel;
class QPushButton;
class QStackedWidget;

class MistakesWindow : public QWidget
{
    Q_OBJECT
public:
    explicit MistakesWindow(AttentionModel *model, QWidget *parent = nullptr);
    ~MistakesWindow() override;

    void setMistake(attn::Mistake m);
    attn::Mistake mistake() const { return m_mistake; }
    const attn::MistakeResult &result() const { return m_result; }
    // Large text; fullScreen: also the whole screen.
    void setPresentation(bool on, bool fullScreen = true);
    bool isPresentation() const { return m_presentation; }

    // What the window says, as text (for tests and the screen reader): a side's title, line, shapes and
    // error, and the caption under both.
    QString sideText(int side) const;
    QString captionText() const;
    QCustomPlot *sidePlot(int side) const { return m_sides[std::size_t(side)].plot; }
    // The value written in a cell (empty when none is written), and the row sum beside row i.
    QString cellText(int side, int i, int j) const;
    QString rowSumText(int side, int i) const;
    // H: each side's outputs in the values' hull instead of its weights.
    void setShowHull(bool on);
    bool showsHull() const { return m_showHull; }
    // The side's outputs and values as shown in hull mode (empty when the side has no output).
    const attn::HullProjection &hull(int side) const { return m_sides[std::size_t(side)].projection; }

signals:
    // The no-scale caption's button: the "why scale" views.
    void whyScaleRequested();
    void trainingRequested();

protected:
    void changeEvent(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    struct MistakeTexts
    {
        QString heading, symptom, cause, fix, numbers;
    };
    MistakeTexts mistakeTexts(const attn::MistakeSummary &sum) const;
    QString settingsLine(const attn::MistakeSummary &sum) const;
    QLayout *buildChoices();
    QBoxLayout *buildSide(int k);
    void buildBottom(QBoxLayout *layout);
    void bindKeys();
    struct Side
    {
        QLabel *title = nullptr, *code = nullptr, *shapes = nullptr, *error = nullptr;
        QStackedWidget *stack = nullptr;
        QCustomPlot *plot = nullptr;
        QCPColorMap *map = nullptr;
        QCustomPlot *hullCanvas = nullptr;
        std::unique_ptr<HullPlot> hull;
        attn::HullProjection projection;
        QList<QCPItemText *> cells;
        QStringList rowSums;
        int rows = 0, cols = 0;
    };

    void recompute();
    void showSide(int k, const attn::MistakeSide &side);
    void layoutCellTexts(int k);
    void updateCaption();
    void applyFonts();
    void applyColors(); // the sides' titles in the palette's green and red

    AttentionModel *m_model;
    attn::Mistake m_mistake = attn::Mistake::NoScale;
    attn::MistakeResult m_result;
    bool m_clamped = false;
    QButtonGroup *m_group;
    QLabel *m_settings, *m_heading, *m_caption, *m_numbers;
    QPushButton *m_why, *m_train;
    std::array<Side, 2> m_sides;
    bool m_presentation = false;
    bool m_showHull = false;
    TranslatedTexts m_texts;
};
