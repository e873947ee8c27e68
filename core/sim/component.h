// SPDX-License-Identifier: GPL-3.0-or-later
// Base class of every component. A component computes, from the node values it sees and its own
// states, the flows through its hydraulic ports, the forces on its mechanical nodes, its signal
// outputs and the derivatives of its states. Names are resolved to indices once (bind time); the
// hot path only reads and writes plain arrays through the inline accessors below.
#pragma once

#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "fluid.h"
#include "equations/flow_root.h"
#include "equations/interval_cache.h"
#include "partials.h"
#include "spec.h"

namespace hs::sim {

class KernelEmitter;  // kernel/kernel_emitter.h

// Everything a component reads and writes during one evaluation of the system equations.
struct Eval {
    double t = 0.0;
    double* p = nullptr;     // pressure of each hydraulic node [Pa], then of each TLM port slot
    double* x = nullptr;     // position of each mechanical node [m]
    double* v = nullptr;     // velocity of each mechanical node [m/s]
    double* flow = nullptr;  // per global port: hydraulic flow INTO the component [m3/s],
                             // mechanical force the component exerts ON the node [N]
    double* sig = nullptr;   // signal slots (slot 0 is the constant 0 of unconnected inputs)
    double* portVol = nullptr;   // per global port: variable volume the component gives the
    double* portDvol = nullptr;  // port's node [m3] and its rate dV/dt [m3/s] (chambers)
    const double* y = nullptr;  // global state vector
    double* dy = nullptr;       // global derivative vector
    const Fluid* fluid = nullptr;
};

// Parameter values of one component instance, by spec index.
class ParamSet {
public:
    ParamSet() = default;
    explicit ParamSet(const ComponentSpec* spec);
    double num(const std::string& name) const;
    int choice(const std::string& name) const;
    const std::string& text(const std::string& name) const;
    void setNum(const std::string& name, double v);
    void setText(const std::string& name, const std::string& v);
    const ComponentSpec* spec() const { return spec_; }
    std::vector<double>& values() { return values_; }
    const std::vector<double>& values() const { return values_; }
    std::vector<std::string>& texts() { return texts_; }
    const std::vector<std::string>& texts() const { return texts_; }

private:
    int index(const std::string& name) const;
    const ComponentSpec* spec_ = nullptr;
    std::vector<double> values_;
    std::vector<std::string> texts_;
};

class Component {
public:
    virtual ~Component() = default;

    // Read parameters; return an error message naming the parameter, or "" when valid.
    [[nodiscard]] virtual std::string configure(const ParamSet& p, const Fluid& fluid) = 0;
    // Initial values of the component's own states (s points at its first state).
    virtual void initStates(double* /*s*/) const {}
    // One evaluation: flows, forces, signal outputs, state derivatives.
    virtual void eval(Eval& e) = 0;
    // The partial derivatives of what eval() writes with respect to what it reads (partials.h),
    // at the values of the eval() just before. Returns false when the component declares none:
    // the engine then differentiates it numerically, perturbing its own inputs one at a time and
    // evaluating it alone (analytic_jacobian.h).
    virtual bool jacobian(const Eval& /*e*/, JacobianSink& /*j*/) const { return false; }
    // Writes this component's evaluation into a generated circuit kernel (kernel/): a call of the
    // same equations eval() calls (equations/*.h) with its parameters as constants. Returns
    // false when the type has no such equations: the configuration then runs interpreted.
    // Static components need none (their constant outputs are the kernel's constants).
    virtual bool emitKernel(KernelEmitter& /*k*/) const { return false; }

    // Capacitance: constant volume this component adds to the node of a hydraulic port.
    virtual double constantVolume(int /*port*/) const { return 0.0; }
    // Components whose volume varies write it with setVolume() inside eval().
    virtual bool hasVariableVolume() const { return false; }
    // Volume this component would give the port's node at the initial state (for analysis).
    virtual double initialVolume(int port) const { return constantVolume(port); }
    virtual const BulkModulus* bulkModulus(int /*port*/) const { return nullptr; }
    // Components that set the pressure of their node (sources, tanks) write e.p in eval().
    virtual bool imposesPressure(int /*port*/) const { return false; }
    virtual std::optional<double> initialPressure(int /*port*/) const { return std::nullopt; }
    virtual double mass(int /*port*/) const { return 0.0; }
    virtual std::optional<double> initialPosition(int /*port*/) const { return std::nullopt; }
    // Next time after t where an input of this component is discontinuous (for adaptive steppers).
    virtual double nextBreakpoint(double /*t*/) const { return std::numeric_limits<double>::infinity(); }
    // A component that reads the flow through another component's port ("comp.port", the flow
    // sensor) names it here; the builder resolves it into watchedPort and orders the evaluation.
    virtual std::string watchedPortName() const { return {}; }
    // The domain that port must have (a flow sensor reads a hydraulic port, a torque sensor a shaft).
    virtual Domain watchedDomain() const { return Domain::Hydraulic; }
    // True when the watched port must sit on the node of this component's port 0 (a pressure
    // sensor reading one port's pressure on its own node); the builder refuses it elsewhere.
    virtual bool watchesOwnNode() const { return false; }
    // True when eval() writes the same values whatever the time and state (tank, constant,
    // volume, mass): evaluated once, then left out of the hot loop.
    virtual bool isStatic() const { return false; }
    // A source with no inputs whose signal outputs depend on time alone and are held on intervals
    // of t (PRMS, square wave) returns the cache that eval() keeps: the interval that contains
    // the time of its last evaluation, on which the outputs it wrote then stay exact. The serial
    // right-hand side leaves out its eval() while t stays inside. Default: evaluated every time.
    virtual const IntervalCache* heldOutputs() const { return nullptr; }
    // Checks that need to know which optional ports are connected ("" = fine).
    [[nodiscard]] virtual std::string checkConnections() const { return {}; }

    // Next to TLM nodes (notes/003 §1.6): port k sees p_k = c[k] - z[k]*q_k, q_k the flow into
    // the component; z[k] = 0 means a fixed pressure c[k] (an ordinary node). A component with a
    // closed form writes the pressures of its ports with z[k] > 0 and returns true; false lets
    // the system solve it (safeguarded scalar root or small Newton).
    virtual bool solveThevenin(Eval& /*e*/, const double* /*c*/, const double* /*z*/) { return false; }
    // True when a successful solveThevenin() also writes everything eval() would (a restriction:
    // its port flows, from the q of the solve): the system then leaves out the eval() after it,
    // whose second evaluation of the flow law would lie on the step's critical path.
    virtual bool theveninWritesFlows() const { return false; }
    // The flow law of a two-port hydraulic restriction whose eval() writes nothing but its two
    // port flows, q into port 0 and -q into port 1, with q = k*flowRoot(p0 - p1, dpTr)
    // (SquareRoot, eq::turbulentOrifice) or k*(p0 - p1) (Laminar, eq::laminarOrifice, k the
    // conductance), and whose solveThevenin() is the closed form of the same law:
    // turbulentOrificeThevenin(k, dpTr, ...) (squareLawThevenin(k, ...) when dpTr = 0), or
    // k*(c0 - c1)/(1 + k*(z0 + z1)). The serial right-hand side (restriction_pass.h) and the flat
    // TLM step (flat_tlm_step.h) then run it without a call. Kind::None: no such law.
    struct RestrictionLaw {
        enum class Kind { None, SquareRoot, Laminar } kind = Kind::None;
        double k = 0, dpTr = 0;
    };
    virtual RestrictionLaw restrictionLaw() const { return {}; }
    // Discrete per-step behaviour (delay lines): stepUpdate() runs once per outer step of a
    // fixed-step run, when the step's pressures are final; "" or the reason it cannot go on.
    virtual bool hasStepUpdate() const { return false; }
    // True when the per-step behaviour has a continuous-time fallback: under an adaptive stepper
    // (no fixed step) the builder then calls useStepUpdate(false) instead of refusing the
    // component, after which hasStepUpdate() must return false, so the system never collects it
    // as a step component and eval() alone carries it (the quasistatic actuator's ODE (70)).
    virtual bool stepUpdateOptional() const { return false; }
    virtual void useStepUpdate(bool /*on*/) {}
    [[nodiscard]] virtual std::string stepUpdate(Eval& /*e*/, double /*dt*/) { return {}; }
    virtual void resetDiscrete() {}
    // Sets up the per-step behaviour for step dt before the first step (stepUpdate() does it
    // itself when not called); "" or the reason the component cannot run at that step.
    [[nodiscard]] virtual std::string prepareStep(double /*dt*/) { return {}; }
    // Cut points for parallel partitions (notes/003 §3): a component whose two ends only see
    // each other's waves from earlier steps (a transmission line with a delay long enough for
    // step dt) may have its ends in different partitions. Each end is then evaluated and
    // advanced on its own, with exactly the arithmetic of eval() and stepUpdate(), so the
    // results stay those of the serial run. Such a component has no states.
    virtual bool splittable(double /*dt*/) const { return false; }
    virtual int endOfPort(int /*port*/) const { return 0; }
    virtual void evalEnd(Eval& e, int /*end*/) { eval(e); }
    [[nodiscard]] virtual std::string stepUpdateEnd(Eval& e, double dt, int /*end*/) { return stepUpdate(e, dt); }
    // Fluid inertance rho*L/A of a pipe component [kg/m4] (0: none), for the TLM guidance.
    virtual double inertance() const { return 0.0; }
    // Hopsan's split of a rotational node between a C-type element (an end of a TLM shaft) and
    // Q-type components (a kinematic source, a motor in its Hopsan form), for the forms "at the
    // step": a C-type end tells the torque it exerts on the node, -(c + z*w) at node speed w,
    // with c and z held over the step (shaftWave); a Q-type component tells the speed it fixes
    // for the step, which the C-type end then exchanges instead of the node's (stepSpeed).
    // Neighbours on the node are listed per mechanical port by the builder (nodeNeighbours).
    virtual bool shaftWave(int /*port*/, double& /*c*/, double& /*z*/) const { return false; }
    virtual bool stepSpeed(const Eval& /*e*/, int /*port*/, double& /*w*/) const { return false; }
    // The same split on a hydraulic node: a Q-type component in a Hopsan form (the FlowSource
    // with clamp = Hopsan pressure clamp) tells the pressure and the flow it writes to the node
    // for the step (q into the node), which a C-type line end (TlmLine, TlmHose) then exchanges
    // instead of its own p and (p - c)/Z. Equal to those unless Hopsan's form breaks the balance.
    virtual bool stepPressureFlow(const Eval& /*e*/, int /*port*/, double& /*p*/, double& /*q*/) const { return false; }
    // A component that integrates the motion of a mechanical port's node itself (a Q-type
    // piston's discrete filter in fixed-step runs) returns true for that port: the node then has
    // no states and needs no mass; the component writes the node's position and velocity with
    // setMotion() in every eval(), is evaluated before the node's other components, and reads
    // the sum of their forces with loadForce() (their masses summed in loadMass). At most one
    // component drives a node; one component may drive several (a swash-plate block drives its shaft
    // and every piston). Decided when the circuit is built (after useStepUpdate()).
    virtual bool drivesMotion(int /*port*/) const { return false; }
    // A driver whose state derivatives need the loads of the same evaluation (a continuous kinematic
    // driver: the motion of its nodes is a function of its own states, its acceleration follows from
    // the forces the motion causes) returns true: it is evaluated a second time after every other
    // component (System::order lists it twice), so loadForce() then holds this evaluation's forces.
    // The first evaluation writes the motion (and derivatives from the forces of the evaluation
    // before), the second the same motion and the derivatives from this evaluation's forces.
    virtual bool evalsAfterLoads() const { return false; }

    // --- binding, filled by the builder -------------------------------------------------
    std::string id;
    const ComponentSpec* spec = nullptr;
    std::vector<int> node;        // per port: node index in its domain, or signal slot; -1 = open.
                                  // A flow port on a TLM node reads its own pressure slot (>= hyd.size()).
    std::vector<char> connected;  // per port
    int portBase = 0;             // global index of port 0 (into Eval::flow)
    int stateOffset = 0;          // index of the first own state in y
    int watchedPort = -1;         // global port index resolved from watchedPortName()
    const Component* watchedComp = nullptr;  // the component of watchedPort
    int watchedLocal = -1;                   // and its port index there
    struct Neighbour {
        const Component* comp = nullptr;
        int port = -1;
    };
    std::vector<std::vector<Neighbour>> nodeNeighbours;  // per port: the other ports on its node
    std::vector<std::vector<int>> loadPorts;  // per port: a driven node's other ports (global), see drivesMotion()
    std::vector<double> loadMass;             // per port: the masses its other components give it [kg]

protected:
    double P(const Eval& e, int k) const { return e.p[node[k]]; }
    // Pressure of the watched port: on a TLM node that port's own slot p_k = c_k - Z q_k, on any
    // other node the node's pressure.
    double watchedPressure(const Eval& e) const { return e.p[watchedComp->node[static_cast<size_t>(watchedLocal)]]; }
    // The pressure and flow a neighbour on hydraulic port k fixes for the step (stepPressureFlow).
    bool neighbourPressureFlow(const Eval& e, int k, double& p, double& q) const {
        for (const Neighbour& n : nodeNeighbours[static_cast<size_t>(k)])
            if (n.comp->stepPressureFlow(e, n.port, p, q)) return true;
        return false;
    }
    double X(const Eval& e, int k) const { return e.x[node[k]]; }
    double V(const Eval& e, int k) const { return e.v[node[k]]; }
    double in(const Eval& e, int k) const { return e.sig[node[k]]; }
    void out(Eval& e, int k, double value) const { e.sig[node[k]] = value; }
    void setFlow(Eval& e, int k, double q) const { e.flow[portBase + k] = q; }
    void setPortPressure(Eval& e, int k, double p) const { e.p[node[k]] = p; }
    void setForce(Eval& e, int k, double f) const { e.flow[portBase + k] = f; }
    // Motion of the node of port k, which this component drives (drivesMotion()).
    void setMotion(Eval& e, int k, double x, double v) const {
        e.x[node[k]] = x;
        e.v[node[k]] = v;
    }
    // Sum of the forces the other components exert on the node of driven port k, from their last eval().
    double loadForce(const Eval& e, int k) const {
        double f = 0.0;
        for (int g : loadPorts[static_cast<size_t>(k)]) f += e.flow[g];
        return f;
    }
    // The masses (inertias on a rotational node) the other components give the node of driven port k.
    double loadMassOf(int k) const { return loadMass[static_cast<size_t>(k)]; }
    void setVolume(Eval& e, int k, double vol, double dvol) const {
        e.portVol[portBase + k] = vol;
        e.portDvol[portBase + k] = dvol;
    }
    const double* S(const Eval& e) const { return e.y + stateOffset; }
    double* dS(Eval& e) const { return e.dy + stateOffset; }
    bool isConnected(int k) const { return connected[k] != 0; }
};

// What a component's equations (equations/*.h, templates over the access object) read and write
// in an interpreted evaluation: the arrays of Eval through the component's binding. The generated
// kernels call the same equations with eq::FrameIo (equations/kernel_io.h), whose indices are
// constants.
struct EvalIo {
    const Component& c;
    Eval& e;
    double t() const { return e.t; }
    double p(int k) const { return e.p[c.node[static_cast<size_t>(k)]]; }
    void setP(int k, double v) const { e.p[c.node[static_cast<size_t>(k)]] = v; }
    double x(int k) const { return e.x[c.node[static_cast<size_t>(k)]]; }
    double v(int k) const { return e.v[c.node[static_cast<size_t>(k)]]; }
    double in(int k) const { return e.sig[c.node[static_cast<size_t>(k)]]; }
    void out(int k, double v) const { e.sig[c.node[static_cast<size_t>(k)]] = v; }
    void flow(int k, double q) const { e.flow[c.portBase + k] = q; }  // or the force on a mechanical node
    void volume(int k, double vol, double dvol) const {
        e.portVol[c.portBase + k] = vol;
        e.portDvol[c.portBase + k] = dvol;
    }
    double s(int k) const { return e.y[c.stateOffset + k]; }
    void ds(int k, double v) const { e.dy[c.stateOffset + k] = v; }
    bool connected(int k) const { return c.connected[static_cast<size_t>(k)] != 0; }
};

// Square-law flow q = k*ssqrt(p0 - p1) between the Thevenin sources p0 = c0 - z0*q and
// p1 = c1 + z1*q (notes/003 §1.7, D14, Burton 1994); z = 0 is a fixed pressure.
inline double squareLawThevenin(double k, double c0, double c1, double z0, double z1) {
    const double dc = c0 - c1, a = 0.5 * k * k * (z0 + z1);
    return (dc < 0 ? -1.0 : 1.0) * (__builtin_sqrt(a * a + k * k * (dc < 0 ? -dc : dc)) - a);
}

// turbulentOrificeThevenin(), the banded orifice's solve between Thevenin sources: thevenin_flow.h

}  // namespace hs::sim
