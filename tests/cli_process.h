// SPDX-License-Identifier: GPL-3.0-or-later
// hydrostiff-cli as a separate process, for the tests that use it as a user would (HS_CLI and
// HS_EXAMPLES_DIR are set by the test's CMake target).
#pragma once

#include <QProcess>
#include <QString>
#include <QStringList>

namespace hs::test {

struct CliResult {
    int code = -1;
    QString out, err;
};

inline CliResult runCli(const QStringList& args, int timeoutMs = 300000) {
    QProcess p;
    p.start(HS_CLI, args);
    p.waitForFinished(timeoutMs);
    return {p.exitCode(), QString::fromUtf8(p.readAllStandardOutput()), QString::fromUtf8(p.readAllStandardError())};
}

inline QString examplePath(const char* name) { return QString(HS_EXAMPLES_DIR) + "/" + name; }

}  // namespace hs::test
