// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The core writes its messages (warnings, notes) in English; a writer of them may be given how to put one in the
// interface's language (the application's translation; none: as they are).

#include <functional>
#include <string>

namespace attn {

using MessageText = std::function<std::string(const std::string &)>;

inline std::string messageIn(const MessageText &text, const std::string &english)
{
    return text ? text(english) : english;
}

} // namespace attn
