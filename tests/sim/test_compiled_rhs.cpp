// SPDX-License-Identifier: GPL-3.0-or-later
// The serial right-hand side's compiled form (System::rhsPlain: ContinuityPass, held sources)
// against the general path it replaces, bit for bit: the partition path (rhsPartition with one
// partition) still evaluates every component and every node through NodeHot/nodeDerivative and
// BulkModulus::operator(). Circuits 1 and 2 of the examples (constant and log10 bulk modulus,
// chambers, PRMS and square sources), Circuit 2 with the natural-log law, and a node with more
// ports than the compact form takes (general path beside the compiled one). Also: the interval
// cache of the held sources returns exactly what their formula gives, at and around every edge.
#include <QtTest/QtTest>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <random>

#include "model/circuit.h"
#include "model/circuit_io.h"
#include "sim/equations/interval_cache.h"
#include "sim_test_util.h"

using namespace hs::sim;
using namespace hs::sim::test;

namespace {

Netlist exampleNet(const char* file) {
    const hs::model::LoadResult lr = hs::model::loadCircuit(QString::fromUtf8(file), registry());
    if (!lr.ok()) qFatal("%s", qPrintable(lr.errors.join("; ")));
    return hs::model::toNetlist(*lr.circuit);
}

// Five orifices from the source into one volume port, one out of it: a node with six flow ports
// (general path), then a volume X with two (compiled) on the way to the tank.
Netlist widePortNet() {
    Netlist n;
    n.fluid.bulk.model = BulkModulus::Model::LogLaw;
    n.components = {comp("PressureSource", "src", {{"p", 10e6}}), comp("Volume", "V", {{"V", 1e-4}, {"p0", 1e5}}),
                    comp("Volume", "W", {{"V", 2e-4}, {"p0", 1e5}}), comp("TurbulentOrifice", "out", {{"k", 1e-7}}, {{"spec", "k"}}),
                    comp("Volume", "X", {{"V", 1e-5}, {"p0", 1e5}}), comp("TurbulentOrifice", "out2", {{"k", 2e-7}}, {{"spec", "k"}}),
                    comp("Tank", "tank", {{"p", 0.0}})};
    for (int i = 0; i < 5; ++i) {
        const std::string id = "o" + std::to_string(i);
        n.components.push_back(comp("TurbulentOrifice", id, {{"k", 1e-7 * (i + 1)}}, {{"spec", "k"}}));
        n.wires.push_back(wire("src", "P", id, "A"));
        n.wires.push_back(wire(id, "B", "V", "P1"));
    }
    n.wires.push_back(wire("V", "P2", "W", "P1"));
    n.wires.push_back(wire("W", "P2", "out", "A"));
    n.wires.push_back(wire("out", "B", "X", "P1"));
    n.wires.push_back(wire("X", "P2", "out2", "A"));
    n.wires.push_back(wire("out2", "B", "tank", "P"));
    return n;
}

// rhs() and rhsPartition(0) of a one-partition split give the same bits at the given states.
void compareWithGeneralPath(const Netlist& net, const std::vector<double>& times) {
    BuildResult b = build(registry(), net, solver("rk4", 1e-5));
    QVERIFY2(b.system, b.errorText().c_str());
    System& sys = *b.system;
    const size_t n = static_cast<size_t>(sys.stateCount());
    std::vector<double> y0(n), y(n), dyPlain(n), dyGeneral(n);
    sys.initialState(y0.data());
    QVERIFY(sys.setPartitions(std::vector<int>(sys.comps.size(), 0), 1).empty());
    for (int variant = 0; variant < 4; ++variant) {
        for (size_t i = 0; i < n; ++i) y[i] = y0[i] * (1.0 + 0.013 * variant * (1.0 + 0.1 * static_cast<double>(i)));
        for (double t : times) {
            sys.rhs(t, y.data(), dyPlain.data());
            sys.rhsPartition(0, t, y.data(), dyGeneral.data());
            for (size_t i = 0; i < n; ++i)
                if (std::memcmp(&dyPlain[i], &dyGeneral[i], sizeof(double)) != 0)
                    QFAIL(qPrintable(QStringLiteral("t = %1, state %2 (%3): %4 != %5")
                                         .arg(t, 0, 'g', 17).arg(i).arg(QString::fromStdString(sys.states[i].name))
                                         .arg(dyPlain[i], 0, 'g', 17).arg(dyGeneral[i], 0, 'g', 17)));
        }
    }
}

// Times at and a few ulps around every multiple of step in [0, count*step], forward.
std::vector<double> edgeTimes(double offset, double step, int count) {
    std::vector<double> ts;
    for (int k = 0; k <= count; ++k) {
        double t = offset + k * step;
        for (int j = 0; j < 3; ++j) t = std::nextafter(t, -INFINITY);
        for (int j = 0; j < 7; ++j, t = std::nextafter(t, INFINITY)) ts.push_back(t);
    }
    return ts;
}

}  // namespace

class TestCompiledRhs : public QObject {
    Q_OBJECT
private slots:
    void circuit2Log10();
    void circuit2NaturalLog();
    void circuit1ConstantWithPrms();
    void nodeWithManyPorts();
    void intervalCacheExact();
    void squareWaveExactAtEdges();
};

void TestCompiledRhs::circuit2Log10() {
    std::vector<double> ts = edgeTimes(0.0, 1.0, 4);  // square wave: period 2, duty 0.5
    ts.push_back(0.123);
    compareWithGeneralPath(exampleNet(HS_SOURCE_DIR "/examples/circuit2_pcv.hydro.json"), ts);
}

void TestCompiledRhs::circuit2NaturalLog() {
    Netlist n = exampleNet(HS_SOURCE_DIR "/examples/circuit2_pcv.hydro.json");
    n.fluid.bulk.naturalLog = true;
    compareWithGeneralPath(n, {0.0, 0.7, 1.3});
}

void TestCompiledRhs::circuit1ConstantWithPrms() {
    std::vector<double> ts = edgeTimes(0.0, 0.5, 6);  // the PRMS period
    std::vector<double> back(ts.rbegin(), ts.rend());
    ts.insert(ts.end(), back.begin(), back.end());  // and backwards (a cache must not assume time runs forward)
    compareWithGeneralPath(exampleNet(HS_SOURCE_DIR "/examples/circuit1_fcv.hydro.json"), ts);
}

void TestCompiledRhs::nodeWithManyPorts() { compareWithGeneralPath(widePortNet(), {0.0, 0.01}); }

// After every store, holds(t) is true exactly where the index equals the stored one (checked at
// random times and at a few ulps around every edge), for awkward periods and delays.
void TestCompiledRhs::intervalCacheExact() {
    std::mt19937_64 rng(7);
    for (double per : {0.1, 0.3, 1.0 / 3.0, 0.7e-3, 2.0}) {
        for (double d : {0.0, 0.05, 1e-7}) {
            auto index = [&](double t) { return static_cast<std::uint64_t>(std::max(std::floor((t - d) / per), 0.0)); };
            auto guess = [&](std::uint64_t j) { return d + static_cast<double>(j) * per; };
            IntervalCache cache;
            std::vector<double> ts = edgeTimes(d, per, 40);
            std::uniform_real_distribution<double> u(-per, 41 * per);
            for (int i = 0; i < 300; ++i) ts.push_back(u(rng));
            std::shuffle(ts.begin(), ts.end(), rng);
            std::uint64_t stored = 0;
            int hits = 0;
            for (double t : ts) {
                if (cache.holds(t)) {
                    ++hits;
                    QCOMPARE(index(t), stored);
                    QCOMPARE(cache.value(), static_cast<double>(stored));
                } else {
                    stored = index(t);
                    cache.store(t, stored, static_cast<double>(stored), index, guess);
                    QVERIFY(cache.holds(t));  // the ends were found (a miss would only cost time)
                }
                // the other direction: a time that has the stored index is inside the interval
                const double probe = t + 1e-3 * per;
                if (index(probe) == stored) QVERIFY(cache.holds(probe));
            }
            QVERIFY(hits > 0);
        }
    }
}

// The square source's output through the system equals its formula at and around each edge.
void TestCompiledRhs::squareWaveExactAtEdges() {
    const double per = 0.3, duty = 0.37, delay = 0.11, lo = -2.0, hi = 5.0;
    Netlist n;
    n.components = {comp("Square", "s", {{"period", per}, {"duty", duty}, {"delay", delay}, {"low", lo}, {"high", hi}})};
    BuildResult b = build(registry(), n, solver("rk4", 1e-3));
    QVERIFY2(b.system, b.errorText().c_str());
    System& sys = *b.system;
    const Component& c = *sys.comps[0];
    const int slot = c.node[static_cast<size_t>(c.spec->portIndex("out"))];
    std::vector<double> ts = edgeTimes(delay, per, 20), more = edgeTimes(delay + duty * per, per, 20);
    ts.insert(ts.end(), more.begin(), more.end());
    std::sort(ts.begin(), ts.end());
    std::vector<double> y(1), dy(1);
    for (double t : ts) {
        sys.rhs(t, y.data(), dy.data());
        double expected = lo;
        if (!(t < delay)) {
            const double u = t - delay, ph = u - per * std::floor(u / per);
            expected = ph < duty * per ? hi : lo;
        }
        QCOMPARE(sys.eval().sig[slot], expected);
    }
}

QTEST_GUILESS_MAIN(TestCompiledRhs)
#include "test_compiled_rhs.moc"
