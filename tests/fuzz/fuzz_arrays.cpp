// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: the readers of outside arrays (.npy, its text variant for tokens, CSV/TSV), with a small
// value limit so that a lying header cannot make the fuzzer allocate much. Every refusal says why; every
// array read holds exactly the values its shape says.
#include "array_io.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const char *bytes = reinterpret_cast<const char *>(data);
    constexpr std::size_t limit = std::size_t(1) << 20;
    for (const bool npy : { true, false }) {
        std::string error;
        const auto a = npy ? attn::readNpy(bytes, size, &error, limit) : attn::readCsv(bytes, size, &error, limit);
        if (!a && error.empty())
            __builtin_trap();
        if (a) {
            std::size_t count = 1;
            for (const std::int64_t n : a->shape)
                count *= std::size_t(n);
            if (count != a->data.size() || a->data.size() > limit)
                __builtin_trap();
        }
    }
    std::string error;
    const auto texts = attn::readNpyStrings(bytes, size, &error);
    if (!texts && error.empty())
        __builtin_trap();
    return 0;
}
