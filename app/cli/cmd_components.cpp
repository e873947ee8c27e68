// hydrostiff-cli components [TYPE]: the component library as the engine declares it.
#include "cli.h"
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

}  // namespace hs::cli
