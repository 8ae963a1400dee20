// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/other_windows.h"

#include "model/translations.h"
#include "widgets/heads_window.h"
#include "widgets/hull_window.h"
#include "widgets/key_help.h"
#include "widgets/mistakes_window.h"
#include "widgets/pipeline_view.h"
#include "widgets/presentation.h"
#include "widgets/training_window.h"
#include "widgets/user_guide.h"
#include "widgets/weights_window.h"
#include "widgets/why_scale_window.h"

#include <QAction>
#include <QApplication>
#include <QEvent>
#include <QGuiApplication>
#include <QLayout>
#include <QShortcut>
#include <QTimer>
#include <QToolButton>

OtherWindows::OtherWindows(AttentionModel *model, QWidget *main)
    : QObject(main)
    , m_main(main)
    , m_pipeline(new PipelineView(model, main))
    , m_whyScale(new WhyScaleWindow(model, main))
    , m_training(new TrainingWindow(model->clock(), main))
    , m_hull(new HullWindow(model, main))
    , m_heads(new HeadsWindow(model, main))
    , m_mistakes(new MistakesWindow(model, main))
{
    for (QWidget *w :
        std::initializer_list<QWidget *> { m_pipeline, m_whyScale, m_training, m_hull, m_heads, m_mistakes })
        adopt(w);
    main->installEventFilter(this); // (when it has the keys)
    m_order << main;
    connect(m_mistakes, &MistakesWindow::whyScaleRequested, this, [this] { bringUp(m_whyScale); });
    connect(m_mistakes, &MistakesWindow::trainingRequested, this, [this] { bringUp(m_training); });
    connect(m_whyScale, &WhyScaleWindow::trainingRequested, this, [this] { bringUp(m_training); });
}

void OtherWindows::adopt(QWidget *w)
{
    w->setWindowFlag(Qt::Window); // a window of its own beside the main one
    w->installEventFilter(this); // who has the keys, and closing it gives them back (eventFilter)
    for (const QKeySequence &key : { QKeySequence(Qt::Key_Escape), QKeySequence(Qt::CTRL | Qt::Key_W) }) {
        auto *shortcut = describeKey(
            new QShortcut(key, w), "OtherWindows", QT_TRANSLATE_NOOP("OtherWindows", "Close this window"));
        connect(shortcut, &QShortcut::activated, this, [this, w] { close(w); });
    }
    connect(describeKey(new QShortcut(QKeySequence(Qt::Key_L), w), "OtherWindows",
                QT_TRANSLATE_NOOP("OtherWindows", "English or Chinese (中文)")),
        &QShortcut::activated, this, [] { switchInterfaceLanguage(); });
    for (const QPointer<QAction> &a : std::as_const(m_shared))
        if (a)
            w->addAction(a);
    if (m_presentation)
        present(w, true);
}

QList<QWidget *> OtherWindows::all() const
{
    QList<QWidget *> windows { m_pipeline, m_whyScale, m_training, m_hull, m_heads, m_mistakes };
    for (QWidget *w : std::initializer_list<QWidget *> { m_weights, m_guide })
        if (w)
            windows << w;
    return windows;
}

QString OtherWindows::nameOf(const QWidget *w) const
{
    const QList<const QWidget *> windows { m_pipeline, m_whyScale, m_training, m_hull, m_heads, m_mistakes, m_guide };
    const qsizetype i = w ? windows.indexOf(w) : -1;
    return i < 0 ? QString() : classroomWindowNames().value(int(i));
}

QWidget *OtherWindows::named(const QString &name)
{
    if (name == QLatin1String("guide"))
        return guide();
    const QList<QWidget *> windows { m_pipeline, m_whyScale, m_training, m_hull, m_heads, m_mistakes };
    return windows.value(int(classroomWindowNames().indexOf(name)));
}

QStringList OtherWindows::openNames() const
{
    // Those that have had the keys, in that order, then any shown without having had them (offscreen, in tests).
    QStringList names;
    for (const QPointer<QWidget> &w : m_order)
        if (w && w->isVisible() && !nameOf(w).isEmpty())
            names << nameOf(w);
    for (const QWidget *w : all())
        if (w->isVisible() && !nameOf(w).isEmpty() && !names.contains(nameOf(w)))
            names.prepend(nameOf(w));
    return names;
}

void OtherWindows::openOnly(const QStringList &names)
{
    for (QWidget *w : all())
        if (w->isVisible() && !names.contains(nameOf(w)))
            close(w);
    for (const QString &name : names)
        if (QWidget *w = named(name)) {
            bringUp(w);
            m_order.removeAll(w); // (without a window manager no activation says so)
            m_order << w;
        }
}

void OtherWindows::shareActions(const QList<QAction *> &actions)
{
    for (QWidget *w : all())
        for (const QPointer<QAction> &a : std::as_const(m_shared))
            if (a)
                w->removeAction(a);
    m_shared.clear();
    for (QAction *a : actions)
        m_shared << a;
    for (QWidget *w : all())
        w->addActions(actions);
}

void OtherWindows::setPresentation(bool on)
{
    if (on == m_presentation)
        return;
    m_presentation = on;
    for (QWidget *w : all())
        present(w, on);
}

void OtherWindows::present(QWidget *w, bool on)
{
    presentWindow(w, on);
    // Their plots' text, which the window's font does not reach.
    if (w == m_whyScale)
        m_whyScale->setPresentation(on);
    else if (w == m_training)
        m_training->setPresentation(on);
    else if (w == m_hull)
        m_hull->setPresentation(on);
    else if (w == m_mistakes)
        m_mistakes->setPresentation(on, false);
    placeWayOut(w);
}

namespace {
const char *const kWayOut = "presentation-close";
}

void OtherWindows::placeWayOut(QWidget *w)
{
    // Presenting, a window has no title bar to close it by (none at all without a window manager): its way out is
    // written in its top right corner, red as the main window's, and it closes the window when clicked too.
    auto *out = w->findChild<QToolButton *>(QLatin1String(kWayOut), Qt::FindDirectChildrenOnly);
    const bool on = isPresenting(w);
    if (!out && !on)
        return;
    if (!out) {
        out = new QToolButton(w);
        out->setObjectName(QLatin1String(kWayOut));
        out->setFocusPolicy(Qt::NoFocus); // (the keys stay where they were)
        connect(out, &QToolButton::clicked, this, [this, w] { close(w); });
    }
    out->setVisible(on);
    // Above what the window shows, as a title bar would be: its layout starts below it.
    static const char *const kMargins = "attention-viz-normal-margins";
    QLayout *layout = w->layout();
    if (!on) {
        if (layout && w->property(kMargins).isValid())
            layout->setContentsMargins(w->property(kMargins).value<QMargins>());
        w->setProperty(kMargins, QVariant());
        return;
    }
    out->setFont(w->font());
    out->setText(tr("✕ Esc: close"));
    out->setToolTip(tr("Close this window (Esc or Ctrl+W); presentation mode stays on"));
    out->adjustSize();
    out->move(w->width() - out->width() - 6, 4);
    out->raise();
    if (layout) {
        if (!w->property(kMargins).isValid())
            w->setProperty(kMargins, QVariant::fromValue(layout->contentsMargins()));
        QMargins m = w->property(kMargins).value<QMargins>();
        m.setTop(std::max(m.top(), out->height() + 8));
        if (layout->contentsMargins() != m)
            layout->setContentsMargins(m);
    }
}

void OtherWindows::bringUp(QWidget *w)
{
    if (m_presentation)
        showOnWholeScreen(w);
    else
        w->show();
    w->raise();
    w->activateWindow();
}

void OtherWindows::close(QWidget *w)
{
    // The Mistakes window's own full screen (its F5, outside presentation mode) ends with it.
    if (w == m_mistakes && !m_presentation && m_mistakes->isPresentation())
        m_mistakes->setPresentation(false);
    w->hide();
}

void OtherWindows::toggle(const QString &action)
{
    if (action == QLatin1String("showMistakes")) {
        if (m_mistakes->isVisible())
            close(m_mistakes);
        else
            showMistakes(m_mistakes->mistake());
        return;
    }
    QWidget *w = action == QLatin1String("showPipeline") ? static_cast<QWidget *>(m_pipeline)
        : action == QLatin1String("showWhyScale")        ? static_cast<QWidget *>(m_whyScale)
        : action == QLatin1String("showTraining")        ? static_cast<QWidget *>(m_training)
        : action == QLatin1String("showHull")            ? static_cast<QWidget *>(m_hull)
        : action == QLatin1String("showHeads")           ? static_cast<QWidget *>(m_heads)
                                                         : nullptr;
    if (!w)
        return;
    if (w->isVisible())
        close(w);
    else
        bringUp(w);
}

void OtherWindows::showMistakes(attn::Mistake m)
{
    m_mistakes->setMistake(m);
    bringUp(m_mistakes); // (in presentation mode full screen, as every window here)
}

void OtherWindows::showWeights(std::shared_ptr<const attn::LoadedWeights> w)
{
    if (!m_weights) {
        m_weights = new WeightsWindow(m_main);
        adopt(m_weights);
    }
    m_weights->setWeights(std::move(w));
    if (QGuiApplication::platformName() == QLatin1String("offscreen")) // (pictures: nothing to raise, Qt warns)
        m_weights->show();
    else
        bringUp(m_weights);
}

UserGuide *OtherWindows::guide()
{
    if (!m_guide) {
        m_guide = new UserGuide(m_main);
        adopt(m_guide);
    }
    return m_guide;
}

void OtherWindows::showGuide()
{
    bringUp(guide());
}

bool OtherWindows::eventFilter(QObject *watched, QEvent *event)
{
    if (!watched->isWidgetType())
        return QObject::eventFilter(watched, event);
    auto *w = static_cast<QWidget *>(watched);
    if ((event->type() == QEvent::Resize || event->type() == QEvent::LanguageChange) && w->isWindow() && w != m_main) {
        placeWayOut(w);
    } else if (event->type() == QEvent::WindowActivate && w->isWindow()) {
        m_order.removeAll(w);
        m_order << w;
    } else if (event->type() == QEvent::Hide && w->isWindow() && w != m_main) {
        // One of ours closed (Esc, Ctrl+W, the key that opened it, the close button): without a window manager no
        // window had the keys after it, and the demo keys went nowhere, or (Qt activating the window's parent) to
        // the main window hidden behind another. They go back to the one that had them before it, if it is still
        // open, else to the main window: chosen now, given once Qt has done its own activating.
        m_order.removeAll(w);
        QPointer<QWidget> next;
        for (auto it = m_order.crbegin(); it != m_order.crend() && !next; ++it)
            if (*it && (*it)->isVisible())
                next = *it;
        QTimer::singleShot(0, this, [next] {
            if (next && next->isVisible() && QApplication::activeWindow() != next) {
                next->raise();
                next->activateWindow();
            }
        });
    }
    return QObject::eventFilter(watched, event);
}
