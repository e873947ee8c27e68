// SPDX-License-Identifier: GPL-3.0-or-later
#include "registry.h"

#include <stdexcept>

#include "components/library.h"
#include "methods/methods.h"

namespace hs::sim {

Registry Registry::builtin() {
    Registry r;
    registerHydraulicSources(r);
    registerRestrictions(r);
    registerValves(r);
    registerActuators(r);
    registerFourChamberCylinder(r);
    registerQuasistaticActuator(r);
    registerQuasistaticTwinActuators(r);
    registerMechanics(r);
    registerSensors(r);
    registerSignalSources(r);
    registerSignalBlocks(r);
    registerSignalNonlinear(r);
    registerSignalDynamics(r);
    registerSignalDelay(r);
    registerSignalLogic(r);
    registerSignalShapes(r);
    registerTlmLine(r);
    registerTlmHose(r);
    registerPressureValves(r);
    registerOnOffValves(r);
    registerSpoolValves(r);
    registerOpenCentreValve(r);
    registerAccumulators(r);
    registerPipes(r);
    registerTranslational(r);
    registerRotational(r);
    registerRotationalSensors(r);
    registerArmLinkage(r);
    registerPumpsMotors(r);
    registerValvePlate(r);
    registerSwashPlateBlock(r);
    registerPressureMethods(r);
    registerSmoothProfiles(r);
    registerStribeckFriction(r);
    for (const auto& s : builtinSteppers()) r.addStepper(s);
    return r;
}

void Registry::add(ComponentSpec spec) {
    if (byType_.count(spec.type)) throw std::logic_error("component type registered twice: " + spec.type);
    auto p = std::make_unique<ComponentSpec>(std::move(spec));
    byType_[p->type] = p.get();
    specs_.push_back(std::move(p));
}

const ComponentSpec* Registry::find(const std::string& type) const {
    auto it = byType_.find(type);
    return it == byType_.end() ? nullptr : it->second;
}

std::vector<const ComponentSpec*> Registry::all() const {
    std::vector<const ComponentSpec*> v;
    for (const auto& s : specs_) v.push_back(s.get());
    return v;
}

}  // namespace hs::sim

namespace hs::sim {

void Registry::addMethod(MethodSpec spec) {
    if (findMethod(spec.id)) throw std::logic_error("pressure method registered twice: " + spec.id);
    methods_.push_back(std::make_unique<MethodSpec>(std::move(spec)));
}

const MethodSpec* Registry::findMethod(const std::string& id) const {
    for (const auto& m : methods_)
        if (m->id == id) return m.get();
    return nullptr;
}

std::vector<const MethodSpec*> Registry::methods() const {
    std::vector<const MethodSpec*> v;
    for (const auto& m : methods_) v.push_back(m.get());
    return v;
}

int MethodSpec::paramIndex(const std::string& name) const {
    for (size_t i = 0; i < params.size(); ++i)
        if (params[i].name == name) return static_cast<int>(i);
    return -1;
}

}  // namespace hs::sim

namespace hs::sim {

void Registry::addStepper(StepperSpec spec) {
    if (findStepper(spec.name)) throw std::logic_error("stepper registered twice: " + spec.name);
    steppers_.push_back(std::move(spec));
}

const StepperSpec* Registry::findStepper(const std::string& name) const {
    for (const auto& s : steppers_)
        if (s.name == name) return &s;
    return nullptr;
}

std::string Registry::stepperList() const {
    return stepperList([](const StepperSpec&) { return true; }, ", ");
}

std::string Registry::stepperList(bool (*pred)(const StepperSpec&), const char* lastJoin) const {
    std::vector<std::string> names;
    for (const auto& s : steppers_)
        if (pred(s)) names.push_back(s.name);
    std::string r;
    for (size_t i = 0; i < names.size(); ++i) r += (i == 0 ? "" : i + 1 == names.size() ? lastJoin : ", ") + names[i];
    return r;
}

}  // namespace hs::sim
