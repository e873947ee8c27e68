// SPDX-License-Identifier: GPL-3.0-or-later
// The flat TLM step (flat_tlm_step.h) against the general path it replaces
// (System::solveWavePorts + finishWaveStep), bit for bit: every configuration of the examples and
// of the three-orifice benchmark circuit that takes the flat step, and a whole-TLM chain with all
// three restriction kinds (square law, square law with a laminar band, laminar), whole-TLM and with
// integrated volumes between the TLM ones (the flat halves inside beginStepWork()), and the
// benchmark's long chain. Also: systems that must not take it (no TLM node, a volume exchanging
// every other step) do not.
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
        if (std::memcmp(a.columns[c].data(), b.columns[c].data(), a.columns[c].size() * sizeof(double)) != 0) return false;
    return std::memcmp(a.time.data(), b.time.data(), a.time.size() * sizeof(double)) == 0;
}

// Runs the configuration with the flat step and with the general path; false if it takes no flat step.
bool compareConfiguration(const hs::model::Circuit& c, const hs::model::SolverConfigDoc& cfg, double duration) {
    hs::service::PreparedRun flat = hs::service::prepareConfiguration(c, cfg, registry(), duration);
    hs::service::PreparedRun general = hs::service::prepareConfiguration(c, cfg, registry(), duration);
    if (!flat.system || !flat.system->flatTlmStepActive()) return false;
    general.system->useFlatTlmStep(false);
    const RunResult a = simulate(*flat.system, flat.probes, flat.options);
    const RunResult b = simulate(*general.system, general.probes, general.options);
    if (!a.ok || !b.ok) qFatal("run failed: %s %s", a.error.c_str(), b.error.c_str());
    if (a.steps != b.steps || !sameBits(a.trace, b.trace))
        qFatal("flat and general TLM step differ: %s", qPrintable(cfg.name));
    return true;
}

int compareFile(const std::string& path, double duration) {
    const hs::model::LoadResult lr = hs::model::loadCircuit(QString::fromStdString(path), registry());
    if (!lr.ok()) return 0;  // the examples' own tests check that they load
    int flat = 0;
    for (const hs::model::SolverConfigDoc& cfg : lr.circuit->configs) flat += compareConfiguration(*lr.circuit, cfg, duration);
    return flat;
}

// N segments: a turbulent orifice (with a laminar band on odd segments), a small TLM volume, a
// laminar orifice and a larger TLM volume; from a 10 MPa source through a last orifice to the tank.
Netlist wholeTlmChain(int n) {
    Netlist net;
    net.components = {comp("PressureSource", "src", {{"p", 10e6}}), comp("Tank", "tank", {{"p", 0.0}})};
    std::string prev = "src", prevPort = "P";
    for (int i = 0; i < n; ++i) {
        const std::string s = std::to_string(i);
        net.components.push_back(comp("TurbulentOrifice", "o" + s, {{"k", 1e-7}, {"dp_tr", i % 2 ? 1e5 : 0.0}}, {{"spec", "k"}}));
        net.components.push_back(comp("Volume", "a" + s, {{"V", 1e-5}, {"p0", 1e5}}));
        net.components.push_back(comp("LaminarOrifice", "l" + s, {{"G", 1e-10}}));
        net.components.push_back(comp("Volume", "b" + s, {{"V", 1e-3}, {"p0", 1e5}}));
        net.wires.push_back(wire(prev, prevPort, "o" + s, "A"));
        net.wires.push_back(wire("o" + s, "B", "a" + s, "P1"));
        net.wires.push_back(wire("a" + s, "P2", "l" + s, "A"));
        net.wires.push_back(wire("l" + s, "B", "b" + s, "P1"));
        prev = "b" + s;
        prevPort = "P2";
    }
    net.components.push_back(comp("TurbulentOrifice", "out", {{"k", 1e-7}}, {{"spec", "k"}}));
    net.wires.push_back(wire(prev, prevPort, "out", "A"));
    net.wires.push_back(wire("out", "B", "tank", "P"));
    return net;
}

SolverSettings wholeTlm() {
    SolverSettings s = solver("rk4", 1e-5);
    s.defaultMethod.method = "tlm";
    s.defaultMethod.params = {{"alpha", 0.1}};
    return s;
}

// Builds the net twice and runs it with the flat step and with the general path: the same bits?
bool flatEqualsGeneral(const Netlist& net, const SolverSettings& settings, const std::vector<ProbeSpec>& probes, bool wholeStep) {
    RunOptions o;
    o.duration = 0.05;
    o.recordInterval = 1e-4;
    o.solver = settings;
    Trace t[2];
    for (int flat = 0; flat < 2; ++flat) {
        BuildResult b = build(registry(), net, o.solver);
        if (!b.system || !b.system->flatTlmStepActive() || b.system->flatTlmIsWholeStep() != wholeStep) return false;
        b.system->useFlatTlmStep(flat == 1);
        const RunResult r = simulate(*b.system, probes, o);
        if (!r.ok) qFatal("%s", r.error.c_str());
        t[flat] = r.trace;
    }
    return sameBits(t[0], t[1]) && t[0].columns[0].back() != t[0].columns[0].front();  // and the waves moved
}

}  // namespace

class TestFlatTlmStep : public QObject {
    Q_OBJECT
private slots:
    void examplesEqualGeneralPath() {
        int flat = 0;
        for (const auto& f : std::filesystem::directory_iterator(HS_SOURCE_DIR "/examples"))
            if (f.path().extension() == ".json") flat += compareFile(f.path().string(), 0.05);
        flat += compareFile(HS_SOURCE_DIR "/tools/bench/three_orifice_tlm.hydro.json", 0.2);
        qInfo("%d configurations take the flat TLM step", flat);
        QVERIFY(flat >= 2);  // the benchmark's and the three-orifice example's whole-TLM configurations
    }
    void chainEqualsGeneralPath() {
        // whole-TLM: the flat step is the whole step
        std::vector<ProbeSpec> probes;
        for (int i = 0; i < 12; i += 3) {
            probes.push_back({"", "pressure", "a" + std::to_string(i)});
            probes.push_back({"", "flow", "l" + std::to_string(i) + ".A"});
        }
        QVERIFY(flatEqualsGeneral(wholeTlmChain(12), wholeTlm(), probes, true));
    }
    void chainWithStatesEqualsGeneralPath() {
        // every other volume integrated: the flat halves inside beginStepWork()
        SolverSettings mixed = wholeTlm();
        for (int i = 0; i < 12; i += 2) mixed.methods["b" + std::to_string(i)].method = "integrate";
        const std::vector<ProbeSpec> probes = {{"", "pressure", "a0"}, {"", "pressure", "b0"}, {"", "pressure", "b5"},
                                               {"", "flow", "o7.A"}, {"", "pressure", "a11"}};
        QVERIFY(flatEqualsGeneral(wholeTlmChain(12), mixed, probes, false));
        // the benchmark's long chain: TLM cuts between integrated 1 l volumes, banded orifices
        QVERIFY(flatEqualsGeneral(hs::bench::tlmLongCircuit(20), hs::bench::tlmLongSettings(20, 1e-5, 1),
                                  {{"", "pressure", "I0"}, {"", "pressure", "T7"}, {"", "flow", "a19.A"}}, false));
    }
    void otherSystemsKeepTheGeneralPath() {
        BuildResult integrated = build(registry(), wholeTlmChain(2), solver("rk4", 1e-5));
        QVERIFY(integrated.system && !integrated.system->flatTlmStepActive());
        SolverSettings slowExchange = wholeTlm();
        slowExchange.methods["a1"] = {"tlm", {{"alpha", 0.1}, {"exchange", 2.0}}, {}};  // exchanges every other step
        BuildResult m = build(registry(), wholeTlmChain(2), slowExchange);
        QVERIFY2(m.system, m.errorText().c_str());
        QVERIFY(!m.system->flatTlmStepActive());
    }
};

QTEST_GUILESS_MAIN(TestFlatTlmStep)
#include "test_flat_tlm_step.moc"
