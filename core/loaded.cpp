// SPDX-License-Identifier: GPL-3.0-or-later
#include "loaded.h"

#include "params.h"

#include <algorithm>
#include <cmath>

namespace attn {

std::optional<Tensor3> arrayAsInputs(const LoadedArray &a, const std::string &name, int *heads, std::string *error)
{
    const std::vector<std::int64_t> &s = a.shape;
    if (s.size() < 2 || s.size() > 4) {
        *error = name + " has shape " + shapeText(s) + ": expected (L, d), (B, L, d) or (B, H, L, d)";
        return std::nullopt;
    }
    const std::int64_t rows = s[s.size() - 2], cols = s.back();
    std::int64_t batch = 1;
    for (std::size_t k = 0; k + 2 < s.size(); ++k)
        batch *= s[k];
    *heads = s.size() == 4 ? int(s[1]) : 1;
    if (rows < 1 || cols < 1 || batch < 1) {
        *error = name + " has shape " + shapeText(s) + ": every size must be at least 1";
        return std::nullopt;
    }
    if (rows > Limits::maxLength || cols > Limits::maxDim || batch > Limits::maxBatch) {
        *error = name + " has shape " + shapeText(s) + ": at most " + std::to_string(Limits::maxBatch)
            + " batch elements (times heads), " + std::to_string(Limits::maxLength) + " rows and "
            + std::to_string(Limits::maxDim) + " columns";
        return std::nullopt;
    }
    Tensor3 t { int(batch), int(rows), int(cols) };
    std::copy(a.data.begin(), a.data.end(), t.data.begin());
    return t;
}

std::shared_ptr<const LoadedInputs> makeLoadedInputs(const LoadedArray &q, const LoadedArray &k, const LoadedArray *v,
    const std::string &source, std::string *error, const std::vector<std::string> &tokens,
    const std::vector<std::string> &paths)
{
    auto in = std::make_shared<LoadedInputs>();
    int qHeads = 1, kHeads = 1, vHeads = 1;
    auto Q = arrayAsInputs(q, "q", &qHeads, error);
    if (!Q)
        return nullptr;
    auto K = arrayAsInputs(k, "k", &kHeads, error);
    if (!K)
        return nullptr;
    if (Q->cols != K->cols) {
        *error = "q " + shapeText(q.shape) + " and k " + shapeText(k.shape) + " need the same width d_k to be "
            + "multiplied (Q·Kᵀ): " + std::to_string(Q->cols) + " and " + std::to_string(K->cols);
        return nullptr;
    }
    if (q.shape.size() != k.shape.size() || Q->batch != K->batch || qHeads != kHeads) {
        *error = "q " + shapeText(q.shape) + " and k " + shapeText(k.shape)
            + " need the same batch (and heads) in front of their rows";
        return nullptr;
    }
    in->heads = qHeads;
    if (v) {
        auto V = arrayAsInputs(*v, "v", &vHeads, error);
        if (!V)
            return nullptr;
        if (v->shape.size() != k.shape.size() || V->batch != K->batch || V->rows != K->rows || vHeads != kHeads) {
            *error = "v " + shapeText(v->shape) + " needs k's batch and length: k is " + shapeText(k.shape);
            return nullptr;
        }
        in->V = std::move(*V);
        in->vGiven = true;
    } else {
        in->V = *K; // out = weights·K: said wherever V is shown
    }
    in->Q = std::move(*Q);
    in->K = std::move(*K);
    in->source = source;
    in->paths = paths;
    if (!tokens.empty() && int(tokens.size()) == in->Q.rows && in->Q.rows == in->K.rows)
        in->tokens = tokens;
    else if (!tokens.empty())
        in->notes.push_back("the " + std::to_string(tokens.size()) + " tokens are not shown: they label the axes when "
            + "there are as many as queries and keys (L = " + std::to_string(in->Q.rows)
            + ", S = " + std::to_string(in->K.rows) + ")");
    for (const Tensor3 *t : { &in->Q, &in->K, &in->V })
        for (const float x : t->data)
            in->nonFinite += std::isfinite(x) ? 0 : 1;
    if (!in->vGiven)
        in->nonFinite -= std::size_t(std::count_if(
            in->K.data.begin(), in->K.data.end(), [](float x) { return !std::isfinite(x); })); // counted once, in K
    return in;
}

} // namespace attn
