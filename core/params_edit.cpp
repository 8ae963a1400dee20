// SPDX-License-Identifier: GPL-3.0-or-later
#include "params_edit.h"

#include <algorithm>

namespace attn {

void normalize(Params &p)
{
    if (p.dvFollowsDk)
        p.dV = p.dK;
    if (p.mode == Mode::Direct)
        p.cross = false;
    if (p.cross)
        p.keysFollowLength = false;
    if (p.keysFollowLength)
        p.keyLength = p.queryLength;
    if (p.mask == MaskKind::Pad)
        p.padCount = std::clamp(p.padCount, 0, p.keyLength);
    if (!p.tokens.empty() && (p.queryLength != int(p.tokens.size()) || p.keyLength != int(p.tokens.size())))
        p.tokens.clear();
    if (p.tokens.empty() || p.mode != Mode::Projection)
        p.positions = false; // only token embeddings get position encodings
    p.batchIndex = std::clamp(p.batchIndex, 0, std::max(p.batch - 1, 0));
}

void setDk(Params &p, int dK)
{
    p.dK = dK;
    normalize(p);
}

void setDv(Params &p, int dV)
{
    p.dV = dV;
    p.dvFollowsDk = false;
    normalize(p);
}

void setDvFollowsDk(Params &p, bool on)
{
    p.dvFollowsDk = on;
    normalize(p);
}

void setQueryLength(Params &p, int L)
{
    p.queryLength = L;
    normalize(p);
}

void setKeyLength(Params &p, int S)
{
    p.keyLength = S;
    p.keysFollowLength = false;
    normalize(p);
}

void setSeparateKeys(Params &p, bool on)
{
    p.keysFollowLength = !on;
    p.cross = on && p.mode == Mode::Projection;
    normalize(p);
}

void setMode(Params &p, Mode m)
{
    p.mode = m;
    normalize(p);
}

void setMask(Params &p, MaskKind kind, int padCount)
{
    p.mask = kind;
    p.padCount = kind == MaskKind::Pad ? padCount : 0;
    normalize(p);
}

void toggleScaling(Params &p)
{
    p.scaling = p.scaling == Scaling::None ? Scaling::InvSqrtDk : Scaling::None;
}

void toggleSoftmaxDim(Params &p)
{
    p.softmaxDim = p.softmaxDim == -1 ? -2 : -1;
}

void nextMask(Params &p)
{
    if (p.mask == MaskKind::None)
        setMask(p, MaskKind::Causal);
    else if (p.mask == MaskKind::Causal && p.keyLength > 1)
        setMask(p, MaskKind::Pad, std::max(1, p.keyLength / 4));
    else
        setMask(p, MaskKind::None);
}

void doubleDk(Params &p)
{
    setDk(p, std::min(p.dK * 2, kDemoMaxDk));
}

void halveDk(Params &p)
{
    setDk(p, std::max(p.dK / 2, 1));
}

void stepQueryLength(Params &p, int delta)
{
    setQueryLength(p, std::clamp(p.queryLength + delta, 1, kDemoMaxLength));
}

void sweepDk(Params &p)
{
    setDk(p, p.dK >= kDemoMaxDk ? 1 : std::min(kDemoMaxDk, p.dK * 2));
}

void sweepLength(Params &p)
{
    setQueryLength(p, p.queryLength >= kDemoMaxLength ? 1 : std::min(kDemoMaxLength, p.queryLength * 2));
}

std::array<Params, 2> comparisonSides(const Params &p, Comparison kind, int otherDk, int *currentSide)
{
    std::array<Params, 2> sides { p, p };
    int current = 0;
    switch (kind) {
    case Comparison::None:
        break;
    case Comparison::Scaling:
        if (sides[0].scaling == Scaling::None)
            sides[0].scaling = Scaling::InvSqrtDk;
        sides[1].scaling = Scaling::None;
        current = p.scaling == Scaling::None ? 1 : 0;
        break;
    case Comparison::SoftmaxDim:
        sides[0].softmaxDim = -1;
        sides[1].softmaxDim = -2;
        current = p.softmaxDim == -2 ? 1 : 0;
        break;
    case Comparison::Dk:
        setDk(sides[1], otherDk);
        break;
    case Comparison::Score:
        sides[0].score = Score::Dot;
        sides[1].score = Score::Additive;
        current = p.score == Score::Additive ? 1 : 0;
        break;
    }
    if (currentSide)
        *currentSide = current;
    return sides;
}

} // namespace attn
