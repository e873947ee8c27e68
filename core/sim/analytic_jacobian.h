// SPDX-License-Identifier: GPL-3.0-or-later
// The Jacobian df/dy of a System from its components' partial derivatives (partials.h), by the
// chain rule along the evaluation order: every value the right-hand side computes (node
// pressures, positions, velocities, signals, port flows and forces, chamber volumes and rates,
// state derivatives) carries its gradient with respect to y; each component maps the gradients
// of its inputs to those of its outputs through its partials; the node continuity
// dp/dt = Be(p)/V*(sum q - dV/dt) (with dBe/dp) and Newton's law for the masses close the rows.
// A component that declares no partials is differentiated numerically on its own inputs only
// (each input perturbed, the component evaluated alone: a forward difference), never the whole
// system. Inputs that do not depend on y (a source's command, a tank) are not perturbed at all.
// One right-hand side per Jacobian, to put the system at (t, y).
#pragma once

#include <string>
#include <vector>

#include "partials.h"

namespace hs::sim {

class System;
class Component;

// One partial derivative of a component, in the assembler's value ids (describe() names them).
struct LocalPartial {
    int out = 0, in = 0;
    double d = 0.0;
};

class AnalyticJacobian {
public:
    // "" when the assembler models sys's right-hand side (every node with a pressure method is a
    // plain continuity node whose pressure is a state; no per-stage, per-step or TLM methods, no
    // step updates); else why not (the caller then takes the coloured differences).
    static std::string unsupportedReason(const System& sys);

    void setUp(const System& sys);
    // J (column-major, leading dimension ld, n x n) at (t, y). y is restored bit for bit. Returns
    // the number of rhs() evaluations (1).
    int evaluate(System& sys, double t, double* y, double* jac, int ld);

    // For the tests: the partials of component c at (t, y), declared (false when it declares
    // none) or by differences on its own inputs, every input perturbed: direction 0 central,
    // +1 forward, -1 backward (at a kink the declared partial is one of the one-sided ones).
    bool declaredPartials(System& sys, int c, double t, double* y, std::vector<LocalPartial>& out);
    void numericPartials(System& sys, int c, double t, double* y, int direction, std::vector<LocalPartial>& out);
    std::string describe(int id) const;

    // Component evaluations spent on components without partials, and how many components
    // (non-static) declare them.
    long componentEvaluations() const { return componentEvaluations_; }
    int declaringComponents() const { return declaring_; }
    int numericComponents() const { return numeric_; }

private:
    class Sink;
    enum Range { kP, kX, kV, kSig, kFlow, kVol, kDvol, kDy, kStateIn, kRanges };
    int id(Range r, int i) const { return base_[r] + i; }
    double* value(int id, double* y);
    void componentInputsOutputs(const System& sys, int c, std::vector<int>& in, std::vector<int>& out) const;
    void differences(System& sys, int c, double* y, int direction, bool liveOnly, std::vector<LocalPartial>& out);
    double* row(int id) { return grad_.data() + static_cast<size_t>(id) * static_cast<size_t>(n_); }
    void seed(const System& sys);
    // grad(out) += d*grad(in): a single entry when in is a state itself (unit_), a row otherwise.
    void applyOne(int out, int in, double d) {
        if (!live_[static_cast<size_t>(in)]) return;
        double* go = row(out);
        if (!live_[static_cast<size_t>(out)]) {
            for (int j = 0; j < n_; ++j) go[j] = 0.0;
            live_[static_cast<size_t>(out)] = 1;
        }
        if (const int u = unit_[static_cast<size_t>(in)]; u >= 0) {
            go[u] += d;
            return;
        }
        const double* gi = row(in);
        for (int j = 0; j < n_; ++j) go[j] += d * gi[j];
    }

    const System* sys_ = nullptr;
    int n_ = 0;
    int base_[kRanges + 1] = {};
    std::vector<double> grad_;  // one row of n_ per value id
    std::vector<char> live_;    // the row has been written in this evaluation (else it is zero)
    std::vector<char> seen_;      // per component: already evaluated in this evaluation
    std::vector<char> seedLive_;  // live_ at the start of each evaluation: the rows of the states
    std::vector<int> unit_;     // per value id: j when the value is state j itself, else -1
    std::vector<std::vector<int>> inputs_, outputs_;  // per component (value ids)
    std::vector<int> evalOrder_;                      // non-static components, evaluation order
    std::vector<char> declares_;                      // per component: jacobian() returned true last time
    std::vector<LocalPartial> partials_;
    std::vector<double> f_, saved_, plus_, minus_;
    double* y_ = nullptr;  // the y of the evaluation in progress
    long componentEvaluations_ = 0;
    int declaring_ = 0, numeric_ = 0;
};

}  // namespace hs::sim
