// SPDX-License-Identifier: GPL-3.0-or-later
// Shared look of the run widgets: one colour per configuration (the same in plots, legend, run
// panel and metrics table), and the display units of the plots (the data stay SI; the axes show
// the units hydraulics people read: bar, L/min, mm).
#pragma once

#include <QColor>
#include <QString>
#include <string>

namespace hs::widgets {

// The reference is near-black; the others take a qualitative palette in configuration order
// (index counts configurations, reference included, so colours stay put when one is added).
// Twelve hues, then the same hues dashed, dotted, dash-dotted, dash-dot-dotted: 60 configurations
// look different (configDash gives the pattern; the reference is near-black and solid).
QColor configColor(int index, bool reference);
Qt::PenStyle configDash(int index, bool reference);

struct DisplayUnit {
    QString label;       // "bar"
    double scale = 1.0;  // display value = SI value * scale
};
DisplayUnit displayUnit(const std::string& siUnit);

// "1.23 s", "45 ms", "2 min 3 s": a compact duration for progress read-outs.
QString formatDuration(double seconds);

}  // namespace hs::widgets
