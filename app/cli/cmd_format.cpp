// SPDX-License-Identifier: GPL-3.0-or-later
// hydrostiff-cli format FILE...: rewrites circuit files in the canonical form the editor saves
// (sorted keys, '.' decimals, shortest round-trip numbers), after checking that they load. Useful
// after editing a file by hand or with a script, so that diffs stay small.
#include <QFile>

#include "cli.h"
#include "model/circuit_io.h"

namespace hs::cli {

int formatCommand(const QStringList& argv, const sim::Registry& reg) {
    Args a(argv, {}, {"help", "check"});
    if (a.flag("help")) {
        out("usage: hydrostiff-cli format FILE... [--check]\n"
            "  Loads each circuit file and saves it back in canonical form (atomically). A file that\n"
            "  does not load is left untouched and reported. --check only reports the files that are\n"
            "  not in canonical form (exit code 1 if any).");
        return Ok;
    }
    if (!a.ok() || a.positional.isEmpty()) {
        err(a.ok() ? "format: give one or more circuit files (see --help)" : "format: " + a.error());
        return Usage;
    }
    int status = Ok;
    for (const QString& path : a.positional) {
        auto circuit = loadOrReport(path, reg);
        if (!circuit) { status = FileError; continue; }
        QFile f(path);
        const bool canonical = f.open(QIODevice::ReadOnly) && f.readAll() == model::serializeCircuit(*circuit);
        f.close();
        if (a.flag("check")) {
            if (!canonical) { out(path + ": not in canonical form"); status = std::max(status, int(RunFailed)); }
            continue;
        }
        if (canonical) continue;
        QString e;
        if (!model::saveCircuit(*circuit, path, &e)) { err("format: " + e); status = FileError; continue; }
        out("formatted " + path);
    }
    return status;
}

}  // namespace hs::cli
