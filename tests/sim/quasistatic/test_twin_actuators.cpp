// SPDX-License-Identifier: GPL-3.0-or-later
// QuasistaticTwinActuators in the engine (notes/004 §10, §13 A6): an idle second actuator leaves
// the first at its single-actuator velocity; two moving at once share the pump and both slow
// down, at the velocities where the shared-pump force map (114)-(118) gives back their loads.
#include <QtTest/QtTest>

#include "model/circuit.h"
#include "model/circuit_io.h"
#include "quasistatic_test_circuit.h"
#include "sim/quasistatic/shared_pump.h"
#include "sim_test_util.h"

using namespace hs::sim;
using namespace hs::sim::test;

namespace {

Netlist twinCircuit(double uc1, double uc2, double load1, double load2) {
    Netlist n;
    n.components = {comp("QuasistaticTwinActuators", "twin",
                         {{"u_c1", uc1}, {"u_c2", uc2}, {"u_b", 0.2}, {"K", 2e6}, {"B", 5e4}, {"x0_1", 0.0}, {"x0_2", 0.0}}),
                    comp("Mass", "m1", {{"m", 1000.0}}), comp("Mass", "m2", {{"m", 1000.0}}),
                    comp("ForceSource", "load1", {{"F", load1}}), comp("ForceSource", "load2", {{"F", load2}})};
    n.wires = {wire("twin", "rod1", "m1", "m"), wire("twin", "rod1", "load1", "m"),
               wire("twin", "rod2", "m2", "m"), wire("twin", "rod2", "load2", "m")};
    return n;
}

const std::vector<ProbeSpec> kProbes = {{"v1", "velocity", "twin.rod1"}, {"v2", "velocity", "twin.rod2"},
                                        {"p2", "state", "twin.p2"}, {"P", "signal", "twin.P"}};

}  // namespace

class TestTwinActuators : public QObject {
    Q_OBJECT
private slots:
    void idleSecondActuatorLeavesTheFirstAlone();
    void twoMovingShareThePump_data();
    void twoMovingShareThePump();
    void twoArmsExample();
};

void TestTwinActuators::idleSecondActuatorLeavesTheFirstAlone() {
    const RunResult r = buildAndRun(twinCircuit(0.5, 0.0, 0.0, -300e3), kProbes, runOptions(solver("rk4", 1e-3), 3.0, 1e-2));
    QVERIFY2(r.error.empty(), r.error.c_str());
    const double single = quasistatic::test::paperMap(0.5, 0.2).velocityUnderLoad(0.0);
    QVERIFY2(std::abs(r.trace.columns[0].back() - single) <= 1e-7 * single, qPrintable(QString::number(r.trace.columns[0].back(), 'g', 10)));
    for (double p2 : r.trace.columns[2]) QCOMPARE(p2, 0.0);  // held: the hydraulic rod never moves
}

void TestTwinActuators::twoMovingShareThePump_data() {
    QTest::addColumn<double>("uc1");
    QTest::addColumn<double>("uc2");
    QTest::addColumn<double>("load1");
    QTest::addColumn<double>("load2");
    QTest::newRow("both +0.5, no load") << 0.5 << 0.5 << 0.0 << 0.0;
    QTest::newRow("+0.5 against 300 kN, +0.5 free") << 0.5 << 0.5 << -300e3 << 0.0;
    QTest::newRow("+0.5 and -0.5") << 0.5 << -0.5 << 0.0 << 0.0;
}

void TestTwinActuators::twoMovingShareThePump() {
    QFETCH(double, uc1);
    QFETCH(double, uc2);
    QFETCH(double, load1);
    QFETCH(double, load2);
    const RunResult r = buildAndRun(twinCircuit(uc1, uc2, load1, load2), kProbes, runOptions(solver("rk4", 1e-3), 3.0, 1e-2));
    QVERIFY2(r.error.empty(), r.error.c_str());
    const double v1 = r.trace.columns[0].back(), v2 = r.trace.columns[1].back(), pump = r.trace.columns[3].back();
    // A6: slower than alone
    QVERIFY(std::abs(v1) < std::abs(quasistatic::test::paperMap(uc1, 0.2).velocityUnderLoad(-load1)));
    // the steady velocities give back the loads through the force map at the same pump pressure
    const quasistatic::ActuatorCircuit k = quasistatic::test::paperCircuit();
    const quasistatic::SharedPumpActuators pumped({k.pumpFlow, k.pumpRelief, k.cBleed, 0.2}, {k, k},
                                                  {quasistatic::ValveOpenings::fromCommand(uc1, 0.2),
                                                   quasistatic::ValveOpenings::fromCommand(uc2, 0.2)});
    std::vector<quasistatic::ForceInterval> f;
    const double pressure = pumped.forces({v1, v2}, f).pressure;
    qInfo("v1 %.6f, v2 %.6f m/s, P %.4f MPa (force map: %.4f MPa), f1 %.1f, f2 %.1f N", v1, v2, pump / 1e6, pressure / 1e6,
          f[0].lower, f[1].lower);
    QVERIFY(std::abs(f[0].lower + load1) <= 10.0 && std::abs(f[1].lower + load2) <= 10.0);
    QVERIFY(std::abs(pressure - pump) <= 1e3);
}

// A6 on examples/quasistatic_two_arms.hydro.json (Fig. 13, scenario II): arm 1, raised alone at
// first, slows while arm 2 is driven down (1-2 s) and the pump pressure drops off the relief;
// it speeds up again once arm 2 stops.
void TestTwinActuators::twoArmsExample() {
    const hs::model::LoadResult lr =
        hs::model::loadCircuit(QStringLiteral(HS_SOURCE_DIR "/examples/quasistatic_two_arms.hydro.json"), registry());
    QVERIFY2(lr.ok(), qPrintable(lr.errors.join("; ")));
    const std::vector<ProbeSpec> probes = {{"v1", "velocity", "twin.rod1"}, {"P", "signal", "twin.P"}};
    const RunResult r = buildAndRun(hs::model::toNetlist(*lr.circuit), probes, runOptions(solver("rk4", 1e-3), 2.4, 1e-2));
    QVERIFY2(r.error.empty(), r.error.c_str());
    auto at = [&](int column, double t) { return r.trace.columns[static_cast<size_t>(column)][static_cast<size_t>(std::lround(t / 1e-2))]; };
    qInfo("arm 1: %.4f m/s alone (0.9 s), %.4f while arm 2 moves (1.5 s), %.4f after (2.3 s); P %.2f / %.2f MPa",
          at(0, 0.9), at(0, 1.5), at(0, 2.3), at(1, 0.9) / 1e6, at(1, 1.5) / 1e6);
    QVERIFY(at(0, 0.9) < -0.2 && std::abs(at(0, 1.5)) < 0.5 * std::abs(at(0, 0.9)));
    QVERIFY(std::abs(at(0, 2.3) - at(0, 0.9)) < 0.05 * std::abs(at(0, 0.9)));
    QVERIFY(at(1, 1.5) < at(1, 0.9));
}

QTEST_APPLESS_MAIN(TestTwinActuators)
#include "test_twin_actuators.moc"
