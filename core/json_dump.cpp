// SPDX-License-Identifier: GPL-3.0-or-later
#include "json_dump.h"

#include "loaded.h"
#include "params_keys.h"
#include "sdpa.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <locale>
#include <sstream>
#include <string>

namespace attn {

namespace {

// 9 significant digits round-trip a float32; non-finite values (masked logits) become null.
void number(std::ostream &out, double v, int digits = 9)
{
    if (!std::isfinite(v)) {
        out << "null";
        return;
    }
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.*g", digits, v);
    out << buf;
}

void string(std::ostream &out, const std::string &s)
{
    out << '"';
    for (char c : s) {
        switch (c) {
        case '"':
            out << "\\\"";
            break;
        case '\\':
            out << "\\\\";
            break;
        case '\n':
            out << "\\n";
            break;
        case '\t':
            out << "\\t";
            break;
        default:
            if (static_cast<unsigned char>(c) < 0x20) {
                char buf[8];
                std::snprintf(buf, sizeof buf, "\\u%04x", c);
                out << buf;
            } else {
                out << c;
            }
        }
    }
    out << '"';
}

void tensor(std::ostream &out, const Tensor3 &t, bool dropBatch = false)
{
    if (!dropBatch)
        out << '[';
    for (int b = 0; b < t.batch; ++b) {
        out << (b ? ",\n  [" : "[");
        for (int i = 0; i < t.rows; ++i) {
            out << (i ? ",[" : "[");
            for (int j = 0; j < t.cols; ++j) {
                if (j)
                    out << ',';
                number(out, t(b, i, j));
            }
            out << ']';
        }
        out << ']';
    }
    if (!dropBatch)
        out << ']';
}

template <typename M> void table(std::ostream &out, const M &m, int digits = 9)
{
    out << '[';
    for (Eigen::Index b = 0; b < m.rows(); ++b) {
        out << (b ? ",[" : "[");
        for (Eigen::Index i = 0; i < m.cols(); ++i) {
            if (i)
                out << ',';
            number(out, double(m(b, i)), digits);
        }
        out << ']';
    }
    out << ']';
}

void member(std::ostream &out, const char *name)
{
    out << ",\n\"" << name << "\": ";
}

} // namespace

void writeMultiheadJson(std::ostream &out, const MultiheadResult &r)
{
    const MultiheadSettings &s = r.settings;
    const int h = s.heads;
    out << "{\n\"params\": {\"mode\": \"multihead\", \"init\": \"mha\", \"batch\": " << s.batch
        << ", \"len\": " << s.length << ", \"d_model\": " << s.dModel << ", \"heads\": " << h
        << ", \"d_k\": " << r.headDim << ", \"d_v\": " << r.headDim << ", \"seed\": " << s.seed << ", \"scale\": ";
    number(out, 1.0 / std::sqrt(double(r.headDim)), 17);
    out << ", \"mask\": "
        << (s.mask == MultiheadMask::Causal              ? std::string(R"("causal")")
                   : s.mask == MultiheadMask::KeyPadding ? "\"pad:" + std::to_string(s.padKeys) + "\""
                                                         : std::string(R"("none")"))
        << R"(, "module": "nn.MultiheadAttention()" << s.dModel << ", " << h << ", bias=False, batch_first=True)"
        << "\"}";
    member(out, "X");
    tensor(out, r.X);
    member(out, "in_proj_weight");
    tensor(out, r.inProjWeight, true);
    member(out, "out_proj_weight");
    tensor(out, r.outProjWeight, true);
    member(out, "Q");
    tensor(out, r.Q);
    member(out, "K");
    tensor(out, r.K);
    member(out, "V");
    tensor(out, r.V);
    // (B, h, L, S): each batch element's heads
    member(out, "head_weights");
    out << '[';
    for (int b = 0; b < s.batch; ++b) {
        Tensor3 heads(h, s.length, s.length);
        std::copy_n(r.headWeights.data.begin() + std::ptrdiff_t(std::size_t(b) * h * heads.sliceSize()),
            heads.data.size(), heads.data.begin());
        out << (b ? ",\n " : "");
        tensor(out, heads);
    }
    out << ']';
    member(out, "weights");
    tensor(out, r.averageWeights);
    member(out, "concat");
    tensor(out, r.concat);
    member(out, "out");
    tensor(out, r.out);
    member(out, "head_mean_entropy");
    out << '[';
    for (int b = 0; b < s.batch; ++b) {
        out << (b ? ",[" : "[");
        for (int i = 0; i < h; ++i) {
            if (i)
                out << ',';
            number(out, r.headMeanEntropy[std::size_t(b) * h + i]);
        }
        out << ']';
    }
    out << ']';
    const MultiheadCost heads = multiheadCost(s.batch, s.length, s.dModel, h),
                        one = multiheadCost(s.batch, s.length, s.dModel, 1);
    member(out, "multiply_adds");
    out << "{\"projections\": ";
    number(out, heads.projections, 17);
    out << ", \"scores\": ";
    number(out, heads.scores, 17);
    out << ", \"weighted_sums\": ";
    number(out, heads.weightedSums, 17);
    out << ", \"out_projection\": ";
    number(out, heads.outProjection, 17);
    out << ", \"total\": ";
    number(out, heads.total(), 17);
    out << ", \"one_head_of_d_model_total\": ";
    number(out, one.total(), 17);
    out << "}\n}\n";
}

std::uint64_t estimatedMultiheadJsonBytes(const MultiheadSettings &s)
{
    const std::uint64_t B = std::uint64_t(std::max(1, s.batch)), L = std::uint64_t(std::max(1, s.length)),
                        E = std::uint64_t(std::max(1, s.dModel)), h = std::uint64_t(std::max(1, s.heads));
    // X, Q, K, V, concat, out; the two weights; the heads' and the average's weights
    return 16 * (6 * B * L * E + 4 * E * E + B * (h + 1) * L * L) + 24 * B * h + 4096;
}

std::uint64_t estimatedJsonBytes(const Params &p, bool withMistake)
{
    const std::uint64_t B = std::uint64_t(std::max(1, p.batch)), L = std::uint64_t(std::max(1, p.queryLength)),
                        S = std::uint64_t(std::max(1, p.keyLength)), dk = std::uint64_t(std::max(1, p.dK)),
                        dv = std::uint64_t(std::max(1, p.dV)), dm = std::uint64_t(std::max(1, p.dModel));
    // scores, logits, weights (and a mistake's weights); Q, K, V, out and the official out; X and the W's in
    // projection mode (Y for cross attention); the rows' and columns' statistics in double.
    std::uint64_t floats = B * (L * S * (withMistake ? 4 : 3) + L * dk + S * dk + S * dv + 2 * L * dv);
    if (p.mode == Mode::Projection)
        floats += B * (L + S) * dm + dm * (2 * dk + dv);
    const std::uint64_t doubles = B * (6 * L + 3 * S);
    return 16 * floats + 24 * doubles + 4096;
}

std::string jsonTooLarge(const Params &p, bool withMistake)
{
    const std::uint64_t bytes = estimatedJsonBytes(p, withMistake);
    if (bytes <= kMaxJsonBytes)
        return {};
    return "these sizes would write about " + std::to_string(bytes >> 20) + " MiB of JSON, more than the "
        + std::to_string(kMaxJsonBytes >> 20)
        + " MiB allowed; reduce --batch, --len or --keys, or write the weights alone with --export weights.npy";
}

void writeJsonList(std::ostream &out, const std::vector<double> &v)
{
    out << '[';
    for (std::size_t i = 0; i < v.size(); ++i) {
        if (i)
            out << ", ";
        writeJsonNumber(out, v[i]);
    }
    out << ']';
}

void writeJsonNumber(std::ostream &out, double v)
{
    if (!std::isfinite(v)) {
        out << "null";
        return;
    }
    std::ostringstream s;
    s.imbue(std::locale::classic());
    s.precision(17);
    s << v;
    out << s.str();
}

void writeJson(std::ostream &out, const Result &r, const MistakeResult *mistake, const MessageText &text)
{
    const Params &p = r.params;
    const Statistics &st = r.attention.stats;
    out << "{\n\"params\": {";
    bool first = true;
    const auto field = [&](const char *name) {
        out << (first ? "\"" : ", \"") << name << "\": ";
        first = false;
    };
    field(key::mode);
    string(out, modeName(p.mode));
    field(key::batch);
    out << p.batch;
    field(key::len);
    out << p.queryLength;
    field(key::keys);
    out << p.keyLength;
    field(key::cross);
    out << (p.isCross() ? "true" : "false");
    field(key::dModel);
    out << p.dModel;
    field(key::dK);
    out << p.dK;
    field(key::dV);
    out << p.dV;
    field(key::seed);
    out << p.seed;
    field(key::scaling);
    string(out, scalingName(p.scaling));
    field(key::scale); // the factor actually used
    number(out, p.scaleFactor(), 17);
    field(key::init);
    string(out, initName(p.init));
    field(key::sigma);
    number(out, p.sigma, 17);
    field(key::score);
    string(out, scoreName(p.score));
    if (p.score == Score::Additive) {
        field(key::additiveHidden);
        out << p.additiveHidden;
    }
    field(key::softmaxDim);
    out << p.softmaxDim;
    field(key::mask);
    string(out, maskName(p));
    field(key::maskFill);
    string(out, maskFillName(p.maskFill));
    field(key::maskConvention);
    string(out, maskConventionName(p.maskConvention));
    field(key::batchIndex);
    out << p.batchIndex;
    if (p.loaded) {
        field(key::loaded);
        string(out, p.loaded->source);
        field(key::vGiven);
        out << (p.loaded->vGiven ? "true" : "false");
    }
    if (!p.tokens.empty()) {
        field(key::tokens);
        out << '[';
        for (std::size_t i = 0; i < p.tokens.size(); ++i) {
            if (i)
                out << ", ";
            string(out, p.tokens[i]);
        }
        out << ']';
        field(key::positions);
        out << (p.positions ? "true" : "false");
    }
    out << "}";

    const Inputs &in = *r.inputs;
    if (p.hasTokenEmbeddings()) {
        member(out, "E");
        tensor(out, in.E, true);
    }
    if (p.mode == Mode::Projection) {
        member(out, "X");
        tensor(out, in.X);
        if (p.isCross()) {
            member(out, "Y");
            tensor(out, in.Y);
        }
        member(out, "W_q");
        tensor(out, in.Wq, true);
        member(out, "W_k");
        tensor(out, in.Wk, true);
        member(out, "W_v");
        tensor(out, in.Wv, true);
    }
    if (p.score == Score::Additive) {
        member(out, "W_1");
        tensor(out, in.W1, true);
        member(out, "W_2");
        tensor(out, in.W2, true);
        member(out, "v_a"); // (H): a vector, as randn(H) draws it
        out << '[';
        for (int h = 0; h < in.va.cols; ++h) {
            if (h)
                out << ',';
            number(out, in.va(0, 0, h));
        }
        out << ']';
    }
    member(out, "Q");
    tensor(out, in.Q);
    member(out, "K");
    tensor(out, in.K);
    member(out, "V");
    tensor(out, in.V);
    member(out, "scores");
    tensor(out, *r.scores);
    member(out, "logits");
    tensor(out, computeLogits(*r.scores, p));
    if (p.mask != MaskKind::None) {
        // The boolean mask as the convention's PyTorch call takes it, (B, L, S): SDPA's attn_mask is True
        // where the query takes part, nn.MultiheadAttention's masks are True where it may not look.
        const bool sdpa = p.maskConvention == MaskConvention::Sdpa;
        member(out, "attn_mask_true_means");
        string(out, sdpa ? "take part" : "ignore");
        member(out, "attn_mask");
        out << '[';
        for (int b = 0; b < p.batch; ++b) {
            out << (b ? ",\n [" : "[");
            for (int i = 0; i < p.queryLength; ++i) {
                out << (i ? ",[" : "[");
                for (int j = 0; j < p.keyLength; ++j)
                    out << (j ? "," : "") << (isMasked(p, b, i, j) != sdpa ? "true" : "false");
                out << ']';
            }
            out << ']';
        }
        out << ']';
    }
    member(out, "weights");
    tensor(out, r.attention.weights);
    member(out, "out");
    tensor(out, r.attention.out);
    // Block 3: the same out as F.scaled_dot_product_attention computes it (core/sdpa.h).
    if (const SdpaCheck sdpa = checkAgainstSdpa(r); sdpa.applies) {
        member(out, "official_out");
        tensor(out, sdpa.officialOut);
        member(out, "max_abs_diff");
        number(out, sdpa.maxAbsDiff);
        member(out, "allclose");
        out << (sdpa.allclose ? "true" : "false");
    }
    member(out, "row_sums");
    table(out, st.rowSums);
    member(out, "col_sums");
    table(out, st.colSums);
    member(out, "row_entropy");
    table(out, st.rowEntropy);
    member(out, "col_entropy");
    table(out, st.colEntropy);
    member(out, "row_max");
    table(out, st.rowMax);
    member(out, "row_argmax");
    table(out, st.rowArgmax);
    member(out, "max_entropy");
    number(out, st.maxRowEntropy);
    // The softmax Jacobian's Frobenius norm at each distribution: (B,L) over keys, (B,S) over queries.
    member(out, "jacobian_norm");
    table(out, p.softmaxDim == -1 ? st.rowJacobian : st.colJacobian);
    member(out, "score_stats");
    out << "{\"raw_mean\": ";
    number(out, st.rawScores.mean);
    out << ", \"raw_variance\": ";
    number(out, st.rawScores.variance);
    out << ", \"scaled_mean\": ";
    number(out, st.scaledScores.mean);
    out << ", \"scaled_variance\": ";
    number(out, st.scaledScores.variance);
    // What the settings lead one to expect (null where position encodings make it unknown).
    const ExpectedVariance expected = expectedScoreVariance(p);
    out << ", \"expected_raw_variance\": ";
    if (expected.known)
        number(out, expected.raw, 17);
    else
        out << "null";
    out << ", \"expected_scaled_variance\": ";
    if (expected.known)
        number(out, expected.scaled, 17);
    else
        out << "null";
    out << "}";
    member(out, "warnings");
    out << '[';
    for (std::size_t i = 0; i < r.attention.warnings.size(); ++i) {
        if (i)
            out << ", ";
        string(out, messageIn(text, r.attention.warnings[i]));
    }
    out << ']';
    if (mistake) {
        const MistakeSide &w = mistake->wrong;
        member(out, "mistake");
        out << "{\"name\": ";
        string(out, mistakeName(mistake->mistake));
        out << ", \"expression\": ";
        string(out, w.expression);
        out << ", \"right_expression\": ";
        string(out, mistake->right.expression);
        out << ", \"operands\": ";
        string(out, w.operands);
        out << ", \"shape\": ";
        if (w.weights.empty())
            out << "null";
        else
            out << '[' << w.weights.batch << ", " << w.weights.rows << ", " << w.weights.cols << ']';
        out << ", \"error\": ";
        if (w.error.empty())
            out << "null";
        else
            string(out, w.error);
        out << ", \"pad\": ";
        if (mistake->mistake == Mistake::MhaMaskInSdpa)
            out << mistake->padCount;
        else
            out << "null";
        out << ",\n \"weights\": ";
        if (w.weights.empty())
            out << "null";
        else
            tensor(out, w.weights);
        out << ",\n \"row_sums\": ";
        if (w.weights.empty())
            out << "null";
        else
            table(out, w.rowSums);
        out << '}';
    }
    out << "\n}\n";
}

std::string jsonQuoted(const std::string &s)
{
    std::ostringstream out;
    string(out, s);
    return out.str();
}

} // namespace attn
