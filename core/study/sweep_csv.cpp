// SPDX-License-Identifier: GPL-3.0-or-later
// sweepTable and writeSweepCsv (sweep.h): the probe columns are the union over the rows in first-seen order, so
// that failed runs (no probes) and runs that recorded fewer probes still fill every column.
#include <algorithm>
#include <limits>
#include <string>

#include "service/csv.h"
#include "sweep.h"

namespace hs::study {

namespace {

std::string quoted(const std::string& s) {
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

const QStringList& sweepStatistics() {
    static const QStringList stats = {"final", "min", "max", "mean"};
    return stats;
}

SweepTable sweepTable(const SweepOptions& opt, const SweepResult& res, const QStringList& probes, const QStringList& stats) {
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
    SweepTable t;
    t.header.push_back("run");
    for (const auto& a : opt.axes) t.header.push_back(a.key().toStdString());
    for (const char* h : {"status", "wall_s", "steps"}) t.header.push_back(h);
    for (size_t k = 0; k < names.size(); ++k) {
        const std::string u = units[k].empty() ? std::string() : " [" + units[k] + "]";
        for (const auto& st : stats) t.header.push_back(names[k] + ":" + st.toStdString() + u);
        if (rrmse) t.header.push_back(names[k] + ":rrmse [%]");
    }
    t.header.push_back("error");
    const double nan = std::numeric_limits<double>::quiet_NaN();
    for (size_t r = 0; r < res.rows.size(); ++r) {
        const SweepRow& row = res.rows[r];
        std::vector<std::string> cells{std::to_string(r + 1)};
        for (double v : row.point) cells.push_back(service::formatNumber(v));
        cells.push_back(row.status.toStdString());
        cells.push_back(service::formatNumber(row.wallSeconds));
        cells.push_back(std::to_string(row.steps));
        for (const auto& n : names) {
            const ProbeSummary* s = nullptr;
            for (const auto& p : row.probes)
                if (p.name == n) s = &p;
            for (const auto& st : stats) cells.push_back(service::formatNumber(s ? stat(*s, st) : nan));
            if (rrmse) {
                double e = nan;
                for (const auto& pe : row.errors)
                    if (pe.name == n) e = pe.rrmse;
                cells.push_back(service::formatNumber(e));
            }
        }
        // one line: a message of several lines joined with "; "
        cells.push_back(QString(row.error).remove('\r').replace('\n', "; ").toStdString());
        t.rows.push_back(std::move(cells));
    }
    return t;
}

QString writeSweepCsv(const QString& path, const SweepOptions& opt, const SweepResult& res, const QStringList& probes,
                      const QStringList& stats) {
    const SweepTable t = sweepTable(opt, res, probes, stats);
    std::string text;
    auto line = [&](const std::vector<std::string>& cells) {
        for (size_t k = 0; k < cells.size(); ++k) text += (k ? "," : "") + quoted(cells[k]);
        text += "\n";
    };
    line(t.header);
    for (const auto& r : t.rows) line(r);
    return service::writeTextFile(path, text);
}

}  // namespace hs::study
