// SPDX-License-Identifier: GPL-3.0-or-later
// The numbers of a run, live while it goes and final after: what each configuration cost (wall
// time, steps, real-time factor, speed-up against the reference), how far each probe is from the
// reference (RMSE, RRMSE %, max |error|, in the plots' display units) and what the pressure
// methods did (inner and Newton iterations, failures, quasi-steady's indeterminate steps with
// their time and spans, as `compare` and the metrics CSV give them). Ctrl+C or the context menu copies all of
// it as tab-separated text.
#pragma once

#include <QString>
#include <QWidget>

class QLabel;
class QTableWidget;

namespace hs::service {
class RunService;
}

namespace hs::widgets {

class MetricsTable : public QWidget {
    Q_OBJECT
public:
    explicit MetricsTable(QWidget* parent = nullptr);

    void clear();
    // Reads status, live errors and (for ended configurations) the final results.
    void update(const service::RunService& run);
    // Every table as tab-separated text with a title line and a header row each.
    QString text() const;
    void copyToClipboard() const;

    QTableWidget* costTable() const { return cost_; }
    QTableWidget* errorTable() const { return errors_; }
    QTableWidget* methodTable() const { return methods_; }

private:
    QTableWidget* cost_;
    QTableWidget* errors_;
    QTableWidget* methods_;
    QLabel* errorsTitle_;
};

}  // namespace hs::widgets
