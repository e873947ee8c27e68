// SPDX-License-Identifier: GPL-3.0-or-later
// The access object of a generated circuit kernel (sim/kernel/): what EvalIo (component.h) is to
// an interpreted evaluation, with the component's binding as template constants, so that every
// read and write of its equations is a fixed entry of the kernel's local frame (kept in
// registers by the compiler) instead of a table walk. Standard headers only.
#pragma once

#include <cstdint>

namespace hs::sim::eq {

// A component's node (or signal slot) per port; -1 for an open port (never read).
template <int... N>
struct Nodes {
    static constexpr int at(int k) {
        constexpr int v[] = {N..., -1};
        return v[k];
    }
};

// Frame: the kernel's arrays (t, y, dy, p, x, v, flow, sig, pvol, pdvol), as System's Eval.
template <class Frame, class NodeList, int PortBase, int StateOffset, std::uint64_t Connected>
struct FrameIo {
    Frame& f;
    double t() const { return f.t; }
    double p(int k) const { return f.p[NodeList::at(k)]; }
    void setP(int k, double v) const { f.p[NodeList::at(k)] = v; }
    double x(int k) const { return f.x[NodeList::at(k)]; }
    double v(int k) const { return f.v[NodeList::at(k)]; }
    double in(int k) const { return f.sig[NodeList::at(k)]; }
    void out(int k, double v) const { f.sig[NodeList::at(k)] = v; }
    void flow(int k, double q) const { f.flow[PortBase + k] = q; }
    void volume(int k, double vol, double dvol) const {
        f.pvol[PortBase + k] = vol;
        f.pdvol[PortBase + k] = dvol;
    }
    double s(int k) const { return f.y[StateOffset + k]; }
    void ds(int k, double v) const { f.dy[StateOffset + k] = v; }
    static constexpr bool connected(int k) { return ((Connected >> k) & 1u) != 0; }
};

}  // namespace hs::sim::eq
