// SPDX-License-Identifier: GPL-3.0-or-later
// The window laid out as a lecture hall sees it: for each of the lecture's presets and each step of
// the built-in lesson, at 1280×720 and 1920×1080, normal and in presentation mode,
// - the window keeps its size (nothing asks for more room than a 720p projector has);
// - no two pieces of text overlap: the laid-out labels and buttons of the window, and inside each
//   heatmap its tick labels, axis labels, cell values and bar values, all inside their plot;
// - in presentation mode the cell values of matrices up to 8 × 8 (the lecture's are up to 5 × 6) are
//   at least 18 pixels high at 720p (24 at 1080p) and the heatmap has at least half the window's height;
// - side by side, the two maps' rows line up, and the lecture's correct version stands on the left.
// (tests/ocr_cells.sh reads the screenshots' numbers with OCR, as the back row would.)
#include "fake_clock.h"
#include "io/scenario.h"
#include "shown_window.h"
#include "widgets/explanation_panel.h"
#include "widgets/heatmap_panel.h"
#include "widgets/steady_box.h"

#include <QAbstractButton>
#include <QLabel>
#include <QVBoxLayout>
#include <QtTest>

class TestLayout : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void laidOut_data();
    void laidOut();
    void switchingExamplesKeepsTheLayout();
    void gradientPanelsKeepTheMapsEqual();
    void aNewNumberRelaysOutOnlyItsStrip();
    void computingIsSaidOnlyWhenItTakesLong();
    void theGridFollowsTheLaidOutMap();
};

namespace {

// Every visible label and button of the window with its rectangle in window coordinates.
QList<QPair<QString, QRect>> widgetRects(const QWidget *window)
{
    QList<QPair<QString, QRect>> out;
    for (QWidget *w : window->findChildren<QWidget *>()) {
        if (!w->isVisible() || !(qobject_cast<QLabel *>(w) || qobject_cast<QAbstractButton *>(w)))
            continue;
        if (w->window() != window || w->width() <= 0 || w->height() <= 0)
            continue;
        if (w->visibleRegion().boundingRect() != w->rect())
            continue; // partly scrolled out of a scroll area (the settings panel at 720p): not laid over anything
        if (auto *l = qobject_cast<QLabel *>(w); l && l->text().isEmpty())
            continue; // a kept, empty place (the aligned notes of a comparison)
        const QString name = qobject_cast<QLabel *>(w) ? qobject_cast<QLabel *>(w)->text()
                                                       : qobject_cast<QAbstractButton *>(w)->text();
        out << qMakePair(name.left(40), QRect(w->mapTo(window, QPoint(0, 0)), w->size()));
    }
    return out;
}

// A widget inside another one (a label in the settings' group box) is not an overlap.
bool nested(const QRect &a, const QRect &b)
{
    return a.contains(b) || b.contains(a);
}

} // namespace

void TestLayout::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
}

void TestLayout::laidOut_data()
{
    QTest::addColumn<QString>("preset"); // empty: a lesson step
    QTest::addColumn<int>("step");
    QTest::addColumn<QSize>("size");
    QTest::addColumn<bool>("presentation");
    QString error;
    const auto lesson = loadLesson(builtInLessonPath(), &error);
    QVERIFY2(lesson, qPrintable(error));
    for (const QSize size : { QSize(1280, 720), QSize(1920, 1080) })
        for (const bool present : { false, true }) {
            const QString mode = present ? "presentation" : "window";
            for (const Preset &p : presets())
                QTest::addRow("%s %dx%d %s", qPrintable(p.name), size.width(), size.height(), qPrintable(mode))
                    << p.name << 0 << size << present;
            for (int k = 0; k < int(lesson->steps.size()); ++k)
                QTest::addRow("step %d %dx%d %s", k + 1, size.width(), size.height(), qPrintable(mode))
                    << QString() << k << size << present;
        }
}

void TestLayout::laidOut()
{
    QFETCH(QString, preset);
    QFETCH(int, step);
    QFETCH(QSize, size);
    QFETCH(bool, presentation);
    auto shown = showWindow(size);
    QVERIFY(shown);
    MainWindow &w = shown->window;
    if (preset.isEmpty()) {
        QString error;
        QVERIFY2(w.openLesson(builtInLessonPath(), &error), qPrintable(error));
        w.lesson()->step(step);
    } else
        w.applyScenario(findPreset(preset)->scenario);
    w.setPresentation(presentation, false);
    w.resize(size);
    w.settle();
    QCOMPARE(w.size(), size); // nothing asked for more room

    // The window's labels and buttons: inside it, none over another.
    const auto widgets = widgetRects(&w);
    for (int a = 0; a < widgets.size(); ++a) {
        QVERIFY2(w.rect().contains(widgets[a].second),
            qPrintable(QString("'%1' %2,%3 %4x%5 is outside the window")
                           .arg(widgets[a].first)
                           .arg(widgets[a].second.x())
                           .arg(widgets[a].second.y())
                           .arg(widgets[a].second.width())
                           .arg(widgets[a].second.height())));
        for (int b = a + 1; b < widgets.size(); ++b)
            QVERIFY2(!widgets[a].second.intersects(widgets[b].second) || nested(widgets[a].second, widgets[b].second),
                qPrintable(QString("'%1' overlaps '%2'").arg(widgets[a].first, widgets[b].first)));
    }

    // Inside each heatmap: every text inside the plot, none over another.
    const bool comparing = w.comparison()->isOn();
    for (HeatmapPanel *h : { w.heatmap(), w.partnerHeatmap() }) {
        if (!h->isVisible())
            continue;
        const auto texts = h->textRects();
        const QRectF plot = h->plot()->rect();
        for (int a = 0; a < texts.size(); ++a) {
            const QRectF r = texts[a].second.adjusted(1, 1, -1, -1); // anti-aliased edges may touch
            QVERIFY2(plot.contains(r),
                qPrintable(QString("'%1' at %2,%3 %4x%5 leaves the plot (%6x%7)")
                               .arg(texts[a].first)
                               .arg(r.x())
                               .arg(r.y())
                               .arg(r.width())
                               .arg(r.height())
                               .arg(plot.width())
                               .arg(plot.height())));
            for (int b = a + 1; b < texts.size(); ++b)
                QVERIFY2(!r.intersects(texts[b].second.adjusted(1, 1, -1, -1)),
                    qPrintable(QString("'%1' (%3,%4 %5x%6) overlaps '%2' (%7,%8 %9x%10)")
                                   .arg(texts[a].first, texts[b].first)
                                   .arg(r.x())
                                   .arg(r.y())
                                   .arg(r.width())
                                   .arg(r.height())
                                   .arg(texts[b].second.x())
                                   .arg(texts[b].second.y())
                                   .arg(texts[b].second.width())
                                   .arg(texts[b].second.height())));
        }
        // The lecture's matrices (up to 5 × 6; 8 × 8 here): their values large. (Side by side at 720p a
        // 16 × 16 matrix has 20-pixel cells: its colours carry it, and hovering gives every number.)
        if (presentation && h->grid().values.rows() <= 8 && h->grid().values.cols() <= 8) {
            const int least = size.height() >= 1080 ? 24 : 18;
            QVERIFY2(h->cellTextPixelSize() >= least,
                qPrintable(QString("cell values %1 px high, want %2").arg(h->cellTextPixelSize()).arg(least)));
        }
    }
    if (presentation) {
        const int maps = w.heatmap()->height() + (comparing && w.isStacked() ? w.partnerHeatmap()->height() : 0);
        QVERIFY2(maps >= size.height() / 2,
            qPrintable(QString("the heatmaps have %1 of %2 pixels").arg(maps).arg(size.height())));
    }
    if (comparing && !w.isStacked()) {
        // Side by side: the rows line up, and the lecture's version (its scaling, dim -1) is on the left.
        const QRect a = w.heatmap()->heatmapRect(), b = w.partnerHeatmap()->heatmapRect();
        const int ya = w.heatmap()->plot()->mapTo(&w, a.topLeft()).y();
        const int yb = w.partnerHeatmap()->plot()->mapTo(&w, b.topLeft()).y();
        QVERIFY2(std::abs(ya - yb) <= 1 && std::abs(a.height() - b.height()) <= 1,
            qPrintable(QString("rows do not line up: top %1 vs %2, height %3 vs %4")
                           .arg(ya)
                           .arg(yb)
                           .arg(a.height())
                           .arg(b.height())));
    }
    if (comparing) {
        HeatmapPanel *first = w.comparison()->mainSide() == 0 ? w.heatmap() : w.partnerHeatmap();
        const QPoint at = first->mapTo(&w, QPoint(0, 0));
        HeatmapPanel *second = first == w.heatmap() ? w.partnerHeatmap() : w.heatmap();
        const QPoint bt = second->mapTo(&w, QPoint(0, 0));
        QVERIFY(w.isStacked() ? at.y() < bt.y() : at.x() < bt.x()); // the first side comes first
    }
}

// A cold run found this: why-scale (stacked), then wrong-dim, then F5 collapsed the maps to a few
// pixels (a spare row that grew on every re-layout). Each example, after any other, lays out as
// when opened first.
void TestLayout::switchingExamplesKeepsTheLayout()
{
    auto shown = showWindow(QSize(1280, 720));
    QVERIFY(shown);
    MainWindow &w = shown->window;
    for (const char *name : { "why-scale", "wrong-dim", "qkv-basics", "wrong-dim", "why-scale", "wrong-dim" }) {
        w.applyScenario(findPreset(name)->scenario);
        w.settle();
    }
    w.setPresentation(true, false);
    w.resize(1280, 720);
    w.settle();
    for (HeatmapPanel *h : { w.heatmap(), w.partnerHeatmap() }) {
        QVERIFY(h->isVisible());
        QVERIFY2(h->heatmapRect().height() >= 3 * 25, qPrintable(QString::number(h->heatmapRect().height())));
        QVERIFY2(h->cellTextPixelSize() >= 18, qPrintable(QString::number(h->cellTextPixelSize())));
    }
    QCOMPARE(w.heatmap()->heatmapRect().height(), w.partnerHeatmap()->heatmapRect().height());
}

// A cold run found this: after an example without the gradient panels, a side-by-side comparison that
// shows them (or the reverse, or G) left one map a sliver: the maps' shares were measured before the
// panels were laid out again. Side by side, the two maps keep the same width whatever came before.
void TestLayout::gradientPanelsKeepTheMapsEqual()
{
    for (bool presentation : { false, true }) {
        auto shown = showWindow(QSize(1280, 720));
        QVERIFY(shown);
        MainWindow &w = shown->window;
        w.setPresentation(presentation, false);
        // Side by side, equal maps after this state, after G and after G again.
        const auto check = [&](const QString &what) {
            for (int toggle = 0; toggle < 3; ++toggle) {
                if (toggle > 0) {
                    DisplayOptions d = shown->model.display();
                    d.gradientPanels = !d.gradientPanels;
                    shown->model.setDisplay(d);
                    w.settle();
                }
                if (w.isStacked() || !w.partnerHeatmap()->isVisible())
                    continue;
                const int a = w.heatmap()->heatmapRect().width(), b = w.partnerHeatmap()->heatmapRect().width();
                if (std::abs(a - b) > 4 || std::min(a, b) <= 20)
                    return QString("presentation %1, %2, toggle %3: maps %4 and %5 pixels wide")
                        .arg(presentation)
                        .arg(what)
                        .arg(toggle)
                        .arg(a)
                        .arg(b);
            }
            return QString();
        };
        // As the cold run went: the exercise, then the lesson at step 3 stepped to step 5 with Page Down
        // (steps 3 and 4 show the gradient panels, step 5 does not), then the examples. (Page Down from the
        // exercise itself goes on from the exercise's own step, the last.)
        w.applyScenario(findPreset("wrong-dim")->scenario);
        w.settle();
        QString error;
        QVERIFY2(w.openLesson(builtInLessonPath(), &error), qPrintable(error));
        w.lesson()->step(+2);
        w.settle();
        for (int k = 0; k < 2; ++k) {
            w.stepLesson(+1);
            w.settle();
        }
        QCOMPARE(shown->model.params().queryLength, 16);
        QString failed = check("lesson step 5");
        QVERIFY2(failed.isEmpty(), qPrintable(failed));
        for (const char *name : { "why-scale", "wrong-dim", "qkv-basics", "why-scale" }) {
            w.applyScenario(findPreset(name)->scenario);
            w.settle();
            failed = check(name);
            QVERIFY2(failed.isEmpty(), qPrintable(failed));
        }
    }
}

// A label's new text of the same size stays inside its SteadyBox (the window is not laid out again); a text that
// needs another line goes on to the window, which gives it the room. In the window: a new seed changes the
// statistics' numbers, not the strip's size, and the window is not laid out again for it.
void TestLayout::aNewNumberRelaysOutOnlyItsStrip()
{
    QWidget top;
    auto *layout = new QVBoxLayout(&top);
    auto *label = new QLabel(QStringLiteral("mean row entropy 1.2345 nats"));
    label->setWordWrap(true);
    auto *box = new SteadyBox(label, &top);
    layout->addWidget(new QLabel(QStringLiteral("above")));
    layout->addWidget(box);
    layout->addStretch(1);
    top.resize(300, 400);
    top.show();
    QVERIFY(QTest::qWaitForWindowExposed(&top));
    QCoreApplication::processEvents();
    const int before = box->passedOn(), height = box->height();
    label->setText(QStringLiteral("mean row entropy 1.2346 nats"));
    QCoreApplication::processEvents();
    QCoreApplication::processEvents();
    QCOMPARE(box->passedOn(), before);
    QCOMPARE(label->geometry(), box->rect());
    label->setText(QStringLiteral("mean row entropy 1.2346 nats, and a sentence long enough to need more than one "
                                  "line at three hundred pixels, and then some more words on top of it"));
    QCoreApplication::processEvents();
    QCoreApplication::processEvents();
    QCOMPARE(box->passedOn(), before + 1);
    QVERIFY2(box->height() > height, qPrintable(QString("%1 after %2").arg(box->height()).arg(height)));
    QCOMPARE(label->geometry(), box->rect());

    std::unique_ptr<ShownWindow> shown;
    QVERIFY(shown = showWindow());
    auto *strip = shown->window.findChild<SteadyBox *>();
    auto *panel = shown->window.findChild<ExplanationPanel *>();
    QVERIFY(strip && panel);
    attn::Params p = shown->model.params();
    p.seed = 11;
    shown->model.setParams(p);
    shown->model.waitForIdle();
    QCoreApplication::processEvents();
    QCoreApplication::processEvents();
    const QString statistics = panel->statisticsText();
    const int passed = strip->passedOn();
    p.seed = 12;
    shown->model.setParams(p);
    shown->model.waitForIdle();
    QCoreApplication::processEvents();
    QCoreApplication::processEvents();
    QVERIFY2(panel->statisticsText() != statistics, qPrintable(statistics));
    QCOMPARE(strip->passedOn(), passed);
}

// "computing…" in the status bar: not for a computation that ends within kBusyDelayMs (it would flash for a few
// milliseconds and repaint the window twice), said once one has run that long, gone when it ends. (The model's
// busy signal is given by hand, the time by a fake clock.)
void TestLayout::computingIsSaidOnlyWhenItTakesLong()
{
    FakeClock clock;
    std::unique_ptr<ShownWindow> shown;
    QVERIFY(shown = showWindow(QSize(1280, 720), clock));
    auto *busy = shown->window.findChild<QLabel *>("busy");
    QVERIFY(busy);
    const QSize size = busy->size();
    emit shown->model.busyChanged(true);
    clock.advanceMs(MainWindow::kBusyDelayMs - 1);
    QVERIFY(busy->text().isEmpty());
    emit shown->model.busyChanged(false);
    clock.advanceMs(MainWindow::kBusyDelayMs * 2);
    QVERIFY2(busy->text().isEmpty(), qPrintable(busy->text()));
    emit shown->model.busyChanged(true);
    clock.advanceMs(MainWindow::kBusyDelayMs);
    QCOMPARE(busy->text(), QStringLiteral("computing…"));
    QCOMPARE(busy->size(), size); // its place was kept: nothing moves
    emit shown->model.busyChanged(false);
    QVERIFY(busy->text().isEmpty());
}

// The heatmap of a long sequence is drawn a block per pixel: the blocks are those of the map as it is laid out after
// the change, not before (a new length changes the tick labels' width, the gradient panels take room; found by a
// cold check: the note said "largest of 5 × 4 cells" for a map that needed 5 × 5, and the map came out coarser than
// the screen after the gradient panels or a comparison came and went).
void TestLayout::theGridFollowsTheLaidOutMap()
{
    std::unique_ptr<ShownWindow> shown;
    QVERIFY(shown = showWindow(QSize(1280, 720)));
    auto *panel = shown->window.findChild<HeatmapPanel *>();
    QVERIFY(panel);
    const auto settle = [&] {
        shown->model.waitForIdle();
        for (int k = 0; k < 6; ++k)
            QCoreApplication::processEvents();
    };
    const auto check = [&](const char *what) {
        const QRect area = panel->heatmapRect();
        const attn::Params &p = shown->model.result()->params;
        const int rowStep = (p.queryLength + area.height() - 1) / area.height();
        const int colStep = (p.keyLength + area.width() - 1) / area.width();
        const attn::HeatmapGrid &g = panel->grid();
        return g.rowStep == rowStep && g.colStep == colStep
            ? QString()
            : QString("%1: grid %2 x %3 for a map of %4 x %5 px (needs %6 x %7)")
                  .arg(what)
                  .arg(g.rowStep)
                  .arg(g.colStep)
                  .arg(area.height())
                  .arg(area.width())
                  .arg(rowStep)
                  .arg(colStep);
    };
    attn::Params p = shown->model.params();
    p.mode = attn::Mode::Direct;
    p.queryLength = p.keyLength = 512;
    p.dK = 64;
    shown->model.setParams(p);
    settle();
    QString problem = check("L = 512");
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    p.queryLength = p.keyLength = 2048;
    shown->model.setParams(p);
    settle();
    problem = check("L = 2048");
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    for (bool on : { true, false }) {
        DisplayOptions d = shown->model.display();
        d.gradientPanels = on;
        shown->model.setDisplay(d);
        settle();
        problem = check(on ? "gradient panels on" : "gradient panels off");
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
    }
    QVERIFY(panel->noteText().contains(QString("%1 × %2").arg(panel->grid().rowStep).arg(panel->grid().colStep)));
}

QTEST_MAIN(TestLayout)
#include "tst_layout.moc"
