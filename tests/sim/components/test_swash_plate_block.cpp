// SPDX-License-Identifier: GPL-3.0-or-later
// SwashPlateCylinderBlock (core/sim/components/swash_plate_block.cpp): the shaft under a constant
// torque against its friction (closed form) with the pistons on the plate's kinematics exactly,
// the energy balance with loaded pistons and a piston mass (virtual work and the Lagrange terms),
// the same under RK4 converging at fourth order, the Hopsan discrete form's recursion and its
// pistons a step behind, and the port checks.
#include <QtTest/QtTest>

#include <cmath>

#include "sim/analytic_jacobian.h"
#include "sim/coloured_jacobian.h"
#include "sim_test_util.h"

using namespace hs::sim;
using namespace hs::sim::test;

namespace {

constexpr double kJ = 0.1, kB = 10.0, kR = 0.05, kBeta = 0.1, kT = 100.0;
const double kS = kR * std::tan(kBeta);

// Block with `pistons` pistons, each loaded by a ForceSource of force f[i] (and a Mass m on p1
// when m > 0), torque kT on the shaft.
Netlist blockNet(int pistons, const std::vector<double>& f, double b, double m, const std::string& form, double offset = 0.3) {
    Netlist n;
    n.components = {comp("SwashPlateCylinderBlock", "blk", {{"J", kJ}, {"B", b}, {"r", kR}, {"angle", kBeta}, {"theta_offset", offset}, {"x0", 0.02}},
                         {{"form", form}}),
                    comp("TorqueSource", "drive", {{"T", kT}})};
    n.wires = {wire("drive", "shaft", "blk", "shaft")};
    for (int i = 0; i < pistons; ++i) {
        const std::string id = "load" + std::to_string(i + 1), port = "p" + std::to_string(i + 1);
        n.components.push_back(comp("ForceSource", id, {{"F", f[static_cast<size_t>(i)]}}));
        n.wires.push_back(wire("blk", port, id, "m"));
    }
    if (m > 0) {
        n.components.push_back(comp("Mass", "piston_mass", {{"m", m}}));
        n.wires.push_back(wire("blk", "p1", "piston_mass", "m"));
    }
    return n;
}

std::vector<ProbeSpec> blockProbes(int pistons) {
    std::vector<ProbeSpec> p = {{"theta", "angle", "blk.shaft"}, {"w", "speed", "blk.shaft"}};
    for (int i = 1; i <= pistons; ++i) {
        p.push_back({"x" + std::to_string(i), "position", "blk.p" + std::to_string(i)});
        p.push_back({"v" + std::to_string(i), "velocity", "blk.p" + std::to_string(i)});
    }
    return p;
}

double phase(double theta, int i, int n, double offset) { return theta + offset + 2.0 * M_PI * i / n; }

// 1/2 J w^2 + 1/2 m v1^2 - (T theta + sum F_i (x_i - x_i(0))): zero for B = 0 (conservative loads).
double energyError(const Trace& tr, size_t k, const std::vector<double>& f, double m) {
    const double theta = tr.columns[0][k], w = tr.columns[1][k];
    double e = 0.5 * kJ * w * w + 0.5 * m * tr.columns[3][k] * tr.columns[3][k] - kT * theta;
    for (size_t i = 0; i < f.size(); ++i) e -= f[i] * (tr.columns[2 + 2 * i][k] - tr.columns[2 + 2 * i][0]);
    return e;
}

}  // namespace

class TestSwashPlateBlock : public QObject {
    Q_OBJECT
private slots:
    // Free pistons: J w' = T - B w, w = (T/B)(1 - e^(-t B/J)); the pistons at x0 - s sin(phi_i), v_i = -s cos(phi_i) w.
    void constantTorqueClosedForm() {
        for (const char* stepper : {"cvode", "rosw3"}) {
            const SolverSettings s = solver(stepper, 1e-4, 1e-10, 1e-10);
            RunResult r = buildAndRun(blockNet(3, {0, 0, 0}, kB, 0.0, "continuous"), blockProbes(3), runOptions(s, 0.2, 0.01));
            QVERIFY2(r.ok, r.error.c_str());
            const Trace& tr = r.trace;
            for (size_t k = 0; k < tr.time.size(); ++k) {
                const double t = tr.time[k], tau = kJ / kB, w = kT / kB * (1 - std::exp(-t / tau)),
                             theta = kT / kB * (t - tau * (1 - std::exp(-t / tau)));
                QVERIFY2(std::abs(tr.columns[1][k] - w) < 1e-6, qPrintable(QString("%1 t %2: w %3, expected %4").arg(stepper).arg(t).arg(tr.columns[1][k]).arg(w)));
                QVERIFY2(std::abs(tr.columns[0][k] - theta) < 1e-7, qPrintable(QString("%1 t %2: theta %3").arg(stepper).arg(t).arg(tr.columns[0][k])));
                for (int i = 0; i < 3; ++i) {  // exactly the kinematics of the block's own angle
                    const double phi = phase(tr.columns[0][k], i, 3, 0.3);
                    QVERIFY(std::abs(tr.columns[2 + 2 * size_t(i)][k] - (0.02 - kS * std::sin(phi))) < 1e-14);
                    QVERIFY(std::abs(tr.columns[3 + 2 * size_t(i)][k] + kS * std::cos(phi) * tr.columns[1][k]) < 1e-13);
                }
            }
        }
    }

    // Loaded pistons (constant forces, one piston with a 2 kg mass), B = 0: the work of the torque and the
    // piston forces is the kinetic energy of the block and the mass (the torque the block takes back,
    // sum F_i dx_i/dtheta, and the mass's angle-dependent inertia and centripetal term are right).
    void energyBalanceWithLoadsAndMass() {
        const std::vector<double> f = {-300.0, 150.0, 40.0, -80.0, 500.0};
        const double m = 2.0;
        const SolverSettings s = solver("cvode", 1e-4, 1e-11, 1e-11);
        RunResult r = buildAndRun(blockNet(5, f, 0.0, m, "continuous"), blockProbes(5), runOptions(s, 1.0, 0.01));
        QVERIFY2(r.ok, r.error.c_str());
        double worst = 0;
        for (size_t k = 0; k < r.trace.time.size(); ++k) worst = std::max(worst, std::abs(energyError(r.trace, k, f, m)));
        const double ke = 0.5 * kJ * r.trace.columns[1].back() * r.trace.columns[1].back();
        QVERIFY2(ke > 1e3, qPrintable(QString::number(ke)));  // it did spin up
        QVERIFY2(worst < 1e-6 * ke, qPrintable(QString("energy error %1 J of %2 J").arg(worst).arg(ke)));
    }

    // The same under RK4: the energy error falls by ~16 per halving of the step (fourth order), so the
    // block's second evaluation gives every stage its own loads.
    void rk4ConvergesAtFourthOrder() {
        const std::vector<double> f = {-300.0, 150.0, 40.0};
        const double m = 2.0;
        double err[2];
        for (int h = 0; h < 2; ++h) {
            const double dt = h == 0 ? 5e-4 : 2.5e-4;
            RunResult r = buildAndRun(blockNet(3, f, 0.0, m, "continuous"), blockProbes(3), runOptions(solver("rk4", dt), 1.0, 0.1));
            QVERIFY2(r.ok, r.error.c_str());
            err[h] = std::abs(energyError(r.trace, r.trace.time.size() - 1, f, m));
        }
        const double ratio = err[0] / err[1];
        qInfo("energy errors %g, %g: ratio %g", err[0], err[1], ratio);
        QVERIFY2(ratio > 12.0 && ratio < 20.0, qPrintable(QString("errors %1, %2: ratio %3").arg(err[0]).arg(err[1]).arg(ratio)));
    }

    // Hopsan discrete at the step, free pistons, at rk4's fixed step: from the start torque as the
    // filter's previous input, w_n = (T/B)(1 - rho^n), rho = (2J - B dt)/(2J + B dt) (the trapezoidal
    // rule); the pistons at the angle of the step before; t0 keeps the start values.
    void hopsanDiscreteRecursion() {
        const double dt = 1e-3;
        BuildResult b = build(registry(), blockNet(2, {0, 0}, kB, 0.0, "Hopsan discrete at the step", 0.0), solver("rk4", dt));
        QVERIFY2(b.ok(), b.errorText().c_str());
        RunResult r = simulate(*b.system, blockProbes(2), runOptions(solver("rk4", dt), 0.05, dt));
        QVERIFY2(r.ok, r.error.c_str());
        const Trace& tr = r.trace;
        const double rho = (2 * kJ - kB * dt) / (2 * kJ + kB * dt);
        QCOMPARE(tr.columns[1][0], 0.0);
        for (size_t n = 1; n < tr.time.size(); ++n) {
            const double w = kT / kB * (1 - std::pow(rho, double(n)));
            QVERIFY2(std::abs(tr.columns[1][n] - w) < 1e-12 * kT / kB, qPrintable(QString("step %1: w %2, expected %3").arg(n).arg(tr.columns[1][n]).arg(w)));
            const double thetaBefore = tr.columns[0][n - 1];
            QVERIFY(std::abs(tr.columns[2][n] - (0.02 - kS * std::sin(thetaBefore))) < 1e-15);
            QVERIFY(std::abs(tr.columns[3][n] + kS * std::cos(thetaBefore) * tr.columns[1][n]) < 1e-14);
        }
        // under an adaptive stepper the continuous form runs (the closed form of the first test)
        RunResult c = buildAndRun(blockNet(2, {0, 0}, kB, 0.0, "Hopsan discrete at the step"), blockProbes(2),
                                  runOptions(solver("cvode", 1e-4, 1e-10, 1e-10), 0.1, 0.1));
        QVERIFY2(c.ok, c.error.c_str());
        QVERIFY(std::abs(c.trace.columns[1].back() - kT / kB * (1 - std::exp(-0.1 * kB / kJ))) < 1e-6);
    }

    // The analytic Jacobian (the block's numeric partials chained through its loads: springs on the
    // pistons, so the torque depends on the angle through the loads) equals the dense difference
    // quotient of the whole right-hand side; the block's second evaluation must not count twice.
    void analyticJacobianThroughTheLoads() {
        Netlist n = blockNet(3, {-300.0, 150.0, 40.0}, kB, 2.0, "continuous");
        for (int i = 1; i <= 3; ++i) {
            n.components.push_back(comp("Spring", "spring" + std::to_string(i), {{"k", 2e4 * i}, {"x_free", 0.01}}));
            n.wires.push_back(wire("blk", "p" + std::to_string(i), "spring" + std::to_string(i), "m"));
        }
        BuildResult b = build(registry(), n, solver("rosw3", 1e-4));
        QVERIFY2(b.ok(), b.errorText().c_str());
        System& sys = *b.system;
        QCOMPARE(QString::fromStdString(AnalyticJacobian::unsupportedReason(sys)), QString());
        const int ns = sys.stateCount();
        QCOMPARE(ns, 2);  // theta and w: the driven nodes have none
        std::vector<double> y = {0.7, 12.0}, f0(2), ja(4), jd(4);
        AnalyticJacobian a;
        a.setUp(sys);
        QCOMPARE(a.evaluate(sys, 0.0, y.data(), ja.data(), ns), 1);
        sys.rhs(0.0, y.data(), f0.data());
        ColouredJacobian::evaluateDense(sys, 0.0, y.data(), f0.data(), jd.data(), ns);
        for (int k = 0; k < 4; ++k)
            QVERIFY2(std::abs(ja[size_t(k)] - jd[size_t(k)]) <= 1e-5 * std::abs(jd[size_t(k)]) + 1e-9,
                     qPrintable(QString("entry %1: analytic %2, differences %3").arg(k).arg(ja[size_t(k)]).arg(jd[size_t(k)])));
        QVERIFY(std::abs(jd[1]) > 1.0);  // d w'/d theta: the springs through the kinematics
    }

    void refusesGapsAndAnOpenShaft() {
        Netlist n = blockNet(2, {0, 0}, kB, 0.0, "continuous");
        n.wires[2] = wire("blk", "p3", "load2", "m");  // p1, p3: p2 open
        BuildResult b = build(registry(), n, solver("rk4", 1e-3));
        QVERIFY(!b.ok());
        QVERIFY2(b.errorText().find("p2 is open but p3 is connected") != std::string::npos, b.errorText().c_str());
    }
};

QTEST_GUILESS_MAIN(TestSwashPlateBlock)
#include "test_swash_plate_block.moc"
