// SPDX-License-Identifier: GPL-3.0-or-later
// Displacement machines (core/sim/components/pumps_motors.cpp): flow, torque, leakage and
// friction against their analytic values; the compensator's static characteristic; cavitation.
#include <QtTest>

#include "methods/method_circuits.h"
#include "sim_test_util.h"

using namespace hs::sim;
using namespace hs::sim::test;

namespace {

constexpr double kTwoPi = 2 * std::numbers::pi;

double at(const RunResult& r, const std::string& column, double t) { return interpolate(r.trace, r.trace.column(column), t); }

}  // namespace

class TestPumpsMotors : public QObject {
    Q_OBJECT
private slots:
    // A pump between a tank and a 100 bar line: outflow D w/(2 pi) - Cl dp, shaft torque
    // -D dp/(2 pi) - B w, the shaft held at w by a speed source.
    void pumpFlowAndTorque() {
        const double d = 40e-6, w = 150.0, cl = 2e-11, b = 0.05, p = 1e7;
        Netlist n;
        n.components = {comp("Tank", "tank"), comp("PressureSource", "line", {{"p", p}}),
                        comp("FixedDisplacementPump", "pump", {{"D", d}, {"Cl", cl}, {"B", b}}),
                        comp("SpeedSource", "drive", {{"w", w}, {"J_ref", 1e5}, {"g", 300.0}})};
        n.wires = {wire("tank", "P", "pump", "P1"), wire("pump", "P2", "line", "P"), wire("drive", "shaft", "pump", "shaft")};
        RunResult r = buildAndRun(n, {{"q", "flow", "pump.P2"}, {"T", "torque", "pump.shaft"}, {"w", "speed", "pump.shaft"}},
                                  runOptions(solver("rk4", 1e-4), 0.5, 0.01));
        QVERIFY2(r.ok, r.error.c_str());
        QVERIFY(std::abs(at(r, "w", 0.5) - w) < 1e-6);
        const double qOut = d * w / kTwoPi - cl * p;
        QVERIFY2(std::abs(-at(r, "q", 0.5) - qOut) < 1e-9 * qOut, qPrintable(QString("%1 vs %2").arg(-at(r, "q", 0.5)).arg(qOut)));
        QVERIFY(std::abs(at(r, "T", 0.5) - (-d * p / kTwoPi - b * w)) < 1e-6);
    }

    // Without a shaft the speed is the parameter n (Hopsan's pump); a variable pump scales by eps.
    void pumpSpeedFromParameterAndDisplacementFraction() {
        Netlist n;
        n.components = {comp("Tank", "tank"), comp("PressureSource", "line", {{"p", 5e6}}),
                        comp("VariableDisplacementPump", "pump", {{"D", 1e-4}, {"n", 100.0}, {"Cl", 0.0}}),
                        comp("Constant", "eps", {{"value", 0.25}})};
        n.wires = {wire("tank", "P", "pump", "P1"), wire("pump", "P2", "line", "P"), wire("eps", "out", "pump", "eps")};
        RunResult r = buildAndRun(n, {{"q", "flow", "pump.P2"}}, runOptions(solver("rk4", 1e-3), 0.1, 0.01));
        QVERIFY2(r.ok, r.error.c_str());
        QVERIFY(std::abs(-at(r, "q", 0.1) - 0.25 * 1e-4 * 100.0 / kTwoPi) < 1e-15);
    }

    // A motor between 100 bar and tank driving a viscous load: steady speed where
    // D dp/(2 pi) - B_m w - Tc (w >> w_s) = B_load w; it swallows D w/(2 pi) + Cl dp.
    void motorTorqueSpeedAndLeakage() {
        const double d = 20e-6, dp = 1e7, bm = 0.01, tc = 2.0, cl = 1e-11, bl = 0.2;
        Netlist n;
        n.components = {comp("PressureSource", "supply", {{"p", dp}}), comp("Tank", "tank"),
                        comp("FixedDisplacementMotor", "motor", {{"D", d}, {"B", bm}, {"Tc", tc}, {"w_s", 1e-3}, {"Cl", cl}, {"J", 0.01}}),
                        comp("RotationalInertia", "load", {{"J", 0.05}, {"B", bl}})};
        n.wires = {wire("supply", "P", "motor", "P1"), wire("motor", "P2", "tank", "P"), wire("motor", "shaft", "load", "shaft")};
        RunResult r = buildAndRun(n, {{"w", "speed", "load.shaft"}, {"q", "flow", "motor.P1"}, {"T", "torque", "motor.shaft"}},
                                  runOptions(solver("rk4", 1e-4), 6.0, 0.01));
        QVERIFY2(r.ok, r.error.c_str());
        const double w = (d * dp / kTwoPi - tc) / (bm + bl);
        QVERIFY2(std::abs(at(r, "w", 6.0) - w) < 1e-6 * w, qPrintable(QString("%1 vs %2").arg(at(r, "w", 6.0)).arg(w)));
        QVERIFY(std::abs(at(r, "q", 6.0) - (d * w / kTwoPi + cl * dp)) < 1e-6 * at(r, "q", 6.0));
        QVERIFY(std::abs(at(r, "T", 6.0) - bl * w) < 1e-5 * bl * w);  // the motor's net torque carries the load
    }

    // form "Hopsan Q-type at the step" between two TLM volumes, fed and drained through laminar
    // orifices G: at steady state q = D w/(2 pi), p1 = ps - q/G, p2 = q/G, and the torque
    // dpe (c1a - c2a) - (Z1 + Z2) dpe^2 w equals dpe (p1 - p2), so w = dpe ps/(B + 2 dpe^2/G).
    void motorHopsanFormSteadySpeed() {
        const double d = 20e-6, ps = 1e7, g = 1e-10, b = 0.2, dpe = d / kTwoPi;
        Netlist n;
        n.fluid.bulk = constantBe(1e9);
        n.components = {comp("PressureSource", "supply", {{"p", ps}}), comp("Tank", "tank"),
                        comp("LaminarOrifice", "in", {{"G", g}}), comp("LaminarOrifice", "out", {{"G", g}}),
                        comp("Volume", "V1", {{"V", 1e-3}}), comp("Volume", "V2", {{"V", 1e-3}}),
                        comp("FixedDisplacementMotor", "motor", {{"D", d}, {"B", 0.0}, {"Cl", 0.0}, {"J", 0.01}},
                             {{"form", "Hopsan Q-type at the step"}}),
                        comp("RotationalInertia", "load", {{"J", 0.05}, {"B", b}})};
        n.wires = {wire("supply", "P", "in", "A"), wire("in", "B", "V1", "P1"), wire("V1", "P2", "motor", "P1"),
                   wire("motor", "P2", "V2", "P1"), wire("V2", "P2", "out", "A"), wire("out", "B", "tank", "P"),
                   wire("motor", "shaft", "load", "shaft")};
        SolverSettings s = withMethod(withMethod(solver("rk4", 1e-4), "V1", "tlm", {{"alpha", 0.1}}), "V2", "tlm", {{"alpha", 0.1}});
        RunResult r = buildAndRun(n, {{"w", "speed", "load.shaft"}, {"q", "flow", "motor.P1"}}, runOptions(s, 5.0, 0.01));
        QVERIFY2(r.ok, r.error.c_str());
        const double w = dpe * ps / (b + 2 * dpe * dpe / g);
        QVERIFY2(std::abs(at(r, "w", 5.0) - w) < 1e-6 * w, qPrintable(QString("%1 vs %2").arg(at(r, "w", 5.0)).arg(w)));
        QVERIFY(std::abs(at(r, "q", 5.0) - dpe * w) < 1e-6 * dpe * w);
    }

    // With a TLM shaft (Gear, form "Hopsan TLM at the step", ratio -1 as Hopsan's shaft) between
    // the motor and a viscous load, the motor integrates its own speed by Hopsan's damped
    // trapezoidal step against the shaft's wave, and its node follows that speed a step later.
    // Steady state: the same speed as the continuous machine, w_load = -w_motor (lossless
    // shaft), and the shaft's torque on the load, B w_load, balances its friction.
    void motorHopsanStepThroughTlmShaft() {
        const double d = 20e-6, ps = 1e7, g = 1e-10, b = 0.2, dpe = d / kTwoPi;
        Netlist n;
        n.fluid.bulk = constantBe(1e9);
        n.components = {comp("PressureSource", "supply", {{"p", ps}}), comp("Tank", "tank"),
                        comp("LaminarOrifice", "in", {{"G", g}}), comp("LaminarOrifice", "out", {{"G", g}}),
                        comp("Volume", "V1", {{"V", 1e-3}}), comp("Volume", "V2", {{"V", 1e-3}}),
                        comp("FixedDisplacementMotor", "motor", {{"D", d}, {"B", 0.0}, {"Cl", 0.0}, {"J", 0.01}},
                             {{"form", "Hopsan Q-type at the step"}}),
                        comp("Gear", "shaft", {{"ratio", -1.0}, {"k", 1e3}, {"alpha", 0.1}}, {{"form", "Hopsan TLM at the step"}}),
                        comp("RotationalInertia", "load", {{"J", 0.05}, {"B", b}})};
        n.wires = {wire("supply", "P", "in", "A"), wire("in", "B", "V1", "P1"), wire("V1", "P2", "motor", "P1"),
                   wire("motor", "P2", "V2", "P1"), wire("V2", "P2", "out", "A"), wire("out", "B", "tank", "P"),
                   wire("motor", "shaft", "shaft", "a"), wire("shaft", "b", "load", "shaft")};
        SolverSettings s = withMethod(withMethod(solver("rk4", 1e-4), "V1", "tlm", {{"alpha", 0.1}}), "V2", "tlm", {{"alpha", 0.1}});
        RunResult r = buildAndRun(n, {{"wm", "speed", "motor.shaft"}, {"wl", "speed", "load.shaft"}, {"q", "flow", "motor.P1"},
                                      {"Tl", "torque", "shaft.b"}},
                                  runOptions(s, 10.0, 0.01));
        QVERIFY2(r.ok, r.error.c_str());
        const double w = dpe * ps / (b + 2 * dpe * dpe / g);
        QVERIFY2(std::abs(at(r, "wm", 10.0) - w) < 1e-6 * w, qPrintable(QString("%1 vs %2").arg(at(r, "wm", 10.0)).arg(w)));
        QVERIFY2(std::abs(at(r, "wl", 10.0) + w) < 1e-6 * w, qPrintable(QString("%1 vs %2").arg(at(r, "wl", 10.0)).arg(-w)));
        QVERIFY(std::abs(at(r, "q", 10.0) - dpe * w) < 1e-6 * dpe * w);
        QVERIFY2(std::abs(at(r, "Tl", 10.0) + b * w) < 1e-5 * b * w, qPrintable(QString::number(at(r, "Tl", 10.0))));
    }

    // Its cavitation rule: a motor turned at a fixed speed empties a closed TLM volume at P1;
    // the flow is limited so that the port reaches 0 Pa (to rounding) and never goes below (the
    // continuous form fades the flow over dp_cav below 0 Pa instead).
    void motorHopsanFormStopsAtZeroPressure() {
        Netlist n;
        n.fluid.bulk = constantBe(1e9);
        n.components = {comp("Tank", "tank"), comp("LaminarOrifice", "out", {{"G", 1e-10}}),
                        comp("Volume", "V1", {{"V", 1e-4}, {"p0", 5e5}}), comp("Volume", "V2", {{"V", 1e-4}}),
                        comp("FixedDisplacementMotor", "motor", {{"D", 20e-6}, {"Cl", 1e-12}, {"J", 0.01}},
                             {{"form", "Hopsan Q-type at the step"}}),
                        comp("SpeedSource", "drive", {{"w", 50.0}, {"J_ref", 1e4}, {"g", 300.0}})};
        n.wires = {wire("V1", "P1", "motor", "P1"), wire("motor", "P2", "V2", "P1"), wire("V2", "P2", "out", "A"),
                   wire("out", "B", "tank", "P"), wire("drive", "shaft", "motor", "shaft")};
        SolverSettings s = withMethod(withMethod(solver("rk4", 1e-4), "V1", "tlm", {{"alpha", 0.1}}), "V2", "tlm", {{"alpha", 0.1}});
        RunResult r = buildAndRun(n, {{"p1", "pressure", "motor.P1"}, {"q", "flow", "motor.P1"}}, runOptions(s, 0.5, 1e-4));
        QVERIFY2(r.ok, r.error.c_str());
        const auto& p1 = r.trace.columns[static_cast<size_t>(r.trace.column("p1"))];
        // 0 Pa up to the rounding of c1a + Z q1a (1e-12 Pa; Hopsan's own reads 1.5e-11 Pa)
        QVERIFY2(*std::min_element(p1.begin(), p1.end()) > -1e-6, qPrintable(QString::number(*std::min_element(p1.begin(), p1.end()))));
        QVERIFY2(std::abs(p1.back()) < 1e-6, qPrintable(QString::number(p1.back())));
        QVERIFY2(std::abs(at(r, "q", 0.5)) < 1e-12, qPrintable(QString::number(at(r, "q", 0.5))));
    }

    // The compensator holds q = (p_dif - p2 + p_LS)/r_p at steady state: with a laminar load G to
    // tank, p2 = (p_dif + p_LS)/(1 + G r_p).
    void compensatorStaticCharacteristic_data() {
        QTest::addColumn<QString>("type");
        QTest::addColumn<double>("pLs");
        QTest::newRow("pressure-compensated") << "PressureCompensatedPump" << 0.0;
        QTest::newRow("load-sensing") << "LoadSensingPump" << 3e6;
    }
    void compensatorStaticCharacteristic() {
        QFETCH(QString, type);
        QFETCH(double, pLs);
        const double pdif = 2e6, g = 1e-11, rp = 1e9;
        Netlist n;
        n.fluid.bulk = constantBe(1e9);
        n.components = {comp("Tank", "tank"), comp("Tank", "tank2"), comp(type.toStdString(), "pump", {{"p_dif", pdif}, {"Cl", 0.0}, {"r_p", rp}}),
                        comp("Volume", "V", {{"V", 1e-3}}), comp("LaminarOrifice", "load", {{"G", g}}),
                        comp("PressureSource", "ls", {{"p", pLs}})};
        n.wires = {wire("tank", "P", "pump", "P1"), wire("pump", "P2", "V", "P1"), wire("V", "P2", "load", "A"), wire("load", "B", "tank2", "P")};
        if (type == "LoadSensingPump") n.wires.push_back(wire("ls", "P", "pump", "LS"));
        else n.components.pop_back();
        RunResult r = buildAndRun(n, {{"p", "pressure", "V.P1"}}, runOptions(solver("cvode", 1e-4), 3.0, 0.01));
        QVERIFY2(r.ok, r.error.c_str());
        const double expect = (pdif + pLs) / (1 + g * rp);
        QVERIFY2(std::abs(at(r, "p", 3.0) - expect) < 1e-4 * expect, qPrintable(QString("%1 vs %2").arg(at(r, "p", 3.0)).arg(expect)));
    }

    // form = Hopsan discrete at the step, on a TLM volume with Hopsan's start (pump -> 1 l volume
    // -> laminar load to tank, Hopsan's validation circuit without leakage): the first step is the
    // initialisation (no flow, the port at its start value); the steady state is the static
    // characteristic q r_p = p_dif - p2 whatever the outlet impedance Z the regulator folds in
    // (its steady gain (r_p + Z g)/den balances the Z g q in p2 = c2 + Z g q); and as the step and
    // with it Z = Be dt/(V (1 - alpha)) shrink, the transient approaches the continuous form's.
    void compensatorHopsanDiscreteForm() {
        const double pdif = 1e6, g = 1e-11, rp = 1e9, expect = pdif / (1 + g * rp);
        Netlist n;
        n.fluid.bulk = constantBe(1e9);
        n.components = {comp("Tank", "tank", {{"p", 0.0}}), comp("Tank", "tank2", {{"p", 0.0}}),
                        comp("PressureCompensatedPump", "pump", {{"p_dif", pdif}, {"Cl", 0.0}, {"r_p", rp}},
                             {{"form", "Hopsan discrete at the step"}}),
                        comp("Volume", "V", {{"V", 1e-3}}), comp("LaminarOrifice", "load", {{"G", g}})};
        n.wires = {wire("tank", "P", "pump", "P1"), wire("pump", "P2", "V", "P1"), wire("V", "P2", "load", "A"), wire("load", "B", "tank2", "P")};
        auto hopsanTlm = [](double dt) {
            SolverSettings s = solver("rk4", dt);
            s.defaultMethod.method = "tlm";
            s.defaultMethod.params = {{"alpha", 0.1}, {"start", 1.0}};
            return s;
        };
        const std::vector<ProbeSpec> probes = {{"p", "pressure", "pump.P2"}, {"q", "flow", "pump.P2"}};
        RunResult coarse = buildAndRun(n, probes, runOptions(hopsanTlm(1e-3), 3.0, 1e-3));
        QVERIFY2(coarse.ok, coarse.error.c_str());
        QCOMPARE(coarse.trace.columns[0][0], 0.0);
        QCOMPARE(coarse.trace.columns[1][0], 0.0);
        QVERIFY2(std::abs(at(coarse, "p", 3.0) - expect) < 1e-6 * expect, qPrintable(QString("%1 vs %2").arg(at(coarse, "p", 3.0)).arg(expect)));
        // The discrete form converges under step refinement (its limit limits the displacement's
        // rate, where the continuous form limits that of the regulator's lag state z: the two part
        // by up to 0.5 MPa while the stroking-rate limit holds the start-up, docs/components.md).
        auto run = [&](double dt) { return buildAndRun(n, probes, runOptions(hopsanTlm(dt), 0.3, 1e-3)); };
        const RunResult fine = run(1e-5);
        QVERIFY2(fine.ok, fine.error.c_str());
        auto deviation = [&](double dt) {
            const RunResult r = run(dt);
            double dev = 0;
            for (double t = 0.01; t <= 0.3; t += 0.01) dev = std::max(dev, std::abs(at(r, "p", t) - at(fine, "p", t)));
            return r.ok ? dev : 1e300;
        };
        const double d3 = deviation(1e-3), d4 = deviation(1e-4);
        qInfo("largest |p - p(dt = 1e-5)| over 0.3 s: dt 1e-3 %g Pa, 1e-4 %g Pa", d3, d4);
        QVERIFY(d4 < 0.2 * d3);
        QVERIFY(d4 < 0.05 * expect);
    }

    // A pump drawing from a closed volume: the flow fades within dp_cav below 0 Pa, so the volume
    // settles at -dp_cav (where the draw has faded to 0) instead of being drawn to the run's p_min.
    void cavitationStopsTheDraw() {
        Netlist n;
        n.fluid.bulk = constantBe(1e9);
        n.components = {comp("Volume", "V", {{"V", 1e-3}, {"p0", 1e5}}), comp("Tank", "tank"),
                        comp("FixedDisplacementPump", "pump", {{"D", 1e-5}, {"n", 100.0}, {"Cl", 0.0}, {"dp_cav", 1e3}})};
        n.wires = {wire("V", "P1", "pump", "P1"), wire("pump", "P2", "tank", "P")};
        RunResult r = buildAndRun(n, {{"p", "pressure", "V.P1"}}, runOptions(solver("cvode", 1e-4), 2.0, 0.01));
        QVERIFY2(r.ok, r.error.c_str());
        QVERIFY2(at(r, "p", 2.0) > -1.001e3 && at(r, "p", 2.0) <= 0, qPrintable(QString::number(at(r, "p", 2.0))));
    }

    // A pump feeding a TLM volume (alpha 0, Z = Be dt/V = 1e9 Pa s/m3) with q = D n/(2 pi) = 1e-5
    // m3/s: the wave reaches the far port a step later, so the pump's own port reads p0 + Z q
    // (2 floor(k/2) + 1) at step k (Hopsan's node between the pump and the volume holds this one),
    // the volume's other port p0 + 2 Z q floor((k+1)/2), and the node, their mean, p0 + Z q (k + 1/2):
    // the exact ramp Be q/V t shifted by half a step. A sensor reads the port when 'port' names it.
    void pressureSensorReadsThePortOfATlmVolume() {
        const double p0 = 1e5, be = 1e9, vol = 1e-3, dt = 1e-3, q = 1e-5, zq = be * dt / vol * q;
        Netlist n;
        n.fluid.bulk = constantBe(be);
        n.components = {comp("Tank", "tank"), comp("Volume", "V", {{"V", vol}, {"p0", p0}}),
                        comp("FixedDisplacementPump", "pump", {{"D", kTwoPi * 1e-5}, {"n", 1.0}, {"Cl", 0.0}}),
                        comp("LaminarOrifice", "shut", {{"G", 0.0}}), comp("Tank", "drain"),
                        comp("PressureSensor", "at_pump", {}, {{"port", "pump.P2"}}),
                        comp("PressureSensor", "at_node")};
        n.wires = {wire("tank", "P", "pump", "P1"), wire("pump", "P2", "V", "P1"), wire("V", "P2", "shut", "A"), wire("shut", "B", "drain", "P"),
                   wire("at_pump", "P", "V", "P1"), wire("at_node", "P", "V", "P1")};
        SolverSettings s = solver("rk4", dt);
        s.defaultMethod.method = "tlm";
        s.defaultMethod.params["alpha"] = 0.0;
        RunResult r = buildAndRun(n, {{"port", "signal", "at_pump.p"}, {"node", "signal", "at_node.p"}}, runOptions(s, 0.006, dt));
        QVERIFY2(r.ok, r.error.c_str());
        for (int k = 0; k <= 6; ++k) {
            const double portExpect = p0 + zq * (2 * (k / 2) + 1), nodeExpect = p0 + zq * (k + 0.5);
            QVERIFY2(std::abs(at(r, "port", k * dt) - portExpect) < 1e-6, qPrintable(QString("k %1: %2 vs %3").arg(k).arg(at(r, "port", k * dt)).arg(portExpect)));
            QVERIFY2(std::abs(at(r, "node", k * dt) - nodeExpect) < 1e-6, qPrintable(QString("k %1: %2 vs %3").arg(k).arg(at(r, "node", k * dt)).arg(nodeExpect)));
        }
        // Under an integrated volume the port is the node: both read the same.
        RunResult c = buildAndRun(n, {{"port", "signal", "at_pump.p"}, {"node", "signal", "at_node.p"}}, runOptions(solver("rk4", 1e-4), 0.006, dt));
        QVERIFY2(c.ok, c.error.c_str());
        QCOMPARE(at(c, "port", 0.006), at(c, "node", 0.006));
        QVERIFY(std::abs(at(c, "port", 0.006) - (p0 + be * q / vol * 0.006)) < 1e-6);
        // A port on another node is refused with its name.
        n.components.back() = comp("PressureSensor", "at_node", {}, {{"port", "pump.P1"}});
        std::string error;
        QVERIFY(!buildAndRun(n, {}, runOptions(s, 0.001, dt), &error).ok);
        QVERIFY2(error.find("'pump.P1' is not on the node of its port 'P'") != std::string::npos, error.c_str());
    }

    // The hydraulic machine's port volumes are capacitance: a node with only the machine and a
    // laminar orifice builds (no Volume needed) and fills with time constant V1/(Be G).
    void machinePortVolumesAreCapacitance() {
        const double v1 = 2e-4, g = 1e-10, be = 1e9;
        Netlist n;
        n.fluid.bulk = constantBe(be);
        n.components = {comp("PressureSource", "ps", {{"p", 1e6}}), comp("LaminarOrifice", "r", {{"G", g}}),
                        comp("HydraulicMachine", "m", {{"V1", v1}, {"V2", 0.0}, {"eps", 0.0}, {"Cl", 0.0}, {"J", 1.0}}), comp("Tank", "tank"),
                        comp("RotationalInertia", "J")};
        n.wires = {wire("ps", "P", "r", "A"), wire("r", "B", "m", "P1"), wire("m", "P2", "tank", "P"), wire("m", "shaft", "J", "shaft")};
        RunResult r = buildAndRun(n, {{"p", "pressure", "m.P1"}}, runOptions(solver("rk4", 1e-5), 0.01, 1e-3));
        QVERIFY2(r.ok, r.error.c_str());
        const double tau = v1 / (be * g);
        QVERIFY(std::abs(at(r, "p", 0.002) - 1e6 * (1 - std::exp(-0.002 / tau))) < 1.0);
    }
};

QTEST_APPLESS_MAIN(TestPumpsMotors)
#include "test_pumps_motors.moc"
