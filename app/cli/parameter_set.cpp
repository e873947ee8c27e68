// SPDX-License-Identifier: GPL-3.0-or-later
// --set COMP.PARAM=VALUE,... : number parameters of the circuit changed before a run (run, learn
// monitor --apply), parsed and checked as the sweep's axes (study/parameter_space.h).
#include "cli.h"
#include "study/parameter_space.h"

namespace hs::cli {

QString applyParameterSets(const QString& list, model::Circuit& c, const sim::Registry& reg) {
    for (const QString& s : list.split(',', Qt::SkipEmptyParts)) {
        QString e;
        auto axis = study::parseAxis(s, &e);
        if (!axis || axis->values.size() != 1) return "--set '" + s + "': expected COMP.PARAM=VALUE" + (e.isEmpty() ? "" : " (" + e + ")");
        if (QString ce = study::checkAxis(*axis, c, reg); !ce.isEmpty()) return "--set: " + ce;
        c = study::withPoint(c, {*axis}, {axis->values.front()});
    }
    return {};
}

}  // namespace hs::cli
