// SPDX-License-Identifier: GPL-3.0-or-later
// Valve plate of an axial-piston machine: the cylinder block turns at speed w over a fixed plate
// with two port grooves, A and B half a turn apart; each cylinder's kidney opens to a port through
// the overlap area of valve_plate_area.h, a turbulent orifice Cq*A*sqrt(2/rho).
#include <array>
#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <string>

#include "../component.h"
#include "../registry.h"
#include "../thevenin_flow.h"
#include "library.h"
#include "valve_plate_area.h"

namespace hs::sim {
namespace {

constexpr int kMaxCylinders = 9;

class ValvePlate final : public Component {
public:
    enum { kA, kB, kW, kC1 };  // cylinder k on port kC1 + k

    std::string configure(const ParamSet& p, const Fluid& fluid) override {
        g_.radius = p.num("R_f");
        g_.groove = p.num("phi_P");
        g_.notchLead = p.num("phi_1");
        g_.notchTrail = p.num("phi_2");
        g_.endRadius = p.num("delta");
        g_.kidney = p.num("alpha_f");
        g_.notchDepth = p.num("theta_1");
        g_.notchOpening = p.num("theta_2");
        edgeA_ = p.num("theta_A");
        theta0_ = p.num("theta0");
        const double rho = p.num("rho") > 0 ? p.num("rho") : fluid.density;
        kPerArea_ = p.num("Cq") * std::sqrt(2.0 / rho);
        dpTr_ = p.num("dp_tr");
        wrap_ = p.choice("angle_wrap") == 1 ? AngleWrap::HopsanUnwrapped : AngleWrap::Periodic;
        pathsAlone_ = p.choice("tlm_solve") == 1;
        return g_.check();
    }
    // The cylinders are c1 .. cN, the connected ones in a row from c1.
    std::string checkConnections() const override {
        const int n = cylinders();
        for (int k = n; k < kMaxCylinders; ++k)
            if (isConnected(kC1 + k))
                return "cylinder port c" + std::to_string(k + 1) + " is connected but c" + std::to_string(n + 1) +
                       " is not: connect the cylinders c1 .. cN in a row";
        return n == 0 ? "no cylinder port connected: connect c1 .. cN" : "";
    }
    void initStates(double* s) const override { s[0] = theta0_; }
    void eval(Eval& e) override {
        const double a = S(e)[0];
        dS(e)[0] = in(e, kW);
        seen_ = {e.t, a, in(e, kW)};
        double qA = 0.0, qB = 0.0;
        const int n = cylinders();
        for (int k = 0; k < n; ++k) {
            const double pos = 2 * std::numbers::pi * k / n;  // cylinder k trails cylinder 1 by this angle
            const double pk = P(e, kC1 + k);
            const double toA = flow(areaAt(a, pos + edgeA_), pk - P(e, kA));
            const double toB = flow(areaAt(a, pos + edgeA_ + std::numbers::pi), pk - P(e, kB));
            setFlow(e, kC1 + k, toA + toB);
            qA -= toA;
            qB -= toB;
        }
        setFlow(e, kA, qA);
        setFlow(e, kB, qB);
        out(e, kAngle, a);
    }
    // Next to TLM nodes. Coupled (default): false, the system solves all ports together, so
    // two cylinders open to one port share its pressure. Hopsan's form: each path alone against
    // its two ends' Thevenin sources, the port's pressure from the sum of the paths' flows
    // (exact while at most one path per port is open).
    bool solveThevenin(Eval& e, const double* c, const double* z) override {
        if (!pathsAlone_) return false;
        const double a = S(e)[0];
        double qA = 0.0, qB = 0.0;
        const int n = cylinders();
        for (int k = 0; k < n; ++k) {
            const double pos = 2 * std::numbers::pi * k / n;
            const int ck = kC1 + k;
            const double toA = pathFlow(areaAt(a, pos + edgeA_), c[ck], c[kA], z[ck], z[kA]);
            const double toB = pathFlow(areaAt(a, pos + edgeA_ + std::numbers::pi), c[ck], c[kB], z[ck], z[kB]);
            setFlow(e, ck, toA + toB);
            if (z[ck] > 0) setPortPressure(e, ck, c[ck] - z[ck] * (toA + toB));
            qA -= toA;
            qB -= toB;
        }
        setFlow(e, kA, qA);
        setFlow(e, kB, qB);
        if (z[kA] > 0) setPortPressure(e, kA, c[kA] - z[kA] * qA);
        if (z[kB] > 0) setPortPressure(e, kB, c[kB] - z[kB] * qB);
        out(e, kAngle, a);
        return true;
    }
    bool theveninWritesFlows() const override { return pathsAlone_; }
    // A window's edges are where a path starts or stops conducting: an adaptive stepper at a
    // steady state between windows would otherwise step over a whole window (the plate is
    // periodic: at constant speed the state a turn later looks the same; CVODE did, 16 s into
    // Hopsan's valve plate test). The next edge is predicted from the angle and speed of the last
    // evaluation; where the speed changes, the restart lands off the edge, which costs a restart.
    double nextBreakpoint(double t) const override {
        const double w = seen_.speed;
        if (!(std::abs(w) > 0)) return std::numeric_limits<double>::infinity();
        constexpr double turn = 2 * std::numbers::pi;
        const double a = seen_.angle + w * (t - seen_.t);
        double ahead = turn;
        const int n = cylinders();
        for (int k = 0; k < n; ++k)
            for (double port : {0.0, std::numbers::pi}) {
                const double x = relativePlateAngle(a, 2 * std::numbers::pi * k / n + edgeA_ + port, AngleWrap::Periodic);
                for (double edge : {0.0, g_.span()}) {
                    double d = std::fmod((w > 0 ? edge - x : x - edge) + 2 * turn, turn);
                    if (d < 1e-12) d += turn;
                    ahead = std::min(ahead, d);
                }
            }
        return t + ahead / std::abs(w);
    }

    static constexpr int kAngle = kC1 + kMaxCylinders;  // signal output: block angle

private:
    int cylinders() const {
        int n = 0;
        while (n < kMaxCylinders && isConnected(kC1 + n)) ++n;
        return n;
    }
    double areaAt(double a, double offset) const { return g_.area(relativePlateAngle(a, offset, wrap_)); }
    double flow(double area, double dp) const { return area > 0 ? kPerArea_ * area * flowRoot(dp, dpTr_) : 0.0; }
    double pathFlow(double area, double c0, double c1, double z0, double z1) const {
        if (!(area > 0)) return 0.0;
        const double k = kPerArea_ * area;
        if (z0 + z1 == 0) return k * flowRoot(c0 - c1, dpTr_);
        return dpTr_ > 0 ? turbulentOrificeThevenin(k, dpTr_, c0, c1, z0, z1) : squareLawThevenin(k, c0, c1, z0, z1);
    }

    ValvePlateGeometry g_;
    double edgeA_ = 0, theta0_ = 0, kPerArea_ = 0, dpTr_ = 0;
    AngleWrap wrap_ = AngleWrap::Periodic;
    bool pathsAlone_ = false;
    struct Seen {
        double t = 0, angle = 0, speed = 0;
    } seen_;  // the last evaluation's time, angle and speed (nextBreakpoint)
};

}  // namespace

void registerValvePlate(Registry& r) {
    SpecBuilder b("ValvePlate", "Pumps and motors", "Valve plate (axial-piston machine)");
    b.describe("Valve plate of an axial-piston machine: the cylinder block turns at speed w over two port grooves, A and B "
               "half a turn apart; each cylinder's kidney (c1 .. cN, N = the connected ones, evenly spaced) opens to a "
               "port through the overlap area of the kidney and the groove with its V-notches, a turbulent orifice. "
               "Cylinder k sits 2 pi (k - 1)/N behind cylinder 1, so the cylinders reach a port in the order 1, 2, .., N. "
               "angle_wrap = periodic (default) is the physical plate; 'Hopsan (unwrapped before the first pass)' "
               "reproduces an artefact of Hopsan's HydraulicValvePlate (docs/components.md, \"Valve plate\").")
        .equations("theta' = w\n"
                   "x_kA = wrap(theta - 2 pi (k-1)/N - theta_A),  x_kB = wrap(theta - 2 pi (k-1)/N - theta_A - pi)\n"
                   "Q_k->A = Cq*A(x_kA)*sqrt(2/rho)*sign(p_k - p_A)*sqrt(|p_k - p_A|), likewise to B\n"
                   "A(x): s = R_f*x; leading notch + overlap of kidney (alpha_f, width 2 delta) and groove (phi_P) + "
                   "trailing notch (core/sim/components/valve_plate_area.h); 0 for x outside [0, phi_1 + phi_P + alpha_f + phi_2]\n"
                   "overlap(l) = pi r^2 + (l - 2r)*2r (l >= 2r), lens of two circles of radius r = delta*R_f, "
                   "centres 2r - l apart (l < 2r)\n"
                   "notch(u) = u^2 tan(theta_2/2) * min(tan(theta_1), tan^2(theta_1))")
        .source("Geometry of Hopsan's HydraulicValvePlate (Braun, Hopsan defaultLibrary, MachineParts), written as "
                "stadium overlaps; Ivantysyn & Ivantysynova, Hydrostatic Pumps and Motors (2001), ch. 5 (valve plate, "
                "pre-compression grooves)")
        .hydraulic("A", "Port A (its groove's leading notch tip at theta_A)")
        .hydraulic("B", "Port B (half a turn after A)")
        .input("w", "Speed of the cylinder block [rad/s]");
    for (int k = 1; k <= kMaxCylinders; ++k)
        b.hydraulic("c" + std::to_string(k), "Cylinder " + std::to_string(k) + " (kidney)", true);
    b.output("angle", "Angle of the cylinder block [rad]");
    b.param("R_f", "m", 0.03, 1e-4, 10.0, "Pitch radius of kidneys and grooves")
        .param("phi_P", "rad", 160 * std::numbers::pi / 180, 0.0, 2 * std::numbers::pi, "Groove (port) length")
        .param("phi_1", "rad", 6 * std::numbers::pi / 180, 0.0, std::numbers::pi, "Leading V-notch length")
        .param("phi_2", "rad", 6 * std::numbers::pi / 180, 0.0, std::numbers::pi, "Trailing V-notch length")
        .param("delta", "rad", 5 * std::numbers::pi / 180, 1e-6, std::numbers::pi, "Radius of the rounded ends (half the kidney width), as an angle")
        .param("alpha_f", "rad", 30 * std::numbers::pi / 180, 1e-6, 2 * std::numbers::pi, "Kidney length")
        .param("theta_1", "rad", 6 * std::numbers::pi / 180, 0.0, 1.57, "V-notch depth angle")
        .param("theta_2", "rad", 90 * std::numbers::pi / 180, 0.0, 3.14, "V-notch opening angle")
        .param("theta_A", "rad", 0.0, -2 * std::numbers::pi, 2 * std::numbers::pi,
               "Angle of port A's leading notch tip (where cylinder 1 starts to open to A)")
        .param("theta0", "rad", 0.0, -1e9, 1e9, "Initial angle of the block")
        .param("Cq", "-", 0.67, 0.0, 2.0, "Discharge coefficient")
        .param("rho", "kg/m3", 0.0, 0.0, 5000.0, "Density (0 = the circuit fluid's)")
        .param("dp_tr", "Pa", 0.0, 0.0, 1e7, "Laminar transition pressure drop (0 = pure square root)")
        .choice("angle_wrap", {"periodic", "Hopsan (unwrapped before the first pass)"}, 0,
                "periodic: the physical plate. Hopsan: a cylinder that has not yet passed a port's leading edge once "
                "(theta >= 0) does not open to it, as Hopsan's HydraulicValvePlate computes (an artefact, for "
                "reproducing Hopsan's results only)")
        .choice("tlm_solve", {"coupled", "each path alone (Hopsan)"}, 0,
                "Next to TLM volumes: coupled solves all ports together (two cylinders open to one port share its "
                "pressure); 'each path alone' solves every cylinder-port path against its two ends as if it were the "
                "only one, as Hopsan's HydraulicValvePlate does (for reproducing Hopsan's results)")
        .state("theta", "rad", "Angle of the cylinder block", 10.0);
    r.add(b.factory<ValvePlate>());
}

}  // namespace hs::sim
