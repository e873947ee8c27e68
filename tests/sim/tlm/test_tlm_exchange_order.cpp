// SPDX-License-Identifier: GPL-3.0-or-later
// notes/003 §7 item 9: the exchange between parallel partitions must complete for any partner
// graph, and (ours, stronger) give the same bits in any thread schedule. The thesis orders
// pairwise blocking exchanges by partition load; our partitions meet at fork-join hand-overs
// (worker_pool.h), which need no order, so what can go wrong here is a lost hand-over (a hang:
// ctest's timeout fails the test) or a wave read before its writer finished (different bits).
//
// A 3 x 3 grid of TLM volumes T<i><j>; every grid edge is a group orifice -> integrated volume
// -> orifice whose two ends sit on the TLM nodes it joins. The groups are spread over 2 to 8
// partitions at random, so partitions share nodes in arbitrary partner graphs (one node: up to
// four partitions). The orifices yield their thread at random and now and then sleep, so the
// partitions finish their phases in a different order every run and the waiting threads go
// from spinning to sleeping. Every run must complete and equal the serial run bit for bit, with
// the waves exchanged every step and every 7th step; the serial run reaches the steady state of
// the grid's resistor network (by symmetry the centre and the anti-diagonal at half the supply,
// 2e-4 m3/s through it).
#include <QtTest>

#include <chrono>
#include <functional>
#include <map>
#include <random>
#include <thread>

#include "sim/component.h"
#include "tlm_circuits.h"

using namespace hs::sim;
using namespace hs::sim::test;

namespace {

constexpr int kGrid = 3;
constexpr double kSupply = 1e7, kG = 1e-10, kDuration = 0.02;

// A laminar orifice that yields its thread at random (its own generator, seeded from its id:
// a component is evaluated by one partition's thread at a time).
class JitterOrifice final : public Component {
public:
    std::string configure(const ParamSet& p, const Fluid&) override {
        g_ = p.num("G");
        rng_.seed(static_cast<unsigned>(std::hash<std::string>{}(id) ^ static_cast<size_t>(p.num("seed"))));
        return {};
    }
    void eval(Eval& e) override {
        jitter();
        const double q = g_ * (P(e, 0) - P(e, 1));
        setFlow(e, 0, q);
        setFlow(e, 1, -q);
    }
    bool solveThevenin(Eval& e, const double* c, const double* z) override {
        jitter();
        const double q = g_ * (c[0] - c[1]) / (1.0 + g_ * (z[0] + z[1]));
        if (z[0] > 0) setPortPressure(e, 0, c[0] - z[0] * q);
        if (z[1] > 0) setPortPressure(e, 1, c[1] + z[1] * q);
        return true;
    }

private:
    void jitter() {
        const unsigned r = static_cast<unsigned>(rng_());
        if (r % 5 == 0)
            for (unsigned k = 0; k <= r % 3; ++k) std::this_thread::yield();
        if (r % 1499 == 0) std::this_thread::sleep_for(std::chrono::microseconds(40));
    }
    double g_ = 0;
    std::minstd_rand rng_;
};

Registry jitterRegistry() {
    Registry r = Registry::builtin();
    r.add(SpecBuilder("JitterOrifice", "Test", "Laminar orifice that yields its thread at random")
              .hydraulic("A", "Inlet")
              .hydraulic("B", "Outlet")
              .param("G", "m3/(s*Pa)", 1e-11, 0.0, 1.0, "Conductance")
              .param("seed", "-", 0.0, 0.0, 1e9, "Seed of the yields")
              .factory<JitterOrifice>());
    return r;
}

std::string node(int i, int j) { return "T" + std::to_string(i) + std::to_string(j); }

struct Grid {
    Netlist net;
    std::vector<std::vector<std::string>> groups;  // the components of each coupling group
};

Grid grid(int seed) {
    Grid g;
    Netlist& n = g.net;
    n.fluid.bulk = constantBe(1e9);
    std::map<std::string, int> used;  // ports taken on each TLM volume
    auto port = [&](const std::string& v) { return "P" + std::to_string(++used[v]); };
    auto orifice = [&](const std::string& id) { return comp("JitterOrifice", id, {{"G", kG}, {"seed", double(seed)}}); };
    for (int i = 0; i < kGrid; ++i)
        for (int j = 0; j < kGrid; ++j) n.components.push_back(comp("Volume", node(i, j), {{"V", 1e-6}}));
    auto edge = [&](const std::string& u, const std::string& v) {
        const std::string k = std::to_string(g.groups.size());
        n.components.push_back(orifice("e" + k + "a"));
        n.components.push_back(comp("Volume", "M" + k, {{"V", 1e-5}}));
        n.components.push_back(orifice("e" + k + "b"));
        n.wires.push_back(wire(u, port(u), "e" + k + "a", "A"));
        n.wires.push_back(wire("e" + k + "a", "B", "M" + k, "P1"));
        n.wires.push_back(wire("M" + k, "P2", "e" + k + "b", "A"));
        n.wires.push_back(wire("e" + k + "b", "B", v, port(v)));
        g.groups.push_back({"e" + k + "a", "M" + k, "e" + k + "b"});
    };
    for (int i = 0; i < kGrid; ++i)
        for (int j = 0; j < kGrid; ++j) {
            if (j + 1 < kGrid) edge(node(i, j), node(i, j + 1));
            if (i + 1 < kGrid) edge(node(i, j), node(i + 1, j));
        }
    const std::string first = node(0, 0), last = node(kGrid - 1, kGrid - 1);
    n.components.push_back(comp("PressureSource", "src", {{"p", kSupply}}));
    n.components.push_back(orifice("in"));
    n.components.push_back(orifice("out"));
    n.components.push_back(comp("Tank", "tank"));
    n.wires.push_back(wire("src", "P", "in", "A"));
    n.wires.push_back(wire("in", "B", first, port(first)));
    n.wires.push_back(wire(last, port(last), "out", "A"));
    n.wires.push_back(wire("out", "B", "tank", "P"));
    g.groups.push_back({"in"});
    g.groups.push_back({"out"});
    return g;
}

std::vector<ProbeSpec> probes() {
    std::vector<ProbeSpec> pr;
    for (int i = 0; i < kGrid; ++i)
        for (int j = 0; j < kGrid; ++j) pr.push_back({node(i, j), "pressure", node(i, j)});
    for (int k = 0; k < 12; ++k) pr.push_back({"qM" + std::to_string(k), "flow", "e" + std::to_string(k) + "a.B"});
    pr.push_back({"q in", "flow", "in.B"});
    pr.push_back({"q out", "flow", "out.A"});
    return pr;
}

// partitions = 1: the serial stepper. Otherwise every group on a random partition (the first
// `partitions` groups on partitions 0, 1, ... so that none is empty).
RunResult run(const Registry& reg, int partitions, int exchange, unsigned seed, bool adaptive = false) {
    const Grid g = grid(static_cast<int>(seed));
    SolverSettings s = solver("rk4", 1e-5);
    for (int i = 0; i < kGrid; ++i)
        for (int j = 0; j < kGrid; ++j) s.methods[node(i, j)] = {"tlm", {{"alpha", 0.2}, {"exchange", double(exchange)}}, {}};
    s.threads = partitions;
    s.adaptiveThreads = adaptive;
    if (partitions > 1) {
        std::mt19937 pick(seed);
        for (size_t k = 0; k < g.groups.size(); ++k) {
            const int part = k < static_cast<size_t>(partitions) ? static_cast<int>(k) : static_cast<int>(pick() % static_cast<unsigned>(partitions));
            for (const std::string& id : g.groups[k]) s.partition[id] = part;
        }
    }
    BuildResult b = build(reg, g.net, s);
    if (!b.ok()) {
        RunResult r;
        r.error = b.errorText();
        return r;
    }
    return simulate(*b.system, probes(), runOptions(s, kDuration, 1e-3));
}

}  // namespace

class TestTlmExchangeOrder : public QObject {
    Q_OBJECT
    Registry reg_ = jitterRegistry();

private slots:
    void anyPartnerGraphAnySchedule_data() {
        QTest::addColumn<int>("exchange");
        QTest::newRow("exchange every step") << 1;
        QTest::newRow("exchange every 7th step") << 7;
    }
    void anyPartnerGraphAnySchedule() {
        QFETCH(int, exchange);
        const RunResult serial = run(reg_, 1, exchange, 1);
        QVERIFY2(serial.ok, serial.error.c_str());
        const auto& c = serial.trace.columns;
        auto last = [&](int col) { return c[static_cast<size_t>(col)].back(); };
        // the serial run: steady state of the resistor network; by symmetry the centre and the
        // anti-diagonal at half the supply, opposite corners summing to it, inflow = outflow
        const QString state = QString("T11 %1, T02 %2, T20 %3, T00 + T22 %4 Pa, into the grid %5, out %6 m3/s")
                                  .arg(last(4)).arg(last(2)).arg(last(6)).arg(last(0) + last(8)).arg(-last(21)).arg(last(22));
        qInfo("serial, exchange %d: %s", exchange, qPrintable(state));
        for (int col : {4, 2, 6}) QVERIFY2(std::abs(last(col) / (kSupply / 2) - 1) < 1e-4, qPrintable(state));
        QVERIFY2(std::abs((last(0) + last(8)) / kSupply - 1) < 1e-4, qPrintable(state));
        // corner to corner a 3 x 3 grid of edges 2/G is 1.5 edges: 5/G in all with the end orifices
        QVERIFY2(std::abs(-last(21) / (kSupply * kG / 5) - 1) < 1e-4, qPrintable(state));
        QVERIFY2(std::abs(last(22) / (kSupply * kG / 5) - 1) < 1e-4, qPrintable(state));
        // partitions in random partner graphs, random schedules: the same bits
        int runs = 0;
        for (int parts : {2, 3, 5, 8})
            for (unsigned seed : {11u, 12u}) {
                const RunResult par = run(reg_, parts, exchange, seed);
                QVERIFY2(par.ok, par.error.c_str());
                QCOMPARE(par.trace.time.size(), serial.trace.time.size());
                QVERIFY2(par.trace.columns == serial.trace.columns, qPrintable(QString("%1 partitions, seed %2").arg(parts).arg(seed)));
                ++runs;
            }
        // adaptive: the stepper switches between the threads and the caller's thread and
        // re-partitions from measured (here random) times on its own
        const RunResult adaptive = run(reg_, 4, exchange, 13, true);
        QVERIFY2(adaptive.ok, adaptive.error.c_str());
        QVERIFY(adaptive.trace.columns == serial.trace.columns);
        QCOMPARE(runs, 8);
    }
};

QTEST_GUILESS_MAIN(TestTlmExchangeOrder)
#include "test_tlm_exchange_order.moc"
