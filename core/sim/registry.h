// SPDX-License-Identifier: GPL-3.0-or-later
// The component types the engine knows. Built once and passed explicitly (no global state).
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "pressure_method.h"
#include "spec.h"
#include "stepper_spec.h"

namespace hs::sim {

class Registry {
public:
    // All built-in component types.
    static Registry builtin();

    void add(ComponentSpec spec);
    const ComponentSpec* find(const std::string& type) const;
    std::vector<const ComponentSpec*> all() const;

    // Pressure methods a volume can use ("integrate", "pseudo_dynamic", ...).
    void addMethod(MethodSpec spec);
    const MethodSpec* findMethod(const std::string& id) const;
    std::vector<const MethodSpec*> methods() const;

    // Steppers (builtinSteppers() in builtin()), in the order shown to users.
    void addStepper(StepperSpec spec);
    const StepperSpec* findStepper(const std::string& name) const;
    const std::vector<StepperSpec>& steppers() const { return steppers_; }
    // "euler, rk4, ..." or, with pred, the names it holds for joined "a, b or c".
    std::string stepperList() const;
    std::string stepperList(bool (*pred)(const StepperSpec&), const char* lastJoin = " or ") const;

private:
    std::vector<StepperSpec> steppers_;
    std::vector<std::unique_ptr<ComponentSpec>> specs_;
    std::map<std::string, const ComponentSpec*> byType_;
    std::vector<std::unique_ptr<MethodSpec>> methods_;
};

}  // namespace hs::sim
