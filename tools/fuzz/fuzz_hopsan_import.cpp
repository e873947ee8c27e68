// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target for the Hopsan model importer (tools/fuzz.sh hopsan builds and runs it):
// bytes -> readHopsanModel (XML) -> importHopsan, refusing and with --partial -> the circuit
// saved and loaded again -> every configuration compiled. Crashes, sanitizer reports and hangs
// are the findings; besides, every refusal must say why (a failed read or a refused import with
// no message, or an empty message, traps), and an imported circuit must save, load and compile
// with messages for whatever fails.
#include <QByteArray>
#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include <cstddef>
#include <cstdint>
#include <cstdio>

#include "model/circuit.h"
#include "model/circuit_io.h"
#include "model/hopsan_import.h"
#include "model/hopsan_model.h"
#include "sim/builder.h"
#include "fuzz_support.h"
#include "sim/registry.h"

namespace {

using hs::fuzz::checkMessages;
using hs::fuzz::finding;
using hs::fuzz::registry;

void checkImported(const hs::model::Circuit& c) {
    const hs::sim::Registry& reg = registry();
    const hs::model::LoadResult again = hs::model::parseCircuit(hs::model::serializeCircuit(c), reg);
    checkMessages(again.errors, "reload:");
    if (!again.ok()) {
        if (again.errors.isEmpty()) finding("imported circuit does not load again, without a message");
        return;  // e.g. a parameter out of our bounds: refused with its name, as for any file
    }
    const hs::sim::Netlist net = hs::model::toNetlist(*again.circuit);
    for (const auto& cfg : again.circuit->configs) {
        const hs::sim::BuildResult b = hs::sim::build(reg, net, hs::model::toSolverSettings(cfg));
        if (!b.ok() && b.errors.empty()) finding("build of an imported circuit failed without a message");
        for (const auto& e : b.errors)
            if (e.empty()) finding("build: an empty error message");
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const QByteArray bytes(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size));
    const hs::model::HopsanReadResult read = hs::model::readHopsanModel(bytes);
    if (!read.model) {
        if (read.error.trimmed().isEmpty()) finding("read failed without a message");
        return 0;
    }
    for (const bool partial : {false, true}) {
        const hs::model::HopsanImport imp = hs::model::importHopsan(*read.model, {partial});
        checkMessages(imp.unsupported, "import (unsupported):");
        checkMessages(imp.errors, "import (errors):");
        checkMessages(imp.notes, "import (notes):");
        if (!imp.circuit) {
            if (imp.unsupported.isEmpty() && imp.errors.isEmpty()) finding("import refused without a message");
            continue;
        }
        checkImported(*imp.circuit);
    }
    return 0;
}

extern "C" int LLVMFuzzerInitialize(int* argc, char*** argv) {
    static QCoreApplication app(*argc, *argv);
    registry();
    return 0;
}
