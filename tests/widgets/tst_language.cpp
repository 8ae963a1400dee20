// SPDX-License-Identifier: GPL-3.0-or-later
// Switching the language while the program runs: every text the windows show afterwards (labels, buttons,
// tooltips, menus, combo boxes, plots' labels, window titles) is the text a window opened in that language
// shows, in both directions, and the View > Language menu does it.
#include "gui_driver.h"
#include "model/messages.h"
#include "model/translations.h"
#include "widgets/explanation_panel.h"
#include "widgets/heads_window.h"
#include "widgets/hull_window.h"
#include "widgets/mistakes_window.h"
#include "widgets/pipeline_view.h"
#include "widgets/training_window.h"
#include "widgets/why_scale_window.h"

#include "model/attention_model.h"
#include "widgets/main_window.h"

#include <QAbstractSpinBox>
#include <QDockWidget>
#include <QGroupBox>
#include <QLabel>
#include <QMenuBar>
#include <QRegularExpression>
#include <QSet>
#include <QTabBar>
#include <QTextBlock>
#include <QTextDocument>
#include <QTextEdit>
#include <QTextLayout>
#include <qcustomplot.h>

#include <QtTest>

#include <memory>

namespace {

const QString kChineseTitle = QString::fromUtf8("attention-viz — 你的设置");

// Every text a user can see or hover in root's windows, sorted.
QStringList textsOf(QWidget *root)
{
    QStringList out;
    // (a plot's title wrapped to its width, which a window not yet laid out does not have, compares as one line)
    const auto add = [&out](const QString &s) {
        if (!s.trimmed().isEmpty())
            out << QString(s).replace('\n', ' ');
    };
    const auto addActions = [&](const QList<QAction *> &actions) {
        for (const QAction *a : actions) {
            add(a->text());
            add(a->iconText());
            add(a->toolTip());
            add(a->statusTip());
        }
    };
    QList<QWidget *> widgets = root->findChildren<QWidget *>();
    widgets.prepend(root);
    for (QWidget *w : widgets) {
        if (w->isWindow())
            add(w->windowTitle());
        add(w->toolTip());
        add(w->whatsThis());
        // (not the menu of the menu bar's overflow button: it holds what does not fit just now)
        if (!(qobject_cast<QMenu *>(w) && qobject_cast<QMenuBar *>(w->parent())
                && static_cast<QMenu *>(w)->title().isEmpty()))
            addActions(w->actions());
        if (const auto *l = qobject_cast<QLabel *>(w))
            add(l->text());
        if (const auto *b = qobject_cast<QAbstractButton *>(w))
            add(b->text());
        if (const auto *g = qobject_cast<QGroupBox *>(w))
            add(g->title());
        if (const auto *d = qobject_cast<QDockWidget *>(w))
            add(d->windowTitle());
        if (const auto *m = qobject_cast<QMenu *>(w))
            add(m->title());
        if (const auto *e = qobject_cast<QLineEdit *>(w))
            add(e->placeholderText());
        if (const auto *t = qobject_cast<QTextEdit *>(w))
            add(t->toPlainText());
        if (const auto *s = qobject_cast<QSpinBox *>(w))
            add(s->prefix() + '|' + s->suffix() + '|' + s->specialValueText());
        if (const auto *s = qobject_cast<QDoubleSpinBox *>(w))
            add(s->prefix() + '|' + s->suffix() + '|' + s->specialValueText());
        if (const auto *c = qobject_cast<QComboBox *>(w))
            for (int i = 0; i < c->count(); ++i) {
                add(c->itemText(i));
                add(c->itemData(i, Qt::ToolTipRole).toString());
            }
        if (const auto *t = qobject_cast<QTabBar *>(w))
            for (int i = 0; i < t->count(); ++i) {
                add(t->tabText(i));
                add(t->tabToolTip(i));
            }
        if (auto *p = qobject_cast<QCustomPlot *>(w)) {
            for (QCPAxisRect *r : p->axisRects())
                for (QCPAxis *a : r->axes())
                    add(a->label());
            for (int i = 0; i < p->itemCount(); ++i)
                if (const auto *t = qobject_cast<QCPItemText *>(p->item(i)))
                    add(t->text());
            for (int i = 0; i < p->plottableCount(); ++i)
                add(p->plottable(i)->name());
            for (QCPLayoutElement *e : p->plotLayout()->elements(true))
                if (const auto *t = qobject_cast<QCPTextElement *>(e))
                    add(t->text());
        }
    }
    out.sort();
    return out;
}

// What one list has that the other has not (as multisets), for the failure message.
QString difference(const QStringList &got, const QStringList &expected)
{
    QStringList extra = got, missing = expected;
    for (const QString &s : expected)
        extra.removeOne(s);
    for (const QString &s : got)
        missing.removeOne(s);
    QString text;
    for (const QString &s : extra.mid(0, 12))
        text += "\n  shown, not in a fresh window: " + s.left(160);
    for (const QString &s : missing.mid(0, 12))
        text += "\n  in a fresh window, not shown: " + s.left(160);
    return QStringLiteral("%1 texts differ:%2").arg(extra.size() + missing.size()).arg(text);
}

// A window in a state with many texts: a comparison on, padding, the lecture's lesson at step 3, and its
// other windows open.
struct Window
{
    AttentionModel model;
    MainWindow window { &model, false };

    Window()
    {
        window.resize(1400, 900);
        window.show();
        window.stepLesson(+1);
        window.stepLesson(+1);
        window.stepLesson(+1);
        attn::Params p = model.params();
        attn::setMask(p, attn::MaskKind::Pad, 1);
        model.setParams(p);
        model.setCompare(CompareKind::Scaling, 16);
        for (QWidget *w : std::initializer_list<QWidget *> { window.pipeline(), window.whyScale(), window.training(),
                 window.hull(), window.findChild<HeadsWindow *>() })
            w->show();
        window.showMistakes(attn::Mistake::MhaMaskInSdpa);
        settle();
    }

    // Posted events (the LanguageChange among them) handled, the deleted widgets gone, the computations and
    // the "Why scale?" sweep finished.
    void settle()
    {
        for (int i = 0; i < 3; ++i) {
            gui::deliverQueued();
            window.settle();
            QVERIFY(QTest::qWaitFor([this] { return !window.whyScale()->running(); }, gui::kPatienceMs));
        }
    }

    QStringList texts() { return textsOf(&window); }
};

} // namespace

class TestLanguage : public QObject
{
    Q_OBJECT
private slots:
    void cleanup() { setInterfaceLanguage("en"); }

    void switchedWindowsShowWhatFreshOnesShow()
    {
        QVERIFY(setInterfaceLanguage("en"));
        Window english;
        const QStringList englishTexts = english.texts();
        QVERIFY(englishTexts.size() > 300);

        QVERIFY(setInterfaceLanguage("zh"));
        QVERIFY(interfaceIsChinese());
        english.settle(); // the LanguageChange events are posted
        QCOMPARE(english.window.windowTitle(), kChineseTitle);
        const QStringList switched = english.texts();
        {
            Window chinese;
            const QStringList fresh = chinese.texts();
            QVERIFY2(switched == fresh, qPrintable(difference(switched, fresh)));
        }
        // The switch changed most texts: a test of a switch that did nothing would fail here.
        int same = 0;
        for (const QString &s : switched)
            same += englishTexts.contains(s);
        QVERIFY2(same < switched.size() / 2, qPrintable(QString("%1 of %2 unchanged").arg(same).arg(switched.size())));

        QVERIFY(setInterfaceLanguage("en"));
        english.settle();
        const QStringList back = english.texts();
        QVERIFY2(back == englishTexts, qPrintable(difference(back, englishTexts)));
    }

    // The core's and the readers' English messages, in parts, with their numbers, values and paths put back.
    void messagesInChinese()
    {
        QStringList values;
        QCOMPARE(messageTemplate("expected a whole number from 1 to 65536, got '2.5'", &values),
            QString("expected a whole number from %1 to %2, got %3"));
        QCOMPARE(values, QStringList({ "1", "65536", "'2.5'" }));
        values.clear();
        QCOMPARE(messageTemplate("the lecture's mistakes are the dot product's; leave out --score additive", &values),
            QString("the lecture's mistakes are the dot product's; leave out %1 additive"));
        QCOMPARE(messageParts(R"(title: expected a string or {"en": ..., "zh": ...})").size(), 2);
        const QString english = "rows that do not sum to 1: 3 of 5 (from 0.5 to 1.2): not a softmax over the keys";
        QCOMPARE(translatedMessage(english), english); // English: as it is
        QVERIFY(setInterfaceLanguage("zh"));
        QCOMPARE(translatedMessage(english),
            QString::fromUtf8("行和不为 1 的行：5 行中有 3 行（从 0.5 到 1.2）：不是沿键维的 softmax"));
        QCOMPARE(translatedMessage("/tmp/s.json: not valid JSON (unterminated string at byte 41)"),
            QString::fromUtf8("/tmp/s.json：不是有效的 JSON（第 41 字节处未终止的字符串）"));
        QCOMPARE(translatedMessage("no translation for this one: 42"), QString("no translation for this one: 42"));
    }

    void theMenuSwitchesAndTheCaptionFollows()
    {
        QVERIFY(setInterfaceLanguage("en"));
        Window w;
        const QString caption = w.window.captionText();
        QVERIFY(!caption.isEmpty());
        QVERIFY(gui::chooseMenu(&w.window, { "View", "Language", QString::fromUtf8("中文") }));
        QTRY_VERIFY_WITH_TIMEOUT(interfaceIsChinese(), gui::kPatienceMs);
        w.settle();
        QCOMPARE(w.window.windowTitle(), kChineseTitle);
        QVERIFY(w.window.captionText() != caption); // the lesson's Chinese title and caption
        // A long tooltip is rich text, which Qt wraps, in Chinese too (fewer characters, as wide).
        QVERIFY(gui::find<QSlider>(&w.window, "dk-slider")->toolTip().startsWith("<p>"));
        QVERIFY(gui::chooseMenu(&w.window, { QString::fromUtf8("视图(V)"), QString::fromUtf8("语言(L)"), "English" }));
        QTRY_VERIFY_WITH_TIMEOUT(!interfaceIsChinese(), gui::kPatienceMs);
        w.settle();
        QCOMPARE(w.window.captionText(), caption);
        QCOMPARE(w.window.windowTitle(), QString("attention-viz — your settings"));
    }

    // Qt breaks a decimal inside Chinese text after its point ("0." at a line's end, "35" on the next). Laid out as
    // the caption lays it out (rich text, its font) at every width from 200 to 1900 pixels, no line of any step of
    // the built-in lesson's Chinese caption ends in a digit and a point with the next line starting with a digit.
    void chineseCaptionsKeepNumbersWhole()
    {
        QVERIFY(setInterfaceLanguage("zh"));
        AttentionModel model;
        MainWindow window { &model, false };
        window.show();
        const auto *caption = window.findChild<QLabel *>("caption");
        QVERIFY(caption);
        const QRegularExpression decimal(QString::fromUtf8("\\d\\.\\d"));
        QSet<QString> captions;
        int decimals = 0, breaks = 0;
        for (int step = 0; step < 10; ++step) {
            window.stepLesson(+1);
            window.settle();
            const QString plain = window.captionText();
            if (captions.contains(plain))
                continue;
            captions.insert(plain);
            decimals += int(plain.count(decimal));
            QTextDocument doc;
            doc.setDefaultFont(caption->font());
            QTextOption wrap = doc.defaultTextOption();
            wrap.setWrapMode(QTextOption::WordWrap); // a word-wrapping QLabel's
            doc.setDefaultTextOption(wrap);
            doc.setHtml(caption->text());
            for (int width = 200; width <= 1900; width += 10) {
                doc.setTextWidth(width);
                QVERIFY(doc.size().width() > 0); // laid out (a document lays itself out when asked its size)
                for (QTextBlock b = doc.begin(); b.isValid(); b = b.next()) {
                    const QTextLayout *layout = b.layout();
                    breaks += layout->lineCount() - 1;
                    for (int i = 0; i + 1 < layout->lineCount(); ++i) {
                        const QTextLine line = layout->lineAt(i);
                        const QString end = b.text().mid(line.textStart(), line.textLength()).remove(QChar(0x2060));
                        const QString next = b.text().mid(layout->lineAt(i + 1).textStart()).remove(QChar(0x2060));
                        const bool split = end.size() >= 2 && end.endsWith('.') && end.at(end.size() - 2).isDigit()
                            && !next.isEmpty() && next.at(0).isDigit();
                        QVERIFY2(!split, qPrintable(QString("at %1 px: \"%2\" | \"%3\"").arg(width).arg(end, next)));
                    }
                }
            }
        }
        QCOMPARE(captions.size(), 9);
        QVERIFY2(decimals >= 10, qPrintable(QString::number(decimals))); // the captions' numbers were looked at
        QVERIFY2(breaks > 1000, qPrintable(QString::number(breaks))); // ... and the places their lines break
    }
};

QTEST_MAIN(TestLanguage)
#include "tst_language.moc"
