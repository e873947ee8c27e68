// SPDX-License-Identifier: GPL-3.0-or-later
// The quick check behind a stiffness suggestion (issue 13 #6: "never suggest a change that the
// numbers then contradict"): the configuration as it is and the configuration with the
// suggested method for one volume are run over a short span and compared with a tight CVODE run
// of the same circuit (every volume integrated); the suggestion stands if it is no less accurate.
#pragma once

#include <QString>
#include <string>

#include "comparison.h"

namespace hs::service {

struct CheckedRun {
    QString name;
    bool ok = false;
    QString error;
    // The decision figure [%]: the largest over the probes of RMSE / level, level = the largest
    // mean |reference| among the probes of that unit (a pressure's error against the circuit's
    // pressure level: a probe near zero, e.g. an idle line, would make its own RRMSE explode).
    double worstError = 0;
    double volumeRmse = 0;   // RMSE of the volume's own pressure [Pa] when a probe shows it, else NaN
    double wallSeconds = 0;
    long steps = 0;
    std::int64_t indeterminateSteps = 0;  // quasi-steady on the volume: steps its balance did not pin
};

struct QuickCheck {
    bool ok = false;  // both runs were compared (the truth ran)
    QString error;
    double span = 0;
    CheckedRun current, suggested;
    bool sameMethod = false;   // nothing to change: only `current` was run
    // The suggestion failed where the configuration as is runs, or its figure exceeds the one as is
    // by more than kTolerance.
    bool contradicted = false;
    static constexpr double kTolerance = 0.1;
    QString verdict;
};

// span: simulated seconds (0 = a fifth of the circuit's duration).
QuickCheck quickCheck(const model::Circuit& c, const sim::Registry& reg, const QString& config, const QString& volume,
                      const QString& method, double span = 0);

}  // namespace hs::service
