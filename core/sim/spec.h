// SPDX-License-Identifier: GPL-3.0-or-later
// Declare-once component specifications: ports, parameters, states and documentation.
// The palette, property editor, file format, compiler and the registry-wide test all read these.
#pragma once

#include <limits>
#include <string>
#include <vector>

namespace hs::sim {

// Rotational ports use the mechanical node machinery (angle [rad] in the position slot, speed
// [rad/s] in the velocity slot, inertia [kg m2] in the mass slot, torque [N m] in the force slot);
// a domain of their own keeps translational and rotational ports from being wired together.
enum class Domain { Hydraulic, Mechanical, Signal, Rotational };
enum class SignalDir { None, In, Out };

const char* domainName(Domain d);

struct PortSpec {
    std::string id;
    Domain domain = Domain::Hydraulic;
    SignalDir dir = SignalDir::None;  // only for Domain::Signal
    bool optional = false;            // may stay unconnected
    std::string description;
    // false: a hydraulic port that only reads its node's pressure (a sensor, a pilot) and never
    // carries flow; a TLM volume gives it the node pressure instead of a wave port of its own.
    bool carriesFlow = true;
    // Signal outputs: the unit of the value ("" = dimensionless). SpecBuilder::output() takes it
    // from a description that ends in "[unit]", where the types already state it.
    std::string unit;
};

enum class ParamKind { Number, Choice, Text };

struct ParamSpec {
    std::string name;
    std::string unit;  // SI unit shown to the user ("Pa", "m3", "m3/(s*Pa^0.5)", ...)
    double def = 0.0;
    double min = -std::numeric_limits<double>::infinity();
    double max = std::numeric_limits<double>::infinity();
    std::string description;
    ParamKind kind = ParamKind::Number;
    std::vector<std::string> choices;  // ParamKind::Choice; def is the default index
    std::string textDef;               // ParamKind::Text
};

struct StateSpec {
    std::string name;
    std::string unit;
    std::string description;
    double nominal = 1.0;  // typical magnitude, scales the absolute tolerance of adaptive steppers
    double lower = -std::numeric_limits<double>::infinity();  // physical lower bound (projected)
};

class Component;

struct ComponentSpec {
    std::string type;      // stable id used in files ("TurbulentOrifice")
    std::string category;  // palette category
    std::string title;     // human name
    std::string description;
    std::string equations;  // plain-text equations shown in help
    std::string source;     // where the model comes from
    std::vector<PortSpec> ports;
    std::vector<ParamSpec> params;
    std::vector<StateSpec> states;
    // Groups of ports that are the same hydraulic node inside the component (N-port volume).
    std::vector<std::vector<int>> internallyConnected;
    Component* (*create)() = nullptr;
    // The component is a volume whose node's pressure is solved by a pressure method chosen
    // per configuration ("methods" key): it contributes constant capacitance to its node.
    bool hostsPressureMethod = false;
    // Fixed restriction: its conductance never vanishes (for parameters that give it an opening),
    // whatever signals, positions or pressures do. A node is "closable" unless one of its
    // components is flagged so; undeclared types count as able to block flow (the safe side for
    // the stiffness guidance, which never suggests quasi-steady on a closable node).
    bool alwaysConducts = false;

    int portIndex(const std::string& id) const;
    int paramIndex(const std::string& name) const;
    int stateIndex(const std::string& name) const;
};

// Parameter declarations shared by components (SpecBuilder) and pressure methods.
ParamSpec numberParam(std::string name, std::string unit, double def, double min, double max,
                      std::string description);
ParamSpec choiceParam(std::string name, std::vector<std::string> choices, int def, std::string description);
ParamSpec textParam(std::string name, std::string def, std::string description);

// Small fluent helper so each component declares its spec in one readable block.
class SpecBuilder {
public:
    SpecBuilder(std::string type, std::string category, std::string title);
    SpecBuilder& describe(std::string text);
    SpecBuilder& equations(std::string text);
    SpecBuilder& source(std::string text);
    SpecBuilder& hydraulic(std::string id, std::string description, bool optional = false);
    // A hydraulic port that reads the node pressure and never carries flow (PortSpec::carriesFlow).
    SpecBuilder& pilot(std::string id, std::string description, bool optional = false);
    SpecBuilder& mechanical(std::string id, std::string description, bool optional = false);
    SpecBuilder& rotational(std::string id, std::string description, bool optional = false);
    SpecBuilder& input(std::string id, std::string description, bool optional = false);
    SpecBuilder& output(std::string id, std::string description);
    SpecBuilder& param(std::string name, std::string unit, double def, double min, double max,
                       std::string description);
    SpecBuilder& choice(std::string name, std::vector<std::string> choices, int def,
                        std::string description);
    SpecBuilder& text(std::string name, std::string def, std::string description);
    SpecBuilder& state(std::string name, std::string unit, std::string description,
                       double nominal = 1.0,
                       double lower = -std::numeric_limits<double>::infinity());
    SpecBuilder& connectInternally(std::vector<std::string> portIds);
    SpecBuilder& hostsPressureMethod() { spec_.hostsPressureMethod = true; return *this; }
    SpecBuilder& alwaysConducts() { spec_.alwaysConducts = true; return *this; }
    template <class T>
    SpecBuilder& factory() {
        spec_.create = []() -> Component* { return new T(); };
        return *this;
    }
    ComponentSpec build() const { return spec_; }
    operator ComponentSpec() const { return spec_; }

private:
    ComponentSpec spec_;
};

}  // namespace hs::sim
