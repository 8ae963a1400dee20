// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What this build is made of, for --version and Help > About: the program's version and commit, the compiler,
// and the versions of Qt (built against and running), Eigen and QCustomPlot.

#include <QStringList>

QStringList versionLines();
