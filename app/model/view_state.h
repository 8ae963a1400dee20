#pragma once
// The view state as plain values: what the heatmap shows, which comparison sits beside it, and the
// shared, immutable result every view draws. No QObject here, so files, the command line and the
// drawing code can use these without the model.

#include "attention.h"
#include "heatmap_grid.h"

#include <QString>

#include <memory>

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

    bool operator==(const DisplayOptions &o) const
    {
        return quantity == o.quantity && colorMap == o.colorMap && range == o.range && cellValues == o.cellValues;
    }
    bool operator!=(const DisplayOptions &o) const { return !(*this == o); }
};

// A second heatmap beside the first, from the same Q and K: scaling on and off, softmax over keys and
// over queries, or another d_k (same seed).
enum class CompareKind { None, Scaling, SoftmaxDim, Dk };
