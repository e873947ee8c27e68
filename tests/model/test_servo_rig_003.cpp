// SPDX-License-Identifier: GPL-3.0-or-later
// examples/servo_rig_003.hydro.json (seed 003's position-servo rig, notes/003 §2.6) against hand
// calculations: (1) on a 60 mm demand step the current saturates at 250 mA and the trolley moves
// at the speed where the servo valve's two metering edges pass the actuator's displacement flow
// against the viscous load, with the supply pressure the relief valve holds for the pump flow
// left over; (2) at rest under an external force with cross-leakage across the piston, the loop
// holds the trolley off the demand by the position error whose current opens the valve just
// enough to feed the leakage (the loop's steady-state gain K1 K2 / 250 mA).
#include <QtTest>

#include <cmath>

#include "example_run.h"
#include "sim/builder.h"

using namespace hs::model;
using namespace hs::model::test;

namespace {

struct Rig {
    double A, K, Qp, pCrack, Kq, b, gain;  // gain: normalised valve command per metre of error
};

Rig rigOf(const Circuit& c) {
    auto num = [&](const char* comp, const char* p) { return c.component(comp)->num.at(p); };
    Rig r;
    r.A = num("cyl", "A1");
    r.K = num("valve", "Q_n") / std::sqrt(num("valve", "dp_n") / 2);  // per edge at full opening
    r.Qp = num("pump", "Q");
    r.pCrack = num("relief", "p_crack");
    r.Kq = num("relief", "Kq");
    r.b = num("bleed2", "b");
    r.gain = num("K1", "k") * num("K2", "k") * num("rated", "k");  // 100 V/m * 0.5 A/V / 0.25 A
    return r;
}

hs::sim::RunResult runReference(const Circuit& c) {
    const SolverConfigDoc* ref = c.reference();
    hs::sim::BuildResult b = hs::sim::build(registry(), toNetlist(c), toSolverSettings(*ref));
    if (!b.ok()) return {};
    return hs::sim::simulate(*b.system, toProbes(c), toRunOptions(c, *ref));
}

double column(const hs::sim::RunResult& r, const std::string& n, double t) {
    const int c = r.trace.column(n);
    size_t i = 0;
    while (i + 1 < r.trace.time.size() && r.trace.time[i] < t) ++i;
    return r.trace.columns[static_cast<size_t>(c)][i];
}

}  // namespace

class TestServoRig003 : public QObject {
    Q_OBJECT
private slots:
    void fileAsDescribed() {
        const LoadResult l = loadCircuit(QStringLiteral(HS_EXAMPLES_DIR "/servo_rig_003.hydro.json"), registry());
        QVERIFY2(l.ok(), qPrintable(l.errors.join('\n')));
        const Rig r = rigOf(*l.circuit);
        QCOMPARE(l.circuit->component("trolley")->num.at("m"), 50.0);    // Table 8.1's fault-free mass
        QCOMPARE(l.circuit->component("cyl")->num.at("stroke"), 0.1);
        QCOMPARE(l.circuit->component("ilimit")->num.at("upper"), 0.25);  // +-250 mA
        QCOMPARE(r.gain, 200.0);  // K1 K2 = 50 A/m; 1/(250 mA) per A
    }

    void saturatedVelocity() {
        const LoadResult l = loadCircuit(QStringLiteral(HS_EXAMPLES_DIR "/servo_rig_003.hydro.json"), registry());
        QVERIFY(l.ok());
        Circuit c = *l.circuit;
        for (auto& comp : c.components)
            if (comp.id == "demand") {  // a 60 mm step: 20 -> 80 mm at 0.1 s
                comp.type = "Step";
                comp.num = {{"before", 0.02}, {"after", 0.08}, {"t0", 0.1}};
                comp.text.clear();
            } else if (comp.id == "cyl") {
                comp.num["x0"] = 0.02;
            }
        c.duration = 0.5;
        const hs::sim::RunResult run = runReference(c);
        QVERIFY2(run.ok, run.error.c_str());
        const Rig r = rigOf(c);
        // Double-rod actuator, tank at 0: the edges P->A and B->T carry A v each, so
        // pS - pA = pB and pA - pB = b v / A; the relief holds pS = p_crack + (Qp - A v)/Kq.
        auto surplus = [&](double v) {
            const double ps = r.pCrack + (r.Qp - r.A * v) / r.Kq;
            return r.K * std::sqrt((ps - r.b * v / r.A) / 2) - r.A * v;
        };
        double lo = 0, hi = 5;
        for (int i = 0; i < 200; ++i) (surplus(0.5 * (lo + hi)) > 0 ? lo : hi) = 0.5 * (lo + hi);
        const double vHand = 0.5 * (lo + hi), psHand = r.pCrack + (r.Qp - r.A * vHand) / r.Kq;
        const double t = 0.1 + 0.5 * 0.06 / vHand;  // half way
        qInfo("saturated: v %.5f m/s (hand %.5f), ps %.6g Pa (hand %.6g), dp %.5g Pa (hand %.5g), i %.4g A",
              column(run, "v", t), vHand, column(run, "ps", t), psHand, column(run, "dp", t), r.b * vHand / r.A,
              column(run, "i", t));
        QCOMPARE(column(run, "i", t), 0.25);
        QVERIFY(std::abs(column(run, "v", t) / vHand - 1) < 2e-3);
        QVERIFY(std::abs(column(run, "ps", t) / psHand - 1) < 1e-3);
        QVERIFY(std::abs(column(run, "dp", t) / (r.b * vHand / r.A) - 1) < 1e-2);
        QVERIFY(std::abs(column(run, "x", 0.5) - 0.08) < 1e-5);  // settled on the demand (type-1 loop)
    }

    void steadyErrorUnderLoadWithLeakage() {
        const LoadResult l = loadCircuit(QStringLiteral(HS_EXAMPLES_DIR "/servo_rig_003.hydro.json"), registry());
        QVERIFY(l.ok());
        Circuit c = *l.circuit;
        const double F = 1000, L = 0.2 / 60000 / 1e5;  // 1000 N extending, 0.2 l/min/bar across the piston
        for (auto& comp : c.components) {
            if (comp.id == "demand") comp.num["period"] = 100;  // hold the first level
            if (comp.id == "extload") comp.num["F"] = F;
            if (comp.id == "cyl") comp.num["L"] = L;
        }
        c.duration = 2.0;
        const hs::sim::RunResult run = runReference(c);
        QVERIFY2(run.ok, run.error.c_str());
        const Rig r = rigOf(c);
        // At rest pA - pB = -F/A; the leakage L F/A flows B -> A, the valve (s < 0) feeds B and
        // drains A with equal edge flows, so pA + pB = pS; the pump's surplus goes over the relief.
        const double Q = L * F / r.A;
        const double ps = r.pCrack + (r.Qp - Q) / r.Kq, pA = (ps - F / r.A) / 2;
        const double s = -Q / (r.K * std::sqrt(pA));
        const double e = s / r.gain;  // u - x
        const double u = column(run, "u", 2.0), x = column(run, "x", 2.0);
        qInfo("at rest: x - u %.6g m (hand %.6g), dp %.6g Pa (hand %.6g), ps %.7g (hand %.7g)", x - u, -e,
              column(run, "dp", 2.0), -F / r.A, column(run, "ps", 2.0), ps);
        QVERIFY(std::abs((x - u) / -e - 1) < 1e-3);
        QVERIFY(std::abs(column(run, "dp", 2.0) / (-F / r.A) - 1) < 1e-4);
        QVERIFY(std::abs(column(run, "ps", 2.0) / ps - 1) < 1e-5);
    }

    // A demand switching every 80 ms has a breakpoint at 29 x 0.08 s that rounds onto itself
    // (2.32/0.08 = 28.999999999999996); CVODE once refused it as a stop time ("tstop = 2.32 is
    // behind current t = 2.32") and the run failed there (cvode_stepper.cpp, stopTime).
    void cvodePastARoundedBreakpoint() {
        const LoadResult l = loadCircuit(QStringLiteral(HS_EXAMPLES_DIR "/servo_rig_003.hydro.json"), registry());
        QVERIFY(l.ok());
        Circuit c = *l.circuit;
        for (auto& comp : c.components)
            if (comp.id == "demand") comp.num = {{"period", 0.08}, {"seed", 101}, {"min", 0.01}, {"max", 0.09}, {"delay", 0}};
        c.duration = 2.5;
        const hs::sim::RunResult run = runReference(c);
        QVERIFY2(run.ok, run.error.c_str());
        QVERIFY(run.trace.time.back() > 2.499);
    }
};

QTEST_GUILESS_MAIN(TestServoRig003)
#include "test_servo_rig_003.moc"
