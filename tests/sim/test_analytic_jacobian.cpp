// SPDX-License-Identifier: GPL-3.0-or-later
// The analytic Jacobian (core/sim/analytic_jacobian.h):
// - every partial a component declares equals a central difference of that component alone
//   (1e-6 relative; at a kink, one of the one-sided differences) at random states around states taken along runs of Circuit 1, Circuit 2 and
//   a small circuit of the other declaring types; and no partial the differences find is missing;
// - the assembled Jacobian equals the finite-difference one of the whole right-hand side (the
//   dense one of coloured_jacobian.h) on Circuits 1 and 2, within the forward differences' error;
// - rosw3, SDIRK2 and CVODE give the same results with it as with the coloured differences,
//   within their tolerances, and a circuit the assembler does not model falls back.
#include <QtTest/QtTest>

#include <cmath>
#include <map>
#include <optional>
#include <random>
#include <set>
#include <vector>

#include "model/circuit.h"
#include "model/circuit_io.h"
#include "sim/analytic_jacobian.h"
#include "sim/coloured_jacobian.h"
#include "sim/system_jacobian.h"
#include "sim_test_util.h"

using namespace hs::sim;
using namespace hs::sim::test;

namespace {

struct Loaded {
    std::optional<hs::model::Circuit> circuit;
    SolverSettings settings;
};

Loaded load(const QString& file, const QString& config) {
    hs::model::LoadResult lr = hs::model::loadCircuit(QStringLiteral(HS_SOURCE_DIR "/examples/") + file, registry());
    Loaded l;
    if (!lr.ok()) return l;
    const hs::model::SolverConfigDoc* cfg = lr.circuit->config(config);
    if (!cfg) return l;
    l.settings = hs::model::toSolverSettings(*cfg);
    l.circuit = std::move(lr.circuit);
    return l;
}

// A circuit of the declaring types Circuits 1 and 2 do not have: laminar orifice, check valve,
// relief valve, flow source (commanded), mass with friction and spring, spring, viscous friction,
// force source (commanded).
Netlist otherTypes() {
    Netlist net;
    net.components = {comp("PressureSource", "src", {{"p", 2e7}}), comp("LaminarOrifice", "lam", {{"G", 1e-11}}),
                      comp("Volume", "V1", {{"V", 1e-4}, {"p0", 5e6}}),
                      comp("CheckValve", "chk", {{"k", 1e-7}, {"p_crack", 1e5}, {"dp_open", 5e5}, {"dp_tr", 1e4}}),
                      comp("Volume", "V2", {{"V", 2e-4}, {"p0", 1e6}}), comp("ReliefValve", "rv", {{"p_crack", 3e6}, {"Kq", 1e-10}}),
                      comp("Tank", "tank", {{"p", 0.0}}), comp("FlowSource", "fs"),
                      comp("Sine", "q_cmd", {{"amplitude", 1e-5}, {"omega", 3.0}, {"offset", 1e-5}}),
                      comp("Mass", "load", {{"m", 50.0}, {"b", 200.0}, {"k", 1e4}}), comp("Spring", "spring", {{"k", 5e3}, {"x_free", 0.1}}),
                      comp("ViscousFriction", "damper", {{"b", 300.0}}), comp("ForceSource", "force"),
                      comp("Sine", "f_cmd", {{"amplitude", 100.0}, {"omega", 2.0}})};
    net.wires = {wire("src", "P", "lam", "A"),     wire("lam", "B", "V1", "P1"),    wire("V1", "P2", "chk", "A"),
                 wire("chk", "B", "V2", "P1"),     wire("V2", "P2", "rv", "P"),     wire("rv", "T", "tank", "P"),
                 wire("fs", "P", "V2", "P3"),      wire("q_cmd", "out", "fs", "Q"), wire("load", "m", "spring", "m"),
                 wire("load", "m", "damper", "m"), wire("load", "m", "force", "m"), wire("f_cmd", "out", "force", "F")};
    return net;
}

// Each state moved by up to 10 % of itself and by 1-2 % of its nominal magnitude (never less:
// a drained volume is moved off the tank's pressure).
void randomAround(const System& sys, std::vector<double>& y, std::mt19937& rng) {
    std::uniform_real_distribution<double> u(-1.0, 1.0);
    for (size_t i = 0; i < y.size(); ++i) {
        const double v = u(rng);
        y[i] += 0.1 * u(rng) * y[i] + (v < 0 ? -1.0 : 1.0) * (0.01 + 0.01 * std::abs(v)) * sys.states[i].nominal;
    }
}

// Declared against central differences of each declaring component at `at` (after a run there)
// and at random states around it. Returns the types checked.
void checkDeclared(System& sys, const SolverSettings& s, double at, std::set<std::string>& types) {
    const int n = sys.stateCount();
    std::vector<double> y(static_cast<size_t>(n));
    sys.initialState(y.data());
    if (at > 0) {
        RunOptions o = runOptions(s, at, 0.1);
        o.keepTrace = false;
        const RunResult r = simulate(sys, {}, o);
        QVERIFY2(r.ok, r.error.c_str());
        y = r.finalState;
    }
    AnalyticJacobian a;
    a.setUp(sys);
    std::mt19937 rng(12345u + static_cast<unsigned>(at * 10));
    // Random states around y: at y itself the pressures of connected volumes are often equal (at
    // t = 0) or a drained volume sits within a pascal of the tank, the kink of the square-root
    // law (slope unbounded), where a difference quotient is no reference.
    for (int sample = 0; sample < 4; ++sample) {
        std::vector<double> ys = y;
        randomAround(sys, ys, rng);
        for (int i = 0; i < n; ++i)
        for (size_t c = 0; c < sys.comps.size(); ++c) {
            if (sys.comps[c]->isStatic()) continue;
            std::vector<LocalPartial> declared, numeric, forward, backward;
            if (!a.declaredPartials(sys, static_cast<int>(c), at, ys.data(), declared)) continue;
            a.numericPartials(sys, static_cast<int>(c), at, ys.data(), 0, numeric);
            a.numericPartials(sys, static_cast<int>(c), at, ys.data(), 1, forward);
            a.numericPartials(sys, static_cast<int>(c), at, ys.data(), -1, backward);
            std::map<std::pair<int, int>, double> d, f, fw, bw;
            for (const LocalPartial& p : declared) d[{p.out, p.in}] += p.d;
            for (const LocalPartial& p : numeric) f[{p.out, p.in}] += p.d;
            for (const LocalPartial& p : forward) fw[{p.out, p.in}] += p.d;
            for (const LocalPartial& p : backward) bw[{p.out, p.in}] += p.d;
            // the scale of an output's partials: the largest of its row (a difference of ~1e-9 of
            // it is round-off of the central difference, whatever the entry)
            std::map<int, double> rowMax;
            for (const auto& [k, v] : f) rowMax[k.first] = std::max(rowMax[k.first], std::abs(v));
            std::set<std::pair<int, int>> keys;
            for (const auto& [k, v] : d) keys.insert(k);
            for (const auto& [k, v] : f) keys.insert(k);
            for (const auto& k : keys) {
                const double dv = d.count(k) ? d[k] : 0.0, fv = f.count(k) ? f[k] : 0.0;
                const double tol = 1e-6 * std::max(std::abs(dv), std::abs(fv)) + 1e-9 * rowMax[k.first];
                // At a kink (a command exactly at a clamp, a valve at its bound) the central
                // difference is the mean of the two sides; the declared partial must be one of them.
                auto oneSided = [&](std::map<std::pair<int, int>, double>& m) {
                    const double v = m.count(k) ? m[k] : 0.0;
                    return std::abs(dv - v) <= 1e-5 * std::max(std::abs(dv), std::abs(v)) + 1e-8 * rowMax[k.first];
                };
                if (!(std::abs(dv - fv) <= tol) && !oneSided(fw) && !oneSided(bw))
                    QFAIL(qPrintable(QStringLiteral("%1 (%2): d %3 / d %4 declared %5, central difference %6 (t = %7, sample %8)")
                                         .arg(QString::fromStdString(sys.comps[c]->id), QString::fromStdString(sys.comps[c]->spec->type),
                                              QString::fromStdString(a.describe(k.first)), QString::fromStdString(a.describe(k.second)))
                                         .arg(dv, 0, 'g', 12)
                                         .arg(fv, 0, 'g', 12)
                                         .arg(at)
                                         .arg(sample)));
            }
            types.insert(sys.comps[c]->spec->type);
        }
    }
}

double maxRelativeDifference(const Trace& a, const Trace& b, size_t column) {
    double worst = 0, scale = 0;
    for (double v : b.columns[column]) scale = std::max(scale, std::abs(v));
    for (size_t i = 0; i < a.time.size() && i < b.time.size(); ++i)
        worst = std::max(worst, std::abs(a.columns[column][i] - b.columns[column][i]));
    return scale > 0 ? worst / scale : worst;
}

}  // namespace

class TestAnalyticJacobian : public QObject {
    Q_OBJECT
private slots:
    void declaredPartialsMatchCentralDifferences();
    void assembledEqualsDifferences_data();
    void assembledEqualsDifferences();
    void steppersAgreeWithDifferences_data();
    void steppersAgreeWithDifferences();
    void unsupportedCircuitFallsBack();
};

void TestAnalyticJacobian::declaredPartialsMatchCentralDifferences() {
    std::set<std::string> types;
    for (const auto& [file, config] : {std::pair{"circuit1_fcv.hydro.json", "Rosenbrock-W rtol 5e-3"},
                                       std::pair{"circuit2_pcv.hydro.json", "Rosenbrock-W rtol 3e-2"}}) {
        const Loaded l = load(QString::fromLatin1(file), QString::fromLatin1(config));
        QVERIFY(l.circuit);
        for (double at : {0.0, 0.8, 3.3, 6.1}) {
            BuildResult b = build(registry(), hs::model::toNetlist(*l.circuit), l.settings);
            QVERIFY2(b.ok(), b.errorText().c_str());
            checkDeclared(*b.system, l.settings, at, types);
            if (QTest::currentTestFailed()) return;
        }
    }
    for (double at : {0.0, 0.3, 1.7}) {
        BuildResult b = build(registry(), otherTypes(), solver("rosw3", 1e-5, 1e-5, 1e-5));
        QVERIFY2(b.ok(), b.errorText().c_str());
        checkDeclared(*b.system, solver("rosw3", 1e-5, 1e-5, 1e-5), at, types);
        if (QTest::currentTestFailed()) return;
    }
    QString list;
    for (const std::string& t : types) list += QString::fromStdString(t) + " ";
    qInfo("types checked: %s", qPrintable(list));
    for (const char* t : {"TurbulentOrifice", "PressureCompensator", "ControlThrottle", "OnOffValve", "DirectionalValve43",
                          "ShuttleValve", "Cylinder", "LuGreFriction", "LaminarOrifice", "CheckValve", "ReliefValve",
                          "FlowSource", "Mass", "Spring", "ViscousFriction", "ForceSource"})
        QVERIFY2(types.count(t), t);
}

void TestAnalyticJacobian::assembledEqualsDifferences_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("config");
    QTest::newRow("circuit1") << QStringLiteral("circuit1_fcv.hydro.json") << QStringLiteral("SDIRK2 5e-4");
    QTest::newRow("circuit2") << QStringLiteral("circuit2_pcv.hydro.json") << QStringLiteral("ESDIRK rtol 1e-4");
}

// Entry by entry against the dense forward difference of the whole right-hand side (increment
// 1e-7 of max(|y_j|, nominal)): the difference's own error is its truncation, h/(4 dp) of a
// square-root entry (~1e-4 at a few kPa of drop), plus round-off of f_i over the increment;
// 5e-4 of the entry plus 1e-6 of the row's largest scaled entry leaves it room and nothing else.
void TestAnalyticJacobian::assembledEqualsDifferences() {
    QFETCH(QString, file);
    QFETCH(QString, config);
    const Loaded l = load(file, config);
    QVERIFY(l.circuit);
    // At random states around states along the run (off the square-root laws' kink, see above).
    std::mt19937 rng(777u);
    for (double at : {0.0, 0.8, 3.3, 6.1, 9.7}) {
        BuildResult b = build(registry(), hs::model::toNetlist(*l.circuit), l.settings);
        QVERIFY2(b.ok(), b.errorText().c_str());
        System& sys = *b.system;
        QCOMPARE(QString::fromStdString(AnalyticJacobian::unsupportedReason(sys)), QString());
        const int n = sys.stateCount();
        std::vector<double> y(static_cast<size_t>(n));
        sys.initialState(y.data());
        if (at > 0) {
            RunOptions o = runOptions(l.settings, at, 0.1);
            o.keepTrace = false;
            const RunResult r = simulate(sys, {}, o);
            QVERIFY2(r.ok, r.error.c_str());
            y = r.finalState;
        }
        randomAround(sys, y, rng);
        AnalyticJacobian a;
        a.setUp(sys);
        std::vector<double> f0(static_cast<size_t>(n)), ja(static_cast<size_t>(n * n)), jd(ja.size());
        const std::vector<double> before = y;
        QCOMPARE(a.evaluate(sys, at, y.data(), ja.data(), n), 1);
        QVERIFY(y == before);
        QCOMPARE(a.numericComponents(), 0);  // every component of these circuits declares its partials
        sys.rhs(at, y.data(), f0.data());
        ColouredJacobian::evaluateDense(sys, at, y.data(), f0.data(), jd.data(), n);
        double worst = 0.0;
        for (int i = 0; i < n; ++i) {
            double rowScale = 0.0;  // |J_ij| * nominal_j, the size of a column's effect on f_i
            for (int j = 0; j < n; ++j)
                rowScale = std::max(rowScale, std::abs(jd[static_cast<size_t>(j * n + i)]) * sys.states[static_cast<size_t>(j)].nominal);
            for (int j = 0; j < n; ++j) {
                const double av = ja[static_cast<size_t>(j * n + i)], dv = jd[static_cast<size_t>(j * n + i)];
                const double scaled = std::abs(av - dv) * sys.states[static_cast<size_t>(j)].nominal;
                const double tol = 5e-4 * std::abs(dv) * sys.states[static_cast<size_t>(j)].nominal + 1e-6 * rowScale;
                worst = std::max(worst, rowScale > 0 ? scaled / rowScale : scaled);
                if (!(scaled <= tol))
                    QFAIL(qPrintable(QStringLiteral("t = %1: d f(%2) / d %3: analytic %4, differences %5")
                                         .arg(at)
                                         .arg(QString::fromStdString(sys.states[static_cast<size_t>(i)].name),
                                              QString::fromStdString(sys.states[static_cast<size_t>(j)].name))
                                         .arg(av, 0, 'g', 12)
                                         .arg(dv, 0, 'g', 12)));
            }
        }
        qInfo("%s at t = %g s: %d states, largest difference %.3g of the row's scale", qPrintable(file), at, n, worst);
    }
}

void TestAnalyticJacobian::steppersAgreeWithDifferences_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("config");
    QTest::addColumn<double>("duration");
    QTest::addColumn<double>("tolerance");  // of the largest value of each probe
    QTest::newRow("circuit1 rosw3") << QStringLiteral("circuit1_fcv.hydro.json") << QStringLiteral("Rosenbrock-W rtol 5e-3") << 3.0 << 2e-2;
    QTest::newRow("circuit1 sdirk2") << QStringLiteral("circuit1_fcv.hydro.json") << QStringLiteral("SDIRK2 5e-4") << 3.0 << 1e-3;
    QTest::newRow("circuit1 cvode") << QStringLiteral("circuit1_fcv.hydro.json") << QStringLiteral("CVODE rtol 1e-6") << 3.0 << 1e-4;
    QTest::newRow("circuit2 rosw3") << QStringLiteral("circuit2_pcv.hydro.json") << QStringLiteral("Rosenbrock-W rtol 3e-2") << 20.0 << 3e-2;
    QTest::newRow("circuit2 cvode") << QStringLiteral("circuit2_pcv.hydro.json") << QStringLiteral("CVODE") << 4.0 << 1e-4;
    QTest::newRow("circuit2 esdirk3") << QStringLiteral("circuit2_pcv.hydro.json") << QStringLiteral("ESDIRK rtol 1e-4") << 4.0 << 1e-2;
}

// Same configuration, analytic against coloured differences: every probe within `tolerance` of
// its largest value (of the order of each run's own error: CVODE rtol 1e-8 on Circuit 2 is
// 2.3e-5 RRMSE from RK4 1e-5, ESDIRK rtol 1e-4 2.8e-4, docs/performance.md §8), and the analytic
// run no further from RK4 1e-5 than twice the differences' run (plus 1e-4 of the probe's range).
void TestAnalyticJacobian::steppersAgreeWithDifferences() {
    QFETCH(QString, file);
    QFETCH(QString, config);
    QFETCH(double, duration);
    QFETCH(double, tolerance);
    const Loaded l = load(file, config);
    QVERIFY(l.circuit);
    const std::vector<ProbeSpec> probes = hs::model::toProbes(*l.circuit);
    RunResult runs[2];
    for (int k = 0; k < 2; ++k) {
        SolverSettings s = l.settings;
        s.jacobian = k == 0 ? "analytic" : "differences";
        RunOptions o = runOptions(s, duration, 1e-2);
        runs[k] = buildAndRun(hs::model::toNetlist(*l.circuit), probes, o);
        QVERIFY2(runs[k].ok, runs[k].error.c_str());
    }
    const hs::model::SolverConfigDoc* rk4 = l.circuit->config(QStringLiteral("RK4 1e-5"));
    QVERIFY(rk4);
    const RunResult ref = buildAndRun(hs::model::toNetlist(*l.circuit), probes, runOptions(hs::model::toSolverSettings(*rk4), duration, 1e-2));
    QVERIFY2(ref.ok, ref.error.c_str());
    double worst = 0.0;
    for (size_t c = 0; c < probes.size(); ++c) {
        const double d = maxRelativeDifference(runs[0].trace, runs[1].trace, c);
        worst = std::max(worst, d);
        QVERIFY2(d <= tolerance, qPrintable(QStringLiteral("%1: %2 of its largest value").arg(QString::fromStdString(probes[c].name)).arg(d)));
        const double ea = maxRelativeDifference(runs[0].trace, ref.trace, c), ed = maxRelativeDifference(runs[1].trace, ref.trace, c);
        QVERIFY2(ea <= 2.0 * ed + 1e-4, qPrintable(QStringLiteral("%1 from RK4: analytic %2, differences %3").arg(QString::fromStdString(probes[c].name)).arg(ea).arg(ed)));
    }
    qInfo("%s %s: steps %ld / %ld, rhs %ld / %ld (analytic / differences), largest probe difference %.3g",
          qPrintable(file), qPrintable(config), runs[0].steps, runs[1].steps, runs[0].rhsEvaluations, runs[1].rhsEvaluations, worst);
}

// A TLM volume is not the plain continuity equation: SDIRK2 there keeps the coloured differences.
void TestAnalyticJacobian::unsupportedCircuitFallsBack() {
    const Loaded l = load(QStringLiteral("circuit1_fcv.hydro.json"), QStringLiteral("TLM V1 1e-3 SDIRK2"));
    QVERIFY(l.circuit);
    BuildResult b = build(registry(), hs::model::toNetlist(*l.circuit), l.settings);
    QVERIFY2(b.ok(), b.errorText().c_str());
    QVERIFY(!AnalyticJacobian::unsupportedReason(*b.system).empty());
    std::vector<double> y(static_cast<size_t>(b.system->stateCount()));
    b.system->initialState(y.data());
    SystemJacobian j;
    j.setUp(*b.system, 0.0, y.data(), JacobianKind::Analytic);
    QVERIFY(!j.analytic());
    QVERIFY(!j.fallbackReason().empty());
    qInfo("fallback: %s", j.fallbackReason().c_str());
    JacobianKind kind{};
    QVERIFY(!parseJacobianKind("exact", kind));
}

QTEST_GUILESS_MAIN(TestAnalyticJacobian)
#include "test_analytic_jacobian.moc"
