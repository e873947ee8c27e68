// SPDX-License-Identifier: GPL-3.0-or-later
#include "hopsan_four_chamber.h"

#include <algorithm>
#include <set>
#include <utility>
#include <vector>

namespace hs::model {

namespace {

using PortKey = std::pair<QString, QString>;  // Hopsan component, port

// The ports of Hopsan's node that holds `start` (its connections, followed transitively).
std::set<PortKey> nodeOf(const HopsanModel& m, const PortKey& start) {
    std::set<PortKey> node{start};
    std::vector<PortKey> todo{start};
    while (!todo.empty()) {
        const PortKey k = todo.back();
        todo.pop_back();
        for (const HopsanConnection& con : m.connections) {
            const PortKey a{con.startComponent, con.startPort}, b{con.endComponent, con.endPort};
            const PortKey* other = a == k ? &b : b == k ? &a : nullptr;
            if (other && node.insert(*other).second) todo.push_back(*other);
        }
    }
    return node;
}

QString typeOf(const HopsanModel& m, const QString& name) {
    for (const HopsanComponent& hc : m.components)
        if (hc.name == name) return hc.typeName;
    return {};
}

}  // namespace

void selectFourChamberForms(const HopsanModel& m, const std::map<QString, QString>& idOf, Circuit& c, QStringList& notes) {
    for (const HopsanComponent& hc : m.components) {
        if (hc.typeName != QLatin1String("HydraulicFourChamberPiston")) continue;
        const auto id = idOf.find(hc.name);
        if (id == idOf.end()) continue;
        auto doc = std::find_if(c.components.begin(), c.components.end(), [&](const ComponentDoc& d) { return d.id == id->second; });
        if (doc == c.components.end()) continue;
        QStringList unset;
        for (const char* port : {"P1", "P2", "P3", "P4"}) {
            const std::set<PortKey> node = nodeOf(m, {hc.name, QString::fromLatin1(port)});
            if (node.size() < 2) continue;  // not connected: the chamber is closed
            const bool sourced = std::any_of(node.begin(), node.end(), [&](const PortKey& k) {
                return typeOf(m, k.first) == QLatin1String("HydraulicPressureSourceQ");
            });
            if (!sourced) unset << QString::fromLatin1(port);
        }
        if (unset.isEmpty()) {
            doc->text[QStringLiteral("form")] = QStringLiteral("Hopsan C-type chambers at the step");
            notes << QStringLiteral("%1 (HydraulicFourChamberPiston): form = Hopsan C-type chambers at the step (its chambers' "
                                    "nodes are set by Q-type pressure sources, solved against the chambers' waves as in Hopsan)")
                         .arg(hc.name);
        } else {
            notes << QStringLiteral("%1 (HydraulicFourChamberPiston): continuous form (chambers are their nodes' capacitance): "
                                    "port(s) %2 not set by a Q-type pressure source")
                         .arg(hc.name, unset.join(QStringLiteral(", ")));
        }
    }
}

}  // namespace hs::model
