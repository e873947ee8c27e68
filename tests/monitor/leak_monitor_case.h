// SPDX-License-Identifier: GPL-3.0-or-later
// The small condition-monitoring case of the tests (monitor_test_monitor_synthetic and the GUI's
// monitor dock test): a flow source driven by a random demand fills a 0.1 l volume that drains
// through a laminar leak to tank; the fault is the leak's conductance at three levels
// (1e-11 fault-free, 1.5e-11, 2e-11 m3/(s Pa)). `leakG` sets the leak of the circuit file.
#pragma once

#include <QFile>
#include <QString>
#include <QTemporaryDir>

namespace hs::monitor::test {

inline QString leakCircuit(double leakG) {
    return QString(R"({
  "format": 1, "name": "leaking volume",
  "components": [
    {"id": "demand", "type": "PRMS", "parameters": {"period": 0.1, "min": 1e-5, "max": 5e-5, "seed": 1, "mode": "range"}},
    {"id": "pump", "type": "FlowSource", "parameters": {"Q": 0}},
    {"id": "V", "type": "Volume", "parameters": {"V": 1e-4, "p0": 2e6}},
    {"id": "leak", "type": "LaminarOrifice", "parameters": {"G": %1}},
    {"id": "tank", "type": "Tank", "parameters": {"p": 0}}
  ],
  "wires": [
    {"from": "demand.out", "to": "pump.Q"}, {"from": "pump.P", "to": "V.P1"},
    {"from": "V.P2", "to": "leak.A"}, {"from": "leak.B", "to": "tank.P"}
  ],
  "probes": [{"name": "u", "quantity": "signal", "target": "demand.out"},
             {"name": "p", "quantity": "pressure", "target": "V.P1"}],
  "simulation": {"duration": 3, "record_interval": 0.001},
  "configurations": [{"name": "CVODE", "stepper": "cvode", "rtol": 1e-7, "atol": 1e-3, "dt": 1e-4, "reference": true}]
})").arg(leakG, 0, 'g', 17);
}

inline const char* kLeakFaults = R"({
  "format": 1, "duration": 3, "sample_interval": 0.01, "window": 2, "hidden": 6,
  "filter": {"window": 2, "hidden": 3}, "quantise_window": 3,
  "training": {"max_epochs": 200, "max_fail": 10}, "seed": 3,
  "demand": {"component": "demand", "min": 1e-5, "max": 5e-5, "period": 0.1, "training_seed": 7, "validation_seed": 8},
  "sensors": [{"probe": "u", "min": 0, "max": 6e-5}, "p"],
  "reference_sensors": ["p"],
  "faults": [{"name": "leak", "parameter": "leak.G", "levels": [1e-11, 1.5e-11, 2e-11]}]
})";

inline QString writeFile(const QTemporaryDir& dir, const QString& name, const QString& text) {
    const QString p = dir.filePath(name);
    QFile f(p);
    f.open(QIODevice::WriteOnly);
    f.write(text.toUtf8());
    return p;
}

}  // namespace hs::monitor::test
