// SPDX-License-Identifier: GPL-3.0-or-later
// The runs of a study spread over processes (MPI ranks, core/study/mpi/) as well as threads.
// Every process runs the same study program (SPMD); runDistributed() gives process r the jobs
// i with i % size == r, runs them on its worker threads, and then every process receives every
// job's result as bytes, in job order. So each process continues with the same results and takes
// the same decisions; the study's output is written by process 0 alone. Without a distribution
// (nullptr or one process) it is runParallel() with each result encoded and decoded, so the
// threaded run and the distributed one go through the same code. Nothing here includes MPI.
#pragma once

#include <QByteArray>
#include <atomic>
#include <functional>
#include <utility>
#include <vector>

#include "parallel_runs.h"

namespace hs::study {

class RunDistribution {
public:
    virtual ~RunDistribution() = default;
    virtual int rank() const = 0;  // 0 .. size()-1; process 0 collects and writes
    virtual int size() const = 0;
    // Processes on this machine: the default worker threads of each share its cores.
    virtual int ranksOnThisHost() const { return 1; }
    // Collective: every process passes the results of the jobs it ran (job index, bytes) and
    // receives the results of all `count` jobs, indexed by job.
    virtual std::vector<QByteArray> allGather(const std::vector<std::pair<int, QByteArray>>& mine, int count) = 0;
};

// Whether this process writes the study's output (no distribution, or rank 0).
inline bool writesOutput(const RunDistribution* d) { return !d || d->rank() == 0; }

// The process that runs job i of a distributed study.
inline int ownerOf(int i, const RunDistribution* d) { return d && d->size() > 1 ? i % d->size() : 0; }

// job(i, fraction) returns job i's result as bytes. `jobs` threads per process (0: the cores
// shared among the processes on this machine); progress (on the calling thread) covers this
// process's share of the jobs.
std::vector<QByteArray> runDistributed(int count, int jobs, const std::function<QByteArray(int, std::atomic<double>&)>& job,
                                       const std::function<void(const StudyProgress&)>& progress, RunDistribution* dist);

}  // namespace hs::study
