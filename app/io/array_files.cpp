// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/array_files.h"
#include "io/npz_archive.h"

#include "io/bounded_read.h"
#include "io/file_kinds.h"

#include <quazip.h>
#include <quazipfile.h>

#include <QFile>
#include <QFileInfo>

#include <sys/stat.h>

#include <cerrno>
#include <cstring>
#include <new>

namespace io {

QString absentFileMessage(const QString &path)
{
    struct stat st;
    const QByteArray name = QFile::encodeName(path);
    if (::stat(name.constData(), &st) != 0) {
        const int error = errno;
        if (error == ELOOP)
            return QStringLiteral("%1: a loop of symbolic links").arg(path);
        if (error == ENOENT && ::lstat(name.constData(), &st) == 0)
            return QStringLiteral("%1: a symbolic link to '%2', which does not exist")
                .arg(path, QFileInfo(path).symLinkTarget());
        if (error != ENOENT)
            return QStringLiteral("%1: cannot be reached (%2)").arg(path, QString::fromLocal8Bit(std::strerror(error)));
    }
    return QStringLiteral("%1: no such file").arg(path);
}

namespace {

bool readable(const QString &path, QString *error)
{
    const QFileInfo info(path);
    if (!info.exists())
        *error = absentFileMessage(path);
    else if (info.isDir())
        *error = QStringLiteral("%1: is a folder, not a file").arg(path);
    else if (!info.isFile())
        *error = QStringLiteral("%1: not a regular file (a device, FIFO or socket)").arg(path);
    else if (info.size() > kMaxArrayFileBytes)
        *error = QStringLiteral("%1: %2 bytes, more than the %3 an array file may have")
                     .arg(path)
                     .arg(info.size())
                     .arg(kMaxArrayFileBytes);
    else
        return true;
    return false;
}

std::optional<QByteArray> readAll(const QString &path, QString *error)
{
    if (!readable(path, error))
        return std::nullopt;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("%1: cannot read: %2").arg(path, f.errorString());
        return std::nullopt;
    }
    bool ok = false;
    QByteArray bytes = io::readAtMost(f, kMaxArrayFileBytes, &ok); // never more, whatever the file claims
    if (!ok) {
        *error = QStringLiteral("%1: cannot read: %2").arg(path, f.errorString());
        return std::nullopt;
    }
    if (bytes.size() > kMaxArrayFileBytes) {
        *error = QStringLiteral("%1: more than the %2 bytes an array file may have").arg(path).arg(kMaxArrayFileBytes);
        return std::nullopt;
    }
    return bytes;
}

} // namespace

namespace {

std::optional<attn::LoadedArray> readArrayFileUnguarded(const QString &path, QString *error, std::size_t maxValues)
{
    if (!readable(path, error))
        return std::nullopt;
    const QString suffix = suffixOf(path);
    if (!arraySuffixes().contains(suffix)) {
        *error = QStringLiteral("%1: unknown kind of array file (use .npy, .csv, .tsv or .txt; .npz holds several)")
                     .arg(path);
        return std::nullopt;
    }
    const auto bytes = readAll(path, error);
    if (!bytes)
        return std::nullopt;
    std::string why;
    auto a = suffix == "npy" ? attn::readNpy(bytes->constData(), std::size_t(bytes->size()), &why, maxValues)
                             : attn::readCsv(bytes->constData(), std::size_t(bytes->size()), &why, maxValues);
    if (!a)
        *error = QStringLiteral("%1: %2").arg(path, QString::fromStdString(why));
    return a;
}

std::optional<NpzContents> readNpzUnguarded(const QString &path, QString *error, std::size_t maxValues)
{
    if (!readable(path, error))
        return std::nullopt;
    NpzArchive archive(path);
    if (!archive.open()) {
        *error = QStringLiteral("%1: not a zip archive (an .npz is one: np.savez)").arg(path);
        return std::nullopt;
    }
    QuaZip &zip = archive.zip();
    constexpr int maxEntries = 256;
    if (zip.getEntriesCount() > maxEntries) {
        *error = QStringLiteral("%1: %2 entries, more than the %3 an .npz of attention data may hold")
                     .arg(path)
                     .arg(zip.getEntriesCount())
                     .arg(maxEntries);
        return std::nullopt;
    }
    NpzContents out;
    std::size_t total = 0; // values in every array together
    for (bool more = zip.goToFirstFile(); more; more = zip.goToNextFile()) {
        QuaZipFileInfo64 info;
        if (!zip.getCurrentFileInfo(&info)) {
            *error = QStringLiteral("%1: cannot read its list of entries").arg(path);
            return std::nullopt;
        }
        const QString entry = info.name;
        if (!entry.endsWith(QLatin1String(".npy"))) {
            *error = QStringLiteral("%1: %2: not an .npy entry (an .npz holds .npy files)").arg(path, entry);
            return std::nullopt;
        }
        const qint64 unpacked = qint64(info.uncompressedSize);
        if (unpacked < 0 || unpacked > kMaxArrayFileBytes) {
            *error = QStringLiteral("%1: %2 unpacks to %3 bytes, more than the %4 an array may take")
                         .arg(path, entry)
                         .arg(quint64(info.uncompressedSize))
                         .arg(kMaxArrayFileBytes);
            return std::nullopt;
        }
        // What minizip cannot unpack, named (it said "cannot unpack (-103)").
        if (info.isEncrypted()) {
            *error = QStringLiteral("%1: %2 is encrypted (it needs a password); save the arrays again with np.savez")
                         .arg(path, entry);
            return std::nullopt;
        }
        if (info.method != 0 && info.method != Z_DEFLATED) {
            const QString name = info.method == 12 ? QStringLiteral("bzip2")
                : info.method == 14                ? QStringLiteral("LZMA")
                : info.method == 93                ? QStringLiteral("Zstandard")
                                                   : QStringLiteral("unknown");
            *error = QStringLiteral("%1: %2 uses compression method %3 ('%4'), which this program cannot unpack (an "
                                    ".npz is stored or deflated: np.savez, np.savez_compressed)")
                         .arg(path, entry)
                         .arg(info.method)
                         .arg(name);
            return std::nullopt;
        }
        QuaZipFile file(&zip);
        if (!file.open(QIODevice::ReadOnly)) {
            *error = QStringLiteral("%1: %2: cannot unpack (%3)").arg(path, entry).arg(file.getZipError());
            return std::nullopt;
        }
        bool ok = false;
        // Its header first: a shape the data does not match, or more values than may be read, is said before the
        // rest is unpacked (a header of (5, 4) over 2 GiB of data was unpacked whole, 9 s, before it was read).
        QByteArray bytes = io::readAtMost(file, std::min<qint64>(unpacked, 12), &ok);
        std::size_t needed = 0;
        std::string headerWhy;
        if (ok && bytes.startsWith("\x93NUMPY")
            && !attn::readNpyHeader(
                bytes.constData(), std::size_t(bytes.size()), &headerWhy, maxValues - total, &needed)
            && needed > std::size_t(bytes.size()) && qint64(needed) <= unpacked)
            bytes += io::readAtMost(file, qint64(needed) - bytes.size(), &ok);
        headerWhy.clear();
        const bool textual = bytes.contains("'descr': '<U") || bytes.contains("'descr': '>U")
            || bytes.contains("'descr': '|S") || bytes.contains("'descr': '|O");
        if (ok && !textual && bytes.startsWith("\x93NUMPY")) {
            const auto header = attn::readNpyHeader(
                bytes.constData(), std::size_t(bytes.size()), &headerWhy, maxValues - total, &needed);
            const auto claimed = static_cast<std::size_t>(unpacked); // (not negative: checked above)
            if (header && (header->dataBytes > claimed || header->dataOffset + header->dataBytes != claimed))
                headerWhy = attn::npyDataMismatch(
                    *header, std::size_t(std::max<qint64>(0, unpacked - qint64(header->dataOffset))));
            if (!headerWhy.empty() && needed == 0) {
                file.close();
                *error = QStringLiteral("%1: %2: %3").arg(path, entry, QString::fromStdString(headerWhy));
                return std::nullopt;
            }
        }
        if (ok)
            bytes += io::readAtMost(file, unpacked - bytes.size(), &ok); // never more than it says
        file.close();
        if (!ok || bytes.size() != unpacked || file.getZipError() != UNZ_OK) {
            *error = QStringLiteral("%1: %2: its data does not unpack to the %3 bytes it says (damaged?)")
                         .arg(path, entry)
                         .arg(unpacked);
            return std::nullopt;
        }
        const std::string name = entry.left(entry.size() - 4).toStdString();
        std::string why;
        const char kind = bytes.size() > 12 && bytes.contains("'descr': '<U") ? 'U'
            : bytes.contains("'descr': '|S")                                  ? 'S'
                                                                              : 'f';
        if (name == "tokens" && bytes.contains("'descr': '|O")) {
            *error = QStringLiteral("%1: tokens.npy: the words are saved as Python objects (pickles, never loaded); "
                                    "save them as text: np.array(words, dtype=str)")
                         .arg(path);
            return std::nullopt;
        }
        if (kind != 'f') {
            auto texts = attn::readNpyStrings(bytes.constData(), std::size_t(bytes.size()), &why);
            if (!texts) {
                *error = QStringLiteral("%1: %2: %3").arg(path, entry, QString::fromStdString(why));
                return std::nullopt;
            }
            out.texts[name] = std::move(*texts);
            continue;
        }
        auto a = attn::readNpy(bytes.constData(), std::size_t(bytes.size()), &why, maxValues - total);
        if (!a) {
            *error = QStringLiteral("%1: %2: %3").arg(path, entry, QString::fromStdString(why));
            return std::nullopt;
        }
        total += a->data.size();
        out.arrays[name] = std::move(*a);
    }
    if (zip.getZipError() != UNZ_OK) {
        *error = QStringLiteral("%1: a damaged zip archive").arg(path);
        return std::nullopt;
    }
    return out;
}

// What the memory a file asks for cannot give is said, not an abort (a 2 GiB array under a memory limit ended the
// program with std::bad_alloc).
template <typename Read> auto withinMemory(const QString &path, QString *error, Read read) -> decltype(read())
{
    try {
        return read();
    } catch (const std::bad_alloc &) {
        *error = QStringLiteral("%1: not enough memory to read it (%2 bytes on disk)")
                     .arg(path)
                     .arg(QFileInfo(path).size());
        return std::nullopt;
    }
}

} // namespace

std::optional<attn::LoadedArray> readArrayFile(const QString &path, QString *error, std::size_t maxValues)
{
    return withinMemory(path, error, [&] { return readArrayFileUnguarded(path, error, maxValues); });
}

std::optional<NpzContents> readNpz(const QString &path, QString *error, std::size_t maxValues)
{
    return withinMemory(path, error, [&] { return readNpzUnguarded(path, error, maxValues); });
}

std::shared_ptr<const attn::LoadedWeights> loadWeights(const QString &path, QString *error)
{
    std::string why;
    std::shared_ptr<const attn::LoadedWeights> w;
    if (suffixOf(path) == "npz") {
        auto npz = readNpz(path, error);
        if (!npz)
            return nullptr;
        auto it = npz->arrays.find("attn");
        if (it == npz->arrays.end())
            it = npz->arrays.find("weights");
        if (it == npz->arrays.end()) {
            *error = QStringLiteral("%1: holds no weights or attn array").arg(path);
            return nullptr;
        }
        w = attn::makeLoadedWeights(
            std::move(it->second), QFileInfo(path).fileName().toStdString(), &why, npz->texts["tokens"]);
    } else {
        auto a = readArrayFile(path, error);
        if (!a)
            return nullptr;
        const std::vector<std::string> names = a->columnNames.empty() ? a->rowNames : a->columnNames;
        w = attn::makeLoadedWeights(std::move(*a), QFileInfo(path).fileName().toStdString(), &why, names);
    }
    if (!w)
        *error = QStringLiteral("%1: %2").arg(path, QString::fromStdString(why));
    return w;
}

std::shared_ptr<const attn::LoadedInputs> loadInputs(
    const QString &qPath, const QString &kPath, const QString &vPath, QString *error)
{
    std::string why;
    std::shared_ptr<const attn::LoadedInputs> in;
    if (suffixOf(qPath) == "npz") {
        auto npz = readNpz(qPath, error);
        if (!npz)
            return nullptr;
        // q, k, v by name: also Q, query, queries ... (any case).
        const auto find = [&npz](std::initializer_list<const char *> names) {
            for (auto it = npz->arrays.begin(); it != npz->arrays.end(); ++it)
                for (const char *n : names)
                    if (QString::fromStdString(it->first).compare(QLatin1String(n), Qt::CaseInsensitive) == 0)
                        return it;
            return npz->arrays.end();
        };
        const auto q = find({ "q", "query", "queries" }), k = find({ "k", "key", "keys" }),
                   v = find({ "v", "value", "values" });
        if (q == npz->arrays.end() || k == npz->arrays.end()) {
            QStringList names;
            for (const auto &a : npz->arrays)
                names << QString::fromStdString(a.first);
            for (const auto &t : npz->texts)
                names << QString::fromStdString(t.first);
            const bool one = q != npz->arrays.end() || k != npz->arrays.end();
            *error = one ? QStringLiteral("%1: holds %2 but no %3: Q·Kᵀ needs both")
                               .arg(qPath, q != npz->arrays.end() ? "q" : "k", q != npz->arrays.end() ? "k" : "q")
                : npz->arrays.count("weights") || npz->arrays.count("attn")
                ? QStringLiteral("%1: holds attention weights, not q and k: --load-weights shows them as they are")
                      .arg(qPath)
                : names.isEmpty() ? QStringLiteral("%1: holds no arrays at all").arg(qPath)
                                  : QStringLiteral("%1: holds no q, k, v, weights or attn, only '%2'")
                                        .arg(qPath, names.join(QStringLiteral(", ")));
            return nullptr;
        }
        in = attn::makeLoadedInputs(q->second, k->second, v == npz->arrays.end() ? nullptr : &v->second,
            QFileInfo(qPath).fileName().toStdString(), &why, npz->texts["tokens"],
            { QFileInfo(qPath).absoluteFilePath().toStdString() });
        if (!in)
            *error = QStringLiteral("%1: %2").arg(qPath, QString::fromStdString(why));
        return in;
    }
    const auto q = readArrayFile(qPath, error);
    if (!q)
        return nullptr;
    const auto k = readArrayFile(kPath, error);
    if (!k)
        return nullptr;
    std::optional<attn::LoadedArray> v;
    if (!vPath.isEmpty() && !(v = readArrayFile(vPath, error)))
        return nullptr;
    QString source = QFileInfo(qPath).fileName() + ", " + QFileInfo(kPath).fileName();
    if (v)
        source += ", " + QFileInfo(vPath).fileName();
    // A CSV's first column of names labels the axes when queries and keys are the same words.
    const bool named = !q->rowNames.empty() && (k->rowNames.empty() || k->rowNames == q->rowNames);
    std::vector<std::string> paths { QFileInfo(qPath).absoluteFilePath().toStdString(),
        QFileInfo(kPath).absoluteFilePath().toStdString() };
    if (v)
        paths.push_back(QFileInfo(vPath).absoluteFilePath().toStdString());
    in = attn::makeLoadedInputs(*q, *k, v ? &*v : nullptr, source.toStdString(), &why,
        named ? q->rowNames : std::vector<std::string> {}, paths);
    if (!in)
        *error = QString::fromStdString(why);
    return in;
}

} // namespace io
