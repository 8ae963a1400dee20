// SPDX-License-Identifier: GPL-3.0-or-later
// Presets: chosen from the Lecture menu they reproduce the lecture's numbers (block 1, block 2
// scaled beside not scaled, block 3, the exercise); an unknown --preset is refused with the list.
#include "gui_driver.h"
#include "io/scenario.h"
#include "lecture.h"
#include "run_program.h"
#include "shown_window.h"
#include "widgets/explanation_panel.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStandardPaths>
#include <QtTest>

class TestPresets : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void cleanup();
    void presetsReproduceTheLecture();
    void unknownPresetListsPresets();

private:
    std::unique_ptr<ShownWindow> m_shown;
    AttentionModel *m_model = nullptr;
    MainWindow *m_window = nullptr;
};

void TestPresets::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
}

void TestPresets::init()
{
    m_shown = showWindow();
    QVERIFY(m_shown);
    m_model = &m_shown->model;
    m_window = &m_shown->window;
}

void TestPresets::cleanup()
{
    m_shown.reset();
}

void TestPresets::presetsReproduceTheLecture()
{
    QCOMPARE(presetNames(), QStringList({ "qkv-basics", "why-scale", "sdpa-check", "wrong-dim" }));
    QVERIFY(gui::chooseMenu(m_window, { "Lecture", "Block 1: Q, K, V projected from X   (qkv-basics)" }));
    auto r = m_model->result();
    for (int j = 0; j < 5; ++j)
        QVERIFY(lecture::printsAs(r->attention.weights(0, 0, j), lecture::block1Weights00[j]));
    for (int d = 0; d < 4; ++d)
        QVERIFY(lecture::printsAs(r->attention.out(0, 0, d), lecture::block1Out00[d]));
    QVERIFY(m_window->captionText().contains(lecture::printed(lecture::block1Weights00[2])));

    QVERIFY(gui::chooseMenu(
        m_window, { "Lecture", "Block 2: why divide by √d_k (scaled beside not scaled)   (why-scale)" }));
    QCOMPARE(m_model->compare(), CompareKind::Scaling);
    r = m_model->result();
    const auto raw = m_window->comparison()->partner()->result();
    for (int j = 0; j < 6; ++j)
        QVERIFY(lecture::printsAs((*r->scores)(0, 0, j), lecture::block2Scores[j]));
    QVERIFY(lecture::printsAs(r->attention.stats.rowMax(0, 0), lecture::block2ScaledMax));
    QVERIFY(lecture::printsAs(r->attention.stats.rowEntropy(0, 0), lecture::block2ScaledEntropy));
    QCOMPARE(raw->params.scaling, attn::Scaling::None);
    QVERIFY(lecture::printsAs(raw->attention.stats.rowMax(0, 0), lecture::block2UnscaledMax));
    QVERIFY(lecture::printsAs(raw->attention.stats.rowEntropy(0, 0), lecture::block2UnscaledEntropy));
    QVERIFY(m_window->partnerHeatmap()->isVisible());
    QVERIFY(m_window->explanation()->compareText().contains(lecture::printed(lecture::block2UnscaledMax)));

    QVERIFY(
        gui::chooseMenu(m_window, { "Lecture", "Block 3: the same as F.scaled_dot_product_attention   (sdpa-check)" }));
    QCOMPARE(m_model->compare(), CompareKind::Sdpa); // by hand beside F.scaled_dot_product_attention
    QVERIFY(m_window->partnerHeatmap()->isVisible());
    QCOMPARE(m_model->result()->params, lecture::block3());
    QVERIFY(m_window->comparison()->partner()->result()->params.sdpaKernel);
    // 最大绝对差 = 1.2e-07, allclose = True: the strip gives the unrounded difference and the lecture's rounding.
    QVERIFY2(m_window->explanation()->compareText().contains("1.1920929e-07 (round(…, 8) = 1.2e-07)"),
        qPrintable(m_window->explanation()->compareText()));
    QVERIFY(m_window->explanation()->compareText().contains("allclose = True (atol 1e-6)"));

    QVERIFY(gui::chooseMenu(m_window, { "Lecture", "Exercise: softmax over the wrong dim (−2)   (wrong-dim)" }));
    r = m_model->result();
    QVERIFY(lecture::printsAs(r->attention.stats.rowSums(0, 0), lecture::exerciseRow0Sum));
    for (int j = 0; j < 5; ++j)
        QVERIFY(lecture::printsAs(r->attention.stats.colSums(0, j), 1.0));
    QCOMPARE(m_window->comparison()->partner()->result()->params.softmaxDim, -1);
}

void TestPresets::unknownPresetListsPresets()
{
    const Run r = runProgram({ "--preset", "why-not" });
    QCOMPARE(r.exitCode, 2);
    QCOMPARE(QString::fromUtf8(r.err).trimmed(),
        QString("attention-viz: --preset: unknown preset 'why-not'; the presets are: qkv-basics, why-scale, "
                "sdpa-check, wrong-dim"));
    const Run ok = runProgram({ "--preset", "why-scale", "--no-scale", "--dump", "-" });
    QCOMPARE(ok.exitCode, 0);
    const QJsonObject o = QJsonDocument::fromJson(ok.out).object();
    QVERIFY(lecture::printsAs(o["row_max"].toArray()[0].toArray()[0].toDouble(), lecture::block2UnscaledMax));
}

QTEST_MAIN(TestPresets)
#include "tst_presets.moc"
