// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The core writes its messages (warnings, notes) in English; a writer of them may be given how to put one in the
// interface's language (the application's translation; none: as they are).

#include <functional>
#include <string>

namespace attn {

using MessageText = std::function<std::string(const std::string &)>;

// text with its control characters written out (ESC as \x1b, a carriage return as \r, a C1 control as \u0085; a
// newline and a tab kept), so that a message quoting a file or a token cannot move the terminal's cursor, change its
// colours, ring its bell or split itself over two lines.
inline std::string escapeControls(const std::string &text)
{
    static const char *const hex = "0123456789abcdef";
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c == '\r') {
            out += "\\r";
        } else if ((c < 0x20 && c != '\n' && c != '\t') || c == 0x7f) {
            out += "\\x";
            out += hex[c >> 4];
            out += hex[c & 15];
        } else if (c == 0xc2 && i + 1 < text.size() && static_cast<unsigned char>(text[i + 1]) >= 0x80
            && static_cast<unsigned char>(text[i + 1]) <= 0x9f) { // U+0080 to U+009F in UTF-8
            const auto d = static_cast<unsigned char>(text[++i]);
            out += "\\u00";
            out += hex[d >> 4];
            out += hex[d & 15];
        } else {
            out += char(c);
        }
    }
    return out;
}

inline std::string messageIn(const MessageText &text, const std::string &english)
{
    return text ? text(english) : english;
}

} // namespace attn
