// SPDX-License-Identifier: GPL-3.0-or-later
// Compiled as the model layer is: a header of the widget layer, above it, must not be found (check_layers.sh builds
// this; it must fail, saying so).
#include "widgets/main_window.h"
