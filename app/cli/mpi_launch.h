// SPDX-License-Identifier: GPL-3.0-or-later
// hydrostiff-cli under mpirun: the MPI ranks when the program was launched by mpirun and built
// with MPI (HS_HAVE_MPI, core/study/mpi/), else nothing (a warning when launched by mpirun
// without MPI built in: every process would run the whole command).
#pragma once

#include <memory>

namespace hs::study {
class RunDistribution;
}
namespace hs::sim {
class PartitionLink;
}

namespace hs::cli {

class MpiLaunch {
public:
    // nullptr unless launched by mpirun with MPI built in.
    static std::unique_ptr<MpiLaunch> start(int* argc, char*** argv);
    virtual ~MpiLaunch() = default;
    virtual study::RunDistribution* ranks() = 0;
    // The same ranks for the parallel partitions of one run (`run` under mpirun).
    virtual sim::PartitionLink* partitions() = 0;
    [[noreturn]] virtual void abortAll(int code) = 0;
};

}  // namespace hs::cli
