// SPDX-License-Identifier: GPL-3.0-or-later
// The stacked comparison plot: for every chosen probe a value plot with every configuration
// overlaid (the reference thin and dark on top, the others in their colour beneath) and, under
// it, the error plot (configuration minus reference). All plots share the time axis. Data are
// appended incrementally from growing traces with one replot per append() call, never per
// sample; QCustomPlot's adaptive sampling keeps 1e6 points per trace smooth.
// Mouse: wheel zooms time, drag pans, box zoom (when on) zooms time and value, double click or
// resetView() returns to following the run. Moving the mouse places a cursor line in every plot
// and emits the value of every trace at that time (drawn on a buffered layer: no full replot).
// Cursors A and B (setDeltaCursors) are dragged with the left button; deltaReadout() reads every
// trace at both and their difference.
#pragma once

#include <QStringList>
#include <memory>
#include <vector>

#include <qcustomplot.h>

#include "delta_cursors.h"
#include "sim/simulator.h"

namespace hs::widgets {

// One configuration as the plot sees it; pointers stay valid until the next append().
struct PlotSeries {
    QString name;
    bool reference = false;
    int colorIndex = 0;
    const sim::Trace* trace = nullptr;  // grows between calls
    const sim::Trace* error = nullptr;  // config minus reference on the reference grid, or null
    int generation = 0;                 // changes when the trace was replaced: redraw from scratch
    bool complete = false;              // the trace is final: draw every sample
    bool errorComplete = false;         // the error trace is final too
};

class TracePlot : public QCustomPlot {
    Q_OBJECT
public:
    explicit TracePlot(QWidget* parent = nullptr);
    ~TracePlot() override;

    // Starts a new run: forget the data, keep the probe choice. timeSpan: the run's duration.
    void beginRun(double timeSpan);
    // Probes to draw, by trace column name, top to bottom.
    void setProbes(const QStringList& probes);
    QStringList probes() const { return probes_; }
    // Appends what is new in the series since the last call; returns the number of new samples
    // taken in (value and error graphs). Replots once if anything changed.
    qint64 append(const std::vector<PlotSeries>& series);
    // Earlier runs of a configuration, drawn faint (run number, complete trace).
    void setPrevious(int series, const std::vector<std::pair<int, const sim::Trace*>>& runs);
    void setSeriesVisible(int series, bool visible);
    bool seriesVisible(int series) const;
    void setBoxZoom(bool on);
    // While streaming, lines are drawn without antialiasing (several times cheaper for the raster
    // engine at 30 frames a second); the finished plot is drawn smooth.
    void setStreaming(bool on);
    void resetView();

    int replotCount() const { return replots_; }
    // Points held by the value graph of a series for a probe (-1 if not drawn).
    int pointCount(int series, const QString& probe) const;
    // About one bucket per pixel column of a wide plot: min and max per column is what a line
    // drawn at that width can show anyway.
    static constexpr int kLiveBuckets = 1500;
    int errorPointCount(int series, const QString& probe) const;
    // Value graphs currently holding data, per series (for tests and the screenshot check).
    std::vector<int> graphsWithData() const;

    // The values of every drawn trace at time t, as rich text (colour swatches, display units).
    QString readout(double t) const;
    // The same as a table: one line per plotted configuration (hidden ones left out), one cell
    // per probe ("value (Δ error)" in the display unit; empty where it has no sample).
    struct Readout {
        double t = 0;
        QStringList columns;  // "p_v [bar]"
        struct Line {
            int series = -1;
            QString name;
            QColor colour;
            Qt::PenStyle dash = Qt::SolidLine;
            QStringList cells;
            std::vector<double> values;  // per column, in the display unit; nan where empty
        };
        std::vector<Line> lines;
    };
    Readout readoutTable(double t) const;

    // Cursors A and B: on or off (off keeps their times for the next time), their times [s].
    void setDeltaCursors(bool on);
    bool deltaCursors() const { return deltas_->enabled(); }
    double cursorTime(DeltaCursors::Which w) const { return deltas_->time(w); }
    void setCursorTime(DeltaCursors::Which w, double t);
    // Every plotted trace at A, at B and B - A: three columns per probe ("p1 A [bar]",
    // "p1 B [bar]", "p1 B−A [bar]"), a line per configuration with a value at A or B.
    Readout deltaReadout() const;

signals:
    void cursorMoved(double t, const QString& readout);
    void cursorLeft();
    // A cursor moved, or the values under the cursors may have (new samples, a configuration
    // shown or hidden, another run); only while they are on.
    void deltaCursorsChanged();

protected:
    void leaveEvent(QEvent* e) override;
    void mousePressEvent(QMouseEvent* e) override;
    void mouseMoveEvent(QMouseEvent* e) override;
    void mouseReleaseEvent(QMouseEvent* e) override;
    void updateLayout() override;

private:
    // Live decimation: while a run streams, each graph gets the min and max of every time
    // bucket (timeSpan / kLiveBuckets wide), so a replot walks thousands of points, not 1e6;
    // when the trace is complete the graph gets every sample once.
    struct Envelope {
        long long bucket = -1;
        int count = 0;
        double t0 = 0, v0 = 0, tMin = 0, vMin = 0, tMax = 0, vMax = 0;
        bool full = false;  // holds the complete trace
    };
    struct Row {
        QString probe;
        QString unitLabel;
        double scale = 1;
        QCPAxisRect* value = nullptr;
        QCPAxisRect* error = nullptr;
        std::vector<QCPGraph*> graphs, errors;  // per series (null if the series has no such column)
        std::vector<QCPGraph*> faint;
        std::vector<Envelope> valueEnv, errorEnv;  // per series
        QCPItemStraightLine* cursor[2] = {nullptr, nullptr};
        double vmin = 1e300, vmax = -1e300, emin = 1e300, emax = -1e300;
        double fmin = 1e300, fmax = -1e300;  // faint earlier runs
    };
    void rebuild();
    void fill(Row& row, size_t s, size_t from, size_t fromErr);
    void applyRanges();
    void onTimeRangeChanged(const QCPRange& r);
    void moveCursor(double t);
    // Axis titles that fit their rect's height, tick counts that keep tick labels apart;
    // true if anything changed.
    bool fitAxes();

    std::vector<Row> rows_;
    QStringList probes_;
    std::vector<PlotSeries> series_;                       // last seen (names, colours, generations)
    std::vector<size_t> done_, doneErr_;                   // points appended per series
    std::vector<size_t> columns_;                          // columns per series when last seen
    std::vector<bool> visible_;
    std::vector<std::vector<std::pair<int, const sim::Trace*>>> previous_;
    QCPMarginGroup* margins_ = nullptr;
    QCPLayer* cursorLayer_ = nullptr;
    std::unique_ptr<DeltaCursors> deltas_;
    int dragging_ = -1;  // the cursor being dragged, -1 none
    double timeSpan_ = 1, tMax_ = 0;
    bool follow_ = true, settingRange_ = false, needRebuild_ = true;
    int replots_ = 0;
};

}  // namespace hs::widgets
