// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Splitting a typed sentence into tokens for the axes: words separated by spaces, each punctuation
// mark on its own, and each Chinese (or Japanese, Korean) character on its own.

#include "params.h"

#include <QStringList>

QStringList splitTokens(const QString &sentence);

std::vector<std::string> toStdTokens(const QStringList &tokens);
QStringList fromStdTokens(const std::vector<std::string> &tokens);
