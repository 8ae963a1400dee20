// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QIODevice>

namespace io {

// The device's bytes, at most maxBytes + 1 of them (one more than allowed says the file is too large), read a
// mebibyte at a time: memory grows with what the file holds, not with the limit (QIODevice::read(max) reserves
// max bytes first: 2 GiB for every array file, however small). ok is false when reading failed.
QByteArray readAtMost(QIODevice &device, qint64 maxBytes, bool *ok);

} // namespace io
