// SPDX-License-Identifier: GPL-3.0-or-later
// Steppers declared once: what each one is and what it supports. The registry holds these
// (Registry::steppers()); the builder, the settings check, the stiffness guidance, the
// configuration editor and the CLI read them instead of testing stepper names.
#pragma once

#include <string>
#include <vector>

namespace hs::sim {

struct StepperSpec {
    std::string name;         // id used in files ("rk4")
    std::string label;        // human name ("Classical Runge-Kutta 4")
    std::string description;  // one or two sentences for tooltips and --help
    bool adaptive = false;    // chooses its own step (dt is only the first one); false = fixed step dt
    bool implicit = false;    // solves a nonlinear system per step (Newton)
    bool usesTolerances = false;  // rtol / atol mean something (error control or Newton tolerance)
    bool usesMaxStep = false;     // max_step means something
    // Can host the held-pressure methods and the TLM volume (they update once per fixed step).
    bool supportsPressureMethods = false;
    // Can step parallel partitions (threads > 1 / partition), cut at TLM volumes and lines.
    bool supportsPartitions = false;
    // Largest stable h*|lambda| for a real negative eigenvalue lambda (2 for explicit Euler,
    // 2.785 for RK4); infinity for A-stable implicit steppers; 0 when the stepper picks its own
    // step (no fixed-step limit to report).
    double stabilityLimit = 0.0;
};

// The built-in steppers, in the order shown to users.
const std::vector<StepperSpec>& builtinSteppers();
const StepperSpec* findBuiltinStepper(const std::string& name);
// "euler, rk4, ..." (for messages).
std::string stepperList();
// Names of the steppers for which pred holds, joined like "rk4, euler or sdirk2".
std::string stepperList(bool (*pred)(const StepperSpec&), const char* lastJoin = " or ");

}  // namespace hs::sim
