// SPDX-License-Identifier: GPL-3.0-or-later
#include "hopsan_node_flow.h"

#include <map>
#include <vector>

#include "hopsan_type_map.h"

namespace hs::model {

namespace {

struct PortRef {
    QString component, port;
};

// Hopsan's nodes from the connections: ports joined by a connection share a node, except that
// each connection to a multiport is a node of its own.
class HopsanNodes {
public:
    explicit HopsanNodes(const HopsanModel& m) : m_(m) {
        for (size_t i = 0; i < m.connections.size(); ++i) {
            const HopsanConnection& c = m.connections[i];
            join(key(c.startComponent, c.startPort, i), key(c.endComponent, c.endPort, i));
        }
    }
    std::vector<PortRef> membersWith(const QString& component, const QString& port) {
        const QString root = find(key(component, port, 0));
        std::vector<PortRef> out;
        for (const auto& [k, ref] : refs_)
            if (find(k) == root) out.push_back(ref);
        return out;
    }

private:
    QString key(const QString& component, const QString& port, size_t connection) {
        QString k = component + QChar(0x1f) + port;
        const HopsanComponent* hc = m_.component(component);
        const HopsanTypeMapping* map = hc ? findHopsanType(hc->typeName) : nullptr;
        if (map && map->multiPort && port == QLatin1String(map->multiPort)) k += QChar(0x1f) + QString::number(connection);
        refs_.emplace(k, PortRef{component, port});
        return k;
    }
    QString find(const QString& k) {
        auto it = parent_.find(k);
        if (it == parent_.end() || it->second == k) return k;
        return it->second = find(it->second);
    }
    void join(const QString& a, const QString& b) {
        const QString ra = find(a), rb = find(b);
        if (ra != rb) parent_[ra] = rb;
    }

    const HopsanModel& m_;
    std::map<QString, QString> parent_;
    std::map<QString, PortRef> refs_;
};

HopsanKind kindOf(const HopsanModel& m, const QString& component) {
    const HopsanComponent* hc = m.component(component);
    const HopsanTypeMapping* map = hc ? findHopsanType(hc->typeName) : nullptr;
    return map ? map->kind : HopsanKind::Unknown;
}

QString describe(const HopsanModel& m, const PortRef& p) {
    const HopsanComponent* hc = m.component(p.component);
    return QStringLiteral("%1.%2 (%3)").arg(p.component, p.port, hc ? hc->typeName : QStringLiteral("?"));
}

}  // namespace

HopsanNodeFlow nodeFlowPort(const HopsanModel& m, const QString& component, const QString& port) {
    HopsanNodes nodes(m);
    std::vector<PortRef> power;
    for (const PortRef& p : nodes.membersWith(component, port))
        if (kindOf(m, p.component) != HopsanKind::S) power.push_back(p);
    if (power.size() <= 1 && kindOf(m, component) == HopsanKind::S)
        return {{}, {}, false, QStringLiteral("its port %1 is on no hydraulic node").arg(port)};
    if (power.size() != 2) {
        QStringList names;
        for (const PortRef& p : power) names << describe(m, p);
        return {{}, {}, false, QStringLiteral("the node of %1.%2 joins %3 power port(s) (%4); a Hopsan node has two")
                                   .arg(component, port).arg(power.size()).arg(names.join(", "))};
    }
    // The Q-type side: the one declared Q, or the one facing a declared C (Hopsan alternates them).
    const HopsanKind k0 = kindOf(m, power[0].component), k1 = kindOf(m, power[1].component);
    int q = -1;
    if (k0 == HopsanKind::Q || k1 == HopsanKind::C) q = 0;
    else if (k1 == HopsanKind::Q || k0 == HopsanKind::C) q = 1;
    if (q < 0)
        return {{}, {}, false, QStringLiteral("cannot tell which of %1 and %2 is Hopsan's Q-type component (it sets the flow's sign)")
                                   .arg(describe(m, power[0]), describe(m, power[1]))};
    return {power[static_cast<size_t>(q)].component, power[static_cast<size_t>(q)].port, true, {}};
}

}  // namespace hs::model
