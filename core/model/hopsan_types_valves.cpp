// SPDX-License-Identifier: GPL-3.0-or-later
// Hopsan's valves, accumulator, lines, cylinders and translational mechanics as our types:
// parameter names, defaults and equations from componentLibraries/defaultLibrary/ (Hydraulic/
// Valves, Restrictors, Special, Volumes&Lines, LinearActuators; Mechanic/Linear). Hopsan's files
// store SI values; only the conversions below change numbers.
#include <cmath>
#include <numbers>

#include "hopsan_type_map.h"

namespace hs::model {

namespace {

constexpr double kPi = std::numbers::pi;

// The spool geometry and the second-order spool lag shared by Hopsan's spool valves.
void spoolCommon(HopsanValues& in, ComponentDoc& out, double xvMin) {
    out.num["Cq"] = in.value("C_q", 0.67);
    out.num["rho"] = in.value("rho", 870);
    out.num["d"] = in.value("d", 0.01);
    const double xvmax = in.value("x_vmax", 0.01);
    out.num["x_vmax"] = xvmax;
    out.text["dynamics"] = QStringLiteral("second order");
    out.text["lag_form"] = QStringLiteral("bilinear at the step");  // Hopsan's SecondOrderTransferFunction
    out.num["omega_h"] = in.value("omega_h", 100);
    out.num["delta_h"] = in.value("delta_h", 1);
    out.num["xv0"] = std::clamp(in.value("xv", 0.0), xvMin * xvmax, xvmax);
}

// One circumference fraction for valves whose edges Hopsan gives one each: they must agree.
void singleFraction(HopsanValues& in, ComponentDoc& out, QStringList& problems, const QStringList& names) {
    const double f = in.value(names.front(), 1.0);
    for (const QString& n : names)
        if (in.value(n, 1.0) != f)
            problems << QStringLiteral("edge fractions %1 differ (ours has one fraction f for every edge)").arg(names.join(", "));
    out.num["f"] = f;
}

void valve22(HopsanValues& in, ComponentDoc& out, QStringList&) {
    spoolCommon(in, out, 0.0);
    out.text["command"] = QStringLiteral("position");
    out.num["f"] = in.value("f", 1.0);
}

void directional22(HopsanValues& in, ComponentDoc& out, QStringList&) {
    spoolCommon(in, out, 0.0);
    out.text["command"] = QStringLiteral("switch");
    out.num["f"] = in.value("f", 1.0);
}

void directional42(HopsanValues& in, ComponentDoc& out, QStringList& problems) {
    spoolCommon(in, out, 0.0);
    out.text["lag_start"] = QStringLiteral("command");  // Hopsan starts its filter at limit(in, 0, x_vmax)
    out.text["command"] = QStringLiteral("switch");
    singleFraction(in, out, problems, {"f_pa", "f_pb", "f_at", "f_bt"});
}

void directionalCheck22(HopsanValues& in, ComponentDoc& out, QStringList&) {
    out.num["Kv_open"] = in.value("Kv_open", 5e-7);
    out.num["Kv_check"] = in.value("Kv_check", 5e-7);
    out.num["p_crack"] = in.value("F_s", 0.0);
    out.num["omega_h"] = in.value("omega_h", 100);
    out.num["delta_h"] = in.value("delta_h", 1);
    out.text["lag_form"] = QStringLiteral("bilinear at the step");
    out.text["lag_start"] = QStringLiteral("xv0 + one step");  // its initialize() runs one step
}

void valve33(HopsanValues& in, ComponentDoc& out, QStringList&) {
    spoolCommon(in, out, -1.0);
    for (const char* n : {"x_pa", "x_at"}) out.num[n] = in.value(n, -1e-6);
    for (const char* n : {"f_pa", "f_at"}) out.num[n] = in.value(n, 1.0);
}

void valve43(HopsanValues& in, ComponentDoc& out, QStringList&) {
    spoolCommon(in, out, -1.0);
    out.text["centre"] = QStringLiteral("closed");
    out.text["tlm_solve"] = QStringLiteral("each edge alone (Hopsan)");  // a TurbulentFlowFunction per edge
    for (const char* n : {"x_pa", "x_pb", "x_at", "x_bt"}) out.num[n] = in.value(n, -1e-6);
    for (const char* n : {"f_pa", "f_pb", "f_at", "f_bt"}) out.num[n] = in.value(n, 1.0);
}

// Hopsan's open-centre valve: the 4/3 edges plus the neutral channel's lap x_cc and fraction f_cc.
void openCentre63(HopsanValues& in, ComponentDoc& out, QStringList&) {
    spoolCommon(in, out, -1.0);
    for (const char* n : {"x_pa", "x_pb", "x_at", "x_bt", "x_cc"}) out.num[n] = in.value(n, -1e-6);
    for (const char* n : {"f_pa", "f_pb", "f_at", "f_bt", "f_cc"}) out.num[n] = in.value(n, 1.0);
}

void pilotCheck(HopsanValues& in, ComponentDoc& out, QStringList&) {
    out.num["phi"] = in.value("phi", 3.5);
    out.num["p_crack"] = in.value("p_f", 1e5);
    out.num["k"] = in.value("K_s", 5e-7);
    out.num["dp_open"] = 0.0;
}

// Hopsan's state of charge xmp is the oil fraction of V0.
void accumulator(HopsanValues& in, ComponentDoc& out, QStringList&) {
    const double v0 = in.value("V0", 1e-3);
    out.num["V0"] = v0;
    out.num["Kca"] = in.value("Kca", 1e-8);
    out.num["kappa"] = in.value("kappa", 1.2);
    out.num["p0"] = in.value("p0", 1e7);
    out.num["V_oil0"] = std::clamp(in.value("xmp", 0.0), 0.0, 0.9) * v0;
    out.num["V_port"] = 0.0;
    out.text["form"] = QStringLiteral("Hopsan discrete at the step");  // its trapezoidal step, at fixed steps
}

void cylinderC(HopsanValues& in, ComponentDoc& out, QStringList&) {
    out.num["A1"] = in.value("A_1", 1e-3);
    out.num["A2"] = in.value("A_2", 1e-3);
    out.num["stroke"] = in.value("s_l", 1.0);
    out.num["V_dead_A"] = in.value("V_1", 3e-4);
    out.num["V_dead_B"] = in.value("V_2", 3e-4);
    out.num["b"] = in.value("B_p", 1000);
    out.num["L"] = in.value("c_leak", 1e-11);
    out.num["x0"] = in.value("P3#Position", 0.0);
    out.num["pA0"] = in.value("P1#Pressure", 1e5);
    out.num["pB0"] = in.value("P2#Pressure", 1e5);
    out.num["m_piston"] = 0.0;
}

void cylinderQ(HopsanValues& in, ComponentDoc& out, QStringList&) {
    out.text["chambers"] = QStringLiteral("external");
    out.num["A1"] = in.value("A_1", 1e-4);
    out.num["A2"] = in.value("A_2", 1e-4);
    out.num["b"] = in.value("B_p", 0.0) + in.value("B_l", 0.0);
    out.num["k_load"] = in.value("k_l", 100);
    out.num["m_piston"] = in.value("m_l", 0.05);
    out.num["stroke"] = in.value("s_l", 0.01);
    out.num["x0"] = in.value("P3#Position", 0.0);
    out.num["L"] = 0.0;
    out.text["form"] = QStringLiteral("Hopsan Q-type at the step");  // its bilinear piston, at fixed steps
}

// Lossless line: Hopsan gives Zc and the delay T; ours the geometry. With rho = 870 and
// Be = 1e9 (c = sqrt(Be/rho)), L = c*T and A = rho*c/Zc reproduce both exactly.
void tlmLossless(HopsanValues& in, ComponentDoc& out, QStringList& problems) {
    const double zc = in.value("Z_c", 1e9), t = in.value("deltat", 0.1);
    if (!(zc > 0) || !(t > 0)) {
        problems << QStringLiteral("Z_c = %1 and deltat = %2 must be positive").arg(zc).arg(t);
        return;
    }
    const double rho = 870.0, be = 1e9, c = std::sqrt(be / rho);
    out.num["rho"] = rho;
    out.num["Be"] = be;
    out.num["L"] = c * t;
    out.num["d"] = std::sqrt(4.0 * rho * c / zc / kPi);
    out.num["alpha"] = in.value("alpha", 0.0);
    out.num["p0"] = in.value("P1#Pressure", 0.0);
    out.text["start"] = QStringLiteral("Hopsan start values");
}

// Hopsan's HydraulicHose: our TlmHose in its Hopsan form (docs/components.md, "Hose").
void hose(HopsanValues& in, ComponentDoc& out, QStringList&) {
    out.num["L"] = in.value("l", 1.0);
    out.num["d"] = in.value("d", 0.03);
    out.num["mu"] = in.value("eta", 0.03);
    out.num["rho"] = in.value("rho", 870);
    out.num["Be"] = in.value("beta_e", 1e9);
    out.num["eta_w"] = in.value("eta_w", 0.03);
    out.num["kappa"] = 1.25;
    out.num["p0"] = in.value("P1#Pressure", 0.0);
    out.text["form"] = QStringLiteral("Hopsan (N = T/dt + 1/2)");
    out.text["start"] = QStringLiteral("Hopsan start values");
}

// Hopsan's spool: (Bv*s + ks + flow force)*xv = Av*(p1 - p2 + kappa*p3 - pref), 0 <= xv <= Xvmax.
// Ours: the static gain without the flow force, tau = Bv/ks, on pA + ratio*pX (not p1 - p2).
void counterBalanceG(HopsanValues& in, ComponentDoc& out, QStringList&) {
    const double dv = in.value("Dv", 0.03), xvmax = in.value("Xvmax", 0.001), ks = in.value("ks", 100);
    const double av = kPi * dv * dv / 4.0, rho = in.value("rho", 870);
    out.num["p_set"] = in.value("pref", 1e6);
    out.num["ratio"] = in.value("kappa", 1.0);
    out.num["dp_open"] = ks * xvmax / av;
    out.num["k"] = in.value("Cq", 0.67) * in.value("frac", 1.0) * kPi * dv * xvmax * std::sqrt(2.0 / rho);
    out.num["tau"] = std::max(in.value("Bv", 100) / ks, 1e-7);
    out.num["k_check"] = 0.0;
}

// Hopsan: K = (p1 - p_ref + a_ratio*p_c)/(sqrt(p_nom)/k_cs + (p1 - p2)/(k_cf*sqrt(p_nom))),
// limited to q_nom/sqrt(p_nom), with hysteresis p_h and a lag tao. Ours: the same band without the
// flow-force term and the hysteresis.
void overCentre(HopsanValues& in, ComponentDoc& out, QStringList&) {
    const double qnom = in.value("q_nom", 0.001), pnom = in.value("p_nom", 7e6), kcs = in.value("k_cs", 1e-8);
    out.num["p_set"] = in.value("p_ref", 2e6);
    out.num["ratio"] = in.value("a_ratio", 5.0);
    out.num["k"] = qnom / std::sqrt(pnom);
    out.num["dp_open"] = qnom / kcs;
    out.num["tau"] = in.value("tao", 0.01);
    out.num["k_check"] = 0.0;
}

// Finite x_min/x_max become an EndStop <mass>_stops in our frame (hopsan_mechanics.cpp).
void mass(HopsanValues& in, ComponentDoc& out, QStringList&) {
    out.num["m"] = in.value("m", 100);
    out.num["b"] = in.value("B", 10);
    out.num["k"] = in.value("k", 0.0);
}

// Hopsan's P5 position is minus the extension (V1 = V01 + A1*(-x5)); chambers 1 and 3 extend.
void fourChamber(HopsanValues& in, ComponentDoc& out, QStringList& problems) {
    const char* ours[4] = {"A", "B", "C", "D"};
    for (int k = 0; k < 4; ++k) {
        const QString n = QString::number(k + 1);
        out.num[QStringLiteral("A_") + ours[k]] = in.value(QStringLiteral("A_") + n, 1e-3);
        out.num[QStringLiteral("V_dead_") + ours[k]] = in.value(QStringLiteral("V_") + n, 3e-4);
        out.num[QStringLiteral("p") + ours[k] + QStringLiteral("0")] = in.value(QStringLiteral("P") + n + QStringLiteral("#Pressure"), 1e5);
    }
    const char* pairs[6][2] = {{"12", "AB"}, {"13", "AC"}, {"14", "AD"}, {"23", "BC"}, {"24", "BD"}, {"34", "CD"}};
    for (const auto& p : pairs) out.num[QStringLiteral("L_") + p[1]] = in.value(QStringLiteral("c_leak") + p[0], 0.0);
    const double stroke = in.value("s_l", 1.0), x0 = -in.value("P5#Position", 0.0);
    out.num["stroke"] = stroke;
    out.num["x0"] = x0;
    out.num["b"] = in.value("B_p", 1000.0);
    out.num["Be"] = in.value("Beta_e", 1e9);  // the Hopsan form's chambers (hopsan_four_chamber.h)
    if (in.value("use_sl", 1.0) == 0.0) out.num["k_stop"] = out.num["c_stop"] = 0.0;
    if (x0 < 0 || x0 > stroke)
        problems << QStringLiteral("piston start position %1 m (extension %2 m) outside the stroke [0, %3] m").arg(-x0).arg(x0).arg(stroke);
}

// A force at a Hopsan mechanical port pushes into the component it is connected to: against
// the rod's extension. Ours is positive extending.
void forceTransformer(HopsanValues& in, ComponentDoc& out, QStringList&) { out.num["F"] = -in.value("F", 0.0); }

const char* kSpoolNote =
    "lag_form = bilinear at the step: Hopsan's discrete spool filter in fixed-step runs (the ODE under adaptive "
    "steppers, e.g. the CVODE reference); cavitation handling (Hopsan sets a negative port pressure's c to 0) not modelled";
// The 4/3 valve also solves its edges as Hopsan does, each alone, with Hopsan's cavitation rule.
const char* kSpool43Note =
    "lag_form = bilinear at the step: Hopsan's discrete spool filter in fixed-step runs (the ODE under adaptive "
    "steppers, e.g. the CVODE reference); tlm_solve = each edge alone (Hopsan): next to TLM volumes every metering edge "
    "is solved against its own ports' sources, with Hopsan's cavitation rule (a negative port pressure's c set to 0)";

}  // namespace

void appendValveHopsanTypes(std::vector<HopsanTypeMapping>& map) {
    const std::vector<HopsanTypeMapping> ours = {
        {"Hydraulic22Valve", "SpoolValve22", {{"PP", "P"}, {"PA", "A"}, {"in", "in"}, {"xv", "xv"}}, valve22, nullptr, kSpoolNote, HopsanKind::Q},
        {"Hydraulic22DirectionalValve", "SpoolValve22", {{"P1", "P"}, {"P2", "A"}, {"in", "in"}, {"xv", "xv"}}, directional22,
         nullptr, kSpoolNote, HopsanKind::Q},
        {"Hydraulic22DirectionalCheckValve", "SwitchableCheckValve", {{"P1", "A"}, {"P2", "B"}, {"in", "in"}},
         directionalCheck22, nullptr, "F_s [Pa] = p_crack; the 'out' output is not given", HopsanKind::Q},
        {"Hydraulic32DirectionalValve", "SpoolValve32", {{"PP", "P"}, {"PA", "A"}, {"PT", "T"}, {"in", "in"}, {"xv", "xv"}},
         directional22, nullptr, kSpoolNote, HopsanKind::Q},
        {"Hydraulic42DirectionalValve", "SpoolValve42",
         {{"PP", "P"}, {"PA", "A"}, {"PB", "B"}, {"PT", "T"}, {"in", "in"}, {"xv", "xv"}}, directional42, nullptr,
         "one circumference fraction f for all four edges (refused when Hopsan's differ)", HopsanKind::Q},
        {"Hydraulic33Valve", "SpoolValve33", {{"PP", "P"}, {"PA", "A"}, {"PT", "T"}, {"in", "in"}, {"xv", "xv"}}, valve33,
         nullptr, kSpoolNote, HopsanKind::Q},
        {"Hydraulic43Valve", "SpoolValve43", {{"PP", "P"}, {"PA", "A"}, {"PB", "B"}, {"PT", "T"}, {"in", "in"}, {"xv", "xv"}},
         valve43, nullptr, kSpool43Note, HopsanKind::Q},
        {"Hydraulic43LoadSensingValve", "LoadSensingValve43",
         {{"PP", "P"}, {"PA", "A"}, {"PB", "B"}, {"PT", "T"}, {"in", "in"}, {"xv", "xv"}}, valve43, nullptr,
         "the load-sense pressure is our signal output pLS; Hopsan's hydraulic PL port (the load pressure imposed on "
         "its node) becomes a PressureSource <valve>_PL driven by pLS (hopsan_load_sense.h); tlm_solve = each edge alone "
         "(Hopsan), as for Hydraulic43Valve", HopsanKind::Q},
        {"HydraulicOpenCenterValve", "OpenCentreValve63",
         {{"PP", "P"}, {"PA", "A"}, {"PB", "B"}, {"PT", "T"}, {"PC1", "C1"}, {"PC2", "C2"}, {"in", "in"}, {"xv", "xv"}},
         openCentre63, nullptr, kSpoolNote, HopsanKind::Q},
        {"HydraulicPilotControlledCheckValve", "PilotCheckValve", {{"P1", "A"}, {"P2", "B"}, {"P_PILOT", "X"}}, pilotCheck,
         nullptr, "opens on pA + phi*pX - pB > p_crack with node pressures (Hopsan: wave variables c)", HopsanKind::Q},
        {"HydraulicAckumulator", "GasAccumulator", {{"P1", "P"}, {"pa", "p_gas"}, {"Va", "V_gas"}}, accumulator, nullptr,
         "form = Hopsan discrete at the step: its trapezoidal step solved to convergence (Hopsan: 2 Newton iterations) "
         "in fixed-step runs, the ODE under adaptive steppers", HopsanKind::Q},
        {"HydraulicCylinderC", "Cylinder", {{"P1", "A"}, {"P2", "B"}, {"P3", "rod"}}, cylinderC, nullptr,
         "chambers are our nodes' capacitance (Hopsan: its own TLM chambers); Beta_e is the fluid's", HopsanKind::C},
        {"HydraulicCylinderQ", "Cylinder", {{"P1", "A"}, {"P2", "B"}, {"P3", "rod"}}, cylinderQ, nullptr,
         "chambers = external: the displacement flows go into the Volumes on A and B, as Hopsan's Q-type cylinder; "
         "form = Hopsan Q-type at the step: its bilinear piston against the chambers' TLM impedance with inelastic "
         "stops in fixed-step runs (the continuous model with penalty stops under adaptive steppers)", HopsanKind::Q},
        {"HydraulicTLMlossless", "TlmLine", {{"P1", "A"}, {"P2", "B"}}, tlmLossless, nullptr,
         "geometry chosen to give Hopsan's Zc and delay exactly (rho 870, Be 1e9); start = Hopsan start values", HopsanKind::C},
        {"HydraulicHose", "TlmHose", {{"P1", "A"}, {"P2", "B"}}, hose, nullptr,
         "form = Hopsan (N = T/dt + 1/2), start = Hopsan start values; kappa 1.25 as Hopsan's", HopsanKind::C},
        {"HydraulicCounterBalanceValveG", "CounterbalanceValve", {{"P1", "A"}, {"P2", "B"}, {"P3", "X"}}, counterBalanceG,
         nullptr, "static band without the flow force, tau = Bv/ks; opens on pA + kappa*pX (Hopsan: p1 - p2 + kappa*p3)", HopsanKind::Q},
        {"HydraulicOverCenterValve", "CounterbalanceValve", {{"P1", "A"}, {"P2", "B"}, {"P_CONTROL", "X"}}, overCentre,
         nullptr, "band q_nom/k_cs without the flow-force term and the hysteresis p_h; no check (k_check = 0)", HopsanKind::Q},
        {"MechanicTranslationalMass", "Mass", {{"P1", "m"}, {"P2", "m"}}, mass, nullptr,
         "both ends on one node (rigid); Hopsan measures P2 against P1 (x2 = L - x1): the import orients each "
         "node (hopsan_mechanics.cpp) and refuses a position or speed sensor on the side measured against ours; "
         "finite x_min/x_max become an EndStop <mass>_stops (a stiff penalty stop; Hopsan clamps the mass)", HopsanKind::Q},
        {"MechanicForceTransformer", "ForceSource", {{"P1", "m"}, {"F", "F"}}, forceTransformer, nullptr,
         "Hopsan's force pushes into the port it is connected to: F = -F_hopsan at a cylinder rod or a mass's P1 "
         "side, +F_hopsan on a mass's P2 side; an F input signal where it would need a sign change is refused", HopsanKind::C},
        {"HydraulicFourChamberPiston", "FourChamberCylinder", {{"P1", "A"}, {"P2", "B"}, {"P3", "C"}, {"P4", "D"}, {"P5", "rod"}},
         fourChamber, nullptr,
         "form = Hopsan C-type chambers at the step (the chambers TLM elements of their own with Beta_e and alpha 0.1) where "
         "every connected chamber's node is set by a Q-type pressure source, else the continuous form (the chambers are "
         "our nodes' capacitance with the fluid's bulk modulus); our x = -x5, the extension; penalty end stops (Hopsan: "
         "limitStroke, a filtered spring)", HopsanKind::C},
        {"MechanicForceSensor", "ForceSensor", {{"out", "F"}}, hopsanSensor, nullptr,
         "reads the force of the HydraulicFourChamberPiston rod on its node (the node force Hopsan's C-type piston "
         "writes); other nodes are refused", HopsanKind::S, nullptr, nullptr, "P1"},
        {"MechanicPositionSensor", "PositionSensor", {{"P1", "m"}, {"out", "x"}}, hopsanSensor, nullptr, "", HopsanKind::S},
        {"MechanicSpeedSensor", "VelocitySensor", {{"P1", "m"}, {"out", "v"}}, hopsanSensor, nullptr, "", HopsanKind::S},
    };
    map.insert(map.end(), ours.begin(), ours.end());
}

}  // namespace hs::model
