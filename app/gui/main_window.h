// SPDX-License-Identifier: GPL-3.0-or-later
// The editor's main window: canvas in the centre, library, properties, circuit settings,
// configurations and undo history in docks; menus and tool bar from the ActionTable; files,
// recent files, examples, autosave and recovery. Another panel (the run/plot panel) docks in
// with addPanel() and listens to runRequested()/stopRequested().
#pragma once

#include <QMainWindow>
#include <QString>
#include <QStringList>

#include <memory>

class QDialog;
class QDockWidget;
class QLabel;
class QMenu;
class QTimer;
class QUndoStack;

namespace hs::model {
class CircuitDocument;
class Circuit;
}
namespace hs::sim {
class Registry;
}
namespace hs::widgets {
class CircuitScene;
class CircuitView;
class LibraryPalette;
class PropertyEditor;
class ConfigurationEditor;
class SymbolLibrary;
}  // namespace hs::widgets

namespace hs::gui {

class ActionTable;
class GuiSettings;
class RecoveryStore;
class NarxTrainDialog;
class RunController;

struct MainWindowContext {
    const hs::sim::Registry& registry;
    GuiSettings& settings;
    QString examplesDir;  // examples/*.hydro.json for the Examples menu
    QString recoveryDir;  // where autosave writes
};

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(MainWindowContext ctx, QWidget* parent = nullptr);
    ~MainWindow() override;

    hs::model::CircuitDocument& document() const { return *doc_; }
    hs::widgets::CircuitScene& scene() const { return *scene_; }
    hs::widgets::CircuitView& view() const { return *view_; }
    hs::widgets::LibraryPalette& palette() const { return *palette_; }
    hs::widgets::PropertyEditor& properties() const { return *props_; }
    hs::widgets::ConfigurationEditor& configurations() const { return *configs_; }
    QUndoStack& undoStack() const { return *undo_; }
    const ActionTable& actions() const { return *actions_; }
    // Run, watch and compare: the run dock, its workspace and the status-bar progress.
    RunController& runner() const { return *runner_; }
    // Loads a condition monitor model into the monitor dock (created on first use, shown):
    // "" or why not (docs/condition-monitoring.md).
    QString attachMonitor(const QString& path);
    class MonitorDock* monitorDock() const { return monitorDock_; }
    QString currentPath() const { return path_; }
    // Where Save As starts: the file's path, else "<circuit name>.hydro.json" (the example's
    // name for an example copy, "circuit" for a new one; never "untitled") in the last folder
    // used, or the documents folder.
    QString proposedSavePath() const;
    // The folder of the file, else the last folder used, else the documents folder.
    QString documentDirectory() const;
    // File > Export (the run dock fills it).
    QMenu* exportMenu() const { return exportMenu_; }
    // The status bar's circuit check: "✔ circuit valid" only if the document passes the load
    // checks and every configuration compiles (the builder's verdict; with every edit, or 250 ms
    // after the last one when a check takes longer than 30 ms).
    QString checkText() const;
    // Runs a pending builder check now (tests, and before a run).
    void flushCheck();
    // Runs the whole check now, pending or not.
    void updateCheckNow() {
        updateCheck();
        flushCheck();
    }
    bool isDirty() const;

    // Without dialogs (scripts and tests): false with *error naming the problem; on failure the
    // open circuit is left as it was.
    bool openFile(const QString& path, QString* error);
    bool saveTo(const QString& path, QString* error);
    void newCircuit();
    // Opens an example as an untitled copy, so that Save cannot overwrite the shipped file.
    bool openExample(const QString& path, QString* error);
    // File > Import Hopsan model (main_window_import.cpp): the model as a new, untitled circuit;
    // refused (false, *error) with the open circuit untouched when a type cannot be mapped,
    // unless partial. *report gets what was not imported (unsupported types, notes).
    bool importHopsan(const QString& path, bool partial, QString* error, QStringList* report = nullptr);
    // Autosave now (the timer calls it); restore offers the recovery file if one is pending.
    void autosave();
    void offerRecovery();
    bool restoreRecovery();

    // The one selected component if it is a volume (hosts a pressure method), else "".
    QString selectedVolume() const;
    // Simulation > Train Surrogate... for the selected volume (non-modal; null with a status
    // message when no volume is selected).
    NarxTrainDialog* openTrainSurrogate();

    // Help > Manual: the docs (editor, running, methods, file format) in a window of tabs.
    void showManual();

    // A dock from another part of the program; it gets an entry in the View menu.
    void addPanel(QDockWidget* dock, Qt::DockWidgetArea area = Qt::BottomDockWidgetArea);

signals:
    void runRequested();
    void stopRequested();
    void documentReplaced();

protected:
    void closeEvent(QCloseEvent* e) override;

private:
    void startEmpty();
    void buildDocks();
    void buildMenus();
    void connectActions();
    void updateTitle();
    void updateRecentMenu();
    void updateCheck();
    void updateBuildCheck();
    bool maybeSave();
    bool save();
    bool saveAs();
    void openDialog();
    void importHopsanDialog();
    void replaceCircuit(hs::model::Circuit c, const QString& path);
    void onSelectionChanged();

    MainWindowContext ctx_;
    std::unique_ptr<hs::widgets::SymbolLibrary> symbols_;
    hs::model::CircuitDocument* doc_;
    QUndoStack* undo_;
    hs::widgets::CircuitScene* scene_;
    hs::widgets::CircuitView* view_;
    hs::widgets::LibraryPalette* palette_ = nullptr;
    hs::widgets::PropertyEditor* props_ = nullptr;
    hs::widgets::ConfigurationEditor* configs_ = nullptr;
    std::unique_ptr<ActionTable> actions_;
    std::unique_ptr<RecoveryStore> recovery_;
    QMenu* viewMenu_ = nullptr;
    QMenu* recentMenu_ = nullptr;
    QMenu* examplesMenu_ = nullptr;
    QMenu* exportMenu_ = nullptr;
    QDialog* manual_ = nullptr;
    QLabel* checkLabel_ = nullptr;
    QLabel* zoomLabel_ = nullptr;
    QTimer* autosaveTimer_ = nullptr;
    QTimer* checkTimer_ = nullptr;
    double lastBuildCheckMs_ = 0;  // how long the last builder check took
    RunController* runner_ = nullptr;
    class MonitorDock* monitorDock_ = nullptr;
    QString path_, untitledName_;
};

}  // namespace hs::gui
