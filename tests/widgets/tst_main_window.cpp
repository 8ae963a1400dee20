// SPDX-License-Identifier: GPL-3.0-or-later
// The window driven as a user would (offscreen): widgets change the model, the views show what
// the core computed. Also --screenshot through the real program, and the remembered settings.
#include "gui_driver.h"
#include "io/settings_store.h"
#include "lecture.h"
#include "model/attention_model.h"
#include "model/color_map_names.h"
#include "model/translations.h"
#include "shown_window.h"
#include "widgets/controls_panel.h"
#include "widgets/explanation_panel.h"
#include "widgets/heatmap_panel.h"
#include "widgets/main_window.h"

#include <qcustomplot.h>

#include <QCheckBox>
#include <QComboBox>
#include <QImage>
#include <QProcess>
#include <QRadioButton>
#include <QSettings>
#include <QSlider>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTranslator>
#include <QtTest>

#include <cmath>

class TestMainWindow : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void cleanup();
    void dkSliderMovesInPowersOfTwo();
    void lengthsAreLinkedForSelfAttention();
    void scalingToggleMakesLectureRowSharper();
    void softmaxDimFlagsRows();
    void maskedCellsAreDistinct();
    void cellToolTip();
    void entropyPanelShowsCoreValues();
    void displayOptionsDoNotRecompute();
    void explanationShowsLiveNumbers();
    void largeSizesComputeOffTheGuiThread();
    void refusedSettingsKeepTheState();
    void zoomingInShowsFullDetail();
    void settingsRoundTrip();
    void brokenSettingsAreIgnored();
    void screenshotThroughProgram();
    void chineseTranslation();

private:
    std::unique_ptr<ShownWindow> m_shown;
    AttentionModel *m_model = nullptr;
    MainWindow *m_window = nullptr;
    // A settings control by its name.
    template <typename T> T *c(const char *name) { return gui::find<T>(m_window, name); }
};

void TestMainWindow::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
}

void TestMainWindow::init()
{
    m_shown = showWindow(QSize(1300, 850));
    QVERIFY(m_shown);
    m_model = &m_shown->model;
    m_window = &m_shown->window;
}

void TestMainWindow::cleanup()
{
    m_shown.reset();
}

void TestMainWindow::dkSliderMovesInPowersOfTwo()
{
    QVERIFY(gui::dragSlider(c<QSlider>("dk-slider"), 6));
    QCOMPARE(m_model->params().dK, 64);
    QCOMPARE(m_model->result()->params.dK, 64);
    QCOMPARE(c<QSpinBox>("dk-spin")->value(), 64);
    QCOMPARE(m_model->result()->inputs->Q.cols, 64);
    QCOMPARE(m_model->params().dV, 64); // d_v follows d_k by default
    QVERIFY(gui::typeInto(c<QSpinBox>("dk-spin"), "48")); // any value through the spin box
    QCOMPARE(m_model->params().dK, 48);
    QCOMPARE(c<QSlider>("dk-slider")->value(), 5);
}

void TestMainWindow::lengthsAreLinkedForSelfAttention()
{
    QVERIFY(gui::typeInto(c<QSpinBox>("len-spin"), "7"));
    QCOMPARE(m_model->params().queryLength, 7);
    QCOMPARE(m_model->params().keyLength, 7);
    QVERIFY(!c<QSpinBox>("keys-spin")->isEnabled());
    QVERIFY(gui::click(c<QCheckBox>("separate-keys")));
    QVERIFY(c<QSpinBox>("keys-spin")->isEnabled());
    QVERIFY(gui::typeInto(c<QSpinBox>("keys-spin"), "3"));
    QCOMPARE(m_model->params().queryLength, 7);
    QCOMPARE(m_model->params().keyLength, 3);
    QVERIFY(m_model->result()->params.isCross());
    QCOMPARE(m_model->result()->inputs->Y.rows, 3);
    QVERIFY(gui::focusSlider(c<QSlider>("len-slider")));
    gui::pressKey(m_window, Qt::Key_End); // the slider's end is 4096
    QCOMPARE(c<QSlider>("len-slider")->value(), ControlsPanel::kLengthSteps);
    QCOMPARE(m_model->params().queryLength, 4096);
    QCOMPARE(m_model->params().keyLength, 3);
    QVERIFY(gui::click(c<QCheckBox>("separate-keys")));
    QCOMPARE(m_model->params().keyLength, 4096);
    m_model->waitForIdle();
}

void TestMainWindow::scalingToggleMakesLectureRowSharper()
{
    m_model->setParams(lecture::block2(true));
    const double scaledEntropy = m_window->heatmap()->rowEntropyBars().value(0);
    QVERIFY(c<QCheckBox>("scale-check")->isChecked());
    QVERIFY(gui::click(c<QCheckBox>("scale-check")));
    QCOMPARE(m_model->params().scaling, attn::Scaling::None);
    const double rawEntropy = m_window->heatmap()->rowEntropyBars().value(0);
    QVERIFY(lecture::printsAs(scaledEntropy, lecture::block2ScaledEntropy));
    QVERIFY(lecture::printsAs(rawEntropy, lecture::block2UnscaledEntropy));
    QVERIFY(rawEntropy < scaledEntropy);
    QVERIFY(lecture::printsAs(m_window->heatmap()->shownCell(0, 1), lecture::block2UnscaledMax));
    // the custom factor on and off again: back to 1/√d_k, and the Scaling box says what is on
    QVERIFY(gui::click(c<QCheckBox>("scale-check")));
    QVERIFY(gui::click(c<QCheckBox>("custom-scale-check")));
    QCOMPARE(m_model->params().scaling, attn::Scaling::Custom);
    QCOMPARE(c<QComboBox>("scaling-combo")->currentText(), QString("custom factor"));
    QVERIFY(gui::click(c<QCheckBox>("custom-scale-check")));
    QCOMPARE(m_model->params().scaling, attn::Scaling::InvSqrtDk);
    QVERIFY(gui::chooseInCombo(c<QComboBox>("scaling-combo"), "÷d_k (too much)"));
    QCOMPARE(m_model->params().scaling, attn::Scaling::InvDk);
    QVERIFY(!c<QCheckBox>("scale-check")->isChecked());
    QVERIFY(m_window->explanation()->formulaText().contains("Q·Kᵀ / d_k = Q·Kᵀ / 64"));
}

void TestMainWindow::softmaxDimFlagsRows()
{
    m_model->setParams(lecture::exercise(-1));
    QVERIFY(m_window->heatmap()->flaggedRows().isEmpty());
    QVERIFY(m_window->heatmap()->noteText().isEmpty());
    QVERIFY(gui::click(c<QRadioButton>("over-queries")));
    QCOMPARE(m_model->params().softmaxDim, -2);
    QCOMPARE(m_window->heatmap()->flaggedRows(), QVector<int>({ 0, 1, 2 }));
    QVERIFY(lecture::printsAs(m_window->heatmap()->rowSumBars().value(0), lecture::exerciseRow0Sum));
    QVERIFY(m_window->heatmap()->flaggedColumns().isEmpty()); // columns do sum to 1
    QVERIFY(m_window->heatmap()->noteText().contains("each column sums to 1"));
    QVERIFY(m_window->explanation()->statisticsText().contains("3 of 3 rows do not"));
}

void TestMainWindow::maskedCellsAreDistinct()
{
    QVERIFY(gui::chooseInCombo(c<QComboBox>("mask-combo"), "Causal"));
    QCOMPARE(m_model->params().mask, attn::MaskKind::Causal);
    QVERIFY(std::isnan(m_window->heatmap()->shownCell(0, 1))); // masked: NaN, drawn in the masked colour
    QCOMPARE(m_window->heatmap()->shownCell(0, 0), 1.0); // query 0 sees only key 0
    QVERIFY(m_window->heatmap()->cellToolTip(1, 3).contains("masked"));

    QVERIFY(gui::chooseInCombo(c<QComboBox>("mask-combo"), "Padding"));
    QVERIFY(c<QSpinBox>("pad-spin")->isEnabled());
    QVERIFY(gui::typeInto(c<QSpinBox>("pad-spin"), "2"));
    QCOMPARE(m_model->params().padCount, 2);
    QVERIFY(std::isnan(m_window->heatmap()->shownCell(0, 4)));
    QVERIFY(!std::isnan(m_window->heatmap()->shownCell(0, 2)));
    QVERIFY(gui::typeInto(c<QSpinBox>("pad-spin"), "5")); // every key masked
    QVERIFY(m_window->heatmap()->noteText().contains("Queries that see no key at all: 5."));
}

void TestMainWindow::cellToolTip()
{
    m_model->setParams(lecture::block1());
    const auto r = m_model->result();
    const QString tip = m_window->heatmap()->cellToolTip(0, 2);
    QVERIFY(tip.contains("query 0, key 2"));
    QVERIFY(tip.contains(QString::number((*r->scores)(0, 0, 2), 'g', 6)));
    QVERIFY(tip.contains(QString::number(attn::computeLogits(*r->scores, r->params)(0, 0, 2), 'g', 6)));
    QVERIFY(tip.contains("weight = 0.9977"));
    // and the cell under the mouse is the one the tooltip names
    int i = -1, j = -1;
    QCustomPlot *plot = m_window->heatmap()->plot();
    plot->replot();
    QVERIFY(m_window->heatmap()->cellAt(m_window->heatmap()->cellCenter(3, 4), &i, &j));
    QCOMPARE(i, 3);
    QCOMPARE(j, 4);
}

void TestMainWindow::entropyPanelShowsCoreValues()
{
    m_model->setParams(lecture::block1());
    QVERIFY(gui::typeInto(c<QSpinBox>("batch-index-spin"), "1"));
    QCOMPARE(m_model->params().batchIndex, 1);
    const auto r = m_model->result();
    const QVector<double> bars = m_window->heatmap()->rowEntropyBars();
    QCOMPARE(bars.size(), 5);
    for (int i = 0; i < 5; ++i)
        QCOMPARE(bars[i], r->attention.stats.rowEntropy(1, i));
    QCOMPARE(m_window->heatmap()->shownCell(2, 3), double(r->attention.weights(1, 2, 3)));
    QCOMPARE(m_window->heatmap()->cellTextCount(), 25); // values written in the 5 x 5 cells
}

void TestMainWindow::displayOptionsDoNotRecompute()
{
    const auto before = m_model->result();
    QVERIFY(gui::chooseInCombo(c<QComboBox>("colormap-combo"), colorMapTitle("magma")));
    QCOMPARE(m_model->display().colorMap, QString("magma"));
    QCOMPARE(m_model->result(), before);
    QVERIFY(gui::chooseInCombo(c<QComboBox>("quantity-combo"), "Raw scores Q·Kᵀ"));
    QCOMPARE(m_window->heatmap()->shownCell(1, 2), double((*before->scores)(0, 1, 2)));
    QVERIFY(!c<QComboBox>("range-combo")->isEnabled()); // scores are always fitted
    QVERIFY(gui::click(c<QCheckBox>("cell-values-check")));
    m_window->heatmap()->plot()->replot();
    QCOMPARE(m_window->heatmap()->cellTextCount(), 0);
}

void TestMainWindow::explanationShowsLiveNumbers()
{
    m_model->setParams(lecture::block2(true));
    QVERIFY(m_window->explanation()->formulaText().contains("Q·Kᵀ / √64 = Q·Kᵀ / 8"));
    QVERIFY(m_window->explanation()->shapesText().contains("(1, 1, 64)·(1, 64, 6) → (1, 1, 6)"));
    QVERIFY(m_window->explanation()->statisticsText().contains("max weight 0.3486"));
    QVERIFY(m_window->explanation()->statisticsText().contains("ln S = 1.7918"));
    QVERIFY(m_window->explanation()->shapesText().contains("→  scaled by 1/√64  →"));
    QVERIFY(gui::click(c<QCheckBox>("scale-check")));
    QVERIFY(m_window->explanation()->formulaText().contains("not scaled"));
    // "out = weights · V" wraps as one piece (non-breaking spaces), never leaving "· V" alone on a line
    QVERIFY(m_window->explanation()->formulaText().contains(
        QString("out = weights · V").replace(QLatin1Char(' '), QChar(0x00A0))));
    QVERIFY(m_window->explanation()->shapesText().contains("→  not scaled  →")); // no "scale" step that is not there
    QVERIFY(!m_window->explanation()->shapesText().contains("scaled by"));
    QVERIFY(m_window->explanation()->statisticsText().contains("max weight 0.8638"));
}

void TestMainWindow::largeSizesComputeOffTheGuiThread()
{
    attn::Params p;
    p.mode = attn::Mode::Direct;
    p.queryLength = p.keyLength = 1024;
    p.dK = p.dV = 64;
    QVERIFY(m_model->setParams(p));
    QVERIFY(m_model->isBusy()); // handed to a worker; the GUI thread goes on
    p.queryLength = p.keyLength = 1500; // a newer request while the first runs
    QVERIFY(m_model->setParams(p));
    m_model->waitForIdle();
    QCOMPARE(m_model->result()->params.queryLength, 1500); // the newest wins
    QCOMPARE(c<QSpinBox>("len-spin")->value(), 1500);
    // 1500 x 1500 cells on a heatmap of a few hundred pixels each way (the window is 1300 x 850):
    // drawn as block maxima in both directions, and the note says exactly that, then (the largest
    // weight of 1500 keys is small) that F fits the colours, and nothing else (softmax over keys, no mask).
    const HeatmapPanel *h = m_window->heatmap();
    QVERIFY2(h->heatmapRect().width() < 1500 && h->heatmapRect().height() < 1500,
        qPrintable(QString("%1 x %2").arg(h->heatmapRect().width()).arg(h->heatmapRect().height())));
    QVERIFY(h->grid().rowStep > 1);
    QVERIFY(h->grid().colStep > 1);
    QCOMPARE(h->noteText().section("  ", 0, 0),
        QString("Each drawn cell is the largest of %1 × %2 cells (the matrix has more cells than "
                "the screen has pixels).")
            .arg(h->grid().rowStep)
            .arg(h->grid().colStep));
    QVERIFY(h->noteText().section("  ", 1).startsWith("The rows' largest weights average "));
    QVERIFY(h->noteText().section("  ", 2).isEmpty());
}

void TestMainWindow::zoomingInShowsFullDetail()
{
    attn::Params p;
    p.mode = attn::Mode::Direct;
    p.queryLength = p.keyLength = 3000;
    p.dK = p.dV = 16;
    m_model->setParams(p);
    m_model->waitForIdle();
    QCoreApplication::processEvents();
    HeatmapPanel *h = m_window->heatmap();
    QVERIFY(h->grid().aggregated()); // 3000 x 3000 on a few hundred pixels
    QVERIFY(h->noteText().contains("largest of"));
    // zoom in on queries 100..139 and keys 200..239, as the mouse wheel would
    QCPAxisRect *rect = h->plot()->axisRect(0);
    rect->axis(QCPAxis::atLeft)->setRange(99.5, 139.5);
    rect->axis(QCPAxis::atBottom)->setRange(199.5, 239.5);
    QTRY_VERIFY_WITH_TIMEOUT(!h->grid().aggregated(), gui::kPatienceMs);
    QCOMPARE(h->grid().rowBegin, 100);
    QCOMPARE(h->grid().colBegin, 200);
    const auto r = m_model->result();
    QCOMPARE(h->shownCell(120, 230), double(r->attention.weights(0, 120, 230))); // one cell, not a block maximum
    QVERIFY(!h->noteText().contains("largest of"));
}

void TestMainWindow::refusedSettingsKeepTheState()
{
    attn::Params p = m_model->params();
    QSignalSpy problems(m_model, &AttentionModel::problem);
    p.batch = 4096;
    p.queryLength = p.keyLength = 65536;
    QVERIFY(!m_model->setParams(p));
    QCOMPARE(problems.size(), 1);
    QVERIFY(problems.first().first().toString().contains("MiB"));
    QCOMPARE(m_model->params().batch, 1);
    QVERIFY(m_window->statusText().contains("MiB"));
}

void TestMainWindow::settingsRoundTrip()
{
    QTemporaryDir dir;
    QSettings s(dir.filePath("a.conf"), QSettings::IniFormat);
    attn::Params p = lecture::exercise(-2);
    p.mask = attn::MaskKind::Pad;
    p.padCount = 2;
    p.seed = 18446744073709551615ull;
    DisplayOptions d;
    d.colorMap = "cividis";
    d.quantity = attn::Quantity::Logits;
    storeSettings(s, p, d);
    s.sync();
    QSettings t(dir.filePath("a.conf"), QSettings::IniFormat);
    attn::Params q;
    DisplayOptions e;
    QVERIFY(loadSettings(t, &q, &e));
    QVERIFY(q == p);
    QVERIFY(e == d);
}

void TestMainWindow::brokenSettingsAreIgnored()
{
    QTemporaryDir dir;
    const QString path = dir.filePath("broken.conf");
    {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("[params]\nmode=projection\nbatch=banana\nlen=-4\n\x01\x02garbage[[[\n");
    }
    QSettings s(path, QSettings::IniFormat);
    attn::Params p;
    DisplayOptions d;
    d.colorMap = "magma";
    QVERIFY(!loadSettings(s, &p, &d));
    QVERIFY(p == attn::Params()); // untouched
    QCOMPARE(d.colorMap, QString("magma"));
}

void TestMainWindow::screenshotThroughProgram()
{
    QTemporaryDir dir;
    const QString path = dir.filePath("shot.png");
    QProcess proc;
    proc.start(QStringLiteral(ATTN_EXE),
        { "--batch", "2", "--len", "5", "--d-model", "8", "--d-k", "4", "--seed", "0", "--screenshot", path, "--size",
            "1200x800" });
    QVERIFY(proc.waitForFinished(60000));
    QCOMPARE(proc.exitCode(), 0);
    QImage img(path);
    QCOMPARE(img.size(), QSize(1200, 800));
    // The heatmap is there: viridis' yellow end for the lecture's 0.9977 and its dark end for ~0.
    int yellow = 0, purple = 0;
    for (int y = 0; y < img.height(); y += 2)
        for (int x = 0; x < img.width(); x += 2) {
            const QColor c = img.pixelColor(x, y);
            yellow += std::abs(c.red() - 0xfd) + std::abs(c.green() - 0xe7) + std::abs(c.blue() - 0x25) < 30;
            purple += std::abs(c.red() - 0x44) + std::abs(c.green() - 0x01) + std::abs(c.blue() - 0x54) < 30;
        }
    QVERIFY2(yellow > 1000 && purple > 1000, qPrintable(QString("yellow %1, purple %2").arg(yellow).arg(purple)));
}

void TestMainWindow::chineseTranslation()
{
    QVERIFY(installTranslations(*QCoreApplication::instance(), "zh"));
    {
        AttentionModel model;
        MainWindow window(&model, false);
        QCOMPARE(window.windowTitle(), QString::fromUtf8("attention-viz — 你的设置"));
        QVERIFY(gui::find<QRadioButton>(&window, "over-queries")->text().contains(QString::fromUtf8("沿查询维")));
        QVERIFY(window.explanation()->statisticsText().contains(QString::fromUtf8("最大权重")));
    }
    QVERIFY(setInterfaceLanguage("en")); // English again for the next tests
}

QTEST_MAIN(TestMainWindow)
#include "tst_main_window.moc"
