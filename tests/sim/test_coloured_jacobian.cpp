// SPDX-License-Identifier: GPL-3.0-or-later
// The coloured finite-difference Jacobian (core/sim/coloured_jacobian.h) equals the dense one,
// entry by entry to 1e-8 relative, on Circuit 1 and Circuit 2 (loaded from examples/) at states
// taken along a run (the pattern found once, at the initial state), with fewer right-hand sides than states where the pattern allows; the
// colouring separates every pair of columns that share a row.
#include <QtTest/QtTest>

#include <cmath>
#include <vector>

#include "model/circuit.h"
#include "model/circuit_io.h"
#include "sim/coloured_jacobian.h"
#include "sim/column_colouring.h"
#include "sim_test_util.h"

using namespace hs::sim;
using namespace hs::sim::test;

class TestColouredJacobian : public QObject {
    Q_OBJECT
private slots:
    void equalsDense_data();
    void equalsDense();
    void colouringSeparatesSharedRows();
    void denseCheckWidensAnIncompletePattern();
};

void TestColouredJacobian::equalsDense_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("config");
    QTest::addColumn<int>("maxColours");
    QTest::newRow("circuit1") << QStringLiteral("circuit1_fcv.hydro.json") << QStringLiteral("SDIRK2 5e-4") << 5;
    QTest::newRow("circuit2") << QStringLiteral("circuit2_pcv.hydro.json") << QStringLiteral("ESDIRK rtol 1e-4") << 7;
}

void TestColouredJacobian::equalsDense() {
    QFETCH(QString, file);
    QFETCH(QString, config);
    QFETCH(int, maxColours);
    const hs::model::LoadResult lr = hs::model::loadCircuit(QStringLiteral(HS_SOURCE_DIR "/examples/") + file, registry());
    QVERIFY2(lr.ok(), qPrintable(lr.errors.join("; ")));
    const hs::model::SolverConfigDoc* cfg = lr.circuit->config(config);
    QVERIFY(cfg);
    const SolverSettings s = hs::model::toSolverSettings(*cfg);
    for (double at : {0.0, 0.8, 3.3, 6.1, 9.7}) {
        BuildResult b = build(registry(), hs::model::toNetlist(*lr.circuit), s);
        QVERIFY2(b.ok(), b.errorText().c_str());
        System& sys = *b.system;
        const int n = sys.stateCount();
        std::vector<double> y(static_cast<size_t>(n));
        sys.initialState(y.data());
        // the pattern as the steppers find it: once, at the initial state
        ColouredJacobian jacobian;
        jacobian.setUp(sys, 0.0, y.data());
        if (at > 0) {
            RunOptions o = runOptions(s, at, 0.1);
            o.keepTrace = false;
            const RunResult r = simulate(sys, {}, o);
            QVERIFY2(r.ok, r.error.c_str());
            y = r.finalState;
        }
        std::vector<double> f0(static_cast<size_t>(n)), coloured(static_cast<size_t>(n * n)), dense(coloured.size());
        sys.rhs(at, y.data(), f0.data());
        const std::vector<double> before = y;
        const int colouredRhs = jacobian.evaluate(sys, at, y.data(), f0.data(), coloured.data(), n);
        QCOMPARE(ColouredJacobian::evaluateDense(sys, at, y.data(), f0.data(), dense.data(), n), n);
        QVERIFY(y == before);  // the state is restored bit for bit
        double worst = 0.0;
        int nonZero = 0;
        for (int k = 0; k < n * n; ++k) {
            const double d = dense[static_cast<size_t>(k)], c = coloured[static_cast<size_t>(k)];
            if (d != 0.0) ++nonZero;
            const double relative = d == 0.0 ? std::abs(c) : std::abs(c - d) / std::abs(d);
            worst = std::max(worst, relative);
            if (!(relative <= 1e-8))
                qWarning("entry (%d, %d) at t = %g: coloured %.17g, dense %.17g", k % n, k / n, at, c, d);
        }
        qInfo("%s at t = %g s: %d states, pattern %ld entries (%d non-zero here), %d colours = %d rhs per "
              "Jacobian instead of %d; largest relative difference %.3g",
              qPrintable(file), at, n, jacobian.pattern().nonZeros(), nonZero, jacobian.colourCount(), colouredRhs, n, worst);
        QVERIFY(worst <= 1e-8);
        QCOMPARE(colouredRhs, jacobian.colourCount());
        QVERIFY(jacobian.colourCount() <= maxColours);
        QVERIFY(jacobian.colourCount() <= n);
        // the numerical samples found nothing the structural walk had not (sparsity_pattern.h)
        QCOMPARE(jacobian.pattern().nonZeros(), structuralPattern(sys).nonZeros());
    }
}

// A tridiagonal pattern of 7 columns needs 3 colours; no two columns of a colour share a row.
void TestColouredJacobian::colouringSeparatesSharedRows() {
    SparsityPattern p(7);
    for (int j = 0; j < 7; ++j)
        for (int i = std::max(0, j - 1); i <= std::min(6, j + 1); ++i) p.add(i, j);
    const std::vector<int> colour = colourColumns(p);
    int colours = 0;
    for (int c : colour) colours = std::max(colours, c + 1);
    QCOMPARE(colours, 3);
    for (int a = 0; a < 7; ++a)
        for (int b = a + 1; b < 7; ++b) {
            bool share = false;
            for (int i = 0; i < 7; ++i) share = share || (p.has(i, a) && p.has(i, b));
            if (share) QVERIFY(colour[static_cast<size_t>(a)] != colour[static_cast<size_t>(b)]);
        }
}

// A pattern that misses a coupling (here given: only the diagonal, where an open valve joins two
// volumes) gives zeros there until the dense check of the kDenseCheckEvery-th evaluation finds
// the entries, widens the pattern and recolours; from then on the coloured Jacobian has them.
void TestColouredJacobian::denseCheckWidensAnIncompletePattern() {
    Netlist net;
    net.components = {comp("PressureSource", "src", {{"p", 1e7}}), comp("TurbulentOrifice", "o1", {{"k", 1e-7}}),
                      comp("Volume", "V1", {{"V", 1e-4}, {"p0", 0.0}}), comp("OnOffValve", "valve", {{"k", 1e-7}}),
                      comp("Volume", "V2", {{"V", 1e-4}, {"p0", 0.0}}), comp("Step", "cmd", {{"t0", 0.0}, {"before", 0.0}, {"after", 1.0}})};
    net.wires = {wire("src", "P", "o1", "A"), wire("o1", "B", "V1", "P1"), wire("V1", "P2", "valve", "A"),
                 wire("valve", "B", "V2", "P1"), wire("cmd", "out", "valve", "open")};
    BuildResult b = build(registry(), net, solver("sdirk2", 1e-3, 1e-6, 1e-6));
    QVERIFY2(b.ok(), b.errorText().c_str());
    System& sys = *b.system;
    const int n = sys.stateCount();
    QCOMPARE(n, 2);
    QVERIFY(structuralPattern(sys).has(0, 1) && structuralPattern(sys).has(1, 0));  // the walk sees the valve
    SparsityPattern diagonal(n);
    diagonal.add(0, 0);
    diagonal.add(1, 1);
    ColouredJacobian jacobian;
    jacobian.setUp(sys, diagonal);
    QCOMPARE(jacobian.colourCount(), 1);
    std::vector<double> y = {5e6, 1e6}, f0(2), jac(4);
    sys.rhs(1.0, y.data(), f0.data());
    for (long k = 1; k < ColouredJacobian::kDenseCheckEvery; ++k) jacobian.evaluate(sys, 1.0, y.data(), f0.data(), jac.data(), n);
    QCOMPARE(jac[2], 0.0);  // d f_V1 / d p_V2 missed
    jacobian.evaluate(sys, 1.0, y.data(), f0.data(), jac.data(), n);  // the dense check
    QVERIFY(jac[2] > 0.0);
    QCOMPARE(jacobian.widenings(), 1L);
    QVERIFY(jacobian.pattern().has(0, 1) && jacobian.pattern().has(1, 0));
    QCOMPARE(jacobian.colourCount(), 2);
    jac.assign(4, 0.0);
    jacobian.evaluate(sys, 1.0, y.data(), f0.data(), jac.data(), n);
    QVERIFY(jac[2] > 0.0);
}

QTEST_GUILESS_MAIN(TestColouredJacobian)
#include "test_coloured_jacobian.moc"
