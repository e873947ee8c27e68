// SPDX-License-Identifier: GPL-3.0-or-later
// Piecewise smooth profiles built from Zeitz transitions (zeitz.h), with exact derivatives:
// - SmoothSteps: a signal that holds levels and moves from one to the next over a transition
//   [t0, t1] with a C^r polynomial (a force profile, a velocity profile);
// - SmoothMotion: a position that moves to given targets in given time windows. As the thesis
//   does (notes/002 §3.2), its velocity is a SmoothSteps trapezoid (C^r corners of duration
//   t_ramp) and the position is its exact integral, so the position is C^(r+1).
#pragma once

#include <string>
#include <vector>

#include "zeitz.h"

namespace hs::sim {

struct SmoothStep {
    double t0 = 0, t1 = 0, value = 0;  // transition from the previous level to value over [t0, t1]
};

class SmoothSteps {
public:
    // Returns "" or what is wrong with the steps (overlap, decreasing times, negative times).
    static std::string check(const std::vector<SmoothStep>& steps);
    SmoothSteps(double initial, std::vector<SmoothStep> steps, int order);
    // d^k y/dt^k at t (k >= 0).
    double derivative(double t, int k) const;
    double value(double t) const { return derivative(t, 0); }
    // integral of y from 0 to t (t >= 0).
    double integral(double t) const;
    // Highest order of continuous derivative: the polynomial order r, or -1 if a step has zero
    // duration (the value jumps).
    int continuity() const;
    double finalValue() const { return steps_.empty() ? y0_ : steps_.back().value; }

private:
    double y0_;
    std::vector<SmoothStep> steps_;
    ZeitzPolynomial h_;
    std::vector<double> before_;   // level before each step
    std::vector<double> cumAt0_;   // integral from 0 to steps_[i].t0
};

struct SmoothMove {
    double tStart = 0, tEnd = 0, target = 0;
};

class SmoothMotion {
public:
    // Returns "" or what is wrong (windows overlapping, shorter than two ramps, ramp negative).
    static std::string check(const std::vector<SmoothMove>& moves, double ramp);
    SmoothMotion(double x0, const std::vector<SmoothMove>& moves, double ramp, int order);
    // d^k x/dt^k at t (k = 0 position, 1 velocity, ...).
    double derivative(double t, int k) const;
    // Highest continuous derivative of the position: r + 1, or 0 with ramp = 0 (the velocity
    // jumps at every corner: a kinked position).
    int continuity() const;
    const SmoothSteps& velocity() const { return v_; }

private:
    double x0_;
    SmoothSteps v_;
};

// Parsers of the text parameters ("t0 t1 value; ..." and "t_start t_end target; ..."): fill the
// vector or return what is wrong with the text.
std::string parseSmoothSteps(const std::string& text, std::vector<SmoothStep>* out);
std::string parseSmoothMoves(const std::string& text, std::vector<SmoothMove>* out);

}  // namespace hs::sim
