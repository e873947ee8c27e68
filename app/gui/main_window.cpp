// SPDX-License-Identifier: GPL-3.0-or-later
#include "main_window.h"
#include "advisor_dialog.h"
#include "inverse_window.h"
#include "sweep_dialog.h"
#include "monitor_dock.h"
#include "narx_train_dialog.h"
#include "narx_training.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QDialog>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QMetaMethod>
#include <QMimeData>
#include <QScreen>
#include <QScrollArea>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabWidget>
#include <QTextBrowser>
#include <QTimer>
#include <QToolBar>
#include <QUndoStack>
#include <QUndoView>
#include <QVBoxLayout>

#include <algorithm>

#include "action_table.h"
#include "circuit_scene.h"
#include "circuit_settings_editor.h"
#include "circuit_view.h"
#include "component_item.h"
#include "configuration_editor.h"
#include "gui_settings.h"
#include "library_palette.h"
#include "method_legend.h"
#include "model/circuit_document.h"
#include "model/circuit_io.h"
#include "property_editor.h"
#include "recovery_store.h"
#include "service/comparison.h"
#include "run_controller.h"
#include "symbol_library.h"
#include "wheel_guard.h"

namespace hs::gui {

using namespace hs::widgets;

MainWindow::MainWindow(MainWindowContext ctx, QWidget* parent)
    : QMainWindow(parent), ctx_(std::move(ctx)), symbols_(std::make_unique<SymbolLibrary>(ctx_.registry)),
      doc_(new hs::model::CircuitDocument(this)), undo_(new QUndoStack(this)),
      scene_(new CircuitScene(*doc_, ctx_.registry, *symbols_, *undo_, this)), view_(new CircuitView(scene_, this)),
      actions_(std::make_unique<ActionTable>(this)), recovery_(std::make_unique<RecoveryStore>(ctx_.recoveryDir)) {
    // The wheel over an unfocused combo or spin box scrolls its dock instead of editing.
    WheelGuard::install();
    setCentralWidget(view_);
    setDockOptions(AnimatedDocks | AllowTabbedDocks | AllowNestedDocks);
    buildDocks();
    buildMenus();
    connectActions();
    checkLabel_ = new QLabel(this);
    checkLabel_->setObjectName("circuitCheck");
    checkTimer_ = new QTimer(this);
    checkTimer_->setSingleShot(true);
    checkTimer_->setInterval(250);
    connect(checkTimer_, &QTimer::timeout, this, &MainWindow::updateBuildCheck);
    zoomLabel_ = new QLabel(this);
    statusBar()->addPermanentWidget(checkLabel_);
    statusBar()->addPermanentWidget(zoomLabel_);
    connect(view_, &CircuitView::zoomChanged, this, [this](double z) { zoomLabel_->setText(QString("%1 %").arg(qRound(z * 100))); });
    connect(undo_, &QUndoStack::cleanChanged, this, &MainWindow::updateTitle);
    connect(doc_, &hs::model::CircuitDocument::changed, this, &MainWindow::updateCheck);
    connect(scene_, &QGraphicsScene::selectionChanged, this, &MainWindow::onSelectionChanged);
    connect(scene_, &CircuitScene::refused, this, [this](const QString& why) { statusBar()->showMessage(why, 6000); });
    autosaveTimer_ = new QTimer(this);
    connect(autosaveTimer_, &QTimer::timeout, this, &MainWindow::autosave);
    if (ctx_.settings.autosaveSeconds() > 0) autosaveTimer_->start(ctx_.settings.autosaveSeconds() * 1000);
    if (!restoreGeometry(ctx_.settings.windowGeometry())) {
        // First start: most of the screen (the docks' tabs and messages need it), not the
        // 852x458 the docks' size hints add up to.
        const QRect avail = screen() ? screen()->availableGeometry() : QRect(0, 0, 1600, 1000);
        resize(std::min(avail.width(), std::max(1280, avail.width() * 17 / 20)),
               std::min(avail.height(), std::max(800, avail.height() * 17 / 20)));
    }
    restoreState(ctx_.settings.windowState());
    // After restoreState: the run dock opens with the first run, not with the window.
    runner_ = new RunController(*this, ctx_.registry);
    // Not newCircuit(): that drops the recovery file, which offerRecovery() still has to see.
    startEmpty();
}

MainWindow::~MainWindow() {
    // The undo stack clears itself on destruction and would announce it to lambdas that use
    // members already gone (actions_); the document is being torn down anyway.
    undo_->blockSignals(true);
    doc_->blockSignals(true);
    scene_->blockSignals(true);
}

void MainWindow::buildDocks() {
    auto dock = [this](const QString& title, const QString& name, QWidget* w, Qt::DockWidgetArea area) {
        auto* d = new QDockWidget(title, this);
        d->setObjectName(name);
        d->setWidget(w);
        addDockWidget(area, d);
        return d;
    };
    auto* lib = new QWidget(this);
    auto* libLay = new QVBoxLayout(lib);
    libLay->setContentsMargins(0, 0, 0, 0);
    palette_ = new LibraryPalette(ctx_.registry, *symbols_, lib);
    libLay->addWidget(palette_, 1);
    libLay->addWidget(new MethodLegend(ctx_.registry, lib));
    dock(tr("Library"), "libraryDock", lib, Qt::LeftDockWidgetArea);
    connect(palette_, &LibraryPalette::placeRequested, this, [this](const QString& type) {
        const QString id = scene_->placeComponent(type, view_->mapToScene(view_->viewport()->rect().center()), true);
        scene_->clearSelection();
        if (ComponentItem* it = scene_->componentItem(id)) {
            it->setSelected(true);
            view_->ensureVisible(it);
        }
        view_->setFocus();
    });

    props_ = new PropertyEditor(*scene_, this);
    auto* scroll = new QScrollArea(this);
    scroll->setWidget(props_);
    scroll->setWidgetResizable(true);
    // Long help text and guidance wrap instead of widening the dock past the window.
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    auto* propsDock = dock(tr("Properties"), "propertiesDock", scroll, Qt::RightDockWidgetArea);
    auto* circuit = new CircuitSettingsEditor(*scene_, this);
    auto* circuitScroll = new QScrollArea(this);
    circuitScroll->setWidget(circuit);
    circuitScroll->setWidgetResizable(true);
    circuitScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    auto* circuitDock = dock(tr("Circuit"), "circuitDock", circuitScroll, Qt::RightDockWidgetArea);
    configs_ = new ConfigurationEditor(*scene_, this);
    auto* configsScroll = new QScrollArea(this);
    configsScroll->setWidget(configs_);
    configsScroll->setWidgetResizable(true);
    configsScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    auto* configDock = dock(tr("Configurations"), "configurationsDock", configsScroll, Qt::RightDockWidgetArea);
    auto* undoView = new QUndoView(undo_, this);
    undoView->setEmptyLabel(tr("<opened>"));
    auto* historyDock = dock(tr("History"), "historyDock", undoView, Qt::RightDockWidgetArea);
    tabifyDockWidget(propsDock, circuitDock);
    tabifyDockWidget(circuitDock, configDock);
    tabifyDockWidget(configDock, historyDock);
    propsDock->raise();
    resizeDocks({propsDock}, {340}, Qt::Horizontal);
}

void MainWindow::buildMenus() {
    const ActionTable& a = *actions_;
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(a.get("file.new"));
    file->addAction(a.get("file.open"));
    file->addAction(a.get("file.importHopsan"));
    recentMenu_ = file->addMenu(tr("Open &Recent"));
    examplesMenu_ = file->addMenu(tr("&Examples"));
    file->addSeparator();
    file->addAction(a.get("file.save"));
    file->addAction(a.get("file.saveAs"));
    // Filled from the run dock (results of the last run): traces, aligned and metrics CSV, image.
    exportMenu_ = file->addMenu(tr("&Export"));
    exportMenu_->setObjectName("fileExportMenu");
    file->addSeparator();
    file->addAction(a.get("file.quit"));
    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    edit->addActions(a.menu("edit."));
    edit->insertSeparator(a.get("edit.cut"));
    edit->insertSeparator(a.get("edit.rotate"));
    viewMenu_ = menuBar()->addMenu(tr("&View"));
    viewMenu_->addActions(a.menu("view."));
    viewMenu_->addSeparator();
    for (QDockWidget* d : findChildren<QDockWidget*>()) viewMenu_->addAction(d->toggleViewAction());
    menuBar()->addMenu(tr("&Simulation"))->addActions(a.menu("sim."));
    menuBar()->addMenu(tr("&Help"))->addActions(a.menu("help."));

    QToolBar* tb = addToolBar(tr("Main"));
    tb->setObjectName("mainToolBar");
    tb->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    for (const ActionSpec& s : ActionTable::specs()) {
        if (!s.toolbar) continue;
        if (s.id == "edit.undo" || s.id == "edit.delete" || s.id == "view.fit" || s.id == "sim.run") tb->addSeparator();
        tb->addAction(a.get(s.id));
    }

    // Examples: every *.hydro.json in the examples folder, with its name and first sentence.
    const QDir dir(ctx_.examplesDir);
    for (const QFileInfo& fi : dir.entryInfoList({"*.hydro.json"}, QDir::Files, QDir::Name)) {
        const auto r = hs::model::loadCircuit(fi.filePath(), ctx_.registry);
        if (!r.circuit) continue;
        QString desc = r.circuit->description.section(". ", 0, 0);
        if (desc.size() > 110) desc = desc.left(107) + "...";
        QAction* act = examplesMenu_->addAction(r.circuit->name.isEmpty() ? fi.fileName() : r.circuit->name);
        act->setStatusTip(desc);
        act->setToolTip(desc);
        act->setData(fi.filePath());
        connect(act, &QAction::triggered, this, [this, path = fi.filePath()] {
            if (!maybeSave()) return;
            QString err;
            if (!openExample(path, &err)) QMessageBox::critical(this, tr("Cannot open example"), err);
        });
    }
    examplesMenu_->setToolTipsVisible(true);
    examplesMenu_->setEnabled(!examplesMenu_->isEmpty());
    updateRecentMenu();
}

void MainWindow::connectActions() {
    const ActionTable& a = *actions_;
    connect(a.get("file.new"), &QAction::triggered, this, [this] {
        if (maybeSave()) newCircuit();
    });
    connect(a.get("file.open"), &QAction::triggered, this, &MainWindow::openDialog);
    connect(a.get("file.importHopsan"), &QAction::triggered, this, &MainWindow::importHopsanDialog);
    connect(a.get("sim.inverse"), &QAction::triggered, this, [this] { runInverse(this, doc_->circuit(), ctx_.registry); });
    connect(a.get("sim.sweep"), &QAction::triggered, this, [this] {
        auto* d = new SweepDialog(*doc_, ctx_.registry, this);
        d->setAttribute(Qt::WA_DeleteOnClose);
        d->show();
    });
    connect(a.get("sim.advise"), &QAction::triggered, this, [this] {
        auto* d = new AdvisorDialog(*doc_, *undo_, ctx_.registry, this);
        d->setAttribute(Qt::WA_DeleteOnClose);
        d->show();
    });
    connect(a.get("sim.monitor"), &QAction::triggered, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Condition monitor"), QFileInfo(path_).absolutePath(),
                                                          tr("Monitor models (*.monitor);;All files (*)"));
        if (path.isEmpty()) return;
        if (const QString e = attachMonitor(path); !e.isEmpty()) QMessageBox::warning(this, tr("Condition monitor"), e);
    });
    connect(a.get("sim.trainSurrogate"), &QAction::triggered, this, [this] { openTrainSurrogate(); });
    connect(a.get("file.save"), &QAction::triggered, this, &MainWindow::save);
    connect(a.get("file.saveAs"), &QAction::triggered, this, &MainWindow::saveAs);
    connect(a.get("file.quit"), &QAction::triggered, this, &QWidget::close);
    connect(a.get("edit.undo"), &QAction::triggered, undo_, &QUndoStack::undo);
    connect(a.get("edit.redo"), &QAction::triggered, undo_, &QUndoStack::redo);
    connect(undo_, &QUndoStack::canUndoChanged, a.get("edit.undo"), &QAction::setEnabled);
    connect(undo_, &QUndoStack::canRedoChanged, a.get("edit.redo"), &QAction::setEnabled);
    connect(undo_, &QUndoStack::undoTextChanged, this, [this](const QString& t) {
        actions_->get("edit.undo")->setText(t.isEmpty() ? tr("&Undo") : tr("&Undo %1").arg(t));
        actions_->get("edit.undo")->setToolTip(t.isEmpty() ? tr("Undo") : tr("Undo %1").arg(t));
    });
    connect(undo_, &QUndoStack::redoTextChanged, this, [this](const QString& t) {
        actions_->get("edit.redo")->setText(t.isEmpty() ? tr("&Redo") : tr("&Redo %1").arg(t));
        actions_->get("edit.redo")->setToolTip(t.isEmpty() ? tr("Redo") : tr("Redo %1").arg(t));
    });
    // The tool bar keeps short labels; the menu and tooltip say what would be undone.
    a.get("edit.undo")->setIconText(tr("Undo"));
    a.get("edit.redo")->setIconText(tr("Redo"));
    a.get("edit.undo")->setEnabled(false);
    a.get("edit.redo")->setEnabled(false);
    connect(a.get("edit.copy"), &QAction::triggered, this, [this] {
        if (!scene_->selectedComponentIds().isEmpty()) QApplication::clipboard()->setMimeData(scene_->copySelection());
    });
    connect(a.get("edit.cut"), &QAction::triggered, this, [this] {
        if (scene_->selectedComponentIds().isEmpty()) return;
        QApplication::clipboard()->setMimeData(scene_->copySelection());
        scene_->deleteSelection();
    });
    connect(a.get("edit.paste"), &QAction::triggered, this, [this] {
        QString err;
        if (!scene_->paste(QApplication::clipboard()->mimeData(), &err) && !err.isEmpty()) statusBar()->showMessage(err, 6000);
    });
    connect(a.get("edit.delete"), &QAction::triggered, scene_, &CircuitScene::deleteSelection);
    connect(a.get("edit.selectAll"), &QAction::triggered, scene_, &CircuitScene::selectAllItems);
    connect(a.get("edit.rotate"), &QAction::triggered, scene_, &CircuitScene::rotateSelection);
    connect(a.get("edit.flip"), &QAction::triggered, scene_, &CircuitScene::flipSelection);
    connect(a.get("view.zoomIn"), &QAction::triggered, this, [this] { view_->zoomBy(1.25); });
    connect(a.get("view.zoomOut"), &QAction::triggered, this, [this] { view_->zoomBy(0.8); });
    connect(a.get("view.fit"), &QAction::triggered, view_, &CircuitView::zoomToFit);
    connect(a.get("sim.run"), &QAction::triggered, this, [this] {
        if (!isSignalConnected(QMetaMethod::fromSignal(&MainWindow::runRequested)))
            statusBar()->showMessage(tr("No run panel in this build: use hydrostiff-cli run FILE"), 6000);
        emit runRequested();
    });
    connect(a.get("sim.stop"), &QAction::triggered, this, &MainWindow::stopRequested);
    connect(a.get("help.manual"), &QAction::triggered, this, &MainWindow::showManual);
    connect(a.get("help.about"), &QAction::triggered, this, [this] {
        QMessageBox::about(this, tr("About HydroStiff"),
                           tr("<b>HydroStiff</b> %1<br>Stiff fluid-power circuits: pick per volume how its pressure is "
                              "solved, compare solver configurations.").arg(QApplication::applicationVersion()));
    });
    // Edit shortcuts must not steal Delete/Ctrl+C from a focused line edit in a dock.
    for (const char* id : {"edit.delete", "edit.copy", "edit.cut", "edit.paste", "edit.selectAll"}) {
        a.get(id)->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        view_->addAction(a.get(id));
    }
    // Right click on the canvas offers the edit actions (the view's own action list).
    for (const char* id : {"edit.rotate", "edit.flip", "view.fit", "sim.trainSurrogate"}) view_->addAction(a.get(id));
    a.get("sim.trainSurrogate")->setEnabled(false);
    view_->setContextMenuPolicy(Qt::ActionsContextMenu);
}

QString MainWindow::selectedVolume() const {
    const QStringList ids = scene_->selectedComponentIds();
    if (ids.size() != 1) return {};
    const hs::model::ComponentDoc* c = doc_->component(ids.front());
    const hs::sim::ComponentSpec* spec = c ? ctx_.registry.find(c->type.toStdString()) : nullptr;
    return spec && spec->hostsPressureMethod ? ids.front() : QString();
}

NarxTrainDialog* MainWindow::openTrainSurrogate() {
    const QString volume = selectedVolume();
    if (volume.isEmpty()) {
        statusBar()->showMessage(tr("Select one volume to train a surrogate for"), 6000);
        return nullptr;
    }
    if (doc_->circuit().configs.empty()) {
        statusBar()->showMessage(tr("The circuit has no solver configuration for the data run"), 6000);
        return nullptr;
    }
    auto* d = new NarxTrainDialog(*doc_, *undo_, ctx_.registry, path_, volume, this);
    d->setAttribute(Qt::WA_DeleteOnClose);
    connect(d, &NarxTrainDialog::attached, this, [this, d] { scene_->setCurrentConfig(d->job().settings().configName); });
    d->show();
    return d;
}

bool MainWindow::isDirty() const { return !undo_->isClean(); }

void MainWindow::updateTitle() {
    const QString name = path_.isEmpty() ? untitledName_ : QFileInfo(path_).fileName();
    setWindowTitle(name + "[*] \u2014 HydroStiff");
    setWindowModified(isDirty());
}

void MainWindow::updateCheck() {
    // The same checks as on load, live: the user sees a problem as soon as they make it.
    const QStringList errors = hs::model::validateCircuit(doc_->circuit(), ctx_.registry);
    if (!errors.isEmpty()) {
        checkTimer_->stop();
        checkLabel_->setText(tr("\u26a0 %n problem(s)", nullptr, errors.size()));
        checkLabel_->setStyleSheet("color:#b00020");
        checkLabel_->setToolTip(errors.mid(0, 15).join('\n'));
        return;
    }
    // What only the builder can tell (an unconnected port, a node without volume, a setting the
    // stepper refuses): "valid" means every configuration compiles. It takes about 1 ms for
    // Circuit 1's 34 configurations, so it runs with every edit; only a circuit whose check took
    // longer than 30 ms waits for the edits to pause (250 ms).
    if (lastBuildCheckMs_ < 30) {
        checkTimer_->stop();
        updateBuildCheck();
    } else {
        checkTimer_->start();
    }
}

void MainWindow::updateBuildCheck() {
    QElapsedTimer clock;
    clock.start();
    struct Timed {
        QElapsedTimer& clock;
        double& ms;
        ~Timed() { ms = static_cast<double>(clock.nsecsElapsed()) * 1e-6; }
    } timed{clock, lastBuildCheckMs_};
    const hs::model::Circuit& c = doc_->circuit();
    if (!hs::model::validateCircuit(c, ctx_.registry).isEmpty()) return;  // updateCheck shows those
    // Configurations by error, so that a circuit-wide problem is listed once, not per configuration.
    std::vector<std::pair<QString, QStringList>> failures;
    int failing = 0;
    for (const auto& cfg : c.configs) {
        const hs::service::PreparedRun p = hs::service::prepareConfiguration(c, cfg, ctx_.registry, 0);
        if (p.system) continue;
        ++failing;
        const QString e = QString::fromStdString(p.error);
        auto it = std::find_if(failures.begin(), failures.end(), [&](const auto& f) { return f.first == e; });
        if (it == failures.end()) failures.push_back({e, {cfg.name}});
        else it->second << cfg.name;
    }
    const int n = static_cast<int>(c.configs.size());
    if (failing == 0) {
        // inverse mode (a SmoothMotion on a rod) checked as well: what Run Inverse would refuse
        if (const QString inverse = inverseProblem(c, ctx_.registry); !inverse.isEmpty()) {
            checkLabel_->setText(tr("\u2714 circuit valid, \u26a0 inverse not possible"));
            checkLabel_->setStyleSheet("color:#b26a00");
            checkLabel_->setToolTip(tr("Every configuration compiles (%n configuration(s)); Run Inverse would refuse it:\n", nullptr, n) +
                                    inverse);
            return;
        }
        checkLabel_->setText(tr("\u2714 circuit valid"));
        checkLabel_->setStyleSheet("color:#2e7d32");
        checkLabel_->setToolTip(tr("Every configuration compiles (%n configuration(s))", nullptr, n));
        return;
    }
    checkLabel_->setText(failing == n ? tr("\u26a0 does not compile") : tr("\u26a0 %1 of %2 configurations do not compile").arg(failing).arg(n));
    checkLabel_->setStyleSheet("color:#b00020");
    QStringList tip;
    for (const auto& [error, names] : failures)
        tip << (static_cast<int>(names.size()) == n ? tr("every configuration") : names.join(", ")) + ":\n" + error;
    checkLabel_->setToolTip(tip.mid(0, 8).join("\n\n"));
}

QString MainWindow::checkText() const { return checkLabel_->text(); }

void MainWindow::flushCheck() {
    if (!checkTimer_->isActive()) return;
    checkTimer_->stop();
    updateBuildCheck();
}

void MainWindow::onSelectionChanged() {
    const QStringList ids = scene_->selectedComponentIds();
    props_->showComponent(ids.size() == 1 ? ids.front() : QString());
    actions_->get("sim.trainSurrogate")->setEnabled(!selectedVolume().isEmpty());
    if (ids.size() == 1)
        if (auto* d = findChild<QDockWidget*>("propertiesDock")) d->raise();
    statusBar()->showMessage(ids.size() > 1 ? tr("%1 components selected").arg(ids.size()) : QString(), 3000);
}

void MainWindow::replaceCircuit(hs::model::Circuit c, const QString& path) {
    undo_->clear();
    doc_->setCircuit(std::move(c));
    path_ = path;
    undo_->setClean();
    updateTitle();
    updateCheckNow();  // another circuit: no 250 ms of the previous one's verdict
    QTimer::singleShot(0, view_, &CircuitView::zoomToFit);
    view_->zoomToFit();
    emit documentReplaced();
}

void MainWindow::newCircuit() {
    startEmpty();
    recovery_->clear();
}

void MainWindow::startEmpty() {
    hs::model::Circuit c;
    c.name = tr("Untitled");
    hs::model::SolverConfigDoc ref;
    ref.name = QStringLiteral("RK4 1e-5");
    ref.description = tr("Reference: fixed-step RK4");
    ref.reference = true;
    c.configs.push_back(ref);
    untitledName_ = tr("untitled.hydro.json");
    replaceCircuit(std::move(c), {});
}

bool MainWindow::openFile(const QString& path, QString* error) {
    hs::model::LoadResult r = hs::model::loadCircuit(path, ctx_.registry);
    if (!r.ok()) {
        if (error) {
            QStringList shown = r.errors.mid(0, 12);
            if (r.errors.size() > 12) shown << tr("... and %1 more").arg(r.errors.size() - 12);
            *error = tr("%1 could not be opened:\n\n%2").arg(QDir::toNativeSeparators(path), shown.join('\n'));
        }
        return false;
    }
    replaceCircuit(std::move(*r.circuit), QFileInfo(path).absoluteFilePath());
    ctx_.settings.addRecentFile(path);
    ctx_.settings.setLastDirectory(QFileInfo(path).absolutePath());
    updateRecentMenu();
    return true;
}

bool MainWindow::openExample(const QString& path, QString* error) {
    hs::model::LoadResult r = hs::model::loadCircuit(path, ctx_.registry);
    if (!r.ok()) {
        if (error) *error = r.errors.join('\n');
        return false;
    }
    untitledName_ = QFileInfo(path).fileName() + tr(" (example copy)");
    replaceCircuit(std::move(*r.circuit), {});
    return true;
}

bool MainWindow::saveTo(const QString& path, QString* error) {
    if (!hs::model::saveCircuit(doc_->circuit(), path, error)) return false;
    path_ = QFileInfo(path).absoluteFilePath();
    undo_->setClean();
    recovery_->clear();
    ctx_.settings.addRecentFile(path_);
    ctx_.settings.setLastDirectory(QFileInfo(path_).absolutePath());
    updateRecentMenu();
    updateTitle();
    statusBar()->showMessage(tr("Saved %1").arg(QDir::toNativeSeparators(path_)), 4000);
    return true;
}

bool MainWindow::save() {
    if (path_.isEmpty()) return saveAs();
    QString err;
    if (saveTo(path_, &err)) return true;
    QMessageBox::critical(this, tr("Save failed"), tr("The circuit was not saved; the file on disk is unchanged.\n\n%1").arg(err));
    return false;
}

bool MainWindow::saveAs() {
    QString path = QFileDialog::getSaveFileName(this, tr("Save circuit"), proposedSavePath(), tr("HydroStiff circuits (*.hydro.json)"));
    if (path.isEmpty()) return false;
    if (!path.endsWith(".hydro.json")) path += path.endsWith(".json") ? QString() : QStringLiteral(".hydro.json");
    QString err;
    if (saveTo(path, &err)) return true;
    QMessageBox::critical(this, tr("Save failed"), tr("The circuit was not saved.\n\n%1").arg(err));
    return false;
}

QString MainWindow::documentDirectory() const {
    if (!path_.isEmpty()) return QFileInfo(path_).absolutePath();
    const QString last = ctx_.settings.lastDirectory();
    if (!last.isEmpty() && QDir(last).exists() && last != QDir::homePath()) return last;
    // Never used a folder yet: the user's documents folder rather than the bare home folder.
    const QString docs = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    return !docs.isEmpty() && QDir(docs).exists() ? docs : QDir::homePath();
}

QString MainWindow::proposedSavePath() const {
    if (!path_.isEmpty()) return path_;
    // The circuit's own name (Circuit dock), else the example it was copied from, else a plain
    // "circuit": never "untitled".
    QString stem;
    for (const QChar c : doc_->circuit().name.trimmed().toLower()) stem += c.isLetterOrNumber() || c == '-' ? c : QChar('_');
    while (stem.contains("__")) stem.replace("__", "_");
    while (stem.startsWith('_')) stem.remove(0, 1);
    while (stem.endsWith('_')) stem.chop(1);
    if (stem.isEmpty() || stem == "untitled") {
        stem = untitledName_.section(' ', 0, 0).section(".hydro.json", 0, 0);
        if (stem.isEmpty() || stem == "untitled" || stem == "recovered") stem = QStringLiteral("circuit");
    }
    const QDir dir(documentDirectory());
    QString file = stem + ".hydro.json";
    for (int n = 2; dir.exists(file); ++n) file = stem + '_' + QString::number(n) + ".hydro.json";
    return dir.filePath(file);
}

void MainWindow::openDialog() {
    if (!maybeSave()) return;
    const QString path = QFileDialog::getOpenFileName(this, tr("Open circuit"), ctx_.settings.lastDirectory(),
                                                      tr("HydroStiff circuits (*.hydro.json);;JSON (*.json);;All files (*)"));
    if (path.isEmpty()) return;
    QString err;
    if (!openFile(path, &err)) QMessageBox::critical(this, tr("Cannot open circuit"), err);
}

bool MainWindow::maybeSave() {
    if (!isDirty()) return true;
    const auto b = QMessageBox::warning(this, tr("Unsaved changes"),
                                        tr("The circuit has unsaved changes. Save them first?"),
                                        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (b == QMessageBox::Save) return save();
    return b == QMessageBox::Discard;
}

void MainWindow::updateRecentMenu() {
    recentMenu_->clear();
    for (const QString& f : ctx_.settings.recentFiles()) {
        QAction* act = recentMenu_->addAction(QFileInfo(f).fileName());
        act->setToolTip(f);
        act->setStatusTip(f);
        connect(act, &QAction::triggered, this, [this, f] {
            if (!maybeSave()) return;
            QString err;
            if (!openFile(f, &err)) {
                ctx_.settings.removeRecentFile(f);
                updateRecentMenu();
                QMessageBox::critical(this, tr("Cannot open circuit"), err);
            }
        });
    }
    recentMenu_->setEnabled(!recentMenu_->isEmpty());
}

void MainWindow::autosave() {
    if (!isDirty()) return;
    QString err;
    if (!recovery_->write(hs::model::serializeCircuit(doc_->circuit()), path_, &err))
        statusBar()->showMessage(tr("Autosave failed: %1").arg(err), 6000);
}

bool MainWindow::restoreRecovery() {
    const auto e = recovery_->pending();
    if (!e) return false;
    hs::model::LoadResult r = hs::model::parseCircuit(e->json, ctx_.registry);
    if (!r.circuit) return false;
    untitledName_ = tr("recovered.hydro.json");
    replaceCircuit(std::move(*r.circuit), e->originalPath);
    // Restored work is unsaved work: dirty until the user saves it.
    undo_->resetClean();
    updateTitle();
    return true;
}

void MainWindow::offerRecovery() {
    const auto e = recovery_->pending();
    if (!e) return;
    const QString where = e->originalPath.isEmpty() ? tr("an unsaved circuit") : QDir::toNativeSeparators(e->originalPath);
    const auto b = QMessageBox::question(this, tr("Restore unsaved work?"),
                                         tr("HydroStiff did not close cleanly last time. Autosaved changes to %1 were "
                                            "found.\n\nRestore them?").arg(where),
                                         QMessageBox::Yes | QMessageBox::Discard, QMessageBox::Yes);
    if (b == QMessageBox::Yes && restoreRecovery()) return;
    recovery_->clear();
}

void MainWindow::showManual() {
    if (!manual_) {
        manual_ = new QDialog(this);
        manual_->setObjectName("manualDialog");
        manual_->setWindowTitle(tr("HydroStiff manual"));
        auto* tabs = new QTabWidget(manual_);
        const std::pair<const char*, QString> docs[] = {{"editor.md", tr("Editor")}, {"running.md", tr("Run and compare")},
                                                        {"methods.md", tr("Pressure methods")}, {"file-format.md", tr("File format")}};
        for (const auto& [file, title] : docs) {
            auto* browser = new QTextBrowser(tabs);
            browser->setObjectName(QString("manual_") + file);
            browser->setOpenExternalLinks(true);
            // Links between the pages ("running.md") open in the same tab.
            browser->setSource(QUrl(QString("qrc:/docs/") + file), QTextDocument::MarkdownResource);
            tabs->addTab(browser, title);
        }
        auto* lay = new QVBoxLayout(manual_);
        lay->addWidget(tabs);
        manual_->resize(std::min(width() * 3 / 4, 1000), height() * 4 / 5);
    }
    manual_->show();
    manual_->raise();
}

void MainWindow::addPanel(QDockWidget* dock, Qt::DockWidgetArea area) {
    addDockWidget(area, dock);
    viewMenu_->addAction(dock->toggleViewAction());
}

void MainWindow::closeEvent(QCloseEvent* e) {
    if (!maybeSave()) {
        e->ignore();
        return;
    }
    ctx_.settings.setWindow(saveGeometry(), saveState());
    recovery_->clear();
    e->accept();
}

QString MainWindow::attachMonitor(const QString& path) {
    if (!monitorDock_) {
        monitorDock_ = new MonitorDock(this, runner_->workspace(), ctx_.registry, [this] { return doc_->circuit(); });
        addDockWidget(Qt::RightDockWidgetArea, monitorDock_);
    }
    const QString e = monitorDock_->load(path);
    if (e.isEmpty()) monitorDock_->show();
    return e;
}

}  // namespace hs::gui
