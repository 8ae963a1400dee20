// SPDX-License-Identifier: GPL-3.0-or-later
// core/mistakes and core/hull: each of the lecture's mistakes gives what PyTorch gives when it is made
// (tests/reference/make_mistake_fixtures.py ran them in Debian's PyTorch: the weights, the shapes, the
// errors word for word), and the outputs lie in the values' convex hull with softmax over the keys, and
// not always over the queries.

#include "fixtures.h"
#include "hull.h"
#include "mistakes.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <cmath>
#include <cstring>

using namespace attn;

namespace {

QJsonObject fixtures()
{
    QFile f(QStringLiteral(ATTN_MISTAKE_FIXTURES));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot open %s", ATTN_MISTAKE_FIXTURES);
    return QJsonDocument::fromJson(f.readAll()).object();
}

Params paramsOf(const QJsonObject &c)
{
    return paramsOfFixture(c.value("params").toObject());
}

QString nameOf(const QJsonObject &c)
{
    return QString::fromUtf8(QJsonDocument(c.value("params").toObject()).toJson(QJsonDocument::Compact));
}

// Every value within tol of PyTorch's (relative to the larger of 1 and |value|); NaN in PyTorch (a fully
// masked row) is 0 here.
void compareTensor(const Tensor3 &ours, const QJsonObject &theirs, double tol)
{
    const std::vector<int> shape = fixtureShape(theirs);
    QCOMPARE(int(shape.size()), 3);
    QCOMPARE(ours.batch, shape[0]);
    QCOMPARE(ours.rows, shape[1]);
    QCOMPARE(ours.cols, shape[2]);
    const std::vector<float> v = fixtureValues(theirs);
    QCOMPARE(v.size(), ours.data.size());
    for (std::size_t i = 0; i < v.size(); ++i) {
        const double want = std::isnan(v[i]) ? 0.0 : v[i];
        if (std::abs(ours.data[i] - want) > tol * std::max(1.0, std::abs(want)))
            QFAIL(qPrintable(QString("value %1: %2, PyTorch %3").arg(i).arg(ours.data[i]).arg(v[i])));
    }
}

Tensor3 tensorOf(const QJsonObject &t)
{
    const std::vector<int> s = fixtureShape(t);
    Tensor3 x(s[0], s[1], s[2]);
    const std::vector<float> v = fixtureValues(t);
    std::copy(v.begin(), v.end(), x.data.begin());
    return x;
}

} // namespace

class TestMistakes : public QObject
{
    Q_OBJECT
private slots:
    void names()
    {
        QCOMPARE(int(allMistakes().size()), 5);
        for (Mistake m : allMistakes())
            QCOMPARE(parseMistake(mistakeName(m)), std::optional<Mistake>(m));
        QVERIFY(!parseMistake("no_scale"));
        QVERIFY(!parseMistake(""));
    }

    void matmulAsPyTorch_data()
    {
        QTest::addColumn<QJsonObject>("c");
        for (const QJsonValue &v : fixtures().value("matmul").toArray()) {
            const QJsonObject c = v.toObject();
            QTest::newRow(
                qPrintable(QString::fromUtf8(QJsonDocument(c.value("a").toArray()).toJson(QJsonDocument::Compact)
                    + " @ " + QJsonDocument(c.value("b").toArray()).toJson(QJsonDocument::Compact))))
                << c;
        }
    }
    void matmulAsPyTorch()
    {
        QFETCH(QJsonObject, c);
        const auto shape = [](const QJsonValue &v) {
            const QJsonArray a = v.toArray();
            return std::array<int, 3> { a.at(0).toInt(), a.at(1).toInt(), a.at(2).toInt() };
        };
        const MatmulOutcome m = matmulOutcome(shape(c.value("a")), shape(c.value("b")));
        QCOMPARE(QString::fromStdString(m.error), c.value("error").toString());
        if (m.error.empty())
            QCOMPARE(m.shape, shape(c.value("shape")));
    }

    void mistakesAsPyTorch_data()
    {
        QTest::addColumn<QJsonObject>("c");
        QTest::addColumn<QString>("mistake");
        for (const QJsonValue &v : fixtures().value("cases").toArray())
            for (Mistake m : allMistakes())
                QTest::newRow(qPrintable(QString::fromStdString(mistakeName(m)) + " " + nameOf(v.toObject())))
                    << v.toObject() << QString::fromStdString(mistakeName(m));
    }
    void mistakesAsPyTorch()
    {
        QFETCH(QJsonObject, c);
        QFETCH(QString, mistake);
        const Mistake m = *parseMistake(mistake.toStdString());
        const Params p = paramsOf(c);
        const MistakeResult r = commitMistake(p, m);
        QCOMPARE(r.mistake, m);
        // the right side: the lecture's line (with the mask the right way round for the mask mistake)
        compareTensor(
            r.right.weights, c.value(m == Mistake::MhaMaskInSdpa ? "right_masked" : "right").toObject(), 1e-6);
        QVERIFY(r.right.error.empty());
        const QJsonObject theirs = c.value("mistakes").toObject().value(mistake).toObject();
        QCOMPARE(QString::fromStdString(r.wrong.error), theirs.value("error").toString());
        if (theirs.value("weights").isNull()) {
            QVERIFY(r.wrong.weights.empty());
            QVERIFY(r.wrong.operands.find(" = ") == std::string::npos); // no result shape claimed
        } else {
            compareTensor(r.wrong.weights, theirs.value("weights").toObject(), 1e-5);
            const auto s = fixtureShape(theirs.value("weights").toObject());
            const std::string shape
                = "(" + std::to_string(s[0]) + ", " + std::to_string(s[1]) + ", " + std::to_string(s[2]) + ")";
            QVERIFY2(r.wrong.operands.size() >= shape.size()
                    && r.wrong.operands.compare(r.wrong.operands.size() - shape.size(), shape.size(), shape) == 0,
                r.wrong.operands.c_str());
            // the statistics are of the weights shown
            for (int b = 0; b < r.wrong.weights.batch; ++b)
                for (int i = 0; i < r.wrong.weights.rows; ++i) {
                    double sum = 0;
                    for (int j = 0; j < r.wrong.weights.cols; ++j)
                        sum += r.wrong.weights(b, i, j);
                    QVERIFY(std::abs(sum - r.wrong.rowSums(b, i)) < 1e-5);
                }
        }
    }

    // The lecture's symptoms, in the numbers.
    void symptoms()
    {
        Params p;
        p.mode = Mode::Direct;
        p.batch = 2;
        p.seed = 1;
        // softmax over the queries: rows no longer sum to 1
        const MistakeResult dim = commitMistake(p, Mistake::SoftmaxDim);
        QVERIFY((dim.right.rowSums.array() - 1.0).abs().maxCoeff() < 1e-6);
        QVERIFY((dim.wrong.rowSums.array() - 1.0).abs().maxCoeff() > 0.1);
        // the padding mask the wrong way round: every query looks only at the padding
        const MistakeResult mask = commitMistake(p, Mistake::MhaMaskInSdpa);
        QCOMPARE(mask.padCount, 2);
        for (int b = 0; b < 2; ++b)
            for (int i = 0; i < 5; ++i) {
                double onPadding = 0, rightOnPadding = 0;
                for (int j = 3; j < 5; ++j) {
                    onPadding += mask.wrong.weights(b, i, j);
                    rightOnPadding += mask.right.weights(b, i, j);
                }
                QVERIFY(std::abs(onPadding - 1.0) < 1e-6);
                QCOMPARE(rightOnPadding, 0.0);
            }
        // a pad:N mask in the settings is the padding used
        p.mask = MaskKind::Pad;
        p.padCount = 1;
        QCOMPARE(commitMistake(p, Mistake::MhaMaskInSdpa).padCount, 1);
        // without the scale at d_k = 512 the rows saturate: nearly one-hot, with a small softmax gradient (0.09
        // against 0.39)
        p.mask = MaskKind::None;
        p.dK = p.dV = 512;
        const MistakeResult noScale = commitMistake(p, Mistake::NoScale);
        QVERIFY(noScale.wrong.rowMax.mean() > 0.9); // 0.93 (10 rows of 5 keys)
        QVERIFY(noScale.right.rowMax.mean() < 0.6); // 0.48
        QVERIFY(noScale.wrong.rowJacobian.mean() < 0.5 * noScale.right.rowJacobian.mean());
    }

    // The caption's numbers, and the window's size limits.
    void summaryAndViewParams()
    {
        Params p;
        p.mode = Mode::Direct;
        p.batch = 2;
        p.seed = 1;
        const MistakeResult dim = commitMistake(p, Mistake::SoftmaxDim);
        const MistakeSummary s = summarizeMistake(dim, 1);
        QCOMPARE(s.shownBatch, 1);
        QCOMPARE(s.minRowSum[1], dim.wrong.rowSums.row(1).minCoeff());
        QCOMPARE(s.maxRowSum[1], dim.wrong.rowSums.row(1).maxCoeff());
        QVERIFY(std::abs(s.minRowSum[0] - 1.0) < 1e-6 && std::abs(s.maxRowSum[0] - 1.0) < 1e-6);
        QCOMPARE(s.meanRowMax[1], dim.wrong.rowMax.row(1).mean());
        const MistakeSummary mask = summarizeMistake(commitMistake(p, Mistake::MhaMaskInSdpa), 0);
        QVERIFY(std::abs(mask.weightOnPadding[1] - 1.0) < 1e-6);
        QCOMPARE(mask.weightOnPadding[0], 0.0);
        // an error leaves the wrong side empty; batch elements beyond the right side's clamp to it
        const MistakeSummary err = summarizeMistake(commitMistake(p, Mistake::Transpose01), 5);
        QVERIFY(!err.wrongComputed);
        QCOMPARE(err.shownBatch, 1);

        bool clamped = true;
        QCOMPARE(mistakeViewParams(p, &clamped), p);
        QVERIFY(!clamped);
        Params big = p;
        big.batch = 64;
        big.batchIndex = 40;
        big.queryLength = big.keyLength = 4096;
        big.dK = big.dV = 2048;
        const Params v = mistakeViewParams(big, &clamped);
        QVERIFY(clamped);
        QCOMPARE(v.batch, kMistakeMaxBatch);
        QCOMPARE(v.batchIndex, kMistakeMaxBatch - 1);
        QCOMPARE(v.queryLength, kMistakeMaxLength);
        QCOMPARE(v.keyLength, kMistakeMaxLength);
        QCOMPARE(v.dK, kMistakeMaxDk);
        QCOMPARE(v.dV, kMistakeMaxDk);
    }

    // A shape too large to show is reported, not computed.
    void tooLargeNotComputed()
    {
        Params p;
        p.mode = Mode::Direct;
        p.dK = p.dV = 64;
        const MistakeResult r = commitMistake(p, Mistake::TransposeQ, 1000);
        QVERIFY(r.wrong.weights.empty());
        QVERIFY(r.wrong.error.find("not computed") != std::string::npos);
        QVERIFY(commitMistake(p, Mistake::TransposeQ, 4096).wrong.error.empty());
    }

    void hullGeometry()
    {
        const std::vector<Point2> square { { 0, 0 }, { 1, 0 }, { 1, 1 }, { 0, 1 }, { 0.5, 0.5 }, { 0.5, 0 } };
        const std::vector<int> h = convexHull(square);
        QCOMPARE(std::vector<int>(h), (std::vector<int> { 0, 1, 2, 3 }));
        std::vector<Point2> corners;
        for (int i : h)
            corners.push_back(square[std::size_t(i)]);
        QVERIFY(insideConvexPolygon(corners, { 0.3, 0.9 }, 0));
        QVERIFY(insideConvexPolygon(corners, { 1, 0.5 }, 1e-12)); // on an edge
        QVERIFY(!insideConvexPolygon(corners, { 1.01, 0.5 }, 1e-3));
        QVERIFY(!insideConvexPolygon(corners, { -0.2, -0.2 }, 0.1));
        // degenerate: coincident points, a segment
        QCOMPARE(int(convexHull({ { 1, 1 }, { 1, 1 } }).size()), 1);
        const std::vector<Point2> line { { 0, 0 }, { 2, 2 }, { 1, 1 } };
        const std::vector<int> seg = convexHull(line);
        QCOMPARE(int(seg.size()), 2);
        QVERIFY(insideConvexPolygon({ line[std::size_t(seg[0])], line[std::size_t(seg[1])] }, { 1.5, 1.5 }, 1e-9));
        QVERIFY(!insideConvexPolygon({ line[std::size_t(seg[0])], line[std::size_t(seg[1])] }, { 1, 0 }, 1e-3));
    }

    // Outputs from PyTorch's own weights and the program's V (drawn identically): with softmax over the keys
    // every output lies in the hull, in principal components and in chosen coordinates; over the queries some
    // leave it.
    void outputsInsideTheHull()
    {
        int outsideRight = 0, outsideWrong = 0, outputs = 0;
        for (const QJsonValue &v : fixtures().value("cases").toArray()) {
            const QJsonObject c = v.toObject();
            const Params p = paramsOf(c);
            if (p.dV < 2)
                continue;
            const Result r = compute(p);
            const Tensor3 right = tensorOf(c.value("right").toObject());
            const Tensor3 wrong
                = tensorOf(c.value("mistakes").toObject().value("softmax-dim").toObject().value("weights").toObject());
            for (int b = 0; b < p.batch; ++b) {
                const MatrixRM V = r.inputs->V.slice(b);
                for (const std::array<int, 2> axes : { std::array<int, 2> { -1, -1 }, std::array<int, 2> { 0, 1 } }) {
                    const MatrixRM outRight = right.slice(b) * V, outWrong = wrong.slice(b) * V;
                    const HullProjection hr = projectHull(V, outRight, axes), hw = projectHull(V, outWrong, axes);
                    QCOMPARE(int(hr.outputs.size()), p.queryLength);
                    for (bool o : hr.outside)
                        outsideRight += o;
                    for (bool o : hw.outside)
                        outsideWrong += o;
                    outputs += p.queryLength;
                }
            }
        }
        QVERIFY(outputs > 50);
        QCOMPARE(outsideRight, 0);
        QVERIFY2(outsideWrong > 0, "no output left the hull with softmax over the queries");
    }

    // The distance to the hull in all dimensions (non-negative least squares), against geometry worked by hand.
    void hullDistanceInAllDimensions()
    {
        MatrixRM tri(3, 2);
        tri << 0, 0, 4, 0, 0, 3;
        Eigen::VectorXd p(2);
        p << 1, 1;
        QVERIFY(hullDistance(tri, p) < 1e-9);
        p << 3, 3; // beyond the edge 3x + 4y = 12 by (9 + 12 - 12) / 5
        QVERIFY(std::abs(hullDistance(tri, p) - 1.8) < 1e-9);
        p << -1, -1; // nearest the corner (0, 0)
        QVERIFY(std::abs(hullDistance(tri, p) - std::sqrt(2.0)) < 1e-9);
        // a point off the values' plane: inside the picture of coordinates 0 and 1, outside in three dimensions
        MatrixRM flat(3, 3);
        flat << 0, 0, 0, 4, 0, 0, 0, 3, 0;
        MatrixRM out(1, 3);
        out << 1, 1, 0.5;
        const HullProjection h = projectHull(flat, out, { 0, 1 });
        QVERIFY(h.outside[0]);
        QVERIFY(std::abs(h.distance[0] - 0.5) < 1e-9);
        // convex combinations of random values are inside, at every scale; scaled-up ones are not
        for (double scale : { 1e-3, 1.0, 30.0 }) {
            MatrixRM V = MatrixRM::Random(7, 4) * float(scale);
            Eigen::VectorXd w = Eigen::VectorXd::Random(7).cwiseAbs();
            w /= w.sum();
            const Eigen::VectorXd inside = V.cast<double>().transpose() * w;
            QVERIFY(hullDistance(V, inside) < 1e-9 * scale);
            QVERIFY(hullDistance(V, 3.0 * inside + Eigen::VectorXd::Constant(4, 5 * scale)) > 1e-3 * scale);
        }
    }

    // A query that puts nearly all its weight on one key sits on that value.
    void oneHotQuerySitsOnItsValue()
    {
        MatrixRM V(3, 2);
        V << 0, 0, 4, 0, 0, 3;
        MatrixRM w(1, 3);
        w << 0.0f, 1.0f, 0.0f;
        const HullProjection h = projectHull(V, w * V, { 0, 1 });
        QCOMPARE(h.outputs[0], h.values[1]);
        QVERIFY(!h.outside[0]);
        const HullProjection pca = projectHull(V, w * V, { -1, -1 });
        QVERIFY(std::abs(pca.outputs[0][0] - pca.values[1][0]) < 1e-12);
        QVERIFY(std::abs(pca.explained[0] + pca.explained[1] - 1.0) < 1e-12);
    }
};

QTEST_APPLESS_MAIN(TestMistakes)
#include "tst_mistakes.moc"
