// SPDX-License-Identifier: GPL-3.0-or-later
#include "batch_recorder.h"

#include "stepper.h"
#include "vector_state.h"

namespace hs::sim {

bool BatchRecorder::take(Stepper& stepper, const std::vector<int>& states, long& k, double rec, double until,
                         const RunOptions& opt, Trace& trace) {
    times_.clear();
    while (static_cast<double>(k) * rec < until) {
        times_.push_back(static_cast<double>(k) * rec);
        ++k;
    }
    if (times_.empty()) return false;
    const size_t count = times_.size(), n = states.size();
    values_.resize(n * count);
    columns_.resize(n);
    for (size_t j = 0; j < n; ++j) columns_[j] = values_.data() + j * count;
    stepper.sampleStates(times_.data(), static_cast<int>(count), states.data(), static_cast<int>(n), columns_.data());
    if (opt.keepTrace) {
        trace.time.insert(trace.time.end(), times_.begin(), times_.end());
        for (size_t j = 0; j < n; ++j) trace.columns[j].insert(trace.columns[j].end(), columns_[j], columns_[j] + count);
    } else {
        trace.time.assign(1, times_.back());
        for (size_t j = 0; j < n; ++j) trace.columns[j].assign(1, columns_[j][count - 1]);
    }
    if (opt.sample) {
        row_.resize(n);
        for (size_t r = 0; r < count; ++r) {
            for (size_t j = 0; j < n; ++j) row_[j] = columns_[j][r];
            opt.sample(times_[r], row_.data(), n);
        }
        clearUpperVectorState();  // the viewer's code ran on this thread
    }
    return true;
}

}  // namespace hs::sim
