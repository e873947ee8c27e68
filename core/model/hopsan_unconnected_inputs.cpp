// SPDX-License-Identifier: GPL-3.0-or-later
#include "hopsan_unconnected_inputs.h"

#include <algorithm>

#include "sim/registry.h"

namespace hs::model {

namespace {

bool connectedInHopsan(const HopsanModel& m, const QString& component, const QString& port) {
    return std::any_of(m.connections.begin(), m.connections.end(), [&](const HopsanConnection& k) {
        return (k.startComponent == component && k.startPort == port) || (k.endComponent == component && k.endPort == port);
    });
}

// Our signal input of that name; nullptr for outputs and power ports.
const sim::PortSpec* signalInput(const sim::ComponentSpec& spec, const char* port) {
    for (const sim::PortSpec& p : spec.ports)
        if (p.id == port) return p.domain == sim::Domain::Signal && p.dir == sim::SignalDir::In ? &p : nullptr;
    return nullptr;
}

// An optional input with a parameter of its name (PressureSource p) runs on that parameter,
// which the conversion set from the stored value; one without (Sum's in2) reads 0 unconnected.
bool hasParameter(const sim::ComponentSpec& spec, const char* name) {
    return std::any_of(spec.params.begin(), spec.params.end(), [&](const sim::ParamSpec& p) { return p.name == name; });
}

// How often a Hopsan port is listed: a multiport spread over several of ours (SignalSum's in)
// is a sum of whatever is connected, nothing when nothing is.
int listed(const HopsanTypeMapping& map, const char* hopsanPort) {
    return int(std::count_if(map.ports.begin(), map.ports.end(),
                             [&](const HopsanPortPair& p) { return QLatin1String(p.hopsan) == QLatin1String(hopsanPort); }));
}

QString unusedId(const Circuit& c, const QString& wanted) {
    auto taken = [&c](const QString& id) {
        return std::any_of(c.components.begin(), c.components.end(), [&](const ComponentDoc& d) { return d.id == id; });
    };
    QString id = wanted;
    for (int n = 2; taken(id); ++n) id = wanted + QStringLiteral("_%1").arg(n);
    return id;
}

}  // namespace

UnconnectedInputFeed feedUnconnectedInputs(const HopsanModel& m,
                                           const std::map<QString, const HopsanTypeMapping*>& components,
                                           const std::map<QString, QString>& idOf,
                                           const std::function<HopsanValues(const HopsanComponent&)>& valuesOf,
                                           Circuit& c) {
    UnconnectedInputFeed r;
    const sim::Registry reg = sim::Registry::builtin();
    for (const auto& [name, map] : components) {
        const sim::ComponentSpec* spec = reg.find(map->ourType);
        const HopsanComponent* hc = m.component(name);
        if (!spec || !hc) continue;
        for (const HopsanPortPair& pair : map->ports) {
            const sim::PortSpec* input = signalInput(*spec, pair.ours);
            if (!input || listed(*map, pair.hopsan) > 1 || (input->optional && hasParameter(*spec, pair.ours))) continue;
            const QString hopsanPort = QString::fromLatin1(pair.hopsan);
            if (connectedInHopsan(m, name, hopsanPort)) continue;
            const QString who = QStringLiteral("%1 (%2)").arg(name, hc->typeName);
            if (!hc->parameter(hopsanPort)) {
                if (input->optional) continue;  // reads 0, as Hopsan's default
                r.notes << QStringLiteral("%1: input %2 is unconnected and the file holds no value for it: left "
                                          "unconnected (ours does not build so)").arg(who, hopsanPort);
                continue;
            }
            HopsanValues values = valuesOf(*hc);
            const double v = values.value(hopsanPort, 0.0);
            if (!values.problems.isEmpty()) {
                for (const QString& p : values.problems) r.errors << who + QStringLiteral(": ") + p;
                continue;
            }
            if (input->optional && v == 0.0) continue;  // an unconnected optional input reads 0 already
            const QString target = idOf.at(name);
            const auto owner = std::find_if(c.components.begin(), c.components.end(), [&](const ComponentDoc& d) { return d.id == target; });
            ComponentDoc k;
            k.id = unusedId(c, target + QStringLiteral("_") + hopsanPort);
            k.type = QStringLiteral("Constant");
            k.num["value"] = v;
            if (owner != c.components.end()) k.pose = Pose{owner->pose.x - 60, owner->pose.y - 60, 0, false};
            c.wires.push_back(WireDoc{k.id, QStringLiteral("out"), target, QString::fromLatin1(pair.ours), {}, {}});
            r.notes << QStringLiteral("%1: input %2 is unconnected in Hopsan, which runs it on its stored value %3; "
                                      "fed by the Constant %4")
                           .arg(who, hopsanPort).arg(v).arg(k.id);
            c.components.push_back(std::move(k));
        }
    }
    return r;
}

}  // namespace hs::model
