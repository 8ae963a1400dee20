// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The command line (docs/command-line.md): options -> Params, display options and what to write. Parsing
// never exits; the caller prints the error and ends with status 2.

#include "mistakes.h"
#include "model/view_state.h"
#include "multihead.h"
#include "params.h"
#include "scale_sweep.h"
#include "training.h"
#include "weights.h"

#include <QSize>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

struct CliRequest
{
    attn::Params params;
    DisplayOptions display;
    QString dumpPath; // --dump FILE, "-" for standard output
    QString screenshotPath; // --screenshot FILE
    QString exportPath; // --export FILE (.png .jpg .pdf .svg .csv .npy .json)
    QString comparePath; // --export-compare KIND FILE
    bool compareSoftmaxDim = false; // KIND: softmax-dim (else scaling)
    QString seriesDir; // --export-series NAME=V1,V2,... DIR
    QString seriesName; // e.g. "d-k"
    QStringList seriesValues;
    std::vector<attn::Params> seriesParams; // one per value, validated
    QString format = "png"; // --format: the series' image format
    QSize size; // --size WxH, invalid when not given
    double pixelRatio = 1.0;
    bool transparent = false;
    bool panels = true; // --panels (default) / --no-panels
    QString title; // --title; empty: the settings
    bool noTitle = false;
    QString language; // --lang: "en", "zh", or empty for the system's language
    QString theme; // --theme: "system", "light", "dark", or empty (the last chosen in View > Theme)
    CompareKind compare = CompareKind::None; // --compare, or from --preset / --scenario
    int compareDk = attn::comparisonDk(attn::Params::kDefaultDk); // --compare d-k:N
    QString captionEn, captionZh; // from --preset / --scenario
    QString lessonPath; // --lesson FILE ("lecture": the built-in lesson)
    int lessonStep = 1; // --step N, 1-based
    QString saveScenarioPath; // --save-scenario FILE
    bool presentation = false;
    // A demo file's classroom (from --scenario), which the window restores; --presentation, --lesson and --lang
    // given beside it win.
    std::optional<Classroom> classroom;
    // --sweep d-k=VALUES [--trials T] [--sweep-keys S]: the "why scale" experiment; with --dump its
    // JSON, with --export its plots (.png .jpg .pdf .svg) or numbers (.csv .json), without either the
    // window with the "Why scale?" window open on it.
    std::optional<attn::SweepSettings> sweep;
    // --train [--train-steps N] [--train-lr F] [--optimizer sgd|adam] ...: the training runs, scaled and
    // not; with --dump their JSON, with --export their curves or numbers, without either the window with
    // the Training window open on them.
    std::optional<attn::TrainSettings> train;
    // --mistake NAME: with --dump the JSON gains the mistake's side, with --screenshot the Mistakes window is
    // rendered, without either the window opens with the Mistakes window on it.
    std::optional<attn::Mistake> mistake;
    // --load-weights FILE: attention weights alone, written with --dump, drawn with --export or shown in their own
    // window.
    std::shared_ptr<const attn::LoadedWeights> weights;
    int weightsMap = 0; // --map: the one drawn with --export, shown first in the window
    // --init mha [--heads h]: nn.MultiheadAttention's weights, X and forward pass, written with --dump.
    std::optional<attn::MultiheadSettings> multihead;
    bool printPytorch = false; // --print-pytorch: the settings as a PyTorch script on standard output
    bool printCommand = false; // --print-command: the attention-viz command that reopens them
    bool paramsGiven = false; // any option that changes the computation was given

    bool writesFiles() const
    {
        return !dumpPath.isEmpty() || !screenshotPath.isEmpty() || !exportPath.isEmpty() || !comparePath.isEmpty()
            || !seriesDir.isEmpty() || !saveScenarioPath.isEmpty();
    }
    bool opensWindow() const { return !writesFiles(); }
    bool writesPictures() const { return !exportPath.isEmpty() || !comparePath.isEmpty() || !seriesDir.isEmpty(); }
    // A sweep's (training's) --export of .csv or .json needs no GUI either.
    bool sweepWritesData() const
    {
        return (sweep || train)
            && (exportPath.endsWith(".csv", Qt::CaseInsensitive) || exportPath.endsWith(".json", Qt::CaseInsensitive));
    }
    // Everything but --dump needs Qt's GUI (fonts, painting, the window).
    bool needsGui() const
    {
        return opensWindow() || (writesPictures() && !sweepWritesData()) || !screenshotPath.isEmpty();
    }
};

struct CliOutcome
{
    enum Kind { Run, Help, Version, Error } kind = Error;
    CliRequest request; // when Run
    QString text; // the help text, or the one-line error (without the program name)
};

// arguments[0] is the program name, as in QCoreApplication::arguments().
// memoryBudget: bytes the tensors may take (see defaultMemoryBudget).
CliOutcome parseCommandLine(const QStringList &arguments, std::uint64_t memoryBudget);

// The names --export-series accepts, e.g. "d-k".
QStringList seriesParameterNames();
