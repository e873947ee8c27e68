// SPDX-License-Identifier: GPL-3.0-or-later
#include "comparison.h"

#include <QSaveFile>
#include <algorithm>
#include <cstdio>
#include <thread>

#include "csv.h"
#include "indeterminate_text.h"
#include "learn/narx_data.h"
#include "result_file.h"
#include "sim/builder.h"
#include "sim/registry.h"

namespace hs::service {

namespace {
sim::RunResult runConfigurationUnguarded(const model::Circuit& c, const model::SolverConfigDoc& cfg,
                                         const sim::Registry& reg, double duration,
                                         const std::atomic<bool>* stop, std::function<void(double)> progress);
}  // namespace

PreparedRun prepareConfiguration(const model::Circuit& c, const model::SolverConfigDoc& cfg, const sim::Registry& reg,
                                 double duration) {
    PreparedRun run;
    const sim::SolverSettings solver = model::toSolverSettings(cfg, c.folder);
    const sim::Netlist net = model::toNetlist(c);
    sim::BuildResult built = sim::build(reg, net, solver);
    run.warnings = built.warnings;
    for (auto& w : learn::narxProvenanceWarnings(net, solver)) run.warnings.push_back(std::move(w));
    if (!built.ok()) {
        run.error = "circuit does not compile: " + built.errorText();
        return run;
    }
    run.system = std::move(built.system);
    run.options = model::toRunOptions(c, cfg);
    if (duration > 0) run.options.duration = duration;
    run.probes = model::toProbes(c);
    if (run.probes.empty()) run.probes = sim::defaultProbes(*run.system);
    return run;
}

std::string internalError(const std::string& what, double t) {
    char b[64];
    std::snprintf(b, sizeof b, "%.6g", t);
    return "run failed at about t = " + std::string(b) + " s: internal error: " + what +
           " (a defect in the program, not in the circuit: please report it with the circuit file)";
}

sim::RunResult runConfiguration(const model::Circuit& c, const model::SolverConfigDoc& cfg,
                                const sim::Registry& reg, double duration,
                                const std::atomic<bool>* stop, std::function<void(double)> progress) {
    // No exception leaves: runComparison() calls this on its worker threads.
    std::atomic<double> reached{0.0};
    try {
        return runConfigurationUnguarded(c, cfg, reg, duration, stop, [&](double t) {
            reached.store(t, std::memory_order_relaxed);
            if (progress) progress(t);
        });
    } catch (const std::exception& e) {
        sim::RunResult res;
        res.failTime = reached.load();
        res.error = internalError(e.what(), res.failTime);
        return res;
    } catch (...) {
        sim::RunResult res;
        res.failTime = reached.load();
        res.error = internalError("unknown exception", res.failTime);
        return res;
    }
}

namespace {
sim::RunResult runConfigurationUnguarded(const model::Circuit& c, const model::SolverConfigDoc& cfg,
                                         const sim::Registry& reg, double duration,
                                         const std::atomic<bool>* stop, std::function<void(double)> progress) {
    PreparedRun run = prepareConfiguration(c, cfg, reg, duration);
    if (!run.system) {
        sim::RunResult res;
        res.error = run.error;
        res.warnings = std::move(run.warnings);
        return res;
    }
    run.options.stop = stop;
    run.options.progress = std::move(progress);
    sim::RunResult res = sim::simulate(*run.system, run.probes, run.options);
    res.warnings = std::move(run.warnings);
    return res;
}
}  // namespace

Comparison runComparison(const model::Circuit& c, const sim::Registry& reg, const CompareOptions& opt) {
    Comparison cmp;
    for (const auto& cfg : c.configs) {
        if (!opt.configs.isEmpty() && !opt.configs.contains(cfg.name) && !cfg.reference) continue;
        ConfigOutcome o;
        o.name = cfg.name;
        o.reference = cfg.reference;
        cmp.configs.push_back(std::move(o));
    }
    if (cmp.configs.empty()) {
        cmp.error = "no configuration to run";
        return cmp;
    }
    const double duration = opt.duration > 0 ? opt.duration : c.duration;
    std::atomic<size_t> next{0};
    auto worker = [&]() {
        for (size_t i = next++; i < cmp.configs.size(); i = next++) {
            ConfigOutcome& o = cmp.configs[i];
            const model::SolverConfigDoc* cfg = c.config(o.name);
            std::function<void(double)> prog;
            if (opt.progress) prog = [&, name = o.name](double t) { opt.progress(name, t); };
            o.result = runConfiguration(c, *cfg, reg, duration, opt.stop, prog);  // throws nothing
        }
    };
    const int jobs = std::clamp(opt.jobs, 1, static_cast<int>(cmp.configs.size()));
    std::vector<std::thread> threads;
    for (int j = 1; j < jobs; ++j) threads.emplace_back(worker);
    worker();
    for (auto& t : threads) t.join();

    finishComparison(cmp);
    return cmp;
}

void finishComparison(Comparison& cmp, const std::vector<std::vector<sim::ProbeError>>* knownErrors) {
    cmp.reference = -1;
    for (size_t i = 0; i < cmp.configs.size(); ++i)
        if (cmp.configs[i].reference && cmp.configs[i].result.ok) cmp.reference = static_cast<int>(i);
    for (size_t i = 0; i < cmp.configs.size(); ++i) {
        ConfigOutcome& o = cmp.configs[i];
        const double simulated = o.result.trace.time.empty() ? 0.0 : o.result.trace.time.back();
        o.realTimeFactor = o.result.wallSeconds > 0 ? simulated / o.result.wallSeconds : 0.0;
        o.errors.clear();
        o.speedup = 0;
        if (cmp.reference < 0 || o.reference) continue;
        const auto& ref = cmp.configs[static_cast<size_t>(cmp.reference)].result;
        o.errors = knownErrors && i < knownErrors->size() ? (*knownErrors)[i] : sim::compareTraces(ref.trace, o.result.trace);
        if (o.result.wallSeconds > 0) o.speedup = ref.wallSeconds / o.result.wallSeconds;
    }
    if (cmp.reference < 0) cmp.error = "the reference configuration did not run to the end; no errors computed";
}

QString writeTraceFile(const QString& path, const sim::Trace& trace) {
    std::vector<CsvColumn> cols;
    cols.push_back({"time", "s", trace.time});
    for (size_t i = 0; i < trace.names.size(); ++i) cols.push_back({trace.names[i], trace.units[i], trace.columns[i]});
    return writeResultFile(path, cols);
}

QString writeAlignedFile(const QString& path, const Comparison& cmp) {
    if (cmp.reference < 0) return "no reference trace to align on";
    const sim::Trace& ref = cmp.configs[static_cast<size_t>(cmp.reference)].result.trace;
    std::vector<CsvColumn> cols;
    cols.push_back({"time", "s", ref.time});
    for (const auto& o : cmp.configs) {
        const sim::Trace& tr = o.result.trace;
        for (size_t p = 0; p < ref.names.size(); ++p) {
            const int c = tr.column(ref.names[p]);
            if (c < 0 || tr.time.empty()) continue;
            CsvColumn col{ref.names[p] + " (" + o.name.toStdString() + ")", ref.units[p], {}};
            CsvColumn err{ref.names[p] + " error (" + o.name.toStdString() + ")", ref.units[p], {}};
            col.values.reserve(ref.time.size());
            for (size_t i = 0; i < ref.time.size(); ++i) {
                // past the end of a failed run: nan, so the file shows where it stopped
                const double v = ref.time[i] <= tr.time.back() * (1 + 1e-12) ? sim::interpolate(tr, c, ref.time[i])
                                                                               : std::numeric_limits<double>::quiet_NaN();
                col.values.push_back(v);
                err.values.push_back(v - ref.columns[p][i]);
            }
            cols.push_back(std::move(col));
            if (!o.reference && ref.compared(p)) cols.push_back(std::move(err));
        }
    }
    return writeResultFile(path, cols);
}

}  // namespace hs::service

namespace hs::service {

QString writeMetricsCsv(const QString& path, const Comparison& cmp) {
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Text)) return "cannot write " + path + ": " + f.errorString();
    std::string s = "configuration,probe,unit,rmse,rrmse [%],max abs error,wall time [s],steps,speed-up [-],real-time factor [-],status,cpu time [s],"
                    "indeterminate steps,indeterminate time [s],indeterminate spans [s]\n";
    auto quote = [](const std::string& v) { return "\"" + v + "\""; };
    for (const auto& o : cmp.configs) {
        // Quasi-steady nodes whose balance did not pin the pressure (the run panel and `compare`
        // show the same): steps and time summed over the configuration's nodes, spans per node.
        std::int64_t indeterminate = 0;
        double indeterminateTime = 0;
        std::string spans;
        for (const auto& [node, st] : o.result.methodStats) {
            if (st.indeterminateSteps == 0) continue;
            indeterminate += st.indeterminateSteps;
            indeterminateTime += st.indeterminateTime;
            spans += (spans.empty() ? "" : "; ") + node + ": " + indeterminateSpansText(st).toStdString();
        }
        const std::string tail = "," + formatNumber(o.result.wallSeconds) + "," + std::to_string(o.result.steps) + "," +
                                 formatNumber(o.reference ? 1.0 : o.speedup) + "," + formatNumber(o.realTimeFactor) + "," +
                                 (o.result.ok ? "ok" : "failed") + "," + formatNumber(o.result.cpuSeconds) + "," +
                                 std::to_string(indeterminate) + "," + formatNumber(indeterminateTime) + "," + quote(spans) + "\n";
        if (o.errors.empty()) s += quote(o.name.toStdString()) + ",,,,,," + tail.substr(1);
        for (const auto& e : o.errors)
            s += quote(o.name.toStdString()) + "," + quote(e.name) + "," + e.unit + "," + formatNumber(e.rmse) + "," +
                 formatNumber(e.rrmse) + "," + formatNumber(e.maxAbs) + tail;
    }
    f.write(s.data(), static_cast<qint64>(s.size()));
    if (!f.commit()) return "cannot write " + path + ": " + f.errorString();
    return {};
}

}  // namespace hs::service
