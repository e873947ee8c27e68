// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target for the circuit loader (tools/fuzz.sh builds and runs it): bytes -> JSON ->
// Circuit (parseCircuit: reader, migrations, validator) -> for every configuration the engine's
// netlist and solver settings -> build() (compile). Crashes, sanitizer reports and hangs are
// the findings; besides, every rejection must come with messages (a load that fails with no
// error, an empty message, or a failed build without errors traps), and a document that loads
// must save and load again.
#include <QByteArray>
#include <QCoreApplication>
#include <QString>

#include <cstddef>
#include <cstdint>
#include <cstdio>

#include "model/circuit.h"
#include "model/circuit_io.h"
#include "sim/builder.h"
#include "fuzz_support.h"
#include "sim/registry.h"

namespace {

using hs::fuzz::checkMessages;
using hs::fuzz::finding;
using hs::fuzz::registry;

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const hs::sim::Registry& reg = registry();
    const QByteArray bytes(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size));
    const hs::model::LoadResult r = hs::model::parseCircuit(bytes, reg);
    checkMessages(r.errors, "load:");
    if (!r.ok()) {
        if (r.errors.isEmpty()) finding("load failed without a message");
        return 0;
    }
    const hs::model::Circuit& c = *r.circuit;
    // A loaded document saves and loads again (what the editor does on Save / Open).
    const hs::model::LoadResult again = hs::model::parseCircuit(hs::model::serializeCircuit(c), reg);
    if (!again.ok()) finding("saved document does not load again:", again.errors.join("; "));
    // Compile every configuration as a run would.
    const hs::sim::Netlist net = hs::model::toNetlist(c);
    for (const auto& cfg : c.configs) {
        const hs::sim::BuildResult b = hs::sim::build(reg, net, hs::model::toSolverSettings(cfg));
        if (!b.ok()) {
            if (b.errors.empty()) finding("build failed without a message");
            for (const auto& e : b.errors)
                if (e.empty()) finding("build: an empty error message");
        }
    }
    return 0;
}

extern "C" int LLVMFuzzerInitialize(int* argc, char*** argv) {
    // Qt's JSON and string code need no application object; one keeps Qt from warning.
    static QCoreApplication app(*argc, *argv);
    registry();
    return 0;
}
