// SPDX-License-Identifier: GPL-3.0-or-later
// The results of the last runs of a circuit window, newest first, so that a new run can be laid
// over the previous runs of the same configuration (drawn as faint traces). Runs are shared, not
// copied: a 1e6-sample trace is kept once however many views look at it.
#pragma once

#include <QString>
#include <deque>
#include <memory>
#include <vector>

#include "comparison.h"

namespace hs::service {

struct RunRecord {
    int number = 0;  // 1 for the first run of the window, counting up
    std::shared_ptr<const Comparison> comparison;
};

class RunHistory {
public:
    explicit RunHistory(int limit = 3) : limit_(limit < 1 ? 1 : limit) {}

    // Keeps at most limit() runs; the oldest falls out.
    void add(RunRecord record);
    void clear() { runs_.clear(); }
    int limit() const { return limit_; }
    int size() const { return static_cast<int>(runs_.size()); }
    const RunRecord& at(int i) const { return runs_[static_cast<size_t>(i)]; }  // 0 = newest

    // The trace of configuration `config` in each kept run older than run `before` (newest
    // first), with the run number; runs where it did not take part or produced nothing are skipped.
    struct Previous {
        int number;
        const sim::Trace* trace;
    };
    std::vector<Previous> previous(const QString& config, int before) const;

private:
    int limit_;
    std::deque<RunRecord> runs_;
};

}  // namespace hs::service
