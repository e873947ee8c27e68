// SPDX-License-Identifier: GPL-3.0-or-later
#include "streamed_run.h"

#include "comparison.h"
#include "csv_stream_writer.h"

namespace hs::service {

namespace {

sim::RunResult runUnguarded(PreparedRun& run, CsvStreamWriter& writer, const QString& path, QString& fileError,
                            std::function<void(double)> progress) {
    sim::RunResult res;
    std::vector<std::string> names, units;
    for (const auto& p : run.probes) {
        std::string unit;
        const std::string e = sim::checkProbe(*run.system, p, &unit);
        if (!e.empty()) {
            res.error = e;
            return res;
        }
        names.push_back(p.name.empty() ? p.quantity + " " + p.target : p.name);
        units.push_back(unit);
    }
    fileError = writer.open(path, names, units);
    if (!fileError.isEmpty()) {
        res.error = fileError.toStdString();
        return res;
    }
    run.options.keepTrace = false;
    run.options.sample = [&writer](double t, const double* v, size_t n) { writer.row(t, v, n); };
    run.options.progress = std::move(progress);
    return sim::simulate(*run.system, run.probes, run.options);
}

}  // namespace

sim::RunResult runConfigurationToCsv(const model::Circuit& c, const model::SolverConfigDoc& cfg, const sim::Registry& reg,
                                     double duration, const QString& path, QString& fileError,
                                     std::function<void(double)> progress) {
    fileError.clear();
    PreparedRun run = prepareConfiguration(c, cfg, reg, duration);
    sim::RunResult res;
    if (!run.system) {
        res.error = run.error;
    } else {
        CsvStreamWriter writer;
        double reached = 0;
        try {
            res = runUnguarded(run, writer, path, fileError, [&](double t) {
                reached = t;
                if (progress) progress(t);
            });
        } catch (const std::exception& e) {
            res = sim::RunResult();
            res.failTime = reached;
            res.error = internalError(e.what(), reached);
        } catch (...) {
            res = sim::RunResult();
            res.failTime = reached;
            res.error = internalError("unknown exception", reached);
        }
        // As writeTraceFile: a run that made records leaves them in the file, also when it failed.
        if (fileError.isEmpty() && writer.rows() > 0) fileError = writer.commit();
    }
    res.warnings = std::move(run.warnings);
    return res;
}

}  // namespace hs::service
