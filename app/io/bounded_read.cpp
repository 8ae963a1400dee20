// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/bounded_read.h"

#include <algorithm>

namespace io {

QByteArray readAtMost(QIODevice &device, qint64 maxBytes, bool *ok)
{
    constexpr qint64 kChunk = qint64(1) << 20;
    QByteArray bytes;
    *ok = true;
    while (bytes.size() <= maxBytes) {
        const qint64 want = std::min(kChunk, maxBytes + 1 - qint64(bytes.size()));
        const qsizetype before = bytes.size();
        bytes.resize(before + want);
        const qint64 got = device.read(bytes.data() + before, want);
        if (got < 0) {
            *ok = false;
            bytes.resize(before);
            break;
        }
        bytes.resize(before + got);
        if (got == 0)
            break;
    }
    return bytes;
}

} // namespace io
