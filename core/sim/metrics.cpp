// SPDX-License-Identifier: GPL-3.0-or-later
#include "metrics.h"

#include <algorithm>
#include <cmath>

namespace hs::sim {

double interpolate(const Trace& tr, int c, double t) {
    const auto& ts = tr.time;
    const auto& v = tr.columns[static_cast<size_t>(c)];
    if (ts.empty()) return 0.0;
    if (t <= ts.front()) return v.front();
    if (t >= ts.back()) return v.back();
    const size_t i = static_cast<size_t>(std::upper_bound(ts.begin(), ts.end(), t) - ts.begin());
    const double w = (t - ts[i - 1]) / (ts[i] - ts[i - 1]);
    return v[i - 1] + w * (v[i] - v[i - 1]);
}

std::vector<ProbeError> compareTraces(const Trace& ref, const Trace& other) {
    std::vector<ProbeError> out;
    if (ref.time.empty() || other.time.empty()) return out;
    const double tEnd = std::min(ref.time.back(), other.time.back()) * (1 + 1e-12);
    for (size_t c = 0; c < ref.names.size(); ++c) {
        const int oc = other.column(ref.names[c]);
        if (oc < 0 || !ref.compared(c)) continue;
        ProbeError e;
        e.name = ref.names[c];
        e.unit = ref.units[c];
        double se = 0, sa = 0;
        for (size_t i = 0; i < ref.time.size() && ref.time[i] <= tEnd; ++i) {
            const double r = ref.columns[c][i];
            const double d = interpolate(other, oc, ref.time[i]) - r;
            se += d * d;
            sa += std::abs(r);
            e.maxAbs = std::max(e.maxAbs, std::abs(d));
            ++e.samples;
        }
        if (e.samples > 0) {
            e.rmse = std::sqrt(se / e.samples);
            e.meanAbsRef = sa / e.samples;
            e.rrmse = e.meanAbsRef > 0 ? 100.0 * e.rmse / e.meanAbsRef : 0.0;
        }
        out.push_back(e);
    }
    return out;
}

}  // namespace hs::sim
