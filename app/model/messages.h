// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The messages of the command line and of the readers of files (core and io write them in English, with
// numbers, values, options and paths in them) in the interface's language. A message is read in parts
// between ": " ("--scenario: s.json: params.d_k: must be from 1 to 65536 (got 0)"); a part without spaces (an
// option, a file, a field) stays as it is, and any other part becomes a template, its quoted values, options,
// sizes and numbers replaced by %1, %2, ..., which is translated as one text of the context "Messages"
// (message_templates.cpp lists every template for lupdate) with the values put back. A part without a translation stays
// in English.

#include <QString>
#include <QStringList>

class QTranslator;

// A message's parts: split at ": ", except inside brackets and after a quoted JSON name ("mask": "custom").
QStringList messageParts(const QString &message);

// The template of one part and its values: "must be from %1 to %2 (got %3)", {"1", "65536", "0"}.
QString messageTemplate(const QString &part, QStringList *values);

// english in the interface's language: through the installed translations, or through translator when one is
// given (the command line's errors come before the application and its translations exist).
QString translatedMessage(const QString &english, const QTranslator *translator = nullptr);
