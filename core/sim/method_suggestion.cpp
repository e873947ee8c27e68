// SPDX-License-Identifier: GPL-3.0-or-later
#include "method_suggestion.h"

#include <cmath>
#include <cstdio>
#include <limits>

#include "stepper_spec.h"

namespace hs::sim {

namespace {

std::string format(const char* f, auto... args) {
    char buf[512];
    std::snprintf(buf, sizeof buf, f, args...);
    return buf;
}

std::string joined(const std::vector<std::string>& v) {
    std::string s;
    for (const auto& x : v) s += (s.empty() ? "" : ", ") + x;
    return s;
}

}  // namespace

Suggestion suggest(const VolumeStiffness& v, const std::string& stepper, double dt, double duration) {
    Suggestion s;
    s.step = dt;
    s.steps = dt > 0 ? duration / dt : 0;
    s.expectedLag = std::numeric_limits<double>::quiet_NaN();
    s.closable = v.closure.closable;
    const StepperSpec* spec = findBuiltinStepper(stepper);
    if (!spec || spec->adaptive || !std::isfinite(spec->stabilityLimit)) {
        s.method = "integrate";
        s.reason = spec && !spec->adaptive
                       ? "implicit stepper: stable at any step, so 'integrate' is right; the step sets the accuracy"
                       : "adaptive stepper: it chooses its own step; 'integrate' is exact";
        return s;
    }
    const double limit = spec->stabilityLimit;
    auto unstable = [&](double tau) { return std::isfinite(tau) && dt > limit * tau; };
    const size_t first = v.samples.size() > 1 ? 1 : 0;
    size_t bad = 0, counted = 0;
    for (size_t k = first; k < v.samples.size(); ++k, ++counted) bad += unstable(v.samples[k].tau);
    s.unstableShare = counted ? static_cast<double>(bad) / static_cast<double>(counted) : (unstable(v.start.tau) ? 1.0 : 0.0);
    s.unstableAtStart = unstable(v.start.tau);
    if (std::isfinite(v.tauMin)) {
        s.integrateStep = 0.5 * limit * v.tauMin;
        s.integrateSteps = duration / s.integrateStep;
    }
    const std::string where = format("smallest time constant along the run %.3g s (t = %.3g s), largest stable %s step there %.3g s",
                                     v.tauMin, v.tTauMin, stepper.c_str(), limit * v.tauMin);
    if (s.unstableShare == 0) {
        s.method = "integrate";
        s.reason = format("stable along the run: step %.3g s is below the limit on every sample; ", dt) + where;
        if (std::isfinite(v.tauMin) && dt > 0.8 * limit * v.tauMin)
            s.reason += format("; there the step is %.0f %% of the limit, close: the quick check shows whether it holds",
                               100 * dt / (limit * v.tauMin));
        if (s.unstableAtStart)
            s.reason += format(" (at the initial state tau is %.3g s, beyond the limit: every pressure equal, every "
                               "restriction at its largest conductance; within the limit again at the next sample, t = %.3g s; "
                               "a quick check shows whether that start matters)",
                               v.start.tau, v.samples.size() > 1 ? v.samples[1].t : 0.0);
        return s;
    }
    // The step is unstable on part of the run: the volume needs a method that is stable at any step.
    double lag2 = 0;
    bool fast = true;
    for (size_t k = first; k < v.samples.size(); ++k) {
        const StiffnessSample& x = v.samples[k];
        fast = fast && std::isfinite(x.tau) && x.tau < dt / 20;
        if (std::isfinite(x.tau)) lag2 += (x.tau * x.dpdt) * (x.tau * x.dpdt);
    }
    const std::string unstableText =
        format("step %.3g s beyond the stable limit on %.3g %% of the run; ", dt, 100 * s.unstableShare) + where;
    if (fast && !v.closure.closable) {
        s.method = "quasi_steady";
        s.expectedLag = counted ? std::sqrt(lag2 / static_cast<double>(counted)) : 0.0;
        s.reason = unstableText + format("; the node settles within 1/20 of the step on every sample (largest tau %.3g s) "
                                         "and always conducts (%s): solve it algebraically, expected lag behind the balance "
                                         "tau*|dp/dt| %.3g Pa RMS",
                                         v.tauMax, joined(v.closure.conductors).c_str(), s.expectedLag);
        return s;
    }
    s.method = "local_implicit";
    s.reason = unstableText + "; backward Euler on the node is stable at any step (first-order lag of the split)";
    if (v.closure.closable)
        s.reason += "; not quasi_steady: every flow path of the node can close (" + joined(v.closure.blockers) +
                    "), and a closed node's balance holds at any pressure";
    else
        s.reason += format("; not quasi_steady: the time constant reaches %.3g s, not far below the step", v.tauMax);
    s.reason += format("; or integrate at <= %.3g s (%.3g steps instead of %.3g)", s.integrateStep, s.integrateSteps, s.steps);
    return s;
}

}  // namespace hs::sim
