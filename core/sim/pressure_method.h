// How the pressure of one hydraulic node is solved. Every capacitive node owns one method object;
// the system and the steppers never branch on the method's name (ARCHITECTURE §3).
//
// A method either keeps the pressure as a state of the global stepper (stateCount() > 0), or
// computes it itself once per outer step in beginStep() and holds it during the stages
// (algebraic and inner-loop methods). beginStep() may evaluate the node's own flows at trial
// pressures through NodeAccess, with every other value frozen.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace hs::sim {

class System;

struct MethodStats {
    std::int64_t innerIterations = 0;
    std::int64_t maxInnerIterations = 0;
    std::int64_t newtonIterations = 0;
    std::int64_t failures = 0;
    std::int64_t capHits = 0;
};

// What a method may ask about its node during beginStep().
struct NodeAccess {
    System* system = nullptr;
    int node = -1;
    double t = 0.0;
    const double* y = nullptr;
};

class PressureMethod {
public:
    virtual ~PressureMethod() = default;
    virtual const char* id() const = 0;
    // Number of entries this method owns in the global state vector.
    virtual int stateCount() const = 0;
    // Index of the first owned state (set by the builder).
    int stateIndex = -1;
    // Initial values of owned states.
    virtual void initStates(double p0, double* y) const = 0;
    // Pressure of the node during a stage evaluation.
    virtual double pressure(const double* y) const = 0;
    // Index of the state that IS the pressure, or -1 if pressure() computes it (lets the hot
    // loop read it without a virtual call).
    virtual int pressureStateIndex() const { return -1; }
    // Derivatives of owned states, given the node's net inflow q [m3/s], bulk modulus Be [Pa],
    // volume V [m3] and its rate dV/dt [m3/s].
    virtual void derivative(double q, double be, double vol, double dvol, double* dy) const = 0;
    // Called by fixed-step steppers once before every outer step. Returns false on failure with
    // the reason in lastError().
    virtual bool beginStep(NodeAccess& /*node*/, double /*dt*/) { return true; }
    virtual const std::string& lastError() const { return error_; }
    virtual MethodStats stats() const { return {}; }

protected:
    std::string error_;
};

// p is a state of the global stepper: dp/dt = Be(p)/V * (sum of inflows - dV/dt).
class IntegrateMethod final : public PressureMethod {
public:
    const char* id() const override { return "integrate"; }
    int stateCount() const override { return 1; }
    void initStates(double p0, double* y) const override { y[stateIndex] = p0; }
    double pressure(const double* y) const override { return y[stateIndex]; }
    int pressureStateIndex() const override { return stateIndex; }
    void derivative(double q, double be, double vol, double dvol, double* dy) const override {
        dy[stateIndex] = be / vol * (q - dvol);
    }
};

}  // namespace hs::sim
