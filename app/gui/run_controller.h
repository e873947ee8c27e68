// SPDX-License-Identifier: GPL-3.0-or-later
// Run, watch and compare inside the editor's window: the RunWorkspace in a bottom dock, driven
// by the window's Run / Stop actions (Run hands it a copy of the document, so editing goes on
// during the run), a progress bar in the status bar, probe on click (a component or volume
// clicked on the canvas shows its traces) and the last pressure of a hovered wire. The results
// stay with the window until another circuit is opened.
#pragma once

#include <QObject>
#include <QString>

class QDockWidget;
class QProgressBar;

namespace hs::sim {
class Registry;
}
namespace hs::widgets {
class RunWorkspace;
}

namespace hs::gui {

class MainWindow;

class RunController : public QObject {
    Q_OBJECT
public:
    RunController(MainWindow& window, const hs::sim::Registry& registry);

    hs::widgets::RunWorkspace& workspace() const { return *workspace_; }
    QDockWidget* dock() const { return dock_; }
    QProgressBar* progressBar() const { return progress_; }

    // What Run does: "" or why nothing started.
    QString run();
    // Probe on click records every node (on by default); the GUI benchmark turns it off so that
    // it runs exactly the file's probes, like the CLI run it is compared with.
    void setClickProbes(bool on) { clickProbes_ = on; }
    // What hovering the wire "comp.port>comp.port" shows (empty without results).
    QString wireText(const QString& wireKey) const;

private:
    void onComponentActivated(const QString& id);
    void onWireHovered(const QString& wireKey);
    void onFinished();

    MainWindow& window_;
    hs::widgets::RunWorkspace* workspace_;
    QDockWidget* dock_;
    QProgressBar* progress_;
    bool dockSized_ = false;
    bool clickProbes_ = true;
    const hs::sim::Registry& registry_;
};

}  // namespace hs::gui
