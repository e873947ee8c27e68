// SPDX-License-Identifier: GPL-3.0-or-later
// Rotational sensors: angle and speed of a node; torque and power of a chosen component's shaft.
#include "../component.h"
#include "../registry.h"
#include "library.h"
#include "node_sensors.h"

namespace hs::sim {
namespace {

// A node has no single torque: the torque worth measuring is the one a component puts on its
// shaft ("motor.shaft"), read like FlowSensor reads a port's flow, after that component.
class ShaftWatchingSensor : public SampledSensor {
public:
    std::string configureSensor(const ParamSet& p, const Fluid&) override {
        target_ = p.text("port");
        return target_.empty() ? std::string("set 'port' to the component shaft to measure, e.g. motor.shaft") : std::string();
    }
    std::string watchedPortName() const override { return target_; }
    Domain watchedDomain() const override { return Domain::Rotational; }

private:
    std::string target_;
};

// direction "against rotation": minus the torque on the node, i.e. the torque the component
// takes from the node; Hopsan's port torque has that sign (it acts like a pressure).
class TorqueSensor final : public ShaftWatchingSensor {
public:
    std::string configureSensor(const ParamSet& p, const Fluid& f) override {
        sign_ = p.choice("direction") == 1 ? -1.0 : 1.0;
        return ShaftWatchingSensor::configureSensor(p, f);
    }
    double measure(Eval& e) override { return sign_ * e.flow[watchedPort]; }
    int outPort() const override { return 0; }

private:
    double sign_ = 1.0;
};

// Power = torque of the watched shaft * speed of the node wired to port "shaft" (the same node).
class PowerSensor final : public ShaftWatchingSensor {
public:
    double measure(Eval& e) override {
        setForce(e, 0, 0.0);
        return e.flow[watchedPort] * V(e, 0);
    }
    int outPort() const override { return 1; }
};

}  // namespace

void registerRotationalSensors(Registry& r) {
    r.add(SpecBuilder("AngleSensor", "Sensors", "Angle sensor")
              .describe("Outputs the angle of its rotational node.")
              .equations("out = theta")
              .source("-")
              .rotational("shaft", "Measured node")
              .output("theta", "Angle [rad]")
              .choice("sampling", {"current", "previous step"}, 0, kSamplingHelp)
              .factory<NodePositionSensor>());
    r.add(SpecBuilder("SpeedSensor", "Sensors", "Speed sensor")
              .describe("Outputs the speed of its rotational node (Hopsan's MechanicAngularVelocitySensor).")
              .equations("out = w")
              .source("-")
              .rotational("shaft", "Measured node")
              .output("w", "Speed [rad/s]")
              .choice("sampling", {"current", "previous step"}, 0, kSamplingHelp)
              .factory<NodeVelocitySensor>());
    r.add(SpecBuilder("TorqueSensor", "Sensors", "Torque sensor")
              .describe("Outputs the torque a chosen component exerts on its shaft node (positive in the direction of "
                        "positive rotation), e.g. motor.shaft.")
              .equations("out = T of <port> (direction 'along rotation'), -T of <port> ('against rotation')")
              .source("-")
              .output("T", "Torque [N m]")
              .text("port", "", "Component rotational port to measure, written comp.port")
              .choice("direction", {"along rotation", "against rotation"}, 0,
                      "Sign: the torque the component exerts on its node along positive rotation, or against it "
                      "(Hopsan's port torque, which acts like a pressure)")
              .choice("sampling", {"current", "previous step"}, 0, kSamplingHelp)
              .factory<TorqueSensor>());
    r.add(SpecBuilder("PowerSensor", "Sensors", "Power sensor")
              .describe("Outputs the mechanical power a chosen component delivers to its shaft node: its torque times the "
                        "speed of the node wired to port shaft (wire it to the same node).")
              .equations("out = T of <port> * w")
              .source("-")
              .rotational("shaft", "The node of the measured shaft")
              .output("P", "Power [W]")
              .text("port", "", "Component rotational port to measure, written comp.port")
              .choice("sampling", {"current", "previous step"}, 0, kSamplingHelp)
              .factory<PowerSensor>());
}

}  // namespace hs::sim
