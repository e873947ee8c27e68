// SPDX-License-Identifier: GPL-3.0-or-later
#include "circuit_validator.h"

#include <QLocale>

#include <algorithm>
#include <cmath>
#include <map>

#include "circuit_io.h"
#include "json_reader.h"
#include "sim/builder.h"
#include "sim/partitioner.h"
#include "sim/registry.h"
#include "sim/stepper.h"
#include "sim/system_jacobian.h"

namespace hs::model {

namespace {

using hs::sim::ComponentSpec;
using hs::sim::Domain;
using hs::sim::ParamKind;
using hs::sim::ParamSpec;

QString q(const std::string& s) { return QString::fromStdString(s); }

QString fmt(double v) { return QString::number(v, 'g', QLocale::FloatingPointShortest); }

// "-1 m3"; dimensionless values go without a unit.
QString withUnit(double v, const std::string& unit) {
    return unit.empty() || unit == "-" ? fmt(v) : fmt(v) + u' ' + q(unit);
}

QString joined(const std::vector<std::string>& names) {
    QStringList l;
    for (const auto& n : names) l << q(n);
    return l.join(QStringLiteral(", "));
}

QString portList(const ComponentSpec& s) {
    std::vector<std::string> v;
    for (const auto& p : s.ports) v.push_back(p.id);
    return joined(v);
}

const QStringList kQuantities = {"pressure", "flow", "position", "velocity", "force", "angle", "speed", "torque", "signal", "state", "ppar", "parasitic_inertance",
                                  "inner_iterations", "newton_iterations"};

}  // namespace

CircuitValidator::CircuitValidator(const Circuit& c, const hs::sim::Registry& reg, const SourceIndex& index)
    : c_(c), reg_(reg), index_(index) {}

QStringList CircuitValidator::run() {
    checkSettings();
    checkComponents();
    checkWires();
    checkProbes();
    checkConfigs();
    return errors_;
}

QString CircuitValidator::listPath(const char* list, const std::vector<int>& index, size_t i) const {
    const int at = i < index.size() ? index[i] : static_cast<int>(i);
    return jsonItem(QStringLiteral("$.") + QLatin1String(list), at);
}

QString CircuitValidator::componentPath(size_t i) const { return listPath("components", index_.components, i); }

const ComponentSpec* CircuitValidator::specOf(const QString& id) const {
    const ComponentDoc* d = c_.component(id);
    return d ? reg_.find(d->type.toStdString()) : nullptr;
}

void CircuitValidator::positive(double v, const QString& path, const char* unit, bool orZero) {
    if (orZero ? v >= 0 : v > 0) return;
    err(path, QStringLiteral("must be %1, got %2")
                  .arg(orZero ? QStringLiteral("zero or positive") : QStringLiteral("positive"), withUnit(v, unit)));
}

void CircuitValidator::checkSettings() {
    positive(c_.fluid.density, QStringLiteral("$.fluid.density"), "kg/m3");
    const auto& b = c_.fluid.bulk;
    const QString bp = QStringLiteral("$.fluid.bulk_modulus.");
    if (b.model == hs::sim::BulkModulus::Model::Constant) {
        positive(b.value, bp + QStringLiteral("value"), "Pa");
    } else {
        positive(b.a1, bp + QStringLiteral("a1"), "-");
        positive(b.emax, bp + QStringLiteral("Emax"), "Pa");
        positive(b.pmax, bp + QStringLiteral("pmax"), "Pa");
        positive(b.minArg, bp + QStringLiteral("min_arg"), "-");
    }
    positive(c_.duration, QStringLiteral("$.simulation.duration"), "s");
    positive(c_.recordInterval, QStringLiteral("$.simulation.record_interval"), "s");
    if (!(c_.pMin < c_.pMax))
        err(QStringLiteral("$.simulation.p_min"), QStringLiteral("must be below p_max (%1 Pa), got %2 Pa")
                                                      .arg(fmt(c_.pMax), fmt(c_.pMin)));
}

void CircuitValidator::checkComponents() {
    std::map<QString, size_t> firstById;
    for (size_t i = 0; i < c_.components.size(); ++i) {
        const ComponentDoc& d = c_.components[i];
        const QString path = componentPath(i);
        const QString idPath = jsonChild(path, QStringLiteral("id"));
        if (d.id.isEmpty()) {
            err(idPath, QStringLiteral("missing (every component needs an id)"));
        } else if (d.id.contains(u'.') || std::any_of(d.id.begin(), d.id.end(), [](QChar ch) { return ch.isSpace(); })) {
            err(idPath, QStringLiteral("'%1' must not contain '.' or white space (wires and probes write comp.port)").arg(d.id));
        } else if (auto [it, fresh] = firstById.emplace(d.id, i); !fresh) {
            err(idPath, QStringLiteral("duplicate id '%1' (also used by %2)").arg(d.id, componentPath(it->second)));
        }
        const QString typePath = jsonChild(path, QStringLiteral("type"));
        if (d.type.isEmpty()) { err(typePath, QStringLiteral("missing component type")); continue; }
        const ComponentSpec* spec = reg_.find(d.type.toStdString());
        if (!spec) { err(typePath, QStringLiteral("unknown component type '%1'").arg(d.type)); continue; }
        checkParameters(d, *spec, jsonChild(path, QStringLiteral("parameters")));
    }
}

void CircuitValidator::checkParameters(const ComponentDoc& d, const ComponentSpec& spec, const QString& path) {
    auto find = [&](const QString& name, const QString& p) -> const ParamSpec* {
        const int k = spec.paramIndex(name.toStdString());
        if (k >= 0) return &spec.params[k];
        std::vector<std::string> known;
        for (const auto& ps : spec.params) known.push_back(ps.name);
        err(p, QStringLiteral("unknown parameter '%1' of %2 (known: %3)").arg(name, d.type, joined(known)));
        return nullptr;
    };
    for (const auto& [name, v] : d.num) {
        const QString p = jsonChild(path, name);
        const ParamSpec* ps = find(name, p);
        if (!ps) continue;
        if (ps->kind == ParamKind::Choice) {
            err(p, QStringLiteral("expected one of the option names %1 as a string, got a number").arg(joined(ps->choices)));
        } else if (ps->kind == ParamKind::Text) {
            err(p, QStringLiteral("expected a string, got a number"));
        } else if (!std::isfinite(v)) {
            err(p, QStringLiteral("%1 is not a finite number").arg(fmt(v)));
        } else if (v < ps->min) {
            err(p, QStringLiteral("%1 is below the minimum %2").arg(withUnit(v, ps->unit), withUnit(ps->min, ps->unit)));
        } else if (v > ps->max) {
            err(p, QStringLiteral("%1 is above the maximum %2").arg(withUnit(v, ps->unit), withUnit(ps->max, ps->unit)));
        }
    }
    for (const auto& [name, v] : d.text) {
        const QString p = jsonChild(path, name);
        const ParamSpec* ps = find(name, p);
        if (!ps) continue;
        if (ps->kind == ParamKind::Number) {
            err(p, QStringLiteral("expected a number, got a string"));
        } else if (ps->kind == ParamKind::Choice &&
                   std::find(ps->choices.begin(), ps->choices.end(), v.toStdString()) == ps->choices.end()) {
            err(p, QStringLiteral("'%1' is not one of: %2").arg(v, joined(ps->choices)));
        }
    }
}

int CircuitValidator::checkWireEnd(const QString& comp, const QString& port, const QString& path,
                                   const ComponentSpec** spec) {
    *spec = nullptr;
    if (comp.isEmpty() && port.isEmpty()) { err(path, QStringLiteral("missing (expected \"component.port\")")); return -1; }
    if (port.isEmpty()) { err(path, QStringLiteral("expected \"component.port\", got '%1'").arg(comp)); return -1; }
    const ComponentDoc* d = c_.component(comp);
    if (!d) { err(path, QStringLiteral("no component '%1' (dangling wire)").arg(comp)); return -1; }
    *spec = reg_.find(d->type.toStdString());
    if (!*spec) return -1;  // unknown type: reported with the component
    const int k = (*spec)->portIndex(port.toStdString());
    if (k < 0)
        err(path, QStringLiteral("component '%1' (%2) has no port '%3' (ports: %4)").arg(comp, d->type, port, portList(**spec)));
    return k;
}

void CircuitValidator::checkWires() {
    for (size_t i = 0; i < c_.wires.size(); ++i) {
        const WireDoc& w = c_.wires[i];
        const QString path = listPath("wires", index_.wires, i);
        const ComponentSpec *sa = nullptr, *sb = nullptr;
        const int a = checkWireEnd(w.fromComp, w.fromPort, jsonChild(path, QStringLiteral("from")), &sa);
        const int b = checkWireEnd(w.toComp, w.toPort, jsonChild(path, QStringLiteral("to")), &sb);
        if (a < 0 || b < 0) continue;
        const Domain da = sa->ports[a].domain, db = sb->ports[b].domain;
        if (da != db)
            err(path, QStringLiteral("joins the %1 port '%2.%3' to the %4 port '%5.%6'")
                          .arg(QLatin1String(hs::sim::domainName(da)), w.fromComp, w.fromPort,
                               QLatin1String(hs::sim::domainName(db)), w.toComp, w.toPort));
    }
}

void CircuitValidator::checkProbes() {
    std::map<QString, size_t> byName;
    for (size_t i = 0; i < c_.probes.size(); ++i) {
        const ProbeDoc& p = c_.probes[i];
        const QString path = listPath("probes", index_.probes, i);
        if (!p.name.isEmpty() && !byName.emplace(p.name, i).second)
            err(jsonChild(path, QStringLiteral("name")), QStringLiteral("duplicate probe name '%1'").arg(p.name));
        const QString qp = jsonChild(path, QStringLiteral("quantity"));
        const bool quantityOk = kQuantities.contains(p.quantity);
        if (!quantityOk)
            err(qp, QStringLiteral("unknown quantity '%1' (known: %2)").arg(p.quantity, kQuantities.join(QStringLiteral(", "))));
        const QString tp = jsonChild(path, QStringLiteral("target"));
        if (p.target.isEmpty()) { err(tp, QStringLiteral("missing (expected \"component.port\" or \"component.state\")")); continue; }
        const auto dot = p.target.lastIndexOf(u'.');
        const QString comp = dot < 0 ? p.target : p.target.left(dot);
        const QString part = dot < 0 ? QString() : p.target.mid(dot + 1);
        const ComponentDoc* d = c_.component(comp);
        if (!d) { err(tp, QStringLiteral("no component '%1'").arg(comp)); continue; }
        const ComponentSpec* spec = reg_.find(d->type.toStdString());
        if (!spec || !quantityOk) continue;
        if (p.quantity == QLatin1String("state")) {
            if (spec->stateIndex(part.toStdString()) < 0) {
                std::vector<std::string> states;
                for (const auto& s : spec->states) states.push_back(s.name);
                err(tp, QStringLiteral("component '%1' (%2) has no state '%3' (states: %4)")
                            .arg(comp, d->type, part, states.empty() ? QStringLiteral("none") : joined(states)));
            }
            continue;
        }
        const int k = part.isEmpty() ? (spec->ports.empty() ? -1 : 0) : spec->portIndex(part.toStdString());
        if (k < 0) {
            err(tp, QStringLiteral("component '%1' (%2) has no port '%3' (ports: %4)").arg(comp, d->type, part, portList(*spec)));
            continue;
        }
        const Domain dom = spec->ports[k].domain;
        const bool rotationalQuantity = p.quantity == QLatin1String("angle") || p.quantity == QLatin1String("speed") ||
                                        p.quantity == QLatin1String("torque");
        const Domain need = p.quantity == QLatin1String("pressure") || p.quantity == QLatin1String("flow") ? Domain::Hydraulic
                            : p.quantity == QLatin1String("signal")                                        ? Domain::Signal
                            : rotationalQuantity                                                           ? Domain::Rotational
                                                                                                           : Domain::Mechanical;
        if (dom != need)
            err(tp, QStringLiteral("quantity '%1' needs a %2 port; '%3.%4' is a %5 port")
                        .arg(p.quantity, QLatin1String(hs::sim::domainName(need)), comp, q(spec->ports[k].id),
                             QLatin1String(hs::sim::domainName(dom))));
    }
}

void CircuitValidator::checkConfigs() {
    const auto steppers = hs::sim::stepperNames();
    std::map<QString, size_t> byName;
    QStringList references;
    for (size_t i = 0; i < c_.configs.size(); ++i) {
        const SolverConfigDoc& s = c_.configs[i];
        const QString path = listPath("configurations", index_.configs, i);
        const QString np = jsonChild(path, QStringLiteral("name"));
        if (s.name.isEmpty()) err(np, QStringLiteral("missing (every configuration needs a name)"));
        else if (!byName.emplace(s.name, i).second) err(np, QStringLiteral("duplicate configuration name '%1'").arg(s.name));
        if (s.reference) references << QStringLiteral("'%1'").arg(s.name);
        if (std::find(steppers.begin(), steppers.end(), s.stepper.toStdString()) == steppers.end())
            err(jsonChild(path, QStringLiteral("stepper")),
                QStringLiteral("unknown stepper '%1' (known: %2)").arg(s.stepper, joined(steppers)));
        positive(s.dt, jsonChild(path, QStringLiteral("dt")), "s");
        positive(s.rtol, jsonChild(path, QStringLiteral("rtol")), "-");
        positive(s.atol, jsonChild(path, QStringLiteral("atol")), "-");
        positive(s.maxStep, jsonChild(path, QStringLiteral("max_step")), "s", true);
        const QString mp = jsonChild(path, QStringLiteral("methods"));
        for (const auto& [volume, m] : s.methods) {
            const QString p = jsonChild(mp, volume);
            if (!c_.component(volume)) { err(p, QStringLiteral("no component '%1'").arg(volume)); continue; }
            // A string given for anything but a text parameter is a type error at its own path.
            MethodDoc numbers = m;
            if (const hs::sim::MethodSpec* spec = reg_.findMethod(m.method.toStdString()))
                for (const auto& [k, v] : m.text) {
                    const int i = spec->paramIndex(k.toStdString());
                    if (i >= 0 && spec->params[static_cast<size_t>(i)].kind == hs::sim::ParamKind::Text) continue;
                    err(jsonChild(jsonChild(p, QStringLiteral("params")), k), QStringLiteral("expected a number, got a string"));
                    numbers.text.erase(k);
                }
            const std::string e = hs::sim::checkMethodSetting(reg_, toMethodSetting(numbers, c_.folder));
            if (!e.empty()) err(p, q(e));
        }
        if (s.defaultMethod) {
            const std::string e = hs::sim::checkMethodSetting(reg_, toMethodSetting(*s.defaultMethod, c_.folder));
            if (!e.empty()) err(jsonChild(path, QStringLiteral("default_method")), q(e));
        }
        if (s.threads < 1 || s.threads > 64)
            err(jsonChild(path, QStringLiteral("threads")),
                QStringLiteral("%1 threads: expected 1 to 64").arg(s.threads));
        if (hs::sim::JacobianKind kind{}; !hs::sim::parseJacobianKind(s.jacobian.toStdString(), kind))
            err(jsonChild(path, QStringLiteral("jacobian")),
                QStringLiteral("unknown jacobian '%1' (expected analytic or differences)").arg(s.jacobian));
        if (!s.kernel.isEmpty() && s.kernel != QLatin1String("interpreted") && s.kernel != QLatin1String("generated"))
            err(jsonChild(path, QStringLiteral("kernel")),
                QStringLiteral("unknown kernel '%1' (expected interpreted or generated)").arg(s.kernel));
        if (hs::sim::PartitionMapper mapper; !hs::sim::parsePartitionMapper(s.partitionMapper.toStdString(), mapper)) {
            QStringList names;
            for (const std::string& n : hs::sim::partitionMapperNames()) names << QString::fromStdString(n);
            err(jsonChild(path, QStringLiteral("partition_mapper")),
                QStringLiteral("unknown partition mapper '%1' (expected %2)").arg(s.partitionMapper, names.join(QStringLiteral(" or "))));
        }
        const QString pp = jsonChild(path, QStringLiteral("partition"));
        for (const auto& [id, k] : s.partition) {
            if (!c_.component(id)) err(jsonChild(pp, id), QStringLiteral("no component '%1'").arg(id));
            else if (k < 0 || k >= s.threads)
                err(jsonChild(pp, id), QStringLiteral("partition %1 outside 0..%2 (threads = %3)").arg(k).arg(s.threads - 1).arg(s.threads));
        }
    }
    if (references.isEmpty())
        err(QStringLiteral("$.configurations"),
            QStringLiteral("no reference configuration: mark exactly one with \"reference\": true"));
    else if (references.size() > 1)
        err(QStringLiteral("$.configurations"),
            QStringLiteral("%1 configurations are marked as reference (%2): mark exactly one")
                .arg(references.size())
                .arg(references.join(QStringLiteral(", "))));
}

QStringList validateCircuit(const Circuit& c, const hs::sim::Registry& reg, const SourceIndex& index) {
    return CircuitValidator(c, reg, index).run();
}

QStringList validateCircuit(const Circuit& c, const hs::sim::Registry& reg) {
    return validateCircuit(c, reg, SourceIndex{});
}

}  // namespace hs::model
