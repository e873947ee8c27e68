// SPDX-License-Identifier: GPL-3.0-or-later
#include "stiffness_guide.h"

#include <cmath>

#include "model/circuit.h"
#include "sim/builder.h"
#include "sim/registry.h"
#include "sim/system.h"
#include "units.h"

namespace hs::widgets {

StiffnessGuide StiffnessGuide::compute(const hs::model::Circuit& c, const hs::sim::Registry& reg, const QString& config,
                                       const QString& volumeId) {
    StiffnessGuide g;
    hs::service::GuidanceOptions opt;
    opt.wallBudget = wallBudget;  // the panel recomputes on every edit
    const hs::service::Guidance guide = hs::service::guideConfiguration(c, reg, config, opt);
    if (!guide.ok) {
        g.error = guide.error;
        return g;
    }
    g.stepper = guide.stepper;
    g.dt = guide.dt;
    g.duration = guide.duration;
    g.samples = guide.samples;
    g.runNote = guide.runNote;
    g.sampler = guide.sampler;
    const std::string id = volumeId.toStdString();
    const hs::service::VolumeGuidance* v = guide.volume(id);
    if (!v) {
        g.error = QObject::tr("%1 shares its node with another volume, or is not connected").arg(volumeId);
        return g;
    }
    g.ok = true;
    g.stiffness = v->stiffness;
    g.suggestion = v->suggestion;
    g.currentMethod = QString::fromStdString(v->currentMethod);
    const hs::model::SolverConfigDoc* cfg = c.config(guide.config);
    tlmPart(g, c, reg, *cfg, id);
    return g;
}

// The same circuit with this volume as TLM (its own parameters if it is TLM already, else the
// defaults), built under the configuration's step: the method reports its parasitic factor
// (ports/2 * exchange^2) and the adjoining components their inertance.
void StiffnessGuide::tlmPart(StiffnessGuide& g, const hs::model::Circuit& c, const hs::sim::Registry& reg,
                             const hs::model::SolverConfigDoc& cfg, const std::string& id) {
    hs::sim::SolverSettings solver = hs::model::toSolverSettings(cfg, c.folder);
    const auto own = solver.methods.find(id);
    const hs::sim::MethodSetting current = own != solver.methods.end() ? own->second : solver.defaultMethod;
    g.tlmInUse = current.method == "tlm";
    const hs::sim::StepperSpec* stepper = reg.findStepper(solver.stepper);
    if (!stepper || !stepper->supportsPressureMethods) {
        g.tlmNote = QObject::tr("TLM needs a fixed-step stepper (%1); this configuration uses %2")
                        .arg(QString::fromStdString(reg.stepperList([](const hs::sim::StepperSpec& x) { return x.supportsPressureMethods; })),
                             QString::fromStdString(solver.stepper));
        return;
    }
    if (!g.tlmInUse) solver.methods[id] = hs::sim::MethodSetting{"tlm", {}, {}};
    solver.threads = 1;
    solver.partition.clear();
    hs::sim::BuildResult built = hs::sim::build(reg, hs::model::toNetlist(c), solver);
    if (!built.ok()) {
        g.tlmNote = QObject::tr("as TLM the circuit does not build: %1").arg(QString::fromStdString(built.errors.front()));
        return;
    }
    const hs::sim::System& sys = *built.system;
    for (size_t k = 0; k < sys.hyd.size(); ++k)
        if (sys.hyd[k].name == id) {
            g.tlm = hs::sim::tlmGuidance(sys, static_cast<int>(k), solver.dt, tlmDqdt, tlmPparTarget);
            g.tlmOk = true;
        }
    if (!g.tlmOk) g.tlmNote = QObject::tr("%1 is on no node of its own").arg(QString::fromStdString(id));
}

QString StiffnessGuide::html() const {
    if (!ok) return "<i>" + error.toHtmlEscaped() + "</i>";
    auto s = [](double v) { return std::isfinite(v) ? QString::number(v, 'g', 3) + " s" : QStringLiteral("none"); };
    const hs::sim::NodeStiffness& start = stiffness.start;
    QString h = QObject::tr("<b>Stiffness along the run</b> (%11, every volume integrated, %1 s in %2 samples)<br>"
                            "time constant V/(Be&middot;G): %3 at the start; %4 (t = %5 s) to %6 along the run<br>"
                            "largest stable RK4 step: %7 along the run (%8 at the start)<br>"
                            "node: V = %9, Be = %10 at the start<br>")
                    .arg(QString::number(duration, 'g', 3)).arg(samples)
                    .arg(s(start.tau), s(stiffness.tauMin), QString::number(stiffness.tTauMin, 'g', 3), std::isfinite(stiffness.tauMax) ? s(stiffness.tauMax) : QObject::tr("infinite (isolated at times)"),
                         s(2.785293563405282 * stiffness.tauMin), s(start.maxStepRk4), Units::format(start.volume, "m3"),
                         QString::number(start.bulkModulus / 1e9, 'g', 3) + " GPa")
                    .arg(sampler.toUpper());
    if (!runNote.isEmpty()) h += "<span style='color:#b00020'>" + runNote.toHtmlEscaped() + "</span><br>";
    if (stiffness.closure.closable)
        h += QObject::tr("<span style='color:#8a5a00'>can be closed off: every flow path (%1) can close, and then the "
                         "balance holds at any pressure; quasi-steady is not offered</span><br>")
                 .arg(QString::fromStdString([&] {
                     std::string t;
                     for (const auto& b : stiffness.closure.blockers) t += (t.empty() ? "" : ", ") + b;
                     return t.empty() ? std::string("none") : t;
                 }()).toHtmlEscaped());
    return h + suggestionHtml() + tlmHtml();
}

QString StiffnessGuide::suggestionHtml() const {
    const QString method = QString::fromStdString(suggestion.method);
    auto n = [](double v) { return QString::number(v, 'g', 3); };
    QString h = QObject::tr("configuration: %1, step %2 s; beyond the stable step on %3 % of the run<br>")
                    .arg(stepper, n(dt), n(100 * suggestion.unstableShare));
    h += QObject::tr("<b>suggested: %1</b> (%2)<br>").arg(method, method == currentMethod ? QObject::tr("as now")
                                                                                     : QObject::tr("now %1").arg(currentMethod));
    QString cost = QObject::tr("predicted: %1 steps at %2 s").arg(n(suggestion.steps), n(suggestion.step));
    if (suggestion.method != "integrate" && suggestion.integrateStep > 0)
        cost += QObject::tr("; integrating instead needs a step &le; %1 s, %2 steps").arg(n(suggestion.integrateStep), n(suggestion.integrateSteps));
    if (std::isfinite(suggestion.expectedLag)) cost += QObject::tr("; expected lag behind the balance %1 Pa RMS").arg(n(suggestion.expectedLag));
    if (method != currentMethod) cost += QObject::tr("; <i>Quick check</i> runs both before you apply it");
    return h + cost + "<br><small>" + QString::fromStdString(suggestion.reason).toHtmlEscaped() + "</small>";
}

QString StiffnessGuide::tlmHtml() const {
    const QString head = tlmInUse ? QObject::tr("<br><b>As TLM (in use) at this step</b><br>")
                                  : QObject::tr("<br><b>If solved as TLM at this step</b><br>");
    if (!tlmOk) return head + "<small>" + tlmNote.toHtmlEscaped() + "</small>";
    auto n = [](double v) { return QString::number(v, 'g', 3); };
    QString h = head + QObject::tr("parasitic inertance: %1 kg/m<sup>4</sup><br>").arg(n(tlm.parasiticInertance));
    if (tlm.lineInertance > 0) {
        h += tlm.warn ? QObject::tr("<span style='color:#b00020'><b>exceeds</b> the adjoining line's &rho;L/A = %1 kg/m<sup>4</sup>: "
                                    "use a step &le; %2 s</span><br>")
                            .arg(n(tlm.lineInertance), n(tlm.stepForLine))
                      : QObject::tr("adjoining line &rho;L/A = %1 kg/m<sup>4</sup> (steps up to %2 s keep it below)<br>")
                            .arg(n(tlm.lineInertance), n(tlm.stepForLine));
    }
    h += QObject::tr("expected Ppar: %1 for flows changing at 1 l/min per ms<br>step for Ppar &le; %2: %3 s")
             .arg(n(tlm.expectedPpar / 1e5) + " bar", n(tlmPparTarget / 1e5) + " bar", n(tlm.stepForTarget));
    return h;
}

}  // namespace hs::widgets
