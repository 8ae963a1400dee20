// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/translations.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QPointer>
#include <QTranslator>

namespace {

bool g_chinese = false;
QString g_choice; // what was asked for: "en", "zh" or empty (the system's)
// The translators installed now (the program's and Qt's own), removed on a switch.
QPointer<QTranslator> g_own;
QPointer<QTranslator> g_qt;

void removeInstalled()
{
    for (QPointer<QTranslator> *t : { &g_own, &g_qt })
        if (*t) {
            QCoreApplication::removeTranslator(*t);
            delete t->data();
        }
    g_chinese = false;
}

} // namespace

QString systemLanguage()
{
    return QLocale::system().language() == QLocale::Chinese ? QStringLiteral("zh") : QStringLiteral("en");
}

bool interfaceIsChinese()
{
    return g_chinese;
}

QString interfaceLanguageChoice()
{
    return g_choice;
}

bool installTranslations(QCoreApplication &app, const QString &language)
{
    g_choice = language;
    const bool chinese = (language.isEmpty() ? systemLanguage() : language) == QLatin1String("zh");
    if (chinese == g_chinese && (g_own || !chinese))
        return true;
    removeInstalled();
    if (!chinese)
        return true;
    auto *own = new QTranslator(&app);
    if (!own->load(QStringLiteral(":/i18n/attention-viz_zh_CN.qm"))) {
        delete own;
        return false;
    }
    // Qt's own dialogs and buttons first, so that the program's texts win where both translate one.
    auto *qt = new QTranslator(&app);
    if (qt->load(QLocale(QLocale::Chinese, QLocale::China), "qtbase", "_",
            QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
        QCoreApplication::installTranslator(qt);
        g_qt = qt;
    } else {
        delete qt;
    }
    g_chinese = true; // before the LanguageChange the next line sends: the windows ask for it
    QCoreApplication::installTranslator(own);
    g_own = own;
    return true;
}

bool setInterfaceLanguage(const QString &language)
{
    QCoreApplication *app = QCoreApplication::instance();
    return app && installTranslations(*app, language);
}

bool switchInterfaceLanguage()
{
    return setInterfaceLanguage(interfaceIsChinese() ? QStringLiteral("en") : QStringLiteral("zh"));
}
