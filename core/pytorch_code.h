// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The state as code others can run: a short PyTorch script that draws the same tensors (torch.manual_seed,
// torch.randn or nn.Linear), scales, masks and applies the softmax as the settings say and prints the weights
// (Edit > Copy as PyTorch code, --print-pytorch); and the attention-viz command line that reopens the state
// (Edit > Copy as command line, --print-command).

#include "params.h"

#include <string>
#include <utility>
#include <vector>

namespace attn {

// A runnable Python 3 script (PyTorch 1.13 or newer; NumPy too for loaded .npy/.npz files) that computes
// scores, logits, weights and out for every batch element as compute(p) does and prints the weights of the
// element p.batchIndex. Its tensors are named Q, K, V, scores, logits, weights, out (B first).
std::string pytorchScript(const Params &p);
// Both sides of a comparison (or more) in one script: each side's title printed, then its script as above
// (its own draws from its seed, as the window computes each side), its tensors kept as weights_1, out_1, ...
std::string pytorchComparisonScript(const std::vector<std::pair<Params, std::string>> &sides);

// The options that make the command line give p (what it starts from, lectureBlock1(), left out), in the order
// the command line applies them; with the program name first.
std::vector<std::string> commandLineArguments(const Params &p, const std::string &program = "attention-viz");
// Those arguments as one line for a POSIX shell (single quotes where needed).
std::string commandLine(const Params &p, const std::string &program = "attention-viz");
std::string shellQuote(const std::string &word);

// A double as Python and the command line read it back to the same value (shortest round-trip digits).
std::string roundTrip(double v);

} // namespace attn
