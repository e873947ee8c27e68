// SPDX-License-Identifier: GPL-3.0-or-later
// hydrostiff-cli: simulate, compare and analyse HydroStiff circuits without the GUI.
#include <QCoreApplication>
#include <memory>

#include "cli.h"
#include "mpi_launch.h"
#include "service/process_memory.h"
#include "study/run_distribution.h"

namespace {

const char* kUsage =
    "usage: hydrostiff-cli COMMAND [options]\n"
    "\n"
    "commands:\n"
    "  run FILE        simulate one configuration, write CSV, print wall time and real-time factor\n"
    "  compare FILE    run every configuration, compare each with the reference\n"
    "  stiffness FILE  Jacobian eigenvalues, stiffness ratio, per-node time constants, stable steps\n"
    "  bench FILE      run the benchmark tables kept in the file, ours beside the published numbers\n"
    "  format FILE...  rewrite circuit files in the canonical form the editor saves\n"
    "  components      list the component types with their ports and parameters\n"
    "  steppers        list the steppers: fixed/adaptive, implicit, what each supports\n"
    "  partition FILE  parallel partitions of a TLM configuration: each mapper's plan, predicted and measured\n"
    "  learn narx FILE --volume ID  record data, train a NARX surrogate of one volume (method narx)\n"
    "  learn monitor FILE --faults FAULTS.json  fault runs, train the neural condition monitor; --apply MODEL\n"
    "  import-hopsan MODEL.hmf  import a Hopsan model; --validate FILE.hvc checks it against Hopsan's data\n"
    "  inverse FILE    inverse simulation: prescribed piston motion -> valve opening, command, pressures, energy\n"
    "  sweep FILE      run a configuration over a grid or Latin hypercube of parameters, one CSV row per run\n"
    "  advise FILE     find the fastest configuration within an error bound, print the Pareto front, add it to FILE\n"
    "  identify FILE   identify parameters from measurements: GA islands (pagmo2) + Hooke-Jeeves\n"
    "\n"
    "'hydrostiff-cli COMMAND --help' shows the options of a command.\n"
    "%MPI%\n"
    "exit codes: 0 ok, 1 a run failed, 2 usage error, 3 file error, 4 circuit error\n";

int dispatch(const QString& cmd, QStringList& args, hs::study::RunDistribution* ranks, hs::sim::PartitionLink* partitions);

QString usage() {
    QString mpi = "MPI ranks (sweep, advise, identify):\n" + hs::cli::mpiHelp() + "MPI ranks (run):\n" + hs::cli::partitionsHelp();
    if (mpi.endsWith('\n')) mpi.chop(1);
    return QString::fromUtf8(kUsage).replace("%MPI%", mpi).trimmed();
}

}  // namespace

int main(int argc, char** argv) {
    hs::service::keepFreedMemoryForReuse();
    // MPI next (it may take its own arguments out) and last to end.
    const std::unique_ptr<hs::cli::MpiLaunch> mpi = hs::cli::MpiLaunch::start(&argc, &argv);
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName("hydrostiff-cli");
    QStringList args = app.arguments().mid(1);
    if (args.isEmpty() || args.front() == "--help" || args.front() == "-h" || args.front() == "help") {
        hs::cli::out(usage());
        return args.isEmpty() ? hs::cli::Usage : hs::cli::Ok;
    }
    const QString cmd = args.takeFirst();
    // The runs on worker threads report their own exceptions as failed runs; this catches what
    // the main thread itself throws (a defect), so that it ends with a message and exit code 1.
    try {
        return dispatch(cmd, args, mpi ? mpi->ranks() : nullptr, mpi ? mpi->partitions() : nullptr);
    } catch (const std::exception& e) {
        hs::cli::err("hydrostiff-cli: internal error: " + QString::fromUtf8(e.what()));
    } catch (...) {
        hs::cli::err("hydrostiff-cli: internal error: unknown exception");
    }
    if (mpi) mpi->abortAll(hs::cli::RunFailed);  // the other ranks would wait for this one
    return hs::cli::RunFailed;
}

namespace {
int dispatch(const QString& cmd, QStringList& args, hs::study::RunDistribution* ranks, hs::sim::PartitionLink* partitions) {
    const hs::sim::Registry reg = hs::sim::Registry::builtin();
    // Under mpirun `run` places the configuration's partitions on the ranks; the other commands
    // run on rank 0 alone (every rank writing the same file would garble it), the others end at once.
    const bool study = cmd == "sweep" || cmd == "advise" || cmd == "identify";
    if (ranks && ranks->size() > 1 && cmd == "run") return hs::cli::runCommand(args, reg, partitions);
    if (ranks && ranks->size() > 1 && !study) {
        if (ranks->rank() != 0) return hs::cli::Ok;
        hs::cli::err("hydrostiff-cli: note: '" + cmd + "' does not use MPI ranks; rank 0 runs it alone");
    }
    if (cmd == "run") return hs::cli::runCommand(args, reg);
    if (cmd == "compare") return hs::cli::compareCommand(args, reg);
    if (cmd == "stiffness") return hs::cli::stiffnessCommand(args, reg);
    if (cmd == "bench") return hs::cli::benchCommand(args, reg);
    if (cmd == "format") return hs::cli::formatCommand(args, reg);
    if (cmd == "components") return hs::cli::componentsCommand(args, reg);
    if (cmd == "steppers") return hs::cli::steppersCommand(args, reg);
    if (cmd == "partition") return hs::cli::partitionCommand(args, reg);
    if (cmd == "import-hopsan") return hs::cli::importHopsanCommand(args, reg);
    if (cmd == "inverse") return hs::cli::inverseCommand(args, reg);
    if (cmd == "sweep") return hs::cli::sweepCommand(args, reg, ranks);
    if (cmd == "advise") return hs::cli::adviseCommand(args, reg, ranks);
    if (cmd == "identify") return hs::cli::identifyCommand(args, reg, ranks);
    if (cmd == "learn") return hs::cli::learnCommand(args, reg);
    hs::cli::err("hydrostiff-cli: unknown command '" + cmd + "'\n\n" + usage());
    return hs::cli::Usage;
}
}  // namespace
