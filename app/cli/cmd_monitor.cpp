// SPDX-License-Identifier: GPL-3.0-or-later
// hydrostiff-cli learn monitor FILE --faults FAULTS.json: labelled fault runs of the circuit on
// every core, the two-stage neural condition monitor trained on them (core/monitor), its MSE per
// fault and confusion matrices; --apply MODEL prints what a trained monitor estimates for a run
// of the circuit (docs/condition-monitoring.md).
#include <QDir>
#include <QFileInfo>
#include <cmath>
#include <cstdio>
#include <unistd.h>

#include "cli.h"
#include "learn/dataset.h"
#include "model/circuit_io.h"
#include "monitor/fault_runs.h"
#include "monitor/monitor_model.h"
#include "progress_bar.h"
#include "service/comparison.h"
#include "study/parameter_space.h"

namespace hs::cli {

namespace {

const char* kMonitorUsage =
    "usage: hydrostiff-cli learn monitor FILE --faults FAULTS.json [--out MODEL.monitor] [--jobs N] [--epochs N]\n"
    "                          [--data RUNS.csv] [--quiet]\n"
    "       hydrostiff-cli learn monitor FILE --apply MODEL.monitor [--set COMP.PARAM=VALUE,...] [--duration T]\n"
    "                          [--out ESTIMATES.csv] [--quiet]\n"
    "  Training: runs the circuit's configuration (FAULTS.json 'configuration', default the reference) fault-free\n"
    "  and with every fault of FAULTS.json at every level, each under the seeded demand of the training and of\n"
    "  the validation duty cycle, on N worker threads (default: every core); trains one network per fault on\n"
    "  time windows of the probes (first stage) and one filter network per fault on the first-stage outputs\n"
    "  (second stage) by Levenberg-Marquardt (--epochs: at most N epochs, default FAULTS.json's), and prints\n"
    "  the MSE per fault and the confusion matrices of the quantised levels for both duty cycles. Writes the\n"
    "  model (default <circuit stem>.monitor beside FAULTS.json) and with --data the sampled runs as CSV.\n"
    "  --apply: runs FILE as it is (with --set: these parameters changed, e.g. a fault injected) and its\n"
    "  fault-free twin (every fault at its first level), and prints each fault's estimated level over the run;\n"
    "  --out writes the estimates against time as CSV.";

bool showProgress(const Args& a) { return isatty(2) && !a.flag("quiet"); }

QString confusionText(const monitor::Confusion& c, const monitor::FaultSpec& f) {
    QString s = "    true \\ est";
    for (size_t j = 0; j < c.size(); ++j) s += QString("%1").arg(fmt(f.levels[j] * f.display, 3), 9);
    for (size_t i = 0; i < c.size(); ++i) {
        s += QString("\n    %1").arg(fmt(f.levels[i] * f.display, 3), 11);
        for (int n : c[i]) s += QString("%1").arg(n, 9);
    }
    return s;
}

int writeRunsCsv(const QString& path, const monitor::MonitorSpec& spec, const monitor::FaultRunSet& set) {
    learn::Dataset d;
    d.meta.emplace_back("what", "labelled fault runs of hydrostiff-cli learn monitor (fault -1 = fault-free; level index from 0)");
    d.names = {"duty", "fault", "level", "t"};
    for (const QString& p : set.probes) d.names.push_back(p.toStdString());
    d.columns.assign(d.names.size(), {});
    for (const monitor::FaultRun& r : set.runs)
        for (int k = 0; k < set.samples; ++k) {
            d.columns[0].push_back(static_cast<int>(r.duty));
            d.columns[1].push_back(r.fault);
            d.columns[2].push_back(r.level);
            d.columns[3].push_back(k * spec.sampleInterval);
            for (size_t p = 0; p < set.probes.size(); ++p) d.columns[4 + p].push_back(r.samples[p][static_cast<size_t>(k)]);
        }
    std::string e;
    if (!learn::writeDatasetCsv(path.toStdString(), d, e)) { err("learn monitor: " + QString::fromStdString(e)); return FileError; }
    out("wrote          " + path);
    return Ok;
}

int train(const Args& a, const model::Circuit& c, const sim::Registry& reg, std::optional<double> jobs, std::optional<double> epochs) {
    QString e;
    auto spec = monitor::readMonitorSpec(*a.value("faults"), &e);
    if (!spec) { err("learn monitor: " + e); return FileError; }
    if (epochs) spec->maxEpochs = static_cast<int>(*epochs);
    if (QString ce = monitor::checkMonitorSpec(*spec, c, reg); !ce.isEmpty()) {
        err("learn monitor: " + *a.value("faults") + ": " + ce);
        return CircuitError;
    }
    const int threads = jobs ? static_cast<int>(*jobs) : study::defaultJobs();
    ProgressBar runsBar(showProgress(a), "runs");
    const monitor::FaultRunSet set = monitor::generateFaultRuns(c, reg, *spec, threads, nullptr, [&](const study::StudyProgress& p) { runsBar.show(p); });
    runsBar.clear();
    if (!set.error.isEmpty()) { err("learn monitor: " + set.error); return RunFailed; }
    const QString cfg = spec->configuration.isEmpty() ? c.reference()->name : spec->configuration;
    out(QString("runs           %1 (fault-free + %2 faulty, x2 duty cycles) of %3 samples every %4 s, '%5', %6 s wall on %7 threads")
            .arg(set.runs.size()).arg(set.runs.size() / 2 - 1).arg(set.samples).arg(fmt(spec->sampleInterval)).arg(cfg)
            .arg(fmt(set.wallSeconds, 3)).arg(threads));
    if (auto d = a.value("data"); d && writeRunsCsv(*d, *spec, set) != Ok) return FileError;
    ProgressBar netBar(showProgress(a), "networks");
    const monitor::MonitorTrainResult tr = monitor::trainMonitor(*spec, set, threads, [&](const monitor::TrainProgress& p) {
        netBar.show({p.total, p.done, p.completed, p.elapsed, p.eta});
    });
    netBar.clear();
    if (!tr.error.isEmpty()) { err("learn monitor: " + tr.error); return RunFailed; }
    const monitor::MonitorModel& m = tr.model;
    const int F = static_cast<int>(m.faults.size());
    const int n1 = m.inputs(), n2 = spec->filterInputs();
    out(QString("stage 1        %1:%2:1 per fault (%3 weights with biases; the thesis's (n+c)m count: %4)")
            .arg(n1).arg(spec->hidden).arg(m.stage1.front().weightCount()).arg(monitor::thesisWeightCount(n1, spec->hidden, 1)));
    out("  fault        patterns  epochs  stop              MSE train  MSE validation  levels right train / validation");
    for (int f = 0; f < F; ++f) {
        const monitor::StageReport& r = tr.stage1[static_cast<size_t>(f)];
        out(QString("  %1 %2 %3  %4 %5 %6  %7 / %8")
                .arg(m.faults[static_cast<size_t>(f)].name, -12).arg(r.patterns, 8).arg(r.epochs, 6)
                .arg(QString::fromStdString(r.stopReason), -16).arg(fmt(r.trainMse, 4), 10).arg(fmt(r.validationMse, 4), 14)
                .arg(QString::number(100 * monitor::accuracy(tr.stage1Train[static_cast<size_t>(f)]), 'f', 1) + " %",
                     QString::number(100 * monitor::accuracy(tr.stage1Validation[static_cast<size_t>(f)]), 'f', 1) + " %"));
    }
    out(QString("stage 2        filter %1:%2:1 per fault (%3 weights; the thesis's single %1:%2:%4 network counts %5)")
            .arg(n2).arg(spec->filterHidden).arg(m.stage2.front().weightCount()).arg(F)
            .arg(monitor::thesisWeightCount(n2, spec->filterHidden, F)));
    out("  fault        patterns  epochs  stop              MSE train  MSE validation  levels right train / validation");
    for (int f = 0; f < F; ++f) {
        const monitor::StageReport& r = tr.stage2[static_cast<size_t>(f)];
        out(QString("  %1 %2 %3  %4 %5 %6  %7 / %8")
                .arg(m.faults[static_cast<size_t>(f)].name, -12).arg(r.patterns, 8).arg(r.epochs, 6)
                .arg(QString::fromStdString(r.stopReason), -16).arg(fmt(r.trainMse, 4), 10).arg(fmt(r.validationMse, 4), 14)
                .arg(QString::number(100 * monitor::accuracy(tr.train[static_cast<size_t>(f)]), 'f', 1) + " %",
                     QString::number(100 * monitor::accuracy(tr.validation[static_cast<size_t>(f)]), 'f', 1) + " %"));
    }
    for (int f = 0; f < F; ++f) {
        const monitor::FaultSpec& fs = m.faults[static_cast<size_t>(f)];
        const QString unit = fs.unit.isEmpty() ? QString() : " [" + fs.unit + "]";
        out(QString("confusion      %1%2, quantised filter output over every run (rows true, columns estimated)").arg(fs.name, unit));
        out("  training duty cycle\n" + confusionText(tr.train[static_cast<size_t>(f)], fs));
        out("  validation duty cycle\n" + confusionText(tr.validation[static_cast<size_t>(f)], fs));
    }
    out(QString("training       %1 s wall").arg(fmt(tr.seconds, 3)));
    const QFileInfo cf(a.positional.front()), ff(*a.value("faults"));
    const QString path = a.value("out").value_or(ff.absoluteDir().filePath(cf.completeBaseName().section('.', 0, 0) + ".monitor"));
    monitor::MonitorModel saved = m;
    saved.setInfo("circuit", cf.fileName().toStdString());
    saved.setInfo("faults_file", ff.fileName().toStdString());
    saved.setInfo("configuration", cfg.toStdString());
    std::string se;
    if (!monitor::saveMonitorModel(path.toStdString(), saved, se)) { err("learn monitor: " + QString::fromStdString(se)); return FileError; }
    out("wrote          " + path);
    return Ok;
}

int apply(const Args& a, model::Circuit c, const sim::Registry& reg, std::optional<double> duration) {
    monitor::MonitorModel m;
    std::string le;
    if (!monitor::loadMonitorModel(a.value("apply")->toStdString(), m, le)) { err("learn monitor: " + QString::fromStdString(le)); return FileError; }
    if (QString e = applyParameterSets(a.value("set").value_or(""), c, reg); !e.isEmpty()) { err("learn monitor: " + e); return Usage; }
    monitor::MonitorSpec twin;
    twin.faults = m.faults;
    for (const monitor::FaultSpec& f : m.faults) {
        study::ParameterAxis ax;
        ax.component = f.component;
        ax.parameter = f.parameter;
        if (QString ce = study::checkAxis(ax, c, reg); !ce.isEmpty()) { err("learn monitor: the model's fault '" + f.name + "': " + ce); return CircuitError; }
    }
    if (!c.reference()) { err("learn monitor: the circuit has no reference configuration"); return CircuitError; }
    const QString cfgName = QString::fromStdString(m.infoValue("configuration"));
    const model::SolverConfigDoc* cfg = c.config(cfgName) ? c.config(cfgName) : c.reference();
    const double T = duration.value_or(c.duration);
    std::vector<QString> probes;
    for (const auto* list : {&m.sensors, &m.reference})
        for (const monitor::SignalSpec& g : *list)
            if (std::find(probes.begin(), probes.end(), g.probe) == probes.end()) probes.push_back(g.probe);
    const int count = static_cast<int>(std::floor(T / m.sampleInterval + 1e-9)) + 1;
    model::Circuit runs[2] = {c, monitor::faultFreeCircuit(c, twin)};
    std::vector<std::vector<double>> samples[2];
    for (int k = 0; k < 2; ++k) {
        runs[k].recordInterval = std::min(runs[k].recordInterval, m.sampleInterval);
        const sim::RunResult r = service::runConfiguration(runs[k], *cfg, reg, T);
        if (!r.ok) { err(QString("learn monitor: the %1 run failed: ").arg(k ? "fault-free" : "monitored") + QString::fromStdString(r.error)); return RunFailed; }
        QString e;
        samples[k] = monitor::sampleTrace(r.trace, probes, m.sampleInterval, count, &e);
        if (!e.isEmpty()) { err("learn monitor: " + e); return CircuitError; }
    }
    const monitor::Estimates est = monitor::estimate(m, probes, samples[0], samples[1]);
    if (est.time.empty()) { err("learn monitor: the run is too short for the monitor's windows"); return Usage; }
    out(QString("monitored      %1 s of '%2' (%3 estimates every %4 s), fault-free twin beside it").arg(fmt(T), cfg->name).arg(est.time.size()).arg(fmt(m.sampleInterval)));
    out("  fault        parameter         actual      estimate (mean of last 20 %)  level (most frequent)");
    for (size_t f = 0; f < m.faults.size(); ++f) {
        const monitor::FaultSpec& fs = m.faults[f];
        const size_t n = est.time.size(), from = n - std::max<size_t>(1, n / 5);
        double mean = 0;
        std::vector<int> votes(fs.levels.size(), 0);
        for (size_t k = from; k < n; ++k) {
            mean += est.filter[f][k];
            if (est.level[f][k] >= 0) ++votes[static_cast<size_t>(est.level[f][k])];
        }
        mean /= static_cast<double>(n - from);
        const int lv = static_cast<int>(std::max_element(votes.begin(), votes.end()) - votes.begin());
        const double actual = c.component(fs.component)->num.count(fs.parameter) ? c.component(fs.component)->num.at(fs.parameter) : std::nan("");
        out(QString("  %1 %2 %3 %4  %5 (%6)").arg(fs.name, -12).arg(fs.key(), -16).arg(fmt(actual * fs.display, 4), 10)
                .arg(fmt(m.physical(static_cast<int>(f), mean) * fs.display, 4), 12)
                .arg(lv + 1).arg(fmt(fs.levels[static_cast<size_t>(lv)] * fs.display, 4) + (fs.unit.isEmpty() ? "" : " " + fs.unit)));
    }
    if (auto o = a.value("out")) {
        learn::Dataset d;
        d.names = {"t"};
        for (const auto& f : m.faults) {
            d.names.push_back((f.name + "_stage1").toStdString());
            d.names.push_back((f.name + "_filter").toStdString());
            d.names.push_back((f.name + "_estimate").toStdString());
            d.names.push_back((f.name + "_level").toStdString());
        }
        d.columns.assign(d.names.size(), {});
        for (size_t k = 0; k < est.time.size(); ++k) {
            d.columns[0].push_back(est.time[k]);
            for (size_t f = 0; f < m.faults.size(); ++f) {
                d.columns[1 + 4 * f].push_back(est.stage1[f][k]);
                d.columns[2 + 4 * f].push_back(est.filter[f][k]);
                d.columns[3 + 4 * f].push_back(m.physical(static_cast<int>(f), est.filter[f][k]));
                d.columns[4 + 4 * f].push_back(est.level[f][k] + 1);
            }
        }
        std::string e;
        if (!learn::writeDatasetCsv(o->toStdString(), d, e)) { err("learn monitor: " + QString::fromStdString(e)); return FileError; }
        out("wrote          " + *o);
    }
    return Ok;
}

}  // namespace

int learnMonitor(const QStringList& argv, const sim::Registry& reg) {
    Args a(argv, {"faults", "out", "jobs", "epochs", "data", "apply", "set", "duration"}, {"help", "quiet"});
    if (a.flag("help")) { out(kMonitorUsage); return Ok; }
    auto jobs = a.number("jobs");
    auto epochs = a.number("epochs");
    auto duration = a.number("duration");
    if (!a.ok() || a.positional.size() != 1 || (!a.value("faults") == !a.value("apply"))) {
        err(a.ok() ? "learn monitor: give one circuit file and either --faults FAULTS.json or --apply MODEL (see --help)"
                   : "learn monitor: " + a.error());
        return Usage;
    }
    if (jobs && (*jobs < 1 || *jobs > 1024)) { err("learn monitor: --jobs must be 1..1024"); return Usage; }
    if (epochs && (*epochs < 1 || *epochs != std::floor(*epochs))) { err("learn monitor: --epochs must be a whole number >= 1"); return Usage; }
    auto circuit = loadOrReport(a.positional.front(), reg);
    if (!circuit) return FileError;
    return a.value("faults") ? train(a, *circuit, reg, jobs, epochs) : apply(a, *circuit, reg, duration);
}

}  // namespace hs::cli
