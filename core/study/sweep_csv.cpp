// SPDX-License-Identifier: GPL-3.0-or-later
// writeSweepCsv (sweep.h): the probe columns are the union over the rows in first-seen order, so
// that failed runs (no probes) and runs that recorded fewer probes still fill every column.
#include <algorithm>
#include <limits>
#include <string>

#include "service/csv.h"
#include "sweep.h"

namespace hs::study {

namespace {

std::string quoted(const QString& text) {
    const std::string s = text.toStdString();
    if (s.find_first_of(",\"\n\r") == std::string::npos) return s;
    std::string o = "\"";
    for (char ch : s) o += ch == '"' ? std::string("\"\"") : ch == '\n' ? std::string("; ") : ch == '\r' ? std::string() : std::string(1, ch);
    return o + "\"";
}

double stat(const ProbeSummary& s, const QString& which) {
    if (which == "final") return s.final;
    if (which == "min") return s.min;
    if (which == "max") return s.max;
    return s.mean;
}

}  // namespace

QString writeSweepCsv(const QString& path, const SweepOptions& opt, const SweepResult& res, const QStringList& probes,
                      const QStringList& stats) {
    std::vector<std::string> names;
    std::vector<std::string> units;
    if (!probes.isEmpty()) {
        for (const auto& p : probes) names.push_back(p.toStdString());
        units.resize(names.size());
    }
    for (const auto& row : res.rows)
        for (const auto& s : row.probes) {
            auto it = std::find(names.begin(), names.end(), s.name);
            if (it == names.end() && probes.isEmpty()) {
                names.push_back(s.name);
                units.push_back(s.unit);
            } else if (it != names.end() && units[size_t(it - names.begin())].empty()) {
                units[size_t(it - names.begin())] = s.unit;
            }
        }
    const bool rrmse = opt.againstReference;
    std::string text = "run";
    for (const auto& a : opt.axes) text += "," + quoted(a.key());
    text += ",status,wall_s,steps";
    for (size_t k = 0; k < names.size(); ++k) {
        const QString n = QString::fromStdString(names[k]);
        const QString u = units[k].empty() ? QString() : " [" + QString::fromStdString(units[k]) + "]";
        for (const auto& st : stats) text += "," + quoted(n + ":" + st + u);
        if (rrmse) text += "," + quoted(n + ":rrmse [%]");
    }
    text += ",error\n";
    const double nan = std::numeric_limits<double>::quiet_NaN();
    for (size_t r = 0; r < res.rows.size(); ++r) {
        const SweepRow& row = res.rows[r];
        text += std::to_string(r + 1);
        for (double v : row.point) text += "," + service::formatNumber(v);
        text += "," + row.status.toStdString() + "," + service::formatNumber(row.wallSeconds) + "," + std::to_string(row.steps);
        for (const auto& n : names) {
            const ProbeSummary* s = nullptr;
            for (const auto& p : row.probes)
                if (p.name == n) s = &p;
            for (const auto& st : stats) text += "," + service::formatNumber(s ? stat(*s, st) : nan);
            if (rrmse) {
                double e = nan;
                for (const auto& pe : row.errors)
                    if (pe.name == n) e = pe.rrmse;
                text += "," + service::formatNumber(e);
            }
        }
        text += "," + quoted(row.error) + "\n";
    }
    return service::writeTextFile(path, text);
}

}  // namespace hs::study
