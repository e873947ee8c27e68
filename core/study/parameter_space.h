// SPDX-License-Identifier: GPL-3.0-or-later
// The parameters a study varies and the points it runs: one axis per component number parameter
// ("comp.C5=0.8e6:1.2e6:5", "Vv.V=1e-6,1e-5", "orifice.Kv=1e-9:1e-7:5:log"), the full grid of
// the axes or a Latin hypercube sample of their ranges.
#pragma once

#include <QString>
#include <cstdint>
#include <optional>
#include <vector>

#include "model/circuit.h"

namespace hs::sim {
class Registry;
}

namespace hs::study {

struct ParameterAxis {
    QString component, parameter;  // "comp", "C5"
    // The grid values: the listed ones, or `count` values from lo to hi (geometric if logScale).
    std::vector<double> values;
    bool range = false;  // given as lo:hi:count (a Latin hypercube samples [lo, hi] continuously)
    double lo = 0, hi = 0;
    bool logScale = false;
    QString key() const { return component + "." + parameter; }
};

// Parses "comp.param=lo:hi:count[:log]" or "comp.param=v1,v2,...". Returns nullopt and sets
// *error (naming the text and what is wrong) on bad syntax.
std::optional<ParameterAxis> parseAxis(const QString& text, QString* error);

// "" or why the axis does not name a number parameter of a component of the circuit: the
// message names the unknown component (and lists the components) or the unknown parameter (and
// lists the number parameters of that component's type).
QString checkAxis(const ParameterAxis& axis, const model::Circuit& c, const sim::Registry& reg);

// One run's parameter values, in axis order.
using ParameterPoint = std::vector<double>;

// Every combination of the axes' values; the first axis varies slowest.
std::vector<ParameterPoint> gridPoints(const std::vector<ParameterAxis>& axes);
// n points of a Latin hypercube: each axis cut into n equal strata (of its range, or of its list
// of values), one point per stratum, strata paired at random (std::mt19937_64 seeded with seed,
// so the same seed gives the same points on every platform).
std::vector<ParameterPoint> latinHypercube(const std::vector<ParameterAxis>& axes, int n, std::uint64_t seed);

// The circuit with the point's values written into the components' parameters.
model::Circuit withPoint(const model::Circuit& c, const std::vector<ParameterAxis>& axes, const ParameterPoint& p);

}  // namespace hs::study
