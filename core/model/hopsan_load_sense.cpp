// SPDX-License-Identifier: GPL-3.0-or-later
#include "hopsan_load_sense.h"

#include <algorithm>
#include <set>

namespace hs::model {

QString loadSensePlaceholder(const QString& hopsanType, const QString& hopsanPort) {
    return hopsanType == QLatin1String("Hydraulic43LoadSensingValve") && hopsanPort == QLatin1String("PL") ? QStringLiteral("PL")
                                                                                                          : QString();
}

void addLoadSensePorts(Circuit& c, QStringList& notes) {
    std::set<QString> valves;
    for (const ComponentDoc& d : c.components)
        if (d.type == QLatin1String("LoadSensingValve43")) valves.insert(d.id);
    std::set<QString> sourced;
    for (WireDoc& w : c.wires)
        for (auto [comp, port] : {std::pair{&w.fromComp, &w.fromPort}, std::pair{&w.toComp, &w.toPort}}) {
            if (*port != QLatin1String("PL") || !valves.count(*comp)) continue;
            const QString valve = *comp;
            *comp = valve + QStringLiteral("_PL");
            *port = QStringLiteral("P");
            sourced.insert(valve);
        }
    // A pressure sensor reading the valve's PL (its node's Q-type port) reads the source's port.
    for (ComponentDoc& d : c.components) {
        auto port = d.text.find(QStringLiteral("port"));
        if (port == d.text.end() || !port->second.endsWith(QStringLiteral(".PL"))) continue;
        const QString valve = port->second.chopped(3);
        if (sourced.count(valve)) port->second = valve + QStringLiteral("_PL.P");
    }
    for (const QString& valve : sourced) {
        const auto v = std::find_if(c.components.begin(), c.components.end(), [&](const ComponentDoc& d) { return d.id == valve; });
        ComponentDoc src;
        src.id = valve + QStringLiteral("_PL");
        src.type = QStringLiteral("PressureSource");
        src.num["p"] = 1e5;
        if (v != c.components.end()) src.pose = Pose{v->pose.x + 80, v->pose.y - 80, 0, false};
        c.wires.push_back(WireDoc{valve, QStringLiteral("pLS"), src.id, QStringLiteral("p"), {}, {}});
        c.components.push_back(std::move(src));
        notes << QStringLiteral("%1: Hopsan's port PL (the load pressure imposed on its node) is the PressureSource %2 "
                                "driven by the valve's pLS").arg(valve, valve + QStringLiteral("_PL"));
    }
}

}  // namespace hs::model
