// SPDX-License-Identifier: GPL-3.0-or-later
#include "params_edit.h"

#include "attention.h"
#include "loaded.h"
#include "multihead.h"

#include <algorithm>

namespace attn {

namespace {

// Lays the custom mask out for the current L x S (each at most Limits::maxCustomMaskSide), keeping the
// cells both sizes have; new cells are not masked.
void resizeCustomMask(Params &p)
{
    const int L = std::min(p.queryLength, Limits::maxCustomMaskSide),
              S = std::min(p.keyLength, Limits::maxCustomMaskSide);
    const int oldS = p.customCols, oldL = oldS > 0 ? int(p.customMask.size()) / oldS : 0;
    if (oldS == S && oldL == L && p.customMask.size() == std::size_t(L) * std::size_t(S))
        return;
    std::vector<std::uint8_t> cells(std::size_t(L) * std::size_t(S), 0);
    for (int i = 0; i < std::min(L, oldL); ++i)
        for (int j = 0; j < std::min(S, oldS); ++j)
            cells[std::size_t(i) * std::size_t(S) + std::size_t(j)]
                = p.customMask[std::size_t(i) * std::size_t(oldS) + std::size_t(j)];
    p.customMask = std::move(cells);
    p.customCols = S;
}

} // namespace

void normalize(Params &p)
{
    if (p.loaded && p.mode != Mode::Direct)
        p.loaded.reset(); // another source chosen: back to the draws, at the loaded sizes
    // The heads of nn.MultiheadAttention follow d_model, L and the seed: drawn again for new ones (when they can be:
    // otherwise validate says why not, and the settings are refused).
    bool staleHeads = false; // asked for heads that cannot be drawn: L is kept for validate to name the problem
    if (const MultiheadResult *m = multiheadOf(p)) {
        const MultiheadSettings s = requestedMultihead(p);
        if (s != m->settings) {
            if (multiheadProblem(s).empty() && s.length <= Limits::maxLength
                && multiheadDrawBytes(s) <= defaultMemoryBudget())
                p = multiheadParams(p, s);
            else
                staleHeads = true;
        }
    }
    if (p.loaded) { // the files fix the sizes
        const LoadedInputs &in = *p.loaded;
        p.batch = in.Q.batch;
        if (!staleHeads)
            p.queryLength = in.Q.rows;
        p.keyLength = staleHeads ? p.queryLength : in.K.rows;
        p.dK = in.Q.cols;
        p.dV = in.V.cols;
        // (nn.MultiheadAttention's heads are self-attention with d_v = d_k: the keys are the queries' tokens)
        p.keysFollowLength = p.dvFollowsDk = in.multihead != nullptr;
        p.cross = false;
        p.tokens = in.tokens;
    }
    if (p.dvFollowsDk)
        p.dV = p.dK;
    if (p.mode == Mode::Direct)
        p.cross = false;
    if (p.cross)
        p.keysFollowLength = false;
    if (p.keysFollowLength)
        p.keyLength = p.queryLength;
    if (p.mask == MaskKind::Pad) {
        p.padCount = std::clamp(p.padCount, 0, p.keyLength);
        if (!p.padPerBatch.empty())
            p.padPerBatch.resize(std::size_t(std::max(p.batch, 1)), p.padPerBatch.back());
        for (int &n : p.padPerBatch)
            n = std::clamp(n, 0, p.keyLength);
    } else {
        p.padPerBatch.clear();
    }
    if (p.mask == MaskKind::Custom)
        resizeCustomMask(p); // (under another mask the cells are kept as they were, to come back to)
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

void setLoaded(Params &p, std::shared_ptr<const LoadedInputs> in)
{
    p.mode = Mode::Direct;
    p.loaded = std::move(in);
    normalize(p);
}

void setMode(Params &p, Mode m)
{
    p.mode = m;
    normalize(p);
}

void setMask(Params &p, MaskKind kind, int padCount)
{
    if (kind == MaskKind::Custom && p.mask != MaskKind::Custom && p.customMask.empty()) {
        // A first custom mask starts from the one shown (causal, the shown element's padding, or none); a
        // later one comes back as it was left.
        const int L = std::min(p.queryLength, Limits::maxCustomMaskSide),
                  S = std::min(p.keyLength, Limits::maxCustomMaskSide);
        std::vector<std::uint8_t> cells(std::size_t(L) * std::size_t(S));
        for (int i = 0; i < L; ++i)
            for (int j = 0; j < S; ++j)
                cells[std::size_t(i) * std::size_t(S) + std::size_t(j)] = isMasked(p, p.batchIndex, i, j) ? 1 : 0;
        p.customMask = std::move(cells);
        p.customCols = S;
    }
    p.mask = kind;
    p.padCount = kind == MaskKind::Pad ? padCount : 0;
    p.padPerBatch.clear();
    normalize(p);
}

void setPadOf(Params &p, int b, int count)
{
    if (p.mask != MaskKind::Pad || b < 0 || b >= p.batch)
        return;
    if (p.padPerBatch.empty())
        p.padPerBatch.assign(std::size_t(p.batch), p.padCount);
    p.padPerBatch[std::size_t(b)] = count;
    if (std::all_of(p.padPerBatch.begin(), p.padPerBatch.end(), [&](int n) { return n == p.padPerBatch.front(); })) {
        p.padCount = p.padPerBatch.front(); // the same for all: pad:N
        p.padPerBatch.clear();
    }
    normalize(p);
}

void toggleMaskCell(Params &p, int query, int key)
{
    if (p.mask != MaskKind::Custom || query < 0 || key < 0 || query >= p.queryLength || key >= p.keyLength)
        return;
    std::uint8_t &cell = p.customMask[std::size_t(query) * std::size_t(p.keyLength) + std::size_t(key)];
    cell = cell ? 0 : 1;
}

void toggleScaling(Params &p)
{
    p.scaling = p.scaling == Scaling::None ? Scaling::InvSqrtDk : Scaling::None;
}

void toggleSoftmaxDim(Params &p)
{
    p.softmaxDim = p.softmaxDim == -1 ? -2 : -1;
}

void nextInit(Params &p)
{
    if (p.mode != Mode::Projection || p.loaded)
        return;
    p.init = p.init == Init::Randn ? Init::Scaled : p.init == Init::Scaled ? Init::Linear : Init::Randn;
}

void nextMask(Params &p)
{
    if (p.mask == MaskKind::None)
        setMask(p, MaskKind::Causal);
    else if (p.mask == MaskKind::Causal && p.keyLength > 1)
        setMask(p, MaskKind::Pad, std::max(1, p.keyLength / 4));
    else if (p.mask == MaskKind::Pad && !p.customMask.empty())
        setMask(p, MaskKind::Custom); // the cells edited before
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

Params lectureBlock1()
{
    Params p;
    p.batch = 2;
    return p;
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
    case Comparison::MaskFill:
        sides[0].maskFill = MaskFill::NegInf;
        sides[1].maskFill = MaskFill::MinusBillion;
        current = p.maskFill == MaskFill::MinusBillion ? 1 : 0;
        break;
    case Comparison::Sdpa:
        sides[0].sdpaKernel = false;
        sides[1].sdpaKernel = true; // (additive scores have no SDPA: both sides are then the same)
        break;
    }
    if (currentSide)
        *currentSide = current;
    return sides;
}

} // namespace attn
