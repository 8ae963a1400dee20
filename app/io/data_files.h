// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Which of several files chosen together (File > Open attention data, a drop, Recent data) is Q, K or V, or whether
// they are attention weights alone: from the files' names (q.npy, keys.csv, layer0_v.npy; a name holding weights or
// attn) and, for an .npz, from its entries' names, read from the archive's directory without unpacking anything.

#include <QString>
#include <QStringList>

#include <optional>

namespace io {

struct DataFiles
{
    QString q, k, v; // Q and K (and V): q may be an .npz holding them all, with k and v empty
    QString weights; // or weights alone: an .npz's attn or weights, or one array file
    bool isWeights() const { return !weights.isEmpty(); }
};

// The files' roles, or an error naming the file and saying how to name it.
std::optional<DataFiles> classifyDataFiles(const QStringList &paths, QString *error);

// Which of Q, K, V a file is from its name alone: "q", "k", "v", or empty when unclear.
QString roleOfFile(const QString &path);

// An .npz's entries as array names ("q" for q.npy), from its directory: nothing is unpacked.
std::optional<QStringList> npzEntryNames(const QString &path, QString *error);

} // namespace io
