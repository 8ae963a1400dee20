// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What the explanation strip under the heatmap says, as plain functions of the settings and the result (the strip
// only shows them), in the interface's language (context ExplanationText).

#include "attention.h"

#include <QCoreApplication>
#include <QString>

struct ExplanationText
{
    Q_DECLARE_TR_FUNCTIONS(ExplanationText)

public:
    // The scores as the settings scale them: "Q·Kᵀ / √64 = Q·Kᵀ / 8", "Q·Kᵀ (not scaled)", the additive score.
    static QString scaledScores(const attn::Params &p);
    // "over keys (dim −1)" or "over queries (dim −2)".
    static QString over(const attn::Params &p);
    // "weights = softmax( Q·Kᵀ / √4 = Q·Kᵀ / 2 ) over keys (dim −1), causal mask      out = weights · V"
    static QString formula(const attn::Params &p);
    // The four steps with their shapes, the mask as PyTorch takes it and the head an element is.
    static QString shapes(const attn::Params &p);
    // Presenting: the shapes to check (scores, weights, out) and the mask's meaning of True, in one short line.
    static QString briefShapes(const attn::Params &p);
    // The largest weight, the entropy against its most, the scores' variance (sample and expected), the softmax's
    // gradient and the sums, for the batch element shown.
    static QString statistics(const attn::Result &r);
    // One side of a comparison: its largest weight, entropy (a share of its most) and gradient.
    static QString comparisonSide(const QString &label, const attn::BatchSummary &b, int dim, bool masked);
    // The lecture's block 3 for r: max |manual − official| and allclose as the lecture prints them, and why they
    // differ at all (the order of the float32 operations), or why there is no official line or why it is another.
    static QString sdpaCheck(const attn::Result &r);
};
