// SPDX-License-Identifier: GPL-3.0-or-later
// The quasistatic actuator against the same circuit with compressible chambers (notes/004 §11,
// §13 B5-B6), both taken from examples/quasistatic_arm.hydro.json and set to the notes' steady
// cases: 1000 kg, a constant command and load, bleed 0.2.
#include <QtTest/QtTest>

#include <algorithm>

#include "model/circuit.h"
#include "model/circuit_io.h"
#include "quasistatic_test_circuit.h"
#include "sim_test_util.h"

using namespace hs::sim;
using namespace hs::sim::test;

namespace {

NetComponent& find(Netlist& n, const std::string& id) {
    for (auto& c : n.components)
        if (c.id == id) return c;
    throw std::runtime_error("no component " + id);
}

// The example with a constant command u_c, a constant load (force ON the rod nodes, so the
// actuator force is -load at steady state), the notes' 1000 kg and bleed 0.2.
Netlist steadyCase(const Netlist& example, double uc, double load) {
    Netlist n = example;
    find(n, "command").text["points"] = "0 " + std::to_string(uc);
    find(n, "gravity_and_push").text["points"] = "0 " + std::to_string(load);
    find(n, "sway").num["amplitude"] = 0.0;
    find(n, "qs_mass").num["m"] = 1000.0;
    find(n, "cyl_mass").num["m"] = 1000.0;
    find(n, "qs").num["u_b"] = 0.2;
    find(n, "bleed").num["k"] = 0.2 * 0.6 * 1e-4 * std::sqrt(2.0 / 850.0);
    // K and B for the 1000 kg mass (the example's are for the arm's 48.9 t): p settles at K/B = 40/s
    find(n, "qs").num["K"] = 2e6;
    find(n, "qs").num["B"] = 5e4;
    // near-ideal suction checks (the notes clamp the chamber pressures at 0): the example's 1e-4
    // leaves 3.5 kPa of suction at 0.495 m/s, a 2e-4 relative velocity gap on its own
    find(n, "head_suction").num["k"] = 1e-3;
    find(n, "rod_suction").num["k"] = 1e-3;
    // room for 1.5 s of travel within the 1 m stroke (the quasistatic model has no end stops)
    const double x0 = uc > 0 ? 0.1 : 0.9;
    find(n, "qs").num["x0"] = x0;
    find(n, "cyl").num["x0"] = x0;
    return n;
}

const std::vector<ProbeSpec> kVelocities = {{"v qs", "velocity", "qs.rod"}, {"v cyl", "velocity", "cyl.rod"}};

}  // namespace

class TestCompressibleReference : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void steadyVelocity_data();
    void steadyVelocity();
    void explicitEulerLimit();

private:
    Netlist example_;
};

void TestCompressibleReference::initTestCase() {
    const hs::model::LoadResult lr =
        hs::model::loadCircuit(QStringLiteral(HS_SOURCE_DIR "/examples/quasistatic_arm.hydro.json"), registry());
    QVERIFY2(lr.ok(), qPrintable(lr.errors.join("; ")));
    example_ = hs::model::toNetlist(*lr.circuit);
}

void TestCompressibleReference::steadyVelocity_data() {
    QTest::addColumn<double>("uc");
    QTest::addColumn<double>("load");
    QTest::addColumn<double>("tolerance");
    // notes/004 §11 table; the retraction ends on the pump relief, which the compressible circuit
    // regularises (gradient 1e-8 m3/(s*Pa): 36.19 MPa instead of 36), hence 3e-3
    QTest::newRow("+0.5, f 0") << 0.5 << 0.0 << 2e-4;
    QTest::newRow("+0.5, f 300k") << 0.5 << -300e3 << 2e-4;
    QTest::newRow("+0.5, f -200k") << 0.5 << 200e3 << 2e-4;
    QTest::newRow("-0.5, f 0") << -0.5 << 0.0 << 3e-3;
}

// B5: the quasistatic steady velocity (exactly Gamma^-1) against the compressible one (CVODE).
void TestCompressibleReference::steadyVelocity() {
    QFETCH(double, uc);
    QFETCH(double, load);
    QFETCH(double, tolerance);
    const RunResult r = buildAndRun(steadyCase(example_, uc, load), kVelocities, runOptions(solver("cvode", 1e-6), 1.5, 1e-3));
    QVERIFY2(r.error.empty(), r.error.c_str());
    const double vQs = r.trace.columns[0].back(), vCyl = r.trace.columns[1].back();
    const double gammaInverse = hs::sim::quasistatic::test::paperMap(uc, 0.2).velocityUnderLoad(-load);
    QVERIFY2(std::abs(vQs - gammaInverse) <= 1e-7 * std::abs(gammaInverse), qPrintable(QString("qs %1 cyl %2 inv %3").arg(vQs).arg(vCyl).arg(gammaInverse)));
    const double gap = std::abs(vCyl - vQs) / std::abs(vQs);
    qInfo("v quasistatic %.6f, compressible %.6f m/s: relative gap %.2e", vQs, vCyl, gap);
    QVERIFY2(gap <= tolerance, qPrintable(QString("gap %1").arg(gap)));
}

// B6: explicit Euler on the compressible circuit (1 ml pump volume) follows CVODE at 2 us and
// breaks down at 20 us (notes §11: limit about 2V_p/(Be*G) = 5e-6 s, G = 2.5e-10 m3/(s*Pa)); the
// quasistatic actuator in the same run is unaffected.
void TestCompressibleReference::explicitEulerLimit() {
    const Netlist n = steadyCase(example_, 0.5, 0.0);
    const RunResult ref = buildAndRun(n, kVelocities, runOptions(solver("cvode", 1e-6), 0.5, 1e-4));
    QVERIFY2(ref.error.empty(), ref.error.c_str());
    auto gapToReference = [&](const RunResult& r, int column) {
        double worst = 0.0;
        const size_t count = std::min(r.trace.time.size(), ref.trace.time.size());
        for (size_t i = 0; i < count; ++i)
            if (ref.trace.time[i] >= 0.4)
                worst = std::max(worst, std::abs(r.trace.columns[static_cast<size_t>(column)][i] - ref.trace.columns[static_cast<size_t>(column)][i]));
        return worst;
    };
    const RunResult fine = buildAndRun(n, kVelocities, runOptions(solver("euler", 2e-6), 0.5, 1e-4));
    QVERIFY2(fine.error.empty(), fine.error.c_str());
    qInfo("explicit Euler 2 us, max |v - v_CVODE| over [0.4, 0.5] s: compressible %.2e, quasistatic %.2e m/s",
          gapToReference(fine, 1), gapToReference(fine, 0));
    QVERIFY(gapToReference(fine, 1) < 1e-3);
    QVERIFY(gapToReference(fine, 0) < 1e-4);
    const RunResult coarse = buildAndRun(n, kVelocities, runOptions(solver("euler", 2e-5), 0.5, 1e-4));
    if (coarse.error.empty()) qInfo("explicit Euler 20 us: max |v - v_CVODE| %.2e m/s", gapToReference(coarse, 1));
    else qInfo("explicit Euler 20 us: %s", coarse.error.c_str());
    QVERIFY2(!coarse.error.empty() || gapToReference(coarse, 1) > 1e-2,
             "explicit Euler at 20 us should leave the compressible circuit's solution");
}

QTEST_APPLESS_MAIN(TestCompressibleReference)
#include "test_compressible_reference.moc"
