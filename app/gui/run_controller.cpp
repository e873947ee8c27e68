// SPDX-License-Identifier: GPL-3.0-or-later
#include "run_controller.h"

#include <QAction>
#include <QDockWidget>
#include <QMenu>
#include <QProgressBar>
#include <QStatusBar>
#include <QTimer>

#include "action_table.h"
#include "circuit_scene.h"
#include "circuit_view.h"
#include "click_probes.h"
#include "main_window.h"
#include "model/circuit_document.h"
#include "run_panel.h"
#include "run_workspace.h"
#include "wire_item.h"

namespace hs::gui {

RunController::RunController(MainWindow& window, const hs::sim::Registry& registry)
    : QObject(&window), window_(window), registry_(registry) {
    workspace_ = new hs::widgets::RunWorkspace(registry);
    workspace_->adoptActions(window.actions().get("sim.run"), window.actions().get("sim.stop"));
    dock_ = new QDockWidget(tr("Run and compare"), &window);
    dock_->setObjectName("runDock");
    dock_->setWidget(workspace_);
    window.addPanel(dock_, Qt::BottomDockWidgetArea);
    // Until the first run the canvas has the whole height; Run opens the dock.
    dock_->hide();

    progress_ = new QProgressBar(&window);
    progress_->setRange(0, 1000);
    progress_->setMaximumWidth(220);
    progress_->setFormat(tr("run %p%"));
    progress_->setToolTip(tr("All configurations of the run together"));
    progress_->hide();
    window.statusBar()->addPermanentWidget(progress_);

    connect(&window, &MainWindow::runRequested, this, [this] { run(); });
    connect(&window, &MainWindow::stopRequested, workspace_, &hs::widgets::RunWorkspace::stop);
    connect(&window, &MainWindow::documentReplaced, this, [this] {
        workspace_->clearResults();
        progress_->hide();
    });
    connect(workspace_, &hs::widgets::RunWorkspace::progressChanged, progress_, &QProgressBar::setValue);
    // File > Export offers what the run dock's Export button offers.
    QMenu* exportMenu = window.exportMenu();
    connect(exportMenu, &QMenu::aboutToShow, this, [this, exportMenu] { workspace_->fillExportMenu(exportMenu); });
    connect(workspace_, &hs::widgets::RunWorkspace::runFinished, this, &RunController::onFinished);
    connect(&window.scene(), &hs::widgets::CircuitScene::componentActivated, this, &RunController::onComponentActivated);
    connect(&window.scene(), &hs::widgets::CircuitScene::wireHovered, this, &RunController::onWireHovered);
}

QString RunController::run() {
    if (workspace_->isRunning()) return tr("a run is in progress");
    // A copy of the document as it is now: the run never sees later edits.
    if (clickProbes_) {
        auto cp = hs::widgets::addClickProbes(window_.document().circuit(), registry_);
        workspace_->setCircuit(cp.circuit);
        workspace_->setComponentProbes(std::move(cp.byComponent));
    } else {
        workspace_->setCircuit(window_.document().circuit());
        workspace_->setComponentProbes({});
    }
    // With many configurations the plots start with the reference and the one being edited.
    workspace_->setPreferredConfigs({window_.scene().currentConfig()});
    workspace_->setExportDirectory(window_.documentDirectory());
    const QString err = workspace_->run();
    if (!err.isEmpty()) return err;
    const bool opening = !dock_->isVisible();
    dock_->show();
    dock_->raise();
    if (!dockSized_) {
        window_.resizeDocks({dock_}, {window_.height() * 11 / 20}, Qt::Vertical);
        dockSized_ = true;
    }
    // The dock takes half the canvas: fit the circuit into what is left, once the layout has
    // settled, so that it stays in view for probe on click.
    if (opening) QTimer::singleShot(0, &window_.view(), &hs::widgets::CircuitView::zoomToFit);
    progress_->setValue(0);
    progress_->setFormat(tr("run %p%"));
    progress_->setStyleSheet({});
    progress_->show();
    window_.statusBar()->showMessage(tr("Running %n configuration(s)", nullptr, workspace_->service().configCount()));
    return {};
}

void RunController::onFinished() {
    const auto& svc = workspace_->service();
    if (svc.configCount() == 0) return;  // the results were dropped (another circuit)
    // The bar keeps the share that was simulated and says how the run ended; a full bar alone
    // would read as success after failures or Stop.
    const QString summary = hs::widgets::runSummary(svc);
    progress_->setValue(workspace_->runPanel()->overallPermille());
    progress_->setFormat(summary.section(':', 0, 0) + QStringLiteral(" %p%"));
    progress_->setToolTip(tr("Run %1 %2").arg(svc.runNumber()).arg(summary));
    progress_->setStyleSheet(hs::widgets::runSucceeded(svc) ? QString()
                                                                  : QStringLiteral("QProgressBar::chunk { background: #c0392b; }"));
    window_.statusBar()->showMessage(tr("Run %1 %2").arg(svc.runNumber()).arg(summary) + hs::widgets::recordsNote(svc), 8000);
}

void RunController::onComponentActivated(const QString& id) {
    // Probe on click only means something once there are traces to show.
    if (workspace_->service().configCount() == 0) return;
    if (workspace_->showComponent(id)) {
        dock_->show();
        dock_->raise();
        window_.statusBar()->showMessage(tr("Plots: the probes of %1").arg(id), 4000);
    } else {
        window_.statusBar()->showMessage(tr("No probe records %1 in this run").arg(id), 4000);
    }
}

QString RunController::wireText(const QString& wireKey) const {
    // Both ends of a wire sit on the same node: either gives its pressure.
    for (const QString& end : {wireKey.section('>', 0, 0), wireKey.section('>', 1)}) {
        const QString comp = end.section('.', 0, -2), port = end.section('.', -1);
        if (comp.isEmpty() || port.isEmpty()) continue;
        const QString text = workspace_->pressureText(comp, port);
        if (!text.isEmpty()) return text;
    }
    return {};
}

void RunController::onWireHovered(const QString& wireKey) {
    if (workspace_->service().configCount() == 0) return;
    const QString text = wireText(wireKey);
    if (text.isEmpty()) return;
    for (hs::widgets::WireItem* w : window_.scene().wireItems())
        if (w && w->key() == wireKey) w->setToolTip(wireKey + "\n" + text);
    window_.statusBar()->showMessage(wireKey + ": " + text, 6000);
}

}  // namespace hs::gui
