// SPDX-License-Identifier: GPL-3.0-or-later
#include "run_distribution.h"

#include <algorithm>

namespace hs::study {

std::vector<QByteArray> runDistributed(int count, int jobs, const std::function<QByteArray(int, std::atomic<double>&)>& job,
                                       const std::function<void(const StudyProgress&)>& progress, RunDistribution* dist) {
    std::vector<int> mine;
    for (int i = 0; i < count; ++i)
        if (ownerOf(i, dist) == (dist ? dist->rank() : 0)) mine.push_back(i);
    std::vector<std::pair<int, QByteArray>> results(mine.size());
    if (jobs <= 0 && dist) jobs = std::max(1, defaultJobs() / std::max(1, dist->ranksOnThisHost()));
    runParallel(
        static_cast<int>(mine.size()), jobs,
        [&](int k, std::atomic<double>& fraction) {
            const size_t kk = static_cast<size_t>(k);
            results[kk] = {mine[kk], job(mine[kk], fraction)};
        },
        progress);
    if (dist && dist->size() > 1) return dist->allGather(results, count);
    std::vector<QByteArray> all(static_cast<size_t>(count));
    for (auto& [i, bytes] : results) all[static_cast<size_t>(i)] = std::move(bytes);
    return all;
}

}  // namespace hs::study
