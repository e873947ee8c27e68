// SPDX-License-Identifier: GPL-3.0-or-later
// Partial derivatives a component declares next to its equations (Component::jacobian()): the
// derivative of each of its outputs (port flows and forces, an imposed node pressure, a chamber's
// volume and its rate, signal outputs, the derivatives of its own states) with respect to each of
// its inputs (its ports' node pressures, positions and velocities, its signal inputs, its own
// states, the flow of a watched port). Indices are the component's own port and state indices;
// the engine (analytic_jacobian.h) maps them to nodes and states and applies the chain rule.
#pragma once

namespace hs::sim {

enum class PartialOut { Flow, Pressure, Volume, VolumeRate, Signal, State };
enum class PartialIn { Pressure, Position, Velocity, Signal, State, WatchedFlow };

class JacobianSink {
public:
    // d(output outIndex)/d(input inIndex) += d. Partials that are zero may be left out.
    virtual void add(PartialOut out, int outIndex, PartialIn in, int inIndex, double d) = 0;

    void flow(int port, PartialIn in, int k, double d) { add(PartialOut::Flow, port, in, k, d); }
    void state(int s, PartialIn in, int k, double d) { add(PartialOut::State, s, in, k, d); }
    // A two-port restriction: q into port 0, -q into port 1, q depending on p0 and p1.
    void restriction(double dqdp0, double dqdp1) {
        flow(0, PartialIn::Pressure, 0, dqdp0);
        flow(0, PartialIn::Pressure, 1, dqdp1);
        flow(1, PartialIn::Pressure, 0, -dqdp0);
        flow(1, PartialIn::Pressure, 1, -dqdp1);
    }
    // The same restriction's flow q depending on one more input (an opening: a state, a signal).
    void restrictionInput(PartialIn in, int k, double dq) {
        flow(0, in, k, dq);
        flow(1, in, k, -dq);
    }

protected:
    ~JacobianSink() = default;
};

}  // namespace hs::sim
