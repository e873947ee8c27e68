// SPDX-License-Identifier: GPL-3.0-or-later
// Sensors: turn node values into signals.
#include "../component.h"
#include "../registry.h"
#include "flow_direction.h"
#include "library.h"
#include "node_sensors.h"

namespace hs::sim {
namespace {

// The pressure of its node, or of one component port on that node ("pump.P2"): on a TLM node
// every flow port has its own pressure p_k = c_k - Z q_k, and a Hopsan node (one C-type and one
// Q-type port) holds the one its Q-type component writes; elsewhere the port's is the node's.
class PressureSensor final : public SampledSensor {
public:
    std::string configureSensor(const ParamSet& p, const Fluid&) override {
        target_ = p.text("port");
        return {};
    }
    std::string watchedPortName() const override { return target_; }
    bool watchesOwnNode() const override { return true; }
    double measure(Eval& e) override {
        setFlow(e, 0, 0.0);
        return target_.empty() ? P(e, 0) : watchedPressure(e);
    }
    int outPort() const override { return 1; }

private:
    std::string target_;
};

// p_A - p_B between two nodes; neither port draws flow.
class DifferentialPressureSensor final : public SampledSensor {
    double measure(Eval& e) override {
        setFlow(e, 0, 0.0);
        setFlow(e, 1, 0.0);
        return P(e, 0) - P(e, 1);
    }
    int outPort() const override { return 2; }
};

// Hydraulic power p*Q: the pressure of its node times the flow into (or out of) a chosen
// component port on that node, as FlowSensor reads it.
class HydraulicPowerSensor final : public SampledSensor {
public:
    std::string configureSensor(const ParamSet& p, const Fluid&) override {
        target_ = p.text("port");
        sign_ = p.choice("direction") == 1 ? -1.0 : 1.0;
        return target_.empty() ? std::string("set 'port' to the component port whose flow is meant, e.g. pump.P") : std::string();
    }
    std::string watchedPortName() const override { return target_; }
    double measure(Eval& e) override {
        setFlow(e, 0, 0.0);
        return P(e, 0) * sign_ * e.flow[watchedPort];
    }
    int outPort() const override { return 1; }

private:
    std::string target_;
    double sign_ = 1.0;
};

// Reads the flow into another component's hydraulic port ("orifice1.A"). Evaluated after that
// component, so the value belongs to the same evaluation.
class FlowSensor final : public SampledSensor {
public:
    std::string configureSensor(const ParamSet& p, const Fluid&) override {
        target_ = p.text("port");
        sign_ = p.choice("direction") == 1 ? -1.0 : 1.0;
        return target_.empty() ? std::string("set 'port' to the component port to measure, e.g. orifice1.A") : std::string();
    }
    std::string watchedPortName() const override { return target_; }
    double measure(Eval& e) override { return sign_ * e.flow[watchedPort]; }
    int outPort() const override { return 0; }

private:
    std::string target_;
    double sign_ = 1.0;
};

// Reads the force a chosen component puts on its mechanical port ("cyl.rod"), along the node's x
// ("along x") or against it. A node has no single force: every component on it contributes one.
class ForceSensor final : public SampledSensor {
public:
    std::string configureSensor(const ParamSet& p, const Fluid&) override {
        target_ = p.text("port");
        sign_ = p.choice("direction") == 1 ? -1.0 : 1.0;
        return target_.empty() ? std::string("set 'port' to the component port whose force is meant, e.g. cyl.rod") : std::string();
    }
    std::string watchedPortName() const override { return target_; }
    Domain watchedDomain() const override { return Domain::Mechanical; }
    double measure(Eval& e) override { return sign_ * e.flow[watchedPort]; }
    int outPort() const override { return 0; }

private:
    std::string target_;
    double sign_ = 1.0;
};

}  // namespace

void registerSensors(Registry& r) {
    r.add(SpecBuilder("PressureSensor", "Sensors", "Pressure sensor")
              .describe("Outputs the pressure of its node as a signal, or, when 'port' names a component port on that node, "
                        "the pressure at that port. The two differ only on a TLM volume (method tlm), where every flow port "
                        "sees its own pressure p_k = c_k - Z q_k; a Hopsan node joins one C-type and one Q-type port and "
                        "holds the pressure the Q-type component writes, so the Hopsan import names that port.")
              .equations("out = p_node (port empty),  out = p_port (port = comp.port; p_node except on a TLM volume)")
              .source("Hopsan HydraulicPressureSensor (reads its node's p)")
              .pilot("P", "Measured node (draws no flow)")
              .output("p", "Pressure [Pa]")
              .text("port", "", "Optional: a component port on the same node whose own pressure is read, written comp.port")
              .choice("sampling", {"current", "previous step"}, 0, kSamplingHelp)
              .factory<PressureSensor>());
    r.add(SpecBuilder("DifferentialPressureSensor", "Sensors", "Differential pressure sensor")
              .describe("Outputs the pressure difference between two nodes; draws no flow from either.")
              .equations("out = p_A - p_B")
              .source("-")
              .pilot("A", "High side (draws no flow)")
              .pilot("B", "Low side (draws no flow)")
              .output("dp", "Pressure difference p_A - p_B [Pa]")
              .choice("sampling", {"current", "previous step"}, 0, kSamplingHelp)
              .factory<DifferentialPressureSensor>());
    r.add(SpecBuilder("HydraulicPowerSensor", "Sensors", "Hydraulic power sensor")
              .describe("Outputs p*Q: the pressure of its node times the flow into a chosen component port (or out of it, "
                        "direction 'out of'), normally a port on the same node.")
              .equations("out = p_node * Q into <port> (direction 'into'), -p_node * Q into <port> ('out of')")
              .source("Hopsan HydraulicPowerSensor (p*q of a node)")
              .pilot("P", "Node whose pressure is used (draws no flow)")
              .output("W", "Power [W]")
              .text("port", "", "Component port whose flow is used, written comp.port")
              .choice("direction", {kFlowInto, kFlowOutOf}, 0, "Sign: flow into the component at that port, or out of it")
              .choice("sampling", {"current", "previous step"}, 0, kSamplingHelp)
              .factory<HydraulicPowerSensor>());
    r.add(SpecBuilder("PositionSensor", "Sensors", "Position sensor")
              .describe("Outputs the position of its mechanical node.")
              .equations("out = x")
              .source("-")
              .mechanical("m", "Measured node")
              .output("x", "Position [m]")
              .choice("sampling", {"current", "previous step"}, 0, kSamplingHelp)
              .factory<NodePositionSensor>());
    r.add(SpecBuilder("VelocitySensor", "Sensors", "Velocity sensor")
              .describe("Outputs the velocity of its mechanical node.")
              .equations("out = v")
              .source("-")
              .mechanical("m", "Measured node")
              .output("v", "Velocity [m/s]")
              .choice("sampling", {"current", "previous step"}, 0, kSamplingHelp)
              .factory<NodeVelocitySensor>());
    r.add(SpecBuilder("FlowSensor", "Sensors", "Flow sensor")
              .describe("Outputs the flow into a chosen component port (positive into that component), e.g. orifice1.A, "
                        "or out of it (direction 'out of', as Hopsan's sensors read a Q-type component's port).")
              .equations("out = Q into <port> (direction 'into'), -Q into <port> ('out of')")
              .source("-")
              .output("Q", "Flow [m3/s]")
              .text("port", "", "Component port to measure, written comp.port")
              .choice("direction", {kFlowInto, kFlowOutOf}, 0, "Sign: flow into the component at that port, or out of it")
              .choice("sampling", {"current", "previous step"}, 0, kSamplingHelp)
              .factory<FlowSensor>());
    r.add(SpecBuilder("ForceSensor", "Sensors", "Force sensor")
              .describe("Outputs the force a chosen component puts on its mechanical port (e.g. cyl.rod), positive along "
                        "the node's x, or against it (direction 'against x').")
              .equations("out = F of <port> along x ('along x'), -F ('against x')")
              .source("-")
              .output("F", "Force [N]")
              .text("port", "", "Component mechanical port to measure, written comp.port")
              .choice("direction", {"along x", "against x"}, 0, "Sign of the reading")
              .choice("sampling", {"current", "previous step"}, 0, kSamplingHelp)
              .factory<ForceSensor>());
}

}  // namespace hs::sim
