// SPDX-License-Identifier: GPL-3.0-or-later
#include "render/versions.h"

#include "commit.h" // ATTENTION_VIZ_COMMIT, written by the build

#include <Eigen/Core>
#include <qcustomplot.h>

#include <QtGlobal>

QStringList versionLines()
{
#if defined(__clang__)
    const QString compiler
        = QStringLiteral("clang %1.%2.%3").arg(__clang_major__).arg(__clang_minor__).arg(__clang_patchlevel__);
#elif defined(__GNUC__)
    const QString compiler = QStringLiteral("GCC %1.%2.%3").arg(__GNUC__).arg(__GNUC_MINOR__).arg(__GNUC_PATCHLEVEL__);
#else
    const QString compiler = QStringLiteral("an unknown compiler");
#endif
    return { QStringLiteral("attention-viz %1 (commit %2, built with %3)")
                 .arg(QStringLiteral(ATTENTION_VIZ_VERSION), QStringLiteral(ATTENTION_VIZ_COMMIT), compiler),
        QStringLiteral("Qt %1 (running %2), Eigen %3.%4.%5, QCustomPlot %6")
            .arg(QStringLiteral(QT_VERSION_STR), QString::fromLatin1(qVersion()))
            .arg(EIGEN_WORLD_VERSION)
            .arg(EIGEN_MAJOR_VERSION)
            .arg(EIGEN_MINOR_VERSION)
            .arg(QStringLiteral(QCUSTOMPLOT_VERSION_STR)) };
}
