// SPDX-License-Identifier: GPL-3.0-or-later
#include "hull.h"

#include <Eigen/Eigenvalues>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace attn {

namespace {

double cross(const Point2 &o, const Point2 &a, const Point2 &b)
{
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
}

double distanceToSegment(const Point2 &a, const Point2 &b, const Point2 &p)
{
    const double dx = b[0] - a[0], dy = b[1] - a[1], len2 = dx * dx + dy * dy;
    double t = len2 > 0 ? ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len2 : 0.0;
    t = std::clamp(t, 0.0, 1.0);
    return std::hypot(p[0] - (a[0] + t * dx), p[1] - (a[1] + t * dy));
}

} // namespace

std::vector<int> convexHull(const std::vector<Point2> &points)
{
    const int n = int(points.size());
    std::vector<int> order(std::size_t(n), 0);
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(), [&](int a, int b) { return points[a] < points[b]; });
    order.erase(
        std::unique(order.begin(), order.end(), [&](int a, int b) { return points[a] == points[b]; }), order.end());
    if (order.size() <= 2)
        return order;
    std::vector<int> hull(2 * order.size());
    std::size_t k = 0;
    for (int i : order) { // lower hull
        while (k >= 2 && cross(points[hull[k - 2]], points[hull[k - 1]], points[i]) <= 0)
            --k;
        hull[k++] = i;
    }
    for (std::size_t t = k + 1, j = order.size() - 1; j-- > 0;) { // upper hull
        const int i = order[j];
        while (k >= t && cross(points[hull[k - 2]], points[hull[k - 1]], points[i]) <= 0)
            --k;
        hull[k++] = i;
    }
    hull.resize(k - 1);
    return hull;
}

bool insideConvexPolygon(const std::vector<Point2> &corners, const Point2 &p, double tolerance)
{
    const std::size_t n = corners.size();
    if (n == 0)
        return false;
    if (n == 1)
        return std::hypot(p[0] - corners[0][0], p[1] - corners[0][1]) <= tolerance;
    if (n == 2)
        return distanceToSegment(corners[0], corners[1], p) <= tolerance;
    for (std::size_t i = 0; i < n; ++i) {
        const Point2 &a = corners[i], &b = corners[(i + 1) % n];
        if (cross(a, b, p) < 0 && distanceToSegment(a, b, p) > tolerance)
            return false;
    }
    return true;
}

HullProjection projectHull(const MatrixRM &V, const MatrixRM &out, std::array<int, 2> axes)
{
    HullProjection h;
    const Eigen::Index dv = V.cols();
    Eigen::MatrixXd basis = Eigen::MatrixXd::Zero(dv, 2); // d_v by 2
    Eigen::RowVectorXd origin = Eigen::RowVectorXd::Zero(dv);
    const Eigen::MatrixXd v = V.cast<double>(), o = out.cast<double>();
    if (axes[0] < 0 && dv > kHullMaxPcaDim)
        axes = { 0, 1 };
    if (axes[0] >= 0) {
        h.firstAxis = axes[0];
        h.secondAxis = axes[1];
        basis(axes[0], 0) = 1.0;
        if (axes[1] >= 0 && axes[1] < dv)
            basis(axes[1], 1) = 1.0;
    } else {
        h.firstAxis = h.secondAxis = -1;
        origin = v.colwise().mean();
        const Eigen::MatrixXd c = v.rowwise() - origin;
        const Eigen::MatrixXd cov = c.transpose() * c;
        Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eig(cov);
        const double total = std::max(eig.eigenvalues().sum(), 0.0);
        for (int k = 0; k < 2 && k < dv; ++k) { // eigenvalues ascend
            basis.col(k) = eig.eigenvectors().col(dv - 1 - k);
            h.explained[std::size_t(k)] = total > 0 ? std::max(eig.eigenvalues()(dv - 1 - k), 0.0) / total : 0.0;
        }
    }
    const Eigen::MatrixXd pv = (v.rowwise() - origin) * basis, po = (o.rowwise() - origin) * basis;
    for (Eigen::Index i = 0; i < pv.rows(); ++i)
        h.values.push_back({ pv(i, 0), pv(i, 1) });
    for (Eigen::Index i = 0; i < po.rows(); ++i)
        h.outputs.push_back({ po(i, 0), po(i, 1) });
    h.hull = convexHull(h.values);
    std::vector<Point2> corners;
    for (int i : h.hull)
        corners.push_back(h.values[std::size_t(i)]);
    double size = 0.0;
    for (const Point2 &a : h.values)
        size = std::max({ size, std::abs(a[0]), std::abs(a[1]) });
    const double tolerance = 1e-5 * std::max(size, 1e-30);
    for (const Point2 &p : h.outputs)
        h.outside.push_back(!insideConvexPolygon(corners, p, tolerance));
    return h;
}

} // namespace attn
