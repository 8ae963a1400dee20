// SPDX-License-Identifier: GPL-3.0-or-later
// The menus' shortcuts work in presentation mode too, where the menu bar is hidden: pressed as keys.
#include "gui_driver.h"
#include "model/attention_model.h"
#include "params_edit.h"
#include "pytorch_code.h"
#include "widgets/main_window.h"

#include <QApplication>
#include <QClipboard>
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
    void copyAsCodeAndCommand_data();
    void copyAsCodeAndCommand();
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
        if (auto *box = qobject_cast<QDialog *>(QApplication::activeModalWidget())) {
            seen = box->windowTitle();
            box->accept();
        }
    });
    QTest::keyClick(QApplication::focusWidget() ? QApplication::focusWidget() : &window, Qt::Key_F1);
    QTRY_COMPARE_WITH_TIMEOUT(seen, QString("Keyboard shortcuts"), gui::kPatienceMs);
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
    QTRY_VERIFY_WITH_TIMEOUT(!window.isVisible(), gui::kPatienceMs);
}

void TestMenuShortcuts::copyAsCodeAndCommand_data()
{
    menuShortcutsInPresentation_data();
}

// Edit > Copy as PyTorch code (Ctrl+Shift+P) and Copy as command line (Ctrl+Shift+L) copy the settings shown,
// from the menu and by their keys in presentation mode.
void TestMenuShortcuts::copyAsCodeAndCommand()
{
    QFETCH(bool, presentation);
    AttentionModel model;
    MainWindow window(&model, false);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    attn::Params p = model.params();
    attn::setDk(p, 8);
    p.mask = attn::MaskKind::Causal;
    p.seed = 11;
    model.setParams(p);
    window.setPresentation(presentation, false);
    QApplication::clipboard()->clear();
    QWidget *to = QApplication::focusWidget() ? QApplication::focusWidget() : &window;
    QTest::keyClick(to, Qt::Key_P, Qt::ControlModifier | Qt::ShiftModifier);
    const QString code = QApplication::clipboard()->text();
    QCOMPARE(code, QString::fromStdString(attn::pytorchScript(model.params())));
    QVERIFY(code.contains("torch.manual_seed(11)") && code.contains("triu(1)")
        && code.contains("d_model, d_k, d_v = 8, 8, 8"));
    QTest::keyClick(to, Qt::Key_L, Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(QApplication::clipboard()->text(), QString("attention-viz --batch 1 --d-k 8 --seed 11 --mask causal"));
    // With a comparison on screen, both sides: the scaled one and the one not scaled, each under its title.
    model.setCompare(CompareKind::Scaling);
    window.comparison()->waitUntilComputed();
    QTest::keyClick(to, Qt::Key_P, Qt::ControlModifier | Qt::ShiftModifier);
    const QString both = QApplication::clipboard()->text();
    QCOMPARE(both.count("torch.manual_seed(11)"), 2);
    QVERIFY2(both.contains("logits = scores / math.sqrt(d_k)") && both.contains("logits = scores  # not scaled"),
        qPrintable(both));
    QVERIFY(both.contains("weights_1, out_1 = weights, out") && both.contains("weights_2, out_2 = weights, out"));
    QVERIFY(both.contains(QStringLiteral("print(\"side 1: %1\")").arg(window.comparison()->mainLabel())));
}

QTEST_MAIN(TestMenuShortcuts)
#include "tst_menu_shortcuts.moc"
