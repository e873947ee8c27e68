// SPDX-License-Identifier: GPL-3.0-or-later
#include "spec.h"

#include <stdexcept>

namespace hs::sim {

const char* domainName(Domain d) {
    switch (d) {
    case Domain::Hydraulic: return "hydraulic";
    case Domain::Mechanical: return "mechanical";
    case Domain::Signal: return "signal";
    case Domain::Rotational: return "rotational";
    }
    return "?";
}

namespace {
template <class V>
int indexOf(const V& v, const std::string& key, std::string V::value_type::*member) {
    for (size_t i = 0; i < v.size(); ++i)
        if (v[i].*member == key) return static_cast<int>(i);
    return -1;
}
}  // namespace

int ComponentSpec::portIndex(const std::string& id) const { return indexOf(ports, id, &PortSpec::id); }
int ComponentSpec::paramIndex(const std::string& n) const { return indexOf(params, n, &ParamSpec::name); }
int ComponentSpec::stateIndex(const std::string& n) const { return indexOf(states, n, &StateSpec::name); }

SpecBuilder::SpecBuilder(std::string type, std::string category, std::string title) {
    spec_.type = std::move(type);
    spec_.category = std::move(category);
    spec_.title = std::move(title);
}
SpecBuilder& SpecBuilder::describe(std::string t) { spec_.description = std::move(t); return *this; }
SpecBuilder& SpecBuilder::equations(std::string t) { spec_.equations = std::move(t); return *this; }
SpecBuilder& SpecBuilder::source(std::string t) { spec_.source = std::move(t); return *this; }

SpecBuilder& SpecBuilder::hydraulic(std::string id, std::string d, bool opt) {
    spec_.ports.push_back({std::move(id), Domain::Hydraulic, SignalDir::None, opt, std::move(d)});
    return *this;
}
SpecBuilder& SpecBuilder::pilot(std::string id, std::string d, bool opt) {
    spec_.ports.push_back({std::move(id), Domain::Hydraulic, SignalDir::None, opt, std::move(d), false});
    return *this;
}
SpecBuilder& SpecBuilder::mechanical(std::string id, std::string d, bool opt) {
    spec_.ports.push_back({std::move(id), Domain::Mechanical, SignalDir::None, opt, std::move(d)});
    return *this;
}
SpecBuilder& SpecBuilder::rotational(std::string id, std::string d, bool opt) {
    spec_.ports.push_back({std::move(id), Domain::Rotational, SignalDir::None, opt, std::move(d)});
    return *this;
}
SpecBuilder& SpecBuilder::input(std::string id, std::string d, bool opt) {
    spec_.ports.push_back({std::move(id), Domain::Signal, SignalDir::In, opt, std::move(d)});
    return *this;
}
SpecBuilder& SpecBuilder::output(std::string id, std::string d) {
    std::string unit;
    const auto open = d.rfind('[');
    if (!d.empty() && d.back() == ']' && open != std::string::npos) unit = d.substr(open + 1, d.size() - open - 2);
    spec_.ports.push_back({std::move(id), Domain::Signal, SignalDir::Out, true, std::move(d)});
    spec_.ports.back().unit = std::move(unit);
    return *this;
}
ParamSpec numberParam(std::string name, std::string unit, double def, double min, double max, std::string d) {
    ParamSpec p;
    p.name = std::move(name);
    p.unit = std::move(unit);
    p.def = def;
    p.min = min;
    p.max = max;
    p.description = std::move(d);
    return p;
}

ParamSpec textParam(std::string name, std::string def, std::string d) {
    ParamSpec p;
    p.name = std::move(name);
    p.kind = ParamKind::Text;
    p.textDef = std::move(def);
    p.description = std::move(d);
    return p;
}

ParamSpec choiceParam(std::string name, std::vector<std::string> choices, int def, std::string d) {
    ParamSpec p;
    p.name = std::move(name);
    p.kind = ParamKind::Choice;
    p.choices = std::move(choices);
    p.def = def;
    p.min = 0;
    p.max = static_cast<double>(p.choices.size()) - 1;
    p.description = std::move(d);
    return p;
}

SpecBuilder& SpecBuilder::param(std::string name, std::string unit, double def, double min, double max,
                                std::string d) {
    spec_.params.push_back(numberParam(std::move(name), std::move(unit), def, min, max, std::move(d)));
    return *this;
}
SpecBuilder& SpecBuilder::choice(std::string name, std::vector<std::string> choices, int def,
                                 std::string d) {
    spec_.params.push_back(choiceParam(std::move(name), std::move(choices), def, std::move(d)));
    return *this;
}
SpecBuilder& SpecBuilder::text(std::string name, std::string def, std::string d) {
    ParamSpec p;
    p.name = std::move(name);
    p.kind = ParamKind::Text;
    p.textDef = std::move(def);
    p.description = std::move(d);
    spec_.params.push_back(std::move(p));
    return *this;
}
SpecBuilder& SpecBuilder::state(std::string name, std::string unit, std::string d, double nom, double lower) {
    spec_.states.push_back({std::move(name), std::move(unit), std::move(d), nom, lower});
    return *this;
}
SpecBuilder& SpecBuilder::connectInternally(std::vector<std::string> ids) {
    std::vector<int> group;
    for (auto& id : ids) {
        int i = spec_.portIndex(id);
        if (i < 0) throw std::logic_error("connectInternally: unknown port " + id);
        group.push_back(i);
    }
    spec_.internallyConnected.push_back(std::move(group));
    return *this;
}

}  // namespace hs::sim
