// SPDX-License-Identifier: GPL-3.0-or-later
// hydrostiff-cli inverse FILE [--out results.csv] [--replay] [--dt DT] [--record DT] [--duration T] [--at T1,T2]
#include <algorithm>
#include <cmath>

#include "cli.h"
#include "inverse/drive.h"
#include "inverse/inverse_solve.h"
#include "inverse/replay.h"
#include "service/csv.h"
#include "service/inverse_csv.h"

namespace hs::cli {

namespace {

void printSummary(const inverse::InverseResult& r) {
    auto col = [&](const char* n) -> const std::vector<double>& { return r.columns[static_cast<size_t>(r.column(n))]; };
    const auto& xv = col("x_v");
    const auto& u = col("u");
    const auto& pa = col("p_A");
    const auto& pb = col("p_B");
    auto mm = [](const std::vector<double>& v) { return std::minmax_element(v.begin(), v.end()); };
    out("valve opening x_v: max " + fmt(100 * *mm(xv).second) + " %, min " + fmt(100 * *mm(xv).first) + " %");
    out("command u:         max " + fmt(100 * *mm(u).second) + " %, min " + fmt(100 * *mm(u).first) + " %");
    out("p_A: max " + fmt(*mm(pa).second / 1e5) + " bar;  p_B: max " + fmt(*mm(pb).second / 1e5) + " bar");
    out("energies at the end: supply " + fmt(col("E_supply").back(), 5) + " J, mechanical " + fmt(col("E_mech").back(), 5) +
        " J, friction " + fmt(col("E_friction").back(), 5) + " J");
}

}  // namespace

int inverseCommand(const QStringList& argv, const sim::Registry& reg) {
    Args a(argv, {"out", "dt", "record", "duration", "at"}, {"help", "replay"});
    if (a.flag("help")) {
        out("usage: hydrostiff-cli inverse FILE [--out results.csv] [--replay] [--dt DT] [--record DT] [--duration T]\n"
            "                              [--at T1,T2,...]\n"
            "  Inverse simulation of a valve-controlled cylinder (docs/inverse.md): the SmoothMotion wired to the\n"
            "  cylinder rod prescribes the piston motion; the valve opening x_v, its command u, the pressures and the\n"
            "  energies (supply, mechanical, friction) are computed. Diagnostics (valve undersized, infeasible,\n"
            "  end of travel, pressure limits) are printed. --replay feeds u(t) back into a forward run of the same\n"
            "  circuit and prints max |x_forward - x_prescribed|. --dt is the integration step (default 1e-5 s),\n"
            "  --record the CSV row interval (default: the circuit's), --at prints the rows nearest these times.\n"
            "  Exit code 1 if the inverse is infeasible or the replay fails.");
        return Ok;
    }
    const auto dt = a.number("dt"), rec = a.number("record"), dur = a.number("duration");
    if (!a.ok() || a.positional.size() != 1) {
        err(a.ok() ? "inverse: give exactly one circuit file (see --help)" : "inverse: " + a.error());
        return Usage;
    }
    auto circuit = loadOrReport(a.positional.front(), reg);
    if (!circuit) return FileError;
    const sim::Netlist net = model::toNetlist(*circuit);
    inverse::ValveCylinderDrive drive;
    const std::string problem = inverse::extractDrive(reg, net, &drive);
    if (!problem.empty()) {
        err("inverse: " + QString::fromStdString(problem));
        return CircuitError;
    }
    inverse::InverseOptions o;
    o.duration = dur.value_or(circuit->duration);
    o.dt = dt.value_or(1e-5);
    o.recordInterval = rec.value_or(circuit->recordInterval);
    const inverse::InverseResult r = inverse::solveInverse(drive, o);
    out(circuit->name + ": inverse of '" + QString::fromStdString(drive.motionId) + "' on '" +
        QString::fromStdString(drive.cylinderId) + "', valve '" + QString::fromStdString(drive.valveId) + "', " +
        fmt(r.endTime) + " s at dt " + fmt(o.dt) + " s");
    for (const auto& d : r.diagnostics) out("diagnostic: " + QString::fromStdString(d.message));
    if (r.time.empty()) return RunFailed;
    printSummary(r);

    inverse::ReplayResult replay;
    int code = r.ok ? Ok : RunFailed;
    if (a.flag("replay") && r.ok) {
        replay = inverse::replayForward(reg, net, drive, r, o.recordInterval);
        const inverse::ReplayResult& rp = replay;
        if (!rp.error.empty()) {
            err("inverse: " + QString::fromStdString(rp.error));
            code = RunFailed;
        } else {
            out("replay: forward run with u(t) as a table input: max |x_forward - x_prescribed| = " + fmt(rp.maxError, 3) +
                " m at t = " + fmt(rp.maxErrorTime) + " s");
        }
    }
    if (auto at = a.value("at")) {
        QString header = "t [s]";
        for (const auto& n : r.names) header += "  " + QString::fromStdString(n);
        out(header);
        for (const QString& s : at->split(',', Qt::SkipEmptyParts)) {
            const double t = s.toDouble();
            size_t best = 0;
            for (size_t i = 0; i < r.time.size(); ++i)
                if (std::abs(r.time[i] - t) < std::abs(r.time[best] - t)) best = i;
            QString row = fmt(r.time[best]);
            for (const auto& c : r.columns) row += "  " + fmt(c[best], 5);
            out(row);
        }
    }
    if (auto path = a.value("out")) {
        const QString e = service::writeCsv(*path, service::inverseCsvColumns(r, a.flag("replay") ? &replay : nullptr));
        if (!e.isEmpty()) { err("inverse: " + e); return FileError; }
        out("wrote " + *path);
    }
    return code;
}

}  // namespace hs::cli
