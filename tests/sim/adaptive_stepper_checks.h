// SPDX-License-Identifier: GPL-3.0-or-later
// Checks every adaptive stepper must pass, shared by their tests (test_esdirk, test_rosenbrock):
// Circuit 1 with its on/off valve switched by a square wave, compared with a tight CVODE run.
#pragma once

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <string>

#include "sim_test_util.h"

namespace hs::sim::test {

// Circuit 1 with its on/off valve switched by a square wave: the flow path to tank opens and
// closes every period/2, a discontinuity of the right-hand side at each edge.
inline Netlist switchingCircuit1(double period = 0.02) {
    Netlist n = circuit1(1e-5);
    for (auto& c : n.components)
        if (c.id == "open") c = comp("Square", "open", {{"period", period}, {"duty", 0.5}, {"low", 0.0}, {"high", 1.0}});
    return n;
}

// max |a - ref| over the records of one column, relative to max |ref|
inline double maxRelativeError(const Trace& a, const Trace& ref, int column) {
    double worst = 0, scale = 0;
    for (double v : ref.columns[static_cast<size_t>(column)]) scale = std::max(scale, std::abs(v));
    for (size_t i = 0; i < ref.time.size() && i < a.time.size(); ++i)
        worst = std::max(worst, std::abs(a.columns[static_cast<size_t>(column)][i] - ref.columns[static_cast<size_t>(column)][i]));
    return worst / scale;
}

// The switching circuit over 0.1 s (an edge every 10 ms) at rtol = atol 1e-4 and 1e-6 against
// CVODE at 1e-11: the error within 100 rtol and falling as the tolerance tightens.
inline void checkSwitchingAgainstTightCvode(const std::string& stepper) {
    const Netlist net = switchingCircuit1();
    const std::vector<ProbeSpec> probes = {{"p1", "pressure", "V1"}, {"p2", "pressure", "V2"}};
    const RunResult truth = buildAndRun(net, probes, runOptions(solver("cvode", 1e-7, 1e-11, 1e-11), 0.1, 1e-3));
    QVERIFY2(truth.ok, truth.error.c_str());
    double previous = 1.0;
    for (double rtol : {1e-4, 1e-6}) {
        const RunResult r = buildAndRun(net, probes, runOptions(solver(stepper, 1e-7, rtol, rtol), 0.1, 1e-3));
        QVERIFY2(r.ok, r.error.c_str());
        const double e = std::max(maxRelativeError(r.trace, truth.trace, 0), maxRelativeError(r.trace, truth.trace, 1));
        qInfo("switching Circuit 1, %s rtol %g: %ld steps, max error %.3g of max", stepper.c_str(), rtol, r.steps, e);
        QVERIFY2(e < 100 * rtol, qPrintable(QString::number(e)));
        QVERIFY(e < previous);
        previous = e;
    }
}

}  // namespace hs::sim::test
