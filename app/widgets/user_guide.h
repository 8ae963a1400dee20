// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Help > User guide: a short page per feature (resources/guide/en and zh, in the interface's language), each
// picture drawn when the page is first shown, by the program itself and in the language of the page: the
// lecture's examples as exported figures, the window and presentation mode as an example window grabbed
// off-screen. Menu paths (<span class="menu">) and keys (<kbd>) in the pages are the window's own: a test
// checks every one of them.

#include <QImage>
#include <QMap>
#include <QWidget>

class QListWidget;
class QTextBrowser;

class UserGuide : public QWidget
{
    Q_OBJECT
public:
    explicit UserGuide(QWidget *parent = nullptr);

    void showPage(int index);
    int pageCount() const;
    int currentPage() const;
    QTextBrowser *browser() const { return m_browser; }

    // The pages' files in order: ":/guide/en/1-window.html", ...; language "en" or "zh".
    static QStringList pageFiles(const QString &language);
    // The picture named NAME in a page (src="guide:NAME"), drawn now in the interface's language at ratio
    // device pixels per unit; null for an unknown name.
    static QImage picture(const QString &name, double ratio);
    static QStringList pictureNames();
    // picture(name), drawn once per language.
    QImage pictureFor(const QString &name);

protected:
    void changeEvent(QEvent *event) override; // a language switch: the pages in the new language

private:
    void load();

    QListWidget *m_list;
    QTextBrowser *m_browser;
    QStringList m_files;
    QMap<QString, QImage> m_pictures; // drawn once per language
    bool m_drawing = false; // a picture is being drawn (the example window runs the event loop)
    bool m_again = false; // a page or a language came meanwhile: load again after it
};
