// SPDX-License-Identifier: GPL-3.0-or-later
// Presentation mode (F5, Esc leaves it): larger text (by the window's height; tst_layout checks the
// sizes at 720p and 1080p), only the demo's controls, still live, and the picture can be copied from
// the keyboard with the menus hidden.
#include "gui_driver.h"
#include "shown_window.h"
#include "widgets/explanation_panel.h"

#include <QClipboard>
#include <QDockWidget>
#include <QFontInfo>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QStandardPaths>
#include <QStatusBar>
#include <QWidget>
#include <QtTest>

class TestPresentation : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void cleanup();
    void presentationEnlargesText();
    void quittingInPresentationKeepsTheWindowState();
    void f10ReachesEveryMenuInPresentation();

private:
    std::unique_ptr<ShownWindow> m_shown;
    AttentionModel *m_model = nullptr;
    MainWindow *m_window = nullptr;
};

void TestPresentation::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
}

void TestPresentation::init()
{
    m_shown = showWindow();
    QVERIFY(m_shown);
    m_model = &m_shown->model;
    m_window = &m_shown->window;
}

void TestPresentation::cleanup()
{
    m_shown.reset();
}

void TestPresentation::presentationEnlargesText()
{
    QCustomPlot *plot = m_window->heatmap()->plot();
    const QFont before = plot->axisRect(0)->axis(QCPAxis::atBottom)->tickLabelFont();
    gui::pressKey(m_window, Qt::Key_F5);
    QVERIFY(m_window->isPresentation());
    const QFont after = plot->axisRect(0)->axis(QCPAxis::atBottom)->tickLabelFont();
    QVERIFY2(after.pointSizeF() >= 1.3 * before.pointSizeF() - 0.01,
        qPrintable(QString("%1 -> %2").arg(before.pointSizeF()).arg(after.pointSizeF())));
    QVERIFY(!m_window->findChild<QDockWidget *>("settingsDock")->isVisible()); // only the demo's controls
    QVERIFY(m_window->findChild<QWidget *>("demoBar")->isVisible());
    QVERIFY(m_window->explanation()->findChild<QLabel *>("formula")->font().pointSizeF()
        >= QApplication::font().pointSizeF());
    // The numbers under the map and in its note are read from the back too (18 pixels or more); the shapes'
    // line is a short one: the shapes to check and no more (the four steps, P, show every step's).
    for (const char *name : { "statistics", "formula", "shapes" }) {
        const int px = QFontInfo(m_window->explanation()->findChild<QLabel *>(name)->font()).pixelSize();
        QVERIFY2(px >= 18, qPrintable(QStringLiteral("%1: %2 px").arg(name).arg(px)));
    }
    QVERIFY(QFontInfo(m_window->findChild<QLabel *>("heatmapNote")->font()).pixelSize() >= 18);
    QVERIFY(QFontInfo(m_window->statusBar()->font()).pixelSize() >= 18); // "Lesson step 4 of 8"
    const QString brief = m_window->explanation()->shapesText();
    QVERIFY2(m_window->explanation()->findChild<QLabel *>("shapes")->isVisible()
            && brief.startsWith(QString("scores and weights (%1, %2, %3), out (%1, %2, %4)")
                                    .arg(m_model->params().batch)
                                    .arg(m_model->params().queryLength)
                                    .arg(m_model->params().keyLength)
                                    .arg(m_model->params().dV))
            && !brief.contains("Q·Kᵀ:"),
        qPrintable(brief));
    // still live, and copying a picture works from the keyboard with the menus hidden
    gui::pressKey(m_window, Qt::Key_Up);
    QCOMPARE(m_model->result()->params.dK, 8);
    QGuiApplication::clipboard()->clear();
    gui::pressKey(m_window, Qt::Key_C, Qt::ControlModifier | Qt::ShiftModifier);
    QVERIFY(!QGuiApplication::clipboard()->image().isNull());
    gui::pressKey(m_window, Qt::Key_Escape);
    QVERIFY(!m_window->isPresentation());
    QCOMPARE(plot->axisRect(0)->axis(QCPAxis::atBottom)->tickLabelFont().pointSizeF(), before.pointSizeF());
    QVERIFY(m_window->findChild<QDockWidget *>("settingsDock")->isVisible());
    QVERIFY(m_window->explanation()->findChild<QLabel *>("shapes")->isVisible());
    QVERIFY(QFontInfo(m_window->explanation()->findChild<QLabel *>("statistics")->font()).pixelSize() < 18);
}

// Closing the window in presentation mode remembers the window, not presentation mode: the next start
// has its settings panel and no demo buttons.
void TestPresentation::quittingInPresentationKeepsTheWindowState()
{
    {
        AttentionModel model;
        MainWindow window(&model, true); // remembers its state
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        gui::pressKey(&window, Qt::Key_F5);
        QVERIFY(window.isPresentation());
        QVERIFY(!window.findChild<QDockWidget *>("settingsDock")->isVisible());
        gui::pressKey(&window, Qt::Key_Q, Qt::ControlModifier);
        QTRY_VERIFY_WITH_TIMEOUT(!window.isVisible(), gui::kPatienceMs);
    }
    AttentionModel model;
    MainWindow window(&model, true);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(!window.isPresentation());
    QVERIFY(window.findChild<QDockWidget *>("settingsDock")->isVisible());
    QVERIFY(!window.findChild<QWidget *>("demoBar")->isVisible());
}

// F10 while presenting: the hidden menu bar shows with its first menu open (so the arrows reach every menu), and
// once that menu closes the bar is hidden again, presentation mode still on.
void TestPresentation::f10ReachesEveryMenuInPresentation()
{
    gui::pressKey(m_window, Qt::Key_F5);
    QVERIFY(m_window->isPresentation());
    QVERIFY(!m_window->menuBar()->isVisible());
    gui::pressKey(m_window, Qt::Key_F10);
    QVERIFY(m_window->menuBar()->isVisible());
    QCOMPARE(m_window->menuBar()->activeAction(), m_window->menuBar()->actions().constFirst());
    QTRY_VERIFY_WITH_TIMEOUT(qobject_cast<QMenu *>(QApplication::activePopupWidget()), gui::kPatienceMs);
    QApplication::activePopupWidget()->close();
    QTRY_VERIFY_WITH_TIMEOUT(!m_window->menuBar()->isVisible(), gui::kPatienceMs);
    QVERIFY(m_window->isPresentation());
}

QTEST_MAIN(TestPresentation)
#include "tst_presentation.moc"
