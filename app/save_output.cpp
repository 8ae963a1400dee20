#include "save_output.h"

#include <QFileInfo>
#include <QSaveFile>

#include <iostream>
#include <streambuf>

namespace {

// A std::streambuf that buffers and forwards to a QIODevice.
class DeviceBuf : public std::streambuf
{
public:
    explicit DeviceBuf(QIODevice *device) : m_device(device) { setp(m_buf, m_buf + sizeof m_buf); }
    ~DeviceBuf() override { sync(); }
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
        if (n > 0 && m_device->write(pbase(), n) != n)
            m_failed = true;
        setp(m_buf, m_buf + sizeof m_buf);
        return m_failed ? -1 : 0;
    }
    QIODevice *m_device;
    char m_buf[1 << 16];
    bool m_failed = false;
};

} // namespace

bool saveThroughStream(const QString &path, const std::function<void(std::ostream &)> &write, QString *error)
{
    if (path == "-") {
        write(std::cout);
        std::cout.flush();
        if (!std::cout) {
            *error = QStringLiteral("cannot write to standard output");
            return false;
        }
        return true;
    }
    if (QFileInfo(path).isDir()) {
        *error = QStringLiteral("'%1' is a folder, not a file").arg(path);
        return false;
    }
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        *error = QStringLiteral("cannot write '%1': %2").arg(path, file.errorString());
        return false;
    }
    bool ok = true;
    {
        DeviceBuf buf(&file);
        std::ostream out(&buf);
        write(out);
        out.flush();
        ok = !buf.failed() && out.good();
    }
    if (!ok) {
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
