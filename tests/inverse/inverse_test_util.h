// SPDX-License-Identifier: GPL-3.0-or-later
// Loads a case-study example as a netlist and runs the inverse on it.
#pragma once

#include <QString>

#include "inverse/drive.h"
#include "inverse/inverse_solve.h"
#include "model/circuit.h"
#include "model/circuit_io.h"
#include "sim_test_util.h"

namespace hs::inverse::test {

inline hs::sim::Netlist exampleNetlist(const char* stem) {
    const auto r = hs::model::loadCircuit(QString(HS_EXAMPLES_DIR) + "/" + stem + ".hydro.json", hs::sim::test::registry());
    if (!r.ok()) qFatal("cannot load %s: %s", stem, qPrintable(r.errors.join('\n')));
    return hs::model::toNetlist(*r.circuit);
}

struct Solved {
    ValveCylinderDrive drive;
    InverseResult result;
    std::string error;
    // Column value at the recorded time nearest t.
    double at(const char* name, double t) const {
        const int c = result.column(name);
        size_t best = 0;
        for (size_t i = 0; i < result.time.size(); ++i)
            if (std::abs(result.time[i] - t) < std::abs(result.time[best] - t)) best = i;
        return result.columns[static_cast<size_t>(c)][best];
    }
    double max(const char* name) const {
        const auto& v = result.columns[static_cast<size_t>(result.column(name))];
        return *std::max_element(v.begin(), v.end());
    }
    double min(const char* name) const {
        const auto& v = result.columns[static_cast<size_t>(result.column(name))];
        return *std::min_element(v.begin(), v.end());
    }
    double last(const char* name) const { return result.columns[static_cast<size_t>(result.column(name))].back(); }
};

inline Solved solve(const hs::sim::Netlist& net, double duration = 2.0, double dt = 1e-5) {
    Solved s;
    s.error = extractDrive(hs::sim::test::registry(), net, &s.drive);
    if (!s.error.empty()) return s;
    InverseOptions o;
    o.duration = duration;
    o.dt = dt;
    o.recordInterval = 1e-3;
    s.result = solveInverse(s.drive, o);
    return s;
}

}  // namespace hs::inverse::test
