// SPDX-License-Identifier: GPL-3.0-or-later
#include "hopsan_mechanics.h"

#include <algorithm>
#include <deque>
#include <set>

namespace hs::model {

namespace {

using PortKey = std::pair<QString, QString>;  // Hopsan component, port

bool isCylinderRod(const QString& type, const QString& port) {
    return (type == QLatin1String("HydraulicCylinderC") || type == QLatin1String("HydraulicCylinderQ")) &&
           port == QLatin1String("P3");
}
bool isMass(const QString& type) { return type == QLatin1String("MechanicTranslationalMass"); }

// Hopsan's nodes: the ports joined by connections.
class HopsanNodes {
public:
    explicit HopsanNodes(const HopsanModel& m) {
        for (const auto& c : m.connections) join({c.startComponent, c.startPort}, {c.endComponent, c.endPort});
    }
    PortKey root(const PortKey& k) {
        auto it = parent_.find(k);
        if (it == parent_.end() || it->second == k) return k;
        return it->second = root(it->second);
    }

private:
    void join(const PortKey& a, const PortKey& b) {
        parent_.emplace(a, a);
        parent_.emplace(b, b);
        parent_[root(a)] = root(b);
    }
    std::map<PortKey, PortKey> parent_;
};

}  // namespace

QStringList orientHopsanMechanics(const HopsanModel& m, const std::map<QString, QString>& idOf, Circuit& c) {
    HopsanNodes nodes(m);
    std::map<PortKey, int> sign;  // node root -> +1 (Hopsan's x is ours) or -1
    std::deque<PortKey> todo;
    auto setSign = [&](const PortKey& port, int s) {
        const PortKey r = nodes.root(port);
        if (sign.emplace(r, s).second) todo.push_back(r);
    };
    // Cylinder rods first (their x is the extension, ours), then any unreached mass from its P2.
    for (const auto& hc : m.components)
        if (isCylinderRod(hc.typeName, QStringLiteral("P3"))) setSign({hc.name, QStringLiteral("P3")}, +1);
    auto propagate = [&] {
        while (!todo.empty()) {
            const PortKey r = todo.front();
            todo.pop_front();
            for (const auto& hc : m.components) {
                if (!isMass(hc.typeName)) continue;
                const PortKey p1{hc.name, QStringLiteral("P1")}, p2{hc.name, QStringLiteral("P2")};
                if (nodes.root(p1) == r) setSign(p2, -sign[r]);
                if (nodes.root(p2) == r) setSign(p1, -sign[r]);
            }
        }
    };
    propagate();
    for (const auto& hc : m.components)
        if (isMass(hc.typeName) && !sign.count(nodes.root({hc.name, QStringLiteral("P2")}))) {
            setSign({hc.name, QStringLiteral("P2")}, +1);
            propagate();
        }

    QStringList problems;
    for (const auto& hc : m.components) {
        const PortKey port{hc.name, QStringLiteral("P1")};
        auto s = sign.find(nodes.root(port));
        if (s == sign.end() || s->second > 0) continue;  // measured as ours: the type map's conversion holds
        auto id = idOf.find(hc.name);
        if (id == idOf.end()) continue;
        auto doc = std::find_if(c.components.begin(), c.components.end(), [&](const ComponentDoc& d) { return d.id == id->second; });
        if (doc == c.components.end()) continue;
        if (hc.typeName == QLatin1String("MechanicForceTransformer")) {
            doc->num["F"] = -doc->num["F"];  // pushes along our x there (an input signal too)
        } else if (hc.typeName == QLatin1String("MechanicPositionSensor") || hc.typeName == QLatin1String("MechanicSpeedSensor")) {
            problems << QStringLiteral("%1: sensor on a node Hopsan measures against ours (across a mass, x2 = L - x1): "
                                       "it would read minus ours").arg(hc.name);
        }
    }
    // A force input signal where Hopsan's x is ours needs the opposite sign (the parameter has it).
    for (const auto& hc : m.components) {
        if (hc.typeName != QLatin1String("MechanicForceTransformer")) continue;
        auto s = sign.find(nodes.root({hc.name, QStringLiteral("P1")}));
        const bool inputConnected = std::any_of(m.connections.begin(), m.connections.end(), [&](const HopsanConnection& k) {
            return (k.startComponent == hc.name && k.startPort == QLatin1String("F")) ||
                   (k.endComponent == hc.name && k.endPort == QLatin1String("F"));
        });
        if (inputConnected && (s == sign.end() || s->second > 0))
            problems << QStringLiteral("%1: force input signal pushes against the rod in Hopsan, along it in ours: needs a sign change").arg(hc.name);
    }
    return problems;
}

}  // namespace hs::model
