// SPDX-License-Identifier: GPL-3.0-or-later
#include "csv.h"

#include <QSaveFile>
#include <charconv>
#include <cmath>

namespace hs::service {

std::string formatNumber(double v) {
    if (std::isnan(v)) return "nan";
    if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
    char buf[64];
    auto r = std::to_chars(buf, buf + sizeof buf, v);  // locale-independent, round-trips
    return std::string(buf, r.ptr);
}

namespace {
std::string quoted(const std::string& s) {
    if (s.find_first_of(",\"\n") == std::string::npos) return s;
    std::string o = "\"";
    for (char c : s) o += c == '"' ? std::string("\"\"") : std::string(1, c);
    return o + "\"";
}
}  // namespace

std::string csvHeader(const std::vector<std::string>& names, const std::vector<std::string>& units) {
    std::string line;
    for (size_t i = 0; i < names.size(); ++i) {
        if (i) line += ',';
        line += quoted(names[i] + " [" + (i < units.size() ? units[i] : std::string()) + "]");
    }
    return line + '\n';
}

void appendCsvRow(std::string& line, const double* values, size_t n) {
    for (size_t i = 0; i < n; ++i) {
        if (i) line += ',';
        line += formatNumber(values[i]);
    }
    line += '\n';
}

QString writeTextFile(const QString& path, const std::string& text) {
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Text)) return "cannot write " + path + ": " + f.errorString();
    f.write(text.data(), static_cast<qint64>(text.size()));
    if (!f.commit()) return "cannot write " + path + ": " + f.errorString();
    return {};
}

QString writeCsv(const QString& path, const std::vector<CsvColumn>& columns) {
    size_t rows = columns.empty() ? 0 : columns.front().values.size();
    for (const auto& c : columns)
        if (c.values.size() != rows) return "CSV columns have different lengths (" + QString::fromStdString(c.name) + ")";
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Text)) return "cannot write " + path + ": " + f.errorString();
    std::vector<std::string> names, units;
    for (const auto& c : columns) {
        names.push_back(c.name);
        units.push_back(c.unit);
    }
    std::string line = csvHeader(names, units);
    f.write(line.data(), static_cast<qint64>(line.size()));
    std::vector<double> row(columns.size());
    for (size_t r = 0; r < rows; ++r) {
        for (size_t i = 0; i < columns.size(); ++i) row[i] = columns[i].values[r];
        line.clear();
        appendCsvRow(line, row.data(), row.size());
        f.write(line.data(), static_cast<qint64>(line.size()));
    }
    if (!f.commit()) return "cannot write " + path + ": " + f.errorString();
    return {};
}

}  // namespace hs::service
