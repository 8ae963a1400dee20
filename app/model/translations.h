// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The window's language: English (the source) or Chinese (resources/translations), chosen at start
// and switched while running (View > Language); every window then receives QEvent::LanguageChange.

#include <QString>

class QCoreApplication;

// language: "en", "zh", or empty for the system's. Installs the program's and Qt's own
// translations on app; returns false when Chinese was asked for and could not be loaded.
bool installTranslations(QCoreApplication &app, const QString &language);

// Switches the running program to language ("en", "zh", or empty for the system's): the old translations go,
// the new ones come, and Qt sends every window a LanguageChange event. False (and English) when Chinese could
// not be loaded.
bool setInterfaceLanguage(const QString &language);

// English ↔ Chinese: the one not shown now (the key L). False when Chinese could not be loaded.
bool switchInterfaceLanguage();

// True when the Chinese interface is installed.
bool interfaceIsChinese();

// What the last install or switch asked for: "en", "zh", or empty for the system's language.
QString interfaceLanguageChoice();

// "zh" or "en": what the system's locale asks for.
QString systemLanguage();
