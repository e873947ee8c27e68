// SPDX-License-Identifier: GPL-3.0-or-later
#include "mpi_launch.h"

#include <cstdlib>

#include "cli.h"
#include "study/run_distribution.h"
#ifdef HS_HAVE_MPI
#include "study/mpi/mpi_partition_link.h"
#include "study/mpi/mpi_ranks.h"
#endif

namespace hs::cli {

QString ranksNote(const study::RunDistribution* ranks) {
    return QString("ran over %1 MPI ranks (rank 0 collected the results)").arg(ranks ? ranks->size() : 1);
}

#ifdef HS_HAVE_MPI
namespace {
class Launched final : public MpiLaunch {
public:
    Launched(int* argc, char*** argv) : ranks_(argc, argv) {}
    study::RunDistribution* ranks() override { return &ranks_; }
    sim::PartitionLink* partitions() override { return &link_; }
    [[noreturn]] void abortAll(int code) override { ranks_.abortAll(code); }

private:
    study::MpiRanks ranks_;            // MPI_Init first,
    study::MpiPartitionLink link_;     // then the link (MPI_COMM_WORLD's rank and size)
};
}  // namespace

std::unique_ptr<MpiLaunch> MpiLaunch::start(int* argc, char*** argv) {
    if (!study::launchedByMpirun()) return nullptr;
    return std::make_unique<Launched>(argc, argv);
}

QString mpiHelp() {
    return "  Under mpirun (e.g. `mpirun -np 4 hydrostiff-cli sweep ...`) the runs are spread over the\n"
           "  MPI ranks as well (job i on rank i % ranks, --jobs threads each, default the cores shared by\n"
           "  the ranks of a machine); rank 0 collects the results and writes; they equal the threaded run's.\n";
}

QString partitionsHelp() {
    return "  Under mpirun (`mpirun -np N hydrostiff-cli run FILE --config NAME`) a configuration with N parallel\n"
           "  partitions (\"threads\": N, cut at TLM volumes) runs with one partition on each rank, the TLM\n"
           "  volumes they share exchanged pairwise (docs/methods.md, \"Partitions on MPI ranks\"); rank 0\n"
           "  gathers the probes and writes the file, bit-identical to the run without mpirun. A configuration\n"
           "  without partitions, or N other than the ranks, is refused.\n";
}
#else
std::unique_ptr<MpiLaunch> MpiLaunch::start(int*, char***) {
    for (const char* v : {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_SIZE"})
        if (std::getenv(v)) {
            err("hydrostiff-cli: warning: started by mpirun, but this build has no MPI: every process runs the whole command");
            break;
        }
    return nullptr;
}

QString mpiHelp() {
    return "  This build has no MPI (Debian libopenmpi-dev): runs over mpirun ranks are absent.\n";
}

QString partitionsHelp() {
    return "  This build has no MPI (Debian libopenmpi-dev): parallel partitions on mpirun ranks are absent\n"
           "  (the partitions run on threads).\n";
}
#endif

}  // namespace hs::cli
