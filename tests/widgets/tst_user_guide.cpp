// SPDX-License-Identifier: GPL-3.0-or-later
// Help > User guide: the same pages in English and Chinese; every picture they show is drawn; every key they
// name (<kbd>) is a key the window answers, and every menu path (<span class="menu">) is in the window's menus,
// in the page's language; the menu opens the guide and it follows a language switch.
#include "gui_driver.h"
#include "model/attention_model.h"
#include "model/translations.h"
#include "widgets/main_window.h"
#include "widgets/user_guide.h"

#include <QListWidget>
#include <QMenuBar>
#include <QTextBrowser>

#include <QtTest>

namespace {

QString read(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

QStringList all(const QString &html, const QString &pattern)
{
    QStringList found;
    const QRegularExpression re(pattern, QRegularExpression::DotMatchesEverythingOption); // (across lines)
    for (auto it = re.globalMatch(html); it.hasNext();)
        found << it.next().captured(1);
    return found;
}

QString unescaped(QString s)
{
    return s.replace("&gt;", ">").replace("&lt;", "<").replace("&amp;", "&");
}

// A menu text as it reads: without "&" and without the "(&E)" that Chinese menus put after their text.
QString shown(const QString &text)
{
    static const QRegularExpression mnemonic(QStringLiteral("\\(&[^)]\\)"));
    QString t = text;
    t.remove(mnemonic);
    return gui::shownText(t);
}

// The action at path ("View > Compare > Scaled and not scaled") in window's menus, or null.
QAction *menuAction(QMainWindow *window, const QString &path)
{
    QList<QAction *> actions = window->menuBar()->actions();
    QAction *found = nullptr;
    for (const QString &part : path.split(" > ")) {
        found = nullptr;
        for (QAction *a : actions)
            if (!a->isSeparator() && shown(a->text()) == part.trimmed())
                found = a;
        if (!found)
            return nullptr;
        actions = found->menu() ? found->menu()->actions() : QList<QAction *>();
    }
    return found;
}

// Shows window and opens Help > User guide through its menu: the guide, or null.
UserGuide *openGuide(MainWindow *window)
{
    window->show();
    if (!QTest::qWaitForWindowExposed(window) || !gui::chooseMenu(window, { "Help", "User guide" }))
        return nullptr;
    return window->findChild<UserGuide *>();
}

} // namespace

class TestUserGuide : public QObject
{
    Q_OBJECT
private slots:
    void cleanup() { QVERIFY(setInterfaceLanguage("en")); }

    void bothLanguagesHaveTheSamePages()
    {
        const QStringList en = UserGuide::pageFiles("en"), zh = UserGuide::pageFiles("zh");
        QVERIFY(en.size() >= 9);
        QCOMPARE(zh.size(), en.size());
        const QRegularExpression cjk(QStringLiteral("[\\x{4e00}-\\x{9fff}]"));
        for (int i = 0; i < en.size(); ++i) {
            QCOMPARE(QFileInfo(zh[i]).fileName(), QFileInfo(en[i]).fileName());
            const QString e = read(en[i]), z = read(zh[i]);
            QVERIFY2(e.contains("<h2>") && z.contains("<h2>"), qPrintable(en[i]));
            QVERIFY2(!e.contains(cjk), qPrintable(en[i]));
            QVERIFY2(z.count(cjk) > 60, qPrintable(zh[i])); // written in Chinese, not left in English
            // The same pictures and the same keys, page for page.
            QCOMPARE(all(z, "src=\"guide:([a-z0-9-]+)\""), all(e, "src=\"guide:([a-z0-9-]+)\""));
            QCOMPARE(all(z, "<kbd>(.*?)</kbd>"), all(e, "<kbd>(.*?)</kbd>"));
            QCOMPARE(all(z, "class=\"menu\">").size(), all(e, "class=\"menu\">").size());
        }
    }

    void everyPictureIsDrawn()
    {
        QSet<QString> used;
        for (const QString &page : UserGuide::pageFiles("en"))
            for (const QString &name : all(read(page), "src=\"guide:([a-z0-9-]+)\""))
                used << name;
        const QStringList names = UserGuide::pictureNames();
        QCOMPARE(used, QSet<QString>(names.begin(), names.end()));
        for (const QString &name : std::as_const(used)) {
            const QImage image = UserGuide::picture(name, 1.0);
            QVERIFY2(image.width() >= 700 && image.height() >= 300, qPrintable(name));
            QSet<QRgb> colours; // a picture, not an empty page
            for (int y = 0; y < image.height(); y += 7)
                for (int x = 0; x < image.width(); x += 7)
                    colours << image.pixel(x, y);
            QVERIFY2(colours.size() > 20, qPrintable(QString("%1: %2 colours").arg(name).arg(colours.size())));
        }
        QVERIFY(UserGuide::picture("no-such-picture", 1.0).isNull());
    }

    // Every key a page names is the shortcut of one of the window's actions.
    void everyKeyIsTheWindowsKey()
    {
        AttentionModel model;
        MainWindow window(&model, false);
        QSet<QKeySequence> keys;
        for (const QAction *a : window.findChildren<QAction *>())
            for (const QKeySequence &k : a->shortcuts())
                keys << k;
        int checked = 0;
        for (const char *language : { "en", "zh" })
            for (const QString &page : UserGuide::pageFiles(language))
                for (const QString &key : all(read(page), "<kbd>(.*?)</kbd>")) {
                    const QKeySequence k = QKeySequence::fromString(key, QKeySequence::PortableText);
                    QVERIFY2(!k.isEmpty() && keys.contains(k), qPrintable(page + ": " + key));
                    ++checked;
                }
        QVERIFY(checked > 50); // both languages' keys
    }

    // Every menu path a page names is in the window's menus, in the page's language.
    void everyMenuPathExists_data()
    {
        QTest::addColumn<QString>("language");
        QTest::newRow("en") << "en";
        QTest::newRow("zh") << "zh";
    }
    void everyMenuPathExists()
    {
        QFETCH(QString, language);
        QVERIFY(setInterfaceLanguage(language));
        AttentionModel model;
        MainWindow window(&model, false);
        int checked = 0;
        for (const QString &page : UserGuide::pageFiles(language))
            for (const QString &path : all(read(page), "<span class=\"menu\">(.*?)</span>")) {
                const QString p = unescaped(path).simplified();
                QVERIFY2(menuAction(&window, p), qPrintable(page + ": " + p));
                ++checked;
            }
        QVERIFY(checked >= 20);
    }

    void theMenuOpensItAndItFollowsTheLanguage()
    {
        AttentionModel model;
        MainWindow window(&model, false);
        UserGuide *guide = openGuide(&window);
        QVERIFY(guide);
        QTRY_VERIFY_WITH_TIMEOUT(guide->isVisible(), gui::kPatienceMs);
        QCOMPARE(guide->pageCount(), int(UserGuide::pageFiles("en").size()));
        auto *list = guide->findChild<QListWidget *>("guidePages");
        QCOMPARE(list->item(0)->text(), QString("The window"));
        QVERIFY(guide->browser()->toPlainText().contains("explanation strip"));
        // The page's picture was drawn.
        const QVariant picture
            = guide->browser()->document()->resource(QTextDocument::ImageResource, QUrl("guide:window"));
        QVERIFY(!picture.value<QImage>().isNull());
        guide->showPage(4);
        QCOMPARE(guide->currentPage(), 4);
        QVERIFY(setInterfaceLanguage("zh"));
        QTRY_COMPARE_WITH_TIMEOUT(list->item(0)->text(), QString::fromUtf8("窗口"), gui::kPatienceMs);
        QCOMPARE(guide->currentPage(), 4); // the same page, now in Chinese
        QVERIFY(guide->browser()->toPlainText().contains(QString::fromUtf8("掩码")));
        QCOMPARE(guide->windowTitle(), QString::fromUtf8("attention-viz — 用户指南"));
    }

    // The pages whose picture is the example window (drawn through the event loop), switched while shown: the
    // switch waits for the picture, nothing crashes, and the page comes back in the new language.
    void switchingOnAWindowPicture()
    {
        AttentionModel model;
        MainWindow window(&model, false);
        UserGuide *guide = openGuide(&window);
        QVERIFY(guide);
        auto *list = guide->findChild<QListWidget *>("guidePages");
        for (const int page : { 0, 5 }) {
            guide->showPage(page);
            QVERIFY(setInterfaceLanguage("zh"));
            QTRY_COMPARE_WITH_TIMEOUT(list->item(0)->text(), QString::fromUtf8("窗口"), gui::kPatienceMs);
            QTRY_VERIFY_WITH_TIMEOUT(
                guide->browser()->toPlainText().contains(QRegularExpression("[\\x{4e00}-\\x{9fff}]")),
                gui::kPatienceMs);
            QCOMPARE(guide->currentPage(), page);
            QVERIFY(setInterfaceLanguage("en"));
            QTRY_COMPARE_WITH_TIMEOUT(list->item(0)->text(), QString("The window"), gui::kPatienceMs);
            QCOMPARE(guide->currentPage(), page);
        }
        // Esc closes it from within.
        guide->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(guide));
        QTest::keyClick(QApplication::focusWidget() ? QApplication::focusWidget() : guide, Qt::Key_Escape);
        QTRY_VERIFY_WITH_TIMEOUT(!guide->isVisible(), gui::kPatienceMs);
        guide->show();
        // Pages asked for quickly, one after the other, while pictures are drawn.
        for (int page = 0; page < guide->pageCount(); ++page)
            guide->showPage(page);
        QTRY_VERIFY_WITH_TIMEOUT(guide->browser()->toPlainText().contains("Undo"), gui::kPatienceMs);
    }
};

QTEST_MAIN(TestUserGuide)
#include "tst_user_guide.moc"
