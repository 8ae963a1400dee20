// Scenarios and lessons in the window: a scenario is shown and given back whole, Page Down and
// Page Up step through a lesson (the built-in one opens with the first Page Down), and a bad
// lesson leaves the state as it was.
#include "gui_driver.h"
#include "io/scenario.h"
#include "lecture.h"
#include "scenario_files.h"
#include "shown_window.h"

#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

class TestLessons : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void cleanup();
    void scenarioInTheWindow();
    void lessonStepsForwardAndBack();
    void builtInLessonLoads();
    void badLessonKeepsState();

private:
    QTemporaryDir m_dir;
    std::unique_ptr<ShownWindow> m_shown;
    AttentionModel *m_model = nullptr;
    MainWindow *m_window = nullptr;
};

void TestLessons::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(m_dir.isValid());
}

void TestLessons::init()
{
    m_shown = showWindow();
    QVERIFY(m_shown);
    m_model = &m_shown->model;
    m_window = &m_shown->window;
}

void TestLessons::cleanup()
{
    m_shown.reset();
}

void TestLessons::scenarioInTheWindow()
{
    const Scenario s = everyFieldScenario(); // read back from a file whole: tst_scenarios
    m_window->applyScenario(s);
    QVERIFY(m_window->currentScenario().params == s.params);
    QCOMPARE(m_window->currentScenario().compareDk, 512);
}

void TestLessons::lessonStepsForwardAndBack()
{
    const QString path = m_dir.filePath("lesson.json");
    writeFile(path, R"({"format": "attention-viz-lesson", "version": 1, "title": "Two steps",
        "steps": [{"params": {"mode": "direct", "len": 1, "keys": 6, "d_k": 64}, "caption": "first"},
                  {"params": {"mode": "direct", "len": 1, "keys": 6, "d_k": 64, "scaling": "none"}, "compare": "scaling",
                   "caption": {"en": "second", "zh": "第二步"}}]})");
    QString error;
    QVERIFY2(m_window->openLesson(path, &error), qPrintable(error));
    QCOMPARE(m_window->lesson()->currentStep(), 0);
    QCOMPARE(m_window->lesson()->length(), 2);
    QVERIFY(m_window->captionText().contains("first"));
    gui::pressKey(m_window, Qt::Key_PageDown);
    QCOMPARE(m_window->lesson()->currentStep(), 1);
    QCOMPARE(m_model->params().scaling, attn::Scaling::None);
    QCOMPARE(m_model->compare(), CompareKind::Scaling);
    QVERIFY(m_window->captionText().contains("second"));
    gui::pressKey(m_window, Qt::Key_PageDown); // stays on the last step
    QCOMPARE(m_window->lesson()->currentStep(), 1);
    gui::pressKey(m_window, Qt::Key_PageUp);
    QCOMPARE(m_window->lesson()->currentStep(), 0);
    QCOMPARE(m_model->params().scaling, attn::Scaling::InvSqrtDk);
    QCOMPARE(m_model->compare(), CompareKind::None);
}

void TestLessons::builtInLessonLoads()
{
    QString error;
    const auto lesson = loadLesson(builtInLessonPath(), &error);
    QVERIFY2(lesson.has_value(), qPrintable(error));
    QCOMPARE(int(lesson->steps.size()), 8);
    QCOMPARE(lesson->steps.front().params, lecture::block1()); // from the first block ...
    QCOMPARE(lesson->steps[6].params, lecture::exercise(-2)); // ... to the exercise
    for (const Scenario &s : lesson->steps) {
        QVERIFY(!s.captionEn.isEmpty());
        QVERIFY(!s.captionZh.isEmpty());
    }
    gui::pressKey(m_window, Qt::Key_PageDown); // with no lesson open, Page Down starts the lecture's
    QCOMPARE(m_window->lesson()->length(), 8);
    QVERIFY(m_window->captionText().contains("1/8"));
}

void TestLessons::badLessonKeepsState()
{
    m_model->setParams(lecture::block1());
    QString error;
    QVERIFY(!m_window->openLesson(m_dir.filePath("missing.json"), &error));
    const QString bad = m_dir.filePath("badlesson.json");
    writeFile(bad,
        R"({"format": "attention-viz-lesson", "version": 1, "steps": [{"params": {"len": 3}}, {"params": {"batch": 0}}]})");
    QVERIFY(!m_window->openLesson(bad, &error));
    QVERIFY2(error.contains("steps[1].params.batch: must be from 1"), qPrintable(error));
    QCOMPARE(m_model->params(), lecture::block1()); // nothing changed
    QCOMPARE(m_window->lesson()->length(), 0);
}

QTEST_MAIN(TestLessons)
#include "tst_lessons.moc"
