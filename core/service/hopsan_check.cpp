// SPDX-License-Identifier: GPL-3.0-or-later
#include "hopsan_check.h"

#include <algorithm>
#include <cmath>

#include "comparison.h"
#include "model/hopsan_node_flow.h"
#include "model/hopsan_type_map.h"

namespace hs::service {

bool HopsanCheck::passed() const {
    if (!error.isEmpty() || variables.empty()) return false;
    for (const auto& v : variables)
        if (!v.passed()) return false;
    return true;
}

namespace {

// Hopsan's node variable -> our probe quantity (the port's domain decides the rest). Hopsan's
// Flow at any port of a node is the node's one flow, out of its Q-type component: it is read at
// that component's port (hopsan_node_flow.h), ours being into the component: flows change sign.
QString quantityOf(const QString& hopsanVariable) {
    if (hopsanVariable == QLatin1String("Value")) return QStringLiteral("signal");
    if (hopsanVariable == QLatin1String("Pressure")) return QStringLiteral("pressure");
    if (hopsanVariable == QLatin1String("Flow")) return QStringLiteral("flow");
    if (hopsanVariable == QLatin1String("Position")) return QStringLiteral("position");
    if (hopsanVariable == QLatin1String("Velocity")) return QStringLiteral("velocity");
    if (hopsanVariable == QLatin1String("Force")) return QStringLiteral("force");
    return {};
}

// Our probe for a Hopsan variable, or an error naming what is missing.
QString probeFor(const model::HvcVariable& v, const model::HopsanModel& hm, const model::HopsanImport& imp,
                 model::ProbeDoc* probe) {
    const auto id = imp.idOf.find(v.component);
    const model::HopsanComponent* hc = hm.component(v.component);
    if (!hc) return QStringLiteral("no component '%1' in the model").arg(v.component);
    if (id == imp.idOf.end()) return QStringLiteral("component '%1' (%2) was not imported").arg(v.component, hc->typeName);
    QString component = v.component, hopsanPort = v.port, ourId = id->second;
    // Hopsan's Pressure at any port of a node is the pressure its Q-type component writes there
    // (on a TLM node ours has a pressure per port): read at that port too, when the node has one
    // (else at the port named).
    const bool pressure = v.variable == QLatin1String("Pressure");
    if (v.variable == QLatin1String("Flow") || pressure) {
        const model::HopsanNodeFlow f = model::nodeFlowPort(hm, v.component, v.port);
        const auto qId = imp.idOf.find(f.component);
        if (!f.error.isEmpty() && !pressure) return f.error;
        if (f.error.isEmpty() && qId == imp.idOf.end() && !pressure)
            return QStringLiteral("the node's flow is %1.%2's, which was not imported").arg(f.component, f.port);
        if (f.error.isEmpty() && qId != imp.idOf.end()) {
            component = f.component;
            hopsanPort = f.port;
            ourId = qId->second;
        }
    }
    const model::HopsanComponent* owner = hm.component(component);
    const model::HopsanTypeMapping* map = owner ? model::findHopsanType(owner->typeName) : nullptr;
    const QString port = map ? model::mapHopsanPort(*map, hopsanPort) : QString();
    if (port.isEmpty()) return QStringLiteral("port %1 of %2 has no counterpart in our %3").arg(hopsanPort, component, map ? map->ourType : "?");
    const QString q = quantityOf(v.variable);
    if (q.isEmpty()) return QStringLiteral("variable %1 has no probe quantity").arg(v.variable);
    probe->name = v.fullName;
    probe->quantity = q;
    probe->target = ourId + "." + port;
    return {};
}

}  // namespace

QStringList addHopsanProbes(model::Circuit& circuit, const model::HopsanModel& hm, const model::HopsanImport& imp,
                            const model::HopsanValidationConfig& hvc) {
    QStringList missing;
    circuit.probes.clear();
    for (const auto& v : hvc.variables) {
        model::ProbeDoc p;
        const QString e = probeFor(v, hm, imp, &p);
        if (e.isEmpty()) circuit.probes.push_back(p);
        else missing << v.fullName + QStringLiteral(": ") + e;
    }
    return missing;
}

HopsanCheck checkAgainstHopsan(const model::Circuit& circuit, const model::HopsanModel& hm,
                               const model::HopsanImport& imp, const model::HopsanValidationConfig& hvc,
                               const model::HvdData& hvd, const sim::Registry& reg, const QString& configName) {
    HopsanCheck out;
    if (!hvd.error.isEmpty()) { out.error = hvd.error; return out; }
    const model::SolverConfigDoc* cfg = circuit.config(configName);
    if (!cfg) { out.error = QStringLiteral("no configuration '%1'").arg(configName); return out; }

    model::Circuit withProbes = circuit;
    withProbes.probes.clear();
    withProbes.recordInterval = cfg->dt;  // every step: read exactly at Hopsan's logged step times
    for (const auto& v : hvc.variables) {
        HopsanVariableResult r;
        r.variable = v.fullName;
        r.tolerance = v.tolerance;
        model::ProbeDoc p;
        r.error = probeFor(v, hm, imp, &p);
        if (r.error.isEmpty()) {
            r.probe = p.quantity + " " + p.target;
            withProbes.probes.push_back(p);
        }
        out.variables.push_back(r);
    }
    if (withProbes.probes.empty()) return out;

    const sim::RunResult run = runConfiguration(withProbes, *cfg, reg, withProbes.duration);
    if (!run.ok) {
        // One line (the CLI and tools/hopsan_validation_table.sh print it as the reason).
        const QStringList lines = QString::fromStdString(run.error).split('\n', Qt::SkipEmptyParts);
        out.error = QStringLiteral("the run failed: %1").arg(lines.join(QStringLiteral("; ")));
        return out;
    }

    // Our run starts at 0, Hopsan's at hm.start (the importer shifted every time by -start).
    std::vector<double> hopsanTimes = run.trace.time;
    for (double& t : hopsanTimes) t += hm.start;
    for (size_t i = 0; i < hvc.variables.size(); ++i) {
        HopsanVariableResult& r = out.variables[i];
        if (!r.error.isEmpty()) continue;
        const auto& v = hvc.variables[i];
        const int col = run.trace.column(v.fullName.toStdString());
        if (col < 0) { r.error = QStringLiteral("probe missing from the run"); continue; }
        r.simulated = true;
        if (size_t(v.column) >= hvd.columns.size() || size_t(v.timeColumn) >= hvd.columns.size()) {
            r.error = QStringLiteral("the .hvd has %1 columns, the .hvc names column %2").arg(hvd.columns.size()).arg(v.column);
            continue;
        }
        std::vector<double> sim = run.trace.columns[size_t(col)];
        if (v.variable == QLatin1String("Flow"))
            for (double& x : sim) x = -x;
        r.check = model::hopsanToleranceCheck(hopsanTimes, sim,
                                              hvd.columns[size_t(v.timeColumn)], hvd.columns[size_t(v.column)], v.tolerance);
        // Hopsan's rule skips samples where either value is 0: a probe that reads 0 throughout
        // (a port ours writes no value to) would pass unchecked.
        const auto& ref = hvd.columns[size_t(v.column)];
        if (r.check.checked == 0 && std::any_of(ref.begin(), ref.end(), [](double x) { return std::fabs(x) >= 1e-10; }))
            r.error = QStringLiteral("no sample checked: ours is 0 wherever Hopsan's is not (%1)").arg(r.probe);
    }
    return out;
}

}  // namespace hs::service
