// SPDX-License-Identifier: GPL-3.0-or-later
#include "json_dump.h"

#include "loaded.h"

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

void key(std::ostream &out, const char *name)
{
    out << ",\n\"" << name << "\": ";
}

} // namespace

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
    out << "\"mode\": ";
    string(out, modeName(p.mode));
    out << ", \"batch\": " << p.batch << ", \"len\": " << p.queryLength << ", \"keys\": " << p.keyLength
        << ", \"cross\": " << (p.isCross() ? "true" : "false") << ", \"d_model\": " << p.dModel << ", \"d_k\": " << p.dK
        << ", \"d_v\": " << p.dV << ", \"seed\": " << p.seed << ", \"scaling\": ";
    string(out, scalingName(p.scaling));
    out << ", \"scale\": ";
    number(out, p.scaleFactor(), 17);
    out << ", \"init\": ";
    string(out, initName(p.init));
    out << ", \"sigma\": ";
    number(out, p.sigma, 17);
    out << ", \"score\": ";
    string(out, scoreName(p.score));
    if (p.score == Score::Additive)
        out << ", \"additive_hidden\": " << p.additiveHidden;
    out << ", \"softmax_dim\": " << p.softmaxDim << ", \"mask\": ";
    string(out, maskName(p));
    out << ", \"mask_fill\": ";
    string(out, maskFillName(p.maskFill));
    out << ", \"mask_convention\": ";
    string(out, maskConventionName(p.maskConvention));
    out << ", \"batch_index\": " << p.batchIndex;
    if (p.loaded) {
        out << ", \"loaded\": ";
        string(out, p.loaded->source);
        out << ", \"v_given\": " << (p.loaded->vGiven ? "true" : "false");
    }
    if (!p.tokens.empty()) {
        out << ", \"tokens\": [";
        for (std::size_t i = 0; i < p.tokens.size(); ++i) {
            if (i)
                out << ", ";
            string(out, p.tokens[i]);
        }
        out << "], \"positions\": " << (p.positions ? "true" : "false");
    }
    out << "}";

    const Inputs &in = *r.inputs;
    if (p.hasTokenEmbeddings()) {
        key(out, "E");
        tensor(out, in.E, true);
    }
    if (p.mode == Mode::Projection) {
        key(out, "X");
        tensor(out, in.X);
        if (p.isCross()) {
            key(out, "Y");
            tensor(out, in.Y);
        }
        key(out, "W_q");
        tensor(out, in.Wq, true);
        key(out, "W_k");
        tensor(out, in.Wk, true);
        key(out, "W_v");
        tensor(out, in.Wv, true);
    }
    if (p.score == Score::Additive) {
        key(out, "W_1");
        tensor(out, in.W1, true);
        key(out, "W_2");
        tensor(out, in.W2, true);
        key(out, "v_a"); // (H): a vector, as randn(H) draws it
        out << '[';
        for (int h = 0; h < in.va.cols; ++h) {
            if (h)
                out << ',';
            number(out, in.va(0, 0, h));
        }
        out << ']';
    }
    key(out, "Q");
    tensor(out, in.Q);
    key(out, "K");
    tensor(out, in.K);
    key(out, "V");
    tensor(out, in.V);
    key(out, "scores");
    tensor(out, *r.scores);
    key(out, "logits");
    tensor(out, computeLogits(*r.scores, p));
    if (p.mask != MaskKind::None) {
        // The boolean mask as the convention's PyTorch call takes it, (B, L, S): SDPA's attn_mask is True
        // where the query takes part, nn.MultiheadAttention's masks are True where it may not look.
        const bool sdpa = p.maskConvention == MaskConvention::Sdpa;
        key(out, "attn_mask_true_means");
        string(out, sdpa ? "take part" : "ignore");
        key(out, "attn_mask");
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
    key(out, "weights");
    tensor(out, r.attention.weights);
    key(out, "out");
    tensor(out, r.attention.out);
    key(out, "row_sums");
    table(out, st.rowSums);
    key(out, "col_sums");
    table(out, st.colSums);
    key(out, "row_entropy");
    table(out, st.rowEntropy);
    key(out, "col_entropy");
    table(out, st.colEntropy);
    key(out, "row_max");
    table(out, st.rowMax);
    key(out, "row_argmax");
    table(out, st.rowArgmax);
    key(out, "max_entropy");
    number(out, st.maxRowEntropy);
    // The softmax Jacobian's Frobenius norm at each distribution: (B,L) over keys, (B,S) over queries.
    key(out, "jacobian_norm");
    table(out, p.softmaxDim == -1 ? st.rowJacobian : st.colJacobian);
    key(out, "score_stats");
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
    key(out, "warnings");
    out << '[';
    for (std::size_t i = 0; i < r.attention.warnings.size(); ++i) {
        if (i)
            out << ", ";
        string(out, messageIn(text, r.attention.warnings[i]));
    }
    out << ']';
    if (mistake) {
        const MistakeSide &w = mistake->wrong;
        key(out, "mistake");
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

} // namespace attn
