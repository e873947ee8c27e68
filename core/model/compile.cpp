// SPDX-License-Identifier: GPL-3.0-or-later
// The document -> engine conversions declared in circuit.h.
#include "circuit.h"

#include <QDir>
#include <QFileInfo>

namespace hs::model {

namespace {
std::string s(const QString& q) { return q.toStdString(); }

// A data file named in a circuit (a lookup table's CSV) is relative to the circuit file.
QString resolvedFile(const QString& path, const QString& folder) {
    if (path.isEmpty() || folder.isEmpty() || !QFileInfo(path).isRelative()) return path;
    return QDir(folder).filePath(path);
}

}  // namespace

hs::sim::Netlist toNetlist(const Circuit& c) {
    hs::sim::Netlist net;
    net.components.reserve(c.components.size());
    for (const ComponentDoc& d : c.components) {
        hs::sim::NetComponent nc;
        nc.type = s(d.type);
        nc.id = s(d.id);
        for (const auto& [k, v] : d.num) nc.num[s(k)] = v;
        for (const auto& [k, v] : d.text) nc.text[s(k)] = s(k == QLatin1String("file") ? resolvedFile(v, c.folder) : v);
        net.components.push_back(std::move(nc));
    }
    net.wires.reserve(c.wires.size());
    for (const WireDoc& w : c.wires) net.wires.push_back({s(w.fromComp), s(w.fromPort), s(w.toComp), s(w.toPort)});
    net.fluid = c.fluid;
    net.pMin = c.pMin;
    net.pMax = c.pMax;
    return net;
}

hs::sim::MethodSetting toMethodSetting(const MethodDoc& m, const QString& folder) {
    hs::sim::MethodSetting ms;
    ms.method = s(m.method);
    for (const auto& [k, v] : m.params) ms.params[s(k)] = v;
    for (const auto& [k, v] : m.text) ms.text[s(k)] = s(k == QLatin1String("model") ? resolvedFile(v, folder) : v);
    return ms;
}

hs::sim::SolverSettings toSolverSettings(const SolverConfigDoc& cfg, const QString& folder) {
    hs::sim::SolverSettings st;
    st.stepper = s(cfg.stepper);
    st.dt = cfg.dt;
    st.rtol = cfg.rtol;
    st.atol = cfg.atol;
    st.maxStep = cfg.maxStep;
    for (const auto& [volume, m] : cfg.methods) st.methods[s(volume)] = toMethodSetting(m, folder);
    st.threads = cfg.threads;
    st.partitionMapper = s(cfg.partitionMapper);
    st.jacobian = s(cfg.jacobian);
    st.kernel = s(cfg.kernel);
    for (const auto& [id, k] : cfg.partition) st.partition[s(id)] = k;
    if (cfg.defaultMethod) st.defaultMethod = toMethodSetting(*cfg.defaultMethod, folder);
    return st;
}

std::vector<hs::sim::ProbeSpec> toProbes(const Circuit& c) {
    std::vector<hs::sim::ProbeSpec> probes;
    probes.reserve(c.probes.size());
    for (const ProbeDoc& p : c.probes) probes.push_back({s(p.name), s(p.quantity), s(p.target)});
    return probes;
}

hs::sim::RunOptions toRunOptions(const Circuit& c, const SolverConfigDoc& cfg) {
    hs::sim::RunOptions o;
    o.duration = c.duration;
    o.recordInterval = c.recordInterval;
    o.solver = toSolverSettings(cfg, c.folder);
    return o;
}

}  // namespace hs::model
