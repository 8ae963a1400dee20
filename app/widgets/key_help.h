// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What a window's own keys do, for the list F1 shows over that window (Help > Keyboard shortcuts).

#include <QList>
#include <QPair>
#include <QString>

class QShortcut;
class QWidget;

// Names what shortcut does: context and text as for QT_TRANSLATE_NOOP, translated when the list is shown (so that it
// follows a language switch). Returns shortcut.
QShortcut *describeKey(QShortcut *shortcut, const char *context, const char *text);

// The described shortcuts of window (its own, not those of windows inside it), in the order they were made: the
// key as the platform writes it, and what it does in the language now chosen.
QList<QPair<QString, QString>> describedKeys(const QWidget *window);
