// SPDX-License-Identifier: GPL-3.0-or-later
// Light and dark themes (View > Theme, --theme): in each, every text the windows show is readable on what is
// behind it (WCAG contrast), the plots and their heatmaps keep their colours, and the menu switches the theme
// of the running program and back to the system's.
#include "gui_driver.h"
#include "model/attention_model.h"
#include "render/heatmap_drawing.h"
#include "widgets/controls_panel.h"
#include "widgets/explanation_panel.h"
#include "widgets/heatmap_panel.h"
#include "widgets/main_window.h"
#include "widgets/mistakes_window.h"
#include "widgets/theme.h"
#include "widgets/training_window.h"
#include "widgets/why_scale_window.h"

#include <QCheckBox>
#include <QDockWidget>
#include <QGroupBox>
#include <QLabel>
#include <QRadioButton>
#include <QStyleOptionButton>
#include <qcustomplot.h>

#include <QtTest>

#include <cmath>

namespace {

// Every shown text widget of root's windows whose text colour is too close to its background: WCAG's 4.5 for
// text that can be used; greyed-out text (which WCAG exempts) must still show, 1.5 (Fusion's light palette
// greys it at 1.6).
QStringList unreadable(QWidget *root, int *checked)
{
    QStringList bad;
    QList<QWidget *> widgets = root->findChildren<QWidget *>();
    widgets.prepend(root);
    for (QWidget *w : widgets) {
        QString text;
        if (const auto *l = qobject_cast<QLabel *>(w))
            text = l->text();
        else if (const auto *b = qobject_cast<QAbstractButton *>(w))
            text = b->text();
        else if (const auto *g = qobject_cast<QGroupBox *>(w))
            text = g->title();
        if (text.trimmed().isEmpty() || !w->isVisible() || w->window()->property("presentation").toBool())
            continue;
        ++*checked;
        const QPalette p = w->palette();
        const QColor fg = p.color(w->isEnabled() ? QPalette::Active : QPalette::Disabled, w->foregroundRole());
        const QColor bg = p.color(QPalette::Active, w->backgroundRole());
        const double ratio = contrastRatio(fg, bg);
        if (ratio < (w->isEnabled() ? 4.5 : 1.5))
            bad << QStringLiteral("%1 '%2': %3 on %4, contrast %5")
                       .arg(w->objectName(), text.left(40), fg.name(), bg.name())
                       .arg(ratio, 0, 'f', 2);
    }
    return bad;
}

struct Window
{
    AttentionModel model;
    MainWindow window { &model, false };

    Window()
    {
        window.resize(1280, 720);
        window.show();
        model.setCompare(CompareKind::Scaling, 16);
        window.showMistakes(attn::Mistake::NoScale);
        window.training()->show();
        window.whyScale()->show();
        settle();
    }
    void settle()
    {
        gui::deliverQueued();
        window.settle();
        QVERIFY(QTest::qWaitFor([this] { return !window.whyScale()->running(); }, gui::kPatienceMs));
        gui::deliverQueued();
    }
};

} // namespace

class TestTheme : public QObject
{
    Q_OBJECT
private slots:
    void cleanup() { applyTheme("system"); }

    void everyTextIsReadable_data()
    {
        QTest::addColumn<QString>("theme");
        QTest::newRow("light") << "light";
        QTest::newRow("dark") << "dark";
    }
    void everyTextIsReadable()
    {
        QFETCH(QString, theme);
        applyTheme(theme);
        QCOMPARE(isDark(QApplication::palette()), theme == "dark");
        Window w;
        int checked = 0;
        for (QWidget *root : std::initializer_list<QWidget *> { &w.window, w.window.mistakes() }) {
            const QStringList bad = unreadable(root, &checked);
            QVERIFY2(bad.isEmpty(), qPrintable(bad.join('\n')));
        }
        QVERIFY2(checked > 60, qPrintable(QString::number(checked))); // the settings, the windows' labels
    }

    // An unticked check box or radio button stands out from the window (WCAG's 3:1 for a control), in both
    // themes: Fusion alone draws its outline darker than a dark window.
    void uncheckedBoxesShow_data() { everyTextIsReadable_data(); }
    void uncheckedBoxesShow()
    {
        QFETCH(QString, theme);
        applyTheme(theme);
        QWidget window;
        auto *box = new QCheckBox("box", &window);
        auto *radio = new QRadioButton("radio", &window);
        radio->move(0, 40);
        window.resize(200, 80);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        const QImage image = window.grab().toImage();
        const QColor background = window.palette().color(QPalette::Window);
        for (QAbstractButton *b : std::initializer_list<QAbstractButton *> { box, radio }) {
            QStyleOptionButton option;
            option.initFrom(b);
            const QRect indicator = b->style()
                                        ->subElementRect(qobject_cast<QCheckBox *>(b) ? QStyle::SE_CheckBoxIndicator
                                                                                      : QStyle::SE_RadioButtonIndicator,
                                            &option, b)
                                        .translated(b->pos());
            double most = 1.0;
            const double ratio = image.devicePixelRatio();
            for (int y = indicator.top(); y <= indicator.bottom(); ++y)
                for (int x = indicator.left(); x <= indicator.right(); ++x)
                    most = std::max(most, contrastRatio(image.pixelColor(int(x * ratio), int(y * ratio)), background));
            QVERIFY2(most >= 3.0, qPrintable(QString("%1: %2").arg(b->text()).arg(most)));
        }
    }

    void thePlotsKeepTheirColours()
    {
        Window w;
        applyTheme("light");
        w.settle();
        const QImage light = w.window.heatmap()->plot()->grab().toImage();
        applyTheme("dark");
        w.settle();
        QVERIFY(isDark(w.window.palette()));
        const QImage dark = w.window.heatmap()->plot()->grab().toImage();
        QCOMPARE(dark.size(), light.size());
        QVERIFY2(dark == light, "the heatmap's plot changed with the theme");
        QVERIFY(isDark(w.window.explanation()->palette())); // while the text around it turned light on dark
    }

    // Presentation mode (white, black) in the dark theme, then back to the system's colours: the settings panel
    // follows the theme again (it kept the dark palette the presentation's style sheet had saved).
    void presentationThenAnotherTheme()
    {
        const QColor system = QApplication::palette().color(QPalette::Window);
        Window w;
        applyTheme("dark");
        w.settle();
        w.window.setPresentation(true, false);
        w.settle();
        w.window.setPresentation(false);
        w.settle();
        QVERIFY(isDark(w.window.controls()->palette()));
        applyTheme("system");
        w.settle();
        for (QWidget *x : std::initializer_list<QWidget *> { &w.window, w.window.controls(),
                 w.window.findChild<QDockWidget *>("settingsDock"), w.window.explanation() })
            QCOMPARE(x->palette().color(QPalette::Window), system);
        for (QWidget *x : w.window.controls()->findChildren<QWidget *>())
            QVERIFY2(!isDark(x->palette()), qPrintable(x->objectName() + " " + x->metaObject()->className()));
    }

    void theMenuSwitchesAndGoesBackToTheSystem()
    {
        const QPalette system = QApplication::palette();
        Window w;
        QVERIFY(gui::chooseMenu(&w.window, { "View", "Theme", "Dark" }));
        QTRY_VERIFY_WITH_TIMEOUT(isDark(QApplication::palette()), gui::kPatienceMs);
        QCOMPARE(themeName(), QString("dark"));
        QTRY_VERIFY_WITH_TIMEOUT(
            isDark(w.window.mistakes()->palette()), gui::kPatienceMs); // (the windows hear of it through posted events)
        QVERIFY(gui::chooseMenu(&w.window, { "View", "Theme", "System colours" }));
        QTRY_COMPARE_WITH_TIMEOUT(themeName(), QString("system"), gui::kPatienceMs);
        QCOMPARE(QApplication::palette().color(QPalette::Window), system.color(QPalette::Window));
        QCOMPARE(QApplication::palette().color(QPalette::WindowText), system.color(QPalette::WindowText));
    }
};

QTEST_MAIN(TestTheme)
#include "tst_theme.moc"
