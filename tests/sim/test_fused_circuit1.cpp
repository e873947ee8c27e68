// SPDX-License-Identifier: GPL-3.0-or-later
// The hand-fused Circuit 1 of tools/bench and the engine running examples/circuit1_fcv.hydro.json
// (loaded from the file, so the fused code's hard-coded parameters are checked against the
// example's) integrate the same equations: RK4 at the example's reference step (1e-6 s) over the
// first 0.2 s, and at its RK4 1e-5 configuration over 2.6 s (the throttle opens at 2 s), agree
// to rounding in p1, p2, K and k_t (observed: bit for bit).
#include <QtTest/QtTest>

#include <algorithm>
#include <cmath>
#include <optional>

#include "fused_circuit1.h"
#include "model/circuit.h"
#include "model/circuit_io.h"
#include "sim_test_util.h"

using namespace hs::sim;
using namespace hs::sim::test;

namespace {

struct Agreement {
    double rel[4] = {}, lo[4] = {}, hi[4] = {};
    double relIn[4] = {};  // the same over the samples with t in [from, to) only
};

const char* const kNames[4] = {"p1", "p2", "K", "kt"};

// Runs the example's configuration `config` for T seconds through the engine and the fused code
// and returns, per probe, max |engine - fused| over the engine's samples relative to max |fused|.
Agreement compare(const hs::model::Circuit& c, const QString& config, double T, double rec, double from = 0,
                  double to = 0) {
    Agreement a;
    const hs::model::SolverConfigDoc* cfg = c.config(config);
    if (!cfg) QTest::qFail(qPrintable("no configuration " + config), __FILE__, __LINE__);
    if (!cfg) return a;
    // plain RK4 on every state (no pressure method), as the fused code
    if (cfg->stepper != QStringLiteral("rk4") || !cfg->methods.empty() || cfg->defaultMethod) {
        QTest::qFail("the configuration is not plain RK4", __FILE__, __LINE__);
        return a;
    }
    const double dt = cfg->dt;
    const SolverSettings s = hs::model::toSolverSettings(*cfg);
    BuildResult b = build(registry(), hs::model::toNetlist(c), s);
    if (!b.ok()) QTest::qFail(b.errorText().c_str(), __FILE__, __LINE__);
    if (!b.ok()) return a;
    const std::vector<ProbeSpec> probes = hs::model::toProbes(c);  // p1, p2, K, kt
    RunResult r = simulate(*b.system, probes, runOptions(s, T, rec));
    if (!r.ok) QTest::qFail(r.error.c_str(), __FILE__, __LINE__);
    if (!r.ok) return a;
    // every step of the fused run: each engine sample is compared with the fused state of the
    // same step (a sample time is t accumulated by t += dt, as in the fused loop)
    const hs::bench::FusedTrace1 f = hs::bench::fusedCircuit1(T, dt, 1);
    const std::vector<double>* fcol[4] = {&f.p1, &f.p2, &f.K, &f.kt};
    double err[4] = {}, errIn[4] = {}, dtime = 0;
    for (int k = 0; k < 4; ++k) {
        a.lo[k] = 1e300;
        a.hi[k] = -1e300;
        if (probes.size() != 4 || r.trace.names[size_t(k)] != kNames[k])
            QTest::qFail("the example's probes are not p1, p2, K, kt", __FILE__, __LINE__);
    }
    if (f.steps != r.steps) QTest::qFail("different step counts", __FILE__, __LINE__);
    for (size_t i = 0; i < r.trace.time.size(); ++i) {
        const double te = r.trace.time[i];
        const size_t j = std::min(static_cast<size_t>(std::llround(te / dt)), f.t.size() - 1);
        dtime = std::max(dtime, std::abs(f.t[j] - te));
        for (int k = 0; k < 4; ++k) {
            const double fe = (*fcol[k])[j], en = r.trace.columns[size_t(k)][i];
            err[k] = std::max(err[k], std::abs(fe - en));
            if (te >= from && te < to) errIn[k] = std::max(errIn[k], std::abs(fe - en));
            a.lo[k] = std::min(a.lo[k], fe);
            a.hi[k] = std::max(a.hi[k], fe);
        }
    }
    if (dtime > 1e-12) QTest::qFail("the engine's sample times are not steps of the fused run", __FILE__, __LINE__);
    for (int k = 0; k < 4; ++k) {
        const double scale = std::max(std::abs(a.lo[k]), std::abs(a.hi[k]));
        a.rel[k] = scale > 0 ? err[k] / scale : err[k];
        a.relIn[k] = scale > 0 ? errIn[k] / scale : errIn[k];
        const QString in = to > from ? QString("; in [%1, %2) s %3").arg(from).arg(to).arg(a.relIn[k], 0, 'g', 3) : QString();
        qInfo("%-2s in [%.6g, %.6g], max |engine - fused| %.3g, relative to max |%s| %.3g%s", kNames[k], a.lo[k],
              a.hi[k], err[k], kNames[k], a.rel[k], qPrintable(in));
    }
    qInfo("%s, %g s: %ld steps, %zu samples, engine %.3f s wall; final p1 %.17g vs %.17g, p2 %.17g vs %.17g",
          qPrintable(config), T, r.steps, r.trace.time.size(), r.wallSeconds, r.trace.columns[0].back(), f.y[0],
          r.trace.columns[1].back(), f.y[1]);
    return a;
}

}  // namespace

class TestFusedCircuit1 : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void referenceStepStart();
    void throttleOpening();

private:
    std::optional<hs::model::Circuit> circuit_;
};

void TestFusedCircuit1::initTestCase() {
    const hs::model::LoadResult lr =
        hs::model::loadCircuit(QStringLiteral(HS_SOURCE_DIR "/examples/circuit1_fcv.hydro.json"), registry());
    QVERIFY2(lr.ok(), qPrintable(lr.errors.join("; ")));
    circuit_ = *lr.circuit;
    const hs::model::SolverConfigDoc* ref = circuit_->reference();
    QVERIFY(ref);
    QCOMPARE(ref->name, QStringLiteral("RK4 1e-6"));
}

// Bounds (relative to the largest |value| of each probe in the window). Observed: 0 everywhere,
// the engine equals the fused code bit for bit. Tried on the fused code:
// - rounding-only rewrites (Be*(q)/V for Be/V*q on either volume, qt - (qo + qv), ssqrt through
//   copysign, C6*C7*C7 regrouped): <= 3e-16 in the start-up window, but the throttle opening at 2 s (RK4 1e-5 on V1
//   at its stability limit, p1 near 0 where the square roots are singular) amplifies them to
//   4.3e-3 in p1, 3.9e-4 in p2, 6.6e-7 in K over the window, decaying to <= 2.9e-8 by
//   [2.45, 2.5) s while the flow runs through the open throttle;
// - one parameter changed by 1e-6 relative: C2, C3, C5, C6, C7, C8, C9, k1, Be, V1, V2, K0, kt0,
//   the supply and command ranges fail the start-up window (5e-10 .. 2e-6); k2 (the on/off valve
//   is shut until 2 s) fails the settled window (9.9e-7 in p2); C1 (0.02 % of the C2*(p_s - p1)
//   term it is added to) fails the start-up window from +1 % (9.5e-10);
// - the compensator flow without max(K, 0): fails the start-up window (3.7e-8).
// So: 1e-10 at the reference step, where rounding is not amplified; across the throttle opening
// 5e-2 over the window (gross errors) and 3e-7 over [2.45, 2.5) s (10x the rounding residue).
constexpr double kBound = 1e-10;
constexpr double kBoundOpening = 0.05, kBoundSettled = 3e-7;

// The example's reference step, 1e-6 s, over 0.2 s: the start-up transient (the compensator
// opens and V1 fills to 2.5 MPa, K driven to 0 and projected, the throttle command below C9
// closes the throttle (k_t < 0), V2 drains through the orifice; the on/off valve is shut).
void TestFusedCircuit1::referenceStepStart() {
    QVERIFY(circuit_);
    const Agreement a = compare(*circuit_, QStringLiteral("RK4 1e-6"), 0.2, 1e-4);
    QVERIFY(a.hi[0] > 2e6);
    QVERIFY(a.hi[1] > 100.0);
    QVERIFY(a.hi[2] > 1e-9 && a.lo[2] == 0.0);
    QVERIFY(a.lo[3] < -1e-6);
    for (int k = 0; k < 4; ++k) QVERIFY2(a.rel[k] < kBound, qPrintable(QString("%1: %2").arg(kNames[k]).arg(a.rel[k])));
}

// The example's RK4 1e-5 configuration over 2.6 s: five input switches at 0.5 s, the throttle
// opens at 2.0 s (U = 4 V) with the on/off valve open, V2 fills to ~1.9 MPa, the compensator
// regulates, and at 2.5 s the throttle closes again.
void TestFusedCircuit1::throttleOpening() {
    QVERIFY(circuit_);
    const Agreement a = compare(*circuit_, QStringLiteral("RK4 1e-5"), 2.6, 1e-3, 2.45, 2.5);
    QVERIFY(a.hi[1] > 1e6);
    QVERIFY(a.hi[2] > 1e-7);
    QVERIFY(a.hi[3] > 1e-6);
    for (int k = 0; k < 4; ++k) {
        QVERIFY2(a.rel[k] < kBoundOpening, qPrintable(QString("%1: %2").arg(kNames[k]).arg(a.rel[k])));
        QVERIFY2(a.relIn[k] < kBoundSettled, qPrintable(QString("%1 settled: %2").arg(kNames[k]).arg(a.relIn[k])));
    }
}

QTEST_APPLESS_MAIN(TestFusedCircuit1)
#include "test_fused_circuit1.moc"
