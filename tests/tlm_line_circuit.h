// SPDX-License-Identifier: GPL-3.0-or-later
// A small circuit whose TLM volume sits next to a real line, for the tests of the builder's TLM
// warning as the CLI, the run service and the run panel show it: a 100 bar supply, a TlmLine of
// 2 m and 10 mm bore (rho*L/A = 890*2/7.854e-5 = 2.27e7 kg/m4, delay 1.9 ms), a 10 ml volume V
// and a laminar orifice to tank. Configurations: the reference RK4 1e-5 s with V integrated, and
// "TLM" with V as TLM at step `dt`. Its parasitic inertance Be*dt^2/V is 1e8 kg/m4 at 1e-3 s,
// over the line's (warning), and 1e6 kg/m4 at 1e-4 s (none); the warning suggests
// dt <= sqrt(2.27e7*1e-5/1e9) = 4.76e-4 s.
#pragma once

#include <QByteArray>
#include <QString>

namespace hs::test {

inline QByteArray tlmLineCircuitJson(double dt) {
    // Single quotes stand for double quotes (no raw string: moc cannot parse one in a header).
    QString s = QString::fromUtf8(
        "{\n"
        "  'format': 1,\n"
        "  'name': 'TLM volume next to a line',\n"
        "  'description': 'A 10 ml volume as TLM next to a 2 m TlmLine: the parasitic inertance Be*dt^2/V against rho*L/A of the line',\n"
        "  'fluid': {'bulk_modulus': {'model': 'constant', 'value': 1e9}, 'density': 890},\n"
        "  'simulation': {'duration': 0.05, 'record_interval': 0.001},\n"
        "  'components': [\n"
        "    {'id': 'supply', 'type': 'PressureSource', 'parameters': {'p': 1e7}},\n"
        "    {'id': 'line', 'type': 'TlmLine', 'parameters': {'L': 2, 'd': 0.01}},\n"
        "    {'id': 'V', 'type': 'Volume', 'parameters': {'V': 1e-5}},\n"
        "    {'id': 'orifice', 'type': 'LaminarOrifice', 'parameters': {'G': 1e-11}},\n"
        "    {'id': 'tank', 'type': 'Tank'}\n"
        "  ],\n"
        "  'wires': [\n"
        "    {'from': 'supply.P', 'to': 'line.A'},\n"
        "    {'from': 'line.B', 'to': 'V.P1'},\n"
        "    {'from': 'V.P2', 'to': 'orifice.A'},\n"
        "    {'from': 'orifice.B', 'to': 'tank.P'}\n"
        "  ],\n"
        "  'probes': [{'name': 'pV', 'quantity': 'pressure', 'target': 'V.P1'}],\n"
        "  'configurations': [\n"
        "    {'name': 'RK4 1e-5', 'reference': true, 'stepper': 'rk4', 'dt': 1e-5},\n"
        "    {'name': 'TLM', 'stepper': 'rk4', 'dt': DT, 'methods': {'V': {'method': 'tlm', 'params': {'alpha': 0.2}}}}\n"
        "  ]\n"
        "}\n");
    s.replace(QLatin1Char('\''), QLatin1Char('"'));
    s.replace(QString::fromUtf8("DT"), QString::number(dt, 'g', 17));
    return s.toUtf8();
}

}  // namespace hs::test
