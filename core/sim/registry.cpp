#include "registry.h"

#include <stdexcept>

#include "components/library.h"

namespace hs::sim {

Registry Registry::builtin() {
    Registry r;
    registerHydraulicSources(r);
    registerRestrictions(r);
    registerValves(r);
    registerActuators(r);
    registerMechanics(r);
    registerSensors(r);
    registerSignalSources(r);
    registerSignalBlocks(r);
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
