// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/save_output.h"

#include <QFileInfo>
#include <QRandomGenerator>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <streambuf>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace {

bool g_stdoutWasClosed = false;

QString systemError(int err)
{
    return QString::fromLocal8Bit(std::strerror(err));
}

// A buffered std::streambuf onto a sink that takes whole blocks; the first failure sticks.
class BlockBuf : public std::streambuf
{
public:
    explicit BlockBuf(std::function<bool(const char *, std::size_t)> sink)
        : m_sink(std::move(sink))
    {
        setp(m_buf, m_buf + sizeof m_buf);
    }
    bool failed() const { return m_failed; }

protected:
    int_type overflow(int_type ch) override
    {
        if (flushBuffer() < 0)
            return traits_type::eof();
        if (!traits_type::eq_int_type(ch, traits_type::eof())) {
            *pptr() = traits_type::to_char_type(ch);
            pbump(1);
        }
        return traits_type::not_eof(ch);
    }
    int sync() override { return flushBuffer(); }

private:
    int flushBuffer()
    {
        const std::ptrdiff_t n = pptr() - pbase();
        if (n > 0 && !m_failed && !m_sink(pbase(), std::size_t(n)))
            m_failed = true;
        setp(m_buf, m_buf + sizeof m_buf);
        return m_failed ? -1 : 0;
    }
    std::function<bool(const char *, std::size_t)> m_sink;
    char m_buf[1 << 16];
    bool m_failed = false;
};

// Runs write onto buf's stream; true when every byte reached the sink.
bool writeAll(BlockBuf &buf, const std::function<void(std::ostream &)> &write)
{
    std::ostream out(&buf);
    write(out);
    out.flush();
    return !buf.failed() && out.good();
}

// write(2) until done; false with errno set on failure (a write of 0 bytes counts as ENOSPC).
bool writeFd(int fd, const char *data, std::size_t n)
{
    while (n > 0) {
        const ssize_t w = ::write(fd, data, n);
        if (w < 0) {
            if (errno == EINTR)
                continue;
            return false;
        }
        if (w == 0) {
            errno = ENOSPC;
            return false;
        }
        data += w;
        n -= std::size_t(w);
    }
    return true;
}

// Writes to an already open descriptor; *err is errno of the first failure.
bool writeToFd(int fd, const std::function<void(std::ostream &)> &write, int *err)
{
    *err = 0;
    BlockBuf buf([fd, err](const char *data, std::size_t n) {
        if (writeFd(fd, data, n))
            return true;
        *err = errno;
        return false;
    });
    const bool ok = writeAll(buf, write);
    if (!ok && *err == 0)
        *err = EIO;
    return ok;
}

bool writeStandardOutput(const std::function<void(std::ostream &)> &write, QString *error)
{
    if (g_stdoutWasClosed) {
        *error = QStringLiteral("cannot write to standard output: it is closed");
        return false;
    }
    std::fflush(stdout); // anything printed through stdio goes first
    int err = 0;
    if (!writeToFd(STDOUT_FILENO, write, &err)) {
        *error = QStringLiteral("cannot write to standard output: %1").arg(systemError(err));
        return false;
    }
    return true;
}

// A device, FIFO or socket (after following symlinks) is written where it is.
bool writeInPlace(const QString &path, const std::function<void(std::ostream &)> &write, QString *error)
{
    const QByteArray name = QFile::encodeName(path);
    const int fd = ::open(name.constData(), O_WRONLY | O_NOCTTY | O_CLOEXEC);
    if (fd < 0) {
        *error = QStringLiteral("cannot write '%1': %2").arg(path, systemError(errno));
        return false;
    }
    int err = 0;
    bool ok = writeToFd(fd, write, &err);
    if (::close(fd) != 0 && ok) {
        ok = false;
        err = errno;
    }
    if (!ok)
        *error = QStringLiteral("cannot write '%1': %2").arg(path, systemError(err));
    return ok;
}

// A temporary file beside target (".NAME.XXXXXX" in its folder), created new with the permissions a new file gets
// (0666 less the umask); -1 with errno set when none can be made.
int createTemporary(const QByteArray &target, QByteArray *temp)
{
    const qsizetype slash = target.lastIndexOf('/');
    const QByteArray folder = slash < 0 ? QByteArray(".") : target.left(slash + 1);
    const QByteArray name = slash < 0 ? target : target.mid(slash + 1);
    static const char digits[] = "abcdefghijklmnopqrstuvwxyz0123456789";
    for (int attempt = 0; attempt < 100; ++attempt) {
        QByteArray suffix(6, 'x');
        for (char &c : suffix)
            c = digits[QRandomGenerator::global()->bounded(int(sizeof digits - 1))];
        *temp = (slash < 0 ? QByteArray() : folder) + '.' + name + '.' + suffix;
        const int fd = ::open(temp->constData(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOCTTY, 0666);
        if (fd >= 0 || errno != EEXIST)
            return fd;
    }
    errno = EEXIST;
    return -1;
}

// A file written to a temporary beside its target, not yet in its place.
struct Staged
{
    QString path; // as given, for messages
    QByteArray target; // where it goes (a symlink's target)
    QByteArray temp; // where it is
};

void syncFolderOf(const QByteArray &target)
{
    // A rename on the disk (best effort: some file systems refuse to sync a folder).
    const qsizetype slash = target.lastIndexOf('/');
    const int dir = ::open(
        slash < 0 ? "." : target.left(std::max<qsizetype>(slash, 1)).constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dir >= 0) {
        [[maybe_unused]] const int synced = ::fsync(dir);
        ::close(dir);
    }
}

// A regular file, or a new one: written to a temporary beside it and checked (every byte written, flushed to the
// disk, its size what was written). On failure the temporary goes and the message gives the system's reason ("No
// space left on device"). A symlink to a regular file: its target is what will be replaced, the link stays.
bool stage(const QString &path, const std::function<void(std::ostream &)> &write, Staged *staged, QString *error)
{
    const QFileInfo info(path);
    staged->path = path;
    staged->target = QFile::encodeName(info.isSymLink() && info.exists() ? info.canonicalFilePath() : path);
    const auto fail = [&](int err) {
        *error = QStringLiteral("cannot write '%1': %2").arg(path, systemError(err));
        return false;
    };
    const int fd = createTemporary(staged->target, &staged->temp);
    if (fd < 0)
        return fail(errno);
    struct stat old
    {
    };
    if (::stat(staged->target.constData(), &old) == 0) { // the file it replaces keeps its owner (root) and permissions
        [[maybe_unused]] const int owned = ::fchown(fd, old.st_uid, old.st_gid); // (only root may give a file away)
        [[maybe_unused]] const int kept = ::fchmod(fd, old.st_mode & 07777);
    }
    int err = 0;
    qint64 written = 0;
    BlockBuf buf([fd, &err, &written](const char *data, std::size_t n) {
        if (!writeFd(fd, data, n)) {
            err = errno;
            return false;
        }
        written += qint64(n);
        return true;
    });
    bool ok = writeAll(buf, write);
    if (!ok && err == 0)
        err = EIO;
    if (ok && ::fsync(fd) != 0) { // what the disk could not take shows here at the latest
        ok = false;
        err = errno;
    }
    struct stat st
    {
    };
    if (ok && (::fstat(fd, &st) != 0 || qint64(st.st_size) != written)) {
        ok = false;
        err = errno != 0 ? errno : EIO;
    }
    if (::close(fd) != 0 && ok) {
        ok = false;
        err = errno;
    }
    if (!ok) {
        ::unlink(staged->temp.constData());
        return fail(err);
    }
    return true;
}

// What a path is: standard output, a folder (an error), a node written in place, or a file replaced as a whole.
enum class Kind { StandardOutput, Folder, InPlace, File };

Kind kindOf(const QString &path)
{
    if (path == QLatin1String("-"))
        return Kind::StandardOutput;
    struct stat st
    {
    };
    if (::stat(QFile::encodeName(path).constData(), &st) == 0) { // follows symlinks
        if (S_ISDIR(st.st_mode))
            return Kind::Folder;
        if (!S_ISREG(st.st_mode))
            return Kind::InPlace;
    }
    return Kind::File;
}

// Written at once where it cannot wait (standard output, a device); false with *staged to fill for a file.
bool writeNow(const QString &path, const std::function<void(std::ostream &)> &write, bool *done, QString *error)
{
    *done = true;
    if (path.isEmpty()) {
        *error = QStringLiteral("no file name given");
        return false;
    }
    switch (kindOf(path)) {
    case Kind::StandardOutput:
        return writeStandardOutput(write, error);
    case Kind::Folder:
        *error = QStringLiteral("'%1' is a folder, not a file").arg(path);
        return false;
    case Kind::InPlace:
        return writeInPlace(path, write, error);
    case Kind::File:
        break;
    }
    *done = false;
    return true;
}

} // namespace

bool saveThroughStream(const QString &path, const std::function<void(std::ostream &)> &write, QString *error)
{
    OutputSet outputs;
    return outputs.write(path, write, error) && outputs.commit(error);
}

bool saveBytes(const QString &path, const QByteArray &bytes, QString *error)
{
    return saveThroughStream(
        path, [&](std::ostream &out) { out.write(bytes.constData(), bytes.size()); }, error);
}

struct OutputSet::Entry
{
    Staged staged;
    QByteArray backup; // the old file while the new one takes its place
    bool existed = false;
};

OutputSet::OutputSet() = default;

OutputSet::~OutputSet()
{
    for (const Entry &e : m_entries)
        ::unlink(e.staged.temp.constData()); // (committed: gone already)
}

bool OutputSet::write(const QString &path, const std::function<void(std::ostream &)> &write, QString *error)
{
    bool done = false;
    const bool ok = writeNow(path, write, &done, error);
    if (done)
        return ok;
    Entry e;
    if (!stage(path, write, &e.staged, error))
        return false;
    m_entries.push_back(std::move(e));
    return true;
}

bool OutputSet::writeBytes(const QString &path, const QByteArray &bytes, QString *error)
{
    return write(
        path, [&](std::ostream &out) { out.write(bytes.constData(), bytes.size()); }, error);
}

bool OutputSet::commit(QString *error)
{
    // Each old file moves aside first, so that a rename failing half-way can put every one back.
    std::size_t done = 0;
    int err = 0;
    for (; done < m_entries.size(); ++done) {
        Entry &e = m_entries[done];
        e.existed = ::access(e.staged.target.constData(), F_OK) == 0;
        if (e.existed) {
            e.backup = e.staged.temp + ".old";
            if (::rename(e.staged.target.constData(), e.backup.constData()) != 0) {
                err = errno;
                break;
            }
        }
        if (::rename(e.staged.temp.constData(), e.staged.target.constData()) != 0) {
            err = errno;
            if (e.existed)
                ::rename(e.backup.constData(), e.staged.target.constData());
            break;
        }
    }
    if (done < m_entries.size()) {
        *error = QStringLiteral("cannot write '%1': %2").arg(m_entries[done].staged.path, systemError(err));
        while (done-- > 0) { // back as they were
            const Entry &e = m_entries[done];
            if (e.existed)
                ::rename(e.backup.constData(), e.staged.target.constData());
            else
                ::unlink(e.staged.target.constData());
        }
        return false;
    }
    for (const Entry &e : m_entries) {
        if (e.existed)
            ::unlink(e.backup.constData());
        syncFolderOf(e.staged.target);
    }
    m_entries.clear();
    return true;
}

bool writeOutput(
    OutputSet *outputs, const QString &path, const std::function<void(std::ostream &)> &write, QString *error)
{
    return outputs ? outputs->write(path, write, error) : saveThroughStream(path, write, error);
}

bool writeOutputBytes(OutputSet *outputs, const QString &path, const QByteArray &bytes, QString *error)
{
    return outputs ? outputs->writeBytes(path, bytes, error) : saveBytes(path, bytes, error);
}

void guardStandardStreams()
{
    for (int fd = 0; fd <= 2; ++fd) {
        if (::fcntl(fd, F_GETFD) != -1 || errno != EBADF)
            continue;
        const int opened = ::open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY);
        if (opened >= 0 && opened != fd) { // lower numbers were free too and got taken first
            ::dup2(opened, fd);
            ::close(opened);
        }
        if (fd == STDOUT_FILENO)
            g_stdoutWasClosed = true;
    }
    std::signal(SIGPIPE, SIG_IGN);
}
