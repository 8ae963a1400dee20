// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Attention data from files: Q, K, V from .npy, CSV/TSV or an .npz archive (q, k, v, tokens; read with QuaZip),
// into attn::LoadedInputs. Every file is read with a size limit (regular files only: a device or FIFO could be
// endless), checked before its values are allocated, and refused with one message naming the file and the
// problem.

#include "array_io.h"
#include "loaded.h"
#include "weights.h"

#include <QString>

#include <map>
#include <memory>
#include <optional>

namespace io {

// The largest file read (2 GiB: 2^28 float64 values and their header).
constexpr qint64 kMaxArrayFileBytes = qint64(1) << 31;

// Why a path that does not exist as a file cannot be read: "no such file", a symbolic link to nothing (naming its
// target), a loop of symbolic links, or a folder on the way that may not be entered (the system's reason).
QString absentFileMessage(const QString &path);

// One .npy, .csv, .tsv or .txt file as an array (by its suffix). maxValues: what the caller can hold.
std::optional<attn::LoadedArray> readArrayFile(
    const QString &path, QString *error, std::size_t maxValues = attn::kMaxArrayValues);

// The numeric arrays of an .npz archive by name ("q" for q.npy), and its text arrays (e.g. "tokens").
struct NpzContents
{
    std::map<std::string, attn::LoadedArray> arrays;
    std::map<std::string, std::vector<std::string>> texts;
};
std::optional<NpzContents> readNpz(const QString &path, QString *error, std::size_t maxValues = attn::kMaxArrayValues);

// Q and K (and V) from their files; qPath may be an .npz holding q, k (v, tokens), with kPath and vPath empty.
std::shared_ptr<const attn::LoadedInputs> loadInputs(
    const QString &qPath, const QString &kPath, const QString &vPath, QString *error);

// Attention weights alone: an .npz's weights or attn (with its tokens), or one .npy / CSV file.
std::shared_ptr<const attn::LoadedWeights> loadWeights(const QString &path, QString *error);

} // namespace io
