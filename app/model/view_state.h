// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The view state as plain values: what the heatmap shows, which comparison sits beside it, and the
// shared, immutable result every view draws. No QObject here, so files, the command line and the
// drawing code can use these without the model.

#include "attention.h"
#include "heatmap_grid.h"
#include "mistakes.h"
#include "params_edit.h"
#include "scale_sweep.h"
#include "training.h"

#include <QString>
#include <QStringList>

#include <memory>
#include <optional>
#include <vector>

// A finished computation, shared read-only by every view and exporter.
using ResultPtr = std::shared_ptr<const attn::Result>;

// What the heatmap shows and how; no effect on the numbers.
struct DisplayOptions
{
    enum class Range { Fixed01, Fit };
    attn::Quantity quantity = attn::Quantity::Weights;
    QString colorMap = QStringLiteral("viridis");
    Range range = Range::Fixed01;
    bool cellValues = true; // write values into the cells when they are large enough to read
    // The softmax Jacobian's norm per row (column) beside the entropy: off unless asked for (G, the why-scale
    // example and lesson steps), so that the lecture's other maps keep their room for numbers.
    bool gradientPanels = false;

    bool operator==(const DisplayOptions &o) const
    {
        return quantity == o.quantity && colorMap == o.colorMap && range == o.range && cellValues == o.cellValues
            && gradientPanels == o.gradientPanels;
    }
    bool operator!=(const DisplayOptions &o) const { return !(*this == o); }
};

// A second heatmap beside the first, from the same Q and K: scaling on and off, softmax over keys and
// over queries, another d_k (same seed), dot product and additive scores, the two mask fills, or the manual line and
// F.scaled_dot_product_attention. Which side shows what: attn::comparisonSides.
using CompareKind = attn::Comparison;

// The spellings files and the command line use.
inline QString quantityName(attn::Quantity q)
{
    return q == attn::Quantity::Scores ? QStringLiteral("scores")
        : q == attn::Quantity::Logits  ? QStringLiteral("logits")
                                       : QStringLiteral("weights");
}
inline std::optional<attn::Quantity> quantityFromName(const QString &name)
{
    for (attn::Quantity q : { attn::Quantity::Weights, attn::Quantity::Scores, attn::Quantity::Logits })
        if (name == quantityName(q))
            return q;
    return std::nullopt;
}
// "none" | "scaling" | "softmax-dim" | "d-k" | "score" | "mask-fill" | "sdpa"
inline QString compareName(CompareKind k)
{
    switch (k) {
    case CompareKind::None:
        return QStringLiteral("none");
    case CompareKind::Scaling:
        return QStringLiteral("scaling");
    case CompareKind::SoftmaxDim:
        return QStringLiteral("softmax-dim");
    case CompareKind::Dk:
        return QStringLiteral("d-k");
    case CompareKind::Score:
        return QStringLiteral("score");
    case CompareKind::MaskFill:
        return QStringLiteral("mask-fill");
    case CompareKind::Sdpa:
        return QStringLiteral("sdpa");
    }
    return QStringLiteral("none");
}
// What the command line needs for a comparison, as Copy as command line and --print-command append it: "" for none,
// " --compare scaling", " --compare d-k:512" (the second d_k).
inline QString compareArgument(CompareKind k, int otherDk)
{
    if (k == CompareKind::None)
        return QString();
    return QStringLiteral(" --compare ") + compareName(k)
        + (k == CompareKind::Dk ? QStringLiteral(":%1").arg(otherDk) : QString());
}
inline std::optional<CompareKind> compareFromName(const QString &name)
{
    for (CompareKind k : { CompareKind::None, CompareKind::Scaling, CompareKind::SoftmaxDim, CompareKind::Dk,
             CompareKind::Score, CompareKind::MaskFill, CompareKind::Sdpa })
        if (name == compareName(k))
            return k;
    return std::nullopt;
}

// The classroom around the settings, which a demo file holds beside them: presentation mode, the language, the
// lesson and its step, the other windows open and what they show. Opening the file restores all of it.
struct Classroom
{
    bool presentation = false;
    QString language; // "en" or "zh"; empty: as the program is
    // The lesson: empty none, ":/lessons/lecture.json" the built-in one, else its file (as the scenario names it,
    // relative to the scenario's folder).
    QString lessonPath;
    int lessonStep = 0; // 0-based
    // Whether the step is what is shown; false when other settings took its place (the lesson kept at its step).
    bool onStep = true;
    // The other windows open, the one that had the keys last: "four-steps", "why-scale", "training", "hull",
    // "heads", "mistakes", "guide".
    QStringList windows;
    attn::SweepSettings whyScale; // its S, T, scaling and additive side (only these: the rest is the model's)
    attn::TrainSettings training;
    attn::Mistake mistake = attn::Mistake::NoScale;

    bool operator==(const Classroom &o) const
    {
        return presentation == o.presentation && language == o.language && lessonPath == o.lessonPath
            && lessonStep == o.lessonStep && onStep == o.onStep && windows == o.windows
            && whyScale.keys == o.whyScale.keys && whyScale.trials == o.whyScale.trials
            && whyScale.scaling == o.whyScale.scaling
            && (whyScale.additiveHidden > 0) == (o.whyScale.additiveHidden > 0) && training == o.training
            && mistake == o.mistake;
    }
};

// The names a demo file gives the other windows, in the View menu's order.
inline const QStringList &classroomWindowNames()
{
    static const QStringList names { QStringLiteral("four-steps"), QStringLiteral("why-scale"),
        QStringLiteral("training"), QStringLiteral("hull"), QStringLiteral("heads"), QStringLiteral("mistakes"),
        QStringLiteral("guide") };
    return names;
}

// The whole state a file can hold: a scenario (io/scenario.h reads and writes them).
struct Scenario
{
    attn::Params params;
    DisplayOptions display;
    CompareKind compare = CompareKind::None;
    int compareDk = attn::comparisonDk(attn::Params::kDefaultDk); // the second d_k when compare == Dk
    QString captionEn, captionZh;
    // The files params' Q, K, V come from, as the file names them (relative to the scenario's folder): one
    // .npz, or q, k (and v). Filled when read; loadScenario loads them into params.loaded.
    QStringList loadPaths;
    // A demo file's classroom; none in a plain scenario (opening one leaves the classroom as it is).
    std::optional<Classroom> classroom;

    QString caption(bool chinese) const { return chinese && !captionZh.isEmpty() ? captionZh : captionEn; }
    // The same state on the screen: the settings, the display and the comparison (not the caption or the files).
    bool showsAs(const Scenario &o) const { return params == o.params && display == o.display && compare == o.compare; }
    bool operator==(const Scenario &o) const
    {
        return params == o.params && display == o.display && compare == o.compare
            && (compare != CompareKind::Dk || compareDk == o.compareDk) && captionEn == o.captionEn
            && captionZh == o.captionZh && loadPaths == o.loadPaths && classroom == o.classroom;
    }
};

// A lesson: scenarios with captions, stepped through in order.
struct Lesson
{
    QString titleEn, titleZh;
    std::vector<Scenario> steps;
};
