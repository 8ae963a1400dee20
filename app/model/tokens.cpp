// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/tokens.h"

namespace {

bool standsAlone(QChar c, char32_t code)
{
    if (c.isPunct() || c.isSymbol())
        return true;
    switch (QChar::script(code)) {
    case QChar::Script_Han:
    case QChar::Script_Hiragana:
    case QChar::Script_Katakana:
    case QChar::Script_Hangul:
        return true;
    default:
        return false;
    }
}

} // namespace

QStringList splitTokens(const QString &sentence)
{
    QStringList tokens;
    QString word;
    auto flush = [&] {
        if (!word.isEmpty())
            tokens << word;
        word.clear();
    };
    const QList<uint> codes = sentence.toUcs4();
    for (uint code : codes) {
        const QString ch = QString::fromUcs4(reinterpret_cast<const char32_t *>(&code), 1);
        const QChar first = ch.at(0);
        if (QChar::isSpace(code)) {
            flush();
        } else if (standsAlone(first, code)) {
            flush();
            tokens << ch;
        } else {
            word += ch;
        }
    }
    flush();
    return tokens;
}

std::vector<std::string> toStdTokens(const QStringList &tokens)
{
    std::vector<std::string> v;
    for (const QString &t : tokens)
        v.push_back(t.toStdString());
    return v;
}

QStringList fromStdTokens(const std::vector<std::string> &tokens)
{
    QStringList l;
    for (const std::string &t : tokens)
        l << QString::fromStdString(t);
    return l;
}
