#pragma once
// The command line (see README): options -> Params plus what to write. Parsing never exits;
// the caller prints the error and ends with status 2.

#include "params.h"

#include <QSize>
#include <QString>
#include <QStringList>

#include <cstdint>

struct CliRequest
{
    attn::Params params;
    QString dumpPath;       // --dump FILE, "-" for standard output
    QString screenshotPath; // --screenshot FILE
    QSize size;             // --size WxH, invalid when not given
    QString language;       // --lang: "en", "zh", or empty for the system's language
    bool paramsGiven = false; // any option that changes the computation was given

    bool opensWindow() const { return dumpPath.isEmpty() && screenshotPath.isEmpty(); }
};

struct CliOutcome
{
    enum Kind { Run, Help, Version, Error } kind = Error;
    CliRequest request; // when Run
    QString text;       // the help text, or the one-line error (without the program name)
};

// arguments[0] is the program name, as in QCoreApplication::arguments().
// memoryBudget: bytes the tensors may take (see defaultMemoryBudget).
CliOutcome parseCommandLine(const QStringList &arguments, std::uint64_t memoryBudget);

// Half of this machine's physical memory.
std::uint64_t defaultMemoryBudget();
