// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/messages.h"

#include "message_text.h"

#include <QCoreApplication>
#include <QRegularExpression>
#include <QTranslator>

namespace {

QString translateTemplate(const QString &text, const QTranslator *translator)
{
    const QByteArray source = text.toUtf8();
    const QString translated = translator ? translator->translate("Messages", source.constData())
                                          : QCoreApplication::translate("Messages", source.constData());
    return translated.isEmpty() ? text : translated;
}

// One part: its template translated, its values put back; as it is without a translation.
QString translatePart(const QString &part, const QTranslator *translator, bool *translated)
{
    if (!part.contains(' ')) // an option, a file, a field, a value
        return part;
    // Qt's JSON errors inside ours: "not valid JSON (unterminated string at byte 41)".
    static const QRegularExpression json(QStringLiteral("^not valid JSON \\((.+) at byte (\\d+)\\)$"));
    if (const auto m = json.match(part); m.hasMatch()) {
        const QString outer = translateTemplate(QStringLiteral("not valid JSON (%1 at byte %2)"), translator);
        if (outer == QLatin1String("not valid JSON (%1 at byte %2)"))
            return part;
        *translated = true;
        return QString(outer)
            .replace(QLatin1String("%1"), translateTemplate(m.captured(1), translator))
            .replace(QLatin1String("%2"), m.captured(2));
    }
    QStringList values;
    const QString text = messageTemplate(part, &values);
    const QString target = translateTemplate(text, translator);
    if (target == text)
        return part;
    *translated = true;
    static const QRegularExpression marker(QStringLiteral("%(\\d+)"));
    QString out;
    qsizetype at = 0;
    for (auto it = marker.globalMatch(target); it.hasNext();) {
        const auto m = it.next();
        out += target.mid(at, m.capturedStart() - at);
        const int n = m.captured(1).toInt();
        out += n >= 1 && n <= values.size() ? values[n - 1] : m.captured(0);
        at = m.capturedEnd();
    }
    return out + target.mid(at);
}

} // namespace

QString messageTemplate(const QString &part, QStringList *values)
{
    // Quoted values, options, shapes ((2, 3)), lists of indices (1, 3, 4 and 2 more), an archive's entries
    // (q.npy), sizes (1600x1000) and numbers, in the order they come.
    static const QRegularExpression value(
        QStringLiteral("(?<![A-Za-z])'[^']*'|--[a-z][a-z0-9-]*|\\(-?\\d+(?:, -?\\d+)+\\)|\\(\\d+,\\)"
                       "|(?<![\\w.])\\d+(?:, \\d+)+(?: and \\d+ more)?(?![\\w.])"
                       "|\\b[A-Za-z0-9_-]+\\.npy\\b|(?<![A-Za-z_\\d.-])\\d+x\\d+(?![A-Za-z_\\d])"
                       "|(?<![A-Za-z_\\d.-])-?\\d+(?:\\.\\d+)?(?:e[+-]?\\d+)?(?![A-Za-z_\\d])"));
    QString text;
    qsizetype at = 0;
    for (auto it = value.globalMatch(part); it.hasNext();) {
        const auto m = it.next();
        text += part.mid(at, m.capturedStart() - at);
        values->append(m.captured(0));
        text += QStringLiteral("%%1").arg(values->size());
        at = m.capturedEnd();
    }
    return text + part.mid(at);
}

// The parts of a message: split at ": ", except inside brackets and after a quoted JSON name ("mask": "custom").
QStringList messageParts(const QString &message)
{
    QStringList parts;
    int depth = 0;
    qsizetype start = 0;
    for (qsizetype i = 0; i < message.size(); ++i) {
        const QChar c = message[i];
        if (c == '(' || c == '[' || c == '{')
            ++depth;
        else if ((c == ')' || c == ']' || c == '}') && depth > 0)
            --depth;
        else if (c == ':' && depth == 0 && i + 1 < message.size() && message[i + 1] == ' '
            && (i == 0 || message[i - 1] != '"')) {
            parts << message.mid(start, i - start);
            start = i + 2;
            ++i;
        }
    }
    return parts << message.mid(start);
}

QString translatedMessage(const QString &english, const QTranslator *translator)
{
    const QStringList parts = messageParts(english);
    QStringList out;
    bool translated = false;
    for (const QString &part : parts)
        out << translatePart(part, translator, &translated);
    // Chinese joins its parts with the full-width colon. Every message shown passes here: control characters from a
    // file or a token are written out (attn::escapeControls).
    return QString::fromStdString(
        attn::escapeControls(out.join(translated ? QStringLiteral("：") : QStringLiteral(": ")).toStdString()));
}
