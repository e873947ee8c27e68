// SPDX-License-Identifier: GPL-3.0-or-later
#include "stepper_spec.h"

#include <limits>

namespace hs::sim {

const std::vector<StepperSpec>& builtinSteppers() {
    constexpr double kInf = std::numeric_limits<double>::infinity();
    // name, label, description, adaptive, implicit, tolerances, max step, pressure methods,
    // partitions, stability limit
    static const std::vector<StepperSpec> specs = {
        {"euler", "Explicit Euler", "Explicit Euler, fixed step dt: first order, cheapest per step, stable for dt below 2*tau.",
         false, false, false, false, true, true, 2.0},
        {"rk4", "Classical Runge-Kutta 4",
         "Classical Runge-Kutta 4, fixed step dt: fourth order, four evaluations per step, stable for dt below 2.785*tau.",
         false, false, false, false, true, true, 2.785293563},
        {"implicit_euler", "Implicit (backward) Euler",
         "Backward Euler, fixed step dt, Newton with rtol/atol as tolerances: first order, L-stable (any step is stable).",
         false, true, true, false, true, false, kInf},
        {"sdirk2", "SDIRK2 (L-stable, order 2)",
         "Two-stage singly diagonally implicit Runge-Kutta, fixed step dt, Newton with rtol/atol as tolerances: second "
         "order, L-stable.",
         false, true, true, false, true, false, kInf},
        {"dopri5", "Dormand-Prince 5(4)",
         "Dormand-Prince 5(4), adaptive explicit Runge-Kutta with error control by rtol/atol; dt is the first step, "
         "max_step caps the step.",
         true, false, true, true, false, false, 0.0},
        {"cvode", "SUNDIALS CVODE BDF",
         "SUNDIALS CVODE, adaptive variable-order BDF with Newton and error control by rtol/atol (the ground truth); dt "
         "is the first step, max_step caps the step.",
         true, true, true, true, false, false, 0.0},
        {"esdirk3", "ESDIRK 3(2), adaptive L-stable",
         "Adaptive L-stable ESDIRK (SUNDIALS ARKODE, ESDIRK324L2SA: order 3 with an embedded order-2 error estimate), "
         "Newton, error control by rtol/atol, restarted at every input discontinuity; dt is the first step, max_step "
         "caps the step.",
         true, true, true, true, false, false, 0.0},
        {"rosw3", "Rosenbrock-W 3(2), adaptive L-stable",
         "Adaptive L-stable Rosenbrock-W method ROS34PW2 (order 3 with an embedded order-2 error estimate, no Newton "
         "iteration: four linear solves per step with a Jacobian kept across steps), error control by rtol/atol, lands "
         "on every input discontinuity and restarts there, steps past records (dense output of order 3); dt is the first "
         "step after a start or a discontinuity, max_step caps the step.",
         true, true, true, true, false, false, 0.0},
    };
    return specs;
}

const StepperSpec* findBuiltinStepper(const std::string& name) {
    for (const auto& s : builtinSteppers())
        if (s.name == name) return &s;
    return nullptr;
}

std::string stepperList(bool (*pred)(const StepperSpec&), const char* lastJoin) {
    std::vector<std::string> names;
    for (const auto& s : builtinSteppers())
        if (pred(s)) names.push_back(s.name);
    std::string r;
    for (size_t i = 0; i < names.size(); ++i) r += (i == 0 ? "" : i + 1 == names.size() ? lastJoin : ", ") + names[i];
    return r;
}

std::string stepperList() {
    return stepperList([](const StepperSpec&) { return true; }, ", ");
}

}  // namespace hs::sim
