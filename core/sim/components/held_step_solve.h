// SPDX-License-Identifier: GPL-3.0-or-later
// The life cycle of a component's Hopsan-discrete step solved against its ports' TLM sources
// (the pressure-compensated pump's regulator, the gas accumulator's charge), held over the step
// as StepHeld (step_held.h) holds a filter's value:
//   - inside the step whose values are committed (t < t_c + 0.75 dt): the committed Step;
//   - at the next step's time: the candidate of this step's Thevenin solve when there was one at
//     that time, else one computed from the ports' pressures now (not committed);
//   - commit() (the component's stepUpdate(), after the step's solve) makes the candidate the
//     committed Step. In serial runs the step is first known there: a candidate computed with
//     another step is computed again, from the same Source, with the run's step.
// The component supplies how a Step follows from a Source (its own discrete equations, which
// read dt() and committed()).
#pragma once

#include <cmath>

namespace hs::sim {

template <class Step, class Source>
class HeldStepSolve {
public:
    void reset() { started_ = pending_ = solved_ = false; }
    void setStep(double dt) { dt_ = dt; }
    double dt() const { return dt_; }
    const Step& committed() const { return held_; }

    // Starts the history once per run with the Step initial() gives (the component's start values).
    template <class Initial>
    void begin(Initial&& initial) {
        if (started_) return;
        started_ = true;
        held_ = initial();
        tc_ = -1e300;
    }
    // The candidate of a Thevenin solve at time t against the sources s.
    template <class Solve>
    const Step& solveAt(double t, const Source& s, Solve&& solve) {
        src_ = s;
        cand_ = solve(s);
        pt_ = t;
        pending_ = solved_ = true;
        return cand_;
    }
    // The Step an evaluation at time t sees (see the header comment).
    template <class Solve>
    const Step& at(double t, const Source& s, Solve&& solve) {
        if (t < tc_ + 0.75 * dt_) return held_;
        if (solved_ && std::abs(t - pt_) < 0.25 * dt_) return cand_;
        src_ = s;
        cand_ = solve(s);
        pt_ = t;
        pending_ = true;
        solved_ = false;
        return cand_;
    }
    // Once per step, after the step's solve, with the run's step dt.
    template <class Solve>
    void commit(double dt, Solve&& solve) {
        if (dt != dt_) {
            dt_ = dt;
            if (pending_) cand_ = solve(src_);
        }
        if (!pending_) return;
        held_ = cand_;
        tc_ = pt_;
        pending_ = solved_ = false;
    }

private:
    Step held_{}, cand_{};
    Source src_{};
    double dt_ = 1e-3, tc_ = 0, pt_ = 0;
    bool started_ = false, pending_ = false, solved_ = false;
};

}  // namespace hs::sim
