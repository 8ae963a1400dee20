// SPDX-License-Identifier: GPL-3.0-or-later
// The demo's keys: every window shortcut does what Help > Keyboard shortcuts says, pressed on the
// focused widget as on a keyboard or a presentation clicker, and the result follows at once.
#include "gui_driver.h"
#include "io/scenario.h"
#include "shown_window.h"
#include "widgets/mistakes_window.h"
#include "widgets/training_window.h"

#include <QStandardPaths>
#include <QtTest>

Q_DECLARE_METATYPE(attn::Params)
Q_DECLARE_METATYPE(CompareKind)

class TestKeyboard : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void cleanup();
    void shortcuts_data();
    void shortcuts();
    void maskCycles();
    void upWithDvUnlinked();
    void focusedControlKeepsItsKeys_data();
    void focusedControlKeepsItsKeys();
    void keysComeBackWhenAWindowCloses_data();
    void keysComeBackWhenAWindowCloses();

private:
    std::unique_ptr<ShownWindow> m_shown;
    AttentionModel *m_model = nullptr;
    MainWindow *m_window = nullptr;
};

void TestKeyboard::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
}

void TestKeyboard::init()
{
    m_shown = showWindow();
    QVERIFY(m_shown);
    m_model = &m_shown->model;
    m_window = &m_shown->window;
}

void TestKeyboard::cleanup()
{
    m_shown.reset();
}

namespace {

// Where every row of shortcuts starts: the defaults with d_k = d_v = 16.
attn::Params startParams()
{
    attn::Params p;
    p.dK = p.dV = 16;
    return p;
}

} // namespace

void TestKeyboard::shortcuts_data()
{
    // The keys pressed, and everything they may change: the settings, the comparison, the lesson
    // step, the sweep and presentation mode.
    QTest::addColumn<QList<int>>("keys");
    QTest::addColumn<attn::Params>("params");
    QTest::addColumn<bool>("newSeed"); // the settings' seed must differ from the start's (R)
    QTest::addColumn<CompareKind>("compare");
    QTest::addColumn<int>("lessonStep"); // -1: no lesson open
    QTest::addColumn<bool>("sweeping");
    QTest::addColumn<bool>("presenting");

    const attn::Params start = startParams();
    attn::Params notScaled = start, overQueries = start, dk32 = start, dk8 = start, longer = start, shorter = start,
                 causal = start;
    notScaled.scaling = attn::Scaling::None;
    overQueries.softmaxDim = -2;
    dk32.dK = dk32.dV = 32;
    dk8.dK = dk8.dV = 8;
    longer.queryLength = longer.keyLength = 6;
    shorter.queryLength = shorter.keyLength = 4;
    causal.mask = attn::MaskKind::Causal;
    const attn::Params lessonStart = findPreset("qkv-basics")->scenario.params;
    const CompareKind none = CompareKind::None;

    QTest::newRow("S toggles scaling") << QList<int> { Qt::Key_S } << notScaled << false << none << -1 << false
                                       << false;
    QTest::newRow("D toggles the softmax dim")
        << QList<int> { Qt::Key_D } << overQueries << false << none << -1 << false << false;
    QTest::newRow("Up doubles d_k") << QList<int> { Qt::Key_Up } << dk32 << false << none << -1 << false << false;
    QTest::newRow("Down halves d_k") << QList<int> { Qt::Key_Down } << dk8 << false << none << -1 << false << false;
    QTest::newRow("Right lengthens") << QList<int> { Qt::Key_Right } << longer << false << none << -1 << false << false;
    QTest::newRow("Left shortens") << QList<int> { Qt::Key_Left } << shorter << false << none << -1 << false << false;
    QTest::newRow("M changes the mask") << QList<int> { Qt::Key_M } << causal << false << none << -1 << false << false;
    QTest::newRow("R draws a new seed") << QList<int> { Qt::Key_R } << start << true << none << -1 << false << false;
    QTest::newRow("Page Down steps the lesson")
        << QList<int> { Qt::Key_PageDown } << lessonStart << false << none << 0 << false << false;
    QTest::newRow("Space starts the sweep (beside the scaling comparison)")
        << QList<int> { Qt::Key_Space } << start << false << CompareKind::Scaling << -1 << true << false;
    QTest::newRow("Space again stops it") << QList<int> { Qt::Key_Space, Qt::Key_Space } << start << false
                                          << CompareKind::Scaling << -1 << false << false;
    QTest::newRow("F5 presents") << QList<int> { Qt::Key_F5 } << start << false << none << -1 << false << true;
    QTest::newRow("Esc leaves the presentation")
        << QList<int> { Qt::Key_F5, Qt::Key_Escape } << start << false << none << -1 << false << false;
    QTest::newRow("C compares the scaling")
        << QList<int> { Qt::Key_C } << start << false << CompareKind::Scaling << -1 << false << false;
    QTest::newRow("C again compares the softmax dims")
        << QList<int> { Qt::Key_C, Qt::Key_C } << start << false << CompareKind::SoftmaxDim << -1 << false << false;
    QTest::newRow("C a third time compares nothing")
        << QList<int> { Qt::Key_C, Qt::Key_C, Qt::Key_C } << start << false << none << -1 << false << false;
}

void TestKeyboard::shortcuts()
{
    QFETCH(QList<int>, keys);
    QFETCH(attn::Params, params);
    QFETCH(bool, newSeed);
    QFETCH(CompareKind, compare);
    QFETCH(int, lessonStep);
    QFETCH(bool, sweeping);
    QFETCH(bool, presenting);

    const attn::Params start = startParams();
    m_model->setParams(start);
    QVERIFY(m_window->heatmap()->plot()->hasFocus()); // where the keys go in a freshly shown window
    for (int key : keys)
        gui::pressKey(m_window, Qt::Key(key));
    attn::Params now = m_model->params();
    QCOMPARE(now.seed != start.seed, newSeed);
    now.seed = newSeed ? params.seed : now.seed; // a new seed is random: the rest must be as expected
    QCOMPARE(now, params);
    QCOMPARE(m_model->compare(), compare);
    QCOMPARE(m_window->lesson()->currentStep(), lessonStep);
    QCOMPARE(m_window->sweep()->isRunning(), sweeping);
    QCOMPARE(m_window->isPresentation(), presenting);
    QCOMPARE(m_model->result()->params, m_model->params()); // and the result follows at once
}

void TestKeyboard::maskCycles()
{
    gui::pressKey(m_window, Qt::Key_M);
    QCOMPARE(m_model->params().mask, attn::MaskKind::Causal);
    gui::pressKey(m_window, Qt::Key_M);
    QCOMPARE(m_model->params().mask, attn::MaskKind::Pad);
    QCOMPARE(m_model->params().padCount, 1);
    gui::pressKey(m_window, Qt::Key_M);
    QCOMPARE(m_model->params().mask, attn::MaskKind::None);
}

// Regression: Up once made d_v follow d_k whenever they were equal, though "= d_k" was unticked.
void TestKeyboard::upWithDvUnlinked()
{
    auto *follows = gui::find<QCheckBox>(m_window, "dv-follows-dk");
    auto *dvSpin = gui::find<QSpinBox>(m_window, "dv-spin");
    QCOMPARE(m_model->params().dK, 4);
    QCOMPARE(m_model->params().dV, 4);
    QVERIFY(follows->isChecked());
    QVERIFY(!dvSpin->isEnabled());

    QVERIFY(gui::click(follows)); // untick "= d_k": d_v keeps its value, now its own
    QVERIFY(!follows->isChecked());
    QVERIFY(!m_model->params().dvFollowsDk);
    QCOMPARE(m_model->params().dV, 4);
    QVERIFY(clickHeatmap(m_window));
    gui::pressKey(m_window, Qt::Key_Up);
    QCOMPARE(m_model->params().dK, 8);
    QCOMPARE(m_model->params().dV, 4);
    QCOMPARE(m_model->result()->params.dV, 4);
    QVERIFY(!follows->isChecked());
    QVERIFY(dvSpin->isEnabled());
    QCOMPARE(dvSpin->value(), 4);

    QVERIFY(gui::click(follows)); // tick it again: d_v follows d_k from now on
    QVERIFY(m_model->params().dvFollowsDk);
    QCOMPARE(m_model->params().dV, 8);
    QCOMPARE(m_model->result()->params.dV, 8);
    QVERIFY(!dvSpin->isEnabled());
    QCOMPARE(dvSpin->value(), 8);
}

void TestKeyboard::focusedControlKeepsItsKeys_data()
{
    QTest::addColumn<QString>("control");
    QTest::addColumn<int>("key");
    QTest::addColumn<int>("L"); // expected afterwards
    QTest::addColumn<int>("dK");
    QTest::addColumn<bool>("sweeping");
    // the defaults: L = 5, d_k = 4
    QTest::newRow("Up in the L spin box") << "len-spin" << int(Qt::Key_Up) << 6 << 4 << false;
    QTest::newRow("Down in the L spin box") << "len-spin" << int(Qt::Key_Down) << 4 << 4 << false;
    QTest::newRow("Up in the d_k spin box") << "dk-spin" << int(Qt::Key_Up) << 5 << 5 << false;
    QTest::newRow("Right on the d_k slider") << "dk-slider" << int(Qt::Key_Right) << 5 << 8 << false;
    QTest::newRow("Space on a check box") << "cell-values-check" << int(Qt::Key_Space) << 5 << 4 << false;
}

// A settings control with the keyboard focus gets the arrows (and a check box the Space bar), as in any
// program; the demo keys act again once the heatmap has the focus.
void TestKeyboard::focusedControlKeepsItsKeys()
{
    QFETCH(QString, control);
    QFETCH(int, key);
    auto *w = m_window->findChild<QWidget *>(control);
    QVERIFY(w);
    const bool cellValues = m_model->display().cellValues;
    w->setFocus(Qt::TabFocusReason); // as after Tab or a click
    QTRY_VERIFY_WITH_TIMEOUT(w->hasFocus(), gui::kPatienceMs);
    gui::pressKey(m_window, Qt::Key(key));
    m_model->waitForIdle();
    QTEST(m_model->params().queryLength, "L");
    QTEST(m_model->params().dK, "dK");
    QTEST(m_window->sweep()->isRunning(), "sweeping");
    if (control == "cell-values-check")
        QCOMPARE(m_model->display().cellValues, !cellValues); // the box was ticked by Space
    QVERIFY(clickHeatmap(m_window)); // back on the heatmap, the demo key works
    const int dK = m_model->params().dK;
    gui::pressKey(m_window, Qt::Key_Up);
    QCOMPARE(m_model->params().dK, std::min(2 * dK, 1024));
}

void TestKeyboard::keysComeBackWhenAWindowCloses_data()
{
    QTest::addColumn<int>("key"); // opens a window of its own, which takes the keys; Esc closes it
    QTest::addColumn<int>("modifiers");
    QTest::addColumn<QString>("window"); // its objectName
    QTest::newRow("T, the Training window") << int(Qt::Key_T) << 0 << "trainingWindow";
    QTest::newRow("X, the Mistakes window") << int(Qt::Key_X) << 0 << "mistakesWindow";
    QTest::newRow("P, the four steps") << int(Qt::Key_P) << 0 << "pipelineView";
    QTest::newRow("H, the hull") << int(Qt::Key_H) << 0 << "hullWindow";
    QTest::newRow("Ctrl+H, the heads") << int(Qt::Key_H) << int(Qt::ControlModifier) << "headsWindow";
}

// Issue 15's finding 10: without a window manager, after Esc closed the Training or Mistakes window no window had
// the keys, and the demo keys did nothing until a click. The main window takes them back.
void TestKeyboard::keysComeBackWhenAWindowCloses()
{
    QFETCH(int, key);
    QFETCH(int, modifiers);
    QFETCH(QString, window);
    QVERIFY(clickHeatmap(m_window));
    QVERIFY(QTest::qWaitForWindowActive(m_window));
    gui::pressKey(m_window, Qt::Key(key), Qt::KeyboardModifiers(modifiers));
    auto *opened = m_window->findChild<QWidget *>(window);
    QVERIFY(opened);
    QVERIFY(QTest::qWaitForWindowExposed(opened));
    opened->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(opened));
    QTest::keyClick(QApplication::focusWidget() ? QApplication::focusWidget() : opened, Qt::Key_Escape);
    QTRY_VERIFY_WITH_TIMEOUT(!opened->isVisible(), gui::kPatienceMs);
    QTRY_COMPARE_WITH_TIMEOUT(QApplication::activeWindow(), static_cast<QWidget *>(m_window), gui::kPatienceMs);
    gui::pressKey(m_window, Qt::Key_S); // and the demo keys answer again
    QCOMPARE(m_model->params().scaling, attn::Scaling::None);
}

QTEST_MAIN(TestKeyboard)
#include "tst_keyboard.moc"
