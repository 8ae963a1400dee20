// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Writing output without silent loss. Every write is checked; a failed or short one is an error that
// names the output, never a quiet success.
//   "-"                       standard output (closed, full or broken: an error).
//   a regular file, or none   a temporary file beside it, written, flushed to the disk and its size checked,
//                             then renamed over it: a failed write (a full disk, say) leaves no partial
//                             file, an existing file is replaced only as a whole, and the message gives
//                             the system's reason ("No space left on device").
//   anything else that exists a device, a FIFO, a socket, or a symlink to one (/dev/null, /dev/stdout):
//                             written in place. Renaming over it would replace the node with a file.

#include <QByteArray>
#include <QString>

#include <functional>
#include <ostream>
#include <vector>

// Calls write with a stream onto path (see above), then commits.
// Returns false with *error naming the output and the reason when anything fails.
bool saveThroughStream(const QString &path, const std::function<void(std::ostream &)> &write, QString *error);

// saveThroughStream for bytes already made.
bool saveBytes(const QString &path, const QByteArray &bytes, QString *error);

// The outputs of one run, all or nothing: each file is written to a temporary beside it (checked as above) and
// commit() puts them all in place only when every one was written; a failure before, or a rename failing half-way,
// leaves every old file as it was and no new one (the temporaries go with the set). Standard output and devices are
// written at once: they cannot wait.
class OutputSet
{
public:
    OutputSet();
    ~OutputSet();
    OutputSet(const OutputSet &) = delete;
    OutputSet &operator=(const OutputSet &) = delete;

    bool write(const QString &path, const std::function<void(std::ostream &)> &write, QString *error);
    bool writeBytes(const QString &path, const QByteArray &bytes, QString *error);
    bool commit(QString *error);

private:
    struct Entry;
    std::vector<Entry> m_entries;
};

// Into outputs when given (put in place when the run commits them), else written and put in place at once.
bool writeOutput(
    OutputSet *outputs, const QString &path, const std::function<void(std::ostream &)> &write, QString *error);
bool writeOutputBytes(OutputSet *outputs, const QString &path, const QByteArray &bytes, QString *error);

// Call first in main(). A standard stream (0, 1, 2) that the caller closed is opened on /dev/null, so
// that no file the program opens lands on that number and receives what was meant for the stream;
// writing to a standard output that was closed is then reported as an error. SIGPIPE is ignored, so
// a broken pipe is a failed write with a message instead of a silent death.
void guardStandardStreams();
