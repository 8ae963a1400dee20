// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Arrays from outside: NumPy .npy (format versions 1.0, 2.0 and 3.0) and CSV/TSV text, read into float32 in C
// order. Everything comes from a buffer already in memory (the caller reads the file with a size limit), is
// checked before anything is allocated for it, and gives one message naming the problem. Pickled (object)
// arrays are never loaded.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace attn {

struct LoadedArray
{
    std::vector<std::int64_t> shape; // C order: the last index runs fastest
    std::vector<float> data; // product of shape values, converted to float32
    std::string dtype; // as the file gave it, e.g. "<f4", ">i8", "float text"
    std::size_t nonFinite = 0; // NaN and infinite values (kept; the caller reports them)
    std::size_t inexact = 0; // values float32 cannot hold exactly (float64 rounded, large integers)
    std::vector<std::string> columnNames; // CSV with a header row: its names (the keys' tokens), else empty
    std::vector<std::string> rowNames; // CSV whose first column is text: the row names, else empty
};

// The most values an array may have (2^28 floats = 1 GiB): the caller may pass a smaller limit.
constexpr std::size_t kMaxArrayValues = std::size_t(1) << 28;

// A .npy file's bytes. On failure returns nothing and says why in *error (e.g. "the header says 12 values
// of 4 bytes, but the file has 40 bytes of data").
std::optional<LoadedArray> readNpy(
    const char *bytes, std::size_t size, std::string *error, std::size_t maxValues = kMaxArrayValues);

// What a .npy file's header says, from the file's first bytes: a file can be checked (its shape, its dtype, its
// size) before the rest of it is read, or unpacked from an .npz.
struct NpyHeader
{
    std::string descr; // NumPy's dtype string, e.g. "<f4"
    std::vector<std::int64_t> shape;
    bool fortranOrder = false;
    std::size_t count = 0; // values
    std::size_t itemSize = 0; // bytes a value
    std::size_t dataOffset = 0; // where the data starts: the magic, the version, the header
    std::size_t dataBytes = 0; // count × itemSize: the file is dataOffset + dataBytes long
};

// The header of a numeric .npy file from its first size bytes (at least the first 12; its header whole). On
// failure nothing, the reason in *error (the one readNpy gives), and in *needed how many first bytes would be
// enough when more are needed (0 when more would not help).
std::optional<NpyHeader> readNpyHeader(const char *bytes, std::size_t size, std::string *error,
    std::size_t maxValues = kMaxArrayValues, std::size_t *needed = nullptr);
// What readNpy says when a file has dataBytes of data after a header that asks for another count.
std::string npyDataMismatch(const NpyHeader &h, std::size_t dataBytes);

// A .npy file of text (NumPy's '<U' unicode or '|S' bytes dtypes, one dimension): e.g. the tokens saved beside
// attention weights. Returned as UTF-8 strings.
std::optional<std::vector<std::string>> readNpyStrings(const char *bytes, std::size_t size, std::string *error);

// A CSV or TSV matrix (comma, tab or semicolon between cells, found from the first line): every line the same
// number of cells; an optional first line of names (when any of its cells is not a number) and an optional
// first column of names (when every line's first cell is not a number). Empty lines at the end are ignored.
// Numbers as C's strtod reads them in the "C" locale, including nan and inf. Shape (lines, cells).
std::optional<LoadedArray> readCsv(
    const char *bytes, std::size_t size, std::string *error, std::size_t maxValues = kMaxArrayValues);

// The shape as text: "(4, 5, 8)".
std::string shapeText(const std::vector<std::int64_t> &shape);

} // namespace attn
