// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/heatmap_text.h"

#include "softmax.h"

#include <QStringList>

#include <cmath>

namespace {

QString number4(double v)
{
    return QString::number(v, 'f', 4);
}

} // namespace

QString HeatmapText::cellToolTip(const attn::Result &result, int query, int key)
{
    const attn::Result *r = &result;
    const int b = r->params.batchIndex;
    const float score = (*r->scores)(b, query, key);
    const bool masked = attn::isMasked(r->params, b, query, key);
    const float logit = masked ? attn::maskedLogit(r->params) : attn::logitOf(score, r->params);
    QString text = (r->params.score == attn::Score::Additive ? tr("query %1, key %2\nadditive score = %3\n")
                                                             : tr("query %1, key %2\nraw score Q·Kᵀ = %3\n"))
                       .arg(query)
                       .arg(key)
                       .arg((*r->scores)(b, query, key), 0, 'g', 6);
    if (masked && attn::maskedOut(r->params, b, query, key))
        text += std::isinf(logit) ? (attn::visibleKeys(r->params, b, query) == 0 && r->params.softmaxDim == -1
                        ? tr("masked (logit −∞), like every key of this row\nweight = 0 (PyTorch "
                             "gives NaN)")
                        : tr("masked (logit −∞)\nweight = 0"))
                                  : tr("masked (logit −1e9)\nweight = 0");
    else if (masked)
        text += (r->params.softmaxDim == -1
                ? tr("masked (logit −1e9), like every key of this row: its weights are uniform\nweight = %1")
                : tr("masked (logit −1e9), like every query of this column: its weights are uniform\nweight = %1"))
                    .arg(r->attention.weights(b, query, key), 0, 'f', 6);
    else
        text += (r->params.score == attn::Score::Additive || r->params.scaling == attn::Scaling::None
                ? tr("logit (not scaled) = %1\nweight = %2")
                : tr("scaled logit = %1\nweight = %2"))
                    .arg(logit, 0, 'g', 6)
                    .arg(r->attention.weights(b, query, key), 0, 'f', 6);
    text += maskLine(r->params, query, key);
    const attn::Statistics &st = r->attention.stats;
    text += tr("\nrow %1 sums to %2, its entropy is %3 nats")
                .arg(query)
                .arg(number4(st.rowSums(b, query)), number4(st.rowEntropy(b, query)));
    // The most a row can have bounds it only where the rows are the distributions (softmax over keys):
    // under softmax over queries a row need not sum to 1, and its entropy can pass ln S.
    if (r->params.softmaxDim == -1)
        text += mostEntropy(r->params, query, true);
    if (r->params.softmaxDim == -2) {
        text += tr("\ncolumn %1 sums to %2, its entropy is %3 nats")
                    .arg(key)
                    .arg(number4(st.colSums(b, key)), number4(st.colEntropy(b, key)));
        text += mostEntropy(r->params, key, false);
    }
    text += jacobianLine(result, r->params.softmaxDim == -1 ? query : key);
    return text;
}

QString HeatmapText::maskLine(const attn::Params &p, int query, int key)
{
    if (p.mask == attn::MaskKind::None)
        return {};
    const bool masked = attn::isMasked(p, p.batchIndex, query, key);
    const QString click = p.mask == attn::MaskKind::Custom ? tr(" (click to change)") : QString();
    if (p.maskConvention == attn::MaskConvention::Sdpa)
        return tr("\nSDPA attn_mask[%1, %2, %3] = %4: True = take part%5")
            .arg(p.batchIndex)
            .arg(query)
            .arg(key)
            .arg(masked ? QStringLiteral("False") : QStringLiteral("True"), click);
    // nn.MultiheadAttention takes padding as key_padding_mask (B, S), other masks as attn_mask (L, S).
    if (p.mask == attn::MaskKind::Pad)
        return tr("\nMHA key_padding_mask[%1, %2] = %3: True = ignore")
            .arg(p.batchIndex)
            .arg(key)
            .arg(masked ? QStringLiteral("True") : QStringLiteral("False"));
    return tr("\nMHA attn_mask[%1, %2] = %3: True = ignore (not allowed to attend)%4")
        .arg(query)
        .arg(key)
        .arg(masked ? QStringLiteral("True") : QStringLiteral("False"), click);
}

QString HeatmapText::jacobianLine(const attn::Result &r, int index)
{
    const attn::Statistics &st = r.attention.stats;
    const int b = r.params.batchIndex, L = int(st.rowJacobian.cols()), S = int(st.colJacobian.cols());
    const bool rows = r.params.softmaxDim == -1;
    if (index < 0 || index >= (rows ? L : S) || b < 0 || b >= int(st.rowJacobian.rows()))
        return {};
    if ((rows ? attn::visibleKeys(r.params, b, index) : attn::visibleQueries(r.params, b, index)) == 0)
        return rows ? tr("\nthe mask leaves this row no key: no distribution, no gradient")
                    : tr("\nthe mask leaves this column no query: no distribution, no gradient");
    const double norm = rows ? st.rowJacobian(b, index) : st.colJacobian(b, index);
    const double uniform
        = rows ? attn::uniformRowJacobianOf(r.params, b, index) : attn::uniformColJacobianOf(r.params, b, index);
    return (r.params.softmaxDim == -1
            ? tr("\nsoftmax Jacobian norm of row %1: %2 (a uniform row %3; one split evenly over two keys 0.5, the "
                 "most; one-hot 0: no gradient flows back)")
            : tr("\nsoftmax Jacobian norm of column %1: %2 (a uniform column %3; one split evenly over two queries "
                 "0.5, the most; one-hot 0: no gradient flows back)"))
        .arg(index)
        .arg(number4(norm), number4(uniform));
}

QString HeatmapText::mostEntropy(const attn::Params &p, int index, bool row)
{
    const int all = row ? p.keyLength : p.queryLength;
    const int b = p.batchIndex;
    const int visible = row ? attn::visibleKeys(p, b, index) : attn::visibleQueries(p, b, index);
    const double most = row ? attn::maxRowEntropyOf(p, b, index) : attn::maxColEntropyOf(p, b, index);
    if (visible == all)
        return row ? tr(" (the most, for a uniform row: ln S = %1)").arg(number4(most))
                   : tr(" (the most, for a uniform column: ln L = %1)").arg(number4(most));
    if (visible == 0)
        return row ? tr(" (the mask hides every key of this row)") : tr(" (the mask hides this key from every query)");
    if (visible == 1)
        return row ? tr(" (the most is 0: the mask leaves this row one key)")
                   : tr(" (the most is 0: the mask shows this key to one query)");
    return row
        ? tr(" (the most, for a uniform row over its %1 visible keys: ln %1 = %2)").arg(visible).arg(number4(most))
        : tr(" (the most, for a uniform column over its %1 visible queries: ln %1 = %2)")
              .arg(visible)
              .arg(number4(most));
}

QString HeatmapText::rowBarToolTip(const attn::Result &result, int i)
{
    const attn::Statistics &st = result.attention.stats;
    const int b = result.params.batchIndex;
    QString text = tr("query %1: the row sums to %2").arg(i).arg(number4(st.rowSums(b, i)));
    if (result.params.softmaxDim == -1)
        text += tr("\nrow entropy %1 nats").arg(number4(st.rowEntropy(b, i))) + mostEntropy(result.params, i, true)
            + jacobianLine(result, i);
    return text;
}

QString HeatmapText::columnBarToolTip(const attn::Result &result, int j)
{
    const attn::Statistics &st = result.attention.stats;
    const int b = result.params.batchIndex;
    QString text = tr("key %1: the column sums to %2").arg(j).arg(number4(st.colSums(b, j)));
    if (result.params.softmaxDim == -2)
        text += tr("\ncolumn entropy %1 nats").arg(number4(st.colEntropy(b, j))) + mostEntropy(result.params, j, false)
            + jacobianLine(result, j);
    return text;
}

QString HeatmapText::varianceReason(const attn::Params &p)
{
    const attn::ExpectedVariance e = attn::expectedScoreVariance(p);
    const bool rootScaled = p.scaling == attn::Scaling::InvSqrtDk || p.scaling == attn::Scaling::QuarterEach;
    if (e.unitEntries() || !rootScaled || p.score != attn::Score::Dot)
        return {};
    const QString entry = QString::number(e.entry, 'g', 4), left = QString::number(e.entry * e.entry, 'g', 4);
    if (p.mode == attn::Mode::Projection && p.init == attn::Init::Randn)
        return p.sigma == 1.0
            ? tr("W_q and W_k are randn, so the entries of q and k have variance d_model = %1, not the footnote's 1: "
                 "÷√d_k removes d_k, and d_model² = %2 remains in the scores' variance.")
                  .arg(entry, left)
            : tr("X is %3·randn and W_q, W_k are randn, so the entries of q and k have variance σ²·d_model = %1, not "
                 "the footnote's 1: ÷√d_k removes d_k, and %2 remains in the scores' variance.")
                  .arg(entry, left, QString::number(p.sigma, 'g', 4));
    if (p.mode == attn::Mode::Projection && p.init == attn::Init::Linear)
        return tr("W_q and W_k as nn.Linear draws them have variance 1/(3·d_model), so the entries of q and k have "
                  "variance %1, not the footnote's 1: ÷√d_k leaves %2 in the scores' variance, and the rows are "
                  "flatter than the footnote's.")
            .arg(entry, left);
    return tr("The inputs are σ·randn with σ = %3, so the entries of q and k have variance σ² = %1, not the footnote's "
              "1: ÷√d_k leaves σ⁴ = %2 in the scores' variance.")
        .arg(entry, left, QString::number(p.sigma, 'g', 4));
}

QString HeatmapText::varianceNote(const attn::Params &p)
{
    QString reason = varianceReason(p);
    if (reason.isEmpty() || p.mode != attn::Mode::Projection || p.loaded || p.init != attn::Init::Randn)
        return reason;
    return reason + ' '
        + tr("Press I to draw the weights as randn/√d_model (variance %1) and see the scale work.")
              .arg(p.sigma == 1.0 ? QStringLiteral("1") : QStringLiteral("σ²"));
}

QString HeatmapText::notes(const attn::Result &result, const DisplayOptions &d, int rowStep, int colStep, bool brief)
{
    const attn::Result *r = &result;
    QStringList notes;
    if (const QString v = varianceNote(r->params); !v.isEmpty())
        notes << v;
    if (rowStep > 1 || colStep > 1)
        notes << tr(
            "Each drawn cell is the largest of %1 × %2 cells (the matrix has more cells than the screen has pixels).")
                     .arg(rowStep)
                     .arg(colStep);
    if (r->params.softmaxDim == -2 && !brief)
        notes << (d.gradientPanels
                ? tr(
                    "Softmax over queries (dim −2): each column sums to 1, the rows do not, so the output is no "
                    "longer a weighted average of the values. The columns are the distributions: their entropy and "
                    "gradient are shown under the map, against the most entropy each can have (dashed) and a "
                    "uniform column's gradient (dotted: not a maximum, a column with a few large weights passes more).")
                : tr("Softmax over queries (dim −2): each column sums to 1, the rows do not, so the output is no "
                     "longer a weighted average of the values. The columns are the distributions: their entropy is "
                     "shown under the map, against the most each can have (dashed)."));
    const attn::BatchSummary summary = attn::summarize(*r, r->params.batchIndex);
    if (d.quantity == attn::Quantity::Weights && d.range == DisplayOptions::Range::Fixed01
        && summary.meanRowMax < kFlatWeight)
        notes << tr("The rows' largest weights average %1: on the fixed 0 to 1 colour range the map looks flat. "
                    "Press F (or Range: Fit to data) to stretch the colours over the weights.")
                     .arg(QString::number(summary.meanRowMax, 'g', 3));
    if (summary.fullyMasked > 0)
        notes << (r->params.softmaxDim == -1
                ? tr("Queries that see no key at all: %1. Their weights are 0 here (PyTorch gives NaN).")
                : tr("Keys that no query sees: %1. Their weights are 0 here (PyTorch gives NaN)."))
                     .arg(summary.fullyMasked);
    if (summary.nanDistributions > 0)
        notes << (r->params.softmaxDim == -1
                ? tr("Rows that are NaN: %1 (grey). Loaded NaN or infinite values put NaN or +∞ in their scores; "
                     "PyTorch gives NaN there too.")
                : tr("Columns that are NaN: %1 (grey). Loaded NaN or infinite values put NaN or +∞ in their "
                     "scores; PyTorch gives NaN there too."))
                     .arg(summary.nanDistributions);
    if (summary.uniformMasked > 0)
        notes << (r->params.softmaxDim == -1
                ? tr("Queries that see no key: %1. masked_fill(−1e9) leaves their logits equal: their "
                     "weights are uniform, 1/%2 each, as in PyTorch (with −inf PyTorch gives NaN).")
                      .arg(summary.uniformMasked)
                      .arg(r->params.keyLength)
                : tr("Keys that no query sees: %1. masked_fill(−1e9) leaves their logits equal: their "
                     "weights are uniform, 1/%2 each, as in PyTorch (with −inf PyTorch gives NaN).")
                      .arg(summary.uniformMasked)
                      .arg(r->params.queryLength));
    return notes.join("  ");
}
