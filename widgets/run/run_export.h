// SPDX-License-Identifier: GPL-3.0-or-later
// Exports of a run. The result files are written by the same core/service writers as
// `hydrostiff-cli run/compare --out`: CSV (one header row "name [unit]", '.' decimals, shortest
// round-trip numbers, atomic) or, for a name ending in .mat, a MATLAB MAT-file; plot images go to PNG, SVG or PDF by the file's suffix, also atomically
// (QSaveFile), so a failed export never leaves half a file over an old one.
#pragma once

#include <QString>

class QCustomPlot;

namespace hs::service {
struct Comparison;
}

namespace hs::widgets {

// Each returns "" or a message naming the file and the problem.
// Traces and the aligned comparison: CSV, or a MAT-file when path ends in .mat.
QString exportTraceFile(const service::Comparison& cmp, int config, const QString& path);
QString exportAlignedFile(const service::Comparison& cmp, const QString& path);
QString exportMetricsCsv(const service::Comparison& cmp, const QString& path);
// width/height 0: the plot's current size. PNG at twice the pixel density for sharp reports.
QString exportPlotImage(QCustomPlot& plot, const QString& path, int width = 0, int height = 0);

}  // namespace hs::widgets
