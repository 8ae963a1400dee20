// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Drives the window as a user does: widgets are found by their objectName, buttons and check boxes
// are clicked with the mouse, text is typed, keys go to the focused widget, combo boxes are chosen
// from their popup and menus through the menu bar. The window must be shown and exposed
// (QTest::qWaitForWindowExposed) for the events to land.
//
// The helpers return false (with a warning saying why) when the user could not have done it, so
// that a test says QVERIFY(gui::chooseMenu(...)).

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QFileDialog>
#include <QLineEdit>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QRadioButton>
#include <QSlider>
#include <QStyle>
#include <QStyleOptionButton>
#include <QStyleOptionSlider>
#include <QTimer>
#include <QtTest>

#include <functional>
#include <memory>

namespace gui {

// How long a test waits for something that must happen (a computation finished, a window's events delivered) before
// it fails: long, so that a busy machine under the sanitizers still passes; only a failing test waits it out.
constexpr int kPatienceMs = 120000;

// Lets the event loop deliver what is queued now (posted events, zero-time timers, queued replots, deferred deletes)
// without letting any time pass on purpose: what a test needs between two user actions.
inline void deliverQueued()
{
    for (int i = 0; i < 3; ++i) {
        QCoreApplication::processEvents(QEventLoop::AllEvents);
        QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
    }
}

// The widget called name under root; a missing widget ends the test program (a renamed control).
template <typename T> T *find(const QObject *root, const char *name)
{
    T *w = root->findChild<T *>(QString::fromLatin1(name));
    if (!w)
        qFatal("no %s named '%s'", T::staticMetaObject.className(), name);
    return w;
}

// A menu or button text as the user reads it: without the mnemonic '&'.
inline QString shownText(const QString &text)
{
    QString t = text;
    t.replace(QLatin1String("&&"), QLatin1String("\x01"));
    t.remove(QLatin1Char('&'));
    t.replace(QLatin1Char('\x01'), QLatin1Char('&'));
    return t;
}

// Where a user clicks a button: inside a check box's or radio button's indicator, a push button's centre.
inline QPoint clickPoint(QAbstractButton *b)
{
    QStyle::SubElement indicator;
    if (qobject_cast<QCheckBox *>(b))
        indicator = QStyle::SE_CheckBoxIndicator;
    else if (qobject_cast<QRadioButton *>(b))
        indicator = QStyle::SE_RadioButtonIndicator;
    else
        return b->rect().center();
    QStyleOptionButton option;
    option.initFrom(b);
    option.text = b->text();
    return b->style()->subElementRect(indicator, &option, b).center();
}

inline bool click(QAbstractButton *b)
{
    if (!b->isVisible() || !b->isEnabled()) {
        qWarning("gui::click: '%s' is hidden or disabled", qPrintable(b->objectName()));
        return false;
    }
    QTest::mouseClick(b, Qt::LeftButton, {}, clickPoint(b));
    return true;
}

// Keys go to the widget that has the keyboard focus, as on a real keyboard (the window's shortcuts
// take their keys first, unless the focused widget claims them).
inline void pressKey(QWidget *window, Qt::Key key, Qt::KeyboardModifiers modifiers = {})
{
    if (!window->isActiveWindow())
        qWarning("gui::pressKey: the window is not active: its shortcuts will not answer");
    QWidget *focused = QApplication::focusWidget();
    QTest::keyClick(focused && focused->window() == window ? focused : window, key, modifiers);
}

// Clicks into a spin box or line edit, selects its text (Ctrl+A), types text and presses Return.
inline bool typeInto(QWidget *field, const QString &text)
{
    if (!field->isVisible() || !field->isEnabled()) {
        qWarning("gui::typeInto: '%s' is hidden or disabled", qPrintable(field->objectName()));
        return false;
    }
    QWidget *edit = field->findChild<QLineEdit *>(); // a spin box's text field
    if (!edit)
        edit = field;
    QTest::mouseClick(edit, Qt::LeftButton, {}, QPoint(4, edit->height() / 2));
    if (!field->hasFocus()) {
        qWarning("gui::typeInto: '%s' did not take the focus", qPrintable(field->objectName()));
        return false;
    }
    QTest::keyClick(field, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClicks(field, text);
    QTest::keyClick(field, Qt::Key_Return);
    return true;
}

// A slider's handle, in the slider's coordinates.
inline QRect sliderHandle(QSlider *s)
{
    QStyleOptionSlider option;
    option.initFrom(s);
    option.subControls = QStyle::SC_None;
    option.activeSubControls = QStyle::SC_None;
    option.orientation = s->orientation();
    option.minimum = s->minimum();
    option.maximum = s->maximum();
    option.tickPosition = s->tickPosition();
    option.tickInterval = s->tickInterval();
    option.upsideDown = s->orientation() == Qt::Horizontal
        ? s->invertedAppearance() != (option.direction == Qt::RightToLeft)
        : !s->invertedAppearance();
    option.sliderPosition = s->sliderPosition();
    option.sliderValue = s->value();
    option.singleStep = s->singleStep();
    option.pageStep = s->pageStep();
    if (s->orientation() == Qt::Horizontal)
        option.state |= QStyle::State_Horizontal;
    return s->style()->subControlRect(QStyle::CC_Slider, &option, QStyle::SC_SliderHandle, s);
}

// Clicks a slider's handle, which gives it the keyboard focus and leaves its value.
inline bool focusSlider(QSlider *s)
{
    QTest::mouseClick(s, Qt::LeftButton, {}, sliderHandle(s).center());
    return s->hasFocus();
}

// Drags a horizontal slider's handle with the mouse until it shows value, `pixels` at a time; betweenMoves runs after
// each move (a test's fake clock moved on, as when a hand drags and the changes arrive over time).
inline bool dragSlider(QSlider *s, int value, int pixels = 1, const std::function<void()> &betweenMoves = {})
{
    if (!s->isVisible() || !s->isEnabled() || s->orientation() != Qt::Horizontal) {
        qWarning("gui::dragSlider: '%s' is hidden, disabled or vertical", qPrintable(s->objectName()));
        return false;
    }
    QPoint at = sliderHandle(s).center();
    QTest::mousePress(s, Qt::LeftButton, {}, at);
    const int direction = value > s->value() ? 1 : -1;
    while (s->value() != value && at.x() >= 0 && at.x() < s->width()) {
        at.rx() += pixels * direction;
        QTest::mouseMove(s, at);
        if (betweenMoves)
            betweenMoves();
    }
    QTest::mouseRelease(s, Qt::LeftButton, {}, at);
    return s->value() == value;
}

// Opens a combo box's popup with a click and clicks the item that reads text.
inline bool chooseInCombo(QComboBox *combo, const QString &text)
{
    const int index = combo->findText(text);
    if (index < 0 || !combo->isVisible() || !combo->isEnabled()) {
        qWarning("gui::chooseInCombo: no item '%s' in '%s', or it is hidden or disabled", qPrintable(text),
            qPrintable(combo->objectName()));
        return false;
    }
    QTest::mouseMove(combo, combo->rect().center()); // the pointer is where the user clicks
    QTest::mouseClick(combo, Qt::LeftButton, {}, combo->rect().center());
    QAbstractItemView *view = combo->view();
    if (!QTest::qWaitFor([view] { return view->isVisible(); }, kPatienceMs)) {
        qWarning("gui::chooseInCombo: the popup of '%s' did not open", qPrintable(combo->objectName()));
        return false;
    }
    const QPoint at = view->visualRect(view->model()->index(index, combo->modelColumn())).center();
    QTest::mouseMove(view->viewport(), at); // the pointer goes to the item first ...
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, at); // ... and clicks it
    const bool closed = QTest::qWaitFor([view] { return !view->isVisible(); }, kPatienceMs);
    if (!closed || combo->currentIndex() != index) {
        qWarning("gui::chooseInCombo: '%s' %s, shows item %d, not %d", qPrintable(combo->objectName()),
            closed ? "closed" : "stayed open", combo->currentIndex(), index);
        return false;
    }
    return true;
}

// The action in actions that reads text.
inline QAction *actionNamed(const QList<QAction *> &actions, const QString &text)
{
    for (QAction *a : actions)
        if (!a->isSeparator() && shownText(a->text()) == text)
            return a;
    return nullptr;
}

// Chooses a menu item through the menu bar, e.g. {"View", "Compare", "Scaled and not scaled"}: clicks
// the menu's title, then each submenu, then the item, in the popups as they open.
inline bool chooseMenu(QMainWindow *window, const QStringList &path)
{
    QMenuBar *bar = window->menuBar();
    QAction *title = actionNamed(bar->actions(), path.value(0));
    if (!bar->isVisible() || !title || !title->menu()) {
        qWarning("gui::chooseMenu: no menu '%s' in a visible menu bar", qPrintable(path.value(0)));
        return false;
    }
    QTest::mouseMove(bar, bar->actionGeometry(title).center());
    QTest::mouseClick(bar, Qt::LeftButton, {}, bar->actionGeometry(title).center());
    QMenu *menu = title->menu();
    for (int i = 1; i < path.size(); ++i) {
        if (!QTest::qWaitFor([menu] { return menu->isVisible(); }, kPatienceMs)) {
            qWarning("gui::chooseMenu: the menu '%s' did not open", qPrintable(path[i - 1]));
            return false;
        }
        QAction *item = actionNamed(menu->actions(), path[i]);
        if (!item || !item->isEnabled() || (i + 1 < path.size()) != bool(item->menu())) {
            qWarning("gui::chooseMenu: no enabled %s '%s' in '%s'", i + 1 < path.size() ? "submenu" : "item",
                qPrintable(path[i]), qPrintable(path[i - 1]));
            menu->close();
            return false;
        }
        const QPoint at = menu->actionGeometry(item).center();
        QTest::mouseMove(menu, at);
        QTest::mouseClick(menu, Qt::LeftButton, {}, at);
        if (item->menu())
            menu = item->menu();
    }
    return QTest::qWaitFor([menu] { return !menu->isVisible(); }, kPatienceMs);
}

// Dialogs run their own event loop: what the user does in them is armed before the action that
// opens them. act(dialog) is tried on the active modal dialog for the next five seconds until it
// returns true (done).
inline void whenModal(const std::function<bool(QWidget *)> &act)
{
    auto *timer = new QTimer;
    timer->setInterval(10);
    auto tries = std::make_shared<int>(500);
    QObject::connect(timer, &QTimer::timeout, [timer, act, tries] {
        QWidget *modal = QApplication::activeModalWidget();
        if ((modal && modal->isActiveWindow() && act(modal)) || --*tries == 0) {
            timer->stop();
            timer->deleteLater();
        }
    });
    timer->start();
}

// A key as the keyboard sends it: to the focused widget of the window that has the keys
// (QApplication::activeWindow()). False, with a warning, when no window has them (a key astray).
inline bool pressInActiveWindow(int key, Qt::KeyboardModifiers modifiers = {})
{
    QWidget *w = QApplication::activeWindow();
    if (!w || !w->isVisible()) {
        qWarning("key %x: no window has the keys", key);
        return false;
    }
    QTest::keyClick(w->focusWidget() ? w->focusWidget() : w, Qt::Key(key), modifiers);
    deliverQueued();
    return true;
}

// The offscreen platform has no window manager to give the window its activation back when a
// dialog closes: this does what the window manager would.
inline bool reactivate(QWidget *window)
{
    window->activateWindow();
    return QTest::qWaitForWindowActive(window);
}

// The next file dialog: types path into its file name field and presses Return.
inline void answerFileDialog(const QString &path)
{
    whenModal([path](QWidget *modal) {
        auto *dialog = qobject_cast<QFileDialog *>(modal);
        QLineEdit *name = dialog ? dialog->findChild<QLineEdit *>("fileNameEdit") : nullptr;
        return name && typeInto(name, path);
    });
}

// The next message box: keeps its text in *text and clicks its OK button.
inline void answerMessageBox(QString *text)
{
    whenModal([text](QWidget *modal) {
        auto *box = qobject_cast<QMessageBox *>(modal);
        QAbstractButton *ok = box ? box->button(QMessageBox::Ok) : nullptr;
        if (!ok)
            return false;
        *text = box->text();
        return click(ok);
    });
}

} // namespace gui
