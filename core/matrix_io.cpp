// SPDX-License-Identifier: GPL-3.0-or-later
#include "matrix_io.h"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <regex>
#include <sstream>

namespace attn {

void writeCsv(std::ostream &out, const Eigen::Ref<const MatrixRM> &m)
{
    char buf[32];
    for (Eigen::Index i = 0; i < m.rows(); ++i) {
        for (Eigen::Index j = 0; j < m.cols(); ++j) {
            const float v = m(i, j);
            if (std::isnan(v))
                std::strcpy(buf, "nan");
            else if (std::isinf(v))
                std::strcpy(buf, v > 0 ? "inf" : "-inf");
            else
                std::snprintf(buf, sizeof buf, "%.9g", double(v));
            if (j)
                out << ',';
            out << buf;
        }
        out << '\n';
    }
}

namespace {

bool littleEndian()
{
    const std::uint16_t one = 1;
    unsigned char b;
    std::memcpy(&b, &one, 1);
    return b == 1;
}

} // namespace

void writeNpy(std::ostream &out, const Tensor3 &t)
{
    std::ostringstream h;
    h << "{'descr': '<f4', 'fortran_order': False, 'shape': (" << t.batch << ", " << t.rows << ", " << t.cols << "), }";
    std::string header = h.str();
    // magic (6) + version (2) + length (2) + header, padded with spaces to a multiple of 64, ending in '\n'
    const std::size_t total = 10 + header.size() + 1;
    header.append((64 - total % 64) % 64, ' ');
    header += '\n';
    out.write("\x93NUMPY\x01\x00", 8);
    const std::uint16_t len = std::uint16_t(header.size());
    const char lenBytes[2] = { char(len & 0xff), char(len >> 8) };
    out.write(lenBytes, 2);
    out << header;
    if (littleEndian()) {
        out.write(reinterpret_cast<const char *>(t.data.data()), std::streamsize(t.data.size() * sizeof(float)));
    } else {
        for (float v : t.data) {
            char b[4];
            std::memcpy(b, &v, 4);
            std::swap(b[0], b[3]);
            std::swap(b[1], b[2]);
            out.write(b, 4);
        }
    }
}

std::optional<NpyArray> readNpy(std::istream &in, std::string *error)
{
    char magic[10];
    if (!in.read(magic, 10) || std::memcmp(magic, "\x93NUMPY\x01\x00", 8) != 0) {
        *error = "not a version 1.0 .npy file";
        return std::nullopt;
    }
    const std::size_t len
        = std::size_t(static_cast<unsigned char>(magic[8])) | std::size_t(static_cast<unsigned char>(magic[9])) << 8;
    std::string header(len, '\0');
    if (!in.read(header.data(), std::streamsize(len))) {
        *error = "truncated header";
        return std::nullopt;
    }
    if (header.find("'descr': '<f4'") == std::string::npos
        || header.find("'fortran_order': False") == std::string::npos) {
        *error = "not little-endian float32 in C order";
        return std::nullopt;
    }
    std::smatch m;
    if (!std::regex_search(header, m, std::regex("'shape': \\(([0-9, ]*)\\)"))) {
        *error = "no shape in header";
        return std::nullopt;
    }
    NpyArray a;
    std::size_t count = 1;
    const std::string dims = m[1];
    const std::regex number("[0-9]+");
    for (std::sregex_iterator it(dims.begin(), dims.end(), number), end; it != end; ++it) {
        a.shape.push_back(std::stoull(it->str()));
        count *= a.shape.back();
    }
    a.data.resize(count);
    if (!in.read(reinterpret_cast<char *>(a.data.data()), std::streamsize(count * sizeof(float)))) {
        *error = "truncated data";
        return std::nullopt;
    }
    return a;
}

} // namespace attn
