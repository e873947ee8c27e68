// SPDX-License-Identifier: GPL-3.0-or-later
// Common base of the methods that hold the node pressure themselves (everything but integrate):
// held value, previous values, update timing, failure policy, and the safeguarded scalar solve
// they share.
#pragma once

#include <string>
#include <type_traits>

#include "../pressure_method.h"

namespace hs::sim {

class HeldPressureMethod : public PressureMethod {
public:
    int stateCount() const override { return 0; }
    void initStates(double p0, double*) override {
        held_ = prev_ = prev2_ = p0;
        stats_ = {};
    }
    double pressure(const double*) const override { return held_; }
    void derivative(double, double, double, double, double*) const override {}
    bool needsFixedStep() const override { return true; }
    bool updatesPerStage() const override { return perStage_; }
    bool continueOnFailure() const override { return continue_; }

    // Common parameters: "update" (0 step, 1 stage) and "on_failure" (0 stop, 1 continue).
    void setPolicy(bool perStage, bool continueOnFailure) {
        perStage_ = perStage;
        continue_ = continueOnFailure;
    }

protected:
    // Records a new solution (shifts the history used by correctors).
    void accept(double p) {
        prev2_ = prev_;
        prev_ = held_;
        held_ = p;
    }
    // Failure: counts it and keeps the last good value.
    bool fail(const NodeAccess& node, const std::string& why);

    // Root of g(p) = 0 near `guess`: bracket by outward doubling, then Newton with a
    // finite-difference slope, falling back to bisection whenever Newton leaves the bracket.
    // Counts Newton iterations in stats_. Returns false (with error_ set) if no bracket is found
    // or the iteration cap is reached.
    // Takes any callable by reference: no std::function, so no allocation per step.
    template <class G>
    bool solve(const G& g, double guess, double tol, int maxIter, double& root) {
        static_assert(std::is_invocable_r_v<double, const G&, double>);
        return solveRef([](const void* obj, double p) { return (*static_cast<const G*>(obj))(p); }, &g, guess, tol,
                        maxIter, root);
    }

    double held_ = 0, prev_ = 0, prev2_ = 0;

private:
    bool solveRef(double (*call)(const void*, double), const void* obj, double guess, double tol, int maxIter, double& root);

protected:
    bool perStage_ = false, continue_ = false;
};

}  // namespace hs::sim
