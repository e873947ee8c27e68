// SPDX-License-Identifier: GPL-3.0-or-later
// The serial right-hand side's flat lists (System::useFlatStages: restrictions evaluated without a
// call, restriction_pass.h; nodes with a constant Be and volume, continuity_pass.h) against the
// general lists, bit for bit: every configuration of the examples, the benchmark's long TLM chain
// (banded orifices between TLM slots and integrated volumes, with and without the flat TLM step),
// and a circuit whose evaluation order matters around the restrictions (a flow sensor on one
// orifice drives, through a gain, the pressure source in front of another): the restrictions
// keep their place among the other components.
#include <QtTest/QtTest>

#include <cstring>
#include <filesystem>

#include "model/circuit.h"
#include "model/circuit_io.h"
#include "service/comparison.h"
#include "sim_test_util.h"
#include "tlm_long_circuit.h"

using namespace hs::sim;
using namespace hs::sim::test;

namespace {

bool sameBits(const Trace& a, const Trace& b) {
    if (a.time.size() != b.time.size() || a.columns.size() != b.columns.size()) return false;
    for (size_t c = 0; c < a.columns.size(); ++c)
        if (a.columns[c].size() != b.columns[c].size() ||
            std::memcmp(a.columns[c].data(), b.columns[c].data(), a.columns[c].size() * sizeof(double)) != 0)
            return false;
    return std::memcmp(a.time.data(), b.time.data(), a.time.size() * sizeof(double)) == 0;
}

bool usesFlatLists(const System& s) { return s.flatRestrictionCount() > 0 || s.constantNodeCount() > 0; }

// Runs the configuration with the flat lists and with the general ones; false if it has no flat list.
bool compareConfiguration(const hs::model::Circuit& c, const hs::model::SolverConfigDoc& cfg, double duration) {
    hs::service::PreparedRun flat = hs::service::prepareConfiguration(c, cfg, registry(), duration);
    hs::service::PreparedRun general = hs::service::prepareConfiguration(c, cfg, registry(), duration);
    if (!flat.system || !usesFlatLists(*flat.system)) return false;
    general.system->useFlatStages(false);
    if (usesFlatLists(*general.system)) qFatal("useFlatStages(false) left a flat list");
    const RunResult a = simulate(*flat.system, flat.probes, flat.options);
    const RunResult b = simulate(*general.system, general.probes, general.options);
    if (a.ok != b.ok || a.error != b.error || a.steps != b.steps || !sameBits(a.trace, b.trace))
        qFatal("flat and general stage lists differ: %s (%s)", qPrintable(cfg.name), a.error.c_str());
    return true;
}

int compareFile(const std::string& path, double duration) {
    const hs::model::LoadResult lr = hs::model::loadCircuit(QString::fromStdString(path), registry());
    if (!lr.ok()) return 0;  // the examples' own tests check that they load
    int flat = 0;
    for (const hs::model::SolverConfigDoc& cfg : lr.circuit->configs) flat += compareConfiguration(*lr.circuit, cfg, duration);
    return flat;
}

// Builds the net twice, runs it with the flat lists and with the general ones: the same bits, and
// the first probe moved?
void flatEqualsGeneral(const Netlist& net, const RunOptions& o, const std::vector<ProbeSpec>& probes, size_t restrictions,
                       size_t constantNodes, bool flatTlm = true) {
    Trace t[2];
    for (int flat = 0; flat < 2; ++flat) {
        BuildResult b = build(registry(), net, o.solver);
        QVERIFY2(b.system, b.errorText().c_str());
        QVERIFY(b.system->flatRestrictionCount() >= restrictions);
        QCOMPARE(b.system->constantNodeCount(), constantNodes);
        b.system->useFlatTlmStep(flatTlm);
        b.system->useFlatStages(flat == 1);
        const RunResult r = simulate(*b.system, probes, o);
        QVERIFY2(r.ok, r.error.c_str());
        t[flat] = r.trace;
    }
    QVERIFY(sameBits(t[0], t[1]));
    QVERIFY(t[0].columns[0].back() != t[0].columns[0].front());
}

// src -> o1 (banded) -> V1 -> l1 -> tank; a flow sensor on o1.A, times a gain, commands the
// pressure source ps -> o2 (pure square root; beside it o2b, o2c, o2d: a block of four) -> V2 -> l2 -> tank; o3 (banded) between V1 and V2
// carries flow both ways; o4 (banded) from V2 into V3 (at first backwards) -> l3 -> tank. V1 and
// V2 have three and four flow ports (general nodes), V3 two (a constant node). Evaluation order: o1, sensor, gain, ps, then o2 (which reads the
// pressure ps has just written).
Netlist orderedNet() {
    Netlist n;
    n.components = {comp("PressureSource", "src", {{"p", 10e6}}),
                    comp("TurbulentOrifice", "o1", {{"k", 1e-7}, {"dp_tr", 2e5}}, {{"spec", "k"}}),
                    comp("Volume", "V1", {{"V", 1e-4}, {"p0", 1e5}}),
                    comp("LaminarOrifice", "l1", {{"G", 2e-11}}),
                    comp("FlowSensor", "fs", {}, {{"port", "o1.A"}}),
                    comp("Gain", "g", {{"k", 4e10}}),
                    comp("PressureSource", "ps", {{"p", 0.0}}),
                    comp("TurbulentOrifice", "o2", {{"k", 2e-8}}, {{"spec", "k"}}),
                    comp("TurbulentOrifice", "o2b", {{"k", 1e-8}, {"dp_tr", 1e5}}, {{"spec", "k"}}),
                    comp("LaminarOrifice", "o2c", {{"G", 1e-12}}),
                    comp("TurbulentOrifice", "o2d", {{"k", 5e-9}, {"dp_tr", 3e6}}, {{"spec", "k"}}),
                    comp("Volume", "V2", {{"V", 2e-4}, {"p0", 3e6}}),
                    comp("LaminarOrifice", "l2", {{"G", 1e-11}}),
                    comp("TurbulentOrifice", "o3", {{"k", 1e-8}, {"dp_tr", 1e6}}, {{"spec", "k"}}),
                    comp("TurbulentOrifice", "o4", {{"k", 3e-8}, {"dp_tr", 1e5}}, {{"spec", "k"}}),
                    comp("Volume", "V3", {{"V", 1e-4}, {"p0", 5e6}}),
                    comp("LaminarOrifice", "l3", {{"G", 1e-11}}),
                    comp("Tank", "tank", {{"p", 0.0}})};
    n.wires = {wire("src", "P", "o1", "A"), wire("o1", "B", "V1", "P1"), wire("V1", "P2", "l1", "A"), wire("l1", "B", "tank", "P"),
               wire("fs", "Q", "g", "in"),  wire("g", "out", "ps", "p"),  wire("ps", "P", "o2", "A"),  wire("o2", "B", "V2", "P1"),
               wire("ps", "P", "o2b", "A"), wire("o2b", "B", "V2", "P1"), wire("ps", "P", "o2c", "A"), wire("o2c", "B", "V2", "P1"),
               wire("ps", "P", "o2d", "A"), wire("o2d", "B", "V2", "P1"),
               wire("V2", "P2", "l2", "A"), wire("l2", "B", "tank", "P"), wire("V1", "P1", "o3", "A"), wire("o3", "B", "V2", "P1"),
               wire("V2", "P1", "o4", "A"), wire("o4", "B", "V3", "P1"), wire("V3", "P2", "l3", "A"), wire("l3", "B", "tank", "P")};
    return n;
}

}  // namespace

class TestFlatStages : public QObject {
    Q_OBJECT
private slots:
    void examplesEqualGeneralLists() {
        int flat = 0;
        for (const auto& f : std::filesystem::directory_iterator(HS_SOURCE_DIR "/examples"))
            if (f.path().extension() == ".json") flat += compareFile(f.path().string(), 0.02);
        qInfo("%d configurations use the flat stage lists", flat);
        QVERIFY(flat >= 40);  // Circuit 1 alone has 40 configurations (constant Be nodes)
    }
    void longTlmChainEqualsGeneralLists() {
        // 20 segments: 40 restrictions (banded and laminar, each between a TLM slot and an
        // integrated volume) and 20 constant nodes; with the flat TLM step and the general one
        const int n = 20;
        const RunOptions o = runOptions(hs::bench::tlmLongSettings(n, 1e-5, 1), 0.05, 1e-4);
        const std::vector<ProbeSpec> probes = {{"", "pressure", "I0"}, {"", "pressure", "I9"}, {"", "flow", "a3.A"}, {"", "flow", "b0.B"}};
        flatEqualsGeneral(hs::bench::tlmLongCircuit(n), o, probes, 2 * n, n, true);
        flatEqualsGeneral(hs::bench::tlmLongCircuit(n), o, probes, 2 * n, n, false);
    }
    void restrictionsKeepTheirPlaceInTheOrder() {
        const std::vector<ProbeSpec> probes = {{"", "pressure", "V2"}, {"", "pressure", "V1"}, {"", "flow", "o2.A"},
                                               {"", "flow", "o3.A"}, {"", "flow", "o4.A"}, {"", "pressure", "V3"},
                                               {"", "signal", "g.out"}};
        flatEqualsGeneral(orderedNet(), runOptions(solver("rk4", 1e-6), 0.02, 1e-4), probes, 4, 1);
        flatEqualsGeneral(orderedNet(), runOptions(solver("dopri5", 1e-6, 1e-7, 1e-3), 0.02, 1e-4), probes, 4, 1);
    }
};

QTEST_GUILESS_MAIN(TestFlatStages)
#include "test_flat_stages.moc"
