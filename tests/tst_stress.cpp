// SPDX-License-Identifier: GPL-3.0-or-later
// The window under stress: 2000 random demo keys as fast as they can be typed, large sizes computed
// off the GUI thread in between, and the window closed in the middle of a computation. No crash, nothing
// left "computing", and at the end every view shows the final settings.
#include "gui_driver.h"
#include "shown_window.h"
#include "widgets/explanation_panel.h"

#include <QLabel>
#include <QSpinBox>
#include <QStandardPaths>
#include <QtTest>

#include <random>

class TestStress : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void randomKeys();
    void closeWhileComputing();
};

void TestStress::randomKeys()
{
    auto shown = showWindow(QSize(1280, 720));
    QVERIFY(shown);
    MainWindow &window = shown->window;
    AttentionModel &model = shown->model;
    QVERIFY(clickHeatmap(&window));
    const Qt::Key keys[] = { Qt::Key_S, Qt::Key_D, Qt::Key_Up, Qt::Key_Down, Qt::Key_Left, Qt::Key_Right, Qt::Key_M,
        Qt::Key_C, Qt::Key_R, Qt::Key_PageDown, Qt::Key_PageUp, Qt::Key_F5, Qt::Key_Escape };
    std::mt19937 rng(1130);
    std::uniform_int_distribution<int> pick(0, int(std::size(keys)) - 1);
    for (int i = 0; i < 2000; ++i) {
        if (i % 500 == 250) {
            // now and then a size that is computed off the GUI thread, overtaken by the keys that follow
            attn::Params big = model.params();
            attn::setQueryLength(big, 1500);
            model.setParams(big);
        }
        QTest::keyClick(window.heatmap()->plot(), keys[pick(rng)]);
        if (i % 100 == 0)
            QCoreApplication::processEvents();
    }
    window.waitUntilComputed();
    QVERIFY(!model.isBusy());
    QVERIFY(!window.comparison()->partner()->isBusy());
    const attn::Params &p = model.params();
    // the last result is the one asked for last, and the views show it
    QCOMPARE(model.result()->params, p);
    QCOMPARE(gui::find<QSpinBox>(&window, "len-spin")->value(), p.queryLength);
    QCOMPARE(gui::find<QSpinBox>(&window, "keys-spin")->value(), p.keyLength);
    QCOMPARE(gui::find<QSpinBox>(&window, "dk-spin")->value(), p.dK);
    QCOMPARE(gui::find<QSpinBox>(&window, "dv-spin")->value(), p.dV);
    QVERIFY(window.explanation()->shapesText().contains(
        QStringLiteral("(%1, %2, %3)").arg(p.batch).arg(p.queryLength).arg(p.keyLength)));
    if (window.comparison()->isOn()) {
        const attn::Params &q = window.comparison()->partner()->result()->params;
        QCOMPARE(q.queryLength, p.queryLength);
        if (model.compare() != CompareKind::Dk)
            QCOMPARE(q.dK, p.dK);
    }
}

// Closing (destroying) the window and its model while a large computation runs: no crash, no hang.
void TestStress::closeWhileComputing()
{
    for (int round = 0; round < 5; ++round) {
        auto shown = showWindow(QSize(1280, 720));
        QVERIFY(shown);
        attn::Params big = shown->model.params();
        attn::setQueryLength(big, 2048);
        attn::setDk(big, 256);
        shown->model.setParams(big);
        QVERIFY(shown->model.isBusy());
        if (round % 2)
            shown->window.close();
        shown.reset(); // the model waits for its worker; nothing is delivered to a destroyed view
    }
}

QTEST_MAIN(TestStress)
#include "tst_stress.moc"
