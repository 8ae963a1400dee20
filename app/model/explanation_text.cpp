// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/explanation_text.h"
#include "multihead.h"

#include "loaded.h"
#include "model/labels.h"
#include "sdpa.h"

#include <QLocale>
#include <QStringList>

#include <cmath>

namespace {

QString significant(double v, int digits = 4)
{
    return QString::number(v, 'g', digits);
}

QString shape(std::initializer_list<int> dims)
{
    QStringList parts;
    for (int d : dims)
        parts << QString::number(d);
    return "(" + parts.join(QStringLiteral(",\u00A0")) + ")"; // a shape never breaks across lines
}

} // namespace

QString ExplanationText::scaledScores(const attn::Params &p)
{
    const int dk = p.dK;
    if (p.score == attn::Score::Additive)
        return tr("v·tanh(Q·W₁ + K·W₂) (additive, H = %1, not scaled)").arg(p.additiveHidden);
    switch (p.scaling) {
    case attn::Scaling::InvSqrtDk:
        return tr("Q·Kᵀ / √%1 = Q·Kᵀ / %2").arg(dk).arg(significant(std::sqrt(double(dk))));
    case attn::Scaling::None:
        return tr("Q·Kᵀ (not scaled)");
    case attn::Scaling::Custom:
        return tr("Q·Kᵀ × %1").arg(significant(p.customScale));
    case attn::Scaling::InvDk:
        return tr("Q·Kᵀ / d_k = Q·Kᵀ / %1").arg(dk);
    case attn::Scaling::InvSqrtDModel:
        return tr("Q·Kᵀ / √d_model = Q·Kᵀ / %1").arg(significant(std::sqrt(double(p.dModel))));
    case attn::Scaling::QuarterEach:
        return tr("(Q·%1^−¼)·(K·%1^−¼)ᵀ = Q·Kᵀ / %2").arg(dk).arg(significant(std::sqrt(double(dk))));
    }
    return {};
}

QString ExplanationText::over(const attn::Params &p)
{
    return p.softmaxDim == -1 ? tr("over keys (dim −1)") : tr("over queries (dim −2)");
}

QString ExplanationText::formula(const attn::Params &p)
{
    QString mask;
    if (p.mask == attn::MaskKind::Causal)
        mask = tr(", causal mask");
    else if (p.mask == attn::MaskKind::Pad && p.padOf(p.batchIndex) == 0)
        mask = tr(", no key padded");
    else if (p.mask == attn::MaskKind::Pad && p.padOf(p.batchIndex) == 1)
        mask = tr(", last key masked");
    else if (p.mask == attn::MaskKind::Pad)
        mask = tr(", last %1 keys masked").arg(p.padOf(p.batchIndex));
    else if (p.mask == attn::MaskKind::Custom)
        mask = tr(", custom mask");
    // "out = weights · V" wraps as one piece (a mask's words made "· V" stand alone on the next line).
    QString formula = tr("weights = softmax( %1 ) %2%3      out = weights · V").arg(scaledScores(p), over(p), mask);
    const QString tail = QStringLiteral("out = weights · V");
    formula.replace(tail, QString(tail).replace(QLatin1Char(' '), QChar(0x00A0)));
    return formula;
}

QString ExplanationText::shapes(const attn::Params &p)
{
    const int B = p.batch, L = p.queryLength, S = p.keyLength, dk = p.dK, dv = p.dV;
    const bool additive = p.score == attn::Score::Additive;
    const QString over = ExplanationText::over(p);
    // Loaded heads are shown as elements: which batch element and head the shown one is.
    const auto headOf = [](const attn::Params &p) -> QString {
        if (!p.loaded || p.loaded->heads < 2)
            return {};
        const int h = p.loaded->heads;
        return tr("   ·   element %1 = batch %2, head %3 (of %4 heads: element b·%4 + h)")
            .arg(p.batchIndex)
            .arg(p.batchIndex / h)
            .arg(p.batchIndex % h)
            .arg(h);
    };
    // The mask as PyTorch code takes it, in the chosen convention, and what a masked logit becomes.
    const auto maskCall = [](const attn::Params &p) -> QString {
        if (p.mask == attn::MaskKind::None)
            return {};
        const bool sdpa = p.maskConvention == attn::MaskConvention::Sdpa;
        const QString shape = p.mask != attn::MaskKind::Pad ? tr("(L, S)") : sdpa ? tr("(B, 1, S)") : tr("(B, S)");
        if (p.maskFill == attn::MaskFill::MinusBillion)
            return sdpa ? tr("   ·   mask m %1, True = take part: scores.masked_fill(~m, -1e9)").arg(shape)
                        : tr("   ·   mask m %1, True = ignore: scores.masked_fill(m, -1e9)").arg(shape);
        if (sdpa)
            return tr("   ·   mask m %1, True = take part: F.scaled_dot_product_attention(q, k, v, attn_mask=m)")
                .arg(shape);
        return p.mask == attn::MaskKind::Pad
            ? tr("   ·   mask m (B, S), True = ignore: nn.MultiheadAttention(…)(q, k, v, key_padding_mask=m)")
            : tr("   ·   mask m (L, S), True = ignore: nn.MultiheadAttention(…)(q, k, v, attn_mask=m)");
    };
    const QString source = p.mode == attn::Mode::Projection
        ? tr("Q = X·W_q %1, K = %2·W_k, V = %2·W_v   ")
              .arg(shape({ B, L, dk }), p.isCross() ? QStringLiteral("Y") : QStringLiteral("X"))
        : QString();
    return source
        + (additive ? tr("scores v·tanh(Q·W₁ + K·W₂): Q %1, K %2, W₁ and W₂ (%3, %4), v (%4) → %5  →  softmax %6 → "
                         "%5  →  weights·V: %5·%7 → %8")
                          .arg(shape({ B, L, dk }), shape({ B, S, dk }))
                          .arg(dk)
                          .arg(p.additiveHidden)
                          .arg(shape({ B, L, S }), over, shape({ B, S, dv }), shape({ B, L, dv }))
                    : tr("Q·Kᵀ: %1·%2 → %3  →  %7  →  softmax %4 → %3  →  weights·V: %3·%5 → %6")
                          .arg(shape({ B, L, dk }), shape({ B, dk, S }), shape({ B, L, S }), over, shape({ B, S, dv }),
                              shape({ B, L, dv }), scalingLabel(p)))
        + maskCall(p) + headOf(p);
}

QString ExplanationText::briefShapes(const attn::Params &p)
{
    const int B = p.batch, L = p.queryLength, S = p.keyLength, dv = p.dV;
    QString mask;
    if (p.mask != attn::MaskKind::None) {
        const bool sdpa = p.maskConvention == attn::MaskConvention::Sdpa;
        const QString shape = p.mask != attn::MaskKind::Pad ? tr("(L, S)") : sdpa ? tr("(B, 1, S)") : tr("(B, S)");
        mask = sdpa
            ? tr("   ·   mask %1, True = take part (SDPA's attn_mask)").arg(shape)
            : tr("   ·   mask %1, True = ignore (MHA's %2)")
                  .arg(shape,
                      p.mask == attn::MaskKind::Pad ? QStringLiteral("key_padding_mask") : QStringLiteral("attn_mask"));
    }
    return tr("scores and weights %1, out %2").arg(shape({ B, L, S }), shape({ B, L, dv })) + mask;
}

QString ExplanationText::statistics(const attn::Result &result)
{
    const attn::Result *r = &result;
    const attn::Params &p = r->params;
    const int L = p.queryLength, S = p.keyLength;
    const bool additive = p.score == attn::Score::Additive;
    const attn::BatchSummary s = attn::summarize(*r, p.batchIndex);
    const attn::Statistics &st = r->attention.stats;
    QString sums;
    if (s.nanDistributions > 0) // loaded NaN or infinities: PyTorch's NaN distributions
        sums = p.softmaxDim == -1
            ? tr("rows that are NaN: %1 of %2 (NaN or +∞ in their scores, as in PyTorch); rows that do not sum to 1: "
                 "%3")
                  .arg(s.nanDistributions)
                  .arg(L)
                  .arg(s.rowsNotSummingToOne)
            : tr("columns that are NaN: %1 of %2 (NaN or +∞ in their scores, as in PyTorch); the rows' sums are NaN")
                  .arg(s.nanDistributions)
                  .arg(S);
    else if (p.softmaxDim == -1)
        sums = s.rowsNotSummingToOne == 0 ? tr("every row sums to 1")
                                          : tr("rows that do not sum to 1: %1 of %2").arg(s.rowsNotSummingToOne).arg(L);
    else if (s.fullyMasked > 0)
        sums = tr("columns sum to 1 (the %1 keys no query may see: 0), %2 of %3 rows do not")
                   .arg(s.fullyMasked)
                   .arg(s.rowsNotSummingToOne)
                   .arg(L);
    else
        sums = tr("columns sum to 1, %1 of %2 rows do not").arg(s.rowsNotSummingToOne).arg(L);
    // The variance: what these samples have, and what the settings lead one to expect over draws.
    const attn::ExpectedVariance e = attn::expectedScoreVariance(p);
    // Var(q_i) = σ² in direct mode, σ²·d_model·Var(w) in projection mode: the formula as the settings make it.
    const QString sigma4 = p.sigma != 1.0 ? tr("·σ⁴") : QString();
    QString expectation;
    if (additive)
        expectation = tr("additive scores: a sum of H tanh's, bounded by Σ|v_h| = %1 whatever d_k is")
                          .arg(significant(attn::additiveScoreBound(*r->inputs)));
    else if (!e.known && p.loaded)
        expectation = tr("none expected: Q and K are loaded, not drawn");
    else if (!e.known)
        expectation = tr("not known with position encodings");
    else if (attn::multiheadOf(p))
        expectation = tr("expected d_k/4 = %1, scaled %2 (xavier in_proj: q, k entries of variance 1/2)")
                          .arg(significant(e.raw), significant(e.scaled));
    else if (p.mode == attn::Mode::Direct)
        expectation = tr("expected d_k%1 = %2, scaled %3").arg(sigma4, significant(e.raw), significant(e.scaled));
    else if (p.init == attn::Init::Randn)
        expectation = tr("expected d_k·d_model²%1 = %2, scaled %3 (randn weights: q and k entries have variance "
                         "d_model)")
                          .arg(sigma4, significant(e.raw), significant(e.scaled));
    else if (p.init == attn::Init::Scaled)
        expectation = tr("expected d_k%1 = %2, scaled %3 (randn / √d_model weights: q and k entries have variance 1)")
                          .arg(sigma4, significant(e.raw), significant(e.scaled));
    else
        expectation = tr("expected d_k/9%1 = %2, scaled %3 (nn.Linear weights: q and k entries have variance 1/3)")
                          .arg(sigma4, significant(e.raw), significant(e.scaled));
    // The softmax's gradient: its Jacobian's norm, large for a spread row, 0 for a one-hot one.
    // Under a mask each distribution is compared with a uniform one over what it may see.
    const bool maskOn = p.mask != attn::MaskKind::None;
    const QString gradient = (p.softmaxDim == -1
            ? (maskOn ? tr("mean softmax Jacobian norm %1 (uniform rows over their visible keys have %2 on average, "
                           "one-hot rows 0)")
                      : tr("mean softmax Jacobian norm %1 (a uniform row has %2, a one-hot row 0; the most, 0.5, a row "
                           "split "
                           "evenly between two keys)"))
            : (maskOn ? tr("mean softmax Jacobian norm %1 (uniform columns over their visible queries have %2 on "
                           "average, one-hot columns 0)")
                      : tr("mean softmax Jacobian norm %1 (a uniform column has %2, a one-hot column 0; the most, 0.5, "
                           "a column "
                           "split evenly between two queries)")))
                                 .arg(QString::number(s.meanJacobianNorm, 'f', 4),
                                     QString::number(s.meanUniformJacobianNorm, 'f', 4));
    // The entropy of the distributions: the rows (softmax over keys) or the columns (over queries).
    const bool masked = p.mask != attn::MaskKind::None;
    QString entropy;
    if (p.softmaxDim == -1 && !masked)
        entropy
            = tr("mean row entropy %1 nats = %2% of ln S = %3")
                  .arg(QString::number(s.meanRowEntropy, 'f', 4), QString::number(100.0 * s.entropyFraction, 'f', 1),
                      QString::number(st.maxRowEntropy, 'f', 4));
    else if (p.softmaxDim == -1)
        entropy
            = tr("mean row entropy %1 nats = %2% of the most the mask allows (%3: ln of each row's visible keys, "
                 "on average)")
                  .arg(QString::number(s.meanRowEntropy, 'f', 4), QString::number(100.0 * s.entropyFraction, 'f', 1),
                      QString::number(s.meanMostRowEntropy, 'f', 4));
    else if (!masked)
        entropy
            = tr("mean column entropy %1 nats = %2% of ln L = %3 (the columns are the distributions)")
                  .arg(QString::number(s.meanColEntropy, 'f', 4), QString::number(100.0 * s.colEntropyFraction, 'f', 1),
                      QString::number(st.maxColEntropy, 'f', 4));
    else
        entropy
            = tr("mean column entropy %1 nats = %2% of the most the mask allows (%3: ln of each column's visible "
                 "queries, on average; the columns are the distributions)")
                  .arg(QString::number(s.meanColEntropy, 'f', 4), QString::number(100.0 * s.colEntropyFraction, 'f', 1),
                      QString::number(s.meanMostColEntropy, 'f', 4));
    return (additive ? tr("max weight %1 (query %2 → key %3)   ·   %4   ·   sample Var(scores) = %5 (not "
                          "scaled: %6); %7   ·   %8   ·   %9")
                     : tr("max weight %1 (query %2 → key %3)   ·   %4   ·   sample Var(Q·Kᵀ) = %5, Var(scaled) "
                          "= %6; %7   ·   %8   ·   %9"))
        .arg(QString::number(s.maxWeight, 'f', 4))
        .arg(s.maxQuery)
        .arg(s.maxKey)
        .arg(entropy)
        .arg(significant(st.rawScores.variance))
        .arg(significant(st.scaledScores.variance))
        .arg(expectation)
        .arg(gradient)
        .arg(sums);
}

QString ExplanationText::comparisonSide(const QString &label, const attn::BatchSummary &b, int dim, bool masked)
{
    const QString weight = QString::number(b.maxWeight, 'f', 4), gradient = QString::number(b.meanJacobianNorm, 'f', 4);
    if (dim == -1)
        return (masked ? tr("%1: max weight %2, mean row entropy %3 nats (%4% of the most the mask allows), "
                            "mean gradient %5")
                       : tr("%1: max weight %2, mean row entropy %3 nats (%4% of ln S), mean gradient %5"))
            .arg(label, weight, QString::number(b.meanRowEntropy, 'f', 4),
                QString::number(100.0 * b.entropyFraction, 'f', 1), gradient);
    return (masked ? tr("%1: max weight %2, mean column entropy %3 nats (%4% of the most the mask allows), "
                        "mean gradient %5")
                   : tr("%1: max weight %2, mean column entropy %3 nats (%4% of ln L), mean gradient %5"))
        .arg(label, weight, QString::number(b.meanColEntropy, 'f', 4),
            QString::number(100.0 * b.colEntropyFraction, 'f', 1), gradient);
}

QString ExplanationText::sdpaCheck(const attn::Result &r)
{
    const attn::SdpaCheck c = attn::checkAgainstSdpa(r);
    if (!c.applies)
        return tr("F.scaled_dot_product_attention computes scaled dot products only: additive scores have no "
                  "official line to compare with.");
    // The lecture prints round(x, 8): 1.2e-07.
    const double rounded = std::round(c.maxAbsDiff * 1e8) / 1e8;
    const QString verdict
        = tr("max |manual − official| = %1 (round(…, 8) = %2), allclose = %3 (atol 1e-6).")
              .arg(QString::number(c.maxAbsDiff, 'g', 8), QString::number(rounded, 'g', QLocale::FloatingPointShortest),
                  c.allclose ? "True" : "False");
    QStringList why;
    if (r.params.softmaxDim == -2)
        why << tr("SDPA's softmax is always over the keys (dim −1); these settings take it over the queries, so the "
                  "two are different functions.");
    if (c.nanRows > 0)
        why << tr("Queries that see no key: %1. SDPA gives NaN there (left out of the difference, and allclose is "
                  "False).")
                   .arg(c.nanRows);
    if (r.params.softmaxDim == -1 && c.nanRows == 0)
        why << tr("Same formula, another float32 order: SDPA scales q and k by √scale = %1 before the product.")
                   .arg(QString::number(std::sqrt(c.scale), 'g', 4));
    if (r.params.queryLength * r.params.keyLength >= 64 * 64)
        why << tr("At this size PyTorch may choose another kernel (flash or memory-efficient attention), which the "
                  "lecture says may differ more; this is the math kernel's difference.");
    return verdict + QLatin1Char(' ') + why.join(QLatin1Char(' '));
}
