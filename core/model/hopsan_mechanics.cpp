// SPDX-License-Identifier: GPL-3.0-or-later
#include "hopsan_mechanics.h"

#include <algorithm>
#include <cmath>
#include <deque>
#include <optional>
#include <set>

namespace hs::model {

namespace {

using PortKey = std::pair<QString, QString>;  // Hopsan component, port

bool isCylinderRod(const QString& type, const QString& port) {
    return (type == QLatin1String("HydraulicCylinderC") || type == QLatin1String("HydraulicCylinderQ")) &&
           port == QLatin1String("P3");
}
// The four-chamber piston's P5 position is minus its extension (Hopsan: V1 = V01 + A1*(-x5)).
bool isFourChamberRod(const QString& type, const QString& port) {
    return type == QLatin1String("HydraulicFourChamberPiston") && port == QLatin1String("P5");
}
bool isMass(const QString& type) { return type == QLatin1String("MechanicTranslationalMass"); }

struct Frame {
    int sign = 1;         // ours = sign*x_hopsan + offset
    double offset = 0.0;
};

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

// Hopsan's start position of a node: the C-type component's port start value there (it
// initialises the node; a force transformer or a cylinder), else any port's, else 0.
double nodeStartPosition(const HopsanModel& m, HopsanNodes& nodes, const PortKey& root, const HopsanValuesOf& valuesOf) {
    std::optional<double> any;
    for (const auto& hc : m.components) {
        for (const QString& port : {QStringLiteral("P1"), QStringLiteral("P2"), QStringLiteral("P3"), QStringLiteral("P5")}) {
            if (!hc.parameter(port + QStringLiteral("#Position")) || nodes.root({hc.name, port}) != root) continue;
            HopsanValues v = valuesOf(hc);
            const double x = v.value(port + QStringLiteral("#Position"), 0.0);
            const HopsanTypeMapping* map = findHopsanType(hc.typeName);
            if (map && map->kind == HopsanKind::C) return x;
            if (!any) any = x;
        }
    }
    return any.value_or(0.0);
}

ComponentDoc* docOf(const std::map<QString, QString>& idOf, Circuit& c, const QString& hopsanName) {
    auto id = idOf.find(hopsanName);
    if (id == idOf.end()) return nullptr;
    auto doc = std::find_if(c.components.begin(), c.components.end(), [&](const ComponentDoc& d) { return d.id == id->second; });
    return doc == c.components.end() ? nullptr : &*doc;
}

// A mass's finite x_min/x_max (limits of its P2 position) become an EndStop on its node, at the
// limits in our frame. Hopsan clamps the mass there (inelastic, no penetration); ours is a
// penalty stop with Hopsan's own stop constants (its cylinders' limitStroke): k = 0.1 m/dt^2,
// c = 0.2 m/dt, stiff and still stable for an explicit step dt.
void addMassStops(const HopsanModel& m, const std::map<QString, QString>& idOf, const HopsanValuesOf& valuesOf, HopsanNodes& nodes,
                  const std::map<PortKey, Frame>& frameOf, Circuit& c) {
    for (const auto& hc : m.components) {
        if (!isMass(hc.typeName)) continue;
        ComponentDoc* mass = docOf(idOf, c, hc.name);
        auto frame = frameOf.find(nodes.root({hc.name, QStringLiteral("P2")}));
        if (!mass || frame == frameOf.end()) continue;
        HopsanValues v = valuesOf(hc);
        const double lo = v.value(QStringLiteral("x_min"), -1e300), hi = v.value(QStringLiteral("x_max"), 1e300);
        if (std::abs(lo) >= 1e299 && std::abs(hi) >= 1e299) continue;
        const Frame f = frame->second;
        auto ours = [&](double x) { return std::abs(x) >= 1e299 ? f.sign * x : f.sign * x + f.offset; };
        ComponentDoc stop;
        stop.id = mass->id + QStringLiteral("_stops");
        stop.type = QStringLiteral("EndStop");
        stop.num["x_min"] = std::min(ours(lo), ours(hi));
        stop.num["x_max"] = std::max(ours(lo), ours(hi));
        const double mm = v.value(QStringLiteral("m"), 100.0), dt = m.timestep;
        stop.num["k"] = std::min(0.1 * mm / (dt * dt), 1e13);
        stop.num["c"] = std::min(0.2 * mm / dt, 1e10);
        stop.pose = Pose{mass->pose.x, mass->pose.y + 60, 0, false};
        c.wires.push_back(WireDoc{stop.id, QStringLiteral("m"), mass->id, QStringLiteral("m"), {}, {}});
        c.components.push_back(std::move(stop));
    }
}

// Hopsan's force sensor outputs its node's force, which the C-type component there writes:
// f = c + Zx*v, the force its chambers push with against the port's x. Ours reads the force our
// cylinder puts on the rod, along our x: f = -sign*F. Only the four-chamber piston's rod is
// mapped (checked against HydraulicFourChamberPistonTest.hvd and HopsanCLI 2.24).
void pointForceSensors(const HopsanModel& m, const std::map<QString, QString>& idOf, HopsanNodes& nodes,
                       const std::map<PortKey, Frame>& frameOf, Circuit& c, QStringList& problems) {
    for (const auto& hc : m.components) {
        if (hc.typeName != QLatin1String("MechanicForceSensor")) continue;
        ComponentDoc* sensor = docOf(idOf, c, hc.name);
        if (!sensor) continue;
        const PortKey root = nodes.root({hc.name, QStringLiteral("P1")});
        const HopsanComponent* cyl = nullptr;
        for (const auto& other : m.components)
            if (isFourChamberRod(other.typeName, QStringLiteral("P5")) && nodes.root({other.name, QStringLiteral("P5")}) == root) cyl = &other;
        auto frame = frameOf.find(root);
        if (!cyl || !idOf.count(cyl->name) || frame == frameOf.end()) {
            problems << QStringLiteral("%1: force sensor on a node without a HydraulicFourChamberPiston rod (the only "
                                       "component whose node force ours reads so far)").arg(hc.name);
            continue;
        }
        sensor->text["port"] = idOf.at(cyl->name) + QStringLiteral(".rod");
        sensor->text["direction"] = frame->second.sign < 0 ? QStringLiteral("along x") : QStringLiteral("against x");
    }
}

// Hopsan's torque sensor outputs its node's torque, which both sides of a TLM node share: the
// torque the C-type component there pushes with, positive against its port's rotation (like a
// pressure). Ours reads a named component's shaft torque: the C-type component's mapped port on
// that node, direction 'against rotation'.
void pointTorqueSensors(const HopsanModel& m, const std::map<QString, QString>& idOf, HopsanNodes& nodes, Circuit& c,
                        QStringList& problems) {
    for (const auto& hc : m.components) {
        if (hc.typeName != QLatin1String("MechanicTorqueSensor")) continue;
        ComponentDoc* sensor = docOf(idOf, c, hc.name);
        if (!sensor) continue;
        const PortKey root = nodes.root({hc.name, QStringLiteral("P1")});
        QString watched;
        for (const auto& con : m.connections)
            for (const PortKey& k : {PortKey{con.startComponent, con.startPort}, PortKey{con.endComponent, con.endPort}}) {
                if (!watched.isEmpty() || k.first == hc.name || nodes.root(k) != root || !idOf.count(k.first)) continue;
                const HopsanComponent* other = m.component(k.first);
                const HopsanTypeMapping* map = other ? findHopsanType(other->typeName) : nullptr;
                if (!map || map->kind != HopsanKind::C) continue;
                const QString port = mapHopsanPort(*map, k.second);
                if (!port.isEmpty()) watched = idOf.at(k.first) + QStringLiteral(".") + port;
            }
        if (watched.isEmpty()) {
            problems << QStringLiteral("%1: torque sensor on a node without an imported C-type component (whose torque "
                                       "the node holds)").arg(hc.name);
            continue;
        }
        sensor->text["port"] = watched;
        sensor->text["direction"] = QStringLiteral("against rotation");
    }
}

}  // namespace

QStringList orientHopsanMechanics(const HopsanModel& m, const std::map<QString, QString>& idOf, const HopsanValuesOf& valuesOf,
                                  Circuit& c) {
    HopsanNodes nodes(m);
    std::map<PortKey, Frame> frameOf;  // node root -> our frame of Hopsan's x there
    std::map<PortKey, int> sign;       // node root -> +1 (Hopsan's x is ours) or -1
    std::deque<PortKey> todo;
    auto setFrame = [&](const PortKey& port, Frame f) {
        const PortKey r = nodes.root(port);
        if (frameOf.emplace(r, f).second) {
            sign[r] = f.sign;
            todo.push_back(r);
        }
    };
    // Cylinder rods first (our x is their extension, Hopsan's cylinders' x; the four-chamber
    // piston's is minus it), then any unreached mass from its P2.
    for (const auto& hc : m.components) {
        if (isCylinderRod(hc.typeName, QStringLiteral("P3"))) setFrame({hc.name, QStringLiteral("P3")}, {+1, 0.0});
        if (isFourChamberRod(hc.typeName, QStringLiteral("P5"))) setFrame({hc.name, QStringLiteral("P5")}, {-1, 0.0});
    }
    // Across a mass x_a = L - x_b, L = x1 + x2 at the start: ours = s*(L - x_b) + o.
    auto propagate = [&] {
        while (!todo.empty()) {
            const PortKey r = todo.front();
            todo.pop_front();
            const Frame f = frameOf[r];
            for (const auto& hc : m.components) {
                if (!isMass(hc.typeName)) continue;
                const PortKey p1{hc.name, QStringLiteral("P1")}, p2{hc.name, QStringLiteral("P2")};
                const double length = nodeStartPosition(m, nodes, nodes.root(p1), valuesOf) +
                                      nodeStartPosition(m, nodes, nodes.root(p2), valuesOf);
                const Frame across{-f.sign, f.sign * length + f.offset};
                if (nodes.root(p1) == r) setFrame(p2, across);
                if (nodes.root(p2) == r) setFrame(p1, across);
            }
        }
    };
    propagate();
    for (const auto& hc : m.components)
        if (isMass(hc.typeName) && !frameOf.count(nodes.root({hc.name, QStringLiteral("P2")}))) {
            setFrame({hc.name, QStringLiteral("P2")}, {+1, 0.0});
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
    addMassStops(m, idOf, valuesOf, nodes, frameOf, c);
    pointForceSensors(m, idOf, nodes, frameOf, c, problems);
    pointTorqueSensors(m, idOf, nodes, c, problems);
    return problems;
}

}  // namespace hs::model
