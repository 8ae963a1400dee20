// SPDX-License-Identifier: GPL-3.0-or-later
// The menus' shortcuts work in presentation mode too, where the menu bar is hidden: pressed as keys.
#include "model/attention_model.h"
#include "widgets/main_window.h"

#include <QApplication>
#include <QMenuBar>
#include <QMessageBox>
#include <QStandardPaths>
#include <QTimer>
#include <QtTest>

class TestMenuShortcuts : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void menuShortcutsInPresentation_data();
    void menuShortcutsInPresentation();
    void quitInPresentation();
};

void TestMenuShortcuts::menuShortcutsInPresentation_data()
{
    QTest::addColumn<bool>("presentation");
    QTest::newRow("window") << false;
    QTest::newRow("presentation") << true;
}

// F1 opens the keyboard shortcuts, with the menu bar shown or hidden.
void TestMenuShortcuts::menuShortcutsInPresentation()
{
    QFETCH(bool, presentation);
    AttentionModel model;
    MainWindow window(&model, false);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.setPresentation(presentation, false);
    QCOMPARE(window.menuBar()->isVisible(), !presentation);
    QString seen;
    QTimer::singleShot(200, [&seen] { // the dialog is modal: read it and close it
        if (auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget())) {
            seen = box->windowTitle();
            box->accept();
        }
    });
    QTest::keyClick(QApplication::focusWidget() ? QApplication::focusWidget() : &window, Qt::Key_F1);
    QTRY_COMPARE(seen, QString("Keyboard shortcuts"));
}

// Ctrl+Q closes the window in presentation mode.
void TestMenuShortcuts::quitInPresentation()
{
    AttentionModel model;
    MainWindow window(&model, false);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.setPresentation(true, false);
    QTest::keyClick(
        QApplication::focusWidget() ? QApplication::focusWidget() : &window, Qt::Key_Q, Qt::ControlModifier);
    QTRY_VERIFY(!window.isVisible());
}

QTEST_MAIN(TestMenuShortcuts)
#include "tst_menu_shortcuts.moc"
