// SPDX-License-Identifier: GPL-3.0-or-later
// Sensors that read the state of the mechanical node on their port 0 into their signal port 1:
// its position (a translational node) or angle (a rotational node), its velocity or speed. The
// translational and rotational sensor types share them; only their specs (domain, units) differ.
#pragma once

#include "../component.h"

namespace hs::sim {

class NodePositionSensor final : public Component {
public:
    std::string configure(const ParamSet&, const Fluid&) override { return {}; }
    void eval(Eval& e) override {
        setForce(e, 0, 0.0);
        out(e, 1, X(e, 0));
    }
};

class NodeVelocitySensor final : public Component {
public:
    std::string configure(const ParamSet&, const Fluid&) override { return {}; }
    void eval(Eval& e) override {
        setForce(e, 0, 0.0);
        out(e, 1, V(e, 0));
    }
};

}  // namespace hs::sim
