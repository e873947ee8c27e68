// SPDX-License-Identifier: GPL-3.0-or-later
// Sensors that read the state of the mechanical node on their port 0 into their signal port 1:
// its position (a translational node) or angle (a rotational node), its velocity or speed. The
// translational and rotational sensor types share them; only their specs (domain, units) differ.
#pragma once

#include "sampled_sensor.h"

namespace hs::sim {

class NodePositionSensor final : public SampledSensor {
    double measure(Eval& e) override {
        setForce(e, 0, 0.0);
        return X(e, 0);
    }
    int outPort() const override { return 1; }
};

class NodeVelocitySensor final : public SampledSensor {
    double measure(Eval& e) override {
        setForce(e, 0, 0.0);
        return V(e, 0);
    }
    int outPort() const override { return 1; }
};

}  // namespace hs::sim
