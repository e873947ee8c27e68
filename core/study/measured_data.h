// SPDX-License-Identifier: GPL-3.0-or-later
// Measured signals for identification: a CSV file with a header row, time [s] in the first
// column and one signal per other column; headings may carry a unit ("p1 [Pa]": the name is p1).
// The files `hydrostiff-cli run` writes read back as they are.
#pragma once

#include <QString>
#include <optional>
#include <vector>

namespace hs::study {

struct MeasuredData {
    std::vector<QString> names;  // the signal columns (time excluded)
    std::vector<double> time;
    std::vector<std::vector<double>> columns;
    int column(const QString& name) const;  // -1 if absent
};

// Returns nullopt and sets *error (file, line and what is wrong) on a bad file.
std::optional<MeasuredData> readMeasuredCsv(const QString& path, QString* error);

}  // namespace hs::study
