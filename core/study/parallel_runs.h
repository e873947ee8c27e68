// SPDX-License-Identifier: GPL-3.0-or-later
// Many independent runs on worker threads: job(i, fraction) for i = 0..count-1, at most `jobs`
// at once, each job reporting how far it has got in fraction[i] (0..1). The calling thread does
// no job: it wakes every `tickSeconds` and reports progress (done, the sum of the fractions, an
// ETA from the pace so far) until every job has ended. A job must not throw (the run machinery,
// service::runConfiguration, reports failures in its result); one that does ends the program.
#pragma once

#include <atomic>
#include <functional>
#include <vector>

namespace hs::study {

struct StudyProgress {
    int total = 0;
    int done = 0;          // jobs that have ended
    double completed = 0;  // done plus the fractions of the jobs under way
    double elapsed = 0;    // wall seconds since the start
    double eta = -1;       // wall seconds left at the pace so far; -1 unknown
};

// Worker threads by default: every core (std::thread::hardware_concurrency, at least 1).
int defaultJobs();

// ETA from the elapsed time and the completed share: elapsed * (total - completed) / completed.
double estimateRemaining(double elapsed, double completed, int total);

void runParallel(int count, int jobs, const std::function<void(int index, std::atomic<double>& fraction)>& job,
                 const std::function<void(const StudyProgress&)>& progress = {}, double tickSeconds = 0.25);

}  // namespace hs::study
