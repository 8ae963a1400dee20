// SPDX-License-Identifier: GPL-3.0-or-later
// Masks in the window as a student uses them: Custom in the Mask box starts from the mask shown, a click
// on a cell masks or unmasks it (a drag pans, changing nothing), the padding of each batch element is set
// on its own, the fill and the convention are chosen, and what the window says follows: the hovered cell
// names the boolean PyTorch takes in the chosen convention, a fully masked row under -1e9 is uniform and
// the note says so.

#include "gui_driver.h"
#include "shown_window.h"

#include <QLabel>
#include <QSpinBox>
#include <QToolTip>

class TestMaskEditing : public QObject
{
    Q_OBJECT

private slots:
    void init() { QVERIFY(m_shown = showWindow()); }
    void cleanup() { m_shown.reset(); }
    void clickingCellsEditsACustomMask();
    void paddingPerBatchElement();
    void fillAndConvention();
    void wheelScrollsTheSettings();

private:
    std::unique_ptr<ShownWindow> m_shown;
    AttentionModel &model() { return m_shown->model; }
    MainWindow &window() { return m_shown->window; }
    QString shownMask() { return QString::fromStdString(attn::maskName(model().params())); }
};

void TestMaskEditing::clickingCellsEditsACustomMask()
{
    attn::Params p = model().params(); // 5 x 5
    attn::setMask(p, attn::MaskKind::Causal);
    model().setParams(p);
    window().settle();
    QVERIFY(gui::chooseInCombo(gui::find<QComboBox>(&window(), "mask-combo"), "Custom (click cells)"));
    window().settle();
    QCOMPARE(shownMask(), QString("custom:.xxxx/..xxx/...xx/....x/....."));
    HeatmapPanel *heatmap = window().heatmap();
    QCustomPlot *plot = heatmap->plot();
    // Click (2, 4): masked already, it looks again; click (4, 0): masked.
    QTest::mouseClick(plot, Qt::LeftButton, {}, heatmap->cellCenter(2, 4).toPoint());
    window().settle();
    QCOMPARE(shownMask(), QString("custom:.xxxx/..xxx/...x./....x/....."));
    QTest::mouseClick(plot, Qt::LeftButton, {}, heatmap->cellCenter(4, 0).toPoint());
    window().settle();
    QCOMPARE(shownMask(), QString("custom:.xxxx/..xxx/...x./....x/x...."));
    // The weights follow: row 2 now spreads over keys 0, 1, 2 and 4, row 4 over 1 to 4.
    const auto r = model().result();
    QCOMPARE(r->attention.weights(0, 2, 3), 0.0f);
    QVERIFY(r->attention.weights(0, 2, 4) > 0.0f);
    QCOMPARE(r->attention.weights(0, 4, 0), 0.0f);
    QVERIFY(std::abs(r->attention.stats.rowSums(0, 2) - 1.0) < 1e-6);
    // A drag pans the map and changes no cell.
    const QPoint from = heatmap->cellCenter(1, 1).toPoint();
    QTest::mousePress(plot, Qt::LeftButton, {}, from);
    QTest::mouseMove(plot, from + QPoint(30, 20));
    QTest::mouseRelease(plot, Qt::LeftButton, {}, from + QPoint(30, 20));
    window().settle();
    QCOMPARE(shownMask(), QString("custom:.xxxx/..xxx/...x./....x/x...."));
    // Under another mask a click changes nothing.
    QVERIFY(gui::chooseInCombo(gui::find<QComboBox>(&window(), "mask-combo"), "Causal"));
    window().settle();
    heatmap->resetZoom();
    window().settle();
    QTest::mouseClick(plot, Qt::LeftButton, {}, heatmap->cellCenter(0, 3).toPoint());
    window().settle();
    QCOMPARE(shownMask(), QString("causal"));
}

void TestMaskEditing::paddingPerBatchElement()
{
    attn::Params p = model().params();
    p.batch = 3;
    attn::setMask(p, attn::MaskKind::Pad, 1);
    model().setParams(p);
    window().settle();
    auto *each = gui::find<QCheckBox>(&window(), "pad-each-check");
    auto *pad = gui::find<QSpinBox>(&window(), "pad-spin");
    QVERIFY(each->isEnabled());
    QVERIFY(gui::click(each));
    QVERIFY(each->isChecked());
    // Element 0's padding alone.
    QVERIFY(gui::typeInto(pad, "3"));
    window().settle();
    QCOMPARE(shownMask(), QString("pad:3,1,1"));
    // Show element 2 and give it none.
    auto *element = gui::find<QSpinBox>(&window(), "batch-index-spin");
    QVERIFY(gui::typeInto(element, "2"));
    window().settle();
    QCOMPARE(pad->value(), 1);
    QVERIFY(gui::typeInto(pad, "0"));
    window().settle();
    QCOMPARE(shownMask(), QString("pad:3,1,0"));
    const auto r = model().result();
    QCOMPARE(r->attention.weights(0, 0, 2), 0.0f); // element 0: keys 2, 3, 4 padded
    QVERIFY(r->attention.weights(2, 0, 4) > 0.0f); // element 2: none
    // One padding for all again: the shown element's.
    QVERIFY(gui::click(each));
    window().settle();
    QCOMPARE(shownMask(), QString("pad:0"));
}

void TestMaskEditing::fillAndConvention()
{
    attn::Params p = model().params();
    std::string error;
    QVERIFY(attn::parseMask("custom:.xxxx/..xxx/xxxxx/....x/.....", p, &error));
    model().setParams(p);
    window().settle();
    HeatmapPanel *heatmap = window().heatmap();
    auto *note = window().findChild<QLabel *>("heatmapNote");
    QVERIFY(note);
    QVERIFY2(note->text().contains("Queries that see no key at all: 1. Their weights are 0 here (PyTorch gives NaN)."),
        qPrintable(note->text()));
    QVERIFY(gui::chooseInCombo(gui::find<QComboBox>(&window(), "mask-fill-combo"), "−1e9 (masked_fill)"));
    window().settle();
    QCOMPARE(model().params().maskFill, attn::MaskFill::MinusBillion);
    const auto r = model().result();
    for (int j = 0; j < 5; ++j)
        QVERIFY(std::abs(r->attention.weights(0, 2, j) - 0.2f) < 1e-7);
    QVERIFY2(note->text().contains("weights are uniform, 1/5 each, as in PyTorch"), qPrintable(note->text()));
    // The cells of the uniform row carry their weights; the masked cells of other rows none.
    const QString row2 = heatmap->cellToolTip(2, 3);
    QVERIFY2(row2.contains("like every key of this row: its weights are uniform"), qPrintable(row2));
    QVERIFY2(row2.contains("SDPA attn_mask[0, 2, 3] = False: True = take part"), qPrintable(row2));
    QVERIFY(heatmap->cellToolTip(0, 1).contains("masked (logit −1e9)\nweight = 0"));
    // The convention: the same cell reads True under nn.MultiheadAttention's.
    QVERIFY(gui::chooseInCombo(gui::find<QComboBox>(&window(), "mask-convention-combo"), "MHA: True = ignore"));
    window().settle();
    QVERIFY2(heatmap->cellToolTip(2, 3).contains("MHA attn_mask[2, 3] = True: True = ignore (not allowed to attend)"),
        qPrintable(heatmap->cellToolTip(2, 3)));
    QVERIFY(heatmap->cellToolTip(0, 0).contains("MHA attn_mask[0, 0] = False"));
    // Padding under MHA is key_padding_mask (B, S).
    attn::Params q = model().params();
    attn::setMask(q, attn::MaskKind::Pad, 2);
    model().setParams(q);
    window().settle();
    QVERIFY(heatmap->cellToolTip(0, 4).contains("MHA key_padding_mask[0, 4] = True: True = ignore"));
}

// Scrolling down the settings with the wheel changes no combo box that passes under the pointer; once one
// is clicked (focused), the wheel steps it.
void TestMaskEditing::wheelScrollsTheSettings()
{
    auto *mask = gui::find<QComboBox>(&window(), "mask-combo");
    window().findChild<QWidget *>("settingsDock")->setFocus();
    QVERIFY(!mask->hasFocus());
    const QPoint at = mask->rect().center();
    QWheelEvent down(
        at, mask->mapToGlobal(at), QPoint(), QPoint(0, -120), Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
    QCoreApplication::sendEvent(mask, &down);
    window().settle();
    QCOMPARE(model().params().mask, attn::MaskKind::None);
    mask->setFocus();
    QWheelEvent again(
        at, mask->mapToGlobal(at), QPoint(), QPoint(0, -120), Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
    QCoreApplication::sendEvent(mask, &again);
    window().settle();
    QCOMPARE(model().params().mask, attn::MaskKind::Causal);
}

QTEST_MAIN(TestMaskEditing)
#include "tst_mask_editing.moc"
