// SPDX-License-Identifier: GPL-3.0-or-later
#include "hopsan_import.h"
#include "hopsan_four_chamber.h"
#include "hopsan_line_nodes.h"
#include "hopsan_load_sense.h"

#include <QRegularExpression>

#include <algorithm>
#include <cmath>
#include <set>

#include "hopsan_expression.h"
#include "hopsan_mechanics.h"
#include "hopsan_node_flow.h"
#include "hopsan_type_map.h"
#include "hopsan_unconnected_inputs.h"
#include "sim/components/flow_direction.h"

namespace hs::model {

namespace {

// Our ids: no '.' and no white space (docs/file-format.md); Hopsan names may have both.
QString idFor(const QString& hopsanName, const std::map<QString, QString>& taken) {
    QString id = hopsanName;
    id.replace(QRegularExpression(QStringLiteral("[.\\s]")), QStringLiteral("_"));
    if (id.isEmpty()) id = QStringLiteral("c");
    QString unique = id;
    for (int n = 2;; ++n) {
        const bool used = std::any_of(taken.begin(), taken.end(), [&](const auto& kv) { return kv.second == unique; });
        if (!used) return unique;
        unique = id + QStringLiteral("_%1").arg(n);
    }
}

// A number, a system parameter name or an arithmetic expression of them (hopsan_expression.h);
// a system parameter's value may itself be an expression, a few levels deep (no cycles).
ExpressionValue resolveValue(const QString& text, const HopsanModel& m, int depth = 0) {
    bool ok = false;
    const double v = text.toDouble(&ok);
    if (ok) return {v, {}};
    const NameLookup lookup = [&m, depth](const QString& name, QString* error) -> std::optional<double> {
        const auto it = std::find_if(m.systemParameters.begin(), m.systemParameters.end(),
                                     [&](const HopsanParameter& p) { return p.name == name; });
        if (it == m.systemParameters.end()) {
            *error = QStringLiteral("'%1' is not a system parameter").arg(name);
            return std::nullopt;
        }
        if (depth >= 8) {
            *error = QStringLiteral("system parameter '%1' refers to others more than 8 levels deep (a cycle?)").arg(name);
            return std::nullopt;
        }
        const ExpressionValue inner = resolveValue(it->value, m, depth + 1);
        if (!inner.value) *error = QStringLiteral("system parameter %1 = '%2': %3").arg(name, it->value, inner.error);
        return inner.value;
    };
    return evaluateExpression(text, lookup);
}

HopsanValues valuesOf(const HopsanComponent& c, const HopsanModel& m) {
    HopsanValues values([&c, &m](const QString& name, QString* problem) -> std::optional<double> {
        const HopsanParameter* p = c.parameter(name);
        if (!p) return std::nullopt;
        const ExpressionValue v = resolveValue(p->value, m);
        if (!v.value) *problem = QStringLiteral("parameter %1 = '%2': %3").arg(name, p->value, v.error);
        return v.value;
    });
    values.modelTimestep = m.timestep;
    return values;
}

Pose poseOf(const HopsanComponent& c, double x0, double y0) {
    Pose p;
    // Hopsan's scene is a few thousand units wide around (2300, 2500): shift it to the origin
    // and snap to our 10-unit grid.
    // Any number the file holds (1e300, inf) must give a pose: non-finite offsets go to 0, and
    // the angle is reduced to one turn before it is rounded to quarter turns (a huge angle
    // overflowed the integer arithmetic; found by tools/fuzz.sh hopsan).
    auto grid = [](double offset) { return std::isfinite(offset) ? std::round(offset / 10.0) * 10.0 : 0.0; };
    p.x = grid(c.x - x0) + 100;
    p.y = grid(c.y - y0) + 100;
    const double turn = std::isfinite(c.angle) ? std::fmod(c.angle, 360.0) : 0.0;
    const int r = static_cast<int>(std::lround(turn / 90.0)) * 90 % 360;
    p.rotation = r < 0 ? r + 360 : r;
    p.flipped = c.flipped;
    return p;
}

SolverConfigDoc hopsanCompatible(const HopsanModel& m, const std::map<QString, double>& alphaOf,
                                 const std::vector<QString>& algebraicNodes) {
    SolverConfigDoc cfg;
    cfg.name = kHopsanCompatibleConfig;
    cfg.description = QStringLiteral("Hopsan's step %1 s, every volume a TLM element with its Hopsan alpha "
                                     "(characteristic filter, Hopsan's waves c + 2 Z q), as Hopsan solves it").arg(m.timestep);
    cfg.stepper = QStringLiteral("rk4");
    cfg.dt = m.timestep;
    // start 1 = Hopsan start values: Hopsan logs its start values at t0 and takes its first step at t0 + dt
    cfg.defaultMethod = MethodDoc{QStringLiteral("tlm"), {{QStringLiteral("alpha"), 0.1}, {QStringLiteral("filter"), 2}, {QStringLiteral("start"), 1}}, {}};
    for (const auto& [id, alpha] : alphaOf)
        cfg.methods[id] = MethodDoc{QStringLiteral("tlm"), {{QStringLiteral("alpha"), alpha}, {QStringLiteral("filter"), 2}, {QStringLiteral("start"), 1}}, {}};
    // tol as fine as the method takes: a line end may meet a laminar orifice of Kc = 1 m5/(N s)
    for (const QString& id : algebraicNodes)
        cfg.methods[id] = MethodDoc{QStringLiteral("quasi_steady"), {{QStringLiteral("tol"), 1e-9}, {QStringLiteral("max_iter"), 200}}, {}};
    return cfg;
}

SolverConfigDoc cvodeReference(const HopsanModel& m) {
    SolverConfigDoc cfg;
    cfg.name = kCvodeReferenceConfig;
    cfg.description = QStringLiteral("Converged solution: CVODE BDF, rtol = atol = 1e-8, every volume integrated");
    cfg.stepper = QStringLiteral("cvode");
    cfg.dt = m.timestep;
    cfg.reference = true;
    return cfg;
}

using MappingOf = std::map<QString, const HopsanTypeMapping*>;

// A Hopsan multiport listed with several of our ports ({"in", "in1"}, {"in", "in2"}, ...) gives
// its successive connections successive ports (empty when they run out); any other port maps to
// its one counterpart, however many connections it has.
QString connectionPort(const HopsanTypeMapping& m, const QString& component, const QString& hopsanPort,
                       std::map<QString, size_t>& taken) {
    std::vector<const char*> ours;
    for (const auto& p : m.ports)
        if (hopsanPort == QLatin1String(p.hopsan)) ours.push_back(p.ours);
    if (ours.size() <= 1) return ours.empty() ? QString() : QString::fromLatin1(ours[0]);
    size_t& next = taken[component + QChar(0x1f) + hopsanPort];
    return next < ours.size() ? QString::fromLatin1(ours[next++]) : QString();
}

// A sensor's read port whose node's flow it reads and that has no port of ours (the flow sensor's
// P1): its connection is no wire. One with a port of ours (the power sensor's P1, our pressure
// pilot P) is wired as well.
bool readsNodeFlow(MappingOf::const_iterator it, const MappingOf& mappingOf, const QString& port) {
    if (it == mappingOf.end() || !mapHopsanPort(*it->second, port).isEmpty()) return false;
    const HopsanTypeMapping& map = *it->second;
    return (map.flowOfNode && port == QLatin1String(map.flowOfNode)) || (map.forceOfNode && port == QLatin1String(map.forceOfNode));
}

// Flow sensors: our FlowSensor watches the port that carries the flow of the Hopsan node
// (hopsan_node_flow.h); their connections to the node are not wires. A sensor whose port
// cannot be resolved is reported and left out (with --partial the rest still imports).
void watchNodeFlows(const HopsanModel& m, MappingOf& mappingOf, Circuit& c, HopsanImport& r) {
    QStringList dropped;
    for (const auto& [name, map] : mappingOf) {
        if (!map->flowOfNode) continue;
        const HopsanNodeFlow w = nodeFlowPort(m, name, QString::fromLatin1(map->flowOfNode));
        const QString who = QStringLiteral("%1 (%2)").arg(name, QString::fromLatin1(map->hopsanType));
        auto other = mappingOf.find(w.component);
        const QString port = other == mappingOf.end() ? QString() : mapHopsanPort(*other->second, w.port);
        QString problem = w.error;
        if (problem.isEmpty() && other == mappingOf.end())
            problem = QStringLiteral("reads the flow of %1.%2, which is not imported").arg(w.component, w.port);
        else if (problem.isEmpty() && port.isEmpty())
            problem = QStringLiteral("%1.%2 has no counterpart in our %3").arg(w.component, w.port, QString::fromLatin1(other->second->ourType));
        if (!problem.isEmpty()) {
            r.errors << who + QStringLiteral(": ") + problem;
            dropped << name;
            continue;
        }
        for (ComponentDoc& doc : c.components)
            if (doc.id == r.idOf.at(name)) {
                doc.text["port"] = r.idOf.at(w.component) + QStringLiteral(".") + port;
                doc.text["direction"] = QString::fromLatin1(w.outOf ? hs::sim::kFlowOutOf : hs::sim::kFlowInto);
            }
    }
    for (const QString& name : dropped) {
        const QString id = r.idOf.at(name);
        std::erase_if(c.components, [&](const ComponentDoc& d) { return d.id == id; });
        r.idOf.erase(name);
        mappingOf.erase(name);
    }
}

// Pressure sensors: a Hopsan node holds the pressure its Q-type component writes at its port
// (p = c + Zc q against the C-type side's wave); on our TLM volume that is the pressure slot of
// the same port, while the node's own pressure is the mean over its ports. The sensor reads that
// port. A node without a resolvable Q-type port keeps the node's pressure (then they agree).
void readNodePressures(const HopsanModel& m, const MappingOf& mappingOf, Circuit& c, const HopsanImport& r) {
    for (const auto& [name, map] : mappingOf) {
        if (QLatin1String(map->hopsanType) != QLatin1String("HydraulicPressureSensor")) continue;
        const HopsanNodeFlow w = nodeFlowPort(m, name, QStringLiteral("P1"));
        auto other = mappingOf.find(w.component);
        if (!w.error.isEmpty() || other == mappingOf.end()) continue;
        // (a load-sensing valve's PL: its placeholder, which addLoadSensePorts() resolves)
        QString port = mapHopsanPort(*other->second, w.port);
        if (port.isEmpty()) port = loadSensePlaceholder(QString::fromLatin1(other->second->hopsanType), w.port);
        if (port.isEmpty()) continue;
        for (ComponentDoc& doc : c.components)
            if (doc.id == r.idOf.at(name)) doc.text["port"] = r.idOf.at(w.component) + QStringLiteral(".") + port;
    }
}

}  // namespace

HopsanImport importHopsan(const HopsanModel& m, const HopsanImportOptions& opt) {
    HopsanImport r;
    Circuit c;
    c.name = m.name;
    c.description = QStringLiteral("Imported from the Hopsan model '%1'.").arg(m.name);
    c.duration = m.stop - m.start;
    if (m.start != 0)
        r.notes << QStringLiteral("simulation starts at %1 s in Hopsan; ours runs 0 .. %2 s, every time shifted by %3 s")
                       .arg(m.start).arg(c.duration).arg(-m.start);
    const double logInterval = m.logSamples > 0 ? c.duration / m.logSamples : m.timestep;
    c.recordInterval = std::max(m.timestep, std::round(logInterval / m.timestep) * m.timestep);

    for (const QString& s : m.subsystems) r.unsupported << QStringLiteral("Subsystem (not flattened): %1").arg(s);
    for (const QString& s : m.systemPorts) r.unsupported << QStringLiteral("system port (subsystem interface): %1").arg(s);
    if (m.guiOnlyObjects > 0) r.notes << QStringLiteral("%1 text box(es) or other GUI-only object(s) not imported").arg(m.guiOnlyObjects);

    double x0 = 1e300, y0 = 1e300;
    for (const auto& hc : m.components) { x0 = std::min(x0, hc.x); y0 = std::min(y0, hc.y); }

    std::map<QString, QStringList> unsupportedByType;
    MappingOf mappingOf;  // Hopsan name -> mapping (imported ones)
    std::set<QString> ignored;                              // recognised, left out on purpose
    std::map<QString, double> alphaOf;
    for (const auto& hc : m.components) {
        const HopsanTypeMapping* map = findHopsanType(hc.typeName);
        if (!map) { unsupportedByType[hc.typeName] << hc.name; continue; }
        if (!map->ourType) { ignored.insert(hc.name); r.notes << QStringLiteral("%1 (%2): %3").arg(hc.name, hc.typeName, QString::fromLatin1(map->note)); continue; }
        ComponentDoc doc;
        doc.id = idFor(hc.name, r.idOf);
        doc.type = QString::fromLatin1(map->ourType);
        doc.pose = poseOf(hc, x0, y0);
        HopsanValues values = valuesOf(hc, m);
        values.hopsanStart = m.start;
        QStringList problems;
        map->convert(values, doc, problems);
        if (map->tlmAlpha) {
            // Our tlm method takes alpha in [0, 0.95] (core/sim/methods/methods.cpp).
            const double alpha = values.value(QString::fromLatin1(map->tlmAlpha), 0.1);
            alphaOf[doc.id] = std::clamp(alpha, 0.0, 0.95);
            if (alphaOf[doc.id] != alpha)
                r.notes << QStringLiteral("%1: alpha %2 outside [0, 0.95], Hopsan-compatible uses %3").arg(hc.name).arg(alpha).arg(alphaOf[doc.id]);
        }
        problems << values.problems;
        if (!problems.isEmpty()) {
            for (const QString& p : problems) r.errors << QStringLiteral("%1 (%2): %3").arg(hc.name, hc.typeName, p);
            continue;
        }
        r.idOf[hc.name] = doc.id;
        mappingOf[hc.name] = map;
        c.components.push_back(std::move(doc));
    }
    for (const auto& [type, names] : unsupportedByType) r.unsupported << type + QStringLiteral(": ") + names.join(QStringLiteral(", "));
    watchNodeFlows(m, mappingOf, c, r);
    readNodePressures(m, mappingOf, c, r);

    std::map<QString, size_t> taken;  // connections given to each spread multiport so far
    for (const auto& con : m.connections) {
        const QString text = QStringLiteral("%1.%2 - %3.%4").arg(con.startComponent, con.startPort, con.endComponent, con.endPort);
        if (ignored.count(con.startComponent) || ignored.count(con.endComponent)) {
            r.notes << QStringLiteral("connection %1 not imported (plot sink)").arg(text);
            continue;
        }
        auto a = mappingOf.find(con.startComponent), b = mappingOf.find(con.endComponent);
        if (readsNodeFlow(a, mappingOf, con.startPort) || readsNodeFlow(b, mappingOf, con.endPort)) continue;  // watchNodeFlows(), orientHopsanMechanics()
        if (a == mappingOf.end() || b == mappingOf.end()) {
            r.notes << QStringLiteral("connection %1 not imported (a component is not imported)").arg(text);
            continue;
        }
        QString pa = connectionPort(*a->second, con.startComponent, con.startPort, taken);
        QString pb = connectionPort(*b->second, con.endComponent, con.endPort, taken);
        if (pa.isEmpty()) pa = loadSensePlaceholder(QString::fromLatin1(a->second->hopsanType), con.startPort);
        if (pb.isEmpty()) pb = loadSensePlaceholder(QString::fromLatin1(b->second->hopsanType), con.endPort);
        if (pa.isEmpty() || pb.isEmpty()) {
            r.errors << QStringLiteral("connection %1: port %2 has no counterpart in our %3").arg(
                text, pa.isEmpty() ? con.startComponent + "." + con.startPort : con.endComponent + "." + con.endPort,
                QString::fromLatin1(pa.isEmpty() ? a->second->ourType : b->second->ourType));
            continue;
        }
        WireDoc w;
        w.fromComp = r.idOf[con.startComponent];
        w.fromPort = pa;
        w.toComp = r.idOf[con.endComponent];
        w.toPort = pb;
        c.wires.push_back(std::move(w));
    }

    const UnconnectedInputFeed fed = feedUnconnectedInputs(
        m, mappingOf, r.idOf, [&m](const HopsanComponent& hc) { return valuesOf(hc, m); }, c);
    r.notes << fed.notes;
    r.errors << fed.errors;

    for (const QString& p : orientHopsanMechanics(m, r.idOf, [&m](const HopsanComponent& hc) { return valuesOf(hc, m); }, c))
        r.errors << p;
    const std::vector<QString> lineNodes = addLineEndNodes(m, r.idOf, c, r.notes);
    addLoadSensePorts(c, r.notes);
    selectFourChamberForms(m, r.idOf, c, r.notes);

    c.configs.push_back(cvodeReference(m));
    c.configs.push_back(hopsanCompatible(m, alphaOf, lineNodes));
    const bool refused = !opt.partial && (!r.unsupported.isEmpty() || !r.errors.isEmpty());
    if (!refused) r.circuit = std::move(c);
    return r;
}

}  // namespace hs::model
