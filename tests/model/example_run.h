// SPDX-License-Identifier: GPL-3.0-or-later
// For the physics tests of the example circuits: load an example file, run its reference
// configuration, and read the recorded probes by name (the last record, or the first record at
// or after a time).
#pragma once

#include <QString>

#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "model/circuit_io.h"
#include "model_test_util.h"
#include "sim/builder.h"

namespace hs::model::test {

struct ExampleRun {
    std::optional<Circuit> circuit;
    hs::sim::RunResult run;
    QString error;  // empty when the file loaded, the reference built and ran to the end

    std::vector<double> column(const std::string& name) const {
        for (size_t i = 0; i < run.trace.names.size(); ++i)
            if (run.trace.names[i] == name) return run.trace.columns[i];
        return {};
    }
    size_t indexAt(double t) const {
        size_t i = 0;
        while (i + 1 < run.trace.time.size() && run.trace.time[i] < t) ++i;
        return i;
    }
    double at(const std::vector<double>& col, double t) const { return col[indexAt(t)]; }
    double at(const std::string& name, double t) const {
        const std::vector<double> col = column(name);
        return col.empty() ? std::nan("") : col[indexAt(t)];
    }
    double last(const std::string& name) const {
        const std::vector<double> col = column(name);
        return col.empty() ? std::nan("") : col.back();
    }
};

inline ExampleRun runExampleReference(const QString& fileName) {
    ExampleRun e;
    const LoadResult r = loadCircuit(QStringLiteral(HS_EXAMPLES_DIR "/") + fileName, registry());
    if (!r.ok()) {
        e.error = r.errors.join('\n');
        return e;
    }
    e.circuit = *r.circuit;
    const SolverConfigDoc* ref = e.circuit->reference();
    if (!ref) {
        e.error = fileName + ": no reference configuration";
        return e;
    }
    hs::sim::BuildResult b = hs::sim::build(registry(), toNetlist(*e.circuit), toSolverSettings(*ref));
    if (!b.ok()) {
        e.error = QString::fromStdString(b.errorText());
        return e;
    }
    e.run = hs::sim::simulate(*b.system, toProbes(*e.circuit), toRunOptions(*e.circuit, *ref));
    if (!e.run.ok) e.error = QString::fromStdString(e.run.error);
    return e;
}

}  // namespace hs::model::test
