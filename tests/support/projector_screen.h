// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A test's main() on the offscreen platform with one screen of a 720p projector's size, 1280 × 720 (the platform's
// own is 800 × 800), and no window manager: PROJECTOR_TEST_MAIN(TestClass) in place of QTEST_MAIN.

#include <QApplication>
#include <QDir>
#include <QTemporaryFile>
#include <QtTest>

inline void useProjectorScreen(QTemporaryFile &screen)
{
    if (qgetenv("QT_QPA_PLATFORM").startsWith("offscreen") && screen.open()) {
        screen.write(R"({"screens": [{"name": "projector", "x": 0, "y": 0, "width": 1280, "height": 720,
                         "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}]})");
        screen.flush();
        qputenv("QT_QPA_PLATFORM", "offscreen:configfile=" + screen.fileName().toLocal8Bit());
    }
}

#define PROJECTOR_TEST_MAIN(TestClass)                                                                                 \
    int main(int argc, char **argv)                                                                                    \
    {                                                                                                                  \
        QTemporaryFile screen(QDir::tempPath() + "/attention-viz-screen-XXXXXX.json");                                 \
        useProjectorScreen(screen);                                                                                    \
        QApplication app(argc, argv);                                                                                  \
        TestClass test;                                                                                                \
        QTEST_SET_MAIN_SOURCE_PATH                                                                                     \
        return QTest::qExec(&test, argc, argv);                                                                        \
    }
