// SPDX-License-Identifier: GPL-3.0-or-later
#include "fault_runs.h"

#include <algorithm>
#include <chrono>
#include <cmath>

#include "service/comparison.h"
#include "sim/registry.h"

namespace hs::monitor {

int FaultRunSet::probeIndex(const QString& name) const {
    for (size_t i = 0; i < probes.size(); ++i)
        if (probes[i] == name) return static_cast<int>(i);
    return -1;
}

const FaultRun* FaultRunSet::faultFree(DutyCycle d) const {
    for (const FaultRun& r : runs)
        if (r.fault < 0 && r.duty == d) return &r;
    return nullptr;
}

namespace {
void setParameter(model::Circuit& c, const QString& comp, const QString& param, double v) {
    for (auto& k : c.components)
        if (k.id == comp) k.num[param] = v;
}
}  // namespace

model::Circuit faultFreeCircuit(const model::Circuit& c, const MonitorSpec& s) {
    model::Circuit out = c;
    for (const FaultSpec& f : s.faults) setParameter(out, f.component, f.parameter, f.levels.front());
    return out;
}

model::Circuit withDemand(const model::Circuit& c, const DemandSpec& d, std::uint64_t seed) {
    model::Circuit out = c;
    for (auto& k : out.components)
        if (k.id == d.component) {
            k.type = "PRMS";
            k.num = {{"period", d.period}, {"min", d.min}, {"max", d.max}, {"seed", static_cast<double>(seed)}, {"delay", 0.0}};
            k.text = {{"mode", "range"}};
        }
    return out;
}

std::vector<std::vector<double>> sampleTrace(const sim::Trace& tr, const std::vector<QString>& probes, double T, int count,
                                             QString* error) {
    std::vector<std::vector<double>> out;
    for (const QString& p : probes) {
        const int c = tr.column(p.toStdString());
        if (c < 0) { *error = "the run recorded no probe '" + p + "'"; return {}; }
        const std::vector<double>& y = tr.columns[static_cast<size_t>(c)];
        std::vector<double> s(static_cast<size_t>(count));
        size_t i = 0;
        for (int k = 0; k < count; ++k) {
            const double t = k * T;
            while (i + 2 < tr.time.size() && tr.time[i + 1] <= t) ++i;
            if (tr.time.size() < 2) { s[static_cast<size_t>(k)] = y.empty() ? 0 : y.back(); continue; }
            const double t0 = tr.time[i], t1 = tr.time[i + 1];
            const double w = t1 > t0 ? std::clamp((t - t0) / (t1 - t0), 0.0, 1.0) : 0.0;
            s[static_cast<size_t>(k)] = y[i] + w * (y[i + 1] - y[i]);
        }
        out.push_back(std::move(s));
    }
    return out;
}

FaultRunSet generateFaultRuns(const model::Circuit& c, const sim::Registry& reg, const MonitorSpec& s, int jobs,
                              const std::atomic<bool>* stop,
                              const std::function<void(const study::StudyProgress&)>& progress) {
    FaultRunSet set;
    set.error = checkMonitorSpec(s, c, reg);
    if (!set.error.isEmpty()) return set;
    for (const auto* list : {&s.sensors, &s.reference})
        for (const SignalSpec& g : *list)
            if (set.probeIndex(g.probe) < 0) set.probes.push_back(g.probe);
    const double duration = s.duration > 0 ? s.duration : c.duration;
    set.samples = static_cast<int>(std::floor(duration / s.sampleInterval + 1e-9)) + 1;
    if (set.samples < s.window + s.filterWindow + s.quantiseWindow) {
        set.error = QString("a run of %1 s gives %2 samples every %3 s: fewer than the windows need").arg(duration).arg(set.samples).arg(s.sampleInterval);
        return set;
    }
    for (DutyCycle d : {DutyCycle::Training, DutyCycle::Validation}) {
        set.runs.push_back({-1, 0, d, {}, {}});
        for (int f = 0; f < static_cast<int>(s.faults.size()); ++f)
            for (int l = 1; l < static_cast<int>(s.faults[static_cast<size_t>(f)].levels.size()); ++l) set.runs.push_back({f, l, d, {}, {}});
    }
    const model::Circuit base = faultFreeCircuit(c, s);
    const model::SolverConfigDoc& cfg = s.configuration.isEmpty() ? *c.reference() : *c.config(s.configuration);
    const auto t0 = std::chrono::steady_clock::now();
    auto job = [&](int i, std::atomic<double>& fraction) {
        FaultRun& r = set.runs[static_cast<size_t>(i)];
        model::Circuit ci = withDemand(base, s.demand, r.duty == DutyCycle::Training ? s.demand.trainingSeed : s.demand.validationSeed);
        if (r.fault >= 0) {
            const FaultSpec& f = s.faults[static_cast<size_t>(r.fault)];
            setParameter(ci, f.component, f.parameter, f.levels[static_cast<size_t>(r.level)]);
        }
        ci.recordInterval = std::min(ci.recordInterval, s.sampleInterval);
        const sim::RunResult res =
            service::runConfiguration(ci, cfg, reg, duration, stop, [&](double t) { fraction.store(t / duration); });
        if (!res.ok) {
            r.error = QString::fromStdString(res.error);
            return;
        }
        r.samples = sampleTrace(res.trace, set.probes, s.sampleInterval, set.samples, &r.error);
    };
    study::runParallel(static_cast<int>(set.runs.size()), jobs, job, progress);
    set.wallSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    for (const FaultRun& r : set.runs)
        if (!r.error.isEmpty()) {
            set.error = (r.fault < 0 ? QString("the fault-free run") :
                         QString("the run of fault '%1' at level %2").arg(s.faults[static_cast<size_t>(r.fault)].name).arg(r.level + 1)) +
                        (r.duty == DutyCycle::Training ? " (training duty cycle)" : " (validation duty cycle)") + " failed: " + r.error;
            break;
        }
    return set;
}

}  // namespace hs::monitor
