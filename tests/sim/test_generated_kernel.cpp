// SPDX-License-Identifier: GPL-3.0-or-later
// The generated circuit kernel (sim/kernel/, "kernel": "generated") against the interpreted path:
// its right-hand side equals System::rhs bit for bit on Circuits 1 and 2 at many states and
// times (at, and a few ulps around, every edge of their PRMS and square inputs), a whole RK4 run
// gives the same samples and steps, a circuit with a type that has no kernel equations runs
// interpreted with a message naming it, as does a stepper other than rk4 or an unusable cache,
// and a second build reuses the cached library.
#include <QtTest/QtTest>

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <random>

#include "model/circuit.h"
#include "model/circuit_io.h"
#include "sim/kernel/kernel_compiler.h"
#include "sim/simulator.h"
#include "sim_test_util.h"

using namespace hs::sim;
using namespace hs::sim::test;

namespace {

struct Example {
    Netlist net;
    std::vector<ProbeSpec> probes;
};

Example example(const char* file) {
    const hs::model::LoadResult lr = hs::model::loadCircuit(QString::fromUtf8(file), registry());
    if (!lr.ok()) qFatal("%s", qPrintable(lr.errors.join("; ")));
    return {hs::model::toNetlist(*lr.circuit), hs::model::toProbes(*lr.circuit)};
}

SolverSettings generated(double dt, const std::string& stepper = "rk4") {
    SolverSettings s = solver(stepper, dt);
    s.kernel = "generated";
    return s;
}

bool anyWarningContains(const BuildResult& b, const std::string& text) {
    for (const auto& w : b.warnings)
        if (w.find(text) != std::string::npos) return true;
    return false;
}

std::string warnings(const BuildResult& b) {
    std::string s;
    for (const auto& w : b.warnings) s += w + "; ";
    return s;
}

// Times at and a few ulps around every multiple of step in [0, count*step], and in between.
std::vector<double> edgeTimes(double step, int count) {
    std::vector<double> ts;
    for (int k = 0; k <= count; ++k) {
        const double e = k * step;
        double below = e, above = e;
        ts.push_back(e);
        for (int u = 0; u < 3; ++u) {
            below = std::nextafter(below, -1.0);
            above = std::nextafter(above, 10.0 * step * count);
            if (below >= 0) ts.push_back(below);
            ts.push_back(above);
        }
        ts.push_back(e + 0.37 * step);
    }
    return ts;
}

void expectSameBits(const std::vector<double>& a, const std::vector<double>& b, const System& sys, double t) {
    for (size_t i = 0; i < a.size(); ++i)
        if (std::memcmp(&a[i], &b[i], sizeof(double)) != 0)
            QFAIL(qPrintable(QStringLiteral("t = %1, state %2 (%3): generated %4, interpreted %5")
                                 .arg(t, 0, 'g', 17).arg(i).arg(QString::fromStdString(sys.states[i].name))
                                 .arg(a[i], 0, 'g', 17).arg(b[i], 0, 'g', 17)));
}

// The kernel's rhs against System::rhs at states of a run (ends of runs of several lengths), each
// also perturbed at random, at every time of `times`, forwards and backwards.
void compareRhs(const char* file, double dt, const std::vector<double>& runLengths, const std::vector<double>& times) {
    Example ex = example(file);
    BuildResult b = build(registry(), ex.net, generated(dt));
    QVERIFY2(b.system, b.errorText().c_str());
    System& sys = *b.system;
    const GeneratedKernel* k = sys.kernel();
    QVERIFY2(k, warnings(b).c_str());
    const size_t n = static_cast<size_t>(sys.stateCount());
    QCOMPARE(k->stateCount(), static_cast<int>(n));
    std::vector<std::vector<double>> states;
    for (double T : runLengths) {
        BuildResult r = build(registry(), ex.net, solver("rk4", dt));
        RunOptions o;
        o.duration = T;
        o.recordInterval = T;
        o.solver = solver("rk4", dt);
        const RunResult res = simulate(*r.system, ex.probes, o);
        QVERIFY2(res.ok, res.error.c_str());
        states.push_back(res.finalState);
    }
    std::mt19937_64 rng(12);
    std::uniform_real_distribution<double> u(0.8, 1.2);
    const size_t runs = states.size();
    for (size_t s = 0; s < runs; ++s)
        for (int v = 0; v < 3; ++v) {
            std::vector<double> y = states[s];
            for (double& x : y) x *= u(rng);
            states.push_back(y);
        }
    std::vector<double> dyK(n), dyI(n);
    int compared = 0;
    for (const auto& y : states)
        for (int pass = 0; pass < 2; ++pass)
            for (size_t i = 0; i < times.size(); ++i) {
                const double t = pass == 0 ? times[i] : times[times.size() - 1 - i];
                k->rhs(t, y.data(), dyK.data());
                sys.rhs(t, y.data(), dyI.data());
                expectSameBits(dyK, dyI, sys, t);
                ++compared;
            }
    QVERIFY(compared > 1000);
}

// A whole run with the kernel and one without: the same steps and samples, bit for bit.
void compareRuns(const char* file, double dt, double duration) {
    Example ex = example(file);
    BuildResult g = build(registry(), ex.net, generated(dt));
    BuildResult i = build(registry(), ex.net, solver("rk4", dt));
    QVERIFY2(g.system && g.system->kernel(), warnings(g).c_str());
    RunOptions o;
    o.duration = duration;
    o.recordInterval = 1e-3;
    o.solver = generated(dt);
    const RunResult rg = simulate(*g.system, ex.probes, o);
    o.solver = solver("rk4", dt);
    const RunResult ri = simulate(*i.system, ex.probes, o);
    QVERIFY2(rg.ok && ri.ok, (rg.error + ri.error).c_str());
    QCOMPARE(rg.kernel, std::string("generated"));
    QCOMPARE(ri.kernel, std::string("interpreted"));
    QCOMPARE(rg.steps, ri.steps);
    QCOMPARE(rg.trace.time.size(), ri.trace.time.size());
    QVERIFY(rg.trace.time.size() > 100);
    for (size_t c = 0; c < ri.trace.columns.size(); ++c)
        QVERIFY2(std::memcmp(rg.trace.columns[c].data(), ri.trace.columns[c].data(), ri.trace.columns[c].size() * sizeof(double)) == 0,
                 ri.trace.names[c].c_str());
    QVERIFY(std::memcmp(rg.finalState.data(), ri.finalState.data(), ri.finalState.size() * sizeof(double)) == 0);
}

}  // namespace

class TestGeneratedKernel : public QObject {
    Q_OBJECT
    QTemporaryDir cache_;

private slots:
    void initTestCase() {
        QVERIFY(cache_.isValid());
        qputenv("HYDROSTIFF_KERNEL_CACHE", cache_.path().toUtf8());
    }

    // Circuit 1: three PRMS inputs (period 0.5 s, one in levels mode), constant Be, compensator,
    // throttle, orifice, on/off valve. Circuit 2: square command, log10 Be, 4/3 valve, cylinder
    // chambers, mass, LuGre friction, shuttle.
    void rhsEqualsInterpretedCircuit1() {
        compareRhs(HS_SOURCE_DIR "/examples/circuit1_fcv.hydro.json", 1e-6, {0.01, 0.6, 2.05}, edgeTimes(0.5, 8));
    }
    void rhsEqualsInterpretedCircuit2() {
        compareRhs(HS_SOURCE_DIR "/examples/circuit2_pcv.hydro.json", 1e-5, {0.01, 1.3, 2.6}, edgeTimes(1.0, 6));
    }
    void runEqualsInterpretedCircuit1() { compareRuns(HS_SOURCE_DIR "/examples/circuit1_fcv.hydro.json", 1e-6, 0.6); }
    void runEqualsInterpretedCircuit2() { compareRuns(HS_SOURCE_DIR "/examples/circuit2_pcv.hydro.json", 1e-5, 2.2); }

    // A laminar orifice has no kernel equations: the build says so and the run is interpreted,
    // with the interpreted results.
    void unsupportedTypeFallsBack() {
        Netlist n;
        n.components = {comp("PressureSource", "src", {{"p", 1e7}}), comp("LaminarOrifice", "lam", {{"G", 1e-11}}),
                        comp("Volume", "V", {{"V", 1e-4}, {"p0", 1e5}}), comp("TurbulentOrifice", "out", {{"k", 1e-7}}, {{"spec", "k"}}),
                        comp("Tank", "tank", {{"p", 0.0}})};
        n.wires = {wire("src", "P", "lam", "A"), wire("lam", "B", "V", "P1"), wire("V", "P2", "out", "A"), wire("out", "B", "tank", "P")};
        BuildResult g = build(registry(), n, generated(1e-5));
        QVERIFY(g.system);
        QVERIFY(!g.system->kernel());
        QVERIFY2(anyWarningContains(g, "component 'lam' (LaminarOrifice) has no generated-kernel equations"), warnings(g).c_str());
        QVERIFY2(anyWarningContains(g, "interpreted"), warnings(g).c_str());
        BuildResult i = build(registry(), n, solver("rk4", 1e-5));
        RunOptions o;
        o.duration = 0.05;
        o.solver = generated(1e-5);
        const std::vector<ProbeSpec> probes{{"p", "pressure", "V.P1"}};
        const RunResult rg = simulate(*g.system, probes, o);
        const RunResult ri = simulate(*i.system, probes, o);
        QVERIFY(rg.ok && ri.ok);
        QCOMPARE(rg.kernel, std::string("interpreted"));
        QVERIFY(rg.trace.columns[0] == ri.trace.columns[0]);
    }
    void otherStepperFallsBack() {
        BuildResult g = build(registry(), example(HS_SOURCE_DIR "/examples/circuit2_pcv.hydro.json").net, generated(1e-5, "euler"));
        QVERIFY(g.system && !g.system->kernel());
        QVERIFY2(anyWarningContains(g, "rk4 stepper only"), warnings(g).c_str());
    }
    void unusableCacheFallsBack() {
        qputenv("HYDROSTIFF_KERNEL_CACHE", "/proc/hydrostiff-no-such-dir");
        BuildResult g = build(registry(), example(HS_SOURCE_DIR "/examples/circuit2_pcv.hydro.json").net, generated(1e-5));
        qputenv("HYDROSTIFF_KERNEL_CACHE", cache_.path().toUtf8());
        QVERIFY(g.system && !g.system->kernel());
        QVERIFY2(anyWarningContains(g, "cannot create the kernel cache /proc/hydrostiff-no-such-dir"), warnings(g).c_str());
    }

    // A fresh cache compiles; the same circuit again loads the library it stored.
    void cacheReusesLibrary() {
        QTemporaryDir fresh;
        qputenv("HYDROSTIFF_KERNEL_CACHE", fresh.path().toUtf8());
        const Netlist net = example(HS_SOURCE_DIR "/examples/circuit1_fcv.hydro.json").net;
        BuildResult first = build(registry(), net, generated(1e-6));
        BuildResult second = build(registry(), net, generated(1e-6));
        qputenv("HYDROSTIFF_KERNEL_CACHE", cache_.path().toUtf8());
        QVERIFY2(first.system && first.system->kernel(), warnings(first).c_str());
        QVERIFY2(second.system && second.system->kernel(), warnings(second).c_str());
        QVERIFY(!first.system->kernel()->fromCache());
        QVERIFY(first.system->kernel()->compileSeconds() > 0.0);
        QVERIFY(second.system->kernel()->fromCache());
        QCOMPARE(second.system->kernel()->compileSeconds(), 0.0);
        QCOMPARE(second.system->kernel()->library(), first.system->kernel()->library());
        QVERIFY(QString::fromStdString(first.system->kernel()->library()).startsWith(fresh.path()));
        // A changed parameter is another kernel.
        Netlist other = net;
        for (auto& c : other.components)
            if (c.id == "orifice") c.num["k"] = 5.63e-7;
        BuildResult third = build(registry(), other, generated(1e-6));
        QVERIFY(third.system && third.system->kernel());
        QVERIFY(third.system->kernel()->library() != first.system->kernel()->library());
    }
};

QTEST_GUILESS_MAIN(TestGeneratedKernel)
#include "test_generated_kernel.moc"
