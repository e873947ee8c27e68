// SPDX-License-Identifier: GPL-3.0-or-later
// hydrostiff-cli import-hopsan MODEL.hmf [--out FILE] [--partial] [--validate FILE.hvc]: a Hopsan
// model as one of our circuits (model/hopsan_import.h), and its check against Hopsan's own
// validation data (service/hopsan_check.h).
#include "cli.h"
#include "model/circuit_io.h"
#include "model/hopsan_import.h"
#include "service/hopsan_check.h"

namespace hs::cli {

namespace {

const char* kHelp =
    "usage: hydrostiff-cli import-hopsan MODEL.hmf [--out FILE.hydro.json] [--partial] [--validate FILE.hvc]\n"
    "  Reads a Hopsan model file (XML, hmfversion 0.4) and maps its components, parameters (numbers\n"
    "  or system parameter names), start values, connections, positions and simulation time to a\n"
    "  circuit with two configurations: 'Hopsan-compatible' (Hopsan's step, every volume TLM with\n"
    "  its Hopsan alpha) and 'CVODE reference'. Types we cannot map are listed with the component\n"
    "  names and the model is refused (exit 4) unless --partial imports the rest.\n"
    "  --out FILE      write the circuit (without it the import is only checked and reported);\n"
    "                  with --validate its probes are the variables the .hvc names\n"
    "  --partial       import what maps; list what does not\n"
    "  --validate HVC  simulate the Hopsan-compatible configuration and check every variable the\n"
    "                  .hvc names against its .hvd with Hopsan's rule (|1 - sim/ref| <= tolerance\n"
    "                  at every logged sample); exit 1 if any fails. When the run fails, every\n"
    "                  variable reads 'not run' and the last line gives the reason. MODEL may be\n"
    "                  left out: the .hvc names it.\n"
    "  exit codes: 0 ok, 1 validation failed, 2 usage, 3 file error (unreadable or malformed XML),\n"
    "              4 model refused (unsupported types or parameters)";

void report(const model::HopsanImport& imp) {
    for (const QString& u : imp.unsupported) err("unsupported: " + u);
    for (const QString& e : imp.errors) err("not mapped: " + e);
    for (const QString& n : imp.notes) err("note: " + n);
}

int validate(const model::Circuit& c, const model::HopsanModel& hm, const model::HopsanImport& imp,
             const model::HopsanValidationConfig& hvc, const sim::Registry& reg) {
    const model::HvdData hvd = model::loadHvd(hvc.hvdFile);
    if (!hvd.error.isEmpty()) { err("import-hopsan: " + hvd.error); return FileError; }
    const service::HopsanCheck check = service::checkAgainstHopsan(c, hm, imp, hvc, hvd, reg);
    out(QStringLiteral("%1  %2  %3  %4  %5").arg("variable", -52).arg("max |1-sim/ref|", 15).arg("at t [s]", 9)
            .arg("tolerance", 9).arg("result"));
    for (const auto& v : check.variables) {
        const QString result = v.passed() ? QStringLiteral("pass") : QStringLiteral("FAIL");
        if (!v.error.isEmpty()) {
            out(QStringLiteral("%1  %2  %3").arg(v.variable, -52).arg("", 37).arg(result + " (" + v.error + ")"));
            continue;
        }
        if (!v.simulated) {  // the run failed: no deviation to show, and never a pass
            out(QStringLiteral("%1  %2  not run").arg(v.variable, -52).arg("", 37));
            continue;
        }
        out(QStringLiteral("%1  %2  %3  %4  %5").arg(v.variable, -52).arg(fmt(v.check.maxDeviation, 4), 15)
                .arg(fmt(v.check.atTime, 4), 9).arg(fmt(v.tolerance, 3), 9).arg(result));
    }
    if (check.passed()) out(QStringLiteral("validation passed"));
    else if (!check.error.isEmpty()) out(QStringLiteral("validation FAILED: ") + check.error);
    else out(QStringLiteral("validation FAILED"));
    return check.passed() ? Ok : RunFailed;
}

}  // namespace

int importHopsanCommand(const QStringList& argv, const sim::Registry& reg) {
    Args a(argv, {"out", "validate"}, {"help", "partial"});
    if (a.flag("help")) { out(QString::fromUtf8(kHelp)); return Ok; }
    const auto hvcPath = a.value("validate");
    if (!a.ok() || a.positional.size() > 1 || (a.positional.isEmpty() && !hvcPath)) {
        err(a.ok() ? "import-hopsan: give one Hopsan model file (see --help)" : "import-hopsan: " + a.error());
        return Usage;
    }
    std::optional<model::HopsanValidationConfig> hvc;
    if (hvcPath) {
        model::HvcReadResult r = model::loadHvc(*hvcPath);
        if (!r.config) { err("import-hopsan: " + r.error); return FileError; }
        hvc = r.config;
    }
    const QString modelPath = a.positional.isEmpty() ? hvc->modelFile : a.positional.front();
    const model::HopsanReadResult read = model::loadHopsanModel(modelPath);
    if (!read.model) { err("import-hopsan: " + read.error); return FileError; }

    model::HopsanImportOptions opt;
    opt.partial = a.flag("partial");
    const model::HopsanImport imp = model::importHopsan(*read.model, opt);
    report(imp);
    if (!imp.circuit) {
        err(QStringLiteral("import-hopsan: %1 refused: %2 unsupported type(s), %3 unmapped parameter(s) or "
                           "connection(s) (--partial imports the rest)")
                .arg(modelPath).arg(imp.unsupported.size()).arg(imp.errors.size()));
        return CircuitError;
    }
    const QStringList invalid = model::validateCircuit(*imp.circuit, reg);
    for (const QString& e : invalid) err("import-hopsan: " + e);
    if (!invalid.isEmpty()) return CircuitError;
    out(QStringLiteral("imported %1: %2 components, %3 wires, %4 s with step %5 s")
            .arg(modelPath).arg(imp.circuit->components.size()).arg(imp.circuit->wires.size())
            .arg(imp.circuit->duration).arg(read.model->timestep));
    if (const auto path = a.value("out")) {
        model::Circuit written = *imp.circuit;
        if (hvc)  // the validated variables become the file's probes (compare, tools/hopsan_tlm_vs_cvode.sh)
            for (const QString& m : service::addHopsanProbes(written, *read.model, imp, *hvc)) err("note: no probe for " + m);
        QString e;
        if (!model::saveCircuit(written, *path, &e)) { err("import-hopsan: " + e); return FileError; }
        out("wrote " + *path);
    }
    if (hvc) return validate(*imp.circuit, *read.model, imp, *hvc, reg);
    return Ok;
}

}  // namespace hs::cli
