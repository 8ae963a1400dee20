// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/caption_line.h"
#include "model/labels.h"

#include "model/translations.h"

#include <QRegularExpression>

namespace {

// Qt's line breaking breaks a decimal inside Chinese text after its point ("0." at a line's end, "35" on the next):
// a word joiner (U+2060, drawn as nothing) on each side of the point keeps the number whole.
constexpr QChar kWordJoiner(0x2060);

QString numbersKeptWhole(QString text)
{
    static const QRegularExpression point(QStringLiteral("(\\d)\\.(\\d)"));
    return text.replace(point, QStringLiteral("\\1%1.%1\\2").arg(kWordJoiner));
}

} // namespace

CaptionLine::CaptionLine(AttentionModel *model, LessonController *lesson, QWidget *parent)
    : QLabel(parent)
    , m_model(model)
    , m_lesson(lesson)
{
    setObjectName("caption");
    setWordWrap(true);
    setVisible(false);
    setStyleSheet("QLabel { background: #fff8d0; color: #202020; padding: 6px; border-radius: 4px; }");
    connect(model, &AttentionModel::captionChanged, this, &CaptionLine::update);
    connect(lesson, &LessonController::stepChanged, this, &CaptionLine::update);
    // Once the settings differ from the example's, every further change is said too (d_k 4 → 8, then 4 → 16, ...).
    const auto again = [this] {
        if (!m_model->caption().isEmpty() && !m_model->captionIsCurrent())
            update();
    };
    connect(model, &AttentionModel::paramsChanged, this, again);
    connect(model, &AttentionModel::compareChanged, this, again);
}

void CaptionLine::update()
{
    QString text = m_model->caption();
    if (!text.isEmpty() && !m_model->captionIsCurrent()) {
        // The example's text would contradict the changed picture: say what changed instead, with the values, so
        // that a step inviting a key ("press Up") answers it ("d_k 256 → 512").
        QString change = settingsChange(m_model->captionParams(), m_model->params());
        if (m_model->compare() != m_model->captionCompare())
            change = change.isEmpty() ? tr("the comparison") : tr("%1, the comparison").arg(change);
        text = tr("<i>Changed from the example: %1. Its caption spoke of the example's settings and is hidden; the "
                  "numbers below are the current ones. Page Up/Down or the Lecture menu bring the example back.</i>")
                   .arg(change.toHtmlEscaped());
    } else if (m_lesson->currentScenario()) {
        const QString title = m_lesson->title(interfaceIsChinese()).toHtmlEscaped();
        text = text.isEmpty() ? QStringLiteral("<b>%1</b>").arg(title)
                              : QStringLiteral("<b>%1</b> — %2").arg(title, text.toHtmlEscaped());
    }
    setText(numbersKeptWhole(text));
    setVisible(!text.isEmpty());
    emit changed();
}

QString CaptionLine::shownText() const
{
    return isVisible() ? QString(text()).remove(kWordJoiner) : QString();
}
