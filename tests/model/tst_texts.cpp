// SPDX-License-Identifier: GPL-3.0-or-later
// What the heatmap panel and the explanation strip say (model/heatmap_text.h, model/explanation_text.h), from the
// result alone, without a window: the cell's and the bars' tooltips, the notes under the map, the formula, the
// shapes and the statistics, each number the core's.
#include "lecture.h"
#include "model/explanation_text.h"
#include "model/heatmap_text.h"
#include "params_edit.h"

#include <QtTest>

class TestTexts : public QObject
{
    Q_OBJECT
private slots:
    void cellToolTip();
    void maskedCells();
    void barToolTips();
    void notes();
    void varianceNote();
    void formulaAndShapes();
    void statistics();
    void sdpaCheck();
};

// Block 1's cell (0, 2): its raw score and weight as the core has them, its row's sum and entropy.
void TestTexts::cellToolTip()
{
    const attn::Result r = attn::compute(lecture::block1());
    const QString tip = HeatmapText::cellToolTip(r, 0, 2);
    QVERIFY2(tip.startsWith("query 0, key 2\nraw score Q·Kᵀ = "), qPrintable(tip));
    QVERIFY(tip.contains(QString("weight = %1").arg(r.attention.weights(0, 0, 2), 0, 'f', 6)));
    QVERIFY(tip.contains(QString("row 0 sums to %1").arg(r.attention.stats.rowSums(0, 0), 0, 'f', 4)));
    QVERIFY(tip.contains("(the most, for a uniform row: ln S = 1.6094)"));
    QVERIFY(tip.contains("softmax Jacobian norm of row 0: "));
    QVERIFY(!tip.contains("attn_mask")); // no mask, no mask line
}

// Under a causal mask: the hidden cell's logit is −∞ and its weight 0; the mask's value in both conventions.
void TestTexts::maskedCells()
{
    attn::Params p = lecture::block1();
    attn::setMask(p, attn::MaskKind::Causal);
    const attn::Result r = attn::compute(p);
    const QString tip = HeatmapText::cellToolTip(r, 0, 3);
    QVERIFY2(tip.contains("masked (logit −∞)\nweight = 0"), qPrintable(tip));
    QVERIFY(tip.contains("SDPA attn_mask[0, 0, 3] = False: True = take part"));
    QVERIFY(tip.contains("(the most is 0: the mask leaves this row one key)"));
    p.maskConvention = attn::MaskConvention::Mha;
    QCOMPARE(
        HeatmapText::maskLine(p, 0, 3), QString("\nMHA attn_mask[0, 3] = True: True = ignore (not allowed to attend)"));
    attn::setMask(p, attn::MaskKind::Pad, 2);
    QCOMPARE(HeatmapText::maskLine(p, 1, 4), QString("\nMHA key_padding_mask[0, 4] = True: True = ignore"));
}

// A row's bars over keys carry its entropy; over queries the columns' bars do, and a row's only its sum.
void TestTexts::barToolTips()
{
    const attn::Result keys = attn::compute(lecture::exercise(-1));
    QVERIFY(HeatmapText::rowBarToolTip(keys, 0).contains("row entropy"));
    QVERIFY(!HeatmapText::columnBarToolTip(keys, 0).contains("column entropy"));
    const attn::Result queries = attn::compute(lecture::exercise(-2));
    const QString row = HeatmapText::rowBarToolTip(queries, 0);
    QCOMPARE(row, QString("query 0: the row sums to %1").arg(lecture::printed(lecture::exerciseRow0Sum)));
    QVERIFY(HeatmapText::columnBarToolTip(queries, 2).contains("column entropy"));
}

// The notes: block 1's only note is why its scaled scores stay wide; softmax over queries; cells drawn as the largest
// of several; a flat map on the fixed colour range (one query against many keys at d_k = 1 spreads its weight); queries
// that see no key.
void TestTexts::notes()
{
    DisplayOptions d;
    QCOMPARE(
        HeatmapText::notes(attn::compute(lecture::block1()), d, 1, 1), HeatmapText::varianceNote(lecture::block1()));
    QCOMPARE(HeatmapText::notes(attn::compute(lecture::block3()), d, 1, 1), QString());
    const QString dim = HeatmapText::notes(attn::compute(lecture::exercise(-2)), d, 1, 1);
    QVERIFY2(dim.startsWith("Softmax over queries (dim −2): each column sums to 1"), qPrintable(dim));
    QVERIFY(HeatmapText::notes(attn::compute(lecture::block3()), d, 4, 2)
                .startsWith("Each drawn cell is the largest of 4 × 2 cells"));
    attn::Params flat;
    attn::setMode(flat, attn::Mode::Direct);
    attn::setQueryLength(flat, 1);
    attn::setKeyLength(flat, 200);
    attn::setDk(flat, 1);
    const attn::Result spread = attn::compute(flat);
    QVERIFY(attn::summarize(spread, 0).meanRowMax < HeatmapText::kFlatWeight);
    QVERIFY(HeatmapText::notes(spread, d, 1, 1).contains("Press F"));
    d.range = DisplayOptions::Range::Fit; // fitted: the note goes
    QVERIFY(!HeatmapText::notes(spread, d, 1, 1).contains("Press F"));
    attn::Params hidden = lecture::block1();
    attn::setMask(hidden, attn::MaskKind::Pad, 5);
    QVERIFY(HeatmapText::notes(attn::compute(hidden), DisplayOptions(), 1, 1)
                .contains("Queries that see no key at all: 5. Their weights are 0 here (PyTorch gives NaN)."));
}

// Block 1 draws W_q, W_k with randn: the entries of q and k have variance d_model = 8, so ÷√d_k leaves 64 in the
// scores' variance; the note says so, with the key that draws them as randn/√d_model. Where the entries have
// variance 1 (block 2, block 3, the scaled init) or there is no square-root scale, there is no note.
void TestTexts::varianceNote()
{
    const attn::Params block1 = lecture::block1();
    const QString note = HeatmapText::varianceNote(block1);
    QVERIFY2(note.startsWith("W_q and W_k are randn, so the entries of q and k have variance d_model = 8, not the "
                             "footnote's 1: ÷√d_k removes d_k, and d_model² = 64 remains in the scores' variance."),
        qPrintable(note));
    QVERIFY(note.contains("Press I"));
    QCOMPARE(attn::expectedScoreVariance(block1).scaled, 64.0); // what the note says is the program's own number
    QVERIFY(HeatmapText::varianceNote(lecture::block2(true)).isEmpty());
    QVERIFY(HeatmapText::varianceNote(lecture::block2(false)).isEmpty()); // not scaled: no footnote to contradict
    QVERIFY(HeatmapText::varianceNote(lecture::block3()).isEmpty());
    attn::Params p = block1;
    attn::nextInit(p); // randn -> randn / √d_model
    QCOMPARE(p.init, attn::Init::Scaled);
    QVERIFY(attn::expectedScoreVariance(p).unitEntries());
    QVERIFY(HeatmapText::varianceNote(p).isEmpty());
    attn::nextInit(p); // -> nn.Linear: variance 8/24 = 1/3, within [0.5, 2]? no: the note names nn.Linear, no key
    QCOMPARE(p.init, attn::Init::Linear);
    const QString linear = HeatmapText::varianceNote(p);
    QVERIFY2(linear.contains("nn.Linear") && linear.contains("variance 0.3333") && !linear.contains("Press I"),
        qPrintable(linear));
    attn::nextInit(p);
    QCOMPARE(p.init, attn::Init::Randn);
    attn::Params wide = lecture::block2(true);
    wide.sigma = 3.0;
    QVERIFY2(HeatmapText::varianceNote(wide).contains("σ⁴ = 81"), qPrintable(HeatmapText::varianceNote(wide)));
    // At the lecture's own action item (d_k 4 -> 64 from block 1) the note holds, and with the init of variance 1 the
    // rows spread again: the largest weight of row 0 falls from one-hot.
    attn::Params item = block1;
    attn::setDk(item, 64);
    QVERIFY(!HeatmapText::varianceNote(item).isEmpty());
    const attn::Result sharp = attn::compute(item);
    attn::nextInit(item);
    const attn::Result spread = attn::compute(item);
    const auto rowMax = [](const attn::Result &r) {
        float m = 0.0f;
        for (int j = 0; j < r.attention.weights.cols; ++j)
            m = std::max(m, r.attention.weights(0, 0, j));
        return m;
    };
    QVERIFY2(rowMax(sharp) > 0.99f, qPrintable(QString::number(rowMax(sharp))));
    QVERIFY2(rowMax(spread) < 0.9f, qPrintable(QString::number(rowMax(spread))));
}

void TestTexts::formulaAndShapes()
{
    const attn::Params p = lecture::block1();
    QCOMPARE(ExplanationText::formula(p),
        QString(
            "weights = softmax( Q·Kᵀ / √4 = Q·Kᵀ / 2 ) over keys (dim −1)      out\u00A0=\u00A0weights\u00A0·\u00A0V"));
    const QString shapes = ExplanationText::shapes(p);
    QVERIFY2(shapes.contains("Q = X·W_q (2,\u00A05,\u00A04)"), qPrintable(shapes));
    QVERIFY(shapes.contains("→ (2,\u00A05,\u00A05)"));
    attn::Params q = lecture::block2(false);
    QCOMPARE(ExplanationText::scaledScores(q), QString("Q·Kᵀ (not scaled)"));
    q.scaling = attn::Scaling::InvSqrtDModel;
    QCOMPARE(ExplanationText::scaledScores(q), QString("Q·Kᵀ / √d_model = Q·Kᵀ / 2.828"));
}

// Block 2 unscaled: its largest weight is the lecture's 0.8638, and every row sums to 1.
void TestTexts::statistics()
{
    const QString s = ExplanationText::statistics(attn::compute(lecture::block2(false)));
    QVERIFY2(s.startsWith("max weight " + lecture::printed(lecture::block2UnscaledMax)), qPrintable(s));
    QVERIFY(s.contains("every row sums to 1"));
    QVERIFY2(s.contains("expected d_k = 64, scaled 64"), qPrintable(s)); // (not scaled: the scaled scores are the raw)
    const QString wrong = ExplanationText::statistics(attn::compute(lecture::exercise(-2)));
    QVERIFY2(wrong.contains("columns sum to 1, 3 of 3 rows do not"), qPrintable(wrong));
}

// Block 3's line: the lecture's numbers and why, and what it says when SDPA is another function or none.
void TestTexts::sdpaCheck()
{
    const QString s = ExplanationText::sdpaCheck(attn::compute(lecture::block3()));
    QVERIFY2(s.startsWith("max |manual − official| = 1.1920929e-07 (round(…, 8) = 1.2e-07), allclose = True"),
        qPrintable(s));
    QVERIFY2(s.contains("√scale = 0.7071 before the product"), qPrintable(s));
    QVERIFY(!s.contains("another kernel")); // 5 × 5: no word of large sizes
    attn::Params p = lecture::block3();
    p.softmaxDim = -2;
    const QString over = ExplanationText::sdpaCheck(attn::compute(p));
    QVERIFY2(over.contains("allclose = False") && over.contains("always over the keys"), qPrintable(over));
    QVERIFY(!over.contains("Same formula"));
    p = lecture::block3();
    attn::setQueryLength(p, 64);
    QVERIFY(ExplanationText::sdpaCheck(attn::compute(p)).contains("another kernel"));
    p = lecture::block3();
    p.score = attn::Score::Additive;
    QVERIFY(ExplanationText::sdpaCheck(attn::compute(p)).contains("no official line"));
}

QTEST_GUILESS_MAIN(TestTexts)
#include "tst_texts.moc"
