// Quasi-steady (singular perturbation) and multiple scales.
#include <QtTest>

#include "method_circuits.h"

using namespace hs::sim;
using namespace hs::sim::test;

class TestQuasiSteady : public QObject {
    Q_OBJECT
private slots:
    // The two-orifice closed form p = (p_out + alpha p_in)/(1 + alpha), alpha = (k_in/k_out)^2,
    // is the root the general solver must find (notes/000_001 §3.4).
    void closedForm_data() {
        QTest::addColumn<double>("kin");
        QTest::addColumn<double>("kout");
        QTest::newRow("equal") << 1e-7 << 1e-7;
        QTest::newRow("inlet larger") << 3e-7 << 1e-7;
        QTest::newRow("outlet larger") << 1e-8 << 5e-7;
    }
    void closedForm() {
        QFETCH(double, kin);
        QFETCH(double, kout);
        const double ps = 1.4e7, pt = 9e5;
        const double alpha = (kin / kout) * (kin / kout);
        const double exact = (pt + alpha * ps) / (1 + alpha);
        RunResult r = buildAndRun(twoOrifice(ps, pt, kin, kout, 1e-6),
                                  {{"p", "pressure", "V.P1"}},
                                  runOptions(withMethod(solver("rk4", 1e-3), "V", "quasi_steady", {{"tol", 1e-3}}), 0.01, 1e-3));
        QVERIFY2(r.ok, r.error.c_str());
        for (double p : r.trace.columns[0]) QVERIFY2(std::abs(p - exact) < 0.01, qPrintable(QString::number(p - exact)));
    }

    // Any number of connected components: three outlets; the solution balances every flow.
    void threeOutlets() {
        Netlist n = twoOrifice(1e7, 0, 2e-7, 1e-7, 1e-6);
        n.components.push_back(comp("LaminarOrifice", "lam", {{"G", 1e-11}}));
        n.components.push_back(comp("TurbulentOrifice", "o3", {{"k", 5e-8}}, {{"spec", "k"}}));
        n.wires.push_back(wire("V", "P3", "lam", "A"));
        n.wires.push_back(wire("lam", "B", "t", "P"));
        n.wires.push_back(wire("V", "P4", "o3", "A"));
        n.wires.push_back(wire("o3", "B", "t", "P"));
        RunResult r = buildAndRun(n, {{"p", "pressure", "V.P1"}},
                                  runOptions(withMethod(solver("rk4", 1e-3), "V", "quasi_steady", {{"tol", 1e-4}}), 0.005, 1e-3));
        QVERIFY2(r.ok, r.error.c_str());
        const double p = r.trace.columns[0].back();
        const double qin = 2e-7 * std::sqrt(1e7 - p);
        const double qout = 1e-7 * std::sqrt(p) + 1e-11 * p + 5e-8 * std::sqrt(p);
        QVERIFY2(std::abs(qin - qout) < 1e-6 * qin, qPrintable(QString::number(qin - qout)));
        QVERIFY(r.methodStats.size() == 1 && r.methodStats[0].second.newtonIterations > 0);
    }

    // Multiple scales adds exactly the printed correction -4V/(Be*G*t) (Pub II eq. 21) to the
    // quasi-steady pressure: measure it against QS at the same times.
    void multipleScalesCorrection() {
        const double ps = 2e7, pt = 9e5, kin = 2e-7, kout = 2e-7, vol = 1e-6, be = 1e9;
        Netlist n = twoOrifice(ps, pt, kin, kout, vol, be);
        auto o = [&](const char* m) {
            return runOptions(withMethod(solver("rk4", 1e-3), "V", m, {{"tol", 1e-6}}), 0.05, 1e-3);
        };
        RunResult qs = buildAndRun(n, {{"p", "pressure", "V.P1"}}, o("quasi_steady"));
        RunResult mms = buildAndRun(n, {{"p", "pressure", "V.P1"}}, o("multiple_scales"));
        QVERIFY2(qs.ok && mms.ok, (qs.error + mms.error).c_str());
        const double p0 = qs.trace.columns[0].back();
        const double g = kin / (2 * std::sqrt(ps - p0)) + kout / (2 * std::sqrt(p0 - pt));
        for (size_t i = 1; i < qs.trace.time.size(); ++i) {
            const double t = mms.trace.time[i];
            const double expected = -4 * vol / (be * g * t);
            const double got = mms.trace.columns[0][i] - qs.trace.columns[0][i];
            QVERIFY2(std::abs(got - expected) < 1e-3 * std::abs(expected) + 1e-6,
                     qPrintable(QString("t=%1 got %2 expected %3").arg(t).arg(got).arg(expected)));
        }
        // The note's warning holds: the printed term is tiny (well under a pascal here).
        QVERIFY(mms.methodStats[0].second.maxAbsCorrection > 0);
        QVERIFY(mms.methodStats[0].second.maxAbsCorrection < 1.0);
    }

    void multipleScalesRejectsThreePaths() {
        Netlist n = twoOrifice(1e7, 0, 2e-7, 1e-7, 1e-6);
        n.components.push_back(comp("TurbulentOrifice", "o3", {{"k", 5e-8}}, {{"spec", "k"}}));
        n.wires.push_back(wire("V", "P3", "o3", "A"));
        n.wires.push_back(wire("o3", "B", "t", "P"));
        RunResult r = buildAndRun(n, {{"p", "pressure", "V.P1"}},
                                  runOptions(withMethod(solver("rk4", 1e-3), "V", "multiple_scales"), 0.01, 1e-3));
        QVERIFY(!r.ok);
        QVERIFY2(r.error.find("one inlet and one outlet") != std::string::npos, r.error.c_str());
        QVERIFY(r.error.find("'V'") != std::string::npos);
    }

    // With the compressibility corrector (implicit), quasi-steady is backward Euler on the node:
    // it must equal local_implicit to the solver tolerance.
    void correctorEqualsBackwardEuler() {
        Netlist n = threeOrifice(1e-3, 1e-5);
        const std::vector<ProbeSpec> pr = {{"p2", "pressure", "V2.P1"}};
        RunResult qs = buildAndRun(n, pr, runOptions(withMethod(solver("rk4", 1e-3), "V2", "quasi_steady", {{"corrector", 1}, {"tol", 1e-4}}), 1.0, 1e-2));
        RunResult li = buildAndRun(n, pr, runOptions(withMethod(solver("rk4", 1e-3), "V2", "local_implicit", {{"tol", 1e-4}}), 1.0, 1e-2));
        QVERIFY2(qs.ok && li.ok, (qs.error + li.error).c_str());
        for (size_t i = 0; i < qs.trace.time.size(); ++i) QVERIFY(std::abs(qs.trace.columns[0][i] - li.trace.columns[0][i]) < 1.0);
    }
};

QTEST_APPLESS_MAIN(TestQuasiSteady)
#include "test_quasi_steady.moc"
