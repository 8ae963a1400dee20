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

double hullDistance(const MatrixRM &V, const Eigen::VectorXd &o)
{
    const Eigen::Index n = V.rows(), d = V.cols();
    double size = V.cwiseAbs().maxCoeff();
    size = std::max({ size, o.cwiseAbs().maxCoeff(), 1e-30 });
    // The weight of the row that holds Σλ near 1: large enough to hold it, small enough to keep the least squares
    // well conditioned; the distance is measured at λ / Σλ, a point of the hull, so never below the true one.
    const double c = 100 * size;
    Eigen::MatrixXd A(d + 1, n);
    A.topRows(d) = V.cast<double>().transpose();
    A.row(d).setConstant(c);
    Eigen::VectorXd b(d + 1);
    b.head(d) = o;
    b(d) = c;
    // Lawson and Hanson (1974), chapter 23: passive set P grows by the most promising column.
    Eigen::VectorXd x = Eigen::VectorXd::Zero(n);
    std::vector<bool> passive(std::size_t(n), false);
    const double tol = 1e-13 * c * c * double(n);
    for (int outer = 0; outer < 3 * int(n) + 3; ++outer) {
        const Eigen::VectorXd w = A.transpose() * (b - A * x);
        Eigen::Index best = -1;
        for (Eigen::Index j = 0; j < n; ++j)
            if (!passive[std::size_t(j)] && w(j) > tol && (best < 0 || w(j) > w(best)))
                best = j;
        if (best < 0)
            break;
        passive[std::size_t(best)] = true;
        const Eigen::VectorXd before = x;
        for (int inner = 0; inner < 3 * int(n) + 3; ++inner) {
            std::vector<Eigen::Index> cols;
            for (Eigen::Index j = 0; j < n; ++j)
                if (passive[std::size_t(j)])
                    cols.push_back(j);
            Eigen::MatrixXd Ap(d + 1, Eigen::Index(cols.size()));
            for (std::size_t k = 0; k < cols.size(); ++k)
                Ap.col(Eigen::Index(k)) = A.col(cols[k]);
            const Eigen::VectorXd zp = Ap.colPivHouseholderQr().solve(b);
            if (zp.minCoeff() > 0) {
                x.setZero();
                for (std::size_t k = 0; k < cols.size(); ++k)
                    x(cols[k]) = zp(Eigen::Index(k));
                break;
            }
            double alpha = 1.0;
            for (std::size_t k = 0; k < cols.size(); ++k)
                if (zp(Eigen::Index(k)) <= 0) {
                    const double xi = x(cols[k]);
                    alpha = std::min(alpha, xi / std::max(xi - zp(Eigen::Index(k)), 1e-300));
                }
            for (std::size_t k = 0; k < cols.size(); ++k)
                x(cols[k]) += alpha * (zp(Eigen::Index(k)) - x(cols[k]));
            for (const Eigen::Index j : cols)
                if (x(j) <= 1e-15) {
                    x(j) = 0;
                    passive[std::size_t(j)] = false;
                }
        }
        if ((x - before).cwiseAbs().maxCoeff() <= 1e-15 * std::max(1.0, x.cwiseAbs().maxCoeff()))
            break; // the column that looked promising could not enter: rounding, at the optimum
    }
    const double sum = x.sum();
    if (!(sum > 0))
        return (V.cast<double>().colwise().mean().transpose() - o).norm(); // no weight found: a point of the hull
    return (A.topRows(d) * (x / sum) - o).norm();
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
    const double tolerance = 1e-4 * std::max(double(V.cwiseAbs().maxCoeff()), 1e-30);
    h.inAllDimensions = double(V.rows()) * double(V.rows()) * double(dv) * double(o.rows()) <= kHullMaxExactWork;
    for (Eigen::Index i = 0; i < o.rows(); ++i) {
        if (h.inAllDimensions) {
            h.distance.push_back(hullDistance(V, o.row(i).transpose()));
        } else {
            const Point2 &p = h.outputs[std::size_t(i)];
            h.distance.push_back(insideConvexPolygon(corners, p, 0) ? 0.0 : 1.0); // outside the picture's polygon
        }
        h.outside.push_back(h.distance.back() > tolerance);
    }
    return h;
}

} // namespace attn
