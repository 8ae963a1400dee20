// SPDX-License-Identifier: GPL-3.0-or-later
// Compiled as the model layer is: a header of the model layer is found (check_layers.sh builds this; it must build).
#include "model/attention_model.h"
