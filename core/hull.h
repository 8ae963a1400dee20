// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The output inside the values' convex hull (the lecture: each output row is a convex combination of the
// value vectors when its weights are non-negative and sum to 1). The plot shows the values and the outputs
// in two dimensions: two chosen coordinates, or the values' first two principal components. A linear map
// keeps convex combinations, so an output inside the hull in d_v dimensions stays inside the projected
// hull; with softmax over the queries the weights no longer sum to 1 and outputs can leave it.

#include "tensor.h"

#include <array>
#include <vector>

namespace attn {

using Point2 = std::array<double, 2>;

// The convex hull of points (Andrew's monotone chain): indices of its corners, counter-clockwise, without
// collinear points; a single index for coincident points, two for collinear ones.
std::vector<int> convexHull(const std::vector<Point2> &points);

// True when p lies inside or on the polygon given by corners (counter-clockwise, as convexHull gives),
// within tolerance (a distance, scaled to the polygon's size by the caller). A polygon of one or two
// corners is a point or a segment.
bool insideConvexPolygon(const std::vector<Point2> &corners, const Point2 &p, double tolerance);

// The distance from o to the convex hull of V's rows in all of V's dimensions: min ||Vᵀλ − o|| over λ ≥ 0 with
// Σλ = 1, by Lawson and Hanson's non-negative least squares on [Vᵀ; c·1ᵀ] λ ≈ [o; c] (c large: the sum is held
// at 1 to about 1e-9). 0 (within rounding) exactly when o is a convex combination of the values.
// @param[in] V  S by d_v
double hullDistance(const MatrixRM &V, const Eigen::VectorXd &o);

// The values (rows by d_v) and the outputs (rows by d_v) of one batch element, in two dimensions.
struct HullProjection
{
    std::vector<Point2> values, outputs;
    std::vector<int> hull; // corners among values
    // Per output: outside the values' convex hull in all d_v dimensions (hullDistance beyond 1e-4 of the values'
    // size), not only in the picture: a point drawn inside the projected polygon can lie off the values' span.
    std::vector<bool> outside;
    std::vector<double> distance; // per output: its distance from the hull in d_v dimensions (0 or 1 in the picture)
    // Whether outside and distance are judged in all d_v dimensions; beyond kHullMaxExactWork (S² · d_v · L) only
    // in the picture's two.
    bool inAllDimensions = true;
    int firstAxis = 0, secondAxis = 1; // the coordinates shown, or -1 for principal components
    std::array<double, 2> explained {}; // principal components: the share of the values' variance each holds
};

// Principal components are found for d_v up to this (a d_v by d_v eigenproblem); beyond it projectHull shows
// coordinates 0 and 1 instead.
constexpr int kHullMaxPcaDim = 256;
constexpr double kHullMaxExactWork = 2e8;

// @param[in] V      S by d_v
// @param[in] out    L by d_v
// @param[in] axes   two coordinates of the value vectors (< d_v), or {-1, -1} for the values' first two
//                   principal components (centred on the values' mean)
HullProjection projectHull(const MatrixRM &V, const MatrixRM &out, std::array<int, 2> axes);

} // namespace attn
