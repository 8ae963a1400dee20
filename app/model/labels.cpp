// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/labels.h"

#include "loaded.h"

#include <QCoreApplication>
#include <QStringList>

QString scalingLabel(const attn::Params &p)
{
    if (p.score == attn::Score::Additive)
        return QCoreApplication::translate("Figure", "additive, H = %1 (not scaled)").arg(p.additiveHidden);
    switch (p.scaling) {
    case attn::Scaling::InvSqrtDk:
        return QCoreApplication::translate("Figure", "scaled by 1/√%1").arg(p.dK);
    case attn::Scaling::None:
        return QCoreApplication::translate("Figure", "not scaled");
    case attn::Scaling::Custom:
        return QCoreApplication::translate("Figure", "scaled by %1").arg(p.customScale, 0, 'g', 4);
    case attn::Scaling::InvDk:
        return QCoreApplication::translate("Figure", "scaled by 1/%1 (1/d_k)").arg(p.dK);
    case attn::Scaling::InvSqrtDModel:
        return QCoreApplication::translate("Figure", "scaled by 1/√%1 (1/√d_model)").arg(p.dModel);
    case attn::Scaling::QuarterEach:
        return QCoreApplication::translate("Figure", "q and k each scaled by %1^−¼").arg(p.dK);
    }
    return {};
}

QString scalingChoiceText(attn::Scaling s)
{
    switch (s) {
    case attn::Scaling::InvSqrtDk:
        return QCoreApplication::translate("Scaling", "÷√d_k (the lecture's)");
    case attn::Scaling::None:
        return QCoreApplication::translate("Scaling", "not scaled");
    case attn::Scaling::InvDk:
        return QCoreApplication::translate("Scaling", "÷d_k (too much)");
    case attn::Scaling::InvSqrtDModel:
        return QCoreApplication::translate("Scaling", "÷√d_model (the multi-head mistake)");
    case attn::Scaling::QuarterEach:
        return QCoreApplication::translate("Scaling", "d_k^−¼ on q and on k (= ÷√d_k)");
    case attn::Scaling::Custom:
        return QCoreApplication::translate("Scaling", "custom factor");
    }
    return {};
}

QString scalingLegend(attn::Scaling s, int dModel, double customScale)
{
    switch (s) {
    case attn::Scaling::InvSqrtDk:
        return QCoreApplication::translate("Scaling", "÷√d_k");
    case attn::Scaling::InvDk:
        return QCoreApplication::translate("Scaling", "÷d_k");
    case attn::Scaling::InvSqrtDModel:
        return QCoreApplication::translate("Scaling", "÷√d_model (d_model = %1)").arg(dModel);
    case attn::Scaling::QuarterEach:
        return QCoreApplication::translate("Scaling", "d_k^−¼ on q and on k");
    case attn::Scaling::Custom:
        return QCoreApplication::translate("Scaling", "× %1").arg(customScale, 0, 'g', 4);
    case attn::Scaling::None:
        break;
    }
    return QCoreApplication::translate("Scaling", "not scaled");
}

QString softmaxDimLabel(const attn::Params &p)
{
    return p.softmaxDim == -1 ? QCoreApplication::translate("Figure", "softmax over keys (dim −1)")
                              : QCoreApplication::translate("Figure", "softmax over queries (dim −2)");
}

namespace {

// The end of every title: the mask, the sizes and the seed.
QString titleEnd(const attn::Params &p)
{
    QString t;
    if (p.mask == attn::MaskKind::Causal)
        t += QCoreApplication::translate("Figure", ", causal mask");
    else if (p.mask == attn::MaskKind::Pad && p.padOf(p.batchIndex) == 0)
        t += QCoreApplication::translate("Figure", ", no key padded");
    else if (p.mask == attn::MaskKind::Pad)
        t += QCoreApplication::translate("Figure", ", last %1 keys masked").arg(p.padOf(p.batchIndex));
    else if (p.mask == attn::MaskKind::Custom)
        t += QCoreApplication::translate("Figure", ", custom mask");
    if (p.mask != attn::MaskKind::None && p.maskFill == attn::MaskFill::MinusBillion)
        t += QCoreApplication::translate("Figure", " (filled with −1e9)");
    if (p.loaded) { // loaded data: the file and the element shown, not a seed that drew nothing
        const int heads = p.loaded->heads;
        const QString element = p.batch <= 1 ? QString()
            : heads > 1                      ? QCoreApplication::translate("Figure", ", batch %1, head %2")
                              .arg(p.batchIndex / heads)
                              .arg(p.batchIndex % heads)
                        : QCoreApplication::translate("Figure", ", batch element %1").arg(p.batchIndex);
        return t
            + QCoreApplication::translate("Figure", "  (%1: L = %2, S = %3%4)")
                  .arg(QString::fromStdString(p.loaded->source))
                  .arg(p.queryLength)
                  .arg(p.keyLength)
                  .arg(element);
    }
    return t
        + QCoreApplication::translate("Figure", "  (L = %1, S = %2, seed %3)")
              .arg(p.queryLength)
              .arg(p.keyLength)
              .arg(p.seed);
}

} // namespace

QString settingsTitle(const attn::Params &p)
{
    return QCoreApplication::translate("Figure", "d_k = %1, %2, %3").arg(p.dK).arg(scalingLabel(p), softmaxDimLabel(p))
        + titleEnd(p);
}

QString settingsChange(const attn::Params &was, const attn::Params &now)
{
    const unsigned changed = attn::changedSettings(was, now);
    const auto numbers = [&](const char *name, long long a, long long b) {
        return QCoreApplication::translate("Labels", "%1 %2 → %3").arg(QString::fromUtf8(name)).arg(a).arg(b);
    };
    QStringList said;
    if (changed & attn::SettingDk)
        said << numbers("d_k", was.dK, now.dK);
    if (changed & attn::SettingQueryLength)
        said << numbers("L", was.queryLength, now.queryLength);
    if ((changed & attn::SettingKeyLength) && !(was.keysFollowLength && now.keysFollowLength)) // S follows L: said
        said << numbers("S", was.keyLength, now.keyLength);
    if (changed & attn::SettingBatch)
        said << numbers("B", was.batch, now.batch);
    if (changed & attn::SettingDModel)
        said << numbers("d_model", was.dModel, now.dModel);
    if ((changed & attn::SettingDv) && !(was.dvFollowsDk && now.dvFollowsDk)) // d_v follows d_k: said
        said << numbers("d_v", was.dV, now.dV);
    if (changed & attn::SettingSeed)
        said << QCoreApplication::translate("Labels", "seed %1 → %2").arg(was.seed).arg(now.seed);
    if (changed & attn::SettingScaling)
        said << QCoreApplication::translate("Labels", "%1 → %2").arg(scalingLabel(was), scalingLabel(now));
    if (changed & attn::SettingSoftmaxDim)
        said << QCoreApplication::translate("Labels", "softmax dim %1 → %2")
                    .arg(QString::number(was.softmaxDim).replace('-', QChar(0x2212)),
                        QString::number(now.softmaxDim).replace('-', QChar(0x2212)));
    const unsigned named = attn::SettingDk | attn::SettingQueryLength | attn::SettingKeyLength | attn::SettingBatch
        | attn::SettingDModel | attn::SettingDv | attn::SettingSeed | attn::SettingScaling | attn::SettingSoftmaxDim;
    if (changed & attn::SettingMask)
        said << QCoreApplication::translate("Labels", "the mask");
    if (changed & attn::SettingInit)
        said << QCoreApplication::translate("Labels", "the weights' init");
    if (changed & ~(named | attn::SettingMask | attn::SettingInit))
        said << QCoreApplication::translate("Labels", "other settings");
    return said.size() > 3 ? QCoreApplication::translate("Labels", "several settings")
                           : said.join(QCoreApplication::translate("Labels", ", "));
}

QString compareTitle(const attn::Params &p, CompareKind kind)
{
    // what both panels share: the settings that do not differ
    switch (kind) {
    case CompareKind::Scaling:
        return QCoreApplication::translate("Figure", "d_k = %1, %2").arg(p.dK).arg(softmaxDimLabel(p)) + titleEnd(p);
    case CompareKind::SoftmaxDim:
        return QCoreApplication::translate("Figure", "d_k = %1, %2").arg(p.dK).arg(scalingLabel(p)) + titleEnd(p);
    case CompareKind::Dk:
        return QCoreApplication::translate("Figure", "%1, %2").arg(scalingLabel(p), softmaxDimLabel(p)) + titleEnd(p);
    case CompareKind::Score:
        return QCoreApplication::translate("Figure", "d_k = %1, %2").arg(p.dK).arg(softmaxDimLabel(p)) + titleEnd(p);
    case CompareKind::MaskFill: {
        attn::Params shared = p;
        shared.maskFill = attn::MaskFill::NegInf; // the fill is what differs: not in the shared title
        return settingsTitle(shared);
    }
    case CompareKind::Sdpa:
    case CompareKind::None:
        break;
    }
    return settingsTitle(p);
}

QString compareLabel(const attn::Params &p, CompareKind kind)
{
    switch (kind) {
    case CompareKind::None:
        return {};
    case CompareKind::Scaling:
        return scalingLabel(p);
    case CompareKind::SoftmaxDim:
        return softmaxDimLabel(p);
    case CompareKind::Dk:
        return QStringLiteral("d_k = %1").arg(p.dK);
    case CompareKind::Score:
        return p.score == attn::Score::Additive
            ? scalingLabel(p)
            : QCoreApplication::translate("Figure", "dot product, %1").arg(scalingLabel(p));
    case CompareKind::MaskFill:
        return p.maskFill == attn::MaskFill::MinusBillion
            ? QCoreApplication::translate("Figure", "masked_fill(mask, −1e9)")
            : QCoreApplication::translate("Figure", "masked with −inf");
    case CompareKind::Sdpa:
        return p.sdpaKernel ? QCoreApplication::translate("Figure", "F.scaled_dot_product_attention (math kernel)")
                            : QCoreApplication::translate("Figure", "by hand: softmax(Q·Kᵀ·scale)·V");
    }
    return {};
}
