// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: scenario files (the JSON after the file is read).
#include "io/scenario.h"

#include <QJsonDocument>

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const QJsonDocument doc
        = QJsonDocument::fromJson(QByteArray::fromRawData(reinterpret_cast<const char *>(data), qsizetype(size)));
    if (!doc.isObject())
        return 0;
    QString error;
    const auto s = scenarioFromJson(doc.object(), &error);
    if (!s && error.isEmpty())
        __builtin_trap(); // every refusal names the field
    if (s) {
        // what was read writes back and reads again as the same
        QString again;
        const auto back = scenarioFromJson(scenarioToJson(*s), &again);
        if (!back || !(*back == *s))
            __builtin_trap();
    }
    return 0;
}
