// SPDX-License-Identifier: GPL-3.0-or-later
// Rotational mechanics (core/sim/components/rotational.cpp, rotational_sensors.cpp): analytic
// checks, and the refusal of a wire between a rotational and a translational port.
#include <QtTest>

#include "sim_test_util.h"

using namespace hs::sim;
using namespace hs::sim::test;

namespace {

double at(const RunResult& r, const std::string& column, double t) { return interpolate(r.trace, r.trace.column(column), t); }

}  // namespace

class TestRotational : public QObject {
    Q_OBJECT
private slots:
    // J dw/dt = T: from rest, w = T t / J and theta = T t^2 / (2 J).
    void constantTorqueSpinsUpInertia() {
        Netlist n;
        n.components = {comp("RotationalInertia", "J", {{"J", 0.5}}), comp("TorqueSource", "T", {{"T", 20.0}})};
        n.wires = {wire("J", "shaft", "T", "shaft")};
        RunResult r = buildAndRun(n, {{"w", "speed", "J.shaft"}, {"a", "angle", "J.shaft"}, {"T", "torque", "T.shaft"}},
                                  runOptions(solver("rk4", 1e-3), 2.0, 0.01));
        QVERIFY2(r.ok, r.error.c_str());
        QVERIFY(std::abs(at(r, "w", 2.0) - 20.0 * 2.0 / 0.5) < 1e-9);
        QVERIFY(std::abs(at(r, "a", 2.0) - 20.0 * 4.0 / 1.0) < 1e-9);
        QCOMPARE(at(r, "T", 1.0), 20.0);
        QCOMPARE(r.trace.units[r.trace.column("w")], std::string("rad/s"));
        QCOMPARE(r.trace.units[r.trace.column("a")], std::string("rad"));
    }

    // Two inertias on a torsion shaft, a step torque T on the first: the shaft torque is
    // T J2/(J1 + J2) (1 - cos(w_n t)), w_n = sqrt(k (J1 + J2)/(J1 J2)); with damping c it settles.
    void shaftNaturalFrequency() {
        const double j1 = 0.2, j2 = 0.3, k = 500.0, t = 6.0;
        const double wn = std::sqrt(k * (j1 + j2) / (j1 * j2));
        Netlist n;
        n.components = {comp("RotationalInertia", "J1", {{"J", j1}}), comp("RotationalInertia", "J2", {{"J", j2}}),
                        comp("TorsionShaft", "S", {{"k", k}, {"c", 0.0}}), comp("TorqueSource", "drive", {{"T", t}})};
        n.wires = {wire("J1", "shaft", "S", "a"), wire("S", "b", "J2", "shaft"), wire("drive", "shaft", "J1", "shaft")};
        RunResult r = buildAndRun(n, {{"Ts", "torque", "S.b"}}, runOptions(solver("rk4", 1e-5), 1.0, 1e-3));
        QVERIFY2(r.ok, r.error.c_str());
        double worst = 0;
        for (size_t i = 0; i < r.trace.time.size(); ++i) {
            const double ts = r.trace.time[i];
            worst = std::max(worst, std::abs(r.trace.columns[0][i] - t * j2 / (j1 + j2) * (1 - std::cos(wn * ts))));
        }
        QVERIFY2(worst < 1e-6 * t, qPrintable(QString("largest deviation %1 N m").arg(worst)));
    }

    // A gear of ratio n: at steady speed the output turns n times slower; the power put in at a
    // equals the power taken at b plus what the mesh damping dissipates (0 at steady state).
    void gearRatioAndEnergyBalance() {
        const double ratio = 4.0;
        Netlist n;
        n.components = {comp("RotationalInertia", "Jin", {{"J", 0.01}}), comp("TorqueSource", "drive", {{"T", 10.0}}),
                        comp("Gear", "G", {{"ratio", ratio}, {"k", 1e4}, {"c", 5.0}}),
                        comp("RotationalInertia", "Jout", {{"J", 0.2}, {"B", 2.0}}),
                        comp("PowerSensor", "Pin", {}, {{"port", "G.a"}}), comp("PowerSensor", "Pout", {}, {{"port", "G.b"}})};
        n.wires = {wire("drive", "shaft", "Jin", "shaft"), wire("Jin", "shaft", "G", "a"), wire("G", "b", "Jout", "shaft"),
                   wire("Pin", "shaft", "Jin", "shaft"), wire("Pout", "shaft", "Jout", "shaft")};
        RunResult r = buildAndRun(n, {{"win", "speed", "Jin.shaft"}, {"wout", "speed", "Jout.shaft"}, {"pin", "signal", "Pin.P"},
                                      {"pout", "signal", "Pout.P"}, {"Tb", "torque", "G.b"}},
                                  runOptions(solver("rk4", 1e-4), 3.0, 0.01));
        QVERIFY2(r.ok, r.error.c_str());
        const double win = at(r, "win", 3.0), wout = at(r, "wout", 3.0);
        QVERIFY2(std::abs(win / wout - ratio) < 1e-6 * ratio, qPrintable(QString("ratio %1").arg(win / wout)));
        // steady state: Tb = B*wout = n*T_drive
        QVERIFY(std::abs(at(r, "Tb", 3.0) - ratio * 10.0) < 1e-4 * ratio * 10.0);
        // the gear takes power -pin at a and gives pout at b: lossless at steady state
        QVERIFY2(std::abs(-at(r, "pin", 3.0) - at(r, "pout", 3.0)) < 1e-5 * at(r, "pout", 3.0),
                 qPrintable(QString("in %1 out %2").arg(-at(r, "pin", 3.0)).arg(at(r, "pout", 3.0))));
    }

    // form "Hopsan TLM at the step": the mesh spring as a TLM element (Hopsan's MechanicRotShaft).
    // At steady state it carries the continuous gear's ratio and torque exactly; the power it
    // takes at a equals what it gives at b (its only losses are transient, numerical).
    void gearTlmSteadyRatioAndTorque() {
        const double ratio = -4.0;
        Netlist n;
        n.components = {comp("RotationalInertia", "Jin", {{"J", 0.01}}), comp("TorqueSource", "drive", {{"T", 10.0}}),
                        comp("Gear", "G", {{"ratio", ratio}, {"k", 1e4}, {"alpha", 0.1}}, {{"form", "Hopsan TLM at the step"}}),
                        comp("RotationalInertia", "Jout", {{"J", 0.2}, {"B", 2.0}})};
        n.wires = {wire("drive", "shaft", "Jin", "shaft"), wire("Jin", "shaft", "G", "a"), wire("G", "b", "Jout", "shaft")};
        RunResult r = buildAndRun(n, {{"win", "speed", "Jin.shaft"}, {"wout", "speed", "Jout.shaft"}, {"Ta", "torque", "G.a"},
                                      {"Tb", "torque", "G.b"}},
                                  runOptions(solver("rk4", 1e-4), 4.0, 0.01));
        QVERIFY2(r.ok, r.error.c_str());
        const double win = at(r, "win", 4.0), wout = at(r, "wout", 4.0);
        QVERIFY2(std::abs(win / wout - ratio) < 1e-6 * std::abs(ratio), qPrintable(QString("ratio %1").arg(win / wout)));
        QVERIFY2(std::abs(at(r, "Tb", 4.0) - ratio * 10.0) < 1e-5 * std::abs(ratio) * 10.0, qPrintable(QString::number(at(r, "Tb", 4.0))));
        // power balance at the gear: the torque on a times its speed plus that on b times its speed
        const double pa = at(r, "Ta", 4.0) * win, pb = at(r, "Tb", 4.0) * wout;
        QVERIFY2(std::abs(pa + pb) < 1e-5 * std::abs(pb), qPrintable(QString("in %1 out %2").arg(-pa).arg(pb)));
    }

    // The TLM spring's oscillation converges to the continuous shaft's under step refinement
    // (its wave delay and alpha filter damp it by O(dt)); under an adaptive stepper the form
    // falls back to the spring itself (the same run as the continuous form with c = 0).
    void gearTlmConvergesToTheSpring() {
        const double j1 = 0.2, j2 = 0.3, k = 500.0, t = 6.0;
        const double wn = std::sqrt(k * (j1 + j2) / (j1 * j2));
        auto run = [&](const char* form, const SolverSettings& s) {
            Netlist n;
            n.components = {comp("RotationalInertia", "J1", {{"J", j1}}), comp("RotationalInertia", "J2", {{"J", j2}}),
                            comp("Gear", "S", {{"ratio", 1.0}, {"k", k}, {"c", 0.0}, {"alpha", 0.1}}, {{"form", form}}),
                            comp("TorqueSource", "drive", {{"T", t}})};
            n.wires = {wire("J1", "shaft", "S", "a"), wire("S", "b", "J2", "shaft"), wire("drive", "shaft", "J1", "shaft")};
            return buildAndRun(n, {{"Ts", "torque", "S.b"}}, runOptions(s, 1.0, 1e-3));
        };
        auto worst = [&](const RunResult& r) {
            double w = 0;
            for (size_t i = 0; i < r.trace.time.size(); ++i)
                w = std::max(w, std::abs(r.trace.columns[0][i] - t * j2 / (j1 + j2) * (1 - std::cos(wn * r.trace.time[i]))));
            return w;
        };
        const RunResult coarse = run("Hopsan TLM at the step", solver("rk4", 1e-4)), fine = run("Hopsan TLM at the step", solver("rk4", 1e-5));
        QVERIFY2(coarse.ok && fine.ok, (coarse.error + fine.error).c_str());
        const double ec = worst(coarse), ef = worst(fine);
        qInfo("TLM shaft vs the spring's analytic torque: %.3g N m at 1e-4 s, %.3g N m at 1e-5 s", ec, ef);
        QVERIFY2(ef < 0.02 * t && ef < ec / 5.0, qPrintable(QString("%1 %2").arg(ec).arg(ef)));
        const RunResult adaptive = run("Hopsan TLM at the step", solver("cvode", 1e-3, 1e-10, 1e-10));
        QVERIFY2(adaptive.ok, adaptive.error.c_str());
        QVERIFY2(worst(adaptive) < 1e-5 * t, qPrintable(QString::number(worst(adaptive))));
    }

    // Power sensor = torque * speed; speed and angle sensors read the node.
    void sensorsReadTorqueSpeedAndPower() {
        Netlist n;
        n.components = {comp("RotationalInertia", "J", {{"J", 1.0}}), comp("TorqueSource", "T", {{"T", 3.0}}),
                        comp("PowerSensor", "P", {}, {{"port", "T.shaft"}}), comp("SpeedSensor", "w"), comp("AngleSensor", "a"),
                        comp("TorqueSensor", "ts", {}, {{"port", "T.shaft"}}),
                        comp("TorqueSensor", "against", {}, {{"port", "T.shaft"}, {"direction", "against rotation"}})};
        n.wires = {wire("T", "shaft", "J", "shaft"), wire("P", "shaft", "J", "shaft"), wire("w", "shaft", "J", "shaft"),
                   wire("a", "shaft", "J", "shaft")};
        RunResult r = buildAndRun(n, {{"p", "signal", "P.P"}, {"w", "signal", "w.w"}, {"a", "signal", "a.theta"}, {"t", "signal", "ts.T"},
                                      {"ta", "signal", "against.T"}},
                                  runOptions(solver("rk4", 1e-3), 1.0, 0.1));
        QVERIFY2(r.ok, r.error.c_str());
        QVERIFY(std::abs(at(r, "w", 1.0) - 3.0) < 1e-9);
        QVERIFY(std::abs(at(r, "a", 1.0) - 1.5) < 1e-9);
        QVERIFY(std::abs(at(r, "t", 1.0) - 3.0) < 1e-12);
        QVERIFY(std::abs(at(r, "ta", 1.0) + 3.0) < 1e-12);  // against rotation: Hopsan's port torque
        QVERIFY(std::abs(at(r, "p", 1.0) - 3.0 * 3.0) < 1e-9);
    }

    // Speed source: follows a constant reference with no steady error under a load torque;
    // prime mover: droops by T/K below its torque limit, stalls to the limit above it.
    void speedSourceAndPrimeMover() {
        Netlist n;
        n.components = {comp("SpeedSource", "S", {{"w", 100.0}, {"J_ref", 1e4}, {"g", 200.0}}),
                        comp("RotationalInertia", "J", {{"J", 0.1}, {"B", 0.5}})};
        n.wires = {wire("S", "shaft", "J", "shaft")};
        RunResult r = buildAndRun(n, {{"w", "speed", "J.shaft"}}, runOptions(solver("rk4", 1e-4), 0.5, 0.01));
        QVERIFY2(r.ok, r.error.c_str());
        QVERIFY2(std::abs(at(r, "w", 0.5) - 100.0) < 1e-6, qPrintable(QString::number(at(r, "w", 0.5))));

        Netlist m;
        m.components = {comp("PrimeMover", "E", {{"w", 150.0}, {"J", 0.5}, {"K", 100.0}, {"T_max", 400.0}}),
                        comp("RotationalInertia", "L", {{"J", 0.1}, {"B", 1.0}})};
        m.wires = {wire("E", "shaft", "L", "shaft")};
        RunResult q = buildAndRun(m, {{"w", "speed", "L.shaft"}}, runOptions(solver("rk4", 1e-4), 2.0, 0.01));
        QVERIFY2(q.ok, q.error.c_str());
        // K (150 - w) = B w  ->  w = 150 K / (K + B)
        QVERIFY(std::abs(at(q, "w", 2.0) - 150.0 * 100.0 / 101.0) < 1e-6);
    }

    // Coulomb + viscous friction: a torque above Tc reaches (T - Tc)/B (w >> w_s).
    void frictionSteadySpeed() {
        Netlist n;
        n.components = {comp("RotationalInertia", "J", {{"J", 0.01}}), comp("TorqueSource", "T", {{"T", 10.0}}),
                        comp("RotationalFriction", "F", {{"Tc", 4.0}, {"B", 0.1}, {"w_s", 1e-3}})};
        n.wires = {wire("T", "shaft", "J", "shaft"), wire("F", "shaft", "J", "shaft")};
        RunResult r = buildAndRun(n, {{"w", "speed", "J.shaft"}}, runOptions(solver("rk4", 1e-4), 2.0, 0.01));
        QVERIFY2(r.ok, r.error.c_str());
        QVERIFY(std::abs(at(r, "w", 2.0) - 60.0) < 1e-3);
    }

    // Electric motor: steady speed where T_stall (1 - w/w0) = B w.
    void electricMotorTorqueSpeedLine() {
        Netlist n;
        n.components = {comp("ElectricMotor", "M", {{"T_stall", 100.0}, {"w_noload", 200.0}, {"tau", 0.01}, {"J", 0.05}}),
                        comp("RotationalInertia", "L", {{"J", 0.05}, {"B", 0.5}})};
        n.wires = {wire("M", "shaft", "L", "shaft")};
        RunResult r = buildAndRun(n, {{"w", "speed", "L.shaft"}}, runOptions(solver("rk4", 1e-4), 3.0, 0.01));
        QVERIFY2(r.ok, r.error.c_str());
        QVERIFY(std::abs(at(r, "w", 3.0) - 100.0 / (0.5 + 100.0 / 200.0)) < 1e-4);
    }

    void rotationalToTranslationalRefused() {
        Netlist n;
        n.components = {comp("RotationalInertia", "J"), comp("Mass", "m")};
        n.wires = {wire("J", "shaft", "m", "m")};
        BuildResult b = build(registry(), n, solver("rk4", 1e-3));
        QVERIFY(!b.ok());
        const std::string e = b.errorText();
        QVERIFY2(e.find("J.shaft") != std::string::npos && e.find("m.m") != std::string::npos &&
                     e.find("rotational") != std::string::npos && e.find("mechanical") != std::string::npos,
                 e.c_str());
    }

    // A torque sensor reads a shaft, a flow sensor a hydraulic port: each names what it needs.
    void watchedPortOfTheWrongDomainRefused() {
        Netlist n;
        n.components = {comp("RotationalInertia", "J"), comp("TorqueSource", "T"), comp("TorqueSensor", "ts", {}, {{"port", "J.shaft"}}),
                        comp("FlowSensor", "fs", {}, {{"port", "T.shaft"}})};
        n.wires = {wire("T", "shaft", "J", "shaft")};
        BuildResult b = build(registry(), n, solver("rk4", 1e-3));
        QVERIFY(!b.ok());
        const std::string e = b.errorText();
        QVERIFY2(e.find("'T.shaft' is not a hydraulic port") != std::string::npos, e.c_str());
        QVERIFY2(e.find("'ts'") == std::string::npos, e.c_str());
    }

    void rotationalNodeWithoutInertiaRefused() {
        Netlist n;
        n.components = {comp("TorqueSource", "T")};
        n.wires = {};
        n.components.push_back(comp("TorsionShaft", "S"));
        n.components.push_back(comp("RotationalInertia", "J"));
        n.wires = {wire("T", "shaft", "S", "a"), wire("S", "b", "J", "shaft")};
        BuildResult b = build(registry(), n, solver("rk4", 1e-3));
        QVERIFY(!b.ok());
        QVERIFY2(b.errorText().find("rotational node") != std::string::npos &&
                     b.errorText().find("no inertia") != std::string::npos,
                 b.errorText().c_str());
    }
};

QTEST_APPLESS_MAIN(TestRotational)
#include "test_rotational.moc"
