// SPDX-License-Identifier: GPL-3.0-or-later
// The sweep (Space starts and stops it): d_k = 1, 2, 4 ... 1024 beside the scaling comparison, where
// the scaled and unscaled entropies drift apart, or L = S = 1, 2, 4 ... 4096 (View > Sweep over);
// View > Sweep speed sets the step's interval. The window runs on a fake clock (tests/support/fake_clock.h), so the
// steps the timer makes are counted exactly.
#include "fake_clock.h"
#include "gui_driver.h"
#include "lecture.h"
#include "shown_window.h"

#include <QStandardPaths>
#include <QtTest>

#include <cmath>

class TestSweep : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void cleanup();
    void animationStepsDk();

private:
    FakeClock m_clock;
    std::unique_ptr<ShownWindow> m_shown;
    AttentionModel *m_model = nullptr;
    MainWindow *m_window = nullptr;
};

void TestSweep::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
}

void TestSweep::init()
{
    m_shown = showWindow(QSize(1400, 900), m_clock);
    QVERIFY(m_shown);
    m_model = &m_shown->model;
    m_window = &m_shown->window;
}

void TestSweep::cleanup()
{
    m_shown.reset();
}

void TestSweep::animationStepsDk()
{
    m_model->setParams(lecture::block2(true));
    gui::pressKey(m_window, Qt::Key_Space);
    QVERIFY(m_window->sweep()->isRunning());
    QCOMPARE(m_model->compare(), CompareKind::Scaling); // so the two entropies can drift apart
    m_window->sweep()->step(); // one step now, as its timer would
    QCOMPARE(m_model->result()->params.dK, 128);
    QCOMPARE(m_window->comparison()->partner()->result()->params.dK, 128);
    const double scaled = m_model->result()->attention.stats.rowEntropy(0, 0);
    const double raw = m_window->comparison()->partner()->result()->attention.stats.rowEntropy(0, 0);
    QVERIFY(raw < scaled);
    QCOMPARE(m_window->heatmap()->rowEntropyBars().value(0), scaled); // the view shows the step
    for (int i = 0; i < 4; ++i)
        m_window->sweep()->step();
    QCOMPARE(m_model->params().dK, 1); // 256, 512, 1024, then round again
    QVERIFY(gui::chooseMenu(m_window, { "View", "Sweep speed", "Fast (every 0.25 s)" }));
    QCOMPARE(m_window->sweep()->interval(), 250);
    m_clock.advanceMs(249); // the timer drives it, every 250 ms from the new speed on
    QCOMPARE(m_model->params().dK, 1);
    m_clock.advanceMs(1);
    QCOMPARE(m_model->params().dK, 2);
    m_clock.advanceMs(250);
    QCOMPARE(m_model->params().dK, 4);
    gui::pressKey(m_window, Qt::Key_Space);
    QVERIFY(!m_window->sweep()->isRunning());

    // over the length instead: L = S doubles, the entropy bound ln S grows
    QVERIFY(gui::chooseMenu(m_window, { "View", "Compare", "No comparison" }));
    QCOMPARE(m_model->compare(), CompareKind::None);
    m_model->setParams(lecture::block1());
    QVERIFY(
        gui::chooseMenu(m_window, { "View", "Sweep over", "the length (L = S = 1 to 4096: entropy grows like ln S)" }));
    QVERIFY(m_window->sweep()->over() == SweepController::Over::Length);
    gui::pressKey(m_window, Qt::Key_Space);
    QVERIFY(m_window->sweep()->isRunning());
    QCOMPARE(m_model->compare(), CompareKind::None); // no comparison forced for the length
    m_window->sweep()->step();
    QCOMPARE(m_model->result()->params.queryLength, 10);
    QCOMPARE(m_model->result()->params.keyLength, 10);
    QVERIFY(std::fabs(m_model->result()->attention.stats.maxRowEntropy - std::log(10.0)) < 1e-12);
    gui::pressKey(m_window, Qt::Key_Space);
    QVERIFY(!m_window->sweep()->isRunning());
}

QTEST_MAIN(TestSweep)
#include "tst_sweep.moc"
