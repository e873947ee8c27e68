// SPDX-License-Identifier: GPL-3.0-or-later
#include "run_history.h"

namespace hs::service {

void RunHistory::add(RunRecord record) {
    runs_.push_front(std::move(record));
    while (static_cast<int>(runs_.size()) > limit_) runs_.pop_back();
}

std::vector<RunHistory::Previous> RunHistory::previous(const QString& config, int before) const {
    std::vector<Previous> out;
    for (const RunRecord& r : runs_) {
        if (r.number >= before || !r.comparison) continue;
        for (const ConfigOutcome& o : r.comparison->configs)
            if (o.name == config && !o.result.trace.time.empty()) out.push_back({r.number, &o.result.trace});
    }
    return out;
}

}  // namespace hs::service
