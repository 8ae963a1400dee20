// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/save_output.h"

#include <QFileInfo>
#include <QSaveFile>

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

bool writeThroughSaveFile(const QString &path, const std::function<void(std::ostream &)> &write, QString *error)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        *error = QStringLiteral("cannot write '%1': %2").arg(path, file.errorString());
        return false;
    }
    BlockBuf buf([&file](const char *data, std::size_t n) { return file.write(data, qint64(n)) == qint64(n); });
    if (!writeAll(buf, write)) {
        *error = QStringLiteral("cannot write '%1': %2").arg(path, file.errorString());
        file.cancelWriting();
        return false;
    }
    if (!file.commit()) {
        *error = QStringLiteral("cannot write '%1': %2").arg(path, file.errorString());
        return false;
    }
    return true;
}

} // namespace

bool saveThroughStream(const QString &path, const std::function<void(std::ostream &)> &write, QString *error)
{
    if (path == QLatin1String("-"))
        return writeStandardOutput(write, error);
    if (path.isEmpty()) {
        *error = QStringLiteral("no file name given");
        return false;
    }
    struct stat st
    {
    };
    if (::stat(QFile::encodeName(path).constData(), &st) == 0) { // follows symlinks
        if (S_ISDIR(st.st_mode)) {
            *error = QStringLiteral("'%1' is a folder, not a file").arg(path);
            return false;
        }
        if (!S_ISREG(st.st_mode))
            return writeInPlace(path, write, error);
    }
    return writeThroughSaveFile(path, write, error);
}

bool saveBytes(const QString &path, const QByteArray &bytes, QString *error)
{
    return saveThroughStream(
        path, [&](std::ostream &out) { out.write(bytes.constData(), bytes.size()); }, error);
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
