// SPDX-License-Identifier: GPL-3.0-or-later
// The plot side of the run workspace: which probes to draw and which configurations to show
// (two checkable lists in a narrow column, so that ten configurations do not widen the window),
// box zoom / reset view, cursors A and B, the stacked TracePlot, and the cursor readout: the
// traces at the mouse, or, with cursors A and B on, at A, at B and B - A with delta-t.
#pragma once

#include <QStringList>
#include <QWidget>
#include <functional>
#include <vector>

#include "trace_plot.h"

class QHBoxLayout;
class QLabel;
class QListWidget;
class QSplitter;
class QTableWidget;
class QToolButton;

namespace hs::widgets {

class PlotPanel : public QWidget {
    Q_OBJECT
public:
    explicit PlotPanel(QWidget* parent = nullptr);

    struct SeriesInfo {
        QString name;
        bool reference = false;
        int colorIndex = 0;
    };
    // A new run: legend entries, a cleared plot spanning [0, timeSpan].
    void beginRun(const std::vector<SeriesInfo>& series, double timeSpan);
    // The probes a run records, in order; the checked ones stay checked by name, otherwise the
    // first few are checked.
    void setAvailableProbes(const QStringList& names, const QStringList& units);
    QStringList availableProbes() const;
    QStringList shownProbes() const;
    // Shows exactly these probes (unknown names are ignored); false if none of them exists.
    bool showProbes(const QStringList& probes);

    qint64 append(const std::vector<PlotSeries>& series) { return plot_->append(series); }
    TracePlot* plot() const { return plot_; }
    QString readoutText() const;
    // A widget at the left end of the row above the plots (the workspace's tool bar).
    void addToolWidget(QWidget* w);
    // The legend: one checkable entry per configuration of the run, in its colour and dash.
    QListWidget* legend() const { return legend_; }
    // With more than 12 configurations a new run plots only the reference and these (the
    // configuration selected in the editor); "All" in the legend shows the rest.
    void setPreferredConfigs(const QStringList& names);
    // The cursor readout (hidden while the mouse is not over a plot, unless cursors A/B are on).
    QTableWidget* readoutTable() const;
    // The "Cursors A/B" button (checkable).
    QToolButton* deltaCursorsButton() const { return deltaButton_; }

private:
    void onProbeChoiceChanged();
    void checkSeries(const std::function<bool(int, bool)>& on);
    void updatePlottedLabel();
    void showReadout(double t);
    void showDeltaReadout();
    void fillReadoutTable(const TracePlot::Readout& r);
    void clearReadout();
    static constexpr int kReadoutRows = 4;

    TracePlot* plot_;
    QListWidget* probes_;
    QListWidget* legend_;
    QHBoxLayout* top_;
    QToolButton* boxZoom_;
    QToolButton* deltaButton_;
    QLabel* readout_;
    QTableWidget* readoutTable_;
    QLabel* plotted_;
    QSplitter* split_ = nullptr;
    QStringList preferred_, seriesNames_;
    bool updatingChoice_ = false;
};

}  // namespace hs::widgets
