// SPDX-License-Identifier: GPL-3.0-or-later
// Checks an imported Hopsan model against Hopsan's validation data: runs one configuration
// (normally "Hopsan-compatible") with a probe per .hvc variable and applies Hopsan's acceptance
// rule (model/hopsan_validation.h) to each.
#pragma once

#include <QString>
#include <QStringList>

#include <vector>

#include "model/hopsan_import.h"
#include "model/hopsan_validation.h"
#include "sim/registry.h"

namespace hs::service {

struct HopsanVariableResult {
    QString variable;  // Hopsan's Component#Port#Variable
    QString probe;     // ours: "signal sensor.p", "" when it has no counterpart
    model::ToleranceCheck check;
    double tolerance = 0;
    QString error;     // why it could not be checked (then it fails)
    // Its probe was recorded by a run that finished. A variable that was not simulated is never
    // "passed", whatever check holds (its defaults read as 0 deviation).
    bool simulated = false;
    bool passed() const { return simulated && error.isEmpty() && check.passed; }
};

struct HopsanCheck {
    QString error;  // the run failed or the data could not be read: nothing was checked (one line)
    std::vector<HopsanVariableResult> variables;
    bool passed() const;
};

// hopsanModel and import are the model the circuit was imported from and the import's report
// (for Hopsan's component names and port names).
// The .hvc's variables as probes of the circuit (named by Hopsan's variable, read as --validate
// reads them), replacing its probes; one line per variable that has no probe.
QStringList addHopsanProbes(model::Circuit& circuit, const model::HopsanModel& hopsanModel, const model::HopsanImport& imp,
                            const model::HopsanValidationConfig& hvc);

HopsanCheck checkAgainstHopsan(const model::Circuit& circuit, const model::HopsanModel& hopsanModel,
                               const model::HopsanImport& import, const model::HopsanValidationConfig& hvc,
                               const model::HvdData& hvd, const sim::Registry& reg,
                               const QString& configName = model::kHopsanCompatibleConfig);

}  // namespace hs::service
