// The component types the engine knows. Built once and passed explicitly (no global state).
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "spec.h"

namespace hs::sim {

class Registry {
public:
    // All built-in component types.
    static Registry builtin();

    void add(ComponentSpec spec);
    const ComponentSpec* find(const std::string& type) const;
    std::vector<const ComponentSpec*> all() const;

private:
    std::vector<std::unique_ptr<ComponentSpec>> specs_;
    std::map<std::string, const ComponentSpec*> byType_;
};

}  // namespace hs::sim
