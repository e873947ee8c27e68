// SPDX-License-Identifier: GPL-3.0-or-later
#include "action_table.h"

#include <QAction>
#include <QIcon>

namespace hs::gui {

const std::vector<ActionSpec>& ActionTable::specs() {
    using K = QKeySequence;
    static const std::vector<ActionSpec> table = {
        {"file.new", QObject::tr("&New"), K(K::New), "document-new", QObject::tr("Start an empty circuit"), true},
        {"file.open", QObject::tr("&Open..."), K(K::Open), "document-open", QObject::tr("Open a *.hydro.json circuit"), true},
        {"file.importHopsan", QObject::tr("&Import Hopsan model..."), {}, "document-import",
         QObject::tr("Open a Hopsan model (*.hmf) as a new, unsaved circuit")},
        {"file.save", QObject::tr("&Save"), K(K::Save), "document-save", QObject::tr("Save the circuit"), true},
        {"file.saveAs", QObject::tr("Save &As..."), K(K::SaveAs), "document-save-as", QObject::tr("Save under a new name")},
        {"file.quit", QObject::tr("&Quit"), K(K::Quit), "application-exit", QObject::tr("Close HydroStiff")},
        {"edit.undo", QObject::tr("&Undo"), K(K::Undo), "edit-undo", QObject::tr("Undo the last edit"), true},
        {"edit.redo", QObject::tr("&Redo"), K(K::Redo), "edit-redo", QObject::tr("Redo the undone edit"), true},
        {"edit.cut", QObject::tr("Cu&t"), K(K::Cut), "edit-cut", QObject::tr("Cut the selection")},
        {"edit.copy", QObject::tr("&Copy"), K(K::Copy), "edit-copy", QObject::tr("Copy the selection")},
        {"edit.paste", QObject::tr("&Paste"), K(K::Paste), "edit-paste", QObject::tr("Paste components")},
        {"edit.delete", QObject::tr("&Delete"), K(K::Delete), "edit-delete", QObject::tr("Delete the selection with its wires"), true},
        {"edit.selectAll", QObject::tr("Select &All"), K(K::SelectAll), "edit-select-all", QObject::tr("Select everything")},
        {"edit.rotate", QObject::tr("&Rotate 90°"), K(Qt::CTRL | Qt::Key_R), "object-rotate-right", QObject::tr("Rotate the selection clockwise"), true},
        {"edit.flip", QObject::tr("&Flip"), K(Qt::CTRL | Qt::Key_M), "object-flip-horizontal", QObject::tr("Mirror the selection"), true},
        {"view.zoomIn", QObject::tr("Zoom &In"), K(K::ZoomIn), "zoom-in", QObject::tr("Zoom in")},
        {"view.zoomOut", QObject::tr("Zoom &Out"), K(K::ZoomOut), "zoom-out", QObject::tr("Zoom out")},
        {"view.fit", QObject::tr("Zoom to &Fit"), K(Qt::CTRL | Qt::Key_0), "zoom-fit-best", QObject::tr("Show the whole circuit"), true},
        {"sim.run", QObject::tr("&Run"), K(Qt::Key_F5), "media-playback-start", QObject::tr("Run every solver configuration"), true},
        {"sim.stop", QObject::tr("&Stop"), K(Qt::SHIFT | Qt::Key_F5), "media-playback-stop", QObject::tr("Stop the running simulation"), true},
        {"sim.inverse", QObject::tr("Run &Inverse"), {}, "media-seek-backward",
         QObject::tr("Inverse simulation: the SmoothMotion on a cylinder rod prescribes the motion; valve opening, command, "
                     "pressures and energy, replayed forward (docs/inverse.md)")},
        {"sim.sweep", QObject::tr("Parameter S&weep..."), {}, "view-statistics",
         QObject::tr("Run a configuration over a grid or Latin hypercube of component parameters on worker threads "
                     "(docs/many-runs.md)")},
        {"sim.advise", QObject::tr("Find the &Fastest Configuration..."), {}, "system-search",
         QObject::tr("The solver advisor: the cheapest configuration within an error bound against the reference, "
                     "its Pareto front; click a point to add it (docs/many-runs.md)")},
        {"sim.monitor", QObject::tr("Condition &Monitor..."), {}, "utilities-system-monitor",
         QObject::tr("Load a trained condition monitor (hydrostiff-cli learn monitor): its estimates of the fault levels "
                     "shown while a run streams (docs/condition-monitoring.md)")},
        {"sim.trainSurrogate", QObject::tr("Train &Surrogate..."), {}, "system-run",
         QObject::tr("For the selected volume: record data from this circuit, train a NARX network that replaces its "
                     "continuity equation, and add a configuration that runs it (docs/learned-models.md)")},
        {"help.manual", QObject::tr("&Manual"), K(K::HelpContents), "help-contents", QObject::tr("How to draw, configure, run and compare (the manual, offline)")},
        {"help.about", QObject::tr("&About HydroStiff"), K(), "help-about", QObject::tr("About this program")},
    };
    return table;
}

ActionTable::ActionTable(QObject* owner) {
    for (const ActionSpec& s : specs()) {
        auto* a = new QAction(QIcon::fromTheme(s.icon), s.text, owner);
        a->setObjectName(s.id);
        if (!s.shortcut.isEmpty()) a->setShortcut(s.shortcut);
        a->setStatusTip(s.tip);
        a->setToolTip(s.shortcut.isEmpty() ? s.tip : QString("%1 (%2)").arg(s.tip, s.shortcut.toString(QKeySequence::NativeText)));
        actions_.insert(s.id, a);
    }
}

QAction* ActionTable::get(const QString& id) const { return actions_.value(id); }

QList<QAction*> ActionTable::menu(const QString& prefix) const {
    QList<QAction*> out;
    for (const ActionSpec& s : specs())
        if (s.id.startsWith(prefix)) out << actions_.value(s.id);
    return out;
}

}  // namespace hs::gui
