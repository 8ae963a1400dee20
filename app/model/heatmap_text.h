// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What the heatmap panel says in words: the tooltip of a cell and of a bar beside the map, and the notes under it,
// as plain functions of the result (the panel only shows them), in the interface's language (context HeatmapText).

#include "model/view_state.h"

#include <QCoreApplication>
#include <QString>

struct HeatmapText
{
    Q_DECLARE_TR_FUNCTIONS(HeatmapText)

public:
    // Hovering cell (query, key): its raw score, scaled logit (or masked), weight, the mask's value there, and its
    // row's (or, over queries, its column's) sum, entropy, most entropy and softmax gradient.
    static QString cellToolTip(const attn::Result &r, int query, int key);
    // "\nSDPA attn_mask[b, i, j] = True: True = take part": the boolean mask at the cell in the chosen convention.
    static QString maskLine(const attn::Params &p, int query, int key);
    // "\nsoftmax Jacobian norm of row i: …": its norm at row (column) index, and a uniform one's.
    static QString jacobianLine(const attn::Result &r, int index);
    // " (the most, … ln S = …)": the largest entropy row (or column) index can have under the mask.
    static QString mostEntropy(const attn::Params &p, int index, bool row);
    // Hovering the bars of row i (sum, entropy, gradient) or of column j.
    static QString rowBarToolTip(const attn::Result &r, int i);
    static QString columnBarToolTip(const attn::Result &r, int j);
    // The notes under the map: cells drawn as the largest of rowStep × colStep, softmax over queries, a flat map
    // on the fixed colour range, queries that see no key, NaN rows, uniform masked rows. Empty: none.
    // brief: without the paragraph on what softmax over dim −2 means (a presented comparison's side
    // titles and column panels show it, and its cells need the room).
    static QString notes(const attn::Result &r, const DisplayOptions &d, int rowStep, int colStep, bool brief = false);
    // Where q's and k's entries do not have the footnote's variance 1 under ÷√d_k (block 1's randn weights: d_model
    // = 8), the plain words of why the scale leaves the scores wide: "W_q and W_k are randn, so ... d_model² = 64
    // remains". Empty where the footnote holds (or the scaling is not a square root's).
    static QString varianceReason(const attn::Params &p);
    // The reason and, where the program draws the weights, the key that draws them with variance 1 (I).
    static QString varianceNote(const attn::Params &p);
    // Below this average of the rows' largest weights the fixed 0 to 1 colour range shows one flat colour.
    static constexpr double kFlatWeight = 0.1;
};
