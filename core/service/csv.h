// SPDX-License-Identifier: GPL-3.0-or-later
// CSV output shared by the CLI and the GUI: one header row "name [unit]", '.' decimals whatever
// the locale, shortest round-trip representation of doubles, written atomically (QSaveFile).
#pragma once

#include <QString>
#include <string>
#include <vector>

namespace hs::service {

struct CsvColumn {
    std::string name;
    std::string unit;
    std::vector<double> values;
};

// Shortest text that parses back to the same double ("1e-05", "0.1", "nan").
std::string formatNumber(double v);

// The header line "name [unit],..." (quoted where needed), with its newline.
std::string csvHeader(const std::vector<std::string>& names, const std::vector<std::string>& units);
// Appends one row of n numbers, with its newline, to line.
void appendCsvRow(std::string& line, const double* values, size_t n);

// Writes text to path atomically (a temporary file renamed over path). Returns "" or an error
// naming the file.
QString writeTextFile(const QString& path, const std::string& text);

// Writes the columns (all the same length) to path. Returns "" or an error naming the file.
QString writeCsv(const QString& path, const std::vector<CsvColumn>& columns);

}  // namespace hs::service
