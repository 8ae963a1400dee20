// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: lesson files (the JSON after the file is read).
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
    const auto lesson = lessonFromJson(doc.object(), &error);
    if (!lesson && error.isEmpty())
        __builtin_trap(); // every refusal names the field
    if (lesson && lesson->steps.empty())
        __builtin_trap(); // a lesson has steps
    return 0;
}
