// SPDX-License-Identifier: GPL-3.0-or-later
// Tokens: sentences split into words (Chinese into characters, punctuation apart), typed into the
// window they label the axes and set L = S, repeated words share an embedding until position
// encodings are added, another length drops them; the same from the command line.
#include "gui_driver.h"
#include "model/tokens.h"
#include "render/heatmap_drawing.h"
#include "run_program.h"
#include "shown_window.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStandardPaths>
#include <QtTest>

class TestTokens : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void cleanup();
    void splittingSentences_data();
    void splittingSentences();
    void tokensInTheWindow();
    void tokensFromTheCommandLine();

private:
    std::unique_ptr<ShownWindow> m_shown;
    AttentionModel *m_model = nullptr;
    MainWindow *m_window = nullptr;
};

void TestTokens::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
}

void TestTokens::init()
{
    m_shown = showWindow();
    QVERIFY(m_shown);
    m_model = &m_shown->model;
    m_window = &m_shown->window;
}

void TestTokens::cleanup()
{
    m_shown.reset();
}

void TestTokens::splittingSentences_data()
{
    QTest::addColumn<QString>("sentence");
    QTest::addColumn<QStringList>("tokens");
    QTest::newRow("words") << "the cat  sat on the mat" << QStringList { "the", "cat", "sat", "on", "the", "mat" };
    QTest::newRow("punctuation") << "Hello, world!" << QStringList { "Hello", ",", "world", "!" };
    QTest::newRow("chinese") << QString::fromUtf8("我爱你，你爱我")
                             << QStringList { "我", "爱", "你", "，", "你", "爱", "我" };
    QTest::newRow("mixed") << QString::fromUtf8("Transformer 很强") << QStringList { "Transformer", "很", "强" };
    QTest::newRow("empty") << "   " << QStringList {};
}

void TestTokens::splittingSentences()
{
    QFETCH(QString, sentence);
    QFETCH(QStringList, tokens);
    QCOMPARE(splitTokens(sentence), tokens);
}

void TestTokens::tokensInTheWindow()
{
    auto *tokensEdit = gui::find<QLineEdit>(m_window, "tokens-edit");
    auto *positionsCheck = gui::find<QCheckBox>(m_window, "positions-check");
    QVERIFY(gui::typeInto(tokensEdit, "the cat sat on the mat"));
    const attn::Params p = m_model->params();
    QCOMPARE(p.tokens.size(), std::size_t(6));
    QCOMPARE(p.queryLength, 6);
    QCOMPARE(p.keyLength, 6);
    const auto r = m_model->result();
    QCOMPARE(r->inputs->E.rows, 5); // "the" twice, one embedding
    for (int j = 0; j < 6; ++j)
        QCOMPARE(r->attention.weights(0, 0, j), r->attention.weights(0, 4, j));
    auto ticker
        = m_window->heatmap()->plot()->axisRect(0)->axis(QCPAxis::atBottom)->ticker().dynamicCast<PositionTicker>();
    QVERIFY(ticker);
    QCOMPARE(ticker->labels().value(5), QString("mat"));
    QVERIFY(positionsCheck->isEnabled());
    QVERIFY(gui::click(positionsCheck));
    QVERIFY(m_model->result()->params.positions);
    QVERIFY(m_model->result()->attention.weights(0, 0, 1) != m_model->result()->attention.weights(0, 4, 1));
    // another length drops the words, and the axes show numbers again
    QVERIFY(clickHeatmap(m_window));
    gui::pressKey(m_window, Qt::Key_Right);
    QCOMPARE(m_model->params().queryLength, 7);
    QVERIFY(m_model->params().tokens.empty());
    QVERIFY(tokensEdit->text().isEmpty());
    QVERIFY(m_window->heatmap()
                ->plot()
                ->axisRect(0)
                ->axis(QCPAxis::atBottom)
                ->ticker()
                .dynamicCast<PositionTicker>()
                ->labels()
                .isEmpty());
}

void TestTokens::tokensFromTheCommandLine()
{
    const Run r = runProgram({ "--tokens", "the cat sat on the mat", "--positions", "--dump", "-" });
    QCOMPARE(r.exitCode, 0);
    const QJsonObject o = QJsonDocument::fromJson(r.out).object();
    QCOMPARE(o["params"].toObject()["len"].toInt(), 6);
    QCOMPARE(o["params"].toObject()["tokens"].toArray().size(), 6);
    QCOMPARE(o["E"].toArray().size(), 5);
    const Run bad = runProgram({ "--tokens", "a b c", "--len", "4", "--dump", "-" });
    QCOMPARE(bad.exitCode, 2);
    QVERIFY(bad.err.contains("--tokens: 3 tokens make 3 queries and keys"));
    const Run positions = runProgram({ "--positions", "--dump", "-" });
    QCOMPARE(positions.exitCode, 2);
    QVERIFY(positions.err.contains("--positions: adds position encodings"));
}

QTEST_MAIN(TestTokens)
#include "tst_tokens.moc"
