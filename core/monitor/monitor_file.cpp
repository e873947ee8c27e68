// SPDX-License-Identifier: GPL-3.0-or-later
// The monitor model file (docs/condition-monitoring.md): plain text, one item a line.
#include <charconv>
#include <cstdio>
#include <fstream>
#include <sstream>

#include "monitor_model.h"

namespace hs::monitor {

namespace {

std::string num(double v) {
    char buf[32];
    auto r = std::to_chars(buf, buf + sizeof buf, v);
    return std::string(buf, r.ptr);
}

void writeNet(std::ostream& out, const char* stage, const QString& fault, const learn::Mlp& net) {
    out << "net " << stage << ' ' << fault.toStdString() << ' ' << net.inputs() << ' ' << net.hidden().front() << ' '
        << learn::activationName(net.activation()) << ' ' << net.weightCount() << '\n';
    for (int i = 0; i < net.weightCount(); ++i) out << num(net.weights()[i]) << '\n';
}

}  // namespace

bool saveMonitorModel(const std::string& path, const MonitorModel& m, std::string& error) {
    const std::string tmp = path + ".part";
    {
        std::ofstream out(tmp, std::ios::binary);
        if (!out) { error = "cannot write '" + path + "'"; return false; }
        out << "hydrostiff-monitor 1\n";
        for (const auto& [k, v] : m.info) out << "info " << k << ": " << v << '\n';
        out << "sample_interval " << num(m.sampleInterval) << '\n';
        out << "windows " << m.window << ' ' << m.filterWindow << ' ' << m.quantiseWindow << '\n';
        for (const SignalSpec& s : m.sensors) out << "signal " << s.probe.toStdString() << ' ' << num(s.lo) << ' ' << num(s.hi) << '\n';
        for (const SignalSpec& s : m.reference) out << "reference " << s.probe.toStdString() << ' ' << num(s.lo) << ' ' << num(s.hi) << '\n';
        for (const FaultSpec& f : m.faults) {
            out << "fault " << f.name.toStdString() << ' ' << f.key().toStdString() << ' ' << num(f.display) << ' '
                << (f.unit.isEmpty() ? "-" : QString(f.unit).replace(' ', '_').toStdString());
            for (double v : f.levels) out << ' ' << num(v);
            out << '\n';
        }
        for (size_t f = 0; f < m.faults.size(); ++f) writeNet(out, "1", m.faults[f].name, m.stage1[f]);
        for (size_t f = 0; f < m.faults.size(); ++f) writeNet(out, "2", m.faults[f].name, m.stage2[f]);
        if (!out) { error = "write error on '" + path + "'"; return false; }
    }
    if (std::rename(tmp.c_str(), path.c_str()) != 0) { error = "cannot rename to '" + path + "'"; return false; }
    return true;
}

bool loadMonitorModel(const std::string& path, MonitorModel& m, std::string& error) {
    std::ifstream in(path, std::ios::binary);
    if (!in) { error = "cannot open monitor model '" + path + "'"; return false; }
    m = {};
    std::string line;
    int lineNo = 1;
    auto bad = [&](const std::string& what) {
        error = "monitor model '" + path + "', line " + std::to_string(lineNo) + ": " + what;
        return false;
    };
    if (!std::getline(in, line) || line.rfind("hydrostiff-monitor 1", 0) != 0)
        return bad("not a HydroStiff monitor model (first line 'hydrostiff-monitor 1')");
    while (std::getline(in, line)) {
        ++lineNo;
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.empty()) continue;
        std::istringstream ls(line);
        ls.imbue(std::locale::classic());
        std::string key;
        ls >> key;
        if (key == "info") {
            const size_t colon = line.find(": ");
            if (colon == std::string::npos) return bad("expected 'info key: value'");
            m.info.emplace_back(line.substr(5, colon - 5), line.substr(colon + 2));
        } else if (key == "sample_interval") {
            if (!(ls >> m.sampleInterval) || !(m.sampleInterval > 0)) return bad("expected a positive sample interval");
        } else if (key == "windows") {
            if (!(ls >> m.window >> m.filterWindow >> m.quantiseWindow) || m.window < 1 || m.filterWindow < 1 || m.quantiseWindow < 1)
                return bad("expected three window lengths >= 1");
        } else if (key == "signal" || key == "reference") {
            std::string name;
            SignalSpec s;
            if (!(ls >> name >> s.lo >> s.hi) || !(s.hi > s.lo)) return bad("expected '" + key + " NAME LO HI' with HI > LO");
            s.probe = QString::fromStdString(name);
            (key == "signal" ? m.sensors : m.reference).push_back(s);
        } else if (key == "fault") {
            std::string name, param, unit;
            FaultSpec f;
            if (!(ls >> name >> param >> f.display >> unit)) return bad("expected 'fault NAME COMP.PARAM DISPLAY UNIT LEVELS...'");
            const size_t dot = param.rfind('.');
            if (dot == std::string::npos) return bad("fault parameter '" + param + "': expected comp.param");
            f.name = QString::fromStdString(name);
            f.component = QString::fromStdString(param.substr(0, dot));
            f.parameter = QString::fromStdString(param.substr(dot + 1));
            f.unit = unit == "-" ? QString() : QString::fromStdString(unit).replace('_', ' ');
            for (double v; ls >> v;) f.levels.push_back(v);
            if (f.levels.size() < 2) return bad("fault '" + name + "': fewer than two levels");
            m.faults.push_back(f);
        } else if (key == "net") {
            std::string stage, fault, act;
            int inputs = 0, hidden = 0, weights = 0;
            if (!(ls >> stage >> fault >> inputs >> hidden >> act >> weights) || (stage != "1" && stage != "2"))
                return bad("expected 'net 1|2 FAULT INPUTS HIDDEN ACTIVATION WEIGHTS'");
            learn::Activation a;
            if (!learn::parseActivation(act, a)) return bad("unknown activation '" + act + "'");
            if (inputs < 1 || hidden < 1) return bad("network sizes must be >= 1");
            learn::Mlp net(inputs, {hidden}, a);
            if (net.weightCount() != weights)
                return bad("a " + std::to_string(inputs) + ":" + std::to_string(hidden) + ":1 network has " +
                           std::to_string(net.weightCount()) + " weights, the file says " + std::to_string(weights));
            for (int i = 0; i < weights; ++i) {
                ++lineNo;
                if (!std::getline(in, line)) return bad("file ends inside the weights of '" + fault + "'");
                const char* b = line.data();
                const auto r = std::from_chars(b, b + line.size(), net.weights()[i]);
                if (r.ec != std::errc()) return bad("not a number: '" + line + "'");
            }
            (stage == "1" ? m.stage1 : m.stage2).push_back(std::move(net));
        } else {
            return bad("unknown item '" + key + "'");
        }
    }
    const size_t F = m.faults.size();
    if (F == 0 || m.sensors.empty()) return bad("no faults or no sensors");
    if (m.stage1.size() != F || m.stage2.size() != F)
        return bad("expected one first-stage and one filter network per fault (" + std::to_string(F) + ")");
    for (size_t f = 0; f < F; ++f) {
        if (m.stage1[f].inputs() != m.inputs()) return bad("first-stage network of '" + m.faults[f].name.toStdString() + "' does not fit the sensors and window");
        if (m.stage2[f].inputs() != static_cast<int>(F) * m.filterWindow) return bad("filter network of '" + m.faults[f].name.toStdString() + "' does not fit the faults and filter window");
    }
    return true;
}

}  // namespace hs::monitor
