// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The window's language: English (the source) or Chinese (resources/translations).

#include <QString>

class QCoreApplication;

// language: "en", "zh", or empty for the system's. Installs the program's and Qt's own
// translations on app; returns false when Chinese was asked for and could not be loaded.
bool installTranslations(QCoreApplication &app, const QString &language);

// True when the Chinese interface was installed.
bool interfaceIsChinese();
