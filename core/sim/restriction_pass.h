// SPDX-License-Identifier: GPL-3.0-or-later
// The component list of the serial right-hand side (System::rhsPlain), with the two-port
// restrictions that declare their law (Component::restrictionLaw(): the fixed orifices) taken out
// of the virtual eval() calls: per restriction its law's constants and where it reads its two
// pressures and writes its two flows, in flat arrays, one loop per law. The loops run the same
// inline equations as the components' eval() (equations/restrictions.h), so every value is the
// same, bit for bit.
//
// Order: the list is cut into runs, each some components called through eval(), then a block of
// restrictions that were consecutive in the evaluation order. Within a block they are grouped by
// law; that changes no value, since a restriction reads node pressures only (which no restriction
// writes) and writes only its own two flows. Every other component keeps its place.
#pragma once

#include <vector>

#include "component.h"
#include "equations/restrictions.h"

namespace hs::sim {

class RestrictionPass {
public:
    void clear() {
        runs_.clear();
        calls_.clear();
        laminar_.clear();
        root_.clear();
        pending_.clear();
    }
    // Off: every component through eval() (the tests compare the two bit for bit). Before add().
    void useFlatRestrictions(bool on) { flat_ = on; }
    // A block of fewer consecutive restrictions stays with the calls: a run's loops cost about
    // what a few virtual calls do (Circuit 1, whose few orifices sit between other components).
    static constexpr size_t kMinBlock = 4;
    // Appends the next component of the evaluation order; finish() after the last one.
    void add(Component* c) {
        const Component::RestrictionLaw law = flat_ ? c->restrictionLaw() : Component::RestrictionLaw{};
        if (law.kind != Component::RestrictionLaw::Kind::None && c->node.size() == 2 && c->node[0] >= 0 && c->node[1] >= 0) {
            pending_.push_back({c, law});
            return;
        }
        flushBlock();
        call(c);
    }
    void finish() { flushBlock(); }
    size_t restrictionCount() const { return laminar_.size() + root_.size(); }

    // Every component's evaluation, in the order above. Out of line: System::rhsPlain() calls it
    // only when there is a flat block (its loops inlined there cost Circuit 2, which has none,
    // about 50 instructions per evaluation in register spills).
    bool hasFlatBlocks() const { return restrictionCount() > 0; }
    [[gnu::noinline]] void eval(Eval& e) const {
        Component* const* next = calls_.data();
        const Laminar* lam = laminar_.data();
        const Root* root = root_.data();
        const double* p = e.p;
        double* flow = e.flow;
        for (const Run *run = runs_.data(), *end = run + runs_.size(); run != end; ++run) {
            for (Component* const* stop = next + run->calls; next != stop; ++next) (*next)->eval(e);
            for (const Laminar* stop = lam + run->laminar; lam != stop; ++lam)
                eq::laminarOrifice(lam->law, PortIo{p, flow, lam->a, lam->b, lam->flow});
            for (const Root* stop = root + run->root; root != stop; ++root)
                eq::turbulentOrifice(root->law, PortIo{p, flow, root->a, root->b, root->flow});
        }
    }

private:
    struct Pending {
        Component* c;
        Component::RestrictionLaw law;
    };
    void call(Component* c) {
        if (runs_.empty() || runs_.back().laminar + runs_.back().root > 0) runs_.push_back({});
        calls_.push_back(c);
        ++runs_.back().calls;
    }
    // The block of consecutive restrictions seen since the last call: the current run's block, or
    // calls when it is short.
    void flushBlock() {
        if (pending_.size() < kMinBlock) {
            for (const Pending& r : pending_) call(r.c);
        } else {
            if (runs_.empty()) runs_.push_back({});
            Run& run = runs_.back();
            for (const Pending& r : pending_) {
                const Component& c = *r.c;
                if (r.law.kind == Component::RestrictionLaw::Kind::Laminar) {
                    laminar_.push_back({{r.law.k}, c.node[0], c.node[1], c.portBase});
                    ++run.laminar;
                } else {
                    root_.push_back({eq::orificeParams(r.law.k, r.law.dpTr), c.node[0], c.node[1], c.portBase});
                    ++run.root;
                }
            }
        }
        pending_.clear();
    }
    // What eq:: reads and writes (as EvalIo does), for a restriction between nodes a and b whose
    // port flows are flow[base] and flow[base + 1].
    struct PortIo {
        const double* pressure;
        double* flows;
        int a, b, base;
        double p(int k) const { return pressure[k == 0 ? a : b]; }
        void flow(int k, double q) const { flows[base + k] = q; }
    };
    struct Run {
        unsigned calls = 0, laminar = 0, root = 0;  // taken in this order from the lists below
    };
    struct Laminar {
        eq::LaminarParams law;
        int a, b, flow;  // its nodes' pressures (e.p), its first port's flow (e.flow)
    };
    struct Root {
        eq::OrificeParams law;
        int a, b, flow;
    };
    std::vector<Run> runs_;
    std::vector<Component*> calls_;
    std::vector<Laminar> laminar_;
    std::vector<Root> root_;
    std::vector<Pending> pending_;
    bool flat_ = true;
};

}  // namespace hs::sim
