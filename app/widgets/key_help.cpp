// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/key_help.h"

#include <QCoreApplication>
#include <QShortcut>
#include <QWidget>

namespace {
const char *const kContext = "attention-viz-key-context";
const char *const kText = "attention-viz-key-text";
} // namespace

QShortcut *describeKey(QShortcut *shortcut, const char *context, const char *text)
{
    shortcut->setProperty(kContext, QByteArray(context));
    shortcut->setProperty(kText, QByteArray(text));
    return shortcut;
}

QList<QPair<QString, QString>> describedKeys(const QWidget *window)
{
    QList<QPair<QString, QString>> keys;
    for (const QShortcut *s : window->findChildren<QShortcut *>()) {
        const QByteArray text = s->property(kText).toByteArray();
        const auto *parent = qobject_cast<const QWidget *>(s->parent());
        if (text.isEmpty() || !parent || parent->window() != window)
            continue;
        keys << qMakePair(s->key().toString(QKeySequence::NativeText),
            QCoreApplication::translate(s->property(kContext).toByteArray().constData(), text.constData()));
    }
    return keys;
}
