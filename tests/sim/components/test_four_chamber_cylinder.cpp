// SPDX-License-Identifier: GPL-3.0-or-later
// Four-chamber cylinder and force sensor: with the four chambers held at pressures the rod
// force is p_A*A_A - p_B*A_B + p_C*A_C - p_D*A_D (read by a ForceSensor on the rod) and a
// viscous load settles at v = F/b; fed a flow at A with the others at tank, the rod settles at
// v = Q/A_A (continuity through the variable chamber volume).
#include <QtTest/QtTest>

#include "sim_test_util.h"

using namespace hs::sim;
using namespace hs::sim::test;

namespace {

constexpr double kAa = 1e-3, kAb = 5e-4, kAc = 2e-4, kAd = 1e-4, kB = 1000.0;

Netlist cylinderOnViscousLoad(std::map<std::string, double> sourcePressure, double flowIntoA) {
    Netlist n;
    n.components = {comp("FourChamberCylinder", "cyl",
                         {{"A_A", kAa}, {"A_B", kAb}, {"A_C", kAc}, {"A_D", kAd}, {"stroke", 100.0}, {"x0", 1.0},
                          {"V_dead_A", 1e-4}, {"V_dead_B", 1e-4}, {"V_dead_C", 1e-4}, {"V_dead_D", 1e-4},
                          {"pA0", 1e5}, {"pB0", 1e5}, {"pC0", 1e5}, {"pD0", 1e5}}),
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
};

QTEST_GUILESS_MAIN(TestFourChamberCylinder)
#include "test_four_chamber_cylinder.moc"
