// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/data_files.h"
#include "io/npz_archive.h"

#include "io/array_files.h"
#include "io/file_kinds.h"

#include <quazip.h>

#include <QFileInfo>
#include <QRegularExpression>

namespace io {

QString roleOfFile(const QString &path)
{
    const QString stem = QFileInfo(path).completeBaseName().toLower();
    static const QRegularExpression q(QStringLiteral("(^|[_\\-. ])(q|query|queries)$")),
        k(QStringLiteral("(^|[_\\-. ])(k|key|keys)$")), v(QStringLiteral("(^|[_\\-. ])(v|value|values)$"));
    return q.match(stem).hasMatch() ? QStringLiteral("q")
        : k.match(stem).hasMatch()  ? QStringLiteral("k")
        : v.match(stem).hasMatch()  ? QStringLiteral("v")
                                    : QString();
}

std::optional<QStringList> npzEntryNames(const QString &path, QString *error)
{
    NpzArchive archive(path);
    if (!archive.open()) {
        *error = QStringLiteral("%1: not a zip archive (an .npz is one: np.savez)").arg(path);
        return std::nullopt;
    }
    QuaZip &zip = archive.zip();
    QStringList names;
    for (const QString &entry : zip.getFileNameList())
        names << (entry.endsWith(QLatin1String(".npy")) ? entry.left(entry.size() - 4) : entry);
    return names;
}

std::optional<DataFiles> classifyDataFiles(const QStringList &paths, QString *error)
{
    DataFiles files;
    if (paths.isEmpty()) {
        *error = QStringLiteral("no file chosen");
        return std::nullopt;
    }
    if (paths.size() == 1) {
        const QString &path = paths.first();
        const QString stem = QFileInfo(path).completeBaseName().toLower();
        if (suffixOf(path) == QLatin1String("npz")) {
            // Weights alone when it holds attn or weights and no q; else Q, K (V) (loading says what is missing).
            const auto names = npzEntryNames(path, error);
            if (!names)
                return std::nullopt;
            const bool hasQ = names->contains(QLatin1String("q")) || names->contains(QLatin1String("Q"));
            if (!hasQ && (names->contains(QLatin1String("attn")) || names->contains(QLatin1String("weights"))))
                files.weights = path;
            else
                files.q = path;
            return files;
        }
        if (stem.contains(QLatin1String("weights")) || stem.contains(QLatin1String("attn"))) {
            files.weights = path;
            return files;
        }
    }
    for (const QString &path : paths) {
        const QString role = roleOfFile(path);
        QString &slot = role == QLatin1String("q") ? files.q : role == QLatin1String("k") ? files.k : files.v;
        if (role.isEmpty()) { // what is wrong with the file itself comes first: the name matters only then
            QString why;
            if (!readArrayFile(path, &why)) {
                *error = why;
                return std::nullopt;
            }
            *error = QStringLiteral("%1: cannot tell whether it holds Q, K or V: name the files q, k and v (q.npy, "
                                    "query.npy, queries.csv, or ending _q, _k, _v), or save them together with "
                                    "np.savez(FILE, q=..., k=..., v=...); weights alone open from a file whose name "
                                    "holds weights or attn")
                         .arg(path);
            return std::nullopt;
        }
        if (!slot.isEmpty()) {
            *error = QStringLiteral("'%1' and '%2': both hold the same one of Q, K and V; choose one file for each")
                         .arg(slot, path);
            return std::nullopt;
        }
        slot = path;
    }
    if (files.q.isEmpty() || files.k.isEmpty()) {
        *error = QStringLiteral("Open Q and K together (and V if you have it): one .npz, or two or three files named "
                                "q, k and v");
        return std::nullopt;
    }
    return files;
}

} // namespace io
