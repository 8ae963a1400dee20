// SPDX-License-Identifier: GPL-3.0-or-later
#include "pytorch_code.h"

#include "json_dump.h"

#include "loaded.h"
#include "multihead.h"
#include "params_edit.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <cmath>
#include <sstream>

namespace attn {

std::string roundTrip(double v)
{
    std::array<char, 32> buf {};
    const auto r = std::to_chars(buf.data(), buf.data() + buf.size(), v);
    return { buf.data(), r.ptr };
}

namespace {

bool endsWith(const std::string &s, const std::string &suffix)
{
    if (s.size() < suffix.size())
        return false;
    for (std::size_t i = 0; i < suffix.size(); ++i)
        if (std::tolower(static_cast<unsigned char>(s[s.size() - suffix.size() + i])) != suffix[i])
            return false;
    return true;
}

// A Python string literal (double quotes; backslashes, quotes and control characters escaped).
std::string pyString(const std::string &s)
{
    std::string out = "\"";
    for (const char c : s) {
        if (c == '\\' || c == '"')
            out += '\\';
        if (static_cast<unsigned char>(c) < 0x20) {
            static const char hex[] = "0123456789abcdef";
            out += "\\x";
            out += hex[(c >> 4) & 0xf];
            out += hex[c & 0xf];
            continue;
        }
        out += c;
    }
    return out + "\"";
}

// float32 values as a nested Python list of shape (B, rows, cols), 9 significant digits (exact for float32).
std::string pyTensor(const Tensor3 &t)
{
    std::ostringstream s;
    s.precision(9);
    s << "[";
    for (int b = 0; b < t.batch; ++b) {
        s << (b ? ",\n    [" : "[");
        for (int i = 0; i < t.rows; ++i) {
            s << (i ? ", [" : "[");
            for (int j = 0; j < t.cols; ++j) {
                const float v = t(b, i, j);
                s << (j ? ", " : "");
                if (std::isnan(v))
                    s << "float(\"nan\")";
                else if (std::isinf(v))
                    s << (v > 0 ? "float(\"inf\")" : "float(\"-inf\")");
                else
                    s << v;
            }
            s << "]";
        }
        s << "]";
    }
    s << "]";
    return s.str();
}

// A weight (d_model, d) drawn as p.init says.
std::string weight(const Params &p, const std::string &d)
{
    switch (p.init) {
    case Init::Randn:
        break;
    case Init::Scaled:
        return "torch.randn(d_model, " + d + ") / math.sqrt(d_model)";
    case Init::Linear:
        return "torch.nn.Linear(d_model, " + d + ", bias=False).weight.detach().T  # nn.Linear's own initialisation";
    }
    return "torch.randn(d_model, " + d + ")";
}

std::string times(double sigma)
{
    return sigma != 1.0 ? " * sigma" : "";
}

// The loaded inputs: .npy and .npz read with NumPy, anything else (CSV) written out.
void loadedInputs(std::ostringstream &s, const LoadedInputs &in)
{
    const int H = in.heads;
    if (in.multihead) { // the heads of nn.MultiheadAttention, drawn as the module draws them
        const MultiheadSettings &m = in.multihead->settings;
        const int d = in.multihead->headDim;
        s << "torch.manual_seed(" << m.seed << ")\n"
          << "mha = torch.nn.MultiheadAttention(" << m.dModel << ", " << m.heads << ", bias=False, batch_first=True)\n"
          << "X = torch.randn(" << m.batch << ", " << m.length << ", " << m.dModel << ")\n"
          << "q, k, v = (X @ mha.in_proj_weight.detach().T).chunk(3, dim=-1)  # each (B, L, d_model)\n"
          << "# (B, L, h*d_k) -> (B*h, L, d_k): element b*h + i is batch b, head i\n"
          << "Q, K, V = (t.reshape(" << m.batch << ", " << m.length << ", " << m.heads << ", " << d
          << ").transpose(1, 2).reshape(" << m.batch * m.heads << ", " << m.length << ", " << d
          << ") for t in (q, k, v))\n";
        return;
    }
    const bool npz = in.paths.size() == 1 && endsWith(in.paths[0], ".npz");
    bool files = npz;
    if (!npz && (in.paths.size() == 2 || in.paths.size() == 3)) {
        files = true;
        for (const std::string &path : in.paths)
            files = files && endsWith(path, ".npy");
    }
    if (files) {
        s << "import numpy as np\n\n";
        if (npz) {
            s << "data = np.load(" << pyString(in.paths[0]) << ")\n"
              << "names = {name.lower(): name for name in data.files}\n\n\n"
              << "def array(*candidates):\n"
              << "    for name in candidates:\n"
              << "        if name in names:\n"
              << "            return torch.from_numpy(np.asarray(data[names[name]], dtype=np.float32))\n"
              << "    return None\n\n\n"
              << "Q = array(\"q\", \"query\")\n"
              << "K = array(\"k\", \"key\")\n"
              << "V = array(\"v\", \"value\")\n"
              << "if V is None:\n"
              << "    V = K  # no V in the file: V = K\n";
        } else {
            const char *names[] = { "Q", "K", "V" };
            for (std::size_t i = 0; i < in.paths.size(); ++i)
                s << names[i] << " = torch.from_numpy(np.asarray(np.load(" << pyString(in.paths[i])
                  << "), dtype=np.float32))\n";
            if (in.paths.size() == 2)
                s << "V = K  # no V file: V = K\n";
        }
        // (L, d) -> (1, L, d); (B, H, L, d) -> (B*H, L, d): element b*H + h is batch b, head h
        s << "Q, K, V = (t.reshape(-1, t.shape[-2], t.shape[-1]) for t in (Q, K, V))";
        s << (H > 1 ? "  # heads: element b*H + h is batch b, head h\n" : "\n");
        return;
    }
    s << "# " << in.source << " (as read; element b*H + h is batch b, head h when the file has heads)\n";
    s << "Q = torch.tensor(" << pyTensor(in.Q) << ")\n";
    s << "K = torch.tensor(" << pyTensor(in.K) << ")\n";
    s << "V = torch.tensor(" << pyTensor(in.V) << ")\n";
}

} // namespace

namespace {

// The lecture's block 3 after the manual line: the same out from F.scaled_dot_product_attention, or from its math
// kernel's formula where this PyTorch has no SDPA (before 2.0) or no scale= (before 2.1).
void officialLine(std::ostringstream &s, const Params &p)
{
    const bool defaultScale = p.scaling == Scaling::InvSqrtDk;
    const std::string mask = p.mask == MaskKind::None ? "" : ", attn_mask=~mask";
    s << "\n# Block 3: the same out from F.scaled_dot_product_attention (PyTorch 2.0 or newer"
      << (defaultScale ? "" : "; scale= from 2.1") << "), else from\n"
      << "# the formula of its math kernel: q and k each times sqrt(scale), then the product"
      << (p.mask == MaskKind::None ? "" : ", the mask as -inf");
    s << (p.softmaxDim == -1 ? ".\n"
                             : ", and always\n# over the keys (dim=-1): these settings take the softmax over the "
                               "queries, so out differs.\n");
    s << "scale = " << (defaultScale ? "1 / math.sqrt(d_k)" : roundTrip(p.scaleFactor())) << "\n"
      << "version = tuple(int(part) for part in torch.__version__.split(\"+\")[0].split(\".\")[:2])\n"
      << "if hasattr(F, \"scaled_dot_product_attention\") and version >= (2, " << (defaultScale ? 0 : 1) << "):\n"
      << "    official = F.scaled_dot_product_attention(Q, K, V" << mask << (defaultScale ? "" : ", scale=scale")
      << ")\n"
      << "else:\n"
      << "    root = math.sqrt(scale)\n"
      << "    attn = (Q * root) @ (K * root).transpose(-2, -1)\n";
    if (p.mask != MaskKind::None)
        s << "    attn = attn.masked_fill(mask, float(\"-inf\"))\n";
    s << "    official = F.softmax(attn, dim=-1) @ V\n"
      << "print(\"max |out - official| =\", float((out - official).abs().nan_to_num(0.0).max()))"
      << (p.mask != MaskKind::None ? "  # (NaN rows: a query that sees no key)" : "") << "\n"
      << "print(\"allclose =\", torch.allclose(out, official, atol=1e-6))\n";
}

} // namespace

namespace {

void imports(std::ostringstream &s)
{
    s << "import math\n\n"
      << "import torch\n"
      << "import torch.nn.functional as F\n\n";
}

// From the tensors drawn to the weights printed: everything after the imports.
// nn.MultiheadAttention's heads: their outputs concatenated and projected by W_O, against the module's own forward
// pass, where the settings are what the module computes (÷√d_k over the keys, no mask or the causal one).
void moduleLine(std::ostringstream &s, const Params &p)
{
    const MultiheadResult *m = multiheadOf(p);
    if (!m || p.score != Score::Dot || p.scaling != Scaling::InvSqrtDk || p.softmaxDim != -1
        || (p.mask != MaskKind::None && p.mask != MaskKind::Causal))
        return;
    const MultiheadSettings &x = m->settings;
    const std::string B = std::to_string(x.batch), h = std::to_string(x.heads), L = std::to_string(x.length),
                      d = std::to_string(m->headDim), E = std::to_string(x.dModel);
    s << "\n# nn.MultiheadAttention itself: the heads' outputs concatenated (B, L, h*d_k) and projected by W_O\n"
      << "# (out_proj), against the module's forward pass with every head's weights\n"
      << "concat = out.reshape(" << B << ", " << h << ", " << L << ", " << d << ").transpose(1, 2).reshape(" << B
      << ", " << L << ", " << E << ")\n"
      << "mha_out = concat @ mha.out_proj.weight.detach().T\n"
      << "with torch.no_grad():\n"
      << "    module_out, module_weights = mha(X, X, X, need_weights=True, average_attn_weights=False"
      << (p.mask == MaskKind::Causal ? ", attn_mask=mask" : "") << ")\n"
      << "print(\"max |weights - the module's| =\", float((weights.reshape(" << B << ", " << h << ", " << L << ", " << L
      << ") - module_weights).abs().max()))\n"
      << "print(\"max |concat @ W_O - the module's out| =\", float((mha_out - module_out).abs().max()))\n";
}

void scriptBody(std::ostringstream &s, const Params &p)
{
    const bool loaded = p.mode == Mode::Direct && p.loaded;
    if (loaded) {
        loadedInputs(s, *p.loaded);
        s << "B, L, S = Q.shape[0], Q.shape[1], K.shape[1]\n"
          << "d_k = Q.shape[-1]\n";
        if (p.score == Score::Additive)
            s << "torch.manual_seed(" << p.seed << ")\n";
    } else {
        s << "torch.manual_seed(" << p.seed << ")\n";
        s << "B, L, S = " << p.batch << ", " << p.queryLength << ", " << p.keyLength << "\n";
        if (p.mode == Mode::Projection)
            s << "d_model, d_k, d_v = " << p.dModel << ", " << p.dK << ", " << p.dV << "\n";
        else
            s << "d_k, d_v = " << p.dK << ", " << p.dV << "\n";
        if (p.sigma != 1.0)
            s << "sigma = " << roundTrip(p.sigma) << "  # the inputs' scale\n";
        s << "\n";
        if (p.mode == Mode::Direct) {
            s << "Q = torch.randn(B, L, d_k)" << times(p.sigma) << "\n"
              << "K = torch.randn(B, S, d_k)" << times(p.sigma) << "\n"
              << "V = torch.randn(B, S, d_v)\n";
        } else {
            if (p.hasTokenEmbeddings()) {
                s << "tokens = [";
                for (std::size_t i = 0; i < p.tokens.size(); ++i)
                    s << (i ? ", " : "") << pyString(p.tokens[i]);
                s << "]\n"
                  << "vocabulary = list(dict.fromkeys(tokens))  # each distinct word once, in order of first use\n"
                  << "E = torch.randn(len(vocabulary), d_model)" << times(p.sigma)
                  << "  # one embedding per distinct word\n"
                  << "X = E[[vocabulary.index(t) for t in tokens]].expand(B, L, d_model)\n";
                if (p.positions)
                    s << "# sinusoidal position encodings (Vaswani et al.), computed in float64\n"
                      << "position = torch.arange(L, dtype=torch.float64)[:, None]\n"
                      << "column = torch.arange(d_model)\n"
                      << "angle = position * torch.exp((column - column % 2).double() * (-math.log(10000.0) / "
                         "d_model))\n"
                      << "X = X + torch.where(column % 2 == 0, torch.sin(angle), torch.cos(angle)).float()\n";
            } else {
                s << "X = torch.randn(B, L, d_model)" << times(p.sigma) << "\n";
            }
            if (p.isCross())
                s << "Y = torch.randn(B, S, d_model)" << times(p.sigma)
                  << "  # cross-attention: keys and values from a second sequence\n";
            s << "W_q = " << weight(p, "d_k") << "\n"
              << "W_k = " << weight(p, "d_k") << "\n"
              << "W_v = " << weight(p, "d_v") << "\n";
            const char *source = p.isCross() ? "Y" : "X";
            s << "Q, K, V = X @ W_q, " << source << " @ W_k, " << source << " @ W_v\n";
        }
    }
    s << "\n";
    if (p.score == Score::Additive) {
        s << "# Bahdanau's additive score v·tanh(q·W_1 + k·W_2), H hidden units (not scaled)\n"
          << "H = " << p.additiveHidden << "\n"
          << "W_1 = torch.randn(d_k, H)\n"
          << "W_2 = torch.randn(d_k, H)\n"
          << "v = torch.randn(H)\n"
          << "scores = torch.tanh((Q @ W_1)[:, :, None, :] + (K @ W_2)[:, None, :, :]) @ v\n"
          << "logits = scores\n";
    } else {
        switch (p.scaling) {
        case Scaling::InvSqrtDk:
            s << "scores = Q @ K.transpose(-2, -1)\n"
              << "logits = scores / math.sqrt(d_k)\n";
            break;
        case Scaling::None:
            s << "scores = Q @ K.transpose(-2, -1)\n"
              << "logits = scores  # not scaled\n";
            break;
        case Scaling::Custom:
            s << "scores = Q @ K.transpose(-2, -1)\n"
              << "logits = scores * " << roundTrip(p.customScale) << "\n";
            break;
        case Scaling::InvDk:
            s << "scores = Q @ K.transpose(-2, -1)\n"
              << "logits = scores / d_k  # a mistake found in real code: d_k, not its square root\n";
            break;
        case Scaling::InvSqrtDModel:
            s << "scores = Q @ K.transpose(-2, -1)\n"
              << "logits = scores / math.sqrt(" << p.dModel << ")  # d_model's root, not the head's d_k\n";
            break;
        case Scaling::QuarterEach:
            s << "scores = Q @ K.transpose(-2, -1)\n"
              << "# d_k ** -0.25 on q and on k: the same as dividing the scores by sqrt(d_k)\n"
              << "logits = (Q * d_k ** -0.25) @ (K * d_k ** -0.25).transpose(-2, -1)\n";
            break;
        }
    }
    if (p.mask != MaskKind::None) {
        s << "\n# True where query i may not look at key j (masked_fill's convention; the attn_mask of\n"
          << "# F.scaled_dot_product_attention is its negation: True = take part)\n";
        switch (p.mask) {
        case MaskKind::Causal:
            s << "mask = torch.ones(L, S, dtype=torch.bool).triu(1)  # causal: query i sees keys 0..i\n";
            break;
        case MaskKind::Pad:
            if (p.padPerBatch.empty())
                s << "pad = " << p.padCount << "  # the last keys are padding\n"
                  << "mask = (torch.arange(S) >= S - pad).expand(L, S)\n";
            else {
                s << "pad = torch.tensor([";
                for (std::size_t b = 0; b < p.padPerBatch.size(); ++b)
                    s << (b ? ", " : "") << p.padPerBatch[b];
                s << "])  # padded keys of each batch element\n"
                  << "mask = (torch.arange(S) >= S - pad[:, None])[:, None, :].expand(B, L, S)\n";
            }
            break;
        case MaskKind::Custom: {
            s << "mask = torch.tensor([";
            const std::size_t S = std::size_t(p.keyLength);
            for (std::size_t i = 0; i < std::size_t(p.queryLength); ++i) {
                s << (i ? ",\n                     [" : "[");
                for (std::size_t j = 0; j < S; ++j)
                    s << (j ? ", " : "") << (p.customMask[i * S + j] ? "True" : "False");
                s << "]";
            }
            s << "])\n";
            break;
        }
        case MaskKind::None:
            break;
        }
        s << "logits = logits.masked_fill(mask, " << (p.maskFill == MaskFill::NegInf ? "float(\"-inf\")" : "-1e9")
          << ")\n";
    }
    s << "\nweights = F.softmax(logits, dim=" << p.softmaxDim << ")";
    s << (p.softmaxDim == -1 ? "  # over the keys: each row sums to 1\n"
                             : "  # over the queries: each column sums to 1 (the lecture's mistake)\n");
    if (p.mask != MaskKind::None && p.maskFill == MaskFill::NegInf)
        s << "weights = weights.nan_to_num(0.0)  # nothing left to attend to: NaN in PyTorch, 0 in attention-viz\n";
    s << "out = weights @ V\n\n"
      << "torch.set_printoptions(precision=4, sci_mode=False)\n"
      << "print(weights[" << p.batchIndex << "])  # batch element " << p.batchIndex << ", as the window shows it\n";
    if (p.score == Score::Dot)
        officialLine(s, p);
    moduleLine(s, p);
}

} // namespace

std::string pytorchScript(const Params &p)
{
    std::ostringstream s;
    s << "# attention-viz's state as PyTorch code (PyTorch 1.13 or newer): it draws the same tensors and prints\n"
      << "# the attention weights the window shows.\n";
    imports(s);
    scriptBody(s, p);
    return s.str();
}

std::string pytorchComparisonScript(const std::vector<std::pair<Params, std::string>> &sides)
{
    std::ostringstream s;
    s << "# attention-viz's comparison as PyTorch code (PyTorch 1.13 or newer): each side draws its tensors from\n"
      << "# the same seed, as the window does, and prints the attention weights it shows; they are kept as\n"
      << "# weights_1, weights_2, ... and out_1, out_2, ...\n";
    imports(s);
    for (std::size_t k = 0; k < sides.size(); ++k) {
        const std::string n = std::to_string(k + 1);
        std::string title = sides[k].second;
        for (char &c : title)
            if (static_cast<unsigned char>(c) < 0x20)
                c = ' '; // (one comment line)
        s << "# ---- side " << n << ": " << title << " ----\n"
          << "print(" << pyString("side " + n + ": " + sides[k].second) << ")\n";
        scriptBody(s, sides[k].first);
        s << "weights_" << n << ", out_" << n << " = weights, out\n\n";
    }
    return s.str();
}

std::vector<std::string> commandLineArguments(const Params &p, const std::string &program)
{
    const Params d = lectureBlock1(); // where the command line starts
    std::vector<std::string> a { program };
    const auto add = [&a](const std::string &option, const std::string &value) {
        a.push_back("--" + option);
        if (!value.empty())
            a.push_back(value);
    };
    const bool loaded = p.mode == Mode::Direct && p.loaded;
    if (const MultiheadResult *m = multiheadOf(p)) { // nn.MultiheadAttention's heads: what draws them
        const MultiheadSettings &s = m->settings;
        if (s.batch != d.batch)
            add("batch", std::to_string(s.batch));
        if (s.length != d.queryLength)
            add("len", std::to_string(s.length));
        if (s.dModel != d.dModel)
            add("d-model", std::to_string(s.dModel));
        add("init", "mha");
        add("heads", std::to_string(s.heads));
    } else if (loaded) {
        const std::vector<std::string> &paths = p.loaded->paths;
        if (paths.size() == 1)
            add("load", paths[0]);
        else
            for (std::size_t i = 0; i < paths.size() && i < 3; ++i)
                add(i == 0 ? "load-q" : i == 1 ? "load-k" : "load-v", paths[i]);
    } else {
        if (p.mode != d.mode)
            add("mode", modeName(p.mode));
        if (p.batch != d.batch)
            add("batch", std::to_string(p.batch));
        if (!p.tokens.empty()) {
            // As words when --tokens' splitting surely gives them back as they are (words of ASCII letters and
            // digits, single marks, single Chinese characters); else as a JSON list, which --tokens takes as it is
            // (don't, U.S., x-y, 猫狗, café, control characters).
            const auto plain = [](const std::string &t) {
                if (t.empty())
                    return false;
                if (std::all_of(t.begin(), t.end(), [](char c) { return std::isalnum(static_cast<unsigned char>(c)); }))
                    return true;
                // One ASCII mark or letter, or one Chinese character (U+4E00 to U+9FFF, UTF-8 led by E4 to E9).
                const auto lead = static_cast<unsigned char>(t[0]);
                return (t.size() == 1 && std::isgraph(lead)) || (t.size() == 3 && lead >= 0xE4 && lead <= 0xE9);
            };
            std::string words, list = "[";
            for (std::size_t i = 0; i < p.tokens.size(); ++i) {
                words += (i ? " " : "") + p.tokens[i];
                list += (i ? "," : "") + jsonQuoted(p.tokens[i]);
            }
            add("tokens", std::all_of(p.tokens.begin(), p.tokens.end(), plain) ? words : list + "]");
            if (p.positions)
                add("positions", "");
        } else {
            if (p.queryLength != d.queryLength)
                add("len", std::to_string(p.queryLength));
            if (p.keyLength != p.queryLength || !p.keysFollowLength)
                add("keys", std::to_string(p.keyLength));
            if (p.mode == Mode::Projection && p.cross && p.keyLength == p.queryLength)
                add("cross", "");
        }
        if (p.dModel != d.dModel)
            add("d-model", std::to_string(p.dModel));
        if (p.dK != d.dK)
            add("d-k", std::to_string(p.dK));
        if (!p.dvFollowsDk)
            add("d-v", std::to_string(p.dV));
        if (p.init != d.init)
            add("init", initName(p.init));
        if (p.sigma != d.sigma)
            add("sigma", roundTrip(p.sigma));
    }
    if (p.seed != d.seed)
        add("seed", std::to_string(p.seed));
    if (p.score == Score::Additive) // (not scaled: the command line refuses a scaling with it)
        ;
    else if (p.scaling == Scaling::Custom)
        add("scale", roundTrip(p.customScale));
    else if (p.scaling != d.scaling)
        add("scaling", scalingOption(p.scaling));
    if (p.softmaxDim != d.softmaxDim)
        add("softmax-dim", std::to_string(p.softmaxDim));
    if (p.score != d.score)
        add("score", scoreName(p.score));
    if (p.score == Score::Additive && p.additiveHidden != d.additiveHidden)
        add("additive-hidden", std::to_string(p.additiveHidden));
    if (p.mask != MaskKind::None)
        add("mask", maskName(p));
    if (p.maskFill != d.maskFill)
        add("mask-fill", maskFillName(p.maskFill));
    if (p.maskConvention != d.maskConvention)
        add("mask-convention", maskConventionName(p.maskConvention));
    if (p.batchIndex != d.batchIndex)
        add("batch-index", std::to_string(p.batchIndex));
    return a;
}

std::string shellQuote(const std::string &word)
{
    bool plain = !word.empty();
    for (const char c : word)
        plain = plain
            && (std::isalnum(static_cast<unsigned char>(c)) || std::string("-_./:,=+@%").find(c) != std::string::npos);
    if (plain)
        return word;
    std::string out = "'";
    for (const char c : word)
        out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

std::string commandLine(const Params &p, const std::string &program)
{
    std::string line;
    for (const std::string &word : commandLineArguments(p, program))
        line += (line.empty() ? "" : " ") + shellQuote(word);
    return line;
}

} // namespace attn
