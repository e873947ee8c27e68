// SPDX-License-Identifier: GPL-3.0-or-later
// Cursors A and B of the stacked plot, as LTspice and Hopsan users know them: two vertical lines
// through every plot, each dragged along time with the mouse, labelled "A" and "B" at the top.
// They live on the plot's buffered cursor layer (moving one redraws that layer only) and know
// nothing of traces: the plot reads its values at time(A) and time(B).
#pragma once

#include <array>
#include <vector>

#include <qcustomplot.h>

namespace hs::widgets {

class DeltaCursors {
public:
    enum Which { A = 0, B = 1 };

    DeltaCursors(QCustomPlot* plot, QCPLayer* layer);

    bool enabled() const { return enabled_; }
    // On: the cursors appear where they were, or, the first time, at a quarter and three
    // quarters of `visible` (the time range in view).
    void setEnabled(bool on, const QCPRange& visible);
    double time(Which w) const { return t_[w]; }
    void setTime(Which w, double t);
    // Creates the lines again in these axis rects (the plot rebuilt its layout and cleared its
    // items); the first rect gets the "A" / "B" labels.
    void attach(const std::vector<QCPAxisRect*>& rects);
    // The cursor whose line is within `pixels` of x (widget coordinates) in rect, or -1.
    int hit(const QCPAxisRect* rect, double x, double pixels = 6) const;

private:
    void place();

    QCustomPlot* plot_;
    QCPLayer* layer_;
    bool enabled_ = false, placed_ = false;
    std::array<double, 2> t_{0, 0};
    std::array<std::vector<QCPItemStraightLine*>, 2> lines_;
    std::array<QCPItemText*, 2> labels_{nullptr, nullptr};
};

// The colour of cursor A or B (lines, labels, the readout's header).
QColor deltaCursorColour(DeltaCursors::Which w);

}  // namespace hs::widgets
