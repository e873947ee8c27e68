// SPDX-License-Identifier: GPL-3.0-or-later
#include "hopsan_line_nodes.h"

#include <algorithm>

namespace hs::model {

namespace {

bool connected(const HopsanModel& m, const QString& component, const QString& port) {
    return std::any_of(m.connections.begin(), m.connections.end(), [&](const HopsanConnection& k) {
        return (k.startComponent == component && k.startPort == port) || (k.endComponent == component && k.endPort == port);
    });
}

}  // namespace

std::vector<QString> addLineEndNodes(const HopsanModel& m, const std::map<QString, QString>& idOf, Circuit& c,
                                     QStringList& notes) {
    std::vector<QString> ids;
    for (const HopsanComponent& hc : m.components) {
        if (hc.typeName != QLatin1String("HydraulicTLMlossless") && hc.typeName != QLatin1String("HydraulicHose")) continue;
        const auto id = idOf.find(hc.name);
        if (id == idOf.end()) continue;
        for (const auto& [hopsanPort, ours] : {std::pair{"P1", "A"}, std::pair{"P2", "B"}}) {
            if (!connected(m, hc.name, QString::fromLatin1(hopsanPort))) continue;
            const auto line = std::find_if(c.components.begin(), c.components.end(), [&](const ComponentDoc& d) { return d.id == id->second; });
            ComponentDoc v;
            v.id = id->second + QStringLiteral("_node_") + QString::fromLatin1(ours);
            v.type = QStringLiteral("Volume");
            v.num["V"] = kLineEndNodeVolume;
            v.text["bulk_modulus"] = QStringLiteral("constant");
            v.num["Be"] = 1e9;
            if (line != c.components.end()) {
                const auto p0 = line->num.find(QStringLiteral("p0"));
                v.num["p0"] = p0 != line->num.end() ? p0->second : 1e5;
                v.pose = Pose{line->pose.x + (ours[0] == 'A' ? -40 : 40), line->pose.y + 40, 0, false};
            }
            c.wires.push_back(WireDoc{v.id, QStringLiteral("P1"), id->second, QString::fromLatin1(ours), {}, {}});
            notes << QStringLiteral("%1 (%5): node volume %2 (%3 m3) at its port %4, solved quasi-steady "
                                    "in Hopsan-compatible (the line's end is the node's only capacitance in Hopsan)")
                         .arg(hc.name, v.id).arg(kLineEndNodeVolume).arg(QString::fromLatin1(hopsanPort), hc.typeName);
            ids.push_back(v.id);
            c.components.push_back(std::move(v));
        }
    }
    return ids;
}

}  // namespace hs::model
