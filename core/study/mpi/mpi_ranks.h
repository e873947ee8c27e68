// SPDX-License-Identifier: GPL-3.0-or-later
// The MPI side of a distributed study (OpenMPI, Debian's libopenmpi-dev): the ranks of
// MPI_COMM_WORLD as a RunDistribution. Only this library includes <mpi.h>; it is built when CMake
// finds MPI (HS_HAVE_MPI), and the programs that link it start it only when launched by mpirun.
#pragma once

#include <QString>
#include <memory>

#include "study/run_distribution.h"

namespace hs::study {

// Whether this process was started by mpirun / mpiexec (OpenMPI's or PMIx's environment).
bool launchedByMpirun();

// The ranks of MPI_COMM_WORLD; MPI_Init on construction, MPI_Finalize on destruction. One per
// process (MPI allows one initialisation). allGather() is collective over every rank.
class MpiRanks final : public RunDistribution {
public:
    MpiRanks(int* argc, char*** argv);
    ~MpiRanks() override;
    MpiRanks(const MpiRanks&) = delete;
    MpiRanks& operator=(const MpiRanks&) = delete;
    int rank() const override { return rank_; }
    int size() const override { return size_; }
    std::vector<QByteArray> allGather(const std::vector<std::pair<int, QByteArray>>& mine, int count) override;
    int ranksOnThisHost() const override { return local_; }
    // Ends every rank (MPI_Abort): a rank that stops alone would leave the others waiting.
    [[noreturn]] void abortAll(int code);

private:
    int rank_ = 0, size_ = 1, local_ = 1;
};

}  // namespace hs::study
