// SPDX-License-Identifier: GPL-3.0-or-later
// The progress line of the many-run commands (sweep, advise) on stderr:
// "[#######.........]  42/120 runs  35%  elapsed 1:02  ETA 1:55", redrawn in place on a
// terminal; off (nothing printed) when stderr is not a terminal or --quiet is given.
#pragma once

#include <QString>

#include "study/parallel_runs.h"

namespace hs::cli {

class ProgressBar {
public:
    explicit ProgressBar(bool enabled, QString what = "runs") : enabled_(enabled), what_(std::move(what)) {}
    void show(const study::StudyProgress& p);
    void clear();  // erases the line (call before printing results)

private:
    bool enabled_;
    QString what_;
};

// "1:02", "1:02:03" or "?" for a negative time.
QString clockText(double seconds);

}  // namespace hs::cli
