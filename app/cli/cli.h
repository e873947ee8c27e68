// SPDX-License-Identifier: GPL-3.0-or-later
// hydrostiff-cli: the headless front end. Each sub-command lives in its own file.
#pragma once

#include <QString>
#include <QStringList>
#include <optional>
#include <string>
#include <vector>

#include "model/circuit.h"
#include "sim/registry.h"

namespace hs::study {
class RunDistribution;
}
namespace hs::sim {
class PartitionLink;
}

namespace hs::cli {

// Exit codes shared by all sub-commands.
enum Exit { Ok = 0, RunFailed = 1, Usage = 2, FileError = 3, CircuitError = 4 };

// Minimal option parser: positional arguments and --name value / --flag options.
class Args {
public:
    Args(const QStringList& args, const QStringList& valueOptions, const QStringList& flags);
    bool ok() const { return error_.isEmpty(); }
    const QString& error() const { return error_; }
    QStringList positional;
    std::optional<QString> value(const QString& name) const;
    bool flag(const QString& name) const { return flags_.contains(name); }
    // Parses a number option; sets error on a bad value.
    std::optional<double> number(const QString& name);

private:
    QString error_;
    QMap<QString, QString> values_;
    QStringList flags_;
};

// Loads a circuit file, printing every error to stderr. Returns nullopt on failure.
std::optional<model::Circuit> loadOrReport(const QString& path, const sim::Registry& reg);

void out(const QString& s);   // stdout, with newline
void err(const QString& s);   // stderr, with newline
QString fmt(double v, int precision = 4);
// --set COMP.PARAM=VALUE,...: each number parameter changed in c (checked as a sweep's axis:
// unknown component or parameter, a value out of its bounds). "" or the problem.
QString applyParameterSets(const QString& list, model::Circuit& c, const sim::Registry& reg);
// The builder's warnings for one configuration, to stderr: "warning: [config] <text>" each.
void warnConfig(const QString& config, const std::vector<std::string>& warnings);

// ranks: under mpirun, the processes the configuration's parallel partitions go to (else nullptr).
int runCommand(const QStringList& args, const sim::Registry& reg, sim::PartitionLink* ranks = nullptr);
int compareCommand(const QStringList& args, const sim::Registry& reg);
int stiffnessCommand(const QStringList& args, const sim::Registry& reg);
int benchCommand(const QStringList& args, const sim::Registry& reg);
int formatCommand(const QStringList& args, const sim::Registry& reg);
int componentsCommand(const QStringList& args, const sim::Registry& reg);
int steppersCommand(const QStringList& args, const sim::Registry& reg);
int partitionCommand(const QStringList& args, const sim::Registry& reg);
int importHopsanCommand(const QStringList& args, const sim::Registry& reg);
int inverseCommand(const QStringList& args, const sim::Registry& reg);
// The many-run commands; ranks: the MPI ranks when started by mpirun (every rank runs the
// command, rank 0 writes), else nullptr.
int sweepCommand(const QStringList& args, const sim::Registry& reg, study::RunDistribution* ranks);
int adviseCommand(const QStringList& args, const sim::Registry& reg, study::RunDistribution* ranks);
int identifyCommand(const QStringList& args, const sim::Registry& reg, study::RunDistribution* ranks);
// The help's paragraph on MPI: how the command spreads over ranks, or that this build has no MPI.
QString mpiHelp();
// What `run --help` says about partitions on MPI ranks (present or absent in this build).
QString partitionsHelp();
// "ran over N MPI ranks (rank 0 collected)".
QString ranksNote(const study::RunDistribution* ranks);
int learnCommand(const QStringList& args, const sim::Registry& reg);
int learnMonitor(const QStringList& args, const sim::Registry& reg);  // learn monitor (cmd_monitor.cpp)

}  // namespace hs::cli
