// SPDX-License-Identifier: GPL-3.0-or-later
#include "stiffness_guide.h"

#include <cmath>

#include "model/circuit.h"
#include "sim/builder.h"
#include "sim/system.h"
#include "units.h"

namespace hs::widgets {

StiffnessGuide StiffnessGuide::compute(const hs::model::Circuit& c, const hs::sim::Registry& reg, const QString& config,
                                       const QString& volumeId) {
    StiffnessGuide g;
    const hs::model::SolverConfigDoc* cfg = c.config(config);
    if (!cfg) cfg = c.reference();
    if (!cfg) {
        g.error = QObject::tr("no solver configuration to advise on");
        return g;
    }
    g.stepper = cfg->stepper;
    g.dt = cfg->dt;
    hs::sim::SolverSettings solver = hs::model::toSolverSettings(*cfg);
    // The node's physics does not depend on how it is solved: analyse every volume integrated,
    // so that the advice does not change with the method it is meant to choose (a default method
    // such as tlm would leave the nodes without pressure states to analyse).
    solver.methods.clear();
    solver.defaultMethod = {};
    solver.threads = 1;
    solver.partition.clear();
    hs::sim::BuildResult built = hs::sim::build(reg, hs::model::toNetlist(c), solver);
    if (!built.ok()) {
        g.error = QObject::tr("the circuit does not compile yet: %1").arg(QString::fromStdString(built.errors.front()));
        return g;
    }
    hs::sim::System& sys = *built.system;
    std::vector<double> y(static_cast<size_t>(sys.stateCount()));
    sys.initialState(y.data());
    const hs::sim::StiffnessReport rep = hs::sim::analyse(sys, 0.0, y, hs::sim::pressureStates(sys));
    const std::string id = volumeId.toStdString();
    for (const auto& n : rep.nodes)
        if (n.name == id) {
            g.node = n;
            g.ok = true;
        }
    if (!g.ok) {
        g.error = QObject::tr("%1 shares its node with another volume, or is not connected").arg(volumeId);
        return g;
    }
    g.suggestion = hs::sim::suggest(g.node, cfg->stepper.toStdString(), cfg->dt);
    tlmPart(g, c, reg, *cfg, id);
    return g;
}

// The same circuit with this volume as TLM (its own parameters if it is TLM already, else the
// defaults), built under the configuration's step: the method reports its parasitic factor
// (ports/2 * exchange^2) and the adjoining components their inertance.
void StiffnessGuide::tlmPart(StiffnessGuide& g, const hs::model::Circuit& c, const hs::sim::Registry& reg,
                             const hs::model::SolverConfigDoc& cfg, const std::string& id) {
    hs::sim::SolverSettings solver = hs::model::toSolverSettings(cfg);
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
    if (!g.tlmInUse) solver.methods[id] = hs::sim::MethodSetting{"tlm", {}};
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
    return QObject::tr("<b>Stiffness at the initial state</b><br>"
                       "time constant V/(Be&middot;G): %1<br>"
                       "largest stable step: RK4 %2, Euler %3<br>"
                       "node: V = %4, Be = %5<br>"
                       "configuration: %6, step %7<br>"
                       "<b>suggested: %8</b><br><small>%9</small>")
        .arg(s(node.tau), s(node.maxStepRk4), s(node.maxStepEuler), Units::format(node.volume, "m3"),
             QString::number(node.bulkModulus / 1e9, 'g', 3) + " GPa", stepper, s(dt), QString::fromStdString(suggestion.method),
             QString::fromStdString(suggestion.reason).toHtmlEscaped()) +
           tlmHtml();
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
