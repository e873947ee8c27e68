// SPDX-License-Identifier: GPL-3.0-or-later
#include "hopsan_import.h"

#include <QRegularExpression>

#include <algorithm>
#include <cmath>
#include <set>

#include "hopsan_type_map.h"

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

// A number, or the name of a system parameter (itself a number or a name, a few levels deep).
std::optional<double> resolveValue(const QString& text, const HopsanModel& m, int depth = 0) {
    bool ok = false;
    const double v = text.toDouble(&ok);
    if (ok) return v;
    if (depth > 8) return std::nullopt;
    for (const auto& p : m.systemParameters)
        if (p.name == text) return resolveValue(p.value, m, depth + 1);
    return std::nullopt;
}

HopsanValues valuesOf(const HopsanComponent& c, const HopsanModel& m) {
    return HopsanValues([&c, &m](const QString& name, QString* problem) -> std::optional<double> {
        const HopsanParameter* p = c.parameter(name);
        if (!p) return std::nullopt;
        if (auto v = resolveValue(p->value, m)) return v;
        *problem = QStringLiteral("parameter %1 = '%2': not a number or a system parameter name "
                                  "(expressions are not supported)").arg(name, p->value);
        return std::nullopt;
    });
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

SolverConfigDoc hopsanCompatible(const HopsanModel& m, const std::map<QString, double>& alphaOf) {
    SolverConfigDoc cfg;
    cfg.name = kHopsanCompatibleConfig;
    cfg.description = QStringLiteral("Hopsan's step %1 s, every volume a TLM element with its Hopsan alpha "
                                     "(characteristic filter), as Hopsan solves it").arg(m.timestep);
    cfg.stepper = QStringLiteral("rk4");
    cfg.dt = m.timestep;
    cfg.defaultMethod = MethodDoc{QStringLiteral("tlm"), {{QStringLiteral("alpha"), 0.1}, {QStringLiteral("filter"), 0}}, {}};
    for (const auto& [id, alpha] : alphaOf)
        cfg.methods[id] = MethodDoc{QStringLiteral("tlm"), {{QStringLiteral("alpha"), alpha}, {QStringLiteral("filter"), 0}}, {}};
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
    std::map<QString, const HopsanTypeMapping*> mappingOf;  // Hopsan name -> mapping (imported ones)
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

    for (const auto& con : m.connections) {
        const QString text = QStringLiteral("%1.%2 - %3.%4").arg(con.startComponent, con.startPort, con.endComponent, con.endPort);
        if (ignored.count(con.startComponent) || ignored.count(con.endComponent)) {
            r.notes << QStringLiteral("connection %1 not imported (plot sink)").arg(text);
            continue;
        }
        auto a = mappingOf.find(con.startComponent), b = mappingOf.find(con.endComponent);
        if (a == mappingOf.end() || b == mappingOf.end()) {
            r.notes << QStringLiteral("connection %1 not imported (a component is not imported)").arg(text);
            continue;
        }
        const QString pa = mapHopsanPort(*a->second, con.startPort), pb = mapHopsanPort(*b->second, con.endPort);
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

    c.configs.push_back(cvodeReference(m));
    c.configs.push_back(hopsanCompatible(m, alphaOf));
    const bool refused = !opt.partial && (!r.unsupported.isEmpty() || !r.errors.isEmpty());
    if (!refused) r.circuit = std::move(c);
    return r;
}

}  // namespace hs::model
