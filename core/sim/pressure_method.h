// SPDX-License-Identifier: GPL-3.0-or-later
// How the pressure of one hydraulic node is solved. Every capacitive node owns one method object;
// the system and the steppers never branch on the method's name (ARCHITECTURE §3).
//
// A method either keeps the pressure as a state of the global stepper (stateCount() > 0, e.g.
// integrate), or computes it itself and holds it: once per outer step in beginStep() (default,
// the seeds' way: held during the stages) or at every stage evaluation (stageUpdate()). To do so
// it evaluates the node's own flows at trial pressures through NodeAccess, everything else frozen.
#pragma once

#include <array>
#include <cstdint>
#include <limits>
#include <map>
#include <string>
#include <vector>

#include "fluid.h"
#include "spec.h"

namespace hs::sim {

class System;

struct MethodStats {
    std::int64_t outerSteps = 0;        // beginStep/stageUpdate calls
    std::int64_t innerIterations = 0;   // pseudo-dynamic inner steps
    std::int64_t maxInnerIterations = 0;
    std::int64_t newtonIterations = 0;
    std::int64_t failures = 0;
    std::int64_t capHits = 0;
    double maxAbsCorrection = 0.0;      // multiple scales: largest |first-order correction| [Pa]
    // Quasi-steady / multiple scales: outer steps on which the node's balance did not pin its
    // pressure (its flows vanished, or the root lay further away than the node's own flows could
    // carry it within the step), their total time [s], the number of separate spans of such
    // steps, and the first kSpans spans as [t0, t1] [s].
    std::int64_t indeterminateSteps = 0;
    double indeterminateTime = 0.0;
    std::int64_t indeterminateSpanCount = 0;
    static constexpr int kSpans = 8;
    std::array<std::array<double, 2>, kSpans> indeterminateSpans{};
    // Inner iterations per outer step: bins 1, 2, 3-4, 5-8, ..., 2^14+ (powers of two).
    std::array<std::int64_t, 16> histogram{};
    // Learned (narx) nodes: steps on which an input left the training range by more than the
    // margin and the fallback solved the node instead of the network.
    std::int64_t guardedSteps = 0;
    void countInner(std::int64_t n);
};

// What a method may ask about its node while it updates.
class NodeAccess {
public:
    NodeAccess(System* s, int node, double t, double dt) : sys_(s), node_(node), t_(t), dt_(dt) {}
    double t() const { return t_; }
    double dt() const { return dt_; }
    int node() const { return node_; }
    // Net inflow [m3/s] into the node at pressure p, minus dV/dt of its chambers (the flow that
    // compresses the oil). Components on the node are re-evaluated; all else is frozen.
    double netFlow(double p) const;
    // As netFlow, but only the components flagged in `recompute` (by position in components())
    // are re-evaluated; the others keep the flows of the outer-step evaluation.
    double netFlowPartial(double p, const std::vector<char>& recompute) const;
    // Components on the node and their net flow into it at the outer-step evaluation.
    int componentCount() const;
    double componentInflow(int i) const;
    // Net flow into the node from each component (componentCount() values) at pressure p.
    void componentInflowsAt(double p, double* out) const;
    double dvol() const;  // dV/dt of the node's chambers at the outer-step evaluation
    // Number of ports on the node that carry flow at the outer-step evaluation.
    int flowPaths() const;
    double pressure() const;     // held value (the previous solution)
    double volume() const;
    double bulkModulus(double p) const;
    const std::string& name() const;

private:
    System* sys_;
    int node_;
    double t_, dt_;
};

class PressureMethod {
public:
    virtual ~PressureMethod() = default;
    virtual const char* id() const = 0;
    // Number of entries this method owns in the global state vector.
    virtual int stateCount() const = 0;
    // Index of the first owned state (set by the builder).
    int stateIndex = -1;
    // Initial values of owned states / of the held pressure.
    virtual void initStates(double p0, double* y) = 0;
    // Pressure of the node during a stage evaluation.
    virtual double pressure(const double* y) const = 0;
    // Index of the state that IS the pressure, or -1 if pressure() computes it (lets the hot
    // loop read it without a virtual call).
    virtual int pressureStateIndex() const { return -1; }
    // True when the only owned state is the pressure and its derivative is the continuity
    // equation Be/V*(q - dV/dt): the hot loop then computes it without a virtual call.
    virtual bool continuityState() const { return false; }
    // Derivatives of owned states, given the node's net inflow q [m3/s], bulk modulus Be [Pa],
    // volume V [m3] and its rate dV/dt [m3/s].
    virtual void derivative(double q, double be, double vol, double dvol, double* dy) const = 0;
    // Held-pressure methods only work under fixed-step steppers, which call beginStep().
    virtual bool needsFixedStep() const { return false; }
    // True: update at every stage evaluation instead of once per outer step.
    virtual bool updatesPerStage() const { return false; }
    // Update the held pressure. Returns false on failure, with the reason in lastError().
    [[nodiscard]] virtual bool update(NodeAccess& /*node*/) { return true; }
    // When a failure should not stop the run (the user's choice), the method keeps going with
    // its last good value and counts the failure.
    virtual bool continueOnFailure() const { return false; }
    const std::string& lastError() const { return error_; }
    virtual MethodStats stats() const { return stats_; }

    // --- transmission line modelling (a C-type node, notes/003 §1.3) -----------------------
    // True: every flow port of the node sees its own Thevenin source p_k = c_k - Z_k*q_k (q_k
    // into the component), fixed during the step; the system then gives each such port its own
    // pressure slot, solves the components against these sources (closed form or Newton) at the
    // start of each step and hands the ports' pressures and flows back through updateWaves().
    virtual bool wavePorts() const { return false; }
    // True: the first step of a run is Hopsan's initialisation (Hopsan logs its start values at t0
    // and takes its first step at t0 + dt): after the components' solve at t0 the system gives the
    // node's ports their start pressure p0 and forms the waves of the next step from p0 and no
    // flow, so that the solve at t0 + k dt is Hopsan's k-th step. (The components' flows at t0
    // are their laws at p0; Hopsan logs its start flows there.)
    virtual bool startStepHeld() const { return false; }
    // Called once when the system knows the number n of wave ports.
    virtual void bindWavePorts(int /*n*/) {}
    // Before the component solve of a step: impedances and incoming waves for this step, given
    // the step dt and the node's volume and bulk modulus (changes of Z are compensated here).
    virtual void prepareWaves(double /*dt*/, double /*vol*/, double /*be*/, double* /*c*/, double* /*z*/) {}
    // After the solve: port pressures p and flows q (into the components) at this step, and the
    // chamber volume rate dV/dt; forms the waves of the next step.
    virtual void updateWaves(const double* /*p*/, const double* /*q*/, double /*dvol*/) {}
    // The end of an exchange step in one call: updateWaves(), then prepareWaves() for the next
    // step with the bulk modulus at the new node pressure, which it returns.
    virtual double finishWaves(const double* p, const double* q, double dvol, double dt, double vol, const BulkModulus& be,
                               double* c, double* z) {
        updateWaves(p, q, dvol);
        const double pn = pressure(nullptr);
        prepareWaves(dt, vol, be(pn), c, z);
        return pn;
    }
    // Exchange every n-th step (tlm `exchange` > 1, notes §3.7): only every n-th finish takes
    // the ports' pressures and flows (updateWaves, prepareWaves: waves, node pressure, Ppar, Z);
    // the finishes in between only give each port the wave interpolated between the last two
    // exchanges, which needs nothing from the other ports, so the parts of a partitioned run
    // can take those steps without meeting. `ahead` counts finishes from now (0 = the next).
    virtual bool waveExchangeDue(long /*ahead*/) const { return true; }
    // the exchange interval n (1: every step; waveExchangeDue() is then always true)
    virtual int waveExchangeInterval() const { return 1; }
    // the smallest ahead for which waveExchangeDue(ahead) holds
    virtual long finishesBeforeExchange() const { return 0; }
    virtual double interpolateWave(int /*port*/, long /*ahead*/) { return 0.0; }  // not due: port's wave, kept
    virtual void skipWaveFinishes(long /*count*/) {}  // count interpolated finishes have been done
    // Accuracy indicators of a TLM node: parasitic pressure of the last step [Pa] (notes §1.3,
    // eq. 3.4) and parasitic inertance Be*dt^2/V [kg/m4] (eq. 2.22). NaN for other methods.
    virtual double parasiticPressure() const { return std::numeric_limits<double>::quiet_NaN(); }
    virtual double parasiticInertance() const { return std::numeric_limits<double>::quiet_NaN(); }
    // Known once bindWavePorts() has run, before any step: the parasitic inertance at step dt is
    // factor*Be*dt^2/V (the tlm method: (N/2)*n^2 for N wave ports and waves exchanged every n-th
    // step). 0 for methods that are not TLM.
    virtual double parasiticFactor() const { return 0.0; }

protected:
    std::string error_;
    MethodStats stats_;
};

// p is a state of the global stepper: dp/dt = Be(p)/V * (sum of inflows - dV/dt).
class IntegrateMethod final : public PressureMethod {
public:
    const char* id() const override { return "integrate"; }
    int stateCount() const override { return 1; }
    void initStates(double p0, double* y) override { y[stateIndex] = p0; }
    double pressure(const double* y) const override { return y[stateIndex]; }
    int pressureStateIndex() const override { return stateIndex; }
    bool continuityState() const override { return true; }
    void derivative(double q, double be, double vol, double dvol, double* dy) const override {
        dy[stateIndex] = be / vol * (q - dvol);
    }
};

// A method type as the user sees it: parameters declared once (like components).
struct MethodSpec {
    std::string id;
    std::string title;
    std::string description;
    std::string source;
    std::vector<ParamSpec> params;
    // Creates the method from fully resolved parameter values (defaults filled in, by spec
    // order). Returns null and sets error on invalid values.
    PressureMethod* (*create)(const std::vector<double>& params, std::string& error) = nullptr;
    // Declared facts (a test checks them against the created method): it updates once per
    // fixed step (PressureMethod::needsFixedStep), and it can run in parallel partitions.
    bool needsFixedStep = true;
    bool partitions = false;
    // Instead of create, for methods with text parameters (ParamKind::Text in params): text[i] is
    // the value of params[i] when it is a text parameter (its textDef when not given), else "".
    PressureMethod* (*createWithText)(const std::vector<double>& params, const std::vector<std::string>& text,
                                      std::string& error) = nullptr;
    int paramIndex(const std::string& name) const;
};

}  // namespace hs::sim
