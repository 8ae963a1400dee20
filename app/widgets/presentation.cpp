// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/presentation.h"

#include <QPalette>
#include <QScreen>
#include <QVariant>
#include <QWidget>

#include <algorithm>
#include <cmath>

double presentationScale(const QWidget *window)
{
    return std::clamp(std::min(window->height(), window->width() * 9 / 16) / 540.0, 1.3, 3.0);
}

int presentationTextPixels(const QWidget *window)
{
    return int(std::lround(15.5 * presentationScale(window)));
}

void showOnWholeScreen(QWidget *window)
{
    if (const QScreen *screen = window->screen())
        window->setGeometry(screen->geometry());
    window->showFullScreen();
}

namespace {
const char *const kPresenting = "attention-viz-presenting";
const char *const kGivenFont = "attention-viz-presentation-font"; // a font presentWindow gave a widget
} // namespace

bool isPresenting(const QWidget *window)
{
    return window && window->property(kPresenting).toBool();
}

void markPresenting(QWidget *window, bool on)
{
    window->setProperty(kPresenting, on);
}

void presentDialog(QWidget *dialog, const QWidget *parent)
{
    const QWidget *over = parent ? parent->window() : nullptr;
    if (!isPresenting(over))
        return;
    setPresentationStyle(dialog, true);
    // As a style sheet: the presenting window's own style sheet stops a font set on the dialog from reaching the
    // dialog's fields and buttons (they stayed at 11 pixels).
    dialog->setStyleSheet(
        dialog->styleSheet() + QStringLiteral(" QWidget { font-size: %1px; }").arg(presentationTextPixels(over)));
}

void presentWindow(QWidget *window, bool on)
{
    markPresenting(window, on);
    static const char *const kNormal = "attention-viz-normal-geometry";
    if (on) {
        if (!window->property(kNormal).isValid())
            window->setProperty(kNormal, window->geometry());
        if (window->isVisible()) // (a hidden one is shown so when it opens: Qt forgets a hidden window's full screen)
            showOnWholeScreen(window);
        QFont f = window->font();
        f.setPixelSize(presentationTextPixels(window));
        window->setFont(f);
        // And to each of its widgets that has no font of its own (its fields, buttons and their names): the style
        // sheet below keeps the window's font from reaching them (they stayed at 11 pixels).
        for (QWidget *w : window->findChildren<QWidget *>())
            if (!w->isWindow() && (!w->testAttribute(Qt::WA_SetFont) || w->property(kGivenFont).toBool())) {
                w->setFont(f);
                w->setProperty(kGivenFont, true);
            }
    } else {
        for (QWidget *w : window->findChildren<QWidget *>())
            if (w->property(kGivenFont).toBool()) {
                w->setFont(QFont()); // its parent's again
                w->setProperty(kGivenFont, QVariant());
            }
        window->setWindowState(window->windowState() & ~Qt::WindowFullScreen);
        if (const QVariant normal = window->property(kNormal); normal.isValid())
            window->setGeometry(normal.toRect());
        window->setProperty(kNormal, QVariant());
        window->setFont(QFont()); // nothing of its own: the application's font again
    }
    setPresentationStyle(window, on);
}

void setPresentationStyle(QWidget *window, bool on)
{
    window->setStyleSheet(on ? "QMainWindow, QWidget { background: white; color: black; } "
                               "QToolButton { border: 2px solid black; border-radius: 6px; padding: 3px 6px; } "
                               "QToolButton:checked { background: #1a4d8f; color: white; border-color: #1a4d8f; } "
                               "QToolButton:disabled { color: #a0a0a0; border-color: #c8c8c8; } "
                               "QToolButton#demo-leavePresentation, QToolButton#presentation-close "
                               "{ border-color: #b02020; color: #b02020; background: white; }"
                             : QString());
    if (on)
        return;
    // Qt leaves the widgets the style sheet reached marked as styled by it, and such a widget no longer takes its
    // palette from its parent: it would keep this theme's colours after another theme is chosen. Those without a
    // style sheet of their own inherit again.
    const QList<QWidget *> all = window->findChildren<QWidget *>();
    for (QWidget *w : all)
        if (w->styleSheet().isEmpty()) {
            w->setAttribute(Qt::WA_StyleSheet, false);
            if (w->testAttribute(Qt::WA_SetPalette))
                w->setPalette(QPalette());
        }
    window->setPalette(QPalette());
}

void fitScale(const std::function<void(double)> &setScale, const std::function<int()> &height, double from,
    double budget, double least)
{
    for (double s = from; s > least; s -= 0.1) {
        setScale(s);
        if (height() <= budget)
            return;
    }
    setScale(least);
}
