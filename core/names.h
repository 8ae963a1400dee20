// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// An enum's names as one table: the name each value is written with (in --dump, scenarios, the command line) and
// the value a name is read as, from the same pairs, so that the two cannot drift apart.
//   constexpr Named<Mode> kModeNames[] = { { Mode::Projection, "projection" }, { Mode::Direct, "direct" } };
//   nameIn(kModeNames, Mode::Direct) == "direct";  parseIn(kModeNames, "direct") == Mode::Direct

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace attn {

template <typename E> struct Named
{
    E value;
    const char *name;
};

// The value's name; the first entry's when the table lacks it (no table does: tst_params_edit checks).
template <typename E, std::size_t N> std::string nameIn(const Named<E> (&table)[N], E value)
{
    for (const Named<E> &n : table)
        if (n.value == value)
            return n.name;
    return table[0].name;
}

template <typename E, std::size_t N> std::optional<E> parseIn(const Named<E> (&table)[N], const std::string &text)
{
    for (const Named<E> &n : table)
        if (text == n.name)
            return n.value;
    return std::nullopt;
}

// Every name, in the table's order (for "expected one of ..." and the codec's allowed values).
template <typename E, std::size_t N> std::vector<std::string> namesIn(const Named<E> (&table)[N])
{
    std::vector<std::string> names;
    for (const Named<E> &n : table)
        names.emplace_back(n.name);
    return names;
}

} // namespace attn
