// SPDX-License-Identifier: GPL-3.0-or-later
// Valve plate (core/sim/components/valve_plate*.{h,cpp}): the area function of the angle is
// symmetric, periodic, zero in the dead zones and equal to the analytic areas of its parts (the
// full kidney, the lens of the rounded ends, the V-notch); the component's flows are those of
// the area at the block's angle, conserve volume, and follow the cylinders' order.
#include <QtTest/QtTest>

#include <cmath>
#include <numbers>

#include "sim/components/valve_plate_area.h"
#include "sim_test_util.h"

using namespace hs::sim;
using namespace hs::sim::test;

namespace {

constexpr double kDeg = std::numbers::pi / 180.0;

// Hopsan's test plate: 160 degree grooves, 6 degree notches, 5 degree ends, 30 degree kidneys.
ValvePlateGeometry testPlate() {
    ValvePlateGeometry g;
    g.radius = 0.03;
    g.groove = 160 * kDeg;
    g.notchLead = g.notchTrail = 6 * kDeg;
    g.endRadius = 5 * kDeg;
    g.kidney = 30 * kDeg;
    g.notchDepth = 6 * kDeg;
    g.notchOpening = 90 * kDeg;
    return g;
}

}  // namespace

class TestValvePlate : public QObject {
    Q_OBJECT
private slots:
    void areaIsSymmetricAndContinuous() {
        const ValvePlateGeometry g = testPlate();
        QVERIFY(g.check().empty());
        const double span = g.span(), full = g.fullArea();
        double asym = 0, jump = 0;
        for (int i = 0; i <= 20000; ++i) {
            const double x = span * i / 20000.0;
            asym = std::max(asym, std::abs(g.area(x) - g.area(span - x)));
            jump = std::max(jump, std::abs(g.area(x + 1e-6) - g.area(x)));
        }
        qInfo("largest asymmetry %.3g m2, largest change over 1e-6 rad %.3g m2 (full %.6g m2)", asym, jump, full);
        QVERIFY(asym < 1e-12 * full);
        QVERIFY(jump < 1e-4 * full);  // no step anywhere (slope <= 2r*R_f per radian)
    }
    void analyticAreasAtChosenAngles() {
        const ValvePlateGeometry g = testPlate();
        const double R = g.radius, r = g.endRadius * R, L = g.kidney * R, g1 = g.notchLead * R;
        const double notchK = std::tan(45 * kDeg) * std::pow(std::tan(6 * kDeg), 2);  // tan(theta2/2) tan^2(theta1)
        // the whole kidney over the groove: a stadium of length L and width 2r
        const double kidney = std::numbers::pi * r * r + (L - 2 * r) * 2 * r;
        QCOMPARE(g.area(g.span() / 2), kidney);
        QCOMPARE(g.fullArea(), kidney);
        // halfway into the leading notch: its cross-section u^2 tan(theta2/2) tan^2(theta1)
        const double u = 0.5 * g1;
        QVERIFY(std::abs(g.area(u / R) - u * u * notchK) < 1e-15);
        // the rounded ends overlapping by r: the notch's full section plus a lens of two circles of
        // radius r, centres r apart: r^2 (2 pi/3 - sqrt(3)/2)
        const double lens = r * r * (2 * std::numbers::pi / 3 - std::sqrt(3.0) / 2);
        QVERIFY(std::abs(g.area((g1 + r) / R) - (g1 * g1 * notchK + lens)) < 1e-12 * kidney);
        // two rounded ends fully over each other: a circle
        QVERIFY(std::abs(g.area((g1 + 2 * r) / R) - (g1 * g1 * notchK + std::numbers::pi * r * r)) < 1e-12 * kidney);
        // dead zones: before the notch, after the trailing notch, through the rest of the turn
        for (double x : {-1e-9, g.span() + 1e-9, 3.6, 5.0, 2 * std::numbers::pi - 1e-9}) QCOMPARE(g.area(x), 0.0);
        QVERIFY(g.area(1e-9) > 0 && g.area(g.span() - 1e-9) > 0);
    }
    void periodicWrapAndHopsansArtefact() {
        const ValvePlateGeometry g = testPlate();
        const double offset = 179 * kDeg;  // a port edge half a turn ahead
        for (double a : {0.0, 0.3, 1.0, 2.0, 3.0, 4.0}) {
            const double x = relativePlateAngle(a, offset, AngleWrap::Periodic);
            QVERIFY(x >= 0 && x < 2 * std::numbers::pi);
            for (int k : {-3, -1, 1, 5}) {
                const double xk = relativePlateAngle(a + 2 * std::numbers::pi * k, offset, AngleWrap::Periodic);
                QVERIFY(std::abs(g.area(xk) - g.area(x)) < 1e-9 * g.fullArea());
            }
        }
        // At a = 0.1 rad the cylinder 179 degrees ahead is 181 degrees past the edge (open, inside the
        // window of 202 degrees); Hopsan's reduction leaves it at -169 degrees (closed) until a first
        // reaches the edge, and agrees with the periodic one afterwards.
        QVERIFY(g.area(relativePlateAngle(0.1, offset, AngleWrap::Periodic)) > 0);
        QVERIFY(relativePlateAngle(0.1, offset, AngleWrap::HopsanUnwrapped) < 0);
        QCOMPARE(g.area(relativePlateAngle(0.1, offset, AngleWrap::HopsanUnwrapped)), 0.0);
        for (double a : {3.2, 5.0, 9.0, 20.0})
            QVERIFY(std::abs(relativePlateAngle(a, offset, AngleWrap::HopsanUnwrapped) -
                             relativePlateAngle(a, offset, AngleWrap::Periodic)) < 1e-12);
    }
    // Two cylinders at 10 and 20 MPa, ports A and B at 1 and 2 MPa, the block at 1 rad/s: each port's
    // flow is Cq*A(x)*sqrt(2/rho)*sqrt(dp) summed over the cylinders, and what the cylinders give the
    // ports take.
    void flowsFollowTheAreaAtTheAngle() {
        const double w = 1.0, cq = 0.67, rho = 870.0, thetaA = -1 * kDeg;
        const double pc[2] = {1e7, 2e7}, pA = 1e6, pB = 2e6;
        Netlist n;
        n.components = {comp("ValvePlate", "plate",
                             {{"R_f", 0.03}, {"phi_P", 160 * kDeg}, {"phi_1", 6 * kDeg}, {"phi_2", 6 * kDeg},
                              {"delta", 5 * kDeg}, {"alpha_f", 30 * kDeg}, {"theta_1", 6 * kDeg}, {"theta_2", 90 * kDeg},
                              {"theta_A", thetaA}, {"Cq", cq}, {"rho", rho}}),
                        comp("Constant", "speed", {{"value", w}}),
                        comp("PressureSource", "cyl1", {{"p", pc[0]}}), comp("PressureSource", "cyl2", {{"p", pc[1]}}),
                        comp("PressureSource", "portA", {{"p", pA}}), comp("PressureSource", "portB", {{"p", pB}})};
        n.wires = {wire("speed", "out", "plate", "w"), wire("cyl1", "P", "plate", "c1"), wire("cyl2", "P", "plate", "c2"),
                   wire("portA", "P", "plate", "A"), wire("portB", "P", "plate", "B")};
        RunResult r = buildAndRun(n,
                                  {{"qA", "flow", "plate.A"}, {"qB", "flow", "plate.B"}, {"q1", "flow", "plate.c1"},
                                   {"q2", "flow", "plate.c2"}, {"angle", "signal", "plate.angle"}},
                                  runOptions(solver("rk4", 1e-3), 7.0, 1e-2));
        QVERIFY2(r.ok, r.error.c_str());
        const ValvePlateGeometry g = testPlate();
        const double k = cq * std::sqrt(2.0 / rho);
        double worst = 0, balance = 0, scale = 0;
        const auto& c = r.trace.columns;
        for (size_t i = 0; i < r.trace.time.size(); ++i) {
            const double a = c[4][i];
            double qA = 0, qB = 0;
            for (int cyl = 0; cyl < 2; ++cyl) {
                const double pos = std::numbers::pi * cyl;
                qA += k * g.area(relativePlateAngle(a, pos + thetaA, AngleWrap::Periodic)) * std::sqrt(pc[cyl] - pA);
                qB += k * g.area(relativePlateAngle(a, pos + thetaA + std::numbers::pi, AngleWrap::Periodic)) * std::sqrt(pc[cyl] - pB);
            }
            scale = std::max(scale, std::abs(qA));
            worst = std::max({worst, std::abs(-c[0][i] - qA), std::abs(-c[1][i] - qB)});
            balance = std::max(balance, std::abs(c[0][i] + c[1][i] + c[2][i] + c[3][i]));
            QVERIFY(std::abs(a - w * r.trace.time[i]) < 1e-9);
        }
        qInfo("largest port flow %.6g m3/s, deviation from the area law %.3g, volume balance %.3g", scale, worst, balance);
        QVERIFY(scale > 1e-3);
        QVERIFY(worst < 1e-12 * scale);
        QVERIFY(balance < 1e-15 * scale);
    }
    // Ports A and B into 1 l volumes drained by laminar orifices: between windows the circuit sits
    // at a steady state, and a turn later it looks the same; an adaptive stepper must still stop at
    // every window (the plate announces the edges as breakpoints). CVODE against RK4 at 1e-4 s
    // over three turns.
    void adaptiveStepperSeesEveryWindow() {
        Netlist n;
        n.components = {comp("ValvePlate", "plate", {{"theta_A", -1 * kDeg}, {"rho", 890.0}}),
                        comp("Constant", "speed", {{"value", 1.0}}),
                        comp("PressureSource", "cyl1", {{"p", 1e7}}), comp("PressureSource", "cyl2", {{"p", 2e7}}),
                        comp("Volume", "VA", {{"V", 1e-3}, {"p0", 1e5}}), comp("Volume", "VB", {{"V", 1e-3}, {"p0", 1e5}}),
                        comp("LaminarOrifice", "oA", {{"G", 1e-10}}), comp("LaminarOrifice", "oB", {{"G", 1e-10}}),
                        comp("Tank", "tA", {{"p", 1e5}}), comp("Tank", "tB", {{"p", 1e5}})};
        n.wires = {wire("speed", "out", "plate", "w"), wire("cyl1", "P", "plate", "c1"), wire("cyl2", "P", "plate", "c2"),
                   wire("plate", "A", "VA", "P1"), wire("plate", "B", "VB", "P1"), wire("VA", "P2", "oA", "A"),
                   wire("VB", "P2", "oB", "A"), wire("oA", "B", "tA", "P"), wire("oB", "B", "tB", "P")};
        const std::vector<ProbeSpec> probes = {{"pA", "pressure", "VA.P1"}, {"pB", "pressure", "VB.P1"}};
        RunResult ref = buildAndRun(n, probes, runOptions(solver("rk4", 1e-4), 20.0, 1e-2));
        RunResult cv = buildAndRun(n, probes, runOptions(solver("cvode", 0.0, 1e-8, 1e-8), 20.0, 1e-2));
        QVERIFY2(ref.ok, ref.error.c_str());
        QVERIFY2(cv.ok, cv.error.c_str());
        QCOMPARE(cv.trace.time.size(), ref.trace.time.size());
        double worst = 0;
        for (int c = 0; c < 2; ++c)
            for (size_t i = 0; i < ref.trace.time.size(); ++i)
                worst = std::max(worst, std::abs(cv.trace.columns[c][i] / ref.trace.columns[c][i] - 1.0));
        qInfo("CVODE against RK4 1e-4 s over 20 s: largest relative difference %.3g", worst);
        QVERIFY(worst < 1e-3);
    }
    void refusesGapsInTheCylinders() {
        Netlist n;
        n.components = {comp("ValvePlate", "plate"), comp("Constant", "speed", {{"value", 1.0}}),
                        comp("PressureSource", "cyl", {{"p", 1e7}}), comp("PressureSource", "pa", {{"p", 1e5}}),
                        comp("PressureSource", "pb", {{"p", 1e5}})};
        n.wires = {wire("speed", "out", "plate", "w"), wire("cyl", "P", "plate", "c2"), wire("pa", "P", "plate", "A"),
                   wire("pb", "P", "plate", "B")};
        std::string err;
        RunResult r = buildAndRun(n, {}, runOptions(solver("rk4", 1e-3), 0.01, 1e-3), &err);
        QVERIFY(!r.ok);
        QVERIFY2(err.find("c2 is connected but c1 is not") != std::string::npos, err.c_str());
    }
};

QTEST_APPLESS_MAIN(TestValvePlate)
#include "test_valve_plate.moc"
