// SPDX-License-Identifier: GPL-3.0-or-later
#include "narx_data.h"

#include <charconv>

#include "learn/narx_model.h"
#include "sim/builder.h"
#include "sim/methods/narx_features.h"
#include "sim/simulator.h"

namespace hs::learn {

namespace {
std::string num(double v) {
    char buf[32];
    auto r = std::to_chars(buf, buf + sizeof buf, v);
    return std::string(buf, r.ptr);
}
}  // namespace

std::string applyRandomExcitations(const sim::Registry& reg, sim::Netlist& net, const std::vector<RandomExcitation>& random) {
    for (const RandomExcitation& x : random) {
        sim::NetComponent* c = nullptr;
        for (auto& nc : net.components)
            if (nc.id == x.component) c = &nc;
        if (!c) return "no component '" + x.component + "' to replace by a random signal";
        const sim::ComponentSpec* spec = reg.find(c->type);
        if (!spec || spec->ports.size() != 1 || spec->ports[0].id != "out" || spec->ports[0].domain != sim::Domain::Signal)
            return "'" + x.component + "' (" + c->type + ") is not a signal source with one output 'out'";
        if (!(x.max >= x.min) || !(x.period > 0)) return "random excitation of '" + x.component + "': need min <= max and period > 0";
        c->type = "PRMS";
        c->num = {{"period", x.period}, {"min", x.min}, {"max", x.max}, {"seed", static_cast<double>(x.seed)}, {"delay", 0.0}};
        c->text = {{"mode", "range"}};
    }
    return {};
}

std::string netlistHash(const sim::Netlist& net) {
    std::string s;
    for (const auto& c : net.components) {
        s += c.type + '|' + c.id + '|';
        for (const auto& [k, v] : c.num) s += k + '=' + num(v) + ';';
        for (const auto& [k, v] : c.text) s += k + '=' + v + ';';
        s += '\n';
    }
    for (const auto& w : net.wires) s += w.fromComp + '.' + w.fromPort + '>' + w.toComp + '.' + w.toPort + '\n';
    return hashHex(fnv1a(s.data(), s.size()));
}

std::vector<std::string> narxProvenanceWarnings(const sim::Netlist& net, const sim::SolverSettings& settings) {
    std::vector<std::string> w;
    std::string here;
    for (const auto& [volume, m] : settings.methods) {
        if (m.method != "narx" || !m.text.count("model")) continue;
        NarxModel model;
        std::string e;
        if (!loadNarxModel(m.text.at("model"), model, e)) continue;  // the builder reports it
        if (here.empty()) here = netlistHash(net);
        const std::string trained = model.infoValue("circuit_hash");
        if (trained != here)
            w.push_back("volume '" + volume + "': the narx model '" + m.text.at("model") + "' was trained on another circuit ('" +
                        model.infoValue("circuit") + "', fingerprint " + (trained.empty() ? "unknown" : trained) +
                        "; this one " + here + "): its training error says nothing about this circuit");
    }
    return w;
}

void stampNarxProvenance(NarxModel& m, const std::string& volume, const std::string& circuitFile, const sim::Netlist& circuit,
                         const Dataset& data) {
    m.setInfo("volume", volume);
    m.setInfo("circuit", circuitFile);
    m.setInfo("circuit_hash", netlistHash(circuit));
    m.setInfo("data_circuit_hash", data.metaValue("circuit_hash"));
}

NarxDataResult generateNarxData(const sim::Registry& reg, const sim::Netlist& circuit, const NarxDataOptions& o) {
    NarxDataResult res;
    sim::Netlist net = circuit;
    if (auto e = applyRandomExcitations(reg, net, o.random); !e.empty()) { res.error = e; return res; }
    if (!(o.sampleInterval > 0) || !(o.duration > o.sampleInterval)) {
        res.error = "need a sample interval > 0 and a duration longer than it";
        return res;
    }
    sim::BuildResult b = sim::build(reg, net, o.reference);
    if (!b.ok()) { res.error = b.errorText(); return res; }
    sim::System& sys = *b.system;
    int node = -1;
    for (size_t n = 0; n < sys.hyd.size(); ++n)
        for (const auto& v : sys.hyd[n].volumeIds)
            if (v == o.volume) node = static_cast<int>(n);
    if (node < 0) { res.error = "no Volume '" + o.volume + "' in the circuit"; return res; }
    if (!sys.hyd[static_cast<size_t>(node)].method) { res.error = "the pressure of '" + o.volume + "' is imposed by a source"; return res; }

    Dataset& d = res.data;
    d.names = {"t"};
    for (const auto& n : sim::narx::kInputNames) d.names.push_back(n);
    d.names.push_back(sim::narx::kOutputName);
    d.columns.assign(d.names.size(), {});
    const auto& comps = sys.nodeComps[static_cast<size_t>(node)];
    const auto& ports = sys.hyd[static_cast<size_t>(node)].ports;
    std::vector<double> inflow(comps.size());
    sim::RunOptions ro;
    ro.duration = o.duration;
    ro.recordInterval = o.sampleInterval;
    ro.solver = o.reference;
    ro.stop = o.stop;
    ro.keepTrace = false;
    if (o.progress) ro.progress = o.progress;
    // Called right after a full evaluation at the recorded state: the port flows are current.
    const sim::HydNode& hn = sys.hyd[static_cast<size_t>(node)];
    ro.sample = [&](double t, const double* values, size_t) {
        const sim::Eval& e = sys.eval();
        for (size_t i = 0; i < comps.size(); ++i) {
            double q = 0;
            for (int g : ports)
                if (sys.ports[static_cast<size_t>(g)].comp == comps[i]) q -= e.flow[g];
            inflow[i] = q;
        }
        const double p = values[0];
        double vol = hn.vConst, dvol = 0;
        for (int g : hn.variablePorts) {
            vol += e.portVol[g];
            dvol += e.portDvol[g];
        }
        const auto f = sim::narx::features(inflow.data(), static_cast<int>(inflow.size()), dvol, hn.be(p), vol);
        d.columns[0].push_back(t);
        for (int i = 0; i < sim::narx::kInputs; ++i) d.columns[static_cast<size_t>(1 + i)].push_back(f[static_cast<size_t>(i)]);
        d.columns.back().push_back(p);
    };
    const sim::RunResult run = sim::simulate(sys, {{"p", "pressure", o.volume}}, ro);
    res.wallSeconds = run.wallSeconds;
    if (!run.ok) { res.error = run.stopped ? "data generation stopped" : run.error; return res; }
    d.meta = {{"format", "hydrostiff-dataset 1"},
              {"kind", "narx volume"},
              {"volume", o.volume},
              {"sample_interval", num(o.sampleInterval)},
              {"duration", num(o.duration)},
              {"stepper", o.reference.stepper},
              {"dt", num(o.reference.dt)},
              {"circuit_hash", netlistHash(circuit)}};
    for (const auto& x : o.random)
        d.meta.emplace_back("random " + x.component, "PRMS min " + num(x.min) + ", max " + num(x.max) + ", period " +
                                                         num(x.period) + ", seed " + std::to_string(x.seed));
    res.ok = true;
    return res;
}

}  // namespace hs::learn
