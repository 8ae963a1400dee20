// SPDX-License-Identifier: GPL-3.0-or-later
// The lecture hall, keyboard only and with no window manager: every key goes to the window on top (the one the
// program last brought up, QApplication::activeWindow()), as a clicker's keys do. Presentation mode is the program's:
// the other windows open full screen, black on white, their numbers 18 pixels or more; Esc closes the window on top
// first, and the keys go back to the one beneath it, then leaves presentation mode; Ctrl+W closes any other window;
// L switches the language in any of them and keeps what is shown.
#include "gui_driver.h"
#include "io/scenario.h"
#include "model/translations.h"
#include "projector_screen.h"
#include "render/sweep_plot.h"
#include "render/training_plot.h"
#include "shown_window.h"
#include "widgets/export_dialog.h"
#include "widgets/heads_window.h"
#include "widgets/hull_window.h"
#include "widgets/mistakes_window.h"
#include "widgets/other_windows.h"
#include "widgets/pipeline_view.h"
#include "widgets/training_window.h"
#include "widgets/why_scale_window.h"

#include <QAbstractButton>
#include <QAbstractSpinBox>
#include <QClipboard>
#include <QComboBox>
#include <QDir>
#include <QFileInfo>
#include <QFontInfo>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QScreen>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTemporaryFile>
#include <QTextBrowser>
#include <QToolButton>
#include <QtTest>

static int kWait = gui::kPatienceMs;

class TestLectureHall : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void cleanup();
    void escClosesTheWindowOnTopThenLeavesPresentation();
    void keysGoBackToTheWindowBeneath();
    void everyOtherWindowClosesByEscAndCtrlW();
    void theOtherWindowsPresent();
    void everyPresentingWindowShowsItsWayOut();
    void trainingTicksNeverMeetInPresentation();
    void lSwitchesTheLanguageEverywhere();
    void menuMnemonicsAreUnique();
    void ctrlEExportsTheComparisonShown();
    void aDemoFileReopensAsSaved();

private:
    // Each other window with the main window's key that opens it.
    struct OtherWindow
    {
        int key;
        Qt::KeyboardModifiers modifiers;
        QWidget *window;
    };
    QList<OtherWindow> otherWindows() const
    {
        return { { Qt::Key_P, {}, windows()->pipeline() }, { Qt::Key_W, {}, windows()->whyScale() },
            { Qt::Key_T, {}, windows()->training() }, { Qt::Key_H, {}, windows()->hull() },
            { Qt::Key_H, Qt::ControlModifier, windows()->heads() }, { Qt::Key_X, {}, windows()->mistakes() } };
    }
    // A key as the keyboard sends it: to the window that has the keys. False when none has them (a key astray).
    bool press(int key, Qt::KeyboardModifiers modifiers = {});
    QWidget *active() const { return QApplication::activeWindow(); }
    OtherWindows *windows() const { return m_window->windows(); }

    std::unique_ptr<ShownWindow> m_shown;
    AttentionModel *m_model = nullptr;
    MainWindow *m_window = nullptr;
};

bool TestLectureHall::press(int key, Qt::KeyboardModifiers modifiers)
{
    return gui::pressInActiveWindow(key, modifiers);
}

void TestLectureHall::initTestCase()
{
    if (qEnvironmentVariableIsSet("ATTN_TEST_WAIT_MS"))
        kWait = qEnvironmentVariableIntValue("ATTN_TEST_WAIT_MS");
    QStandardPaths::setTestModeEnabled(true);
}

void TestLectureHall::init()
{
    setInterfaceLanguage(QStringLiteral("en"));
    m_shown = showWindow();
    QVERIFY(m_shown);
    m_model = &m_shown->model;
    m_window = &m_shown->window;
    m_window->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(m_window));
    QVERIFY(clickHeatmap(m_window));
}

void TestLectureHall::cleanup()
{
    m_shown.reset();
    setInterfaceLanguage(QStringLiteral("en"));
}

void TestLectureHall::escClosesTheWindowOnTopThenLeavesPresentation()
{
    QVERIFY(press(Qt::Key_F5));
    QVERIFY(m_window->isPresentation());
    QVERIFY(press(Qt::Key_W));
    WhyScaleWindow *why = windows()->whyScale();
    QVERIFY(why->isVisible());
    QTRY_COMPARE_WITH_TIMEOUT(active(), static_cast<QWidget *>(why), kWait);
    QVERIFY(press(Qt::Key_Escape)); // the Why window goes, presentation mode stays
    QVERIFY(!why->isVisible());
    QVERIFY(m_window->isPresentation());
    QTRY_COMPARE_WITH_TIMEOUT(active(), static_cast<QWidget *>(m_window), kWait);
    QVERIFY(press(Qt::Key_Escape)); // now it leaves presentation mode
    QVERIFY(!m_window->isPresentation());
}

void TestLectureHall::keysGoBackToTheWindowBeneath()
{
    QVERIFY(press(Qt::Key_F5));
    const int length = m_model->params().queryLength;
    QVERIFY(press(Qt::Key_X));
    MistakesWindow *mistakes = windows()->mistakes();
    QTRY_COMPARE_WITH_TIMEOUT(active(), static_cast<QWidget *>(mistakes), kWait);
    const attn::Mistake first = mistakes->mistake();
    QVERIFY(press(Qt::Key_W)); // the Mistakes window's W: Why scale? above it
    QTRY_COMPARE_WITH_TIMEOUT(active(), static_cast<QWidget *>(windows()->whyScale()), kWait);
    QVERIFY(press(Qt::Key_Escape));
    // The keys are the Mistakes window's again, not the main window's hidden behind it.
    QTRY_COMPARE_WITH_TIMEOUT(active(), static_cast<QWidget *>(mistakes), kWait);
    QVERIFY(press(Qt::Key_Right));
    QVERIFY(mistakes->mistake() != first);
    QCOMPARE(m_model->params().queryLength, length);
    QVERIFY(press(Qt::Key_Escape)); // one Esc closes it, in presentation mode too
    QVERIFY(!mistakes->isVisible());
    QVERIFY(m_window->isPresentation());
    QTRY_COMPARE_WITH_TIMEOUT(active(), static_cast<QWidget *>(m_window), kWait);
    QVERIFY(press(Qt::Key_Right)); // the main window's → again
    QCOMPARE(m_model->params().queryLength, length + 1);
}

void TestLectureHall::everyOtherWindowClosesByEscAndCtrlW()
{
    const QList<OtherWindow> all = otherWindows();
    for (const auto &w : all)
        for (const QKeySequence &close : { QKeySequence(Qt::Key_Escape), QKeySequence(Qt::CTRL | Qt::Key_W) }) {
            const QString name = w.window->objectName() + ", " + close.toString();
            QVERIFY2(press(w.key, w.modifiers), qPrintable(name));
            QVERIFY2(w.window->isVisible(), qPrintable(name));
            QTRY_VERIFY2_WITH_TIMEOUT(active() == w.window, qPrintable(name), kWait);
            QVERIFY(press(close[0].key(), close[0].keyboardModifiers()));
            QVERIFY2(!w.window->isVisible(), qPrintable(name));
            QTRY_VERIFY2_WITH_TIMEOUT(active() == m_window, qPrintable(name), kWait);
        }
    QVERIFY(!m_window->isPresentation());
}

// Every field, button and name w shows is written presentationTextPixels high (18 pixels or more at 1280 × 720) and
// lies within the window (the rows wrap rather than run off the screen).
static void checkControlsPresent(QWidget *w)
{
    int seen = 0;
    for (QWidget *c : w->findChildren<QWidget *>()) {
        if (!c->isVisible() || c->isWindow()
            || !(qobject_cast<QLabel *>(c) || qobject_cast<QAbstractButton *>(c) || qobject_cast<QAbstractSpinBox *>(c)
                || qobject_cast<QComboBox *>(c)))
            continue;
        ++seen;
        const QString what = QStringLiteral("%1 %2 \"%3\": %4 px")
                                 .arg(w->objectName(), c->metaObject()->className(), c->objectName())
                                 .arg(QFontInfo(c->font()).pixelSize());
        QVERIFY2(QFontInfo(c->font()).pixelSize() >= 18, qPrintable(what));
        QVERIFY2(
            w->rect().contains(QRect(c->mapTo(w, QPoint(0, 0)), c->size())), qPrintable(what + ", off the window"));
    }
    QVERIFY2(seen >= 5, qPrintable(w->objectName()));
}

void TestLectureHall::theOtherWindowsPresent()
{
    QVERIFY(press(Qt::Key_F5));
    const QRect screen = m_window->screen()->geometry();
    QCOMPARE(screen.size(), QSize(1280, 720));
    // Why scale?: the screen, its tick labels 18 pixels or more.
    QVERIFY(press(Qt::Key_W));
    WhyScaleWindow *why = windows()->whyScale();
    QTRY_VERIFY_WITH_TIMEOUT(why->geometry() == screen, kWait);
    QCustomPlot *sweep = why->findChild<QCustomPlot *>("sweep-plot");
    for (QCPAxisRect *rect : sweep->axisRects())
        QVERIFY2(rect->axis(QCPAxis::atBottom)->tickLabelFont().pixelSize() >= 18,
            qPrintable(QString::number(rect->axis(QCPAxis::atBottom)->tickLabelFont().pixelSize())));
    QVERIFY(!why->histogramPlot()->isVisible()); // the sweep takes the screen
    QVERIFY(why->isVisible());
    checkControlsPresent(why);
    QVERIFY(press(Qt::Key_Escape));
    // Training: the same.
    QVERIFY(press(Qt::Key_T));
    TrainingWindow *training = windows()->training();
    QTRY_VERIFY_WITH_TIMEOUT(training->geometry() == screen, kWait);
    QCustomPlot *curves = training->findChild<QCustomPlot *>();
    QVERIFY(curves);
    for (QCPAxisRect *rect : curves->axisRects())
        QVERIFY2(rect->axis(QCPAxis::atLeft)->tickLabelFont().pixelSize() >= 18,
            qPrintable(QString::number(rect->axis(QCPAxis::atLeft)->tickLabelFont().pixelSize())));
    checkControlsPresent(training);
    QVERIFY(press(Qt::Key_Escape));
    // The four steps and the heads: the screen and the presenting window's text.
    for (const auto &[key, modifiers, w] :
        { std::tuple { int(Qt::Key_P), Qt::KeyboardModifiers(), static_cast<QWidget *>(windows()->pipeline()) },
            std::tuple { int(Qt::Key_H), Qt::KeyboardModifiers(Qt::ControlModifier),
                static_cast<QWidget *>(windows()->heads()) } }) {
        QVERIFY(press(key, modifiers));
        QTRY_VERIFY_WITH_TIMEOUT(w->geometry() == screen, kWait);
        QVERIFY2(w->font().pixelSize() >= 18, qPrintable(w->objectName()));
        if (w == windows()->heads()) {
            QVERIFY(!windows()->heads()->tiles().isEmpty());
            for (const HeadTile *tile : windows()->heads()->tiles())
                QVERIFY2(QFontInfo(tile->textFont()).pixelSize() >= 18, qPrintable(tile->title()));
        }
        QVERIFY(press(Qt::Key_Escape));
    }
    // Out of presentation mode they are windows again, of their own size and font.
    QVERIFY(press(Qt::Key_Escape));
    QVERIFY(!m_window->isPresentation());
    QVERIFY(press(Qt::Key_W));
    QTRY_VERIFY_WITH_TIMEOUT(why->isVisible(), kWait);
    QVERIFY(!why->isFullScreen());
    QVERIFY(sweep->axisRect(0)->axis(QCPAxis::atBottom)->tickLabelFont().pixelSize() < 18);
    QVERIFY(why->histogramPlot()->isVisible());
    QVERIFY(QFontInfo(why->findChild<QSpinBox *>("sweep-keys")->font()).pixelSize() < 18); // the window's own again
    QVERIFY(press(Qt::Key_Escape));
}

// Presenting, every other window writes how to close it in its top right corner, over nothing else it shows, at the
// projector's size; a click on it closes the window too. Out of presentation mode the window has its title bar.
void TestLectureHall::everyPresentingWindowShowsItsWayOut()
{
    QVERIFY(press(Qt::Key_F5));
    const QList<OtherWindow> all = otherWindows();
    for (const auto &w : all) {
        const QString name = w.window->objectName();
        QVERIFY2(press(w.key, w.modifiers), qPrintable(name));
        QTRY_VERIFY2_WITH_TIMEOUT(w.window->geometry() == m_window->screen()->geometry(), qPrintable(name), kWait);
        auto *out = w.window->findChild<QToolButton *>("presentation-close", Qt::FindDirectChildrenOnly);
        QVERIFY2(out && out->isVisible(), qPrintable(name));
        QVERIFY2(out->text().contains("Esc"), qPrintable(out->text()));
        QVERIFY2(QFontInfo(out->font()).pixelSize() >= 18, qPrintable(name));
        const QRect box(out->mapTo(w.window, QPoint(0, 0)), out->size());
        QVERIFY2(w.window->rect().contains(box), qPrintable(name));
        QVERIFY2(box.right() > w.window->width() - 20 && box.top() < 20, qPrintable(name)); // its top right corner
        for (QWidget *c : w.window->findChildren<QWidget *>()) {
            if (c == out || !c->isVisible() || c->isWindow()
                || !(qobject_cast<QLabel *>(c) || qobject_cast<QAbstractButton *>(c)
                    || qobject_cast<QAbstractSpinBox *>(c) || qobject_cast<QComboBox *>(c))
                || (qobject_cast<QLabel *>(c) && qobject_cast<QLabel *>(c)->text().isEmpty()))
                continue;
            const QRect other(c->mapTo(w.window, QPoint(0, 0)), c->size());
            QVERIFY2(!box.intersects(other),
                qPrintable(
                    QStringLiteral("%1: over %2 \"%3\"").arg(name, c->metaObject()->className(), c->objectName())));
        }
        QTest::mouseClick(out, Qt::LeftButton);
        QVERIFY2(!w.window->isVisible(), qPrintable(name));
        QVERIFY(m_window->isPresentation());
        QTRY_VERIFY2_WITH_TIMEOUT(active() == m_window, qPrintable(name), kWait);
    }
    QVERIFY(press(Qt::Key_Escape));
    QVERIFY(press(Qt::Key_W));
    QTRY_VERIFY_WITH_TIMEOUT(windows()->whyScale()->isVisible(), kWait);
    auto *out = windows()->whyScale()->findChild<QToolButton *>("presentation-close", Qt::FindDirectChildrenOnly);
    QVERIFY(!out || !out->isVisible());
    QVERIFY(press(Qt::Key_Escape));
}

// Presenting at 1280 × 720, the Training window's panels are short: no two tick labels of any of its axes meet
// (the maps' "0 3 6" and the curves' "0.75" over "0.5" ran together), after a few steps too.
void TestLectureHall::trainingTicksNeverMeetInPresentation()
{
    QVERIFY(press(Qt::Key_F5));
    QVERIFY(press(Qt::Key_T));
    TrainingWindow *training = windows()->training();
    QTRY_VERIFY_WITH_TIMEOUT(training->geometry() == m_window->screen()->geometry(), kWait);
    for (int i = 0; i < 3; ++i)
        QVERIFY(press(Qt::Key_Right)); // a step: the curves' ranges change
    QCustomPlot *plot = training->findChild<QCustomPlot *>("train-plot");
    QVERIFY(plot);
    plot->replot(QCustomPlot::rpImmediateRefresh);
    plot->replot(QCustomPlot::rpImmediateRefresh); // (the labels fitted to the layout: a second pass)
    int checked = 0;
    for (QCPAxisRect *rect : plot->axisRects())
        for (QCPAxis *axis : { rect->axis(QCPAxis::atLeft), rect->axis(QCPAxis::atBottom) }) {
            if (!axis->tickLabels())
                continue; // (the upper map's keys: numbered under the lower map only)
            const QVector<double> ticks = axis->tickVector();
            const QVector<QString> labels = axis->tickVectorLabels();
            QCOMPARE(labels.size(), ticks.size());
            const QFontMetricsF fm(axis->tickLabelFont());
            for (int k = 1; k < ticks.size(); ++k) {
                const double gap = std::fabs(axis->coordToPixel(ticks[k]) - axis->coordToPixel(ticks[k - 1]));
                const double need = axis->orientation() == Qt::Vertical
                    ? fm.height() * 0.9
                    : (fm.horizontalAdvance(labels[k]) + fm.horizontalAdvance(labels[k - 1])) / 2;
                QVERIFY2(gap >= need,
                    qPrintable(QStringLiteral("%1 \"%2\" and \"%3\": %4 px apart, %5 needed")
                                   .arg(axis->label(), labels[k - 1], labels[k])
                                   .arg(gap)
                                   .arg(need)));
                ++checked;
            }
        }
    QVERIFY(checked >= 10);
    QVERIFY(press(Qt::Key_Escape));
}

void TestLectureHall::lSwitchesTheLanguageEverywhere()
{
    QVERIFY(press(Qt::Key_F5));
    QVERIFY(press(Qt::Key_Up)); // d_k 4 → 8: what is shown must stay
    const attn::Params shown = m_model->params();
    QVERIFY(!interfaceIsChinese());
    QVERIFY(press(Qt::Key_L));
    QVERIFY(interfaceIsChinese());
    QVERIFY(m_window->isPresentation());
    QCOMPARE(m_model->params(), shown);
    // in another window too, which keeps the keys
    QVERIFY(press(Qt::Key_W));
    WhyScaleWindow *why = windows()->whyScale();
    QTRY_COMPARE_WITH_TIMEOUT(active(), static_cast<QWidget *>(why), kWait);
    QVERIFY(why->windowTitle().contains(QStringLiteral("为什么")));
    QVERIFY(press(Qt::Key_L));
    QVERIFY(!interfaceIsChinese());
    QVERIFY(!why->windowTitle().contains(QStringLiteral("为什么")));
    QCOMPARE(active(), static_cast<QWidget *>(why));
    QVERIFY(press(Qt::Key_Escape));
    QCOMPARE(m_model->params(), shown);
    // F1's list has the key
    QAction *language = m_window->findChild<QAction *>("switchLanguage");
    QVERIFY(language);
    QCOMPARE(language->shortcut(), QKeySequence(Qt::Key_L));
}

// Alt and a letter opens one entry of a menu: no two entries of a menu (nor two menus of the bar) share their letter,
// in either language.
void TestLectureHall::menuMnemonicsAreUnique()
{
    const auto mnemonic = [](const QString &text) -> QChar {
        for (int i = 0; i + 1 < text.size(); ++i)
            if (text[i] == '&') {
                if (text[i + 1] != '&')
                    return text[i + 1].toLower();
                ++i;
            }
        return {};
    };
    const std::function<void(const QList<QAction *> &, const QString &)> check = [&](const QList<QAction *> &actions,
                                                                                     const QString &where) {
        QHash<QChar, QString> taken;
        for (QAction *a : actions) {
            if (a->isSeparator() || !a->isVisible())
                continue;
            const QChar m = mnemonic(a->text());
            if (!m.isNull()) {
                QVERIFY2(!taken.contains(m),
                    qPrintable(QString("%1: '%2' in \"%3\" and \"%4\"").arg(where, m, taken.value(m), a->text())));
                taken.insert(m, a->text());
            }
            if (a->menu())
                check(a->menu()->actions(), where + " > " + gui::shownText(a->text()));
        }
    };
    for (const char *language : { "en", "zh" }) {
        QVERIFY(setInterfaceLanguage(QString::fromLatin1(language)));
        gui::deliverQueued();
        check(m_window->menuBar()->actions(), QString::fromLatin1(language));
    }
}

// Block 2's comparison on screen: Ctrl+E's dialog is the comparison's, and the picture has both sides (twice as wide
// as one), Ctrl+Shift+C too.
void TestLectureHall::ctrlEExportsTheComparisonShown()
{
    m_window->applyScenario(findPreset("why-scale")->scenario);
    gui::deliverQueued();
    QVERIFY(m_model->compare() == CompareKind::Scaling);
    QVERIFY(press(Qt::Key_F5)); // in presentation mode: the dialog's text the projector's size
    QTemporaryDir dir;
    const QString path = dir.filePath("block2.png");
    bool comparison = false;
    int fieldPixels = 0;
    FigureOptions chosen;
    QTimer::singleShot(0, this, [&] {
        auto *dialog = qobject_cast<ExportDialog *>(QApplication::activeModalWidget());
        if (!dialog)
            return;
        comparison = dialog->windowTitle() == QStringLiteral("Export the comparison");
        fieldPixels = QFontInfo(dialog->findChild<QLineEdit *>("export-path")->font()).pixelSize();
        chosen = dialog->options();
        dialog->setPath(path);
        dialog->accept();
    });
    QVERIFY(press(Qt::Key_E, Qt::ControlModifier));
    QVERIFY(comparison);
    QVERIFY2(fieldPixels >= 18, qPrintable(QString::number(fieldPixels)));
    // The file is the comparison's picture, both sides, with the options the dialog showed.
    const QImage picture(path);
    QVERIFY2(!picture.isNull(), qPrintable(path));
    const QString both = dir.filePath("both.png");
    QString error;
    QVERIFY2(m_window->exportComparison(both, CompareKind::Scaling, &error, &chosen), qPrintable(error));
    QCOMPARE(picture, QImage(both));
    // Copy image: the comparison too.
    QGuiApplication::clipboard()->clear();
    QVERIFY(press(Qt::Key_C, Qt::ControlModifier | Qt::ShiftModifier));
    const QImage copied = QGuiApplication::clipboard()->image();
    const FigureOptions shown = m_window->comparisonFigureOptions(CompareKind::Scaling);
    QCOMPARE(copied.size(), shown.size);
}

void TestLectureHall::aDemoFileReopensAsSaved()
{
    // A demo prepared: presentation mode, lesson step 5, Why scale? on its own settings, the Mistakes window on top.
    QVERIFY(press(Qt::Key_F5));
    for (int i = 0; i < 5; ++i) // the first opens the lecture's lesson on step 1
        QVERIFY(press(Qt::Key_PageDown));
    QCOMPARE(m_window->lesson()->currentStep(), 4);
    const attn::Params step5 = m_model->params();
    QVERIFY(press(Qt::Key_W));
    WhyScaleWindow *why = windows()->whyScale();
    QTRY_COMPARE_WITH_TIMEOUT(active(), static_cast<QWidget *>(why), kWait);
    why->setSettings(32, 100, attn::Scaling::InvDk);
    windows()->toggle(QStringLiteral("showMistakes"));
    MistakesWindow *mistakes = windows()->mistakes();
    QTRY_COMPARE_WITH_TIMEOUT(active(), static_cast<QWidget *>(mistakes), kWait);
    QVERIFY(press(Qt::Key_Right));
    const attn::Mistake mistake = mistakes->mistake();
    QVERIFY(mistake != attn::Mistake::NoScale);
    // Saved by File > Save as demo's key, Ctrl+Shift+S, pressed in the Mistakes window on top (the menus are the
    // main window's; their keys did nothing there); the keys back to the Mistakes window after the dialog.
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("demo.json"));
    gui::answerFileDialog(path);
    QVERIFY(press(Qt::Key_S, Qt::ControlModifier | Qt::ShiftModifier));
    QTRY_VERIFY_WITH_TIMEOUT(QFileInfo::exists(path), kWait);
    QTRY_COMPARE_WITH_TIMEOUT(active(), static_cast<QWidget *>(mistakes), kWait);
    // F1's list from there too, and after it the keys the Mistakes window's again (they went to the main one).
    // The list is of the Mistakes window's own keys first, under its title.
    bool listed = false;
    QString list;
    gui::whenModal([&listed, &list](QWidget *modal) {
        listed = modal->objectName() == QLatin1String("shortcutsDialog");
        if (auto *text = modal->findChild<QTextBrowser *>(QStringLiteral("shortcutsList")))
            list = text->toPlainText();
        modal->close();
        return true;
    });
    QVERIFY(press(Qt::Key_F1));
    QVERIFY(listed);
    QVERIFY2(list.contains(QStringLiteral("The next mistake")), qPrintable(list.left(400)));
    QVERIFY(list.indexOf(mistakes->windowTitle()) >= 0);
    QVERIFY(list.indexOf(mistakes->windowTitle()) < list.indexOf(QStringLiteral("The next mistake")));
    QVERIFY(list.indexOf(QStringLiteral("The next mistake")) < list.indexOf(QStringLiteral("The main window's keys")));
    QVERIFY(list.contains(QStringLiteral("Close this window")));
    QTRY_COMPARE_WITH_TIMEOUT(active(), static_cast<QWidget *>(mistakes), kWait);
    QString error;
    // Everything else: out of presentation, the windows closed, another step, another mistake.
    QVERIFY(press(Qt::Key_Escape));
    QVERIFY(press(Qt::Key_Escape));
    QVERIFY(press(Qt::Key_Escape));
    QVERIFY(!m_window->isPresentation());
    QVERIFY(!why->isVisible() && !mistakes->isVisible());
    QVERIFY(press(Qt::Key_PageUp));
    mistakes->setMistake(attn::Mistake::NoScale);
    why->setSettings(16, 200, attn::Scaling::InvSqrtDk);
    // Opened: as it was saved, the keys the Mistakes window's.
    const auto demo = loadScenario(path, &error);
    QVERIFY2(demo, qPrintable(error));
    m_window->applyScenario(*demo);
    QVERIFY(m_window->isPresentation());
    QCOMPARE(m_window->lesson()->currentStep(), 4);
    QVERIFY(m_window->lesson()->onStep());
    QVERIFY(m_model->params() == step5);
    QCOMPARE(windows()->openNames(), (QStringList { "why-scale", "mistakes" }));
    QCOMPARE(mistakes->mistake(), mistake);
    QCOMPARE(why->settings().keys, 32);
    QCOMPARE(why->settings().trials, 100);
    QCOMPARE(why->settings().scaling, attn::Scaling::InvDk);
    const QRect screen = m_window->screen()->geometry();
    QTRY_VERIFY_WITH_TIMEOUT(mistakes->geometry() == screen && why->geometry() == screen, kWait);
    QTRY_COMPARE_WITH_TIMEOUT(active(), static_cast<QWidget *>(mistakes), kWait);
    QVERIFY(press(Qt::Key_Escape)); // the keys go down the same stack
    QTRY_COMPARE_WITH_TIMEOUT(active(), static_cast<QWidget *>(why), kWait);
    QVERIFY(press(Qt::Key_Escape));
    QTRY_COMPARE_WITH_TIMEOUT(active(), static_cast<QWidget *>(m_window), kWait);
    QVERIFY(press(Qt::Key_PageDown)); // and the lesson goes on from its step
    QCOMPARE(m_window->lesson()->currentStep(), 5);
    // A plain scenario leaves the classroom as it is.
    Scenario plain = *demo;
    plain.classroom.reset();
    m_window->applyScenario(plain);
    QVERIFY(m_window->isPresentation());
}

PROJECTOR_TEST_MAIN(TestLectureHall)
#include "tst_lecture_hall.moc"
