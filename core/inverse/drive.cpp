// SPDX-License-Identifier: GPL-3.0-or-later
#include "drive.h"

#include <cmath>
#include <sstream>

#include "netlist_view.h"
#include "sim/components/smooth_profiles.h"

namespace hs::inverse {

double ValveCylinderDrive::friction(double v) const {
    double f = viscous * v;
    for (const auto& s : stribeck) f += s.force(v);
    for (const auto& c : coulomb) f += c.fc * std::tanh(v / c.vs);
    return f;
}

double ValveCylinderDrive::passiveForce(double x, double v) const {
    double f = friction(v);
    for (const auto& s : springs) f += s.k * (x - s.xFree);
    return f;
}

double ValveCylinderDrive::passiveRate(double, double v, double a) const {
    double dfdv = viscous, dfdx = 0;
    for (const auto& s : stribeck) dfdv += s.slope(v);
    for (const auto& c : coulomb) {
        const double th = std::tanh(v / c.vs);
        dfdv += c.fc * (1 - th * th) / c.vs;
    }
    for (const auto& s : springs) dfdx += s.k;
    return dfdx * v + dfdv * a;
}

double ValveCylinderDrive::externalForce(double t) const {
    double f = 0;
    for (const auto& ft : forces) f += ft.value(t);
    return f;
}

double ValveCylinderDrive::externalRate(double t) const {
    double f = 0;
    for (const auto& ft : forces) f += ft.rate(t);
    return f;
}

namespace {
double capacitance(double v, const std::vector<ChamberVolume>& vols, const sim::Fluid& fl, double p) {
    double c = v / fl.bulk(p);
    for (const auto& cv : vols) c += cv.volume / (cv.bulk ? *cv.bulk : fl.bulk(p));
    return c;
}
}  // namespace

double ValveCylinderDrive::capacitanceA(double x, double p) const {
    return capacitance(externalChambers ? 0.0 : std::max(a1 * x + vDeadA, 0.01 * vDeadA), volumesA, fluid, p);
}

double ValveCylinderDrive::capacitanceB(double x, double p) const {
    return capacitance(externalChambers ? 0.0 : std::max(a2 * (stroke - x) + vDeadB, 0.01 * vDeadB), volumesB, fluid, p);
}

namespace {

bool carriesNoFlow(const NetlistView& v, const PortRef& p) {
    const sim::ComponentSpec* s = v.spec(*p.comp);
    const int i = s ? s->portIndex(p.port) : -1;
    return i >= 0 && !s->ports[static_cast<size_t>(i)].carriesFlow;
}

bool isSensor(const sim::NetComponent& c) { return c.type.size() > 6 && c.type.substr(c.type.size() - 6) == "Sensor"; }

struct Extractor {
    const NetlistView& v;
    ValveCylinderDrive& d;
    std::vector<std::string> errors;

    void fail(const std::string& e) { errors.push_back(e); }

    // The chamber node of cylinder port `cylPort`, fed by valve port `valvePort`.
    void chamber(const sim::NetComponent& valve, const std::string& valvePort, const sim::NetComponent& cyl,
                 const std::string& cylPort, std::vector<ChamberVolume>* vols) {
        if (v.node(valve.id, valvePort) < 0 || v.node(valve.id, valvePort) != v.node(cyl.id, cylPort)) {
            fail("valve '" + valve.id + "' port " + valvePort + " must be wired to cylinder '" + cyl.id + "' port " + cylPort);
            return;
        }
        for (const PortRef& p : v.peers(cyl.id, cylPort)) {
            if (p.comp == &valve && p.port == valvePort) continue;
            if (carriesNoFlow(v, p) || isSensor(*p.comp)) continue;
            if (p.comp->type == "Volume") {
                bool seen = false;  // its other ports are on the node too (internally joined)
                for (const auto& cv : *vols) seen = seen || cv.id == p.comp->id;
                if (seen) continue;
                ChamberVolume cv{p.comp->id, v.num(*p.comp, "V"), v.num(*p.comp, "p0"), std::nullopt};
                if (v.choice(*p.comp, "bulk_modulus") == 1) cv.bulk = v.num(*p.comp, "Be");
                vols->push_back(cv);
                continue;
            }
            fail("node of cylinder '" + cyl.id + "' port " + cylPort + " also connects " + p.comp->id + "." + p.port + " (" +
                 p.comp->type + "): the inverse solve takes only Volumes and sensors between valve and cylinder "
                 "(a line there is not invertible, notes/002 §2.5)");
        }
    }

    // The single component of `type` on the node of valve.port (a supply or a tank).
    const sim::NetComponent* boundary(const sim::NetComponent& valve, const std::string& port, const std::string& type) {
        const sim::NetComponent* found = nullptr;
        for (const PortRef& p : v.peers(valve.id, port)) {
            if (carriesNoFlow(v, p) || isSensor(*p.comp)) continue;
            if (p.comp->type == type && !found) { found = p.comp; continue; }
            fail("port " + port + " of valve '" + valve.id + "' must see one " + type + " only, not also " + p.comp->id + " (" +
                 p.comp->type + ")");
        }
        if (!found) fail("port " + port + " of valve '" + valve.id + "' needs a " + type);
        return found;
    }

    void force(const sim::NetComponent& f) {
        const auto [src, port] = v.driverOf(f.id, "F");
        ForceTerm t;
        if (!src) {
            t.constant = v.num(f, "F");
        } else if (src->type == "Constant") {
            t.constant = v.num(*src, "value");
        } else if (src->type == "SmoothSteps") {
            std::map<std::string, double> num = {{"initial", v.num(*src, "initial")}, {"order", v.num(*src, "order")}};
            std::string err = sim::smoothStepsOf(num, {{"steps", v.text(*src, "steps")}}, &t.profile);
            if (!err.empty()) { fail("'" + src->id + "': " + err); return; }
            const int c = t.profile->continuity();
            if (c < ValveCylinderDrive::kForceOrderNeeded)
                fail("force '" + f.id + "' from '" + src->id + "' is only C^" + std::to_string(c) + "; the inverse needs C^" +
                     std::to_string(ValveCylinderDrive::kForceOrderNeeded) +
                     " (its rate enters the differentiated force balance, two more derivatives invert the spool): "
                     "give every step a duration and order >= " + std::to_string(ValveCylinderDrive::kForceOrderNeeded));
        } else {
            fail("force '" + f.id + "' is driven by '" + src->id + "' (" + src->type +
                 "): the inverse needs the force's derivatives; drive it with a SmoothSteps or a Constant");
            return;
        }
        d.forces.push_back(std::move(t));
    }

    void rod(const sim::NetComponent& cyl, const sim::NetComponent& motion) {
        d.mass = v.num(cyl, "m_piston");
        d.viscous = v.num(cyl, "b");
        if (v.num(cyl, "k_load") != 0) d.springs.push_back({v.num(cyl, "k_load"), 0.0});
        for (const PortRef& p : v.peers(cyl.id, "rod")) {
            const sim::NetComponent& c = *p.comp;
            if (&c == &motion || isSensor(c) || c.type == "EndStop") continue;
            if (c.type == "Mass") {
                d.mass += v.num(c, "m");
                d.viscous += v.num(c, "b");
                if (v.num(c, "k") != 0) d.springs.push_back({v.num(c, "k"), 0.0});
            } else if (c.type == "ViscousFriction") {
                d.viscous += v.num(c, "b");
            } else if (c.type == "Spring") {
                d.springs.push_back({v.num(c, "k"), v.num(c, "x_free")});
            } else if (c.type == "StribeckFriction") {
                d.stribeck.push_back({v.num(c, "sigma"), v.num(c, "F_c0"), v.num(c, "F_s0"), v.num(c, "c_s"), v.num(c, "gamma")});
            } else if (c.type == "CoulombViscousFriction") {
                d.coulomb.push_back({v.num(c, "F_c"), v.num(c, "v_s")});
                d.viscous += v.num(c, "b");
            } else if (c.type == "ForceSource") {
                force(c);
            } else {
                fail("'" + c.id + "' (" + c.type + ") on the rod of '" + cyl.id +
                     "' is not supported by the inverse solve (it takes masses, springs, smooth frictions, force sources, "
                     "end stops and sensors there)");
            }
        }
        if (!(d.mass > 0))
            fail("the rod of '" + cyl.id + "' has no mass (m_piston or a Mass): the force balance needs m > 0");
    }
};

}  // namespace

std::string extractDrive(const sim::Registry& reg, const sim::Netlist& net, ValveCylinderDrive* out) {
    NetlistView v(reg, net);
    ValveCylinderDrive& d = *out;
    d = ValveCylinderDrive{};
    d.fluid = net.fluid;
    d.pMax = net.pMax;
    d.pMin = net.pMin;
    Extractor x{v, d, {}};
    auto joined = [&] {
        std::string s;
        for (const auto& e : x.errors) s += (s.empty() ? "" : "\n") + e;
        return s;
    };

    // Prescribed outputs against freed inputs.
    std::vector<const sim::NetComponent*> prescribed;
    int freed = 0;
    for (const auto* m : v.ofType("SmoothMotion"))
        if (v.node(m->id, "rod") >= 0) {
            prescribed.push_back(m);
            if (!v.text(*m, "free").empty()) ++freed;
        }
    if (prescribed.empty())
        return "no prescribed output: wire a SmoothMotion's rod port to a cylinder's rod and name the freed input in its "
               "'free' parameter (e.g. valve.U)";
    if (static_cast<int>(prescribed.size()) != freed)
        return std::to_string(prescribed.size()) + " prescribed output(s) but " + std::to_string(freed) +
               " freed input(s): every SmoothMotion wired to a rod must free one input ('free' = component.port)";
    if (prescribed.size() > 1)
        return std::to_string(prescribed.size()) + " prescribed motions: the inverse solves one valve-cylinder drive per run";
    const sim::NetComponent& motion = *prescribed.front();
    d.motionId = motion.id;

    const std::string free = v.text(motion, "free");
    const auto dot = free.rfind('.');
    const sim::NetComponent* valve = dot == std::string::npos ? nullptr : v.component(free.substr(0, dot));
    if (!valve) return "'" + motion.id + "' frees '" + free + "': no such component.port";
    if (valve->type != "DirectionalValve43" || free.substr(dot + 1) != "U")
        return "'" + motion.id + "' frees '" + free + "': the inverse computes the command U of a DirectionalValve43 only";
    d.valveId = valve->id;

    const sim::NetComponent* cyl = nullptr;
    for (const PortRef& p : v.peers(motion.id, "rod"))
        if (p.comp->type == "Cylinder" && p.port == "rod") cyl = p.comp;
    if (!cyl) return "'" + motion.id + "' must be wired to the rod of a Cylinder";
    d.cylinderId = cyl->id;

    // The motion and its differentiability.
    std::string err = sim::smoothMotionOf({{"x0", v.num(motion, "x0")}, {"t_ramp", v.num(motion, "t_ramp")},
                                           {"order", v.num(motion, "order")}},
                                          {{"moves", v.text(motion, "moves")}}, &d.motion);
    if (!err.empty()) return "'" + motion.id + "': " + err;
    const int c = d.motion->continuity();
    if (c < ValveCylinderDrive::kMotionOrderNeeded)
        x.fail("the prescribed motion '" + motion.id + "' is only C^" + std::to_string(c) +
               (v.num(motion, "t_ramp") > 0 ? std::string() : std::string(" (t_ramp = 0: the velocity jumps, the position is kinked)")) +
               "; the inverse needs x_p in C^" + std::to_string(ValveCylinderDrive::kMotionOrderNeeded) +
               ": the jerk for the differentiated force balance and two more derivatives to invert the second-order spool of '" +
               valve->id + "'. Use t_ramp > 0 and order >= " + std::to_string(ValveCylinderDrive::kMotionOrderNeeded - 1));

    // Cylinder, chambers, valve, supply, tank, rod.
    d.a1 = v.num(*cyl, "A1"); d.a2 = v.num(*cyl, "A2"); d.stroke = v.num(*cyl, "stroke");
    d.vDeadA = v.num(*cyl, "V_dead_A"); d.vDeadB = v.num(*cyl, "V_dead_B"); d.leak = v.num(*cyl, "L");
    d.externalChambers = v.choice(*cyl, "chambers") == 1;
    d.pA0 = v.num(*cyl, "pA0");
    x.chamber(*valve, "A", *cyl, "A", &d.volumesA);
    x.chamber(*valve, "B", *cyl, "B", &d.volumesB);
    if (d.externalChambers && (d.volumesA.empty() || d.volumesB.empty()))
        x.fail("cylinder '" + cyl->id + "' has external chambers: put a Volume on each of its nodes A and B");
    else if (d.externalChambers)
        d.pA0 = d.volumesA.front().p0;  // the chamber's initial pressure is its Volume's
    d.valve.ud = v.num(*valve, "Ud");
    d.valve.squared = v.choice(*valve, "law") == 1;
    d.valve.dpTr = v.num(*valve, "dp_tr");
    d.nominalSizing = v.choice(*valve, "sizing") == 1;
    d.valve.k = d.nominalSizing ? sim::Valve43Law::nominalGain(v.num(*valve, "q_nom"), v.num(*valve, "dp_nom"),
                                                               v.num(*valve, "rho_nom"), net.fluid.density)
                                : v.num(*valve, "Cv");
    d.kv = v.num(*valve, "Kv"); d.wn = v.num(*valve, "wn"); d.zeta = v.num(*valve, "zeta");
    if (!(d.valve.k > 0) || d.kv == 0) x.fail("valve '" + valve->id + "' has no flow gain or a zero spool gain Kv");
    if (const auto* s = x.boundary(*valve, "P", "PressureSource")) {
        d.supplyId = s->id;
        d.ps = v.num(*s, "p");
        if (v.driverOf(s->id, "p").first) x.fail("supply '" + s->id + "' must be constant (its input p is wired)");
    }
    if (const auto* t = x.boundary(*valve, "T", "Tank")) { d.tankId = t->id; d.pt = v.num(*t, "p"); }
    x.rod(*cyl, motion);
    return joined();
}

}  // namespace hs::inverse
