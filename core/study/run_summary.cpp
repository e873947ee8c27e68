// SPDX-License-Identifier: GPL-3.0-or-later
#include "run_summary.h"

#include <algorithm>

namespace hs::study {

std::vector<ProbeSummary> summarize(const sim::Trace& tr) {
    std::vector<ProbeSummary> out;
    for (size_t c = 0; c < tr.columns.size(); ++c) {
        const auto& x = tr.columns[c];
        if (x.empty()) continue;
        ProbeSummary s;
        s.name = tr.names[c];
        s.unit = c < tr.units.size() ? tr.units[c] : "";
        s.final = x.back();
        s.min = *std::min_element(x.begin(), x.end());
        s.max = *std::max_element(x.begin(), x.end());
        const double span = tr.time.back() - tr.time.front();
        if (x.size() < 2 || span <= 0) {
            s.mean = x.front();
        } else {
            double area = 0;
            for (size_t i = 1; i < x.size(); ++i) area += 0.5 * (x[i] + x[i - 1]) * (tr.time[i] - tr.time[i - 1]);
            s.mean = area / span;
        }
        out.push_back(s);
    }
    return out;
}

}  // namespace hs::study
