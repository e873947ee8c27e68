// SPDX-License-Identifier: GPL-3.0-or-later
// Hopsan's signal blocks, flow sensor and multiport sources as ours: parameter names and
// equations from componentLibraries/defaultLibrary/Signal/ and Hydraulic/ (one header per type).
#include <cmath>

#include "hopsan_type_map.h"

namespace hs::model {

namespace {

void none(HopsanValues&, ComponentDoc&, QStringList&) {}

void multiPressureSource(HopsanValues& in, ComponentDoc& out, QStringList&) { out.num["p"] = in.value("p", 1e5); }

// Hopsan's limiter moves the output by at most c*dt per step; ours tracks with Tf = that step.
void rateLimiter(HopsanValues& in, ComponentDoc& out, QStringList&) {
    out.num["rise"] = std::abs(in.value("c_up", 1.0));
    out.num["fall"] = std::abs(in.value("c_down", -1.0));
    out.num["Tf"] = in.modelTimestep;
    out.text["start"] = QStringLiteral("input");  // Hopsan starts the output at the input
    out.text["form"] = QStringLiteral("discrete at the step");  // Hopsan's limiter, at fixed steps
}

void pulse(HopsanValues& in, ComponentDoc& out, QStringList&) {
    out.num["base"] = in.value("y_0", 0.0);
    out.num["amplitude"] = in.value("y_A", 1.0);
    out.num["t_start"] = in.ourTime(in.value("t_start", 1.0));
    out.num["t_end"] = in.ourTime(in.value("t_end", 2.0));
}

void softStep(HopsanValues& in, ComponentDoc& out, QStringList&) {
    out.num["y0"] = in.value("y_0", 0.0);
    out.num["amplitude"] = in.value("y_A", 1.0);
    out.num["t_start"] = in.ourTime(in.value("t_start", 1.0));
    out.num["t_end"] = in.ourTime(in.value("t_end", 2.0));
}

void integrator(HopsanValues& in, ComponentDoc& out, QStringList&) { out.num["y0"] = in.value("out", 0.0); }

void saturation(HopsanValues& in, ComponentDoc& out, QStringList&) {
    out.num["upper"] = in.value("y_upper", 1.0);
    out.num["lower"] = in.value("y_lower", -1.0);
}

void deadZone(HopsanValues& in, ComponentDoc& out, QStringList&) {
    out.num["start"] = in.value("u_dstart", -1.0);
    out.num["end"] = in.value("u_dend", 1.0);
}

void firstOrderTf(HopsanValues& in, ComponentDoc& out, QStringList&) {
    for (const char* k : {"a_1", "a_0", "b_1", "b_0"}) out.num[QString(k).remove('_')] = in.value(k, 1.0);
}

void secondOrderTf(HopsanValues& in, ComponentDoc& out, QStringList&) {
    for (const char* k : {"a_2", "a_1", "a_0", "b_2", "b_1", "b_0"}) out.num[QString(k).remove('_')] = in.value(k, 1.0);
}

void greaterThan(HopsanValues& in, ComponentDoc& out, QStringList&) {
    out.text["op"] = QStringLiteral(">");
    out.num["offset"] = in.value("x_limit", 0.0);
}

void smallerThan(HopsanValues& in, ComponentDoc& out, QStringList&) {
    out.text["op"] = QStringLiteral("<");
    out.num["offset"] = in.value("x_limit", 0.0);
}

void logicAnd(HopsanValues&, ComponentDoc& out, QStringList&) { out.text["op"] = QStringLiteral("and"); }
void logicOr(HopsanValues&, ComponentDoc& out, QStringList&) { out.text["op"] = QStringLiteral("or"); }
void logicXor(HopsanValues&, ComponentDoc& out, QStringList&) { out.text["op"] = QStringLiteral("xor"); }
void logicNot(HopsanValues&, ComponentDoc& out, QStringList&) { out.text["op"] = QStringLiteral("not"); }

// Hopsan's PID: u = limit(Kp e + uI - Kd dy), the integral frozen while the output is limited.
void pid(HopsanValues& in, ComponentDoc& out, QStringList&) {
    out.num["Kp"] = in.value("Kp", 1.0);
    out.num["Ki"] = in.value("KI", 1.0);
    out.num["Kd"] = in.value("Kd", 1.0);
    out.num["umin"] = in.value("umin", -1.0);
    out.num["umax"] = in.value("umax", 1.0);
    out.text["antiwindup"] = QStringLiteral("conditional");
    out.text["derivative"] = QStringLiteral("measurement input");
}

void timeDelay(HopsanValues& in, ComponentDoc& out, QStringList&) { out.num["delay"] = in.value("deltat", 1.0); }

void divide(HopsanValues&, ComponentDoc& out, QStringList&) { out.num["eps"] = 1e-300; }

}  // namespace

void appendHopsanSignalTypes(std::vector<HopsanTypeMapping>& map) {
    using K = HopsanKind;
    const std::vector<HopsanTypeMapping> mine = {
        {"HydraulicFlowSensor", "FlowSensor", {{"out", "Q"}}, hopsanSensor, nullptr,
         "watches the Q-type component's port on the sensor's node, direction 'out of' (Hopsan's node flow)",
         K::S, nullptr, "P1"},
        {"HydraulicPowerSensor", "HydraulicPowerSensor", {{"P1", "P"}, {"out", "W"}}, hopsanSensor, nullptr,
         "p of the node times its flow, read like HydraulicFlowSensor's", K::S, nullptr, "P1"},
        {"HydraulicDifferentialPressureSensor", "DifferentialPressureSensor", {{"P1", "A"}, {"P2", "B"}, {"out", "dp"}}, hopsanSensor,
         nullptr, "", K::S},
        {"HydraulicMultiPressureSourceC", "PressureSource", {{"MP", "P"}, {"p", "p"}}, multiPressureSource, nullptr,
         "each connection of Hopsan's multiport MP is a node of its own at p; ours joins them in one node at p "
         "(an ideal source: the same pressures and flows)", K::C, "MP"},
        {"HydraulicMultiTankC", "Tank", {{"MP", "P"}}, multiPressureSource, nullptr,
         "each connection of Hopsan's multiport MP is a node of its own at p; ours joins them in one node at p",
         K::C, "MP"},
        {"SignalRateLimiter", "RateLimiter", {{"in", "in"}, {"out", "out"}}, rateLimiter, nullptr,
         "form = discrete at the step (Hopsan's limiter) in fixed-step runs, continuous tracking with Tf = the "
         "model's step under adaptive steppers; rise = |c_up|, fall = |c_down|", K::S},
        {"SignalPulse", "Pulse", {{"out", "out"}}, pulse, nullptr, "the same at step times", K::S},
        {"SignalSoftStep", "SoftStep", {{"out", "out"}}, softStep, nullptr, "", K::S},
        {"SignalIntegrator2", "Integrator", {{"in", "in"}, {"out", "out"}}, integrator, nullptr,
         "no limits; continuous (Hopsan: trapezoidal at its step)", K::S},
        {"SignalSaturation", "Saturation", {{"in", "in"}, {"out", "out"}}, saturation, nullptr, "", K::S},
        {"SignalDeadZone", "DeadZone", {{"in", "in"}, {"out", "out"}}, deadZone, nullptr, "", K::S},
        {"SignalFirstOrderTransferFunction", "TransferFunction1", {{"in", "in"}, {"out", "out"}}, firstOrderTf, nullptr,
         "continuous; the state starts at 0 (Hopsan: Tustin at its step, started from the in/out start values)", K::S},
        {"SignalSecondOrderTransferFunction", "TransferFunction2", {{"in", "in"}, {"out", "out"}}, secondOrderTf, nullptr,
         "continuous; the states start at 0 (Hopsan: Tustin at its step)", K::S},
        {"SignalSum", "Sum4", {{"in", "in1"}, {"in", "in2"}, {"in", "in3"}, {"in", "in4"}, {"out", "out"}}, none, nullptr,
         "up to four inputs: the multiport's connections take in1..in4 in the file's order", K::S},
        {"SignalMultiply", "Product", {{"in1", "in1"}, {"in2", "in2"}, {"out", "out"}}, none, nullptr, "", K::S},
        {"SignalDivide", "Division", {{"in1", "in1"}, {"in2", "in2"}, {"out", "out"}}, divide, nullptr,
         "eps = 1e-300; Hopsan stops the simulation at in2 = 0, ours gives in1/1e-300", K::S},
        {"SignalGreaterThan", "Comparator", {{"in", "in1"}, {"out", "out"}}, greaterThan, nullptr, "offset = x_limit", K::S},
        {"SignalSmallerThan", "Comparator", {{"in", "in1"}, {"out", "out"}}, smallerThan, nullptr, "offset = x_limit", K::S},
        {"SignalAnd", "Logic", {{"in1", "in1"}, {"in2", "in2"}, {"out", "out"}}, logicAnd, nullptr, "", K::S},
        {"SignalOr", "Logic", {{"in1", "in1"}, {"in2", "in2"}, {"out", "out"}}, logicOr, nullptr, "", K::S},
        {"SignalXor", "Logic", {{"in1", "in1"}, {"in2", "in2"}, {"out", "out"}}, logicXor, nullptr, "", K::S},
        {"SignalNot", "Logic", {{"in", "in1"}, {"out", "out"}}, logicNot, nullptr, "", K::S},
        {"SignalPID", "PID", {{"yref", "ref"}, {"y", "meas"}, {"dy", "dmeas"}, {"u", "u"}}, pid, nullptr,
         "antiwindup conditional, the derivative from dy (Hopsan's outputs Ierr and uI have no counterpart); "
         "continuous (Hopsan: trapezoidal at its step)", K::S},
        {"SignalTimeDelay", "TimeDelay", {{"in", "in"}, {"out", "out"}}, timeDelay, nullptr,
         "the same at sample times; linear in between", K::S},
    };
    map.insert(map.end(), mine.begin(), mine.end());
}

}  // namespace hs::model
