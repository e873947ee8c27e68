// SPDX-License-Identifier: GPL-3.0-or-later
// Four-chamber cylinder and force sensor: with the four chambers held at pressures the rod
// force is p_A*A_A - p_B*A_B + p_C*A_C - p_D*A_D (read by a ForceSensor on the rod) and a
// viscous load settles at v = F/b; fed a flow at A with the others at tank, the rod settles at
// v = Q/A_A (continuity through the variable chamber volume).
// Form "Hopsan C-type chambers at the step": a chamber fed by a pressure source that steps away
// from its start pressure reproduces the exact discrete response of the three-port TLM chamber
// (a linear two-wave recurrence through alpha); with the chambers held, the rod force settles
// at the same sum as the continuous form's; under CVODE it is the continuous sum; a chamber
// node with neither a source nor a volume is refused.
#include <QtTest/QtTest>

#include "sim_test_util.h"

using namespace hs::sim;
using namespace hs::sim::test;

namespace {

constexpr double kAa = 1e-3, kAb = 5e-4, kAc = 2e-4, kAd = 1e-4, kB = 1000.0;

Netlist cylinderOnViscousLoad(std::map<std::string, double> sourcePressure, double flowIntoA, bool hopsanForm = false) {
    Netlist n;
    n.components = {comp("FourChamberCylinder", "cyl",
                         {{"A_A", kAa}, {"A_B", kAb}, {"A_C", kAc}, {"A_D", kAd}, {"stroke", 100.0}, {"x0", 1.0},
                          {"V_dead_A", 1e-4}, {"V_dead_B", 1e-4}, {"V_dead_C", 1e-4}, {"V_dead_D", 1e-4},
                          {"pA0", 1e5}, {"pB0", 1e5}, {"pC0", 1e5}, {"pD0", 1e5}},
                         {{"form", hopsanForm ? "Hopsan C-type chambers at the step" : "continuous"}}),
                    comp("Mass", "load", {{"m", 10.0}, {"b", kB}}),
                    comp("ForceSensor", "force", {}, {{"port", "cyl.rod"}})};
    n.wires = {wire("cyl", "rod", "load", "m")};
    for (const auto& [port, p] : sourcePressure) {
        n.components.push_back(comp("PressureSource", "src" + port, {{"p", p}}));
        n.wires.push_back(wire("src" + port, "P", "cyl", port));
    }
    if (flowIntoA > 0) {
        n.components.push_back(comp("FlowSource", "pump", {{"Q", flowIntoA}}));
        n.wires.push_back(wire("pump", "P", "cyl", "A"));
    }
    return n;
}

// Hopsan form: chamber A (V = A_A x0 + V_dead = 1e-3 m3, Be 1e9) fed by a pressure source at p
// from the start pressure p0, the other chambers fed at their start pressure 0 (their waves
// stay there), the rod held by a 1e9 kg mass.
Netlist heldChamberFedBySource(double p, double p0, double alpha) {
    Netlist n;
    n.components = {comp("FourChamberCylinder", "cyl",
                         {{"A_A", kAa}, {"A_B", kAb}, {"A_C", kAc}, {"A_D", kAd}, {"stroke", 1.0}, {"x0", 0.5},
                          {"V_dead_A", 5e-4}, {"V_dead_B", 1e-4}, {"V_dead_C", 1e-4}, {"V_dead_D", 1e-4},
                          {"pA0", p0}, {"pB0", 0.0}, {"pC0", 0.0}, {"pD0", 0.0}, {"alpha", alpha}, {"Be", 1e9}},
                         {{"form", "Hopsan C-type chambers at the step"}}),
                    comp("Mass", "load", {{"m", 1e9}}), comp("PressureSource", "src", {{"p", p}}),
                    comp("ForceSensor", "force", {}, {{"port", "cyl.rod"}})};
    n.wires = {wire("cyl", "rod", "load", "m"), wire("src", "P", "cyl", "A")};
    for (const char* port : {"B", "C", "D"}) {
        n.components.push_back(comp("PressureSource", std::string("src") + port, {{"p", 0.0}}));
        n.wires.push_back(wire(std::string("src") + port, "P", "cyl", port));
    }
    return n;
}

}  // namespace

class TestFourChamberCylinder : public QObject {
    Q_OBJECT
private slots:
    void forceOfFourChambers() {
        const double pa = 4e6, pb = 1e6, pc = 2e6, pd = 3e6;
        const double f = pa * kAa - pb * kAb + pc * kAc - pd * kAd;  // 3600 N
        Netlist n = cylinderOnViscousLoad({{"A", pa}, {"B", pb}, {"C", pc}, {"D", pd}}, 0.0);
        RunResult r = buildAndRun(n, {{"F", "signal", "force.F"}, {"v", "velocity", "load.m"}},
                                  runOptions(solver("rk4", 1e-5), 0.2, 1e-3));
        QVERIFY2(r.ok, r.error.c_str());
        qInfo("rod force %.9g N (expected %.9g), v %.9g m/s (F/b %.9g)", r.trace.columns[0].back(), f,
              r.trace.columns[1].back(), f / kB);
        QVERIFY(std::abs(r.trace.columns[0].back() - f) < 1e-9 * f);
        QVERIFY(std::abs(r.trace.columns[1].back() / (f / kB) - 1.0) < 1e-6);
    }
    void flowDrivesTheRod() {
        const double q = 1e-4;
        Netlist n = cylinderOnViscousLoad({{"B", 1e5}, {"C", 1e5}, {"D", 1e5}}, q);
        RunResult r = buildAndRun(n, {{"v", "velocity", "load.m"}}, runOptions(solver("rk4", 1e-5), 0.5, 1e-3));
        QVERIFY2(r.ok, r.error.c_str());
        qInfo("v %.9g m/s (Q/A_A %.9g)", r.trace.columns[0].back(), q / kAa);
        QVERIFY(std::abs(r.trace.columns[0].back() / (q / kAa) - 1.0) < 1e-6);
    }
    // The chamber's three ports (external e, piston i, leakage l) carry the waves; with the rod
    // still and no leakage, c_i = c_l and the deviations d = c_i - p, e = c_e - p of the waves
    // from the source pressure p follow, once per step (p_mean - p = (2d - e)/3):
    //   d' = alpha d + (1 - alpha)(d/3 - 2e/3),   e' = alpha e + (1 - alpha)(4d/3 + e/3)
    // from d_0 = e_0 = p0 - p (Hopsan's start values). The waves formed at t_n are held over
    // [t_n, t_n+1]: the rod force recorded at t_n is A_A (p + d_n); a sensor sampling the previous
    // step (Hopsan's) gives A_A (p + d_n-2) from t_2 on, the start force before. Eigenvalues
    // alpha + (1 - alpha)/3 +- i (1 - alpha) sqrt(8)/3: a ringing decay (|lambda| = 0.938 at
    // alpha = 0.1), as Hopsan's chambers ring after a pressure step.
    void hopsanChamberStepResponse() {
        for (double alpha : {0.1, 0.3}) {
            const double p = 5e6, p0 = 4e6, dt = 1e-5;
            const int steps = 60;
            Netlist n = heldChamberFedBySource(p, p0, alpha);
            n.components.push_back(comp("ForceSensor", "sampled", {}, {{"port", "cyl.rod"}, {"sampling", "previous step"}}));
            RunResult r = buildAndRun(n, {{"F", "signal", "force.F"}, {"Fs", "signal", "sampled.F"}},
                                      runOptions(solver("rk4", dt), steps * dt, dt));
            QVERIFY2(r.ok, r.error.c_str());
            const auto& f = r.trace.columns[0];
            const auto& fs = r.trace.columns[1];
            QCOMPARE(static_cast<int>(f.size()), steps + 1);
            std::vector<double> expected;
            double d = p0 - p, e = p0 - p;
            const double a = alpha + (1 - alpha) / 3, b = 2 * (1 - alpha) / 3, c = 4 * (1 - alpha) / 3;
            for (int k = 0; k <= steps; ++k) {
                expected.push_back(kAa * (p + d));
                const double dn = a * d - b * e, en = c * d + a * e;
                d = dn;
                e = en;
            }
            double worst = 0, worstSampled = 0, swing = 0;
            for (int k = 0; k <= steps; ++k) {
                const size_t i = static_cast<size_t>(k);
                worst = std::max(worst, std::abs(f[i] - expected[i]));
                worstSampled = std::max(worstSampled, std::abs(fs[i] - expected[k < 2 ? 0 : i - 2]));
                swing = std::max(swing, std::abs(expected[i] - kAa * p));
            }
            qInfo("alpha %.1f: largest |F - A_A (p + d_n)| %.3g N, sampled %.3g N over %d steps (swing %.4g N, final %.6g N)",
                  alpha, worst, worstSampled, steps, swing, f.back());
            QVERIFY(swing > 0.5 * kAa * (p - p0));  // the response does move
            QVERIFY(worst < 1e-9 * kAa * p);
            QVERIFY(worstSampled < 1e-9 * kAa * p);
        }
    }
    // Held chambers and a viscous load: the waves settle and the rod force is the continuous
    // form's sum (within 3e-7 here, while the chambers' volumes and so their Z change every step).
    void hopsanFormSettlesAtTheSum() {
        const double pa = 4e6, pb = 1e6, pc = 2e6, pd = 3e6;
        const double f = pa * kAa - pb * kAb + pc * kAc - pd * kAd;  // 3600 N
        Netlist n = cylinderOnViscousLoad({{"A", pa}, {"B", pb}, {"C", pc}, {"D", pd}}, 0.0, true);
        RunResult r = buildAndRun(n, {{"F", "signal", "force.F"}, {"v", "velocity", "load.m"}},
                                  runOptions(solver("rk4", 1e-5), 0.2, 1e-3));
        QVERIFY2(r.ok, r.error.c_str());
        qInfo("Hopsan form: rod force %.9g N (sum %.9g), v %.9g m/s (F/b %.9g)", r.trace.columns[0].back(), f,
              r.trace.columns[1].back(), f / kB);
        QVERIFY(std::abs(r.trace.columns[0].back() / f - 1.0) < 1e-6);
        QVERIFY(std::abs(r.trace.columns[1].back() / (f / kB) - 1.0) < 1e-6);
    }
    // Under an adaptive stepper the Hopsan form is the sum of the nodes' pressures.
    void hopsanFormUnderCvodeIsTheSum() {
        const double pa = 4e6, pb = 1e6, pc = 2e6, pd = 3e6;
        const double f = pa * kAa - pb * kAb + pc * kAc - pd * kAd;
        Netlist n = cylinderOnViscousLoad({{"A", pa}, {"B", pb}, {"C", pc}, {"D", pd}}, 0.0, true);
        RunResult r = buildAndRun(n, {{"F", "signal", "force.F"}}, runOptions(solver("cvode", 1e-5), 0.05, 1e-3));
        QVERIFY2(r.ok, r.error.c_str());
        QVERIFY(std::abs(r.trace.columns[0].back() - f) < 1e-9 * f);
    }
    // In the Hopsan form the chambers are the component's own, not their nodes' capacitance: a
    // chamber node with neither a source nor a volume has none.
    void hopsanFormNeedsNodeCapacitance() {
        Netlist n = cylinderOnViscousLoad({{"B", 1e5}, {"C", 1e5}, {"D", 1e5}}, 1e-4, true);
        std::string error;
        RunResult r = buildAndRun(n, {{"v", "velocity", "load.m"}}, runOptions(solver("rk4", 1e-5), 0.01, 1e-3), &error);
        QVERIFY(!r.ok);
        QVERIFY2(error.find("has no volume") != std::string::npos, error.c_str());
    }
};

QTEST_GUILESS_MAIN(TestFourChamberCylinder)
#include "test_four_chamber_cylinder.moc"
