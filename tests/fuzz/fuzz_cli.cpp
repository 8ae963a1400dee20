// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: the command line. The input is split at newlines into arguments.
#include "cli/cli_options.h"

#include <QCoreApplication>

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const QString text = QString::fromUtf8(reinterpret_cast<const char *>(data), qsizetype(size));
    QStringList arguments { "attention-viz" };
    arguments << text.split('\n');
    // Any outcome is fine; a crash, hang or sanitizer report is not.
    const CliOutcome outcome = parseCommandLine(arguments, std::uint64_t(1) << 30);
    if (outcome.kind == CliOutcome::Error && outcome.text.isEmpty())
        __builtin_trap(); // every refusal says why
    return 0;
}
