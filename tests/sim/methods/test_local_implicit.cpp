// SPDX-License-Identifier: GPL-3.0-or-later
// Local implicit (backward Euler / trapezoidal on one node).
#include <QtTest>

#include "method_circuits.h"

using namespace hs::sim;
using namespace hs::sim::test;

namespace {

// Volume filled from a pressure source through a laminar orifice: p = ps (1 - exp(-t/tau)).
Netlist rcFill() {
    Netlist n;
    n.fluid.bulk = constantBe(1e9);
    n.components = {comp("PressureSource", "ps", {{"p", 1e7}}), comp("LaminarOrifice", "r", {{"G", 1e-12}}),
                    comp("Volume", "V", {{"V", 1e-4}})};
    n.wires = {wire("ps", "P", "r", "A"), wire("r", "B", "V", "P1")};
    return n;
}

double maxErrorRc(const std::string& scheme, double dt) {
    const double tau = 1e-4 / (1e9 * 1e-12);  // 0.1 s
    SolverSettings s = withMethod(solver("rk4", dt), "V", "local_implicit",
                                  {{"scheme", scheme == "trapezoidal" ? 1.0 : 0.0}, {"tol", 1e-7}});
    RunResult r = buildAndRun(rcFill(), {{"p", "pressure", "V.P1"}}, runOptions(s, 0.3, 0.01));
    if (!r.ok) return -1;
    double e = 0;
    for (size_t i = 0; i < r.trace.time.size(); ++i)
        e = std::max(e, std::abs(r.trace.columns[0][i] - 1e7 * (1 - std::exp(-r.trace.time[i] / tau))));
    return e;
}

}  // namespace

class TestLocalImplicit : public QObject {
    Q_OBJECT
private slots:
    // Order of accuracy on a scalar linear node: BE first order, trapezoidal second order.
    void orderOfAccuracy() {
        const double be1 = maxErrorRc("be", 2e-3), be2 = maxErrorRc("be", 1e-3);
        const double tr1 = maxErrorRc("trapezoidal", 2e-3), tr2 = maxErrorRc("trapezoidal", 1e-3);
        QVERIFY(be1 > 0 && be2 > 0 && tr1 > 0 && tr2 > 0);
        QVERIFY2(be1 / be2 > 1.7 && be1 / be2 < 2.3, qPrintable(QString::number(be1 / be2)));
        QVERIFY2(tr1 / tr2 > 3.4 && tr1 / tr2 < 4.6, qPrintable(QString::number(tr1 / tr2)));
        QVERIFY(tr2 < be2);
    }

    // notes/000_001 §6 item 3 turned round: at 1e-3 s, where integrating the 10 ml volume with
    // RK4 goes through a wild start-up, the implicit node stays on the CVODE reference.
    void threeOrificeLargeStep() {
        Netlist n = threeOrifice(1e-3, 1e-5);
        const std::vector<ProbeSpec> pr = {{"p1", "pressure", "V1.P1"}, {"p2", "pressure", "V2.P1"}};
        RunResult ref = buildAndRun(n, pr, runOptions(solver("cvode", 1e-6, 1e-9, 1e-9), 2.0, 1e-3));
        QVERIFY2(ref.ok, ref.error.c_str());
        RunResult rk = buildAndRun(n, pr, runOptions(solver("rk4", 1e-3), 2.0, 1e-3));
        double rkMax = 1e300;
        if (rk.ok) rkMax = compareTraces(ref.trace, rk.trace)[1].maxAbs;
        for (double scheme : {0.0, 1.0}) {
            RunResult li = buildAndRun(n, pr, runOptions(withMethod(solver("rk4", 1e-3), "V2", "local_implicit", {{"scheme", scheme}}), 2.0, 1e-3));
            QVERIFY2(li.ok, li.error.c_str());
            auto e = compareTraces(ref.trace, li.trace);
            QVERIFY2(e[1].rrmse < 0.1, qPrintable(QString::number(e[1].rrmse)));
            QVERIFY2(e[1].maxAbs * 10 < rkMax, qPrintable(QString("LI %1 Pa, RK4 %2 Pa").arg(e[1].maxAbs).arg(rkMax)));
        }
        // the advanced pseudo-dynamic loop, with a criterion tight enough for this small flow
        // (300 Pa at V_pseudo 1e-3 and dt_inner 1e-5 allows a 3e-5 m3/s imbalance, about the
        // whole flow of this circuit), stays correct at 1e-3 s as well
        RunResult adv = buildAndRun(n, pr, runOptions(withMethod(solver("rk4", 1e-3), "V2", "advanced_pseudo_dynamic",
                                                                  {{"tol_high", 1.0}, {"tol_low", 1.0}, {"V_pseudo", 1e-4}}), 2.0, 1e-3));
        QVERIFY2(adv.ok, adv.error.c_str());
        auto e = compareTraces(ref.trace, adv.trace);
        QVERIFY2(e[1].rrmse < 1.0, qPrintable(QString::number(e[1].rrmse)));
    }
};

QTEST_APPLESS_MAIN(TestLocalImplicit)
#include "test_local_implicit.moc"
