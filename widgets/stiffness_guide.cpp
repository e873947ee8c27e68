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
    return g;
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
             QString::fromStdString(suggestion.reason).toHtmlEscaped());
}

}  // namespace hs::widgets
