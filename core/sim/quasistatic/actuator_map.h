// SPDX-License-Identifier: GPL-3.0-or-later
// The nonsmooth quasistatic model of a valve-controlled cylinder (Kikuuwe et al., arXiv:2102.11381;
// notes/004): with the pressure dynamics dropped, the actuator is a monotone decreasing set-valued
// map f in Gamma(v) from rod velocity to force, and its resolvent v = Lambda(beta, f_bar), the
// unique v with beta*v + f_bar in Gamma(v). Both in closed form, with the notes' errata (§12).
// Sign conventions (notes §1): v > 0 extends the rod; f > 0 is the force with which the actuator
// pushes the rod out (the load compresses it).
#pragma once

namespace hs::sim::quasistatic {

// The circuit of the paper's Fig. 1 in SI units. A valve's c = C_d * a_max * sqrt(2/rho), so its
// flow is c * u * sqrt(dp) for an opening u in [0, 1].
struct ActuatorCircuit {
    double headArea = 0.024;         // A_h [m2]
    double rodArea = 0.012;          // A_r [m2]
    double headRelief = 42e6;        // P_hM [Pa]
    double rodRelief = 40e6;         // P_rM [Pa]
    double pumpRelief = 36e6;        // P_M [Pa]
    double pumpFlow = 500.0 / 60e3;  // Q [m3/s]
    double cPumpToHead = 0, cRodToTank = 0, cPumpToRod = 0, cHeadToTank = 0, cBleed = 0;  // c_ph, c_tr, c_pr, c_th, c_b
};

// Valve openings u in [0, 1]. The meter-in/meter-out pairs of one direction never open together
// with those of the other (the paper's U0/U+/U-, (38)); fromCommand() maps u_c as (67) does.
struct ValveOpenings {
    double pumpToHead = 0, rodToTank = 0, pumpToRod = 0, headToTank = 0, bleed = 0;
    static ValveOpenings fromCommand(double uc, double ub);
};

enum class ActuatorMode { Hold, Extend, Retract };

// The closed interval Gamma(0) (or a single value, lower == upper).
struct ForceInterval {
    double lower = 0, upper = 0;
};

// Gamma and Lambda for one circuit at one set of openings (constructed per step: a few divisions).
class ActuatorMap {
public:
    ActuatorMap(const ActuatorCircuit& circuit, const ValveOpenings& u);
    // The map of one of several actuators on a shared pump (notes §10, (106)-(107), (122)): the
    // pump node's pressure P is given, in place of the pump relief P_M, and the pump-flow
    // segments (1a, 1b) are gone; the circuit's pump flow and bleed are not used.
    static ActuatorMap atPumpPressure(const ActuatorCircuit& circuit, const ValveOpenings& u, double pumpPressure);

    ActuatorMode mode() const { return mode_; }
    double headReliefForce() const { return fhM_; }  // F_hM = P_hM*A_h
    double rodReliefForce() const { return frM_; }   // F_rM = P_rM*A_r

    // Gamma(v): the interval (65) at v = 0, a single value elsewhere except, with the bleed
    // closed, at the pump-limited velocities Q/A_h and -Q/A_r (an interval there as well).
    ForceInterval gamma(double v) const;
    // Gamma_+(v) (v > 0) and Gamma_-(v) (v < 0) through the chamber maps (61)-(62), whose
    // difference is the segment form (64); at v = 0 the ends of the interval (65).
    double gammaPlus(double v) const;
    double gammaMinus(double v) const;
    // Lambda(beta, f_bar) (73)-(74), beta > 0.
    double resolvent(double beta, double fBar) const;
    // Gamma^-1(f): the velocity at which the actuator, loaded by f, moves (0 inside Gamma(0)).
    double velocityUnderLoad(double f) const;
    // Flow from the pump node into the actuator at velocity v and force f (108, 113) [m3/s]; with
    // atPumpPressure() only. 0 at v = 0 for every f in Gamma(0) (while P <= P_hM, P_rM).
    double pumpInflow(double v, double f) const;

    // The chamber forces while extending, Gamma_h+ (61b) = F_h and Gamma_r+ (62b) = F_r, as
    // functions of the velocity w of the oil through their valves (w >= 0; the regeneration
    // valve makes it differ from the rod's).
    double headPlus(double w) const;
    double rodPlus(double w) const;
    double headAreaRatio() const { return ar_ / ah_; }  // A_r/A_h

private:
    double headMinus(double v) const;  // Gamma_h- (61c)
    double rodMinus(double v) const;   // Gamma_r- (62c)
    double pumpSegmentHead(double v) const;  // -(A_h^3/U_b^2) S(v - Q/A_h), +inf..-inf when U_b = 0
    double pumpSegmentRod(double v) const;   //  (A_r^3/U_b^2) S(v + Q/A_r)
    double lambdaPlus(double beta, double fBar) const;   // (74g)
    double lambdaMinus(double beta, double fBar) const;  // (74h)

    void setZeroInterval();

    ActuatorMode mode_ = ActuatorMode::Hold;
    bool pumpPressureGiven_ = false;
    double ah_ = 0, ar_ = 0, fhM_ = 0, frM_ = 0, ahPM_ = 0, arPM_ = 0, q_ = 0;
    // squared normalised openings u_hat^2 (head valves over A_h^3, rod valves over A_r^3), U_b^2
    double ph2_ = 0, tr2_ = 0, pr2_ = 0, th2_ = 0, ub2_ = 0;
    ForceInterval atZero_;
};

// Smooth helpers of the paper (§2). S(x) = sgn(x) x^2.
double signedSquare(double x);
// psi(a, b) = a^2 b^2 / (a^2 + b^2), here given the squares: two orifices in series.
double seriesOpening(double a2, double b2);
// Phi_A(b, c, a): the root x of S(x)/a + b x + c = 0 (b > 0), 0 when a = 0 (Proposition 1), in
// the cancellation-free form of notes §2: -2ac / (ab + sqrt(a^2 b^2 + 4a|c|)).
double phiA(double b, double c, double a);
// Phi_B(b, c, a0, a1, x1): the root x of S(x)/a0 + S(x - x1)/a1 + b x + c = 0 (Proposition 2);
// 0 when a0 = 0, x1 when a1 = 0.
double phiB(double b, double c, double a0, double a1, double x1);

}  // namespace hs::sim::quasistatic
