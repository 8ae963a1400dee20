// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Presentation mode's look, decided in one place for every window that presents: how much larger its text is for the
// window's size, the high-contrast colours for a projector, and text fitted into the room it may take.

#include <functional>

class QWidget;

// The smallest number a presenting window writes, in pixels (what the back of a lecture hall reads at 1280 × 720):
// a value that would be smaller is left to its colour or bar (and its tooltip).
constexpr int kLeastPresentedNumberPixels = 18;

// How much larger than normal a presenting window's text is: 1.3 at 720 pixels high, 2 at 1080, at most 3 (from the
// smaller of the height and 9/16 of the width: a window taller than the screen cannot make its text larger still).
double presentationScale(const QWidget *window);

// The text of a presenting window other than the main one, in pixels: 15.5 × presentationScale, 21 at 720 lines
// (its smaller text, a plot's tick labels, 9/10 of it: 18), 31 at 1080.
int presentationTextPixels(const QWidget *window);

// Shows window over the whole screen: full screen, and (without a window manager, where full screen is only a wish)
// the screen's geometry.
void showOnWholeScreen(QWidget *window);

// One of the program's other windows into presentation mode or out of it. On: it takes the whole screen (also with
// no window manager, where full screen is only a wish), black on white, its font presentationTextPixels() high (a
// window's plots and labels follow it as the window says: setPresentation). Off: its size, place, font and colours
// from before.
void presentWindow(QWidget *window, bool on);

// Whether window (a window of the program: the main one, or one presentWindow presents) is in presentation mode.
bool isPresenting(const QWidget *window);
void markPresenting(QWidget *window, bool on); // (the main window's, which presents its own way)
// A dialog opened over parent's window follows it: in presentation mode its text presentationTextPixels() high,
// black on white.
void presentDialog(QWidget *dialog, const QWidget *parent);

// Black on white, no greys; the buttons that are on are filled, the way out in red. Off: the window's own colours
// again (the theme's).
void setPresentationStyle(QWidget *window, bool on);

// The largest scale from `from` down to least (in steps of 0.1) at which height() fits within budget pixels; least
// when none does. setScale applies a scale, height measures what it gives.
// least: the smallest scale it may take (then even when height() does not fit).
void fitScale(const std::function<void(double)> &setScale, const std::function<int()> &height, double from,
    double budget, double least = 1.0);
