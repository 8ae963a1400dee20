// SPDX-License-Identifier: GPL-3.0-or-later
#include "array_io.h"

#include <cctype>
#include <charconv>
#include <cmath>
#include <cstring>
#include <limits>

namespace attn {

namespace {

bool fail(std::string *error, const std::string &message)
{
    *error = message;
    return false;
}

std::uint32_t littleU32(const unsigned char *p)
{
    return std::uint32_t(p[0]) | std::uint32_t(p[1]) << 8 | std::uint32_t(p[2]) << 16 | std::uint32_t(p[3]) << 24;
}

// The value after 'key': in a Python dict literal, as its raw text up to the matching end (a quoted string
// without its quotes, a (tuple) or [list] with its brackets, or a bare word). Empty when the key is missing.
std::string dictValue(const std::string &header, const std::string &key, bool *found)
{
    *found = false;
    for (const char quote : { '\'', '"' }) {
        const std::string quoted = quote + key + quote;
        std::size_t at = header.find(quoted);
        if (at == std::string::npos)
            continue;
        at = header.find(':', at + quoted.size());
        if (at == std::string::npos)
            return {};
        ++at;
        while (at < header.size() && header[at] == ' ')
            ++at;
        if (at >= header.size())
            return {};
        *found = true;
        const char first = header[at];
        if (first == '\'' || first == '"') {
            const std::size_t end = header.find(first, at + 1);
            return end == std::string::npos ? std::string() : header.substr(at + 1, end - at - 1);
        }
        if (first == '(' || first == '[') {
            const std::size_t end = header.find(first == '(' ? ')' : ']', at);
            return end == std::string::npos ? std::string() : header.substr(at, end - at + 1);
        }
        std::size_t end = at;
        while (end < header.size() && header[end] != ',' && header[end] != '}' && header[end] != ' ')
            ++end;
        return header.substr(at, end - at);
    }
    return {};
}

// How often the header names key (in either quote): NumPy's dict takes the last of two, this reader refuses them.
int keyCount(const std::string &header, const std::string &key)
{
    int n = 0;
    for (const char quote : { '\'', '"' }) {
        const std::string quoted = quote + key + quote;
        for (std::size_t at = header.find(quoted); at != std::string::npos; at = header.find(quoted, at + 1)) {
            std::size_t after = at + quoted.size();
            while (after < header.size() && header[after] == ' ')
                ++after;
            n += after < header.size() && header[after] == ':' ? 1 : 0;
        }
    }
    return n;
}

// The header's keys named twice, said by name ("its header names 'shape' twice ..."), or empty.
std::string repeatedKey(const std::string &header)
{
    for (const char *key : { "descr", "fortran_order", "shape" })
        if (keyCount(header, key) > 1)
            return std::string("its header names '") + key
                + "' twice (NumPy would take the last, this program cannot tell which is meant): write it once";
    return {};
}

float halfToFloat(std::uint16_t h)
{
    const std::uint32_t sign = std::uint32_t(h >> 15) << 31;
    const int exponent = (h >> 10) & 0x1f;
    const std::uint32_t mantissa = h & 0x3ff;
    float value;
    if (exponent == 0)
        value = std::ldexp(float(mantissa), -24); // subnormal or zero
    else if (exponent == 31)
        value = mantissa ? std::numeric_limits<float>::quiet_NaN() : std::numeric_limits<float>::infinity();
    else
        value = std::ldexp(float(mantissa | 0x400), exponent - 25);
    return sign ? -value : value;
}

bool hostIsLittle()
{
    const std::uint16_t one = 1;
    unsigned char first = 0;
    std::memcpy(&first, &one, 1);
    return first == 1;
}

struct Dtype
{
    char kind = 0; // 'f', 'i', 'u', 'b'
    int size = 0; // bytes
    bool swap = false; // stored in the other byte order than this machine's
};

bool parseDescr(const std::string &descr, Dtype *d, std::string *error)
{
    if (descr.size() < 2)
        return fail(error, "its dtype '" + descr + "' is not one NumPy writes");
    char order = descr[0];
    std::string rest = descr.substr(1);
    if (order != '<' && order != '>' && order != '|' && order != '=') {
        order = '=';
        rest = descr;
    }
    const char kind = rest[0];
    if (kind == 'O')
        return fail(error,
            "it holds Python objects (dtype object): such arrays are pickles, which are never loaded; save numbers "
            "(e.g. np.asarray(x, dtype=np.float32))");
    int size = 0;
    const auto digits = rest.substr(1);
    const auto parsed = std::from_chars(digits.data(), digits.data() + digits.size(), size);
    const bool sizeOk = parsed.ec == std::errc() && parsed.ptr == digits.data() + digits.size();
    const bool supported = sizeOk
        && ((kind == 'f' && (size == 2 || size == 4 || size == 8))
            || ((kind == 'i' || kind == 'u') && (size == 1 || size == 2 || size == 4 || size == 8))
            || (kind == 'b' && size == 1));
    if (!supported) {
        const std::string what = kind == 'c' ? " (complex numbers)"
            : kind == 'U' || kind == 'S'     ? " (text)"
            : kind == 'M' || kind == 'm'     ? " (dates or times)"
                                             : "";
        return fail(error,
            "its dtype '" + descr + "'" + what
                + " is not supported: float16, float32, float64, integers and booleans are");
    }
    d->kind = kind;
    d->size = size;
    const bool little = order == '<' || (order == '=' && hostIsLittle()) || order == '|';
    d->swap = size > 1 && little != hostIsLittle();
    return true;
}

template <typename T> T load(const unsigned char *p, bool swap)
{
    unsigned char b[sizeof(T)];
    for (std::size_t i = 0; i < sizeof(T); ++i)
        b[i] = swap ? p[sizeof(T) - 1 - i] : p[i];
    T v;
    std::memcpy(&v, b, sizeof(T));
    return v;
}

// One value as float32, counting those float32 cannot hold exactly.
float convert(const unsigned char *p, const Dtype &d, std::size_t *inexact)
{
    const auto fromInteger = [inexact](auto v) {
        const float f = float(v);
        if (static_cast<long double>(f) != static_cast<long double>(v)) // exact for 64-bit integers on x86
            ++*inexact;
        return f;
    };
    switch (d.kind) {
    case 'f':
        if (d.size == 2)
            return halfToFloat(load<std::uint16_t>(p, d.swap));
        if (d.size == 4)
            return load<float>(p, d.swap);
        {
            const double v = load<double>(p, d.swap);
            const float f = float(v);
            if (std::isfinite(v) && double(f) != v)
                ++*inexact;
            return f;
        }
    case 'i':
        switch (d.size) {
        case 1:
            return float(load<std::int8_t>(p, false));
        case 2:
            return float(load<std::int16_t>(p, d.swap));
        case 4:
            return fromInteger(load<std::int32_t>(p, d.swap));
        default:
            return fromInteger(load<std::int64_t>(p, d.swap));
        }
    case 'u':
        switch (d.size) {
        case 1:
            return float(load<std::uint8_t>(p, false));
        case 2:
            return float(load<std::uint16_t>(p, d.swap));
        case 4:
            return fromInteger(load<std::uint32_t>(p, d.swap));
        default:
            return fromInteger(load<std::uint64_t>(p, d.swap));
        }
    default: // 'b'
        return p[0] ? 1.0f : 0.0f;
    }
}

bool parseShape(const std::string &text, std::vector<std::int64_t> *shape, std::size_t maxValues, std::string *error)
{
    if (text.size() < 2 || text.front() != '(' || text.back() != ')')
        return fail(error, "its header's shape '" + text + "' is not a tuple of sizes");
    shape->clear();
    std::size_t at = 1;
    std::size_t values = 1;
    while (at < text.size() - 1) {
        while (at < text.size() - 1 && (text[at] == ' ' || text[at] == ','))
            ++at;
        if (at >= text.size() - 1)
            break;
        std::size_t end = at;
        while (end < text.size() - 1 && text[end] != ',' && text[end] != ' ')
            ++end;
        const std::string item = text.substr(at, end - at);
        // NumPy 2 may write sizes as np.int64(5).
        const std::string digits = item.rfind("np.int", 0) == 0 && item.find('(') != std::string::npos
            ? item.substr(item.find('(') + 1, item.size() - item.find('(') - 2)
            : item;
        std::int64_t n = -1;
        const auto parsed = std::from_chars(digits.data(), digits.data() + digits.size(), n);
        if (parsed.ec != std::errc() || parsed.ptr != digits.data() + digits.size()) {
            std::string message = "its header's shape ";
            message += text;
            message += " holds '";
            message += item;
            message += "', not a size";
            return fail(error, message);
        }
        if (n < 0)
            return fail(error, "its header's shape " + text + " has a negative size");
        if (shape->size() >= 8)
            return fail(error, "its shape " + text + " has more than 8 dimensions");
        shape->push_back(n);
        if (n > 0 && values > maxValues / std::size_t(n))
            values = maxValues + 1; // beyond the limit; said below with the shape
        else
            values *= std::size_t(n);
        at = end;
    }
    if (values > maxValues)
        return fail(error,
            "its shape " + shapeText(*shape) + " has more values than the " + std::to_string(maxValues)
                + " a loaded array may have");
    return true;
}

} // namespace

std::string shapeText(const std::vector<std::int64_t> &shape)
{
    std::string t = "(";
    for (std::size_t i = 0; i < shape.size(); ++i)
        t += (i ? ", " : "") + std::to_string(shape[i]);
    return t + (shape.size() == 1 ? ",)" : ")");
}

std::optional<NpyHeader> readNpyHeader(
    const char *bytes, std::size_t size, std::string *error, std::size_t maxValues, std::size_t *needed)
{
    const auto *u = reinterpret_cast<const unsigned char *>(bytes);
    if (needed)
        *needed = 0;
    if (size == 0) {
        *error = "an empty file, not a NumPy .npy file";
        return std::nullopt;
    }
    if (size < 10 || std::memcmp(bytes, "\x93NUMPY", 6) != 0) {
        *error = "not a NumPy .npy file (it does not start with \\x93NUMPY)";
        return std::nullopt;
    }
    const int major = u[6], minor = u[7];
    if (!((major == 1 || major == 2 || major == 3) && minor == 0)) {
        *error = "its .npy format version " + std::to_string(major) + "." + std::to_string(minor)
            + " is not one of 1.0, 2.0 and 3.0";
        return std::nullopt;
    }
    const std::size_t start = major == 1 ? 10 : 12;
    if (size < start) {
        *error = "it ends inside its header";
        if (needed)
            *needed = start;
        return std::nullopt;
    }
    const std::size_t headerLength = major == 1 ? std::size_t(u[8]) | std::size_t(u[9]) << 8 : littleU32(u + 8);
    if (headerLength > size - start) {
        *error = "its header says it is " + std::to_string(headerLength) + " bytes long, but the file has "
            + std::to_string(size - start) + " bytes after the header length";
        if (needed && headerLength <= (1u << 20))
            *needed = start + headerLength;
        return std::nullopt;
    }
    if (headerLength > (1u << 20)) {
        *error = "its header is " + std::to_string(headerLength) + " bytes long (at most 1 MiB)";
        return std::nullopt;
    }
    const std::string header(bytes + start, headerLength);
    if (const std::string twice = repeatedKey(header); !twice.empty()) {
        *error = twice;
        return std::nullopt;
    }
    bool found = false;
    const std::string descr = dictValue(header, "descr", &found);
    if (!found) {
        *error = "its header has no 'descr' (the dtype)";
        return std::nullopt;
    }
    if (!descr.empty() && descr.front() == '[') {
        *error = "it is a structured array (fields " + descr.substr(0, 60) + "): save one plain numeric array per file";
        return std::nullopt;
    }
    Dtype d;
    if (!parseDescr(descr, &d, error))
        return std::nullopt;
    const std::string fortran = dictValue(header, "fortran_order", &found);
    if (!found || (fortran != "True" && fortran != "False")) {
        *error = "its header has no 'fortran_order' of True or False";
        return std::nullopt;
    }
    NpyHeader h;
    h.descr = descr;
    h.fortranOrder = fortran == "True";
    if (!parseShape(dictValue(header, "shape", &found), &h.shape, maxValues, error)) {
        if (!found)
            *error = "its header has no 'shape'";
        return std::nullopt;
    }
    h.count = 1;
    for (const std::int64_t n : h.shape)
        h.count *= std::size_t(n);
    h.itemSize = std::size_t(d.size);
    h.dataOffset = start + headerLength;
    h.dataBytes = h.count * h.itemSize;
    return h;
}

std::string npyDataMismatch(const NpyHeader &h, std::size_t dataBytes)
{
    return "its header says " + std::to_string(h.count) + " values of " + std::to_string(h.itemSize) + " bytes ("
        + std::to_string(h.dataBytes) + " bytes), but the file has " + std::to_string(dataBytes) + " bytes of data"
        + (dataBytes < h.dataBytes ? " (cut short?)" : "");
}

std::optional<LoadedArray> readNpy(const char *bytes, std::size_t size, std::string *error, std::size_t maxValues)
{
    const auto *u = reinterpret_cast<const unsigned char *>(bytes);
    const auto h = readNpyHeader(bytes, size, error, maxValues);
    if (!h)
        return std::nullopt;
    Dtype d;
    parseDescr(h->descr, &d, error); // (the header's, which has parsed)
    LoadedArray a;
    a.dtype = h->descr;
    a.shape = h->shape;
    const std::size_t count = h->count, dataBytes = size - h->dataOffset;
    if (dataBytes != h->dataBytes) {
        *error = npyDataMismatch(*h, dataBytes);
        return std::nullopt;
    }
    a.data.resize(count);
    const unsigned char *data = u + h->dataOffset;
    if (count > 0 && d.kind == 'f' && d.size == 4 && !d.swap) { // (memcpy takes no null pointer, even for 0 bytes)
        std::memcpy(a.data.data(), data, count * 4);
    } else {
        for (std::size_t k = 0; k < count; ++k)
            a.data[k] = convert(data + k * std::size_t(d.size), d, &a.inexact);
    }
    for (const float v : a.data)
        a.nonFinite += std::isfinite(v) ? 0 : 1;
    if (h->fortranOrder && a.shape.size() > 1) {
        // Stored with the first index running fastest: into C order.
        std::vector<float> c(count);
        const std::size_t n = a.shape.size();
        std::vector<std::size_t> index(n, 0), cStride(n, 1);
        for (std::size_t k = n - 1; k > 0; --k)
            cStride[k - 1] = cStride[k] * std::size_t(a.shape[k]);
        for (std::size_t f = 0; f < count; ++f) {
            std::size_t at = 0;
            for (std::size_t k = 0; k < n; ++k)
                at += index[k] * cStride[k];
            c[at] = a.data[f];
            for (std::size_t k = 0; k < n; ++k) { // the next index in Fortran order
                if (++index[k] < std::size_t(a.shape[k]))
                    break;
                index[k] = 0;
            }
        }
        a.data = std::move(c);
    }
    return a;
}

std::optional<std::vector<std::string>> readNpyStrings(const char *bytes, std::size_t size, std::string *error)
{
    const auto *u = reinterpret_cast<const unsigned char *>(bytes);
    if (size < 10 || std::memcmp(bytes, "\x93NUMPY", 6) != 0 || u[6] < 1 || u[6] > 3) {
        *error = "not a NumPy .npy file";
        return std::nullopt;
    }
    const std::size_t start = u[6] == 1 ? 10 : 12;
    const std::size_t headerLength
        = size < start ? 0 : (u[6] == 1 ? std::size_t(u[8]) | std::size_t(u[9]) << 8 : littleU32(u + 8));
    if (size < start || headerLength > size - start || headerLength > (1u << 20)) {
        *error = "its header is longer than the file";
        return std::nullopt;
    }
    const std::string header(bytes + start, headerLength);
    if (const std::string twice = repeatedKey(header); !twice.empty()) {
        *error = twice;
        return std::nullopt;
    }
    bool found = false;
    const std::string descr = dictValue(header, "descr", &found);
    std::vector<std::int64_t> shape;
    if (!parseShape(dictValue(header, "shape", &found), &shape, std::size_t(1) << 20, error))
        return std::nullopt;
    const char kind = descr.size() > 2 ? descr[1] : '\0';
    int width = 0;
    if (descr.size() > 2)
        std::from_chars(descr.data() + 2, descr.data() + descr.size(), width);
    if ((kind != 'U' && kind != 'S') || width < 1 || width > 4096 || shape.size() != 1
        || (kind == 'U' && descr[0] == '>')) {
        *error = "expected one dimension of text (dtype <U or |S), got dtype '" + descr + "' and shape "
            + shapeText(shape);
        return std::nullopt;
    }
    const std::size_t item = std::size_t(width) * (kind == 'U' ? 4 : 1), count = std::size_t(shape[0]);
    if (size - start - headerLength != item * count) {
        *error = "its header says " + std::to_string(count) + " texts of " + std::to_string(item)
            + " bytes, but the file has " + std::to_string(size - start - headerLength) + " bytes of data";
        return std::nullopt;
    }
    std::vector<std::string> out;
    const unsigned char *data = u + start + headerLength;
    for (std::size_t k = 0; k < count; ++k) {
        std::string s;
        for (int c = 0; c < width; ++c) {
            std::uint32_t cp
                = kind == 'U' ? littleU32(data + k * item + std::size_t(c) * 4) : data[k * item + std::size_t(c)];
            if (cp == 0)
                break;
            if (cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
                cp = 0xFFFD;
            if (cp < 0x80) {
                s += char(cp);
            } else if (cp < 0x800) {
                s += char(0xC0 | (cp >> 6));
                s += char(0x80 | (cp & 0x3F));
            } else if (cp < 0x10000) {
                s += char(0xE0 | (cp >> 12));
                s += char(0x80 | ((cp >> 6) & 0x3F));
                s += char(0x80 | (cp & 0x3F));
            } else {
                s += char(0xF0 | (cp >> 18));
                s += char(0x80 | ((cp >> 12) & 0x3F));
                s += char(0x80 | ((cp >> 6) & 0x3F));
                s += char(0x80 | (cp & 0x3F));
            }
        }
        out.push_back(s);
    }
    return out;
}

namespace {

std::string trimmed(const std::string &s)
{
    std::size_t b = 0, e = s.size();
    while (b < e && (s[b] == ' ' || s[b] == '\t' || s[b] == '\r'))
        ++b;
    while (e > b && (s[e - 1] == ' ' || s[e - 1] == '\t' || s[e - 1] == '\r'))
        --e;
    std::string t = s.substr(b, e - b);
    if (t.size() >= 2 && t.front() == '"' && t.back() == '"')
        t = t.substr(1, t.size() - 2);
    return t;
}

bool number(const std::string &cell, float *value)
{
    std::string s = cell;
    if (!s.empty() && s[0] == '+')
        s.erase(0, 1);
    // A decimal comma (1,5 as a spreadsheet in a German or French locale writes it: in quotes between commas, or
    // between semicolons or tabs): one comma and no point.
    if (const std::size_t comma = s.find(','); comma != std::string::npos && s.find(',', comma + 1) == std::string::npos
        && s.find('.') == std::string::npos && comma > 0 && comma + 1 < s.size()
        && std::isdigit((unsigned char)s[comma - 1]) && std::isdigit((unsigned char)s[comma + 1]))
        s[comma] = '.';
    if (s.empty())
        return false;
    double v = 0;
    const auto parsed = std::from_chars(s.data(), s.data() + s.size(), v);
    if (parsed.ec == std::errc::result_out_of_range) {
        // Beyond a double: too large (±inf, as NumPy reads 1e400) or too small (±0, as NumPy reads 1e-400), by the
        // place of the first significant digit and the exponent.
        const bool negative = s[0] == '-';
        const std::size_t e = s.find_first_of("eE");
        const std::string mantissa = s.substr(negative ? 1 : 0, e == std::string::npos ? e : e - (negative ? 1 : 0));
        long long exponent = 0;
        if (e != std::string::npos) {
            const char *from = s.data() + e + 1 + (s[e + 1] == '+' ? 1 : 0);
            std::from_chars(from, s.data() + s.size(), exponent); // (out of range: stays 0, the digits decide)
            if (exponent == 0 && s.find_first_not_of("0123456789+-", e + 1) == std::string::npos && s.size() > e + 2)
                exponent = s[e + 1] == '-' ? -1000000 : 1000000;
        }
        const std::size_t point = std::min(mantissa.find('.'), mantissa.size());
        const std::size_t firstDigit = mantissa.find_first_of("123456789");
        long long place = 0; // the first significant digit is 10^place
        if (firstDigit != std::string::npos)
            place = firstDigit < point ? (long long)(point - firstDigit) - 1 : -(long long)(firstDigit - point);
        const bool small = firstDigit == std::string::npos || place + exponent < 0;
        const float magnitude = small ? 0.0f : std::numeric_limits<float>::infinity();
        *value = negative ? -magnitude : magnitude;
        return true;
    }
    if (parsed.ec != std::errc() || parsed.ptr != s.data() + s.size())
        return false;
    *value = float(v);
    return true;
}

// A line's cells. Between ' ': runs of spaces and tabs (np.loadtxt's default whitespace). Between ',', ';' or a
// tab: one cell per separator, a cell in double quotes may hold the separator and "" for a quote (RFC 4180).
std::vector<std::string> split(const std::string &line, char separator)
{
    std::vector<std::string> cells;
    const auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\r'; };
    if (separator == ' ') {
        std::size_t at = 0;
        while (at < line.size()) {
            while (at < line.size() && blank(line[at]))
                ++at;
            if (at >= line.size())
                break;
            std::size_t end = at;
            while (end < line.size() && !blank(line[end]))
                ++end;
            cells.push_back(trimmed(line.substr(at, end - at)));
            at = end;
        }
        return cells;
    }
    std::string cell;
    bool quoted = false, wasQuoted = false;
    for (std::size_t i = 0; i <= line.size(); ++i) {
        if (i == line.size() || (!quoted && line[i] == separator)) {
            cells.push_back(wasQuoted ? cell : trimmed(cell));
            cell.clear();
            wasQuoted = false;
            continue;
        }
        const char c = line[i];
        if (quoted) {
            if (c == '"' && i + 1 < line.size() && line[i + 1] == '"')
                cell += line[++i];
            else if (c == '"')
                quoted = false;
            else
                cell += c;
        } else if (c == '"' && trimmed(cell).empty()) {
            quoted = wasQuoted = true;
            cell.clear();
        } else if (!(wasQuoted && blank(c))) {
            cell += c;
        }
    }
    return cells;
}

// Whether the line has c outside double quotes.
bool hasOutsideQuotes(const std::string &line, char c)
{
    bool quoted = false;
    for (const char x : line) {
        if (x == '"')
            quoted = !quoted;
        else if (x == c && !quoted)
            return true;
    }
    return false;
}

} // namespace

std::optional<LoadedArray> readCsv(const char *bytes, std::size_t size, std::string *error, std::size_t maxValues)
{
    std::string text(bytes, size);
    if (text.rfind("\xEF\xBB\xBF", 0) == 0)
        text.erase(0, 3); // a UTF-8 byte order mark
    if (text.find('\0') != std::string::npos) {
        *error = "it holds zero bytes: not a text file (a .npy saved under another name?)";
        return std::nullopt;
    }
    // Lines end at \n, \r\n or a lone \r (an old Mac's, or Excel's for Mac), as NumPy's universal newlines read them.
    std::vector<std::string> lines;
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t end = text.find_first_of("\r\n", start);
        lines.push_back(text.substr(start, end == std::string::npos ? std::string::npos : end - start));
        if (end == std::string::npos)
            break;
        start = end + (text[end] == '\r' && end + 1 < text.size() && text[end + 1] == '\n' ? 2 : 1);
    }
    while (!lines.empty() && trimmed(lines.back()).empty())
        lines.pop_back();
    if (lines.empty()) {
        *error = "it holds no numbers (an empty file)";
        return std::nullopt;
    }
    // Between cells: a comma or a semicolon if the first line has one (outside quotes), else tabs, unless a line
    // mixes tabs and spaces between its numbers (then any whitespace, as np.loadtxt reads a .txt).
    const std::string &first = lines.front();
    char separator = hasOutsideQuotes(first, ',') ? ',' : hasOutsideQuotes(first, ';') ? ';' : ' ';
    if (separator == ' ' && first.find('\t') != std::string::npos) {
        separator = '\t';
        for (std::size_t i = 0; i < lines.size() && separator == '\t'; ++i)
            for (const std::string &c : split(lines[i], '\t'))
                if (c.find(' ') != std::string::npos && c.front() != '"') {
                    separator = ' ';
                    break;
                }
    }
    LoadedArray a;
    a.dtype = "float text";
    std::vector<std::vector<std::string>> rows;
    rows.reserve(lines.size());
    std::size_t cells = 0;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        if (trimmed(lines[i]).empty()) {
            *error = "line " + std::to_string(i + 1) + " is empty, between lines of numbers";
            return std::nullopt;
        }
        rows.push_back(split(lines[i], separator));
        cells += rows.back().size();
        if (cells > maxValues) {
            *error = "it has more values than the " + std::to_string(maxValues) + " a loaded array may have";
            return std::nullopt;
        }
    }
    // A first line of names: none of its cells is a number (one that holds some numbers is data, and a
    // cell that is not a number there is said, not taken for a name).
    float scratch = 0;
    bool header = true;
    for (const std::string &c : rows.front())
        header = header && !number(c, &scratch);
    const std::size_t firstData = header ? 1 : 0;
    if (firstData >= rows.size()) {
        *error = "it has a line of names and no numbers under it";
        return std::nullopt;
    }
    // A first column of names: every data line's first cell is not a number.
    bool rowNames = rows.size() > firstData;
    for (std::size_t i = firstData; i < rows.size() && rowNames; ++i)
        rowNames = !number(rows[i].front(), &scratch);
    const std::size_t width = rows[firstData].size();
    for (std::size_t i = firstData; i < rows.size(); ++i)
        if (rows[i].size() != width) {
            *error = "line " + std::to_string(i + 1) + " has " + std::to_string(rows[i].size()) + " cells, line "
                + std::to_string(firstData + 1) + " has " + std::to_string(width) + " (every line needs as many)";
            return std::nullopt;
        }
    const std::size_t firstColumn = rowNames ? 1 : 0;
    if (width <= firstColumn) {
        *error = "it has names and no numbers beside them";
        return std::nullopt;
    }
    const std::size_t L = rows.size() - firstData, S = width - firstColumn;
    if (header) {
        const std::vector<std::string> &names = rows.front();
        if (names.size() != width && names.size() != S) {
            *error = "its first line has " + std::to_string(names.size()) + " names for " + std::to_string(S)
                + " columns of numbers";
            return std::nullopt;
        }
        a.columnNames.assign(names.end() - std::ptrdiff_t(S), names.end());
    }
    a.shape = { std::int64_t(L), std::int64_t(S) };
    a.data.resize(L * S);
    for (std::size_t i = 0; i < L; ++i) {
        const std::vector<std::string> &row = rows[firstData + i];
        if (rowNames)
            a.rowNames.push_back(row.front());
        for (std::size_t j = 0; j < S; ++j) {
            const std::string &cell = row[firstColumn + j];
            float v = 0;
            if (!number(cell, &v)) {
                *error = "line " + std::to_string(firstData + i + 1) + ", cell " + std::to_string(firstColumn + j + 1)
                    + (cell.empty()
                            ? std::string(" is empty (a separator too many?)")
                            : ": '" + (cell.size() > 40 ? cell.substr(0, 40) + "..." : cell) + "' is not a number");
                return std::nullopt;
            }
            a.data[i * S + j] = v;
            a.nonFinite += std::isfinite(v) ? 0 : 1;
        }
    }
    return a;
}

} // namespace attn
