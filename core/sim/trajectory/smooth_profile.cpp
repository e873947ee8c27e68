// SPDX-License-Identifier: GPL-3.0-or-later
#include "smooth_profile.h"

#include <algorithm>
#include <locale>
#include <sstream>

namespace hs::sim {

std::string SmoothSteps::check(const std::vector<SmoothStep>& steps) {
    double last = 0.0;
    for (size_t i = 0; i < steps.size(); ++i) {
        const SmoothStep& s = steps[i];
        const std::string n = "step " + std::to_string(i + 1);
        if (s.t0 < 0) return n + ": start time must not be negative";
        if (s.t1 < s.t0) return n + ": end time before start time";
        if (s.t0 < last) return n + " starts before the previous one ends";
        last = s.t1;
    }
    return {};
}

SmoothSteps::SmoothSteps(double initial, std::vector<SmoothStep> steps, int order)
    : y0_(initial), steps_(std::move(steps)), h_(order) {
    double level = y0_, cum = 0.0, tPrev = 0.0;
    for (const SmoothStep& s : steps_) {
        cum += level * (s.t0 - tPrev);
        before_.push_back(level);
        cumAt0_.push_back(cum);
        const double T = s.t1 - s.t0;
        cum += T * (level + (s.value - level) * 0.5);  // integral_0^1 h = 1/2
        level = s.value;
        tPrev = s.t1;
    }
}

double SmoothSteps::derivative(double t, int k) const {
    // the last step that has started at t
    auto it = std::upper_bound(steps_.begin(), steps_.end(), t, [](double tt, const SmoothStep& s) { return tt < s.t0; });
    if (it == steps_.begin()) return k == 0 ? y0_ : 0.0;
    const size_t i = static_cast<size_t>(it - steps_.begin()) - 1;
    const SmoothStep& s = steps_[i];
    if (t >= s.t1) return k == 0 ? s.value : 0.0;
    const double T = s.t1 - s.t0;
    const double dy = s.value - before_[i];
    double scale = 1.0;
    for (int j = 0; j < k; ++j) scale /= T;
    return (k == 0 ? before_[i] : 0.0) + dy * scale * h_.derivative((t - s.t0) / T, k);
}

double SmoothSteps::integral(double t) const {
    auto it = std::upper_bound(steps_.begin(), steps_.end(), t, [](double tt, const SmoothStep& s) { return tt < s.t0; });
    if (it == steps_.begin()) return y0_ * t;
    const size_t i = static_cast<size_t>(it - steps_.begin()) - 1;
    const SmoothStep& s = steps_[i];
    const double T = s.t1 - s.t0;
    const double dy = s.value - before_[i];
    if (t >= s.t1) return cumAt0_[i] + T * (before_[i] + 0.5 * dy) + s.value * (t - s.t1);
    const double tau = (t - s.t0) / T;
    return cumAt0_[i] + T * (before_[i] * tau + dy * h_.integral(tau));
}

int SmoothSteps::continuity() const {
    for (size_t i = 0; i < steps_.size(); ++i)
        if (!(steps_[i].t1 > steps_[i].t0) && steps_[i].value != before_[i]) return -1;  // a jump
    return h_.order();
}

std::string SmoothMotion::check(const std::vector<SmoothMove>& moves, double ramp) {
    if (ramp < 0) return "t_ramp must not be negative";
    double last = 0.0;
    for (size_t i = 0; i < moves.size(); ++i) {
        const SmoothMove& m = moves[i];
        const std::string n = "move " + std::to_string(i + 1);
        if (m.tStart < last) return n + " starts before the previous one ends (or before t = 0)";
        if (m.tEnd - m.tStart < 2 * ramp || !(m.tEnd > m.tStart))
            return n + ": the window [" + std::to_string(m.tStart) + ", " + std::to_string(m.tEnd) +
                   "] s must be longer than two ramps (2*t_ramp)";
        last = m.tEnd;
    }
    return {};
}

namespace {
std::vector<SmoothStep> velocitySteps(double x0, const std::vector<SmoothMove>& moves, double ramp) {
    std::vector<SmoothStep> v;
    double x = x0;
    for (const SmoothMove& m : moves) {
        const double V = (m.target - x) / (m.tEnd - m.tStart - ramp);  // each ramp covers V*ramp/2
        v.push_back({m.tStart, m.tStart + ramp, V});
        v.push_back({m.tEnd - ramp, m.tEnd, 0.0});
        x = m.target;
    }
    return v;
}
}  // namespace

SmoothMotion::SmoothMotion(double x0, const std::vector<SmoothMove>& moves, double ramp, int order)
    : x0_(x0), v_(0.0, velocitySteps(x0, moves, ramp), order) {}

double SmoothMotion::derivative(double t, int k) const {
    return k == 0 ? x0_ + v_.integral(t) : v_.derivative(t, k - 1);
}

int SmoothMotion::continuity() const { return v_.continuity() + 1; }

namespace {
template <class Row>
std::string parseRows(const std::string& text, std::vector<Row>* out, const char* what,
                      void (*set)(Row&, double, double, double)) {
    out->clear();
    std::istringstream in(text);
    std::string row;
    int n = 0;
    while (std::getline(in, row, ';')) {
        std::istringstream r(row);
        r.imbue(std::locale::classic());
        double a, b, c;
        if (!(r >> a)) continue;  // empty row
        ++n;
        if (!(r >> b >> c)) return "row " + std::to_string(n) + " needs three numbers: '" + what + "; ...'";
        Row x;
        set(x, a, b, c);
        out->push_back(x);
    }
    return {};
}
}  // namespace

std::string parseSmoothSteps(const std::string& text, std::vector<SmoothStep>* out) {
    return parseRows<SmoothStep>(text, out, "t0 t1 value",
                                 [](SmoothStep& s, double a, double b, double c) { s = {a, b, c}; });
}

std::string parseSmoothMoves(const std::string& text, std::vector<SmoothMove>* out) {
    return parseRows<SmoothMove>(text, out, "t_start t_end target",
                                 [](SmoothMove& s, double a, double b, double c) { s = {a, b, c}; });
}

}  // namespace hs::sim
