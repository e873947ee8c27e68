// SPDX-License-Identifier: GPL-3.0-or-later
#include "simulator.h"

#include <algorithm>

#include <chrono>
#include <ctime>
#include <cmath>
#include <cstdio>
#include <limits>
#include <memory>
#include <sstream>

#include "batch_recorder.h"
#include "kernel/kernel_compiler.h"
#include "partition_link.h"
#include "partitioned_stepper.h"
#include "stepper.h"
#include "system.h"
#include "vector_state.h"
#include "thread_cpu.h"

namespace hs::sim {

bool isIterationCounter(const std::string& quantity) {
    return quantity == "inner_iterations" || quantity == "newton_iterations";
}

int Trace::column(const std::string& name) const {
    for (size_t i = 0; i < names.size(); ++i)
        if (names[i] == name) return static_cast<int>(i);
    return -1;
}

namespace {

constexpr double kStopCheckSteps = 256;

std::string num(double v) {
    char b[64];
    std::snprintf(b, sizeof b, "%.6g", v);
    return b;
}

// Where a probe reads its value after a full rhs() evaluation.
struct Reader {
    enum Kind { NodeP, PortFlow, MechX, MechV, Signal, State, Ppar, Inertance, InnerIter, NewtonIter } kind = NodeP;
    int index = 0;
    // Method statistics are cumulative in the method; a probe shows how many iterations the
    // record interval that ends at the sample took (reads happen once per record, in order).
    mutable std::int64_t last = 0;
    // Reads something the right-hand side computes (flows, signals, pressures that are not
    // states): the record evaluates the system at the sample first. States and the methods'
    // counters need no evaluation.
    bool needsEvaluation() const { return kind != State && kind != InnerIter && kind != NewtonIter; }
    double read(const System& sys, const double* y) const {
        const Eval& e = sys.eval();
        switch (kind) {
        case NodeP: return e.p[index];
        case PortFlow: return e.flow[index];
        case MechX: return e.x[index];
        case MechV: return e.v[index];
        case Signal: return e.sig[index];
        case State: return y[index];
        case Ppar: return sys.hyd[static_cast<size_t>(index)].method->parasiticPressure();
        case Inertance: return sys.hyd[static_cast<size_t>(index)].method->parasiticInertance();
        case InnerIter:
        case NewtonIter: {
            const MethodStats st = sys.hyd[static_cast<size_t>(index)].method->stats();
            const std::int64_t now = kind == InnerIter ? st.innerIterations : st.newtonIterations;
            const std::int64_t d = now - last;
            last = now;
            return static_cast<double>(d);
        }
        }
        return 0.0;
    }
};

// The partition whose process holds a probe's value (partitions on MPI ranks).
int ownerOf(const System& sys, const Reader& r) {
    switch (r.kind) {
    case Reader::State: return sys.partitionOfState(r.index);
    case Reader::PortFlow: return sys.partitionOfPort(r.index);
    case Reader::MechX:
    case Reader::MechV: return sys.partitionOfMech(r.index);
    case Reader::Signal: return sys.partitionOfSignal(r.index);
    case Reader::NodeP:
    case Reader::Ppar:
    case Reader::Inertance:
    case Reader::InnerIter:
    case Reader::NewtonIter: return sys.partitionOfNode(r.index);
    }
    return 0;
}

// Partitions on MPI ranks: each process recorded every probe, but only the process of a probe's
// partition holds its values; rank 0 takes each column (and each partition's final states) from
// there. The others' traces are not the run's.
void gatherOnRankZero(const System& sys, PartitionLink& link, const std::vector<Reader>& readers, RunResult& res,
                      std::vector<double>& y) {
    std::vector<double> buf;
    for (size_t c = 0; c < readers.size() && c < res.trace.columns.size(); ++c) {
        const int owner = ownerOf(sys, readers[c]);
        if (owner == 0) continue;
        if (link.rank() == owner) link.send(0, res.trace.columns[c]);
        if (link.rank() == 0) link.receive(owner, res.trace.columns[c]);
    }
    for (int k = 1; k < link.size(); ++k) {
        const std::vector<int>& st = sys.partitionStates(k);
        if (link.rank() == k) {
            buf.clear();
            for (int i : st) buf.push_back(y[static_cast<size_t>(i)]);
            link.send(0, buf);
        }
        if (link.rank() == 0) {
            link.receive(k, buf);
            for (size_t i = 0; i < st.size() && i < buf.size(); ++i) y[static_cast<size_t>(st[i])] = buf[i];
        }
    }
}

std::string resolve(System& sys, const ProbeSpec& pr, Reader& r, std::string& unit) {
    const std::string what = "probe '" + (pr.name.empty() ? pr.quantity + " " + pr.target : pr.name) + "'";
    const auto dot = pr.target.rfind('.');
    const std::string comp = dot == std::string::npos ? pr.target : pr.target.substr(0, dot);
    const std::string part = dot == std::string::npos ? std::string() : pr.target.substr(dot + 1);
    int ci = -1;
    for (size_t i = 0; i < sys.comps.size(); ++i)
        if (sys.comps[i]->id == comp) ci = static_cast<int>(i);
    if (ci < 0) return what + ": no component '" + comp + "'";
    const Component& c = *sys.comps[ci];
    if (pr.quantity == "state") {
        int k = c.spec->stateIndex(part);
        if (k < 0) return what + ": component '" + comp + "' has no state '" + part + "'";
        r = {Reader::State, c.stateOffset + k};
        unit = c.spec->states[k].unit;
        return {};
    }
    int k = part.empty() ? 0 : c.spec->portIndex(part);
    if (k < 0) return what + ": component '" + comp + "' has no port '" + part + "'";
    const PortSpec& ps = c.spec->ports[k];
    if (c.node[k] < 0 && ps.domain != Domain::Signal) return what + ": port '" + pr.target + "' is not connected";
    if (pr.quantity == "pressure" && ps.domain == Domain::Hydraulic) {
        // An integrated volume's pressure is its state (System::rhs copies it): read it there.
        const size_t node = static_cast<size_t>(c.node[k]);
        const PressureMethod* m = node < sys.hyd.size() ? sys.hyd[node].method.get() : nullptr;
        const int state = m ? m->pressureStateIndex() : -1;
        r = state >= 0 ? Reader{Reader::State, state} : Reader{Reader::NodeP, c.node[k]};
        unit = "Pa";
        return {};
    }
    const bool methodQuantity = pr.quantity == "ppar" || pr.quantity == "parasitic_inertance" ||
                                pr.quantity == "inner_iterations" || pr.quantity == "newton_iterations";
    if (methodQuantity && ps.domain == Domain::Hydraulic) {
        // TLM accuracy indicators of the node on this port (notes/003 §1.3).
        const int g = c.portBase + k;
        for (size_t n = 0; n < sys.hyd.size(); ++n)
            if (std::find(sys.hyd[n].ports.begin(), sys.hyd[n].ports.end(), g) != sys.hyd[n].ports.end()) {
                // A circuit's probes serve all its configurations: a volume that is not TLM in
                // this one reads NaN (no indicator), a node without a volume is an error.
                if (!sys.hyd[n].method)
                    return what + ": node '" + sys.hyd[n].name + "' has its pressure imposed; quantity '" + pr.quantity + "' needs a volume";
                if (pr.quantity == "ppar" || pr.quantity == "parasitic_inertance") {
                    r = {pr.quantity == "ppar" ? Reader::Ppar : Reader::Inertance, static_cast<int>(n)};
                    unit = pr.quantity == "ppar" ? "Pa" : "kg/m4";
                } else {
                    r = {pr.quantity == "inner_iterations" ? Reader::InnerIter : Reader::NewtonIter, static_cast<int>(n)};
                    unit = "-";
                }
                return {};
            }
    }
    if (pr.quantity == "flow" && ps.domain == Domain::Hydraulic) { r = {Reader::PortFlow, c.portBase + k}; unit = "m3/s"; return {}; }
    // A mechanical node's position and velocity are states (System::rhs copies them).
    const bool mechPort = (ps.domain == Domain::Mechanical || ps.domain == Domain::Rotational) &&
                          static_cast<size_t>(c.node[k]) < sys.mech.size();
    const int mechState = mechPort ? sys.mech[static_cast<size_t>(c.node[k])].yIndex : -1;
    if (pr.quantity == "position" && ps.domain == Domain::Mechanical) { r = mechState >= 0 ? Reader{Reader::State, mechState} : Reader{Reader::MechX, c.node[k]}; unit = "m"; return {}; }
    if (pr.quantity == "velocity" && ps.domain == Domain::Mechanical) { r = mechState >= 0 ? Reader{Reader::State, mechState + 1} : Reader{Reader::MechV, c.node[k]}; unit = "m/s"; return {}; }
    if (pr.quantity == "force" && ps.domain == Domain::Mechanical) { r = {Reader::PortFlow, c.portBase + k}; unit = "N"; return {}; }
    if (pr.quantity == "angle" && ps.domain == Domain::Rotational) { r = mechState >= 0 ? Reader{Reader::State, mechState} : Reader{Reader::MechX, c.node[k]}; unit = "rad"; return {}; }
    if (pr.quantity == "speed" && ps.domain == Domain::Rotational) { r = mechState >= 0 ? Reader{Reader::State, mechState + 1} : Reader{Reader::MechV, c.node[k]}; unit = "rad/s"; return {}; }
    if (pr.quantity == "torque" && ps.domain == Domain::Rotational) { r = {Reader::PortFlow, c.portBase + k}; unit = "N*m"; return {}; }
    if (pr.quantity == "signal" && ps.domain == Domain::Signal) { r = {Reader::Signal, c.node[k]}; unit = ps.unit.empty() ? "-" : ps.unit; return {}; }
    return what + ": quantity '" + pr.quantity + "' does not apply to the " + domainName(ps.domain) + " port '" + pr.target + "'";
}

std::string describeFailure(System& sys, int bad, double badValue, double t, const double* y, const SolverSettings& s) {
    std::ostringstream o;
    o.imbue(std::locale::classic());
    o << "run diverged at t = " << num(t) << " s: ";
    if (bad < 0) return o.str() + "the solver failed";
    const StateInfo& st = sys.states[bad];
    (void)y;  // the last good state; the offending value is badValue
    std::string val = num(badValue);
    if (st.kind == StateKind::Pressure) {
        o << "pressure of node '" << sys.hyd[st.node].name << "' became " << val << " Pa";
        if (std::isfinite(badValue)) o << " (outside the physical bounds [" << num(sys.pMin) << ", " << num(sys.pMax) << "] Pa)";
        o << ".";
        const double tau = nodeTimeConstant(sys, st.node);
        const StepperSpec* spec = findBuiltinStepper(s.stepper);
        const double limit = spec ? spec->stabilityLimit : 0.0;  // explicit fixed-step steppers only
        // A finite pressure just past a bound, reached with a step well inside the stable range
        // (or under error control), is the circuit's own solution leaving the physical range,
        // not a numerical instability: a smaller step would only reach the same bound later.
        const bool stable = (limit > 0 && std::isfinite(limit) && (!std::isfinite(tau) || s.dt < 0.5 * limit * tau)) ||
                            (spec && spec->adaptive);
        if (std::isfinite(badValue) && stable) {
            const bool below = badValue < sys.pMin;
            o << " Hint: the step is not the cause (" << (spec && spec->adaptive ? "the stepper controls its error" :
                                                          "the step " + num(s.dt) + " s is well inside the stable range")
              << "): the circuit's own solution left the physical range. "
              << (below ? "More oil leaves volume '" + sys.hyd[st.node].name +
                              "' than reaches it (a load or a prescribed motion pulling on a chamber, an undersized "
                              "supply or valve); the model has no cavitation, so a pressure below " + num(sys.pMin) +
                              " Pa ends the run. Check the loads, the supply and the valve sizes."
                        : "Volume '" + sys.hyd[st.node].name +
                              "' is compressed without relief (a closed chamber driven by a load, a blocked line). "
                              "Check for a missing relief valve or a wrong connection.");
        } else if (std::isfinite(tau) && limit > 0 && std::isfinite(limit)) {
            const double lim = limit * tau;
            o << " Hint: at the last good state this node's time constant V/(Be*G) is " << num(tau)
              << " s, so the largest stable " << s.stepper << " step is about " << num(lim) << " s (step used: "
              << num(s.dt) << " s). Reduce the step, or choose another pressure method for volume '"
              << sys.hyd[st.node].name << "'.";
        } else {
            o << " Hint: reduce the step or tighten the tolerances, or choose another pressure method for volume '"
              << sys.hyd[st.node].name << "'.";
        }
    } else {
        o << "state '" << st.name << "' became " << val << ". Hint: reduce the step or tighten the tolerances.";
    }
    return o.str();
}

}  // namespace

double nodeTimeConstant(System& sys, int n) {
    const double p = sys.eval().p[n];
    const double h = std::max(1.0, std::abs(p) * 1e-6);
    const double g = -(sys.nodeInflow(n, p + h) - sys.nodeInflow(n, p - h)) / (2 * h);
    if (!(g > 0)) return std::numeric_limits<double>::infinity();
    return sys.nodeVolume(n) / (sys.nodeBulkModulus(n) * g);
}

std::string checkProbe(System& sys, const ProbeSpec& probe, std::string* unit) {
    Reader r;
    std::string u;
    std::string e = resolve(sys, probe, r, u);
    if (unit) *unit = u;
    return e;
}

std::vector<ProbeSpec> defaultProbes(const System& sys) {
    std::vector<ProbeSpec> v;
    for (const auto& n : sys.hyd) {
        if (n.imposer >= 0) continue;
        const PortRef& pr = sys.ports[n.ports.front()];
        v.push_back({"p " + n.name, "pressure", sys.comps[pr.comp]->id + "." + sys.comps[pr.comp]->spec->ports[pr.port].id});
    }
    for (const auto& m : sys.mech) {
        const PortRef& pr = sys.ports[m.ports.front()];
        const bool rotational = sys.comps[pr.comp]->spec->ports[pr.port].domain == Domain::Rotational;
        v.push_back({(rotational ? "angle " : "x ") + m.name, rotational ? "angle" : "position", m.name});
    }
    return v;
}

RunResult simulate(System& sys, const std::vector<ProbeSpec>& probes, const RunOptions& opt) {
    // This thread may have been started by one whose AVX upper state was left in use (the GUI's
    // main thread was): clean it, or every SSE instruction of the run pays for it on some CPUs.
    clearUpperVectorState();
    RunResult res;
    const auto wall0 = std::chrono::steady_clock::now();
    const double cpu0 = threadCpuSeconds();
    std::vector<double> y(static_cast<size_t>(sys.stateCount())), dy(y.size());
    std::vector<Reader> readers(probes.size());
    if (const GeneratedKernel* k = sys.kernel()) {
        res.kernel = "generated";
        res.kernelCompileSeconds = k->compileSeconds();
        res.kernelFromCache = k->fromCache();
    }
    auto finish = [&]() {
        PartitionLink* link = opt.solver.ranks;
        if (link && link->size() > 1 && sys.partitionCount() == link->size()) gatherOnRankZero(sys, *link, readers, res, y);
        res.finalState = y;
        res.wallSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall0).count();
        res.cpuSeconds = threadCpuSeconds() - cpu0;
        for (const auto& n : sys.hyd)
            if (n.method) res.methodStats.push_back({n.name, n.method->stats()});
        return res;
    };
    for (size_t i = 0; i < probes.size(); ++i) {
        std::string unit;
        std::string e = resolve(sys, probes[i], readers[i], unit);
        if (!e.empty()) { res.error = e; return finish(); }
        res.trace.names.push_back(probes[i].name.empty() ? probes[i].quantity + " " + probes[i].target : probes[i].name);
        res.trace.units.push_back(unit);
        res.trace.quantities.push_back(probes[i].quantity);
    }
    res.trace.columns.assign(probes.size(), {});
    if (!(opt.duration > 0)) { res.error = "duration must be positive"; return finish(); }
    if (!(opt.recordInterval > 0)) { res.error = "record interval must be positive"; return finish(); }
    const size_t expected = opt.keepTrace ? static_cast<size_t>(opt.duration / opt.recordInterval) + 2 : 1;
    res.trace.time.reserve(expected);
    for (auto& c : res.trace.columns) c.reserve(expected);

    std::string err;
    auto stepper = makeStepperFor(sys, opt.solver, err);
    if (!stepper) { res.error = err; return finish(); }
    sys.initialState(y.data());
    double t = 0.0;
    err = stepper->init(sys, t, y.data(), opt.solver);
    if (!err.empty()) { res.error = err; return finish(); }
    auto counts = [&]() {
        res.steps = stepper->steps();
        res.rhsEvaluations = stepper->rhsEvaluations();
        res.newtonIterations = stepper->newtonIterations();
        res.jacobians = stepper->jacobians();
        res.splitSteps = stepper->splitSteps();
    };

    std::vector<double> sampled(readers.size());
    bool recordEvaluates = false;
    for (const Reader& r : readers) recordEvaluates = recordEvaluates || r.needsEvaluation();
    std::vector<int> readStates;  // the states the records read, when they read nothing else
    bool onlyStates = true;
    for (const Reader& r : readers) {
        onlyStates = onlyStates && r.kind == Reader::State;
        if (r.kind == Reader::State) readStates.push_back(r.index);
    }
    if (!recordEvaluates) stepper->restrictInterpolation(readStates);  // the stepper interpolates no others
    if (!onlyStates) readStates.clear();
    BatchRecorder batch;
    auto record = [&]() {
        // Fills node values, flows and signals at (t, y), unless every probe reads a state: an
        // adaptive stepper's records fall between its steps, and an evaluation per record cost
        // more than the steps (Circuit 2, rosw3: 20 001 records, a few hundred steps).
        if (recordEvaluates) sys.rhs(t, y.data(), dy.data());
        for (size_t i = 0; i < readers.size(); ++i) sampled[i] = readers[i].read(sys, y.data());
        if (!opt.keepTrace) {  // only the last record stays
            res.trace.time.clear();
            for (auto& c : res.trace.columns) c.clear();
        }
        res.trace.time.push_back(t);
        for (size_t i = 0; i < readers.size(); ++i) res.trace.columns[i].push_back(sampled[i]);
        if (opt.sample) {
            opt.sample(t, sampled.data(), sampled.size());
            clearUpperVectorState();  // the viewer's code ran on this thread
        }
    };
    // Algebraic methods need their value before the first record.
    if (stepper->fixedStep() && !sys.beginStep(t, opt.solver.dt, y.data())) {
        res.error = "at t = 0 s: " + sys.failure();
        return finish();
    }
    record();
    const double T = opt.duration, rec = opt.recordInterval;
    long k = 1;
    double nextBpAt = std::numeric_limits<double>::infinity();  // the discontinuity nextBp stops before
    double nextBp = stepper->fixedStep() ? std::numeric_limits<double>::infinity() : sys.nextBreakpoint(t, &nextBpAt);
    const double eps = 1e-12 * std::max(1.0, T);
    // Fixed steps accumulate t += dt, which drifts off the record grid by more than eps over long
    // runs (2e6 steps: ~1e-10 s). A record time or the end counts as reached within half a step;
    // otherwise the same sample was recorded twice, one step apart (20 s at 1e-5 s with a 1e-3 s
    // record interval gave 35005 rows instead of 20001) and the run overran its end by one step.
    const double half = stepper->fixedStep() ? 0.5 * opt.solver.dt : 0.0;
    // Progress at most every 1/1000 of the run: a progress bar needs no more, and a call per
    // record was a tenth of an adaptive run's instructions (Circuit 2, rosw3, 20 001 records).
    const double progressInterval = T / 1000.0;
    double nextProgress = progressInterval;
    // The end is reached within half a fixed step, or where an adaptive stepper stopped for a
    // breakpoint at T (System::nextBreakpoint: 1e-12 before it, which must not count as the end:
    // the last record would be lost).
    const double endReached = stepper->fixedStep() ? half + eps : 1e-13 * std::max(1.0, T);
    while (t < T - endReached) {
        const double nextRec = std::min(static_cast<double>(k) * rec, T);
        double target = std::min(nextRec, nextBp);
        // With a stop flag, fixed steps go in chunks of at most kStopCheckSteps so that Stop is
        // seen soon even when records are far apart; the steps themselves are the same.
        if (opt.stop && stepper->fixedStep()) target = std::min(target, t + kStopCheckSteps * opt.solver.dt);
        if (!stepper->advance(target, t, y.data())) {
            res.failTime = t;
            if (stepper->badState() >= 0) {
                sys.rhs(t, y.data(), dy.data());  // last good state, for the hint
                res.error = describeFailure(sys, stepper->badState(), stepper->badValue(), t, y.data(), opt.solver);
            } else {
                res.error = "run failed at t = " + num(t) + " s: " + stepper->error();
            }
            counts();
            return finish();
        }
        if (!stepper->fixedStep() && t >= nextBp - eps) {
            stepper->completeState(t, y.data());
            // The segment stopped just before the discontinuity; the next one starts on it, with
            // the inputs' new level in its first derivative (from the stop, a first step sized by
            // the old level's derivative overshot: rosw3 on Circuit 2, p_v 1.9x its error at
            // 1.01 s). The 1e-12 s between (f times it) is not integrated.
            if (std::isfinite(nextBpAt)) t = std::max(t, nextBpAt);
            stepper->restart(t, y.data());
            nextBp = sys.nextBreakpoint(t, &nextBpAt);
        }
        // Adaptive steppers land on their target; a record at a breakpoint b is taken at b, after
        // the restart there (System::nextBreakpoint), with the inputs at b, not at the stop just
        // before it: their tolerance is below the breakpoint margin.
        if (t >= nextRec - (stepper->fixedStep() ? half + eps : 1e-13 * std::max(1.0, std::abs(nextRec)))) {
            record();
            while (static_cast<double>(k) * rec <= t + half + eps) ++k;
            // Records that fall strictly inside the stepper's last step, all at once.
            if (!readStates.empty()) {
                const double until = std::min({stepper->denseUntil(), nextBp, T}) - eps;
                if (batch.take(*stepper, readStates, k, rec, until, opt, res.trace)) t = res.trace.time.back();
            }
            if (opt.progress && t >= nextProgress - eps) {
                opt.progress(t);
                clearUpperVectorState();
                nextProgress = (std::floor(t / progressInterval + 1e-9) + 1.0) * progressInterval;
            }
        }
        if (opt.stop && opt.stop->load(std::memory_order_relaxed)) {
            res.stopped = true;
            break;
        }
    }
    stepper->completeState(t, y.data());
    res.ok = !res.stopped;
    counts();
    return finish();
}

}  // namespace hs::sim
