// SPDX-License-Identifier: GPL-3.0-or-later
// writeAdvisorLog (advisor.h).
#include <string>

#include "advisor.h"
#include "service/csv.h"

namespace hs::study {

namespace {

std::string quoted(const QString& text) {
    std::string s = text.toStdString();
    for (auto& ch : s)
        if (ch == '\n' || ch == '\r') ch = ' ';
    if (s.find_first_of(",\"") == std::string::npos) return s;
    std::string o = "\"";
    for (char ch : s) o += ch == '"' ? std::string("\"\"") : std::string(1, ch);
    return o + "\"";
}

}  // namespace

QString writeAdvisorLog(const QString& path, const AdvisorResult& res) {
    using service::formatNumber;
    std::string text = "stage,family,configuration,stepper,dt_s,rtol,ok,error_pct,cpu_s,wall_s,steps,within_bound,failure\n";
    auto rows = [&](const std::vector<AdvisorRun>& runs, const char* stage) {
        for (const auto& r : runs)
            text += std::string(stage) + "," + quoted(r.family) + "," + quoted(r.config.name) + "," + quoted(r.config.stepper) +
                    "," + formatNumber(r.config.dt) + "," + formatNumber(r.config.rtol) + "," + (r.ok ? "1" : "0") + "," +
                    formatNumber(r.error) + "," + formatNumber(r.cpu) + "," + formatNumber(r.wall) + "," +
                    std::to_string(r.steps) + "," + (r.withinBound ? "1" : "0") + "," + quoted(r.failure) + "\n";
    };
    rows(res.shortRuns, "short");
    rows(res.fullRuns, "full");
    return service::writeTextFile(path, text);
}

}  // namespace hs::study
