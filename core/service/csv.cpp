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

QString writeCsv(const QString& path, const std::vector<CsvColumn>& columns) {
    size_t rows = columns.empty() ? 0 : columns.front().values.size();
    for (const auto& c : columns)
        if (c.values.size() != rows) return "CSV columns have different lengths (" + QString::fromStdString(c.name) + ")";
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Text)) return "cannot write " + path + ": " + f.errorString();
    std::string line;
    for (size_t i = 0; i < columns.size(); ++i) {
        if (i) line += ',';
        line += quoted(columns[i].name + " [" + columns[i].unit + "]");
    }
    line += '\n';
    f.write(line.data(), static_cast<qint64>(line.size()));
    for (size_t r = 0; r < rows; ++r) {
        line.clear();
        for (size_t i = 0; i < columns.size(); ++i) {
            if (i) line += ',';
            line += formatNumber(columns[i].values[r]);
        }
        line += '\n';
        f.write(line.data(), static_cast<qint64>(line.size()));
    }
    if (!f.commit()) return "cannot write " + path + ": " + f.errorString();
    return {};
}

}  // namespace hs::service
