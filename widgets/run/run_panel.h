// SPDX-License-Identifier: GPL-3.0-or-later
// Progress of a run, one row per configuration: a bar of simulated time over duration, wall time,
// real-time factor and ETA, the state; under its row the builder's warnings (a warning sign
// before the name, the full text as its tooltip and in amber under the row: non-fatal, the run
// goes on) and, when a configuration fails, its message (time, volume, hint) while the others go
// on. An overall bar on top (the same value the workspace reports for the status bar).
#pragma once

#include <QWidget>
#include <vector>

class QGridLayout;
class QLabel;
class QProgressBar;

namespace hs::service {
class RunService;
}

namespace hs::widgets {

// How a run went, in words: "running: 3 of 5 configurations ended", "finished: 5 of 5 ran to the
// end", "finished: 3 of 5 ran to the end, 2 failed", "failed: all 4 configurations failed",
// "stopped: 2 of 5 ran to the end". The run panel's title and the status bar show it.
QString runSummary(const service::RunService& run);
// "" or, when the run recorded more coarsely than asked to keep memory bounded
// (RunService::recordsThinned), " (recorded every 0.1 s, ...)": after the title and the status bar.
QString recordsNote(const service::RunService& run);
// The run has ended and every configuration ran to the end.
bool runSucceeded(const service::RunService& run);

class RunPanel : public QWidget {
    Q_OBJECT
public:
    explicit RunPanel(QWidget* parent = nullptr);

    void beginRun(const service::RunService& run);
    void update(const service::RunService& run);
    // Overall progress in per mille: the mean of the configurations' simulated fractions (a
    // finished one counts in full, a failed or stopped one with what it simulated).
    int overallPermille() const { return overall_; }
    QString errorText(int config) const;
    // The warnings shown under a configuration's row ("" if none), one per line.
    QString warningText(int config) const;
    // The tooltip of a configuration's name (its warnings, or "").
    QString nameToolTip(int config) const;

private:
    static QString shownName(const QString& name, const QString& html);
    struct Row {
        QLabel* name;
        QProgressBar* bar;
        QLabel* info;
        QLabel* state;
        QLabel* warning;
        QLabel* error;
        QString nameHtml;
        int warnings = -1;  // how many the row shows (-1: not yet known)
    };
    QLabel* title_;
    QProgressBar* total_;
    QGridLayout* grid_;
    std::vector<Row> rows_;
    int overall_ = 0;
};

}  // namespace hs::widgets
