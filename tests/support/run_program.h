// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Runs the built attention-viz (ATTN_EXE) as a user would, and collects what it said.

#include <QProcess>
#include <QProcessEnvironment>
#include <QStringList>

struct Run
{
    int exitCode = -1;
    QByteArray out, err;
};

// headless: as on a server, with no display and no Qt platform chosen.
// environment: variables set for this run (a locale, say).
inline Run runProgram(
    const QStringList &args, bool headless = false, const QList<QPair<QString, QString>> &environment = {})
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    if (headless) {
        env.remove("DISPLAY");
        env.remove("WAYLAND_DISPLAY");
        env.remove("QT_QPA_PLATFORM");
    }
    for (const auto &[name, value] : environment)
        env.insert(name, value);
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(ATTN_EXE), args);
    if (!p.waitForFinished(120000))
        qFatal("attention-viz did not finish");
    return { p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(),
        p.readAllStandardError() };
}
