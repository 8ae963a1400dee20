// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/file_kinds.h"

#include <QFileInfo>

namespace io {

QString suffixOf(const QString &path)
{
    return QFileInfo(path).suffix().toLower();
}

const QStringList &pictureSuffixes()
{
    static const QStringList s { "png", "jpg", "jpeg", "pdf", "svg" };
    return s;
}

const QStringList &vectorSuffixes()
{
    static const QStringList s { "pdf", "svg" };
    return s;
}

const QStringList &seriesFormats()
{
    static const QStringList s { "png", "jpg", "pdf", "svg" };
    return s;
}

const QStringList &matrixSuffixes()
{
    static const QStringList s { "csv", "npy", "json" };
    return s;
}

const QStringList &runDataSuffixes()
{
    static const QStringList s { "csv", "json" };
    return s;
}

const QStringList &arraySuffixes()
{
    static const QStringList s { "npy", "csv", "tsv", "txt" };
    return s;
}

} // namespace io
