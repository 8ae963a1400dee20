// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/translations.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

namespace {
bool g_chinese = false;
}

bool interfaceIsChinese()
{
    return g_chinese;
}

bool installTranslations(QCoreApplication &app, const QString &language)
{
    const bool chinese = language.isEmpty() ? QLocale::system().language() == QLocale::Chinese : language == "zh";
    if (!chinese)
        return true;
    auto *own = new QTranslator(&app);
    if (!own->load(QStringLiteral(":/i18n/attention-viz_zh_CN.qm")))
        return false;
    app.installTranslator(own);
    g_chinese = true;
    // Qt's own dialogs and buttons; optional (qt6-translations-l10n).
    auto *qt = new QTranslator(&app);
    if (qt->load(QLocale(QLocale::Chinese, QLocale::China), "qtbase", "_",
            QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        app.installTranslator(qt);
    else
        delete qt;
    return true;
}
