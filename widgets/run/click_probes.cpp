// SPDX-License-Identifier: GPL-3.0-or-later
#include "click_probes.h"

#include <QSet>

#include "sim/registry.h"
#include "sim/spec.h"

namespace hs::widgets {

namespace {

// Union-find over "comp.port" keys: the ports one node joins.
class Nodes {
public:
    QString find(const QString& k) {
        auto it = parent_.find(k);
        if (it == parent_.end()) { parent_[k] = k; return k; }
        if (it->second == k) return k;
        const QString r = find(it->second);
        parent_[k] = r;
        return r;
    }
    void join(const QString& a, const QString& b) {
        const QString ra = find(a), rb = find(b);
        if (ra != rb) parent_[ra] = rb;
    }

private:
    std::map<QString, QString> parent_;
};

QString probeName(const model::ProbeDoc& p) { return p.name.isEmpty() ? p.quantity + " " + p.target : p.name; }

}  // namespace

ClickProbes addClickProbes(const model::Circuit& circuit, const sim::Registry& registry) {
    ClickProbes out{circuit, {}};
    Nodes nodes;
    QSet<QString> wired;
    for (const auto& w : circuit.wires) {
        const QString a = w.fromComp + "." + w.fromPort, b = w.toComp + "." + w.toPort;
        nodes.join(a, b);
        wired << a << b;
    }
    std::map<QString, const sim::ComponentSpec*> specs;
    for (const auto& c : circuit.components) {
        const sim::ComponentSpec* s = registry.find(c.type.toStdString());
        specs[c.id] = s;
        // Ports the spec connects internally (a volume's) are one node, as the engine joins them.
        if (s)
            for (const auto& group : s->internallyConnected)
                for (size_t k = 1; k < group.size(); ++k)
                    nodes.join(c.id + "." + QString::fromStdString(s->ports[static_cast<size_t>(group[0])].id),
                               c.id + "." + QString::fromStdString(s->ports[static_cast<size_t>(group[k])].id));
    }
    QSet<QString> wiredNodes;
    for (const QString& k : wired) wiredNodes << nodes.find(k);
    auto addTo = [&](const QString& comp, const QString& name) {
        QStringList& l = out.byComponent[comp];
        if (!l.contains(name)) l << name;
    };

    // The file's probes: which node each one records (a bare volume id means its first port).
    std::map<QString, QStringList> onNode;
    for (const auto& p : circuit.probes) {
        const QString comp = p.target.section('.', 0, 0);
        if (p.quantity == "pressure" || p.quantity == "position" || p.quantity == "velocity" || p.quantity == "angle" ||
            p.quantity == "speed") {
            QString key = p.target;
            if (!key.contains('.')) {
                const auto it = specs.find(key);
                if (it == specs.end() || !it->second || it->second->ports.empty()) continue;
                key += "." + QString::fromStdString(it->second->ports[0].id);
            }
            onNode[nodes.find(key)] << probeName(p);
        } else {
            addTo(comp, probeName(p));
        }
    }
    // A node with a volume on it is that volume's pressure: "p V2", not "p O2.B" after whichever
    // neighbour comes first in the file.
    std::map<QString, QString> volumeOn;
    for (const auto& c : circuit.components) {
        const sim::ComponentSpec* s = specs[c.id];
        if (!s || c.type != "Volume") continue;
        for (const auto& port : s->ports)
            if (port.domain == sim::Domain::Hydraulic) volumeOn.emplace(nodes.find(c.id + "." + QString::fromStdString(port.id)), c.id);
    }
    for (const auto& c : circuit.components) {
        const sim::ComponentSpec* s = specs[c.id];
        if (!s) continue;
        for (const auto& port : s->ports) {
            if (port.domain == sim::Domain::Signal) continue;
            const QString key = c.id + "." + QString::fromStdString(port.id);
            const QString root = nodes.find(key);
            if (!wiredNodes.contains(root)) continue;
            QStringList& names = onNode[root];
            if (names.isEmpty()) {
                const bool hyd = port.domain == sim::Domain::Hydraulic;
                const auto vol = hyd ? volumeOn.find(root) : volumeOn.end();
                const QString label = vol != volumeOn.end() ? vol->second : key;
                const bool rot = port.domain == sim::Domain::Rotational;
                model::ProbeDoc p{(hyd ? "p " : rot ? "angle " : "x ") + label, hyd ? "pressure" : rot ? "angle" : "position", key, {}};
                out.circuit.probes.push_back(p);
                names << p.name;
            }
            for (const QString& n : names) addTo(c.id, n);
        }
        if (!s->hostsPressureMethod) continue;
        bool hasMethod = false;
        for (const auto& cfg : circuit.configs) {
            const auto it = cfg.methods.find(c.id);
            const QString m = it != cfg.methods.end() ? it->second.method
                                                      : (cfg.defaultMethod ? cfg.defaultMethod->method : QString("integrate"));
            hasMethod = hasMethod || m != "integrate";
        }
        if (!hasMethod) continue;
        for (const auto& [prefix, quantity] : {std::pair{"inner ", "inner_iterations"}, std::pair{"newton ", "newton_iterations"}}) {
            model::ProbeDoc p{prefix + c.id, quantity, c.id, {}};
            out.circuit.probes.push_back(p);
            addTo(c.id, p.name);
        }
    }
    return out;
}

}  // namespace hs::widgets
