// SPDX-License-Identifier: GPL-3.0-or-later
#include "identify_cost.h"

#include <cmath>

#include "service/comparison.h"
#include "sim/metrics.h"

namespace hs::study {

IdentifyCost::IdentifyCost(const model::Circuit& c, const sim::Registry& reg, const IdentifySpec& spec,
                           const MeasuredData& data, QString* error)
    : circuit_(c), reg_(reg), terms_(spec.cost), data_(data) {
    config_ = spec.config.isEmpty() ? c.reference() : c.config(spec.config);
    for (const auto& p : spec.parameters) axes_.push_back(p.axis);
    for (const auto& t : terms_) {
        const int col = data.column(t.column);
        if (col < 0) {
            QStringList names;
            for (const auto& n : data.names) names << n;
            *error = "the measured data have no column '" + t.column + "'; its columns are: " + names.join(", ");
        }
        dataColumn_.push_back(col);
    }
    duration_ = data.time.empty() ? c.duration : data.time.back();
}

double IdentifyCost::operator()(const std::vector<double>& values) const {
    if (!config_) return failureCost;
    const model::Circuit c = withPoint(circuit_, axes_, values);
    const sim::RunResult r = service::runConfiguration(c, *config_, reg_, duration_);
    if (!r.ok) return failureCost;
    double cost = 0;
    for (size_t k = 0; k < terms_.size(); ++k) {
        const int sc = r.trace.column(terms_[k].probe.toStdString());
        if (sc < 0 || dataColumn_[k] < 0) return failureCost;
        const auto& measured = data_.columns[size_t(dataColumn_[k])];
        double sum = 0;
        for (size_t i = 0; i < data_.time.size(); ++i) sum += std::abs(sim::interpolate(r.trace, sc, data_.time[i]) - measured[i]);
        cost += terms_[k].weight * sum / static_cast<double>(data_.time.size());
    }
    return std::isfinite(cost) ? cost : failureCost;
}

}  // namespace hs::study
