// SPDX-License-Identifier: GPL-3.0-or-later
#include "inverse_csv.h"

namespace hs::service {

std::vector<CsvColumn> inverseCsvColumns(const inverse::InverseResult& r, const inverse::ReplayResult* replay) {
    std::vector<CsvColumn> cols = {{"time", "s", r.time}};
    for (size_t i = 0; i < r.names.size(); ++i) cols.push_back({r.names[i], r.units[i], r.columns[i]});
    if (replay && replay->error.empty() && !replay->run.trace.columns.empty() &&
        replay->run.trace.columns[0].size() == r.time.size())
        cols.push_back({"x_forward", "m", replay->run.trace.columns[0]});
    return cols;
}

}  // namespace hs::service
