// SPDX-License-Identifier: GPL-3.0-or-later
// Parameter names, defaults and equations from Hopsan's default library
// (componentLibraries/defaultLibrary/, one header per type). Hopsan's files store SI values
// (Pa, m3, m3/s, m5/(N s), s); only the conversions below change numbers.
#include "hopsan_type_map.h"

#include <cmath>
#include <numbers>

namespace hs::model {

double HopsanValues::value(const QString& name, double hopsanDefault) {
    QString problem;
    const std::optional<double> v = resolve_(name, &problem);
    if (!problem.isEmpty()) problems << problem;
    return v.value_or(hopsanDefault);
}

void hopsanSensor(HopsanValues&, ComponentDoc& out, QStringList&) { out.text["sampling"] = QStringLiteral("previous step"); }

namespace {

void volume(HopsanValues& in, ComponentDoc& out, QStringList&) {
    out.num["V"] = in.value("V", 1e-3);
    out.text["bulk_modulus"] = QStringLiteral("constant");
    out.num["Be"] = in.value("Beta_e", 1e9);
    out.num["p0"] = in.value("P1#Pressure", 1e5);
}

void laminarOrifice(HopsanValues& in, ComponentDoc& out, QStringList&) {
    out.num["G"] = in.value("Kc", 1e-11);
    out.text["cavitation"] = QStringLiteral("Hopsan: ports held at 0 Pa");  // its check next to the TLM volumes
}

void turbulentOrifice(HopsanValues& in, ComponentDoc& out, QStringList&) {
    out.text["spec"] = QStringLiteral("CdA");
    out.num["A"] = in.value("A", 1e-5);
    out.num["Cd"] = in.value("C_q", 0.67);
    out.num["rho"] = in.value("rho", 870);
}

void pressureSource(HopsanValues& in, ComponentDoc& out, QStringList&) { out.num["p"] = in.value("p", 1e5); }
void tank(HopsanValues& in, ComponentDoc& out, QStringList&) { out.num["p"] = in.value("p", 1e5); }
void flowSource(HopsanValues& in, ComponentDoc& out, QStringList&) {
    out.num["Q"] = in.value("q", 1e-3);
    out.text["clamp"] = QStringLiteral("Hopsan pressure clamp (not conservative)");
}
void noParameters(HopsanValues&, ComponentDoc&, QStringList&) {}

void constant(HopsanValues& in, ComponentDoc& out, QStringList&) { out.num["value"] = in.value("y", 1.0); }

void step(HopsanValues& in, ComponentDoc& out, QStringList&) {
    const double y0 = in.value("y_0", 0.0);
    out.num["before"] = y0;
    out.num["after"] = y0 + in.value("y_A", 1.0);
    out.num["t0"] = in.ourTime(in.value("t_step", 1.0));
}

// Hopsan's ramp stops at t_end; our Ramp does not, so it becomes a piecewise-linear table.
void ramp(HopsanValues& in, ComponentDoc& out, QStringList& problems) {
    const double y0 = in.value("y_0", 0.0), yA = in.value("y_A", 1.0);
    const double t1 = in.ourTime(in.value("t_start", 1.0)), t2 = in.ourTime(in.value("t_end", 2.0));
    if (!(t2 > t1) || t1 < 0) {
        problems << QStringLiteral("ramp with t_start %1 and t_end %2 (needs 0 <= t_start < t_end)").arg(t1).arg(t2);
        return;
    }
    auto n = [](double v) { return QString::number(v, 'g', 17); };
    out.text["points"] = QStringLiteral("0 %1; %2 %1; %3 %4").arg(n(y0), n(t1), n(t2), n(y0 + yA));
    if (t1 == 0) out.text["points"] = QStringLiteral("0 %1; %2 %3").arg(n(y0), n(t2), n(y0 + yA));
}

// Hopsan: out = y_A*sin(2 pi f (t - t_start - y_offset)) from t_start on, 0 before.
void sine(HopsanValues& in, ComponentDoc& out, QStringList& problems) {
    const double f = in.value("f", 1.0), yA = in.value("y_A", 1.0);
    const double tOff = in.value("y_offset", 0.0), tStart = in.ourTime(in.value("t_start", 0.0));
    if (tStart != 0) problems << QStringLiteral("sine starting at t_start = %1 s (ours runs from t = 0)").arg(tStart);
    const double omega = 2 * std::numbers::pi * f;
    out.num["amplitude"] = yA;
    out.num["omega"] = omega;
    out.num["phase"] = -omega * tOff;
    out.num["offset"] = 0;
}

void gain(HopsanValues& in, ComponentDoc& out, QStringList&) { out.num["k"] = in.value("k", 1.0); }
void add(HopsanValues&, ComponentDoc& out, QStringList&) { out.num["a"] = 1; out.num["b"] = 1; }
void subtract(HopsanValues&, ComponentDoc& out, QStringList&) { out.num["a"] = 1; out.num["b"] = -1; }

const char* kVolumeNote =
    "one node; Hopsan's per-volume alpha becomes the TLM alpha of the Hopsan-compatible configuration";

}  // namespace

const std::vector<HopsanTypeMapping>& hopsanTypeMap() {
    static const std::vector<HopsanTypeMapping> map = [] {
        std::vector<HopsanTypeMapping> m = {
        {"HydraulicVolume", "Volume", {{"P1", "P1"}, {"P2", "P2"}}, volume, "alpha", kVolumeNote, HopsanKind::C},
        {"HydraulicVolumeMultiPort", "Volume", {{"P1", "P1"}}, volume, "alpha",
         "every connection of Hopsan's multiport P1 goes to P1 (one node)", HopsanKind::C, "P1"},
        {"HydraulicLaminarOrifice", "LaminarOrifice", {{"P1", "A"}, {"P2", "B"}}, laminarOrifice, nullptr,
         "Kc [m5/(N s)] = G; Kc as a signal input is not supported; cavitation = Hopsan: ports held at 0 Pa", HopsanKind::Q},
        {"HydraulicTurbulentOrifice", "TurbulentOrifice", {{"P1", "A"}, {"P2", "B"}}, turbulentOrifice, nullptr,
         "C_q = Cd; pure square root (Hopsan linearises near dp = 0 in its own way)", HopsanKind::Q},
        {"HydraulicPressureSourceC", "PressureSource", {{"P1", "P"}, {"p", "p"}}, pressureSource, nullptr,
         "ideal pressure source (Hopsan's C-type source has Zc = 0: the same)", HopsanKind::C},
        {"HydraulicPressureSourceQ", "PressureSource", {{"P1", "P"}, {"p", "p"}}, pressureSource, nullptr,
         "ideal pressure source", HopsanKind::Q},
        {"HydraulicTankC", "Tank", {{"P1", "P"}}, tank, nullptr, "constant pressure", HopsanKind::C},
        {"HydraulicFlowSourceQ", "FlowSource", {{"P1", "P"}, {"q", "Q"}}, flowSource, nullptr, "clamp = Hopsan pressure clamp: p = max(c + Zc q, 0) with the flow kept", HopsanKind::Q},
        {"HydraulicPressureSensor", "PressureSensor", {{"P1", "P"}, {"out", "p"}}, hopsanSensor, nullptr,
         "sampling = previous step (as every imported sensor); port = its node's Q-type port (readNodePressures)", HopsanKind::S},
        {"SignalConstant", "Constant", {{"y", "out"}}, constant, nullptr, "", HopsanKind::S},
        {"SignalStep", "Step", {{"out", "out"}}, step, nullptr, "after = y_0 + y_A", HopsanKind::S},
        {"SignalRamp", "Table", {{"out", "out"}}, ramp, nullptr, "a piecewise-linear table (Hopsan's ramp ends at t_end)", HopsanKind::S},
        {"SignalSineWave", "Sine", {{"out", "out"}}, sine, nullptr, "omega = 2 pi f, phase = -omega y_offset; t_start must be 0", HopsanKind::S},
        {"SignalGain", "Gain", {{"in", "in"}, {"out", "out"}}, gain, nullptr, "", HopsanKind::S},
        {"SignalAdd", "Sum", {{"in1", "in1"}, {"in2", "in2"}, {"out", "out"}}, add, nullptr, "", HopsanKind::S},
        {"SignalSubtract", "Sum", {{"in1", "in1"}, {"in2", "in2"}, {"out", "out"}}, subtract, nullptr, "b = -1", HopsanKind::S},
        {"SignalSink", nullptr, {}, noParameters, nullptr,
         "a plot sink: not imported, with its connections (plots come from probes)", HopsanKind::S},
        };
        appendValveHopsanTypes(m);
        appendHopsanSignalTypes(m);
        appendRotationalHopsanTypes(m);
        return m;
    }();
    return map;
}

const HopsanTypeMapping* findHopsanType(const QString& hopsanType) {
    for (const auto& m : hopsanTypeMap())
        if (hopsanType == QLatin1String(m.hopsanType)) return &m;
    return nullptr;
}

QString mapHopsanPort(const HopsanTypeMapping& m, const QString& hopsanPort) {
    for (const auto& p : m.ports)
        if (hopsanPort == QLatin1String(p.hopsan)) return QString::fromLatin1(p.ours);
    return {};
}

}  // namespace hs::model
