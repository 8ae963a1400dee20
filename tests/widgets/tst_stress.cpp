// SPDX-License-Identifier: GPL-3.0-or-later
// The window under stress: 2000 random demo keys as fast as they can be typed, large sizes computed
// off the GUI thread in between; 1500 random events on the settings' own widgets (keys in spin boxes,
// sliders and combo boxes, typed numbers good and bad, clicks on check boxes and radio buttons); and
// the window closed in the middle of a computation. No crash, nothing left "computing", and at the end
// every view shows the final settings.
#include "gui_driver.h"
#include "shown_window.h"
#include "widgets/explanation_panel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QRadioButton>
#include <QSlider>
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
    void randomWidgetEvents();
    void closeWhileComputing();
};

// How many random keys and widget events: thousands in the release build (CI runs this test there too); under the
// sanitizers, where each takes some five times as long, a third of them (the same paths). The window is closed while
// computing 2048 queries against as many keys, under the sanitizers 1024 (still computing when closed, as the test
// checks).
#ifdef ATTN_SANITIZED
constexpr int kKeys = 700, kWidgetEvents = 500, kBigLength = 1024;
#else
constexpr int kKeys = 2000, kWidgetEvents = 1500, kBigLength = 2048;
#endif

// After a burst: nothing computing, the result is the one asked for last, and the views show it.
void checkSettled(MainWindow &window, AttentionModel &model)
{
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
    for (int i = 0; i < kKeys; ++i) {
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
    checkSettled(window, model);
}

// Random events on the settings' widgets themselves, as fast as they come: arrow keys and Page Up/Down in
// spin boxes and sliders, numbers typed (in range, out of range, negative, not numbers) and confirmed,
// the arrow keys in combo boxes, mouse clicks on check boxes and radio buttons. Sizes are kept below
// 16 million weights (a student would wait; the test would too) by typing 1 into the batch box.
void TestStress::randomWidgetEvents()
{
    auto shown = showWindow(QSize(1280, 720));
    QVERIFY(shown);
    MainWindow &window = shown->window;
    AttentionModel &model = shown->model;
    QWidget *settings = gui::find<QSpinBox>(&window, "len-spin")->parentWidget();
    while (settings->parentWidget() && !settings->findChild<QComboBox *>())
        settings = settings->parentWidget();
    QList<QWidget *> controls;
    for (QWidget *w : settings->findChildren<QWidget *>())
        if (qobject_cast<QAbstractSpinBox *>(w) || qobject_cast<QSlider *>(w) || qobject_cast<QComboBox *>(w)
            || qobject_cast<QCheckBox *>(w) || qobject_cast<QRadioButton *>(w)
            || (qobject_cast<QLineEdit *>(w) && w->objectName() == "seed-edit"))
            controls << w;
    QVERIFY2(controls.size() >= 15, qPrintable(QString::number(controls.size())));
    std::mt19937 rng(1201);
    const auto below = [&rng](int n) { return std::uniform_int_distribution<int>(0, n - 1)(rng); };
    const QStringList typed { "1", "2", "3", "5", "8", "16", "64", "300", "1500", "0", "-1", "x", "", "0.5", "1e9" };
    const Qt::Key moves[] = { Qt::Key_Up, Qt::Key_Down, Qt::Key_PageUp, Qt::Key_PageDown, Qt::Key_Home, Qt::Key_End };
    int events = 0, changes = 0, displays = 0;
    QObject::connect(&model, &AttentionModel::paramsChanged, [&changes] { ++changes; });
    QObject::connect(&model, &AttentionModel::displayChanged, [&displays] { ++displays; });
    for (int i = 0; i < kWidgetEvents; ++i) {
        QWidget *w = controls[below(int(controls.size()))];
        if (!w->isVisible() || !w->isEnabled())
            continue;
        ++events;
        if (auto *b = qobject_cast<QAbstractButton *>(w)) {
            QTest::mouseClick(b, Qt::LeftButton, {}, QPoint(6, b->height() / 2));
        } else if (qobject_cast<QAbstractSpinBox *>(w) || qobject_cast<QLineEdit *>(w)) {
            w->setFocus();
            if (below(2)) {
                QTest::keyClick(w, Qt::Key_A, Qt::ControlModifier);
                QTest::keyClicks(w, typed[below(int(typed.size()))]);
                QTest::keyClick(w, Qt::Key_Return);
            } else {
                QTest::keyClick(w, moves[below(2)]);
            }
        } else {
            w->setFocus();
            QTest::keyClick(w, moves[below(int(std::size(moves)))]);
        }
        const attn::Params &p = model.params();
        if (double(p.batch) * p.queryLength * p.keyLength > 16e6) {
            auto *batch = gui::find<QSpinBox>(&window, "batch-spin");
            batch->setFocus();
            QTest::keyClick(batch, Qt::Key_A, Qt::ControlModifier);
            QTest::keyClicks(batch, "1");
            QTest::keyClick(batch, Qt::Key_Return);
        }
        if (i % 50 == 0)
            QCoreApplication::processEvents();
    }
    // the events reached the settings: hundreds of changes, of the numbers and of the view (of 1500 events: over
    // 1000 on shown controls, 300 changes of the settings and 20 of the view; as many in proportion under the
    // sanitizers)
    qInfo() << events << "events on" << controls.size() << "controls:" << changes << "settings changes," << displays
            << "view changes";
    QVERIFY2(events > kWidgetEvents * 2 / 3 && changes > kWidgetEvents / 5 && displays > kWidgetEvents / 75,
        qPrintable(QString("%1 events, %2 changes, %3 view changes").arg(events).arg(changes).arg(displays)));
    checkSettled(window, model);
}

// Closing (destroying) the window and its model while a large computation runs: no crash, no hang.
void TestStress::closeWhileComputing()
{
    for (int round = 0; round < 5; ++round) {
        auto shown = showWindow(QSize(1280, 720));
        QVERIFY(shown);
        attn::Params big = shown->model.params();
        attn::setQueryLength(big, kBigLength);
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
