// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// An .npz (a zip archive) opened for reading. QuaZip's minizip looks for the end of the archive's directory in its
// last 64 KiB only, so an archive whose comment is close to the 65,535 bytes zip allows (NumPy reads those) was "not
// a zip archive": such an archive is read through a view of the file that ends with the directory and says it has
// no comment.

#include <QFile>
#include <QString>

#include <memory>

class QuaZip;

namespace io {

// The file as a zip reader should see it: its bytes up to the end of the directory record, that record's comment
// length read as 0. Read-only.
class CommentlessZip : public QIODevice
{
public:
    CommentlessZip(const QString &path, qint64 recordAt);
    bool open(OpenMode mode) override;
    void close() override;
    bool isSequential() const override { return false; }
    qint64 size() const override { return m_recordAt + 22; }

protected:
    qint64 readData(char *data, qint64 maxSize) override;
    qint64 writeData(const char *, qint64) override { return -1; }

private:
    QFile m_file;
    qint64 m_recordAt; // where the end-of-directory record starts
};

// Where the end-of-directory record of the zip archive at path starts when it is followed by a comment longer than
// QuaZip can see past (its comment length then ends the file exactly); -1 otherwise.
qint64 endRecordBehindLongComment(const QString &path);

class NpzArchive
{
public:
    explicit NpzArchive(const QString &path);
    ~NpzArchive();
    // Opened for unzipping (QuaZip's way, else through CommentlessZip).
    bool open();
    QuaZip &zip() { return *m_zip; }

private:
    QString m_path;
    std::unique_ptr<CommentlessZip> m_view;
    std::unique_ptr<QuaZip> m_zip;
};

} // namespace io
