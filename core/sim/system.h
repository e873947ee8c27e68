// SPDX-License-Identifier: GPL-3.0-or-later
// A compiled circuit: components bound to nodes, the evaluation order, the state layout and the
// right-hand side of the ODE system. Immutable in structure after building; the scratch arrays
// make rhs() allocation-free. One System per running configuration (not thread-shared).
#pragma once

#include <limits>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "component.h"
#include "continuity_pass.h"
#include "flat_tlm_step.h"
#include "pressure_method.h"
#include "restriction_pass.h"

namespace hs::sim {

class GeneratedKernel;  // kernel/kernel_compiler.h

struct HydNode {
    std::string name;          // the Volume on it, or "comp.port" of its first port
    std::vector<int> ports;    // global port indices
    std::vector<std::string> volumeIds;  // Volume components on the node (method settings key)
    double vConst = 0.0;
    std::vector<int> variablePorts;  // global ports of components with variable volume
    int imposer = -1;          // component that sets its pressure, or -1
    BulkModulus be;
    double p0 = 0.0;
    std::unique_ptr<PressureMethod> method;  // null for imposed nodes
};

struct MechNode {
    std::string name;
    std::vector<int> ports;
    double mass = 0.0;
    double x0 = 0.0;
    int yIndex = -1;  // position; velocity at yIndex + 1 (-1: a driven node, no states)
    int driver = -1;  // the component that drives its motion (Component::drivesMotion), or -1
};

struct PortRef {
    int comp = -1;
    int port = -1;
};

enum class StateKind { Pressure, MethodInternal, Position, Velocity, Component };

struct StateInfo {
    std::string name;  // "V2.p", "cyl.rod.x", "comp.K"
    std::string unit;
    StateKind kind = StateKind::Component;
    double nominal = 1.0;
    int node = -1;
    double lower = -std::numeric_limits<double>::infinity();  // hydraulic node for Pressure, mechanical node for Position/Velocity
};

class System {
public:
    System() = default;
    System(const System&) = delete;
    System& operator=(const System&) = delete;

    int stateCount() const { return static_cast<int>(states.size()); }
    void initialState(double* y);  // also resets held pressures of algebraic methods
    // dy = f(t, y). Leaves every node value, flow and signal of this evaluation in eval().
    void rhs(double t, const double* y, double* dy) {
        if (plainRhs_) rhsPlain(t, y, dy);
        else rhsOver(hotOrder_, t, y, dy);
    }
    // Called by fixed-step steppers before each outer step: evaluates the system at (t, y) and
    // lets every held-pressure method update its node (in node order, each seeing the values
    // its predecessors just found). Returns false if a method failed; failure() says why.
    // Does nothing when no node needs it.
    [[nodiscard]] bool beginStep(double t, double dt, const double* y) {
        currentDt_ = dt;
        if (flatReady_) {  // the flat TLM step, once the first step has prepared the waves
            e_.t = t;
            e_.y = y;
            e_.dy = scratchDy_.data();
            flatTlm_->step(dt);
            return true;
        }
        return !beginStepWork_ || beginStepWork(t, dt, y);
    }
    // The fast part of the per-step state check: every state finite and every pressure state
    // within [pMin, pMax]. When false, firstBadState() finds which.
    bool statesPlausible(const double* y) const {
        double zero = 0.0;
        const int n = stateCount();
        for (int i = 0; i < n; ++i) zero += y[i] * 0.0;  // NaN iff a state is not finite
        if (zero != 0.0) return false;
        for (int i : pressureStates_)
            if (y[i] < pMin || y[i] > pMax) return false;
        return true;
    }
    // Clamps states that have a physical lower bound (compensator K >= 0) after a step.
    void project(double* y) const {
        for (int i : boundedStates_)
            if (y[i] < states[i].lower) y[i] = states[i].lower;
    }
    // A per-stage method failed inside rhs() (checked by the steppers after each step).
    bool stageFailed() const { return !failure_.empty(); }
    // Net inflow [m3/s] into hydraulic node n if its pressure were p, all else as in the last
    // rhs() evaluation. Only the components on the node are evaluated (scratch derivatives).
    double nodeInflow(int n, double p);
    // Same, re-evaluating only the flagged components of nodeComps[n]; the others contribute
    // the flows they had at the last full evaluation (the outer step).
    double nodeInflowPartial(int n, double p, const std::vector<char>& recompute);
    // Net flow into node n from component nodeComps[n][i] at the last full evaluation.
    double componentInflow(int n, int i) const;
    // Net flow into node n from each of its components (nodeComps[n] order) if its pressure
    // were p, all else as in the last rhs() evaluation (out: nodeComps[n].size() values).
    void componentInflowsAt(int n, double p, double* out);
    // Ports of node n that carried flow at the last full evaluation.
    int flowPaths(int n) const;
    double nodeDvol(int n) const { return dvol_[n]; }
    double nodePressure(int n) const { return p_[n]; }
    bool needsFixedStep() const { return needsFixedStep_; }
    // Capacitance data of node n from the last evaluation.
    double nodeVolume(int n) const { return vol_[n]; }
    double nodeBulkModulus(int n) const { return hyd[n].be(p_[n]); }

    const Eval& eval() const { return e_; }

    // --- generated kernel (kernel/) --------------------------------------------------------
    // This configuration's right-hand side written out as C++ (kernel/kernel_source.cpp): ""
    // and the source in out, or why the circuit cannot have one (a component type without
    // kernel equations, a node that is not a plain integrated volume, per-step updates).
    [[nodiscard]] std::string kernelSource(std::string& out);
    // The compiled kernel the RK4 stepper runs instead of rhs() (null: interpreted).
    void useKernel(std::shared_ptr<GeneratedKernel> k) { kernel_ = std::move(k); }
    const GeneratedKernel* kernel() const { return kernel_.get(); }

    // The flat TLM step (flat_tlm_step.h) runs the outer step when the system qualifies; off, the
    // general path runs instead (tests compare the two bit for bit).
    void useFlatTlmStep(bool on) {
        flatTlmEnabled_ = on;
        flatReady_ = false;  // beginStepWork() decides again
    }
    bool flatTlmStepActive() const { return flatTlmEnabled_ && flatTlm_ != nullptr; }
    // The serial right-hand side's flat lists (rhsPlain(), rhsOver()): nodes with a constant Be
    // and volume (continuity_pass.h) and restrictions evaluated without a call
    // (restriction_pass.h); off, the general lists run instead (tests compare the two bit for bit).
    void useFlatStages(bool on);
    size_t flatRestrictionCount() const { return restrictionPass_.restrictionCount(); }
    size_t constantNodeCount() const { return continuity_.constantNodeCount(); }
    bool flatTlmIsWholeStep() const { return flatTlmStepActive() && flatTlm_->wholeStep; }

    // --- parallel partitions (partitions.cpp) ---------------------------------------------
    // Units of partitioning at step dt: every component is one unit (index = component index);
    // a component that can be cut at dt (a long enough transmission line, splittable()) gets a
    // second unit for its end 1. dt = 0: no cuts at components, only at TLM volumes.
    struct PartitionUnits {
        int count = 0;
        std::vector<int> ofPort;   // unit of each global port
        std::vector<int> comp;     // component of each unit
        std::vector<int> endUnit;  // per component: the unit of its end 1, or -1 (not cut)
    };
    PartitionUnits partitionUnits(double dt) const;
    // Groups of units that must share a partition: joined by a non-TLM hydraulic node (static
    // imposed nodes such as tanks do not join), a mechanical node, a signal or a watched port.
    // One group id per unit; without units, per component (no cuts at lines).
    std::vector<int> couplingGroups(const PartitionUnits& u) const;
    std::vector<int> couplingGroups() const { return couplingGroups(partitionUnits(0.0)); }
    // Pairs of units that exchange waves: any two units on one TLM node (once per node), and
    // a cut line's two ends. The "lines" of the partition mapper's task graph (mapping/).
    std::vector<std::pair<int, int>> waveLinks(const PartitionUnits& u) const;
    // Splits the circuit into parts partitions (partOfUnit[u] in [0, parts)); "" or why not.
    [[nodiscard]] std::string setPartitions(const PartitionUnits& u, const std::vector<int>& partOfUnit, int parts);
    [[nodiscard]] std::string setPartitions(const std::vector<int>& partOfComp, int parts) { return setPartitions(partitionUnits(0.0), partOfComp, parts); }
    int partitionCount() const { return static_cast<int>(parts_.size()); }
    const std::vector<int>& partitionStates(int k) const { return parts_[static_cast<size_t>(k)].states; }
    // The pieces of rhs() and beginStep() for the states and ports partition k owns; partitions
    // only meet at TLM nodes, so they can run concurrently between the barriers of a step:
    // rhs (stages) | beginStepPartition (evaluation + TLM solve) | finishStepPartition (waves).
    void rhsPartition(int k, double t, const double* y, double* dy);
    [[nodiscard]] bool beginStepPartition(int k, double t, const double* y);
    [[nodiscard]] bool finishStepPartition(int k, double dt);
    // Partition k's share of the per-step state check (finite, pressures within [pMin, pMax])
    // and of project(): the stepper runs them inside the fork-join; on a failed check it asks
    // firstBadState() for the whole state, so the reported state is the serial run's.
    [[nodiscard]] bool partitionStatesOk(int k, const double* y) const;
    // Steps without meeting (TLM exchange every n-th step): how many finishes from now (at most
    // cap) are not an exchange at any TLM node the partitions share; every partition's share of
    // such a finish (its own nodes in full, its ports of shared nodes interpolated, its delay
    // lines), and the bookkeeping of the shared nodes after `count` of them. Not possible with
    // a line cut between partitions (its ends meet every step).
    long finishesWithoutExchange(long cap) const;
    [[nodiscard]] bool finishLocalPartition(int k, long ahead, double dt);
    void skipSharedFinishes(long count);
    bool wavesPrepared() const { return wavesPrepared_; }
    void acceptPartition(int k, const double* from, double* y) const;
    // Serial part of the first step (waves of step 0, delay lines set up for dt) and the
    // failures of the partitions. false: failure() says why.
    [[nodiscard]] bool prepareWavesOnce(double dt);
    [[nodiscard]] std::string partitionFailure();

    // --- partitions on separate processes (partition_ranks.cpp; MPI ranks, one partition each) ---
    // Each process holds the whole system and steps one partition. A TLM node that ports of
    // several partitions touch (flow ports or pressure readers) is finished by each of them (a
    // replica), from the ports' pressures and flows that the partitions exchange before a finish
    // at which the node is due (notes/003 §3.6-3.7); a node one partition touches alone stays
    // there. Needs setPartitions() first; "" or why not (a TLM line cut between partitions: its
    // ends share the line's internal state, which cannot cross processes).
    [[nodiscard]] std::string prepareRankExchange();
    // The partitions that share replicated nodes with partition k, ascending.
    const std::vector<int>& rankPeers(int k) const { return parts_[static_cast<size_t>(k)].peers; }
    // Whether a node partition k shares with peer is due at the next finish (then they exchange).
    bool rankExchangeDue(int k, int peer) const;
    // As finishesWithoutExchange(), over the replicated nodes partition k touches.
    long rankFinishesWithoutExchange(int k, long cap) const;
    // Partition k's ports on the nodes it shares with peer (pressure, flow, chamber volume and
    // its rate), in a fixed order both sides know; unpack writes the peer's.
    void packRankPorts(int k, int peer, std::vector<double>& out) const;
    void unpackRankPorts(int k, int peer, const std::vector<double>& in);
    // finishStepPartition() / finishLocalPartition() / skipSharedFinishes() for partition k
    // alone on its process, with its replicas.
    [[nodiscard]] bool finishRankPartition(int k, double dt);
    [[nodiscard]] bool finishRankLocal(int k, long ahead, double dt);
    void skipRankFinishes(int k, long count);
    // The partition whose process holds the current value of a state, a node's pressure (wave
    // slots follow the hydraulic nodes), a port's flow, a mechanical node, a signal slot.
    int partitionOfState(int s) const;
    int partitionOfNode(int n) const;
    int partitionOfPort(int g) const;
    int partitionOfMech(int m) const;
    int partitionOfSignal(int slot) const;
    // TLM: number of port pressure slots (they follow the hydraulic nodes in eval().p), and the
    // Newton iterations / scalar root evaluations spent solving components against TLM nodes.
    int waveSlotCount() const { return static_cast<int>(slotPort_.size()); }
    long waveSolveIterations() const { return waveIterations_; }
    const std::vector<int>& pressureStateIndices() const { return pressureStates_; }
    const std::string& failure() const { return failure_; }
    // Where an adaptive segment starting at t must stop: just before (1e-12 relative) the earliest
    // input discontinuity whose stop is after t, so the segment's last evaluations see the inputs'
    // left limit (infinity if none); *at, when given, receives the discontinuity itself, where the
    // next segment starts.
    double nextBreakpoint(double t, double* at = nullptr) const;

    // --- structure (filled by the builder) --------------------------------------------
    std::vector<std::unique_ptr<Component>> comps;
    std::vector<int> order;  // evaluation order (component indices)
    std::vector<HydNode> hyd;
    std::vector<MechNode> mech;
    std::vector<PortRef> ports;  // global port -> component/port
    std::vector<StateInfo> states;
    std::vector<int> integratedNodes;  // nodes whose method owns states (derivative pass)
    std::vector<std::vector<int>> nodeComps;  // per hydraulic node: components on it
    int signalSlots = 1;
    Fluid fluid;
    double pMin = -1e7, pMax = 1e9;

    void allocate();  // size scratch arrays and flatten the hot-path tables once structure is final

private:
    // Flat tables for rhs(): one entry per node with a method / per mechanical node.
    struct NodeHot {
        PressureMethod* method;
        const BulkModulus* be;
        double vConst;
        double qConst;  // net inflow from static components' ports (constant)
        int node, portBegin, portEnd, varBegin, varEnd;
        int pressureState;  // >= 0: the pressure is this state (no virtual call needed)
        bool hasStates;
        bool continuity;  // derivative is Be/V*(q - dV/dt) into pressureState
        // nodeDerivative() has something to do: states to differentiate or a chamber volume to
        // sum (not so for a stateless method on a constant volume, e.g. a TLM volume)
        bool derivativeWork;
        // The node's pressure does not depend on y and is kept in p_ by the wave steps
        // (finishWaveNode, resetWaveSlots): a TLM volume. Not read back from the method per stage.
        bool pressureKept;
    };
    struct MechHot {
        int node, y, portBegin, portEnd;
        double invMass;
    };
    // Node volume (variable ports) and pressure derivative of one hot node from the flows of
    // this evaluation: the loop body of rhs(), shared with rhsPartition().
    [[gnu::always_inline]] void nodeDerivative(const NodeHot& h, const double* p, double* dy) {
        const int* hp = hotPorts_.data();
        const int* vports = hotVarPorts_.data();
        const double* flow = flow_.data();
        double vol = h.vConst, dvol = 0.0;
        if (h.varBegin != h.varEnd) {
            for (int i = h.varBegin; i < h.varEnd; ++i) {
                vol += pvol_[static_cast<size_t>(vports[i])];
                dvol += pdvol_[static_cast<size_t>(vports[i])];
            }
            vol_[static_cast<size_t>(h.node)] = vol;
            dvol_[static_cast<size_t>(h.node)] = dvol;
        }
        if (!h.hasStates) return;
        double q = h.qConst;
        for (int i = h.portBegin; i < h.portEnd; ++i) q -= flow[hp[i]];
        const double be = (*h.be)(p[h.node]);
        if (h.continuity) dy[h.pressureState] = be / vol * (q - dvol);
        else h.method->derivative(q, be, vol, dvol, dy);
    }
    void mechDerivative(const MechHot& m, const double* y, double* dy) const {
        eq::mechanicalDerivative(m.y, hotPorts_.data() + m.portBegin, m.portEnd - m.portBegin, m.invMass, flow_.data(), y, dy);
    }
    std::vector<NodeHot> hotNodes_;
    // The serial rhs(): the plain continuity nodes in one flat pass, the rest (indices into
    // hotNodes_) through nodeDerivative().
    ContinuityPass continuity_;
    std::vector<int> otherHotNodes_;
    // Every hydraulic node with a method is a plain continuity node and no method updates per
    // stage: rhs() is rhsPlain(), which has nothing else to check.
    bool plainRhs_ = false;
    // rhsPlain()'s components: the held sources first (evaluated only when t leaves the interval
    // of their last evaluation: they have no inputs), then the others in evaluation order.
    struct HeldSource {
        Component* comp;
        const IntervalCache* held;
    };
    std::vector<HeldSource> heldSources_;
    std::vector<Component*> plainOrder_;
    RestrictionPass restrictionPass_;  // plainOrder_, its restrictions without a call
    bool flatStages_ = true;
    void buildContinuityPass();
    void buildRestrictionPass();
    void rhsPlain(double t, const double* y, double* dy);
    std::vector<MechHot> hotMech_;
    std::vector<int> hotPorts_, hotVarPorts_;
    std::vector<Component*> hotOrder_;
    std::vector<int> pressureStates_;
    std::vector<int> boundedStates_;
    std::vector<int> stepNodes_, stageNodes_;  // nodes whose method updates per step / per stage
    std::vector<double> stepFlow_;             // port flows of the last full evaluation
    std::vector<int> portNodeComp_;            // port -> index of its component in nodeComps[its node]
    bool needsFixedStep_ = false;
    bool beginStepWork_ = true;  // beginStep() has something to do (held methods, waves, step updates)
    [[nodiscard]] bool beginStepWork(double t, double dt, const double* y);
    double currentDt_ = 0.0;
    void evalComponents();
    // TLM (tlm_ports.cpp): slots for the flow ports of wave nodes, the per-step component solve
    // against the Thevenin sources, and the waves of the next step.
    struct WaveNode {
        int node, slotBegin, slotEnd;
        PressureMethod* method;  // hyd[node].method, read every step
        bool variableVolume;     // a chamber on the node: its volume is summed at each exchange
        bool everyStep;          // exchanges at every step (no need to ask the method)
    };
    struct WaveComp {
        int comp;
        std::vector<int> ports, slotIds;  // component-local port and its slot (not "slots": a Qt macro)
        // Hydraulic ports on ordinary nodes (component-local port, node index): fixed pressures
        // c = p, z = 0 of the solve; filled once the slots are bound.
        std::vector<std::pair<int, int>> nodePorts;
        // This component's Thevenin sources, one per port, at waveC_/waveZ_[theveninBegin + k]:
        // zero except for the ports above (each solve writes the same entries).
        int theveninBegin = 0;
        // The hot path's copy of the above, flat in waveTerms_: [termBegin, slotTermBegin) the
        // node ports (port, node), [slotTermBegin, termEnd) the slot ports (port, slot).
        Component* component = nullptr;
        int termBegin = 0, slotTermBegin = 0, termEnd = 0;
        bool solveWritesFlows = false;  // component->theveninWritesFlows()
    };
    struct WaveTerm {
        int port, source;
    };
    std::vector<WaveTerm> waveTerms_;
    // Scratch of one thread solving components against TLM nodes.
    struct WaveContext {
        Eval e;
        long iterations;
        std::string failure;
    };
    void setupWavePorts();
    void resetWaveSlots();
    [[nodiscard]] bool solveWavePorts(double dt);
    // The start step of nodes whose method holds it (PressureMethod::startStepHeld): their ports
    // at their start pressure p0, and no flow passed to the waves of the next step.
    void holdStartValues();
    [[nodiscard]] bool solveWaveComp(const WaveComp& w, WaveContext& ctx);
    [[gnu::cold]] static void reportUnsolvable(const Component& c, WaveContext& ctx);
    [[nodiscard]] bool finishWaveStep(double dt);
    void prepareWaveNode(const WaveNode& w, double dt);
    void finishWaveNode(const WaveNode& w, double dt);
    [[nodiscard]] bool solveComponentGeneric(const WaveComp& w, WaveContext& ctx);
    double slotResidual(const WaveComp& w, size_t i);
    std::vector<WaveNode> waveNodes_;
    std::vector<WaveComp> waveComps_;
    std::vector<int> slotPort_;
    std::vector<double> slotC_, slotZ_, slotQ_;
    std::vector<double> waveC_, waveZ_;  // per wave component and port: c and z of its solve
    bool wavesPrepared_ = false;
    void buildFlatTlmStep();  // flat_tlm_setup.cpp; at the end of allocate()
    std::unique_ptr<FlatTlmStep> flatTlm_;
    bool flatTlmEnabled_ = true;
    bool flatReady_ = false;  // flatTlm_ enabled and the waves prepared: beginStep() runs it directly
    struct alignas(64) Part {  // own cache lines: the threads write their Part's context every stage
        std::vector<Component*> hot;
        std::vector<int> nodes, mech, states, waveComps, waveNodes;  // indices into the hot/wave tables
        std::vector<int> pressureStates, boundedStates;
        std::vector<Component*> stepComps;
        std::vector<std::pair<Component*, int>> hotEnds, stepEnds;  // ends of components cut here
        std::vector<int> ownNodes;  // wave nodes owned here whose ports are all here
        struct SharedPort {
            int waveNode, port, slot;
        };
        std::vector<SharedPort> sharedPorts;  // this partition's ports of wave nodes it shares
        std::vector<double> scratchDy;
        WaveContext ctx;
        // On separate processes (prepareRankExchange): wave nodes only this partition touches,
        // replicated nodes it touches, and the partitions it shares them with.
        std::vector<int> rankLocal, rankShared, peers;
    };
    std::vector<Part> parts_;
    // The per-step updates of part's components (stepUpdate); on failure the reason goes into
    // part.ctx.failure and the result is false. Shared by the threaded and the rank partitions.
    [[nodiscard]] static bool updateStepComponents(Part& part, double dt);
    std::vector<int> sharedNodes_;  // wave nodes with ports in more than one partition
    std::vector<int> partOfUnit_, partOfState_;  // the plan of setPartitions()
    PartitionUnits units_;
    std::vector<std::vector<int>> nodeTouchers_;  // per wave node (index into waveNodes_): partitions with a port on it
    bool cutLines_ = false;
    // rhs() over the given evaluation list (hotOrder_ for the stages, presolveOrder_ before the
    // wave solve of a step).
    void rhsOver(const std::vector<Component*>& list, double t, const double* y, double* dy);
    // Whether evaluating component c before the wave solve of a step can be seen by anything:
    // not when it is a wave component whose every output the solve overwrites before anyone
    // reads it (only hydraulic ports, no states, signal outputs, forces, volumes, step update
    // or watching sensor).
    bool presolveEvalObservable(int c) const;
    std::vector<Component*> presolveOrder_;  // hotOrder_ without the unobservable wave components
    // The evaluation before the wave solve of a step (beginStepWork): node pressures, mechanical
    // positions and presolveOrder_'s outputs. Its derivatives go to scratch; when they write
    // nothing else (no per-stage method, no chamber, no node whose derivative pass has work
    // besides the continuity pass) the pass is left out: presolveLean_.
    void presolve(double t, const double* y);
    bool presolveLean_ = false;
    std::vector<int> presolveReadNodes_;  // otherHotNodes_ whose pressure presolve() reads from y
    // Nothing to evaluate before the wave solve: no components left in presolveOrder_, no states
    // or masses, every node with a method a wave node (whose pressure finishWaveNode() keeps).
    bool presolveEmpty_ = false;
    WaveContext serialCtx_;                  // the serial wave solve's scratch (kept: no allocation per step)
    std::vector<Component*> stepComps_;
    long waveIterations_ = 0;
    bool isStaticPort(int g) const;
    void updateStageMethods(double t);
    std::shared_ptr<GeneratedKernel> kernel_;
    Eval e_;
    std::vector<double> p_, x_, v_, flow_, sig_, pvol_, pdvol_, vol_, dvol_, scratchDy_;
    std::string failure_;
};

}  // namespace hs::sim
