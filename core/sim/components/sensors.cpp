// SPDX-License-Identifier: GPL-3.0-or-later
// Sensors: turn node values into signals.
#include "../component.h"
#include "../registry.h"
#include "library.h"

namespace hs::sim {
namespace {

class PressureSensor final : public Component {
public:
    std::string configure(const ParamSet&, const Fluid&) override { return {}; }
    void eval(Eval& e) override {
        setFlow(e, 0, 0.0);
        out(e, 1, P(e, 0));
    }
};

class PositionSensor final : public Component {
public:
    std::string configure(const ParamSet&, const Fluid&) override { return {}; }
    void eval(Eval& e) override {
        setForce(e, 0, 0.0);
        out(e, 1, X(e, 0));
    }
};

class VelocitySensor final : public Component {
public:
    std::string configure(const ParamSet&, const Fluid&) override { return {}; }
    void eval(Eval& e) override {
        setForce(e, 0, 0.0);
        out(e, 1, V(e, 0));
    }
};

// Reads the flow into another component's hydraulic port ("orifice1.A"). Evaluated after that
// component, so the value belongs to the same evaluation.
class FlowSensor final : public Component {
public:
    std::string configure(const ParamSet& p, const Fluid&) override {
        target_ = p.text("port");
        return target_.empty() ? std::string("set 'port' to the component port to measure, e.g. orifice1.A") : std::string();
    }
    std::string watchedPortName() const override { return target_; }
    void eval(Eval& e) override { out(e, 0, e.flow[watchedPort]); }

private:
    std::string target_;
};

}  // namespace

void registerSensors(Registry& r) {
    r.add(SpecBuilder("PressureSensor", "Sensors", "Pressure sensor")
              .describe("Outputs the pressure of its node as a signal.")
              .equations("out = p_node")
              .source("-")
              .pilot("P", "Measured node (draws no flow)")
              .output("p", "Pressure [Pa]")
              .factory<PressureSensor>());
    r.add(SpecBuilder("PositionSensor", "Sensors", "Position sensor")
              .describe("Outputs the position of its mechanical node.")
              .equations("out = x")
              .source("-")
              .mechanical("m", "Measured node")
              .output("x", "Position [m]")
              .factory<PositionSensor>());
    r.add(SpecBuilder("VelocitySensor", "Sensors", "Velocity sensor")
              .describe("Outputs the velocity of its mechanical node.")
              .equations("out = v")
              .source("-")
              .mechanical("m", "Measured node")
              .output("v", "Velocity [m/s]")
              .factory<VelocitySensor>());
    r.add(SpecBuilder("FlowSensor", "Sensors", "Flow sensor")
              .describe("Outputs the flow into a chosen component port (positive into that component), e.g. orifice1.A.")
              .equations("out = Q into <port>")
              .source("-")
              .output("Q", "Flow [m3/s]")
              .text("port", "", "Component port to measure, written comp.port")
              .factory<FlowSensor>());
}

}  // namespace hs::sim
