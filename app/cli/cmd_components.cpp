// SPDX-License-Identifier: GPL-3.0-or-later
// hydrostiff-cli components [TYPE]: the component library as the engine declares it.
#include <cmath>

#include "cli.h"
#include "sim/registry.h"
#include "sim/spec.h"

namespace hs::cli {

int componentsCommand(const QStringList& argv, const sim::Registry& reg) {
    Args a(argv, {}, {"help"});
    if (a.flag("help") || !a.ok()) {
        out("usage: hydrostiff-cli components [TYPE]\n  Lists every component type, or the ports, parameters and equations of one.");
        return a.ok() ? Ok : Usage;
    }
    if (a.positional.isEmpty()) {
        for (const auto* s : reg.all())
            out(QString("%1  %2  (%3)").arg(QString::fromStdString(s->type), -22).arg(QString::fromStdString(s->title), -28)
                    .arg(QString::fromStdString(s->category)));
        return Ok;
    }
    const sim::ComponentSpec* s = reg.find(a.positional.front().toStdString());
    if (!s) { err("components: unknown type '" + a.positional.front() + "'"); return Usage; }
    out(QString::fromStdString(s->title + " (" + s->type + ")\n" + s->description + "\n\nequations:\n" + s->equations +
                               "\nsource: " + s->source + "\n\nports:"));
    for (const auto& p : s->ports)
        out(QString::fromStdString("  " + p.id + "  " + sim::domainName(p.domain) +
                                   (p.dir == sim::SignalDir::In ? " in" : p.dir == sim::SignalDir::Out ? " out" : "") +
                                   (p.optional ? " (optional)" : "") + "  " + p.description));
    out("parameters:");
    for (const auto& p : s->params) {
        QString def = p.kind == sim::ParamKind::Text ? "'" + QString::fromStdString(p.textDef) + "'"
                      : p.kind == sim::ParamKind::Choice ? QString::fromStdString(p.choices[static_cast<size_t>(p.def)])
                                                         : fmt(p.def, 6) + " " + QString::fromStdString(p.unit);
        out(QString("  %1 = %2  %3").arg(QString::fromStdString(p.name), def, QString::fromStdString(p.description)));
    }
    if (!s->states.empty()) {
        out("states:");
        for (const auto& st : s->states) out(QString::fromStdString("  " + st.name + " [" + st.unit + "]  " + st.description));
    }
    return Ok;
}

// hydrostiff-cli steppers [NAME]: the steppers as their specs declare them.
int steppersCommand(const QStringList& argv, const sim::Registry& reg) {
    Args a(argv, {}, {"help"});
    if (a.flag("help") || !a.ok() || a.positional.size() > 1) {
        out("usage: hydrostiff-cli steppers [NAME]\n  Lists every stepper (fixed/adaptive, implicit, what it supports), or one "
            "with its description.");
        return a.ok() && a.positional.size() <= 1 ? Ok : Usage;
    }
    auto yes = [](bool b) { return b ? QString("yes") : QString("no"); };
    auto limit = [](const sim::StepperSpec& s) {
        return s.adaptive ? QString("-") : std::isfinite(s.stabilityLimit) ? fmt(s.stabilityLimit, 4) + "*tau" : QString("any step");
    };
    if (a.positional.isEmpty()) {
        out(QString("%1%2%3%4%5%6%7").arg("stepper", -16).arg("step", -10).arg("implicit", -10).arg("rtol/atol", -11)
                .arg("methods", -9).arg("threads", -9).arg("stable step"));
        for (const auto& s : reg.steppers())
            out(QString("%1%2%3%4%5%6%7").arg(QString::fromStdString(s.name), -16).arg(s.adaptive ? "adaptive" : "fixed", -10)
                    .arg(yes(s.implicit), -10).arg(yes(s.usesTolerances), -11).arg(yes(s.supportsPressureMethods), -9)
                    .arg(yes(s.supportsPartitions), -9).arg(limit(s)));
        out("methods: hosts the held-pressure and TLM methods; threads: parallel partitions; stable step: on a node of "
            "time constant tau");
        return Ok;
    }
    const sim::StepperSpec* s = reg.findStepper(a.positional.front().toStdString());
    if (!s) {
        err("steppers: unknown stepper '" + a.positional.front() + "' (known: " + QString::fromStdString(reg.stepperList()) + ")");
        return Usage;
    }
    out(QString::fromStdString(s->label + " (" + s->name + ")\n" + s->description));
    out(QString("step %1, implicit %2, uses rtol/atol %3, uses max_step %4, pressure methods %5, parallel partitions %6, "
                "stable step %7")
            .arg(s->adaptive ? "adaptive" : "fixed", yes(s->implicit), yes(s->usesTolerances), yes(s->usesMaxStep),
                 yes(s->supportsPressureMethods), yes(s->supportsPartitions), limit(*s)));
    return Ok;
}

}  // namespace hs::cli
