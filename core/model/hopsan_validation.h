// SPDX-License-Identifier: GPL-3.0-or-later
// Hopsan's model validation data: the .hvc (which model, which variables, which .hvd column, the
// tolerance) and the .hvd (CSV), and Hopsan's acceptance rule (HopsanCLI compareVectors in
// CliUtilities.cpp): at every logged time of the simulation the reference is interpolated
// linearly, and a sample fails when |1 - sim/ref| > tolerance, unless |sim| < 1e-100 or
// |ref| < 1e-10 (those samples are not checked). Hopsan compares at its own logged times, which
// are the .hvd's times when the data was recorded with the model's log settings; we compare at
// the .hvd's times too, so a log grid that differs from ours cannot move a step discontinuity.
#pragma once

#include <QString>

#include <optional>
#include <vector>

namespace hs::model {

struct HvcVariable {
    QString fullName;                   // as written: "Model$Component#Port#Variable"
    QString component, port, variable;  // "Pressure_Transducer", "out", "Value"
    int timeColumn = 0, column = 1;
    double tolerance = 0.01;
};

struct HopsanValidationConfig {
    QString modelFile;  // resolved path of the .hmf
    QString hvdFile;    // resolved path of the .hvd
    std::vector<HvcVariable> variables;
};

struct HvcReadResult {
    std::optional<HopsanValidationConfig> config;
    QString error;
};

// The model path in an .hvc is relative to it ("../Component Test/HydraulicComponent Test/X.hmf");
// when that file is missing, a file of the same name beside the .hvc or in a sibling folder of
// it is used (the layout of tests/data/hopsan and of the shared reference copy).
HvcReadResult loadHvc(const QString& path);

struct HvdData {
    std::vector<std::vector<double>> columns;  // column-major
    QString error;
};
HvdData loadHvd(const QString& path);

struct ToleranceCheck {
    double maxDeviation = 0;  // largest |1 - sim/ref| over the checked samples
    double atTime = 0;        // where it is
    int checked = 0;          // samples the rule applies to
    bool passed = true;
};

// Hopsan's rule against the reference table at the reference's own times (Hopsan's logged step
// times), our run interpolated linearly there (exact when it is recorded every step).
ToleranceCheck hopsanToleranceCheck(const std::vector<double>& simTime, const std::vector<double>& simValue,
                                    const std::vector<double>& refTime, const std::vector<double>& refValue,
                                    double tolerance);

}  // namespace hs::model
