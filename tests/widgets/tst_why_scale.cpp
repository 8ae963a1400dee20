// SPDX-License-Identifier: GPL-3.0-or-later
// The "Why scale?" window (View > Why scale?, key W): it sweeps off the GUI thread when opened, draws
// core's numbers, marks the main window's d_k and sets it when a d_k is clicked, sweeps again when
// S, T, the scaling or the main window's seed change (250 ms after the last of a run of changes, on a fake clock),
// can be cancelled, and exports plots and numbers.
#include "fake_clock.h"
#include "gui_driver.h"
#include "lecture.h"
#include "params_edit.h"
#include "render/plot_style.h"
#include "render/sweep_plot.h"
#include "shown_window.h"
#include "widgets/export_dialog.h"
#include "widgets/why_scale_window.h"

#include <QCheckBox>
#include <QComboBox>
#include <QImage>
#include <QLabel>
#include <QProcess>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

class TestWhyScale : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void init();
    void cleanup() { m_shown.reset(); }
    void keyOpensItAndItSweeps();
    void marksAndSetsTheMainDk();
    void settingsSweepAgain();
    void changesCloseTogetherSweepOnce();
    void cancelStopsIt();
    void exportsPlotsAndNumbers();
    void exportButtonOpensTheExportDialog();
    void histogramsOfTheMainScores();
    void histogramColoursAndBlock1sVariance();

private:
    WhyScaleWindow *why() { return m_shown->window.whyScale(); }
    std::unique_ptr<ShownWindow> m_shown;
};

void TestWhyScale::init()
{
    m_shown = showWindow();
    QVERIFY(m_shown);
    attn::Params p = m_shown->model.params();
    p.mode = attn::Mode::Direct;
    p.dK = p.dV = 64;
    m_shown->model.setParams(p);
    QVERIFY(clickHeatmap(&m_shown->window));
}

// W opens it; the sweep runs and what it draws is core's sweep for those settings.
void TestWhyScale::keyOpensItAndItSweeps()
{
    QVERIFY(!why()->isVisible());
    gui::pressKey(&m_shown->window, Qt::Key_W);
    QVERIFY(why()->isVisible());
    QTRY_VERIFY_WITH_TIMEOUT(why()->result().has_value(), gui::kPatienceMs);
    const attn::SweepResult &r = *why()->result();
    QCOMPARE(int(r.settings.dks.size()), 11);
    const auto expected = attn::runSweep(why()->settings());
    QVERIFY(expected);
    QCOMPARE(r.unscaled.entropy.mean, expected->unscaled.entropy.mean);
    QCPGraph *unscaledEntropy = why()->sweepPlot()->meanGraph(0, 1);
    QCOMPARE(unscaledEntropy->dataCount(), 11);
    QCOMPARE(unscaledEntropy->data()->at(10)->value, r.unscaled.entropy.mean[10]);
    QVERIFY(why()->statusText().contains("not scaled"));
    QVERIFY(gui::reactivate(why()));
    gui::pressKey(why(), Qt::Key_W); // and W in it closes it again
    QVERIFY(!why()->isVisible());
}

// The main window's d_k is marked; clicking the plot at d_k = 256 sets the main d_k to 256.
void TestWhyScale::marksAndSetsTheMainDk()
{
    why()->show();
    QTRY_VERIFY_WITH_TIMEOUT(why()->result().has_value(), gui::kPatienceMs);
    QCustomPlot *plot = why()->plot();
    plot->replot();
    QCPAxisRect *entropy = why()->sweepPlot()->panels().at(0);
    const QPoint at(int(entropy->axis(QCPAxis::atBottom)->coordToPixel(256)), entropy->center().y());
    QTest::mouseClick(plot, Qt::LeftButton, {}, at);
    QCOMPARE(m_shown->model.params().dK, 256);
    QCOMPARE(m_shown->model.params().dV, 256); // d_v follows, as with the slider
    bool marked = false;
    for (int i = 0; i < plot->itemCount(); ++i)
        if (auto *line = qobject_cast<QCPItemStraightLine *>(plot->item(i)))
            marked |= line->visible() && line->point1->coords().x() == 256;
    QVERIFY(marked);
    // By keys as by a click: → the sweep's next d_k, ← the one before; nothing past the last.
    QVERIFY(gui::reactivate(why()));
    gui::pressKey(why(), Qt::Key_Right);
    QCOMPARE(m_shown->model.params().dK, 512);
    gui::pressKey(why(), Qt::Key_Right);
    QCOMPARE(m_shown->model.params().dK, 1024);
    gui::pressKey(why(), Qt::Key_Right);
    QCOMPARE(m_shown->model.params().dK, 1024);
    gui::pressKey(why(), Qt::Key_Left);
    QCOMPARE(m_shown->model.params().dK, 512);
    QVERIFY(why()->isVisible());
}

// S, T and the scaling are the window's; the seed the main window's: changing any sweeps again.
void TestWhyScale::settingsSweepAgain()
{
    why()->show();
    QTRY_VERIFY_WITH_TIMEOUT(why()->result().has_value(), gui::kPatienceMs);
    gui::find<QSpinBox>(why(), "sweep-keys")->setValue(8);
    QTRY_VERIFY_WITH_TIMEOUT(why()->result()->settings.keys == 8 && !why()->running(), gui::kPatienceMs);
    gui::find<QComboBox>(why(), "sweep-scaling")->setCurrentIndex(1); // ÷d_k
    QTRY_VERIFY_WITH_TIMEOUT(why()->result()->settings.scaling == attn::Scaling::InvDk, gui::kPatienceMs);
    QVERIFY(why()->statusText().contains("too much"));
    attn::Params p = m_shown->model.params();
    p.seed = 99;
    m_shown->model.setParams(p);
    QTRY_VERIFY_WITH_TIMEOUT(why()->result()->settings.seed == 99, gui::kPatienceMs);
    // + additive: a third, dashed green curve that keeps its entropy at d_k = 1024
    QVERIFY(gui::click(gui::find<QCheckBox>(why(), "sweep-additive")));
    QTRY_VERIFY_WITH_TIMEOUT(why()->result()->additive.has_value() && !why()->running(), gui::kPatienceMs);
    QCOMPARE(why()->result()->settings.additiveHidden, 8);
    QVERIFY(why()->sweepPlot()->meanGraph(0, 2)->visible());
    QCOMPARE(why()->sweepPlot()->meanGraph(0, 2)->data()->size(), 11);
    QVERIFY(why()->result()->additive->entropy.mean.back() > 10 * why()->result()->unscaled.entropy.mean.back());
}

// Typing 8 into S, then 12 within 250 ms, sweeps once, with 12, 250 ms after the last change (on the window's clock):
// not at 250 ms after the first.
void TestWhyScale::changesCloseTogetherSweepOnce()
{
    FakeClock clock;
    auto shown = showWindow(QSize(1400, 900), clock);
    QVERIFY(shown);
    WhyScaleWindow *w = shown->window.whyScale();
    w->show(); // the first sweep starts when it is shown
    QTRY_VERIFY_WITH_TIMEOUT(w->result().has_value() && !w->running(), gui::kPatienceMs);
    QCOMPARE(w->result()->settings.keys, 16);
    auto *keys = gui::find<QSpinBox>(w, "sweep-keys");
    keys->setValue(8);
    clock.advanceMs(200);
    keys->setValue(12);
    clock.advanceMs(249); // 449 ms: 250 ms after the first change, 249 after the last
    QVERIFY(!w->running());
    clock.advanceMs(1);
    QVERIFY(w->running());
    QTRY_VERIFY_WITH_TIMEOUT(!w->running(), gui::kPatienceMs);
    QCOMPARE(w->result()->settings.keys, 12);
}

void TestWhyScale::cancelStopsIt()
{
    why()->setSettings(64, 20000, attn::Scaling::InvSqrtDk); // half a minute of work
    why()->show();
    QTRY_VERIFY_WITH_TIMEOUT(why()->running(), gui::kPatienceMs);
    QVERIFY(gui::click(gui::find<QPushButton>(why(), "sweep-cancel")));
    QTRY_VERIFY_WITH_TIMEOUT(!why()->running(), gui::kPatienceMs);
    QVERIFY(!why()->result().has_value());
    const QString said = gui::find<QLabel>(why(), "sweep-status")->text();
    QVERIFY2(said.startsWith("Cancelled"), qPrintable(said));
    // Sweep starts it again with the same settings (it was off while one ran), and Cancel stops it.
    auto *run = gui::find<QPushButton>(why(), "sweep-run");
    QVERIFY(run->isEnabled());
    QVERIFY(gui::click(run));
    QTRY_VERIFY_WITH_TIMEOUT(why()->running(), gui::kPatienceMs);
    QVERIFY(!run->isEnabled());
    QCOMPARE(why()->settings().trials, 20000);
    QVERIFY(gui::click(gui::find<QPushButton>(why(), "sweep-cancel")));
    QTRY_VERIFY_WITH_TIMEOUT(!why()->running(), gui::kPatienceMs);
    QVERIFY(run->isEnabled());
}

void TestWhyScale::exportsPlotsAndNumbers()
{
    QTemporaryDir dir;
    QString error;
    QVERIFY(!why()->exportTo(dir.filePath("early.png"), &error)); // nothing yet
    QVERIFY(error.contains("not finished"));
    why()->show();
    QTRY_VERIFY_WITH_TIMEOUT(why()->result().has_value(), gui::kPatienceMs);
    QVERIFY2(why()->exportTo(dir.filePath("s.png"), &error), qPrintable(error));
    QCOMPARE(QImage(dir.filePath("s.png")).size(), QSize(1200, 900));
    QVERIFY2(why()->exportTo(dir.filePath("s.csv"), &error), qPrintable(error));
    QFile csv(dir.filePath("s.csv"));
    QVERIFY(csv.open(QIODevice::ReadOnly));
    QCOMPARE(csv.readAll().trimmed().split('\n').size(), 12);
    QVERIFY(!why()->exportTo(dir.filePath("missing/s.pdf"), &error));
    QVERIFY(!QFileInfo::exists(dir.filePath("missing")));
}

// Export… opens the one export dialog (size presets, pixel ratio, title), not a bare file dialog: the paper column
// gives a 3.5-inch PDF (252 points square, as the dialog says), and the live window's "now: d_k" marker stays out.
void TestWhyScale::exportButtonOpensTheExportDialog()
{
    QTemporaryDir dir;
    why()->show();
    QTRY_VERIFY_WITH_TIMEOUT(why()->result().has_value(), gui::kPatienceMs);
    const QString pdf = dir.filePath("column.pdf");
    QString summary;
    bool sawPanels = true;
    gui::whenModal([&](QWidget *modal) {
        auto *dialog = qobject_cast<ExportDialog *>(modal);
        if (!dialog)
            return false;
        dialog->setPath(pdf);
        dialog->choosePreset(ExportDialog::Preset::PaperColumn);
        summary = gui::find<QLabel>(dialog, "export-summary")->text();
        sawPanels = gui::find<QCheckBox>(dialog, "export-panels")->isVisible(); // (no sums in a sweep)
        gui::find<QLineEdit>(dialog, "export-title")->setText(QStringLiteral("Why scale, for the paper"));
        dialog->accept();
        return true;
    });
    QVERIFY(gui::click(gui::find<QPushButton>(why(), "sweep-export")));
    QTRY_VERIFY_WITH_TIMEOUT(QFileInfo::exists(pdf), gui::kPatienceMs);
    QCOMPARE(summary, QStringLiteral("252 × 252 points = 3.50 × 3.50 inches, vector."));
    QVERIFY(!sawPanels);
    QFile f(pdf);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray bytes = f.readAll();
    QVERIFY2(bytes.contains("/MediaBox [0 0 252.000000 252.000000]"), "not a 252-point page");
    QProcess pdftotext;
    pdftotext.start(QStandardPaths::findExecutable("pdftotext"), { pdf, "-" });
    QVERIFY2(pdftotext.waitForFinished(60000), "pdftotext (poppler-utils) is needed");
    const QString text = QString::fromUtf8(pdftotext.readAllStandardOutput()).simplified();
    QVERIFY2(text.contains(QStringLiteral("Why scale, for the paper")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("d_k")), qPrintable(text)); // the axes' text is there
    QVERIFY(!text.contains(QStringLiteral("now:")));
}

// Under the sweep, the main window's own scores: raw and scaled histograms whose bars are core's
// density, with the expected normal curve and its sd named; they follow the main window.
void TestWhyScale::histogramsOfTheMainScores()
{
    why()->show();
    const ResultPtr r = m_shown->model.result();
    const attn::ScoreHistogram raw = attn::scoreHistogram(*r, 0, false, 8.0);
    QCPBars *bars = nullptr;
    for (int i = 0; i < why()->histogramPlot()->plottableCount(); ++i)
        if (auto *b = qobject_cast<QCPBars *>(why()->histogramPlot()->plottable(i)); b && !bars)
            bars = b;
    QVERIFY(bars);
    QCOMPARE(bars->dataCount(), int(raw.density.size()));
    QCOMPARE(bars->data()->at(0)->value, raw.density[0]);
    QVERIFY2(why()->histogramText(0).contains(QString("%1 of them, sd %2").arg(raw.count).arg(raw.sd, 0, 'g', 4)),
        qPrintable(why()->histogramText(0)));
    QVERIFY(why()->histogramText(0).contains("N(0, 64) has sd 8")); // direct mode, d_k = 64
    QVERIFY(why()->histogramText(1).contains("N(0, 1) has sd 1"));
    attn::Params p = m_shown->model.params();
    p.sigma = 2;
    m_shown->model.setParams(p);
    m_shown->model.waitForIdle();
    QTRY_VERIFY_WITH_TIMEOUT(why()->histogramText(0).contains("N(0, 1024) has sd 32"), gui::kPatienceMs);
}

// The histograms' colours are the sweep's: the logits are blue when scaled, vermilion when not (they were blue
// either way); and under block 1's randn weights a line says why its scaled scores are far wider than the curves'.
void TestWhyScale::histogramColoursAndBlock1sVariance()
{
    why()->show();
    const auto bars = [this](int side) {
        int seen = 0;
        for (int i = 0; i < why()->histogramPlot()->plottableCount(); ++i)
            if (auto *b = qobject_cast<QCPBars *>(why()->histogramPlot()->plottable(i)); b && seen++ == side)
                return b;
        return static_cast<QCPBars *>(nullptr);
    };
    QVERIFY(bars(0) && bars(1));
    QCOMPARE(bars(1)->brush().color().rgb(), plot_style::kSide[0].rgb()); // scaled: blue
    QCOMPARE(bars(0)->brush().color().rgb(), plot_style::kSide[1].rgb()); // raw: vermilion
    QVERIFY(why()->varianceNoteText().isEmpty()); // direct mode, σ = 1: the curves' own variance
    attn::Params p = m_shown->model.params();
    attn::toggleScaling(p);
    m_shown->model.setParams(p);
    m_shown->model.waitForIdle();
    QTRY_COMPARE_WITH_TIMEOUT(bars(1)->brush().color().rgb(), plot_style::kSide[1].rgb(), gui::kPatienceMs);
    m_shown->model.setParams(lecture::block1());
    m_shown->model.waitForIdle();
    QTRY_VERIFY_WITH_TIMEOUT(why()->varianceNoteText().contains("d_model² = 64 remains"), gui::kPatienceMs);
    QVERIFY2(
        why()->varianceNoteText().contains("The curves above draw q and k directly as randn, entries of variance 1"),
        qPrintable(why()->varianceNoteText()));
}

QTEST_MAIN(TestWhyScale)
#include "tst_why_scale.moc"
