// SPDX-License-Identifier: GPL-3.0-or-later
// compareTraces against values worked out by hand (not a second copy of its formula): RMSE,
// RRMSE = 100 RMSE / mean|x_ref| over the reference's samples, max |error|, the other trace
// interpolated linearly on the reference grid, only the span both traces cover.
#include <QtTest>

#include "sim_test_util.h"

using namespace hs::sim;

namespace {

Trace trace(std::vector<double> t, std::vector<double> x) {
    Trace tr;
    tr.names = {"x"};
    tr.units = {"m"};
    tr.time = std::move(t);
    tr.columns = {std::move(x)};
    return tr;
}

}  // namespace

class TestMetrics : public QObject {
    Q_OBJECT
private slots:
    // Same grid. ref 1, -2, 3, -4 (mean |ref| = 2.5), other 1.5, -2, 2, -4: errors 0.5, 0, -1, 0,
    // mean square 1.25/4 = 0.3125, RMSE = sqrt(0.3125) = 0.5590169943749475,
    // RRMSE = 100 * 0.5590169943749475 / 2.5 = 22.360679774997898 %.
    void sameGrid() {
        const auto e = compareTraces(trace({0, 1, 2, 3}, {1, -2, 3, -4}), trace({0, 1, 2, 3}, {1.5, -2, 2, -4}));
        QCOMPARE(e.size(), size_t(1));
        QCOMPARE(e[0].samples, 4);
        QCOMPARE(e[0].meanAbsRef, 2.5);
        QVERIFY(std::abs(e[0].rmse - 0.5590169943749475) < 1e-15);
        QVERIFY(std::abs(e[0].rrmse - 22.360679774997898) < 1e-13);
        QCOMPARE(e[0].maxAbs, 1.0);
        QCOMPARE(e[0].unit, std::string("m"));
    }

    // Other on a coarser grid: 1, 3, 5 at t = 0, 2, 4 reads 2 at t = 1 and 4 at t = 3, so against
    // ref 1, -2, 3, -4 the errors are 0, 4, 0, 8: RMSE = sqrt(80/4) = 4.47213595499958,
    // RRMSE = 100 * 4.47213595499958 / 2.5 = 178.88543819998318 %, max 8.
    void interpolatedOther() {
        const auto e = compareTraces(trace({0, 1, 2, 3}, {1, -2, 3, -4}), trace({0, 2, 4}, {1, 3, 5}));
        QCOMPARE(e[0].samples, 4);
        QVERIFY(std::abs(e[0].rmse - 4.47213595499958) < 1e-14);
        QVERIFY(std::abs(e[0].rrmse - 178.88543819998318) < 1e-12);
        QCOMPARE(e[0].maxAbs, 8.0);
    }

    // Other stops at t = 2: only t = 0, 1, 2 count. Errors 0, 4, 0 against ref 1, -2, 3 (mean
    // |ref| = 2): RMSE = sqrt(16/3) = 2.309401076758503, RRMSE = 115.47005383792515 %.
    void commonSpanOnly() {
        const auto e = compareTraces(trace({0, 1, 2, 3}, {1, -2, 3, -4}), trace({0, 2}, {1, 3}));
        QCOMPARE(e[0].samples, 3);
        QCOMPARE(e[0].meanAbsRef, 2.0);
        QVERIFY(std::abs(e[0].rmse - 2.309401076758503) < 1e-15);
        QVERIFY(std::abs(e[0].rrmse - 115.47005383792515) < 1e-12);
    }

    // A column the other trace lacks is left out; a reference of zeros gives RRMSE 0, not NaN.
    void missingColumnAndZeroReference() {
        Trace other = trace({0, 1}, {0, 0});
        other.names = {"y"};
        QVERIFY(compareTraces(trace({0, 1}, {1, 1}), other).empty());
        const auto e = compareTraces(trace({0, 1}, {0, 0}), trace({0, 1}, {3, 4}));
        QCOMPARE(e[0].rrmse, 0.0);
        QVERIFY(std::abs(e[0].rmse - std::sqrt(12.5)) < 1e-15);
    }

    // Iteration counters are recorded but not compared (their "error" means nothing): a trace
    // with a pressure and a Newton counter gets one error row, for the pressure.
    void iterationCountersLeftOut() {
        Trace ref = trace({0, 1}, {1, 1}), other = trace({0, 1}, {2, 2});
        for (Trace* t : {&ref, &other}) {
            t->names = {"p", "newton V"};
            t->units = {"Pa", "-"};
            t->quantities = {"pressure", "newton_iterations"};
        }
        ref.columns.push_back({1, 1});
        other.columns.push_back({5, 7});
        const auto e = compareTraces(ref, other);
        QCOMPARE(e.size(), size_t(1));
        QCOMPARE(e[0].name, std::string("p"));
        QCOMPARE(e[0].rmse, 1.0);
        QVERIFY(!ref.compared(1) && ref.compared(0));
        QVERIFY(isIterationCounter("inner_iterations") && !isIterationCounter("pressure"));
        ref.quantities.clear();  // a trace that does not know its quantities compares every column
        QCOMPARE(compareTraces(ref, other).size(), size_t(2));
    }
};

QTEST_APPLESS_MAIN(TestMetrics)
#include "test_metrics.moc"
