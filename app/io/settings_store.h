// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The last settings and display options, kept between runs in QSettings. Anything missing,
// malformed or out of range is ignored: the program then starts with its defaults.

#include "model/view_state.h"

class QSettings;

void storeSettings(QSettings &s, const attn::Params &p, const DisplayOptions &d);
// True when s held complete, valid settings; p and d are changed only then.
bool loadSettings(QSettings &s, attn::Params *p, DisplayOptions *d);
