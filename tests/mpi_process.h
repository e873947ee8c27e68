// SPDX-License-Identifier: GPL-3.0-or-later
// hydrostiff-cli under mpirun, for the tests of runs over MPI ranks (HS_MPIEXEC and HS_CLI are
// set by the test's CMake target, which exists only when MPI was found). --oversubscribe: the
// ranks may outnumber the cores; --allow-run-as-root when the test runs as root (containers, CI).
#pragma once

#include <unistd.h>

#include "cli_process.h"

namespace hs::test {

inline CliResult runMpiCli(int ranks, const QStringList& args, int timeoutMs = 300000) {
    QStringList a{"--oversubscribe", "-np", QString::number(ranks)};
    if (geteuid() == 0) a << "--allow-run-as-root";
    a << HS_CLI << args;
    QProcess p;
    p.start(HS_MPIEXEC, a);
    p.waitForFinished(timeoutMs);
    return {p.exitCode(), QString::fromUtf8(p.readAllStandardOutput()), QString::fromUtf8(p.readAllStandardError())};
}

}  // namespace hs::test
