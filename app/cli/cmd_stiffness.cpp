// SPDX-License-Identifier: GPL-3.0-or-later
// hydrostiff-cli stiffness FILE: linear analysis at an operating point, and the stiffness guidance
// per volume judged along a run (service/stiffness_guidance.h), optionally checked by a short run.
#include <cmath>

#include "cli.h"
#include "service/comparison.h"
#include "service/quick_check.h"
#include "service/stiffness_guidance.h"
#include "sim/analysis.h"
#include "sim/builder.h"
#include "sim/simulator.h"
#include "sim/system.h"
#include "sim/tlm_guidance.h"

namespace hs::cli {

int stiffnessCommand(const QStringList& argv, const sim::Registry& reg) {
    Args a(argv, {"config", "at", "states", "ppar", "dqdt", "samples", "span"}, {"help", "steady", "check"});
    if (a.flag("help")) {
        out("usage: hydrostiff-cli stiffness FILE [--config NAME] [--at T] [--states pressure|all] [--steady]\n"
            "                            [--ppar BAR] [--dqdt M3/S2] [--samples N] [--check [--span S]]\n"
            "  Simulates to time T (default 0: the initial state) with the configuration (default: the\n"
            "  reference), then prints the eigenvalues of the Jacobian (finite differences) of the chosen\n"
            "  states (pressure: node pressures with every other state frozen, as in the seeds'\n"
            "  analyses; all: the whole system), the stiffness ratio kappa = |lambda|max/|lambda|min,\n"
            "  the largest stable RK4 and Euler steps, and per node: pressure, volume, bulk modulus,\n"
            "  conductance G, time constant V/(Be*G) and its stable steps. --steady first solves the\n"
            "  chosen states for steady state (other states frozen).\n"
            "  Then the guidance for the configuration's stepper and step, per volume, judged along a run\n"
            "  (not at T): the circuit is run over its duration with every volume integrated (CVODE, tol\n"
            "  1e-6) and each volume's time constant sampled at --samples records (default 200); the step's\n"
            "  share of the run beyond the stable limit, the steps each option costs, quasi-steady's expected\n"
            "  lag tau*|dp/dt|, and never quasi-steady for a node every flow path of which can close.\n"
            "  --check runs, for every volume whose suggestion differs from its method now, the\n"
            "  configuration as is and with the suggestion over --span seconds (default a fifth of the\n"
            "  duration) against CVODE (tol 1e-9) and withdraws the suggestion if its largest error (RMSE as %\n"
            "  of the mean level of the probes of its unit) exceeds the one as is by more than 10 %.\n"
            "  Last, per node, the accuracy of that\n"
            "  volume as a TLM element at the configuration's step (notes/003 §1.3): its parasitic\n"
            "  inertance Be*dt^2/V against the adjoining lines', the parasitic pressure Ppar ~ I*|dq/dt|\n"
            "  for flows changing at --dqdt (default 0.0167 m3/s2 = 1 l/min per ms) and the step that\n"
            "  keeps Ppar below --ppar (default 0.1 bar).");
        return Ok;
    }
    auto at = a.number("at");
    const double pparBar = a.number("ppar").value_or(0.1), dqdt = a.number("dqdt").value_or(1.0 / 60000.0 / 1e-3);
    const QString which = a.value("states").value_or("pressure");
    if (!a.ok() || a.positional.size() != 1 || (which != "pressure" && which != "all") || !(pparBar > 0) || !(dqdt > 0)) {
        err(!a.ok() ? "stiffness: " + a.error()
                    : "stiffness: give one circuit file, --states pressure|all, positive --ppar and --dqdt (see --help)");
        return Usage;
    }
    auto circuit = loadOrReport(a.positional.front(), reg);
    if (!circuit) return FileError;
    const model::SolverConfigDoc* cfg = a.value("config") ? circuit->config(*a.value("config")) : circuit->reference();
    if (!cfg) { err("stiffness: no such configuration"); return Usage; }
    sim::BuildResult built = sim::build(reg, model::toNetlist(*circuit), model::toSolverSettings(*cfg, circuit->folder));
    if (!built.ok()) { err("stiffness: circuit does not compile:\n" + QString::fromStdString(built.errorText())); return CircuitError; }
    sim::System& sys = *built.system;
    std::vector<double> y(static_cast<size_t>(sys.stateCount()));
    sys.initialState(y.data());
    double t = 0;
    if (at && *at > 0) {
        sim::RunOptions opt;
        opt.duration = *at;
        opt.recordInterval = *at;
        opt.solver = model::toSolverSettings(*cfg, circuit->folder);
        sim::RunResult r = sim::simulate(sys, {}, opt);
        if (!r.ok) { err("stiffness: the run to t = " + fmt(*at) + " s failed: " + QString::fromStdString(r.error)); return RunFailed; }
        y = r.finalState;
        t = *at;
    }
    std::vector<int> subset;
    if (which == "pressure") subset = sim::pressureStates(sys);
    else for (int i = 0; i < sys.stateCount(); ++i) subset.push_back(i);
    if (subset.empty()) { err("stiffness: the circuit has no state of that kind"); return CircuitError; }
    if (a.flag("steady")) {
        std::string e = sim::steadyState(sys, t, y, subset);
        if (!e.empty()) { err("stiffness: " + QString::fromStdString(e)); return RunFailed; }
    }
    sim::StiffnessReport rep = sim::analyse(sys, t, y, subset);
    out(QString("%1 at t = %2 s, %3 states (%4)").arg(circuit->name, fmt(t)).arg(subset.size()).arg(which));
    out("\neigenvalues [1/s]:");
    for (auto l : rep.eigenvalues)
        out("  " + fmt(l.real(), 6) + (l.imag() != 0 ? QString(" %1 %2i").arg(l.imag() < 0 ? "-" : "+", fmt(std::abs(l.imag()), 6)) : QString()));
    out(QString("\nstiffness ratio kappa = %1%2").arg(fmt(rep.kappa, 5),
        rep.zeroEigenvalues ? QString("  (%1 zero eigenvalue(s) of pure integrators left out)").arg(rep.zeroEigenvalues) : QString()));
    out(QString("largest stable step: RK4 %1 s, explicit Euler %2 s").arg(fmt(rep.maxStepRk4), fmt(rep.maxStepEuler)));
    out("\nper node (its own flows, everything else frozen):");
    out(QString("  %1%2%3%4%5%6%7%8").arg("node", -18).arg("p [bar]", -11).arg("V [m3]", -11).arg("Be [GPa]", -10)
            .arg("G [m3/(s Pa)]", -15).arg("tau [s]", -11).arg("RK4 max [s]", -13).arg("Euler max [s]"));
    for (const auto& n : rep.nodes)
        out(QString("  %1%2%3%4%5%6%7%8").arg(QString::fromStdString(n.name), -18).arg(fmt(n.p / 1e5), -11).arg(fmt(n.volume), -11)
                .arg(fmt(n.bulkModulus / 1e9), -10).arg(fmt(n.conductance), -15).arg(fmt(n.tau), -11)
                .arg(fmt(n.maxStepRk4), -13).arg(fmt(n.maxStepEuler)));
    const auto solver = model::toSolverSettings(*cfg, circuit->folder);
    const service::Guidance guide = service::guideConfiguration(*circuit, reg, cfg->name, {0, static_cast<int>(a.number("samples").value_or(200))});
    if (!guide.ok) { err("stiffness: " + guide.error); return CircuitError; }
    out(QString("\nguidance for configuration '%1' (%2, step %3 s), along a %4 s run sampled %5 times (%6, every volume integrated):")
            .arg(cfg->name, cfg->stepper, fmt(cfg->dt), fmt(guide.duration)).arg(guide.samples).arg(guide.sampler));
    if (!guide.runNote.isEmpty()) out("  note: " + guide.runNote);
    for (const auto& v : guide.volumes) {
        const sim::Suggestion& s = v.suggestion;
        out(QString("  %1 -> %2%3: %4").arg(QString::fromStdString(v.stiffness.name), QString::fromStdString(s.method),
                                          s.method == v.currentMethod ? QString(" (as now)") : " (now " + QString::fromStdString(v.currentMethod) + ")",
                                          QString::fromStdString(s.reason)));
        out(QString("      tau at the start %1 s, along the run %2 to %3 s; beyond the stable step on %4 % of the run; %5 steps%6%7")
                .arg(fmt(v.stiffness.start.tau), fmt(v.stiffness.tauMin), fmt(v.stiffness.tauMax), fmt(100 * s.unstableShare, 3), fmt(s.steps, 4),
                     std::isfinite(s.expectedLag) ? QString("; expected quasi-steady lag %1 Pa RMS").arg(fmt(s.expectedLag, 3)) : QString(),
                     s.closable ? QString("; closable (%1)").arg(QString::fromStdString(v.stiffness.closure.blockers.empty() ? std::string("no flow path")
                                                                                                                        : v.stiffness.closure.blockers.front()) +
                                                                  (v.stiffness.closure.blockers.size() > 1 ? ", ..." : ""))
                                : QString()));
        if (!a.flag("check") || s.method == v.currentMethod) continue;
        const service::QuickCheck q = service::quickCheck(*circuit, reg, cfg->name, QString::fromStdString(v.stiffness.name),
                                                          QString::fromStdString(s.method), a.number("span").value_or(0));
        if (!q.ok) { out("      quick check: " + q.error); continue; }
        auto row = [&](const service::CheckedRun& r) {
            return QString("%1: %2, wall %3 s, %4 steps%5").arg(r.name, r.ok ? "largest error " + fmt(r.worstError, 4) + " %" : QString("FAILED"), fmt(r.wallSeconds, 3))
                .arg(r.steps).arg(r.indeterminateSteps ? QString(", %1 indeterminate steps").arg(r.indeterminateSteps) : QString());
        };
        out(QString("      quick check over %1 s against CVODE (tol 1e-9): %2; %3").arg(fmt(q.span), row(q.current), row(q.suggested)));
        out("      => " + q.verdict);
    }
    for (const auto& w : built.warnings) out("  warning: " + QString::fromStdString(w));
    out(QString("\nas TLM at %1 s (Ppar ~ I*|dq/dt| with |dq/dt| = %2 m3/s2; target Ppar %3 bar):")
            .arg(fmt(solver.dt), fmt(dqdt), fmt(pparBar)));
    for (const auto& n : rep.nodes)
        for (size_t k = 0; k < sys.hyd.size(); ++k) {
            if (sys.hyd[k].name != n.name) continue;
            const sim::TlmGuidance g = sim::tlmGuidance(sys, static_cast<int>(k), solver.dt, dqdt, pparBar * 1e5);
            QString line = QString("  %1 I = %2 kg/m4, Ppar ~ %3 bar, dt for Ppar <= %4 bar: %5 s")
                               .arg(QString::fromStdString(n.name), -18).arg(fmt(g.parasiticInertance), fmt(g.expectedPpar / 1e5),
                                    fmt(pparBar), fmt(g.stepForTarget));
            if (g.lineInertance > 0) line += QString(" (adjoining line rho*L/A = %1 kg/m4%2)").arg(fmt(g.lineInertance), g.warn ? ": EXCEEDED" : "");
            out(line);
        }
    return Ok;
}

}  // namespace hs::cli
