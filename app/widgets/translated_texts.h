// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Texts that follow the interface language. A window adds each text as the code that sets it: it runs at
// once, and again when the language is switched (the window's changeEvent calls retranslate() on
// QEvent::LanguageChange), so a text is written in one place only.

#include <functional>
#include <utility>
#include <vector>

class TranslatedTexts
{
public:
    void add(std::function<void()> set)
    {
        set();
        m_setters.push_back(std::move(set));
    }
    void retranslate() const
    {
        for (const auto &set : m_setters)
            set();
    }

private:
    std::vector<std::function<void()>> m_setters;
};
