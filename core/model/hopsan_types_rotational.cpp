// SPDX-License-Identifier: GPL-3.0-or-later
// Hopsan's pumps, motors and rotational mechanics as ours. Parameter names, defaults and sign
// conventions from componentLibraries/defaultLibrary/Hydraulic/Pumps&Motors and
// Mechanic/Rotational (one header per type); all values SI, displacements per revolution.
#include <algorithm>
#include <cmath>
#include <numbers>

#include "hopsan_type_map.h"

namespace hs::model {
namespace {

// Hopsan clamps a pump's flow where the port pressure reaches 0 Pa, sharply: a narrow band.
constexpr double kHopsanCavitationBand = 1.0;  // Pa

void fixedPump(HopsanValues& in, ComponentDoc& out, QStringList&) {
    out.num["dp_cav"] = kHopsanCavitationBand;
    out.num["D"] = in.value("D_p", 5e-5);
    out.num["n"] = in.value("n_p", 250.0);
    out.num["Cl"] = in.value("C_lp", 1e-12);
}

void variablePump(HopsanValues& in, ComponentDoc& out, QStringList&) {
    out.num["dp_cav"] = kHopsanCavitationBand;
    out.num["D"] = in.value("D_p", 5e-5);
    out.num["n"] = in.value("omega_p", 50.0);
    out.num["eps"] = std::clamp(in.value("eps", 1.0), -1.0, 1.0);
    out.num["Cl"] = in.value("K_cp", 1e-12);
}

void pressureControlledPump(HopsanValues& in, ComponentDoc& out, QStringList&) {
    out.num["p_dif"] = in.value("p_dif", 1e6);
    out.num["n"] = in.value("omega_p", 125.0);
    out.num["q_max"] = in.value("q_max", 0.00125);
    out.num["l_p"] = in.value("l_p", 7e7);
    out.num["r_p"] = in.value("r_p", 1e9);
    out.num["w_p1"] = in.value("omega_p1", 200.0);
    out.num["Cl"] = in.value("C_lp", 1e-12);
    out.num["tau_v"] = in.value("tao_v", 0.001);
    out.num["t_p"] = in.value("t_p", 0.15);
    out.num["t_m"] = in.value("t_m", 0.12);
    out.text["form"] = QStringLiteral("Hopsan discrete at the step");  // its bilinear regulator step, at fixed steps
}

void motorQ(HopsanValues& in, ComponentDoc& out, const char* leakage) {
    out.num["dp_cav"] = kHopsanCavitationBand;  // Hopsan's motor limits its flow at 0 Pa as its pumps do
    out.num["D"] = in.value("D_m", 5e-5);
    out.num["B"] = in.value("B_m", 0.0);
    out.num["Cl"] = in.value(QString::fromLatin1(leakage), 1e-12);
    out.num["J"] = in.value("J_m", 0.1);
    out.text["form"] = QStringLiteral("Hopsan Q-type at the step");  // next to the TLM volumes of Hopsan-compatible
}
void fixedMotor(HopsanValues& in, ComponentDoc& out, QStringList&) { motorQ(in, out, "C_lm"); }
void variableMotor(HopsanValues& in, ComponentDoc& out, QStringList&) {
    motorQ(in, out, "C_im");
    out.num["eps"] = std::clamp(in.value("eps", 1.0), -1.0, 1.0);
}

// Hopsan's machine C pumps into P1 at positive speed of its own port P3; ours moves oil from P1
// to P2. Same ports: our speed is minus Hopsan's w3, which is the speed Hopsan counts on the far
// side of the inertia its C-type machine must be connected through (kRotationalFrame).
void machineC(HopsanValues& in, ComponentDoc& out, QStringList&) {
    out.num["D"] = in.value("D_m", 5e-5);
    out.num["eps"] = std::clamp(in.value("eps", 1.0), -1.0, 1.0);
    out.num["Cl"] = in.value("C_lm", 1e-12);
    out.num["B"] = in.value("B_m", 0.0);
    out.num["V1"] = in.value("V_1", 0.005);
    out.num["V2"] = in.value("V_2", 0.005);
    out.num["J"] = 0.0;  // Hopsan's J_em only sets its smallest numerical volume
}

void inertia(HopsanValues& in, ComponentDoc& out, QStringList& problems) {
    out.num["J"] = in.value("J", 0.1);
    out.num["B"] = in.value("B", 10.0);
    out.num["k"] = in.value("k", 0.0);
    if (in.value("a_min", -1e300) > -1e299 || in.value("a_max", 1e300) < 1e299)
        problems << QStringLiteral("angle limits a_min/a_max are not supported (our inertia has no end stops)");
}

// Hopsan's shaft counts each end's speed in its own direction (TLM: c1 = c2 + 2 Zc w2, so a stiff
// shaft has w2 = -w1). Our Gear of ratio -1 is the same spring with the same reversal
// (d = -theta_a - theta_b), so each side's node keeps Hopsan's sign: a motor driven through the
// shaft turns the way Hopsan's does (the motor tests' pressures had the wrong sign through a
// TorsionShaft, which keeps one direction). Its form is Hopsan's own TLM element with its alpha
// (at fixed steps; the undamped spring under adaptive steppers, the CVODE reference).
void reversingShaft(HopsanValues& in, ComponentDoc& out, double k) {
    out.num["ratio"] = -1.0;
    out.num["k"] = k;
    out.num["c"] = 0.0;
    out.text["form"] = QStringLiteral("Hopsan TLM at the step");
    out.num["alpha"] = in.value("alpha", 0.1);
}
void shaft(HopsanValues& in, ComponentDoc& out, QStringList&) { reversingShaft(in, out, in.value("Ks", 1000.0)); }

// Solid or hollow round shaft: Ks = G*Ip/len, Ip = pi/32*(dy^4 - di^4).
void shaftG(HopsanValues& in, ComponentDoc& out, QStringList&) {
    const double dy = in.value("dy", 0.02), di = in.value("di", 0.0), len = in.value("len", 0.1), g = in.value("G", 7.93e10);
    reversingShaft(in, out, std::numbers::pi / 32.0 * (std::pow(dy, 4) - std::pow(di, 4)) * g / len);
}

void thetaSource(HopsanValues& in, ComponentDoc& out, QStringList&) { out.num["w"] = in.value("omega", 0.0); }
void speedTransformer(HopsanValues& in, ComponentDoc& out, QStringList&) { out.num["w"] = in.value("omega", 0.0); }
// Hopsan's torque at a port acts like a pressure: positive opposes the port's positive rotation.
void torqueTransformer(HopsanValues& in, ComponentDoc& out, QStringList&) { out.num["T"] = -in.value("T", 0.0); }

// Hopsan's valve plate takes its angles in degrees; its ports' windows start where its groove()
// puts them: the leading notch tip at 90 - phi_P/2 - phi_1 - Delta_alpha degrees past each
// cylinder's start. Hopsan does not wrap a cylinder's angle before its first pass of a port's
// leading edge (area 0 then): angle_wrap = Hopsan reproduces that in Hopsan-compatible runs only
// by construction of the import (the parameter is per component; docs/components.md).
void valvePlate(HopsanValues& in, ComponentDoc& out, QStringList&) {
    constexpr double deg = std::numbers::pi / 180.0;
    const double phiP = in.value("phi_P", 160.0), phi1 = in.value("phi_1", 6.0), rounded = in.value("Delta_alpha", 5.0);
    out.num["phi_P"] = phiP * deg;
    out.num["phi_1"] = phi1 * deg;
    out.num["phi_2"] = in.value("phi_2", 6.0) * deg;
    out.num["delta"] = rounded * deg;
    out.num["alpha_f"] = in.value("alpha_f", 30.0) * deg;
    out.num["theta_1"] = in.value("theta_1", 6.0) * deg;
    out.num["theta_2"] = in.value("theta_2", 90.0) * deg;
    out.num["R_f"] = in.value("R_f", 0.03);
    out.num["rho"] = in.value("rho", 870.0);
    out.num["Cq"] = 0.67;
    out.num["theta_A"] = (90.0 - phiP / 2.0 - phi1 - rounded) * deg;
    out.text["angle_wrap"] = QStringLiteral("Hopsan (unwrapped before the first pass)");
    out.text["tlm_solve"] = QStringLiteral("each path alone (Hopsan)");
}

// Hopsan's block takes B, r, theta_offset and the swash angle as inputs (constants when
// unconnected); its J augmentation by the pistons' mass (m_p, r_p) is applied after its filters are
// set up and does not act, so J is imported as it is and m_p, r_p are not.
void swashPlateBlock(HopsanValues& in, ComponentDoc& out, QStringList&) {
    out.num["J"] = in.value("J", 0.1);
    out.num["B"] = in.value("B", 10.0);
    out.num["r"] = in.value("r", 0.05);
    out.num["theta_offset"] = in.value("theta_offset", 0.0);
    out.num["angle"] = in.value("angle", 0.0);
    out.text["form"] = QStringLiteral("Hopsan discrete at the step");  // its bilinear shaft filters, at fixed steps
}

const char* kSourceNote =
    "an ideal kinematic source in Hopsan; ours is a flywheel (J_ref) held on the reference by a tracking law (SpeedSource)";
// Hopsan's 2-port inertia counts speed in opposite directions at P1 and P2 (w1 = -w2); our
// rotational node has one direction. The import takes that of the inertia's P1 side, where
// Hopsan's component tests put sources and sensors.
const char* kRotationalFrame =
    "P1 and P2 are one rigid node here, counted in the direction of Hopsan's P1 side (Hopsan: w1 = -w2)";

}  // namespace

void appendRotationalHopsanTypes(std::vector<HopsanTypeMapping>& map) {
    map.push_back({"HydraulicFixedDisplacementPump", "FixedDisplacementPump", {{"P1", "P1"}, {"P2", "P2"}, {"n_p", "n"}}, fixedPump, nullptr,
                   "speed n_p as our input/parameter n; Hopsan's cavitation restart and TLM flow clamp are not modelled", HopsanKind::Q});
    map.push_back({"HydraulicVariableDisplacementPump", "VariableDisplacementPump",
                   {{"P1", "P1"}, {"P2", "P2"}, {"eps", "eps"}, {"omega_p", "n"}}, variablePump, nullptr, "K_cp = Cl", HopsanKind::Q});
    map.push_back({"HydraulicPressureControlledPump", "PressureCompensatedPump",
                   {{"P1", "P1"}, {"P2", "P2"}, {"PREF", "LS"}, {"omega_p", "n"}}, pressureControlledPump, nullptr,
                   "form = Hopsan discrete at the step: Hopsan's bilinear regulator step against the ports' TLM sources (the continuous "
                   "regulator under the CVODE reference); starts at displacement 0; outputs eps and a are not imported", HopsanKind::Q});
    map.push_back({"HydraulicFixedDisplacementMotorQ", "FixedDisplacementMotor", {{"P1", "P1"}, {"P2", "P2"}, {"P3", "shaft"}}, fixedMotor,
                   nullptr, "J_m is added to the shaft node; form = Hopsan Q-type at the step (its flow limit at 0 Pa, its torque)", HopsanKind::Q});
    map.push_back({"HydraulicVariableDisplacementMotorQ", "VariableDisplacementMotor",
                   {{"P1", "P1"}, {"P2", "P2"}, {"P3", "shaft"}, {"eps", "eps"}}, variableMotor, nullptr,
                   "C_im = Cl; J_m is added to the shaft node; form = Hopsan Q-type at the step (its flow limit at 0 Pa, its torque)", HopsanKind::Q});
    map.push_back({"HydraulicMachineC", "HydraulicMachine", {{"P1", "P1"}, {"P2", "P2"}, {"P3", "shaft"}, {"eps", "eps"}}, machineC, nullptr,
                   "our speed is -w3 (Hopsan pumps into P1 at positive w3; the far side of its inertia sees -w3); V_1, V_2 "
                   "are port-node capacitance with the circuit's bulk modulus, not Beta_e; Hopsan's fixed alpha 0.1 and "
                   "v_min are numerical, not imported", HopsanKind::C});
    map.push_back({"MechanicRotationalInertia", "RotationalInertia", {{"P1", "shaft"}, {"P2", "shaft"}}, inertia, nullptr, kRotationalFrame, HopsanKind::Q});
    map.push_back({"MechanicRotShaft", "Gear", {{"Pmr1", "a"}, {"Pmr2", "b"}}, shaft, nullptr,
                   "a Gear of ratio -1 (Hopsan counts the two ends' speeds in opposite directions), k = Ks, form = Hopsan TLM "
                   "at the step with Hopsan's alpha (the undamped spring under adaptive steppers)", HopsanKind::C});
    map.push_back({"MechanicRotShaftG", "Gear", {{"Pmr1", "a"}, {"Pmr2", "b"}}, shaftG, nullptr,
                   "a Gear of ratio -1 (as MechanicRotShaft, TLM form with its alpha), k = pi/32*(dy^4 - di^4)*G/len", HopsanKind::C});
    map.push_back({"MechanicThetaSource", "SpeedSource", {{"Pmr1", "shaft"}, {"omega", "w"}, {"thetain", "theta"}}, thetaSource, nullptr,
                   kSourceNote, HopsanKind::Q});
    map.push_back({"MechanicAngularVelocityTransformer", "SpeedSource", {{"out", "shaft"}, {"omega", "w"}}, speedTransformer, nullptr,
                   kSourceNote, HopsanKind::Q});
    map.push_back({"MechanicTorqueTransformer", "TorqueSource", {{"P1", "shaft"}}, torqueTransformer, nullptr,
                   "T = -T (Hopsan's port torque opposes the port's rotation); a signal connected to T is refused (it would "
                   "need a gain of -1)", HopsanKind::C});
    map.push_back({"HydraulicValvePlate", "ValvePlate",
                   {{"P1", "c1"}, {"P1", "c2"}, {"P1", "c3"}, {"P1", "c4"}, {"P1", "c5"}, {"P1", "c6"}, {"P1", "c7"}, {"P1", "c8"},
                    {"P1", "c9"}, {"PA", "A"}, {"PB", "B"}, {"movement", "w"}},
                   valvePlate, nullptr,
                   "the multiport P1's connections are our cylinders c1 .. cN in the file's order; angles in radians; "
                   "angle_wrap = Hopsan (no opening before a cylinder first passes a port's leading edge, Hopsan's "
                   "artefact) and tlm_solve = each path alone (Hopsan's TLM solve: each cylinder-port path against its ends "
                   "as if alone; ours by default solves the paths sharing a port together)",
                   HopsanKind::Q});
    map.push_back({"MechanicCylinderBlockWithSwashPlate", "SwashPlateCylinderBlock",
                   {{"P1", "p1"}, {"P1", "p2"}, {"P1", "p3"}, {"P1", "p4"}, {"P1", "p5"}, {"P1", "p6"}, {"P1", "p7"}, {"P1", "p8"},
                    {"P1", "p9"}, {"P2", "shaft"}, {"angle", "angle"}},
                   swashPlateBlock, nullptr,
                   "the multiport P1's connections are our pistons p1 .. pN in the file's order; our shaft angle is Hopsan's P2 "
                   "angle; form = Hopsan discrete at the step (its bilinear shaft filters, pistons at the angle of the step "
                   "before; the continuous block under the CVODE reference); m_p, r_p not imported (Hopsan adds them to J "
                   "after its filters are set up: they do not act); inputs B, r, theta_offset as parameters; outputs torque "
                   "and movement not imported",
                   HopsanKind::Q});
    map.push_back({"MechanicTorqueSensor", "TorqueSensor", {{"out", "T"}}, hopsanSensor, nullptr,
                   "reads the torque of its node, which Hopsan's C-type component there sets: ours watches that "
                   "component's shaft, direction 'against rotation' (hopsan_mechanics.cpp, pointTorqueSensors)",
                   HopsanKind::S, nullptr, nullptr, "P1"});
    map.push_back({"MechanicAngularVelocitySensor", "SpeedSensor", {{"P1", "shaft"}, {"out", "w"}}, hopsanSensor, nullptr, "reads the node's speed", HopsanKind::S});
}

}  // namespace hs::model
