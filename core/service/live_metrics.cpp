// SPDX-License-Identifier: GPL-3.0-or-later
#include "live_metrics.h"

#include <algorithm>
#include <cmath>

namespace hs::service {

namespace {

// sim::interpolate with the search started at a hint: the reference grid only moves forward, so
// a short forward scan replaces the binary search. Same bracketing index, same arithmetic, hence
// the same bits as sim::interpolate.
double interpolateFrom(const sim::Trace& tr, int c, double t, size_t& hint) {
    const auto& ts = tr.time;
    const auto& v = tr.columns[static_cast<size_t>(c)];
    if (t <= ts.front()) return v.front();
    if (t >= ts.back()) return v.back();
    size_t i = std::max<size_t>(hint, 1);
    if (ts[i - 1] > t) i = 1;  // the hint ran ahead (a replaced trace): start over
    while (ts[i] <= t) ++i;    // first sample after t, as std::upper_bound finds it
    hint = i;
    const double w = (t - ts[i - 1]) / (ts[i] - ts[i - 1]);
    return v[i - 1] + w * (v[i] - v[i - 1]);
}

}  // namespace

void LiveMetrics::reset() {
    const size_t keep = reserve_;
    *this = LiveMetrics();
    reserve_ = keep;
}

void LiveMetrics::reserve(size_t n, size_t columns) {
    reserve_ = n;
    error_.time.reserve(n);
    error_.columns.resize(columns);
    for (auto& c : error_.columns) c.reserve(n);
}

void LiveMetrics::bind(const sim::Trace& ref, const sim::Trace& other) {
    for (size_t c = 0; c < ref.names.size(); ++c) {
        const int oc = other.column(ref.names[c]);
        if (oc < 0 || !ref.compared(c)) continue;  // iteration counters, as compareTraces
        refCol_.push_back(static_cast<int>(c));
        otherCol_.push_back(oc);
        error_.names.push_back(ref.names[c]);
        error_.units.push_back(ref.units[c]);
    }
    // Keep reserved capacity: resize, then clear, rather than assign new vectors.
    error_.columns.resize(refCol_.size());
    for (auto& c : error_.columns) {
        c.clear();
        c.reserve(reserve_);
    }
    error_.time.reserve(reserve_);
    se_.assign(refCol_.size(), 0.0);
    sa_.assign(refCol_.size(), 0.0);
    maxAbs_.assign(refCol_.size(), 0.0);
    bound_ = true;
}

size_t LiveMetrics::update(const sim::Trace& ref, const sim::Trace& other, bool final) {
    if (ref.time.empty() || other.time.empty()) return 0;
    if (!bound_) bind(ref, other);
    // While the other run goes on, a reference sample is compared only once the other trace has
    // reached it, so that its interpolated value will not change with later samples.
    const double limit = final ? std::min(ref.time.back(), other.time.back()) * (1 + 1e-12)
                               : std::min(ref.time.back(), other.time.back());
    const size_t start = next_;
    while (next_ < ref.time.size() && ref.time[next_] <= limit) {
        const double t = ref.time[next_];
        error_.time.push_back(t);
        for (size_t k = 0; k < refCol_.size(); ++k) {
            const double r = ref.columns[static_cast<size_t>(refCol_[k])][next_];
            size_t hint = hint_;
            const double d = interpolateFrom(other, otherCol_[k], t, hint) - r;
            if (k + 1 == refCol_.size()) hint_ = hint;
            se_[k] += d * d;
            sa_[k] += std::abs(r);
            maxAbs_[k] = std::max(maxAbs_[k], std::abs(d));
            error_.columns[k].push_back(d);
        }
        ++next_;
    }
    return next_ - start;
}

std::vector<sim::ProbeError> LiveMetrics::errors() const {
    std::vector<sim::ProbeError> out;
    const int n = static_cast<int>(error_.time.size());
    for (size_t k = 0; k < refCol_.size(); ++k) {
        sim::ProbeError e;
        e.name = error_.names[k];
        e.unit = error_.units[k];
        e.maxAbs = maxAbs_[k];
        e.samples = n;
        if (n > 0) {
            e.rmse = std::sqrt(se_[k] / n);
            e.meanAbsRef = sa_[k] / n;
            e.rrmse = e.meanAbsRef > 0 ? 100.0 * e.rmse / e.meanAbsRef : 0.0;
        }
        out.push_back(e);
    }
    return out;
}

}  // namespace hs::service
