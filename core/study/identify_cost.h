// SPDX-License-Identifier: GPL-3.0-or-later
// The identification cost of one parameter vector: the circuit run with those values (through
// service::runConfiguration), and per cost term the mean absolute difference between the probe,
// interpolated at the measured times, and the measured column (notes/003 eq. 7.19-7.21: mean
// absolute error, so that single peaks weigh less than with RMS), weighted and summed. A run
// that fails costs `failureCost`. Thread-safe: every call builds its own system.
#pragma once

#include <memory>
#include <vector>

#include "identify_spec.h"
#include "measured_data.h"
#include "model/circuit.h"

namespace hs::sim {
class Registry;
}

namespace hs::study {

class IdentifyCost {
public:
    // Returns an error message in *error (a cost column missing from the data) and a cost that
    // cannot be evaluated.
    IdentifyCost(const model::Circuit& c, const sim::Registry& reg, const IdentifySpec& spec, const MeasuredData& data,
                 QString* error);
    double operator()(const std::vector<double>& values) const;
    size_t dimension() const { return axes_.size(); }
    static constexpr double failureCost = 1e30;

private:
    const model::Circuit& circuit_;
    const sim::Registry& reg_;
    const model::SolverConfigDoc* config_ = nullptr;
    std::vector<ParameterAxis> axes_;
    std::vector<CostTerm> terms_;
    std::vector<int> dataColumn_;
    const MeasuredData& data_;
    double duration_ = 0;
};

}  // namespace hs::study
