// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/npz_archive.h"

#include <quazip.h>

#include <algorithm>
#include <cstring>

namespace io {

CommentlessZip::CommentlessZip(const QString &path, qint64 recordAt)
    : m_file(path)
    , m_recordAt(recordAt)
{
}

bool CommentlessZip::open(OpenMode mode)
{
    if ((mode & WriteOnly) || !m_file.open(QIODevice::ReadOnly))
        return false;
    return QIODevice::open(ReadOnly | Unbuffered);
}

void CommentlessZip::close()
{
    m_file.close();
    QIODevice::close();
}

qint64 CommentlessZip::readData(char *data, qint64 maxSize)
{
    const qint64 at = pos(), n = std::min(maxSize, size() - at);
    if (n <= 0)
        return 0;
    if (!m_file.seek(at))
        return -1;
    const qint64 got = m_file.read(data, n);
    // The record's comment length, its last two bytes, read as 0.
    for (qint64 i = std::max(at, size() - 2); i < at + got; ++i)
        data[i - at] = 0;
    return got;
}

qint64 endRecordBehindLongComment(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return -1;
    constexpr qint64 kRecord = 22, kLongestComment = 65535;
    const qint64 size = file.size(), from = std::max<qint64>(0, size - kRecord - kLongestComment);
    if (!file.seek(from))
        return -1;
    const QByteArray tail = file.read(size - from);
    if (tail.size() != size - from)
        return -1;
    for (qint64 i = tail.size() - kRecord; i >= 0; --i) {
        const auto *p = reinterpret_cast<const unsigned char *>(tail.constData() + i);
        if (std::memcmp(p, "PK\x05\x06", 4) != 0)
            continue;
        const qint64 comment = p[20] | (p[21] << 8);
        if (i + kRecord + comment == tail.size())
            return from + i;
    }
    return -1;
}

NpzArchive::NpzArchive(const QString &path)
    : m_path(path)
    , m_zip(std::make_unique<QuaZip>(path))
{
}

NpzArchive::~NpzArchive()
{
    m_zip.reset(); // (before the view it may read)
}

bool NpzArchive::open()
{
    if (m_zip->open(QuaZip::mdUnzip))
        return true;
    const qint64 record = endRecordBehindLongComment(m_path);
    if (record < 0)
        return false;
    m_view = std::make_unique<CommentlessZip>(m_path, record);
    m_zip = std::make_unique<QuaZip>(m_view.get());
    return m_zip->open(QuaZip::mdUnzip);
}

} // namespace io
