// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/other_windows.h"

#include "widgets/heads_window.h"
#include "widgets/hull_window.h"
#include "widgets/mistakes_window.h"
#include "widgets/pipeline_view.h"
#include "widgets/training_window.h"
#include "widgets/user_guide.h"
#include "widgets/weights_window.h"
#include "widgets/why_scale_window.h"

#include <QApplication>
#include <QEvent>
#include <QGuiApplication>
#include <QTimer>

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
    connect(m_mistakes, &MistakesWindow::whyScaleRequested, this, [this] { bringUp(m_whyScale); });
    connect(m_mistakes, &MistakesWindow::trainingRequested, this, [this] { bringUp(m_training); });
}

void OtherWindows::adopt(QWidget *w)
{
    w->setWindowFlag(Qt::Window); // a window of its own beside the main one
    w->installEventFilter(this); // closing it gives the keys back to the main window (eventFilter)
}

void OtherWindows::bringUp(QWidget *w)
{
    w->show();
    w->raise();
    w->activateWindow();
}

void OtherWindows::toggle(const QString &action)
{
    if (action == QLatin1String("showMistakes")) {
        if (m_mistakes->isVisible() && !m_mistakes->isPresentation())
            m_mistakes->hide();
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
    w->setVisible(!w->isVisible());
    if (!w->isVisible())
        return;
    if (w == m_hull)
        m_hull->setPresentation(m_presentation);
    w->raise();
}

void OtherWindows::showMistakes(attn::Mistake m)
{
    m_mistakes->setMistake(m);
    // In presentation mode the mistakes fill the screen too.
    if (m_presentation)
        m_mistakes->setPresentation(true);
    else
        m_mistakes->show();
    m_mistakes->raise();
    m_mistakes->activateWindow();
}

void OtherWindows::showWeights(std::shared_ptr<const attn::LoadedWeights> w)
{
    if (!m_weights) {
        m_weights = new WeightsWindow(m_main);
        adopt(m_weights);
    }
    m_weights->setWeights(std::move(w));
    m_weights->show();
    if (QGuiApplication::platformName() != QLatin1String("offscreen")) // (pictures: nothing to raise, Qt warns)
        m_weights->raise();
}

void OtherWindows::showGuide()
{
    if (!m_guide) {
        m_guide = new UserGuide(m_main);
        adopt(m_guide);
    }
    bringUp(m_guide);
}

bool OtherWindows::eventFilter(QObject *watched, QEvent *event)
{
    // A window of ours that had the keyboard closed (Esc, the key that opened it, the close button): without a
    // window manager no window had the focus after it, and the demo keys went nowhere until a click. The keys go
    // back to the main window, unless another window of ours has them.
    if (event->type() == QEvent::Hide && watched->isWidgetType() && static_cast<QWidget *>(watched)->isWindow()) {
        QTimer::singleShot(0, this, [this] {
            const QWidget *active = QApplication::activeWindow();
            if (m_main->isVisible() && (!active || !active->isVisible()))
                m_main->activateWindow(); // its focus widget, the heatmap or a control, has the keys again
        });
    }
    return QObject::eventFilter(watched, event);
}
