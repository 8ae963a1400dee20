#pragma once
// Writing files all or nothing: through QSaveFile, so a failed write leaves no partial file and an
// existing file is replaced only as a whole. "-" means standard output.

#include <QString>

#include <functional>
#include <ostream>

// Calls write with a stream onto path (or standard output for "-"), then commits.
// Returns false with *error naming the file and the reason when anything fails.
bool saveThroughStream(const QString &path, const std::function<void(std::ostream &)> &write, QString *error);
