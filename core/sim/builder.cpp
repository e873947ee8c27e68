// SPDX-License-Identifier: GPL-3.0-or-later
#include "builder.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <set>
#include <sstream>

#include "kernel/kernel_compiler.h"
#include "settings_check.h"
#include "stepper.h"
#include "tlm_guidance.h"

namespace hs::sim {

std::string BuildResult::errorText() const {
    std::string s;
    for (const auto& e : errors) s += (s.empty() ? "" : "\n") + e;
    return s;
}

namespace {
// The setting's parameters against the method's spec: values and texts by spec order, defaults
// filled in. Returns the spec, or null with the error set.
const MethodSpec* resolveMethod(const Registry& reg, const MethodSetting& s, std::vector<double>& values,
                                std::vector<std::string>& texts, std::string& error) {
    const MethodSpec* spec = reg.findMethod(s.method);
    if (!spec) {
        std::string known;
        for (const auto* m : reg.methods()) known += (known.empty() ? "" : ", ") + m->id;
        error = "unknown pressure method '" + s.method + "' (known: " + known + ")";
        return nullptr;
    }
    for (const auto& p : spec->params) {
        values.push_back(p.def);
        texts.push_back(p.kind == ParamKind::Text ? p.textDef : std::string());
    }
    for (const auto& [name, v] : s.text) {
        const int i = spec->paramIndex(name);
        if (i < 0 || spec->params[static_cast<size_t>(i)].kind != ParamKind::Text) {
            error = "method '" + s.method + "' has no text parameter '" + name + "'";
            return nullptr;
        }
        texts[static_cast<size_t>(i)] = v;
    }
    for (const auto& [name, v] : s.params) {
        const int i = spec->paramIndex(name);
        if (i < 0) { error = "method '" + s.method + "' has no parameter '" + name + "'"; return nullptr; }
        const ParamSpec& p = spec->params[static_cast<size_t>(i)];
        if (p.kind == ParamKind::Text) { error = "method '" + s.method + "': parameter '" + name + "' is text, not a number"; return nullptr; }
        if (!std::isfinite(v) || v < p.min || v > p.max) {
            std::ostringstream o;
            o.imbue(std::locale::classic());
            o << "method '" << s.method << "': parameter '" << name << "' = " << v << " " << p.unit << " is outside ["
              << p.min << ", " << p.max << "] " << p.unit;
            error = o.str();
            return nullptr;
        }
        values[static_cast<size_t>(i)] = v;
    }
    return spec;
}
}  // namespace

std::string checkMethodSetting(const Registry& reg, const MethodSetting& s) {
    std::vector<double> values;
    std::vector<std::string> texts;
    std::string error;
    if (!resolveMethod(reg, s, values, texts, error)) return error;
    const MethodSpec* spec = reg.findMethod(s.method);
    for (size_t i = 0; i < spec->params.size(); ++i)
        if (spec->params[i].kind == ParamKind::Text && texts[i].empty())
            return "method '" + s.method + "': parameter '" + spec->params[i].name + "' is not given";
    if (!spec->createWithText) {
        std::unique_ptr<PressureMethod> m(spec->create(values, error));
        if (!m && error.empty()) error = "the method could not be created";
    }
    return error;
}

std::unique_ptr<PressureMethod> makePressureMethod(const Registry& reg, const MethodSetting& s, std::string& error) {
    std::vector<double> values;
    std::vector<std::string> texts;
    const MethodSpec* spec = resolveMethod(reg, s, values, texts, error);
    if (!spec) return nullptr;
    std::unique_ptr<PressureMethod> m(spec->createWithText ? spec->createWithText(values, texts, error)
                                                           : spec->create(values, error));
    if (!error.empty()) return nullptr;
    return m;
}

namespace {

struct UnionFind {
    std::vector<int> parent;
    explicit UnionFind(int n) : parent(static_cast<size_t>(n)) { std::iota(parent.begin(), parent.end(), 0); }
    int find(int a) {
        while (parent[a] != a) a = parent[a] = parent[parent[a]];
        return a;
    }
    void unite(int a, int b) {
        a = find(a);
        b = find(b);
        if (a != b) parent[std::max(a, b)] = std::min(a, b);
    }
};

std::string fmt(double v) {
    std::ostringstream o;
    o.imbue(std::locale::classic());
    o << v;
    return o.str();
}

class Builder {
public:
    Builder(const Registry& r, const Netlist& n, const SolverSettings& s) : reg_(r), net_(n), solver_(s) {}
    BuildResult run();

private:
    void err(std::string m) { res_.errors.push_back(std::move(m)); }
    std::string portName(int g) const {
        const auto& pr = sys_->ports[g];
        return sys_->comps[pr.comp]->id + "." + sys_->comps[pr.comp]->spec->ports[pr.port].id;
    }
    Domain domainOf(int g) const {
        const auto& pr = sys_->ports[g];
        return sys_->comps[pr.comp]->spec->ports[pr.port].domain;
    }
    const PortSpec& portSpec(int g) const {
        const auto& pr = sys_->ports[g];
        return sys_->comps[pr.comp]->spec->ports[pr.port];
    }
    void createComponents();
    void connect();
    void formHydraulicNodes();
    void tlmWarnings();
    void formMechanicalNodes();
    void formSignals();
    void layoutStates();
    void orderEvaluation();

    const Registry& reg_;
    const Netlist& net_;
    const SolverSettings& solver_;
    BuildResult res_;
    std::unique_ptr<System> sys_ = std::make_unique<System>();
    std::map<std::string, int> compIndex_;
    std::vector<char> wired_;  // per global port
    std::unique_ptr<UnionFind> uf_;
    std::vector<std::vector<int>> sets_;  // union-find sets by root
    std::vector<int> driver_;             // signal set root -> output port, -1
};

void Builder::createComponents() {
    for (const auto& nc : net_.components) {
        const std::string who = "component '" + nc.id + "'";
        if (nc.id.empty()) { err("a component of type '" + nc.type + "' has no id"); continue; }
        if (compIndex_.count(nc.id)) { err("two components have the id '" + nc.id + "'"); continue; }
        const ComponentSpec* spec = reg_.find(nc.type);
        if (!spec) { err(who + ": unknown component type '" + nc.type + "'"); continue; }
        ParamSet ps(spec);
        for (const auto& [name, value] : nc.num) {
            int i = spec->paramIndex(name);
            if (i < 0) { err(who + " (" + nc.type + "): unknown parameter '" + name + "'"); continue; }
            const ParamSpec& p = spec->params[i];
            if (p.kind == ParamKind::Text) { err(who + ": parameter '" + name + "' is text, not a number"); continue; }
            if (!std::isfinite(value)) { err(who + ": parameter '" + name + "' is not a finite number"); continue; }
            if (value < p.min)
                err(who + ": parameter '" + name + "' = " + fmt(value) + " " + p.unit + " is below its minimum " + fmt(p.min) + " " + p.unit);
            else if (value > p.max)
                err(who + ": parameter '" + name + "' = " + fmt(value) + " " + p.unit + " is above its maximum " + fmt(p.max) + " " + p.unit);
            ps.values()[i] = value;
        }
        for (const auto& [name, value] : nc.text) {
            int i = spec->paramIndex(name);
            if (i < 0) { err(who + " (" + nc.type + "): unknown parameter '" + name + "'"); continue; }
            const ParamSpec& p = spec->params[i];
            if (p.kind == ParamKind::Choice) {
                auto it = std::find(p.choices.begin(), p.choices.end(), value);
                if (it == p.choices.end()) {
                    std::string opts;
                    for (auto& c : p.choices) opts += (opts.empty() ? "" : ", ") + c;
                    err(who + ": parameter '" + name + "' = '" + value + "' is not one of: " + opts);
                    continue;
                }
                ps.values()[i] = static_cast<double>(it - p.choices.begin());
            } else if (p.kind == ParamKind::Text) {
                ps.texts()[i] = value;
            } else {
                err(who + ": parameter '" + name + "' is a number, not text");
            }
        }
        std::unique_ptr<Component> c(spec->create());
        c->id = nc.id;
        c->spec = spec;
        std::string e = c->configure(ps, net_.fluid);
        if (!e.empty()) err(who + " (" + nc.type + "): " + e);
        c->portBase = static_cast<int>(sys_->ports.size());
        c->node.assign(spec->ports.size(), -1);
        c->connected.assign(spec->ports.size(), 0);
        const int ci = static_cast<int>(sys_->comps.size());
        for (int k = 0; k < static_cast<int>(spec->ports.size()); ++k) sys_->ports.push_back({ci, k});
        compIndex_[nc.id] = ci;
        sys_->comps.push_back(std::move(c));
    }
}

void Builder::connect() {
    const int n = static_cast<int>(sys_->ports.size());
    uf_ = std::make_unique<UnionFind>(n);
    wired_.assign(static_cast<size_t>(n), 0);
    for (const auto& c : sys_->comps)
        for (const auto& group : c->spec->internallyConnected)
            for (size_t i = 1; i < group.size(); ++i) uf_->unite(c->portBase + group[0], c->portBase + group[i]);
    auto resolve = [&](const std::string& comp, const std::string& port) -> int {
        auto it = compIndex_.find(comp);
        if (it == compIndex_.end()) { err("wire: no component '" + comp + "' (dangling wire end '" + comp + "." + port + "')"); return -1; }
        const Component& c = *sys_->comps[it->second];
        int k = c.spec->portIndex(port);
        if (k < 0) { err("wire: component '" + comp + "' (" + c.spec->type + ") has no port '" + port + "'"); return -1; }
        return c.portBase + k;
    };
    for (const auto& w : net_.wires) {
        int a = resolve(w.fromComp, w.fromPort), b = resolve(w.toComp, w.toPort);
        if (a < 0 || b < 0) continue;
        if (a == b) { err("wire connects port '" + portName(a) + "' to itself"); continue; }
        if (domainOf(a) != domainOf(b)) {
            err("wire " + portName(a) + " -> " + portName(b) + " joins a " + domainName(domainOf(a)) + " port to a " + domainName(domainOf(b)) + " port");
            continue;
        }
        if (domainOf(a) == Domain::Signal && portSpec(a).dir == SignalDir::Out && portSpec(b).dir == SignalDir::Out) {
            err("wire " + portName(a) + " -> " + portName(b) + " joins two signal outputs");
            continue;
        }
        wired_[a] = wired_[b] = 1;
        uf_->unite(a, b);
    }
    sets_.assign(static_cast<size_t>(n), {});
    for (int g = 0; g < n; ++g) sets_[uf_->find(g)].push_back(g);
    // a port counts as wired if anything in its set is wired (internal connections included)
    for (int g = 0; g < n; ++g)
        for (int o : sets_[uf_->find(g)])
            if (wired_[o]) { wired_[g] = 1; break; }
    for (int g = 0; g < n; ++g) {
        const auto& pr = sys_->ports[g];
        sys_->comps[pr.comp]->connected[pr.port] = wired_[g];
        if (!wired_[g] && !portSpec(g).optional) err("port '" + portName(g) + "' is not connected");
    }
    for (auto& c : sys_->comps) {
        std::string e = c->checkConnections();
        if (!e.empty()) err("component '" + c->id + "': " + e);
        std::string watched = c->watchedPortName();
        if (watched.empty()) continue;
        auto dot = watched.rfind('.');
        auto it = dot == std::string::npos ? compIndex_.end() : compIndex_.find(watched.substr(0, dot));
        int k = it == compIndex_.end() ? -1 : sys_->comps[it->second]->spec->portIndex(watched.substr(dot + 1));
        if (k < 0 || sys_->comps[it->second]->spec->ports[k].domain != c->watchedDomain())
            err("component '" + c->id + "': '" + watched + "' is not a " + domainName(c->watchedDomain()) + " port of a component (write comp.port)");
        else if (c->watchesOwnNode() && uf_->find(sys_->comps[it->second]->portBase + k) != uf_->find(c->portBase))
            err("component '" + c->id + "': '" + watched + "' is not on the node of its port '" + c->spec->ports[0].id + "'");
        else {
            c->watchedPort = sys_->comps[it->second]->portBase + k;
            c->watchedComp = sys_->comps[it->second].get();
            c->watchedLocal = k;
        }
    }
}

void Builder::formHydraulicNodes() {
    std::map<int, int> nodeOfRoot;
    for (int g = 0; g < static_cast<int>(sys_->ports.size()); ++g) {
        if (domainOf(g) != Domain::Hydraulic || !wired_[g]) continue;
        int root = uf_->find(g);
        auto [it, fresh] = nodeOfRoot.emplace(root, static_cast<int>(sys_->hyd.size()));
        if (fresh) sys_->hyd.emplace_back();
        HydNode& node = sys_->hyd[it->second];
        node.ports.push_back(g);
        const auto& pr = sys_->ports[g];
        sys_->comps[pr.comp]->node[pr.port] = it->second;
    }
    sys_->nodeComps.assign(sys_->hyd.size(), {});
    for (size_t n = 0; n < sys_->hyd.size(); ++n) {
        HydNode& node = sys_->hyd[n];
        node.be = net_.fluid.bulk;
        std::vector<std::pair<std::string, double>> p0s;
        std::vector<std::string> imposers;
        const BulkModulus* beOverride = nullptr;
        std::string beOwner;
        for (int g : node.ports) {
            const auto& pr = sys_->ports[g];
            Component& c = *sys_->comps[pr.comp];
            if (std::find(sys_->nodeComps[n].begin(), sys_->nodeComps[n].end(), pr.comp) == sys_->nodeComps[n].end())
                sys_->nodeComps[n].push_back(pr.comp);
            double cv = c.constantVolume(pr.port);
            if (cv > 0 && std::find(node.volumeIds.begin(), node.volumeIds.end(), c.id) == node.volumeIds.end()) {
                node.vConst += cv;
                node.volumeIds.push_back(c.id);  // an N-port volume counts once
            }
            if (c.hasVariableVolume() && c.initialVolume(pr.port) > 0) node.variablePorts.push_back(g);
            if (c.imposesPressure(pr.port)) {
                imposers.push_back(c.id);
                node.imposer = pr.comp;
            }
            if (auto p0 = c.initialPressure(pr.port)) p0s.push_back({portName(g), *p0});
            if (const BulkModulus* b = c.bulkModulus(pr.port)) {
                if (beOverride && beOwner != c.id) res_.warnings.push_back("node with '" + c.id + "' and '" + beOwner + "' has two bulk-modulus overrides; using '" + beOwner + "'");
                else { beOverride = b; beOwner = c.id; }
            }
        }
        if (beOverride) node.be = *beOverride;
        node.name = !node.volumeIds.empty() ? node.volumeIds.front() : portName(node.ports.front());
        if (imposers.size() > 1) {
            std::string who;
            for (auto& i : imposers) who += (who.empty() ? "" : ", ") + i;
            err("node '" + node.name + "' has several components that set its pressure: " + who);
        }
        if (!p0s.empty()) {
            node.p0 = p0s.front().second;
            for (const auto& [who, v] : p0s)
                if (std::abs(v - node.p0) > 1e-9 * std::max(1.0, std::abs(node.p0)))
                    err("node '" + node.name + "': conflicting initial pressures " + p0s.front().first + " = " + fmt(node.p0) + " Pa and " + who + " = " + fmt(v) + " Pa; set them equal");
        }
        if (node.imposer >= 0) continue;  // pressure given: no method, no state
        if (node.vConst <= 0 && node.variablePorts.empty()) {
            err("node '" + node.name + "' has no volume: add a Volume component to it (every node whose pressure is not set by a source needs capacitance)");
            continue;
        }
        MethodSetting setting = solver_.defaultMethod;
        std::string owner;
        for (const auto& vid : node.volumeIds) {
            auto it = solver_.methods.find(vid);
            if (it == solver_.methods.end()) continue;
            if (!owner.empty()) { err("node '" + node.name + "': volumes '" + owner + "' and '" + vid + "' both set a pressure method; set it on one"); break; }
            setting = it->second;
            owner = vid;
        }
        std::string e;
        node.method = makePressureMethod(reg_, setting, e);
        if (!e.empty()) err("volume '" + node.name + "': " + e);
        // A method that needs a fixed step under an adaptive stepper: checkSolverSettings() in run().
    }
    const StepperSpec* st = reg_.findStepper(solver_.stepper);
    for (const auto& c : sys_->comps) {
        if (!c->hasStepUpdate() || !st) continue;
        if (c->stepUpdateOptional()) c->useStepUpdate(st->supportsPressureMethods);  // ODE fallback when adaptive
        if (c->hasStepUpdate() && !st->supportsPressureMethods)
            err("component '" + c->id + "' advances once per fixed step (a delay line) and needs a fixed-step stepper (" +
                reg_.stepperList([](const StepperSpec& x) { return x.supportsPressureMethods; }) + "), not '" + solver_.stepper + "'");
        // A delay line whose impedance depends on the step (TlmHose) needs it before the solve at t0;
        // a step it cannot run at is reported by its first stepUpdate(), as before.
        else if (!c->stepUpdateOptional() && solver_.dt > 0) (void)c->prepareStep(solver_.dt);
    }
    // Method entries for ids that are not volumes: checkSolverSettings() in run().
}

void Builder::formMechanicalNodes() {
    std::map<int, int> nodeOfRoot;
    for (int g = 0; g < static_cast<int>(sys_->ports.size()); ++g) {
        if ((domainOf(g) != Domain::Mechanical && domainOf(g) != Domain::Rotational) || !wired_[g]) continue;
        auto [it, fresh] = nodeOfRoot.emplace(uf_->find(g), static_cast<int>(sys_->mech.size()));
        if (fresh) sys_->mech.emplace_back();
        sys_->mech[it->second].ports.push_back(g);
        const auto& pr = sys_->ports[g];
        sys_->comps[pr.comp]->node[pr.port] = it->second;
    }
    for (auto& c : sys_->comps) c->nodeNeighbours.assign(c->spec->ports.size(), {});
    for (const HydNode& h : sys_->hyd)  // hydraulic neighbours (stepPressureFlow)
        for (int g : h.ports)
            for (int k : h.ports)
                if (k != g)
                    sys_->comps[sys_->ports[g].comp]->nodeNeighbours[static_cast<size_t>(sys_->ports[g].port)].push_back(
                        {sys_->comps[sys_->ports[k].comp].get(), sys_->ports[k].port});
    for (auto& m : sys_->mech) {
        for (int g : m.ports)
            for (int h : m.ports)
                if (h != g)
                    sys_->comps[sys_->ports[g].comp]->nodeNeighbours[static_cast<size_t>(sys_->ports[g].port)].push_back(
                        {sys_->comps[sys_->ports[h].comp].get(), sys_->ports[h].port});
        m.name = portName(m.ports.front());
        std::vector<std::pair<std::string, double>> x0s;
        for (int g : m.ports) {
            const auto& pr = sys_->ports[g];
            m.mass += sys_->comps[pr.comp]->mass(pr.port);
            if (auto x0 = sys_->comps[pr.comp]->initialPosition(pr.port)) x0s.push_back({portName(g), *x0});
            if (!sys_->comps[pr.comp]->drivesMotion(pr.port)) continue;
            if (m.driver >= 0)
                err("mechanical node '" + m.name + "': both '" + sys_->comps[m.driver]->id + "' and '" + sys_->comps[pr.comp]->id +
                    "' integrate its motion themselves (a discrete Q-type form); only one component may drive a node");
            m.driver = pr.comp;
        }
        if (m.driver >= 0) {  // the driver's own mass is in its filter; it reads the others' forces
            Component& d = *sys_->comps[m.driver];
            int driven = -1;
            for (int g : m.ports)
                if (sys_->ports[g].comp == m.driver) driven = sys_->ports[g].port;
            const size_t k = static_cast<size_t>(driven);
            d.loadPorts.resize(d.spec->ports.size());
            d.loadMass.resize(d.spec->ports.size(), 0.0);
            d.loadPorts[k].clear();
            d.loadMass[k] = 0.0;
            for (int g : m.ports) {
                const auto& pr = sys_->ports[g];
                if (pr.comp == m.driver) continue;
                d.loadPorts[k].push_back(g);
                d.loadMass[k] += sys_->comps[pr.comp]->mass(pr.port);
            }
        }
        const bool rotational = domainOf(m.ports.front()) == Domain::Rotational;
        if (!(m.mass > 0) && m.driver < 0)
            err(rotational ? "rotational node '" + m.name + "' has no inertia: connect a RotationalInertia (or a machine with inertia J) to it"
                           : "mechanical node '" + m.name + "' has no mass: connect a Mass component to it");
        if (!x0s.empty()) {
            m.x0 = x0s.front().second;
            for (const auto& [who, v] : x0s)
                if (std::abs(v - m.x0) > 1e-12)
                    err(std::string(rotational ? "rotational" : "mechanical") + " node '" + m.name + "': conflicting initial positions " + x0s.front().first + " = " + fmt(m.x0) +
                        (rotational ? " rad and " : " m and ") + who + " = " + fmt(v) + (rotational ? " rad" : " m"));
        }
    }
}

void Builder::formSignals() {
    const int n = static_cast<int>(sys_->ports.size());
    driver_.assign(static_cast<size_t>(n), -1);
    int slot = 1;  // slot 0: constant zero for unconnected optional inputs
    std::vector<int> slotOfPort(static_cast<size_t>(n), 0);
    for (int g = 0; g < n; ++g) {
        if (domainOf(g) != Domain::Signal || portSpec(g).dir != SignalDir::Out) continue;
        slotOfPort[g] = slot++;
        int root = uf_->find(g);
        if (driver_[root] >= 0) err("signal outputs '" + portName(driver_[root]) + "' and '" + portName(g) + "' drive the same wire");
        else driver_[root] = g;
        const auto& pr = sys_->ports[g];
        sys_->comps[pr.comp]->node[pr.port] = slotOfPort[g];
    }
    sys_->signalSlots = slot;
    for (int g = 0; g < n; ++g) {
        if (domainOf(g) != Domain::Signal || portSpec(g).dir != SignalDir::In) continue;
        const auto& pr = sys_->ports[g];
        Component& c = *sys_->comps[pr.comp];
        int d = driver_[uf_->find(g)];
        if (d >= 0) {
            c.node[pr.port] = slotOfPort[d];
        } else {
            c.node[pr.port] = 0;
            c.connected[pr.port] = 0;
            if (wired_[g] && !portSpec(g).optional) err("signal input '" + portName(g) + "' is wired but no output drives it");
        }
    }
}

void Builder::layoutStates() {
    auto& st = sys_->states;
    for (size_t n = 0; n < sys_->hyd.size(); ++n) {
        HydNode& node = sys_->hyd[n];
        if (!node.method) continue;
        node.method->stateIndex = static_cast<int>(st.size());
        for (int k = 0; k < node.method->stateCount(); ++k) {
            StateInfo s;
            s.name = node.name + (k == 0 ? ".p" : ".m" + std::to_string(k));
            s.unit = k == 0 ? "Pa" : "";
            s.kind = k == 0 ? StateKind::Pressure : StateKind::MethodInternal;
            s.nominal = 1e5;
            s.node = static_cast<int>(n);
            st.push_back(s);
        }
        if (node.method->stateCount() > 0) sys_->integratedNodes.push_back(static_cast<int>(n));
    }
    for (size_t m = 0; m < sys_->mech.size(); ++m) {
        MechNode& mn = sys_->mech[m];
        if (mn.driver >= 0) continue;  // driven: no states (yIndex -1)
        mn.yIndex = static_cast<int>(st.size());
        const bool rotational = domainOf(mn.ports.front()) == Domain::Rotational;
        st.push_back({mn.name + (rotational ? ".angle" : ".x"), rotational ? "rad" : "m", StateKind::Position, rotational ? 1.0 : 0.1, static_cast<int>(m)});
        st.push_back({mn.name + (rotational ? ".speed" : ".v"), rotational ? "rad/s" : "m/s", StateKind::Velocity, rotational ? 10.0 : 0.1, static_cast<int>(m)});
    }
    for (auto& c : sys_->comps) {
        c->stateOffset = static_cast<int>(st.size());
        for (const auto& s : c->spec->states)
            st.push_back({c->id + "." + s.name, s.unit, StateKind::Component, s.nominal, -1, s.lower});
    }
}

void Builder::orderEvaluation() {
    const int nc = static_cast<int>(sys_->comps.size());
    std::vector<std::set<int>> succ(static_cast<size_t>(nc));
    std::vector<int> indeg(static_cast<size_t>(nc), 0);
    auto edge = [&](int a, int b) {
        if (a != b && succ[a].insert(b).second) ++indeg[b];
    };
    for (int g = 0; g < static_cast<int>(sys_->ports.size()); ++g) {
        if (domainOf(g) != Domain::Signal || portSpec(g).dir != SignalDir::In) continue;
        int d = driver_[uf_->find(g)];
        if (d >= 0) edge(sys_->ports[d].comp, sys_->ports[g].comp);
    }
    for (size_t n = 0; n < sys_->hyd.size(); ++n) {
        if (sys_->hyd[n].imposer < 0) continue;
        for (int c : sys_->nodeComps[n]) edge(sys_->hyd[n].imposer, c);
    }
    for (const MechNode& m : sys_->mech)  // a driver writes its node's motion before the others read it
        if (m.driver >= 0)
            for (int g : m.ports) edge(m.driver, sys_->ports[g].comp);
    for (int c = 0; c < nc; ++c)
        if (sys_->comps[c]->watchedPort >= 0) edge(sys_->ports[sys_->comps[c]->watchedPort].comp, c);
    std::vector<int> ready;
    for (int c = nc - 1; c >= 0; --c)
        if (indeg[c] == 0) ready.push_back(c);
    std::vector<char> done(static_cast<size_t>(nc), 0);
    while (!ready.empty()) {
        // smallest index first keeps the order stable and readable
        auto it = std::min_element(ready.begin(), ready.end());
        int c = *it;
        ready.erase(it);
        sys_->order.push_back(c);
        done[c] = 1;
        for (int s : succ[c])
            if (--indeg[s] == 0) ready.push_back(s);
    }
    // A continuous kinematic driver is evaluated again after its loads (Component::evalsAfterLoads).
    if (static_cast<int>(sys_->order.size()) == nc) {
        std::set<int> drivers;
        for (const MechNode& m : sys_->mech)
            if (m.driver >= 0 && sys_->comps[m.driver]->evalsAfterLoads()) drivers.insert(m.driver);
        for (int c : drivers) sys_->order.push_back(c);
    }
    if (static_cast<int>(sys_->order.size()) < nc) {
        std::string who;
        for (int c = 0; c < nc; ++c)
            if (!done[c]) who += (who.empty() ? "" : ", ") + sys_->comps[c]->id;
        err("algebraic loop: the signals of these components depend on each other without a state in between: " + who);
    }
}

// TLM guidance (notes/003 §1.3): a volume-as-line must not add more inertance than the real
// lines it joins. After allocate(): the methods know their wave ports (the factor (N/2)*n^2).
void Builder::tlmWarnings() {
    const StepperSpec* st = reg_.findStepper(solver_.stepper);
    if (!st || st->adaptive) return;  // refused above; dt means nothing there
    for (auto& node : sys_->hyd) {
        if (!node.method || !node.method->wavePorts() || node.vConst <= 0) continue;
        double line = 0;
        for (int g : node.ports) {
            const double i = sys_->comps[sys_->ports[g].comp]->inertance();
            if (i > 0) line = line > 0 ? std::min(line, i) : i;
        }
        const TlmGuidance g =
            tlmGuidance(node.vConst, node.be(node.p0), solver_.dt, line, 0.0, 0.0, node.method->parasiticFactor());
        if (g.warn) res_.warnings.push_back("volume '" + node.name + "' (tlm): " + g.text);
    }
}

BuildResult Builder::run() {
    // The settings check the configuration editor shows too (stepper, methods, partitions).
    std::vector<std::string> ids;
    for (const auto& c : net_.components) ids.push_back(c.id);
    for (const SettingsIssue& i : checkSolverSettings(reg_, solver_, pressureMethodHosts(reg_, net_), ids)) err(i.text);
    createComponents();
    if (res_.errors.empty()) connect();
    if (res_.errors.empty()) {
        formHydraulicNodes();
        formMechanicalNodes();
        formSignals();
    }
    if (res_.errors.empty()) {
        layoutStates();
        orderEvaluation();
    }
    if (!res_.errors.empty()) return std::move(res_);
    sys_->fluid = net_.fluid;
    sys_->pMin = net_.pMin;
    sys_->pMax = net_.pMax;
    sys_->allocate();
    tlmWarnings();
    if (solver_.kernel == "generated")
        if (const std::string why = useGeneratedKernel(*sys_, solver_); !why.empty())
            res_.warnings.push_back("kernel: the generated kernel is not used, this run is interpreted: " + why);
    res_.system = std::move(sys_);
    return std::move(res_);
}

}  // namespace

BuildResult build(const Registry& registry, const Netlist& net, const SolverSettings& solver) {
    Builder b(registry, net, solver);
    return b.run();
}

}  // namespace hs::sim
