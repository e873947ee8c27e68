// SPDX-License-Identifier: GPL-3.0-or-later
#include "inverse_solve.h"

#include <cmath>
#include <cstdio>

namespace hs::inverse {

int InverseResult::column(const std::string& name) const {
    for (size_t i = 0; i < names.size(); ++i)
        if (names[i] == name) return static_cast<int>(i);
    return -1;
}

namespace {

// Everything the closed form gives at (t, p_A).
struct Point {
    double x, v, a, pA, pB, xv, dpA, qA, qB, qP, fExt, fFric;
    bool feasible = true;
    std::string why;  // when not feasible
};

std::string num(double v, int prec = 4) {
    char b[32];
    std::snprintf(b, sizeof b, "%.*g", prec, v);
    return b;
}

Point evaluate(const ValveCylinderDrive& d, double t, double pA) {
    Point p{};
    const sim::SmoothMotion& m = *d.motion;
    p.x = m.derivative(t, 0); p.v = m.derivative(t, 1); p.a = m.derivative(t, 2);
    const double j = m.derivative(t, 3);
    p.pA = pA;
    p.fExt = d.externalForce(t);
    p.fFric = d.friction(p.v);
    // dummy state: the force balance m a = pA A1 - pB A2 + F_ext - F_passive, solved for pB
    p.pB = (pA * d.a1 + p.fExt - d.passiveForce(p.x, p.v) - d.mass * p.a) / d.a2;
    // differentiated: A1 pA' - A2 pB' = R
    const double R = d.mass * j + d.passiveRate(p.x, p.v, p.a) - d.externalRate(t);
    const double cA = d.capacitanceA(p.x, pA), cB = d.capacitanceB(p.x, p.pB);
    const double qL = d.leak * (pA - p.pB);
    const double rhs = p.v * (d.a1 * d.a1 / cA + d.a2 * d.a2 / cB) + qL * (d.a1 / cA + d.a2 / cB) + R;
    const auto fr = [&](double dp) { return sim::flowRoot(dp, d.valve.dpTr); };
    const bool positive = rhs >= 0;
    // Sum of (A/C)*flow per unit conductance on the branch: P->A, B->T or P->B, A->T.
    const double D = positive ? d.a1 / cA * fr(d.ps - pA) + d.a2 / cB * fr(p.pB - d.pt)
                              : d.a1 / cA * fr(pA - d.pt) + d.a2 / cB * fr(d.ps - p.pB);
    const double pIn = positive ? pA : p.pB;  // the chamber the supply must fill
    if (rhs != 0.0 && pIn > d.ps) {
        p.feasible = false;
        p.why = "the motion needs " + std::string(positive ? "p_A" : "p_B") + " = " + num(pIn / 1e5) + " bar above the supply " +
                num(d.ps / 1e5) + " bar (flow would have to run back into P): no valve opening can do it";
    } else if (rhs != 0.0 && !(D > 0)) {
        p.feasible = false;
        p.why = "no metering edge of the needed branch has a pressure drop in the flow's direction (the outflow chamber is "
                "below the tank pressure): no valve opening can give the required flow";
    }
    const double g = D > 0 ? std::abs(rhs) / D : 0.0;
    p.xv = rhs == 0.0 ? 0.0 : d.valve.spoolFor(g, positive);
    double q[4];
    d.valve.flows(p.xv, d.ps, pA, p.pB, d.pt, q);
    p.qP = q[0]; p.qA = -q[1]; p.qB = -q[2];
    p.dpA = (p.qA - d.a1 * p.v - qL) / cA;
    return p;
}

void note(std::vector<Diagnostic>& ds, Diagnostic::Kind k, double t, double value, bool worseIfLarger, const std::string& msg) {
    for (auto& d : ds)
        if (d.kind == k) {
            if (worseIfLarger ? value > d.value : value < d.value) d.value = value;
            return;
        }
    ds.push_back({k, t, value, msg});
}

}  // namespace

InverseResult solveInverse(const ValveCylinderDrive& d, const InverseOptions& o) {
    InverseResult r;
    r.dt = o.dt;
    r.names = {"x", "v", "a", "p_S", "p_A", "p_B", "x_v", "u", "Q_P", "F_ext", "margin", "load_pressure",
               "E_supply", "E_mech", "E_friction"};
    r.units = {"m", "m/s", "m/s2", "Pa", "Pa", "Pa", "-", "-", "m3/s", "N", "%", "%", "J", "J", "J"};
    r.columns.assign(r.names.size(), {});
    const long n = static_cast<long>(std::llround(o.duration / o.dt));
    const long every = std::max(1L, static_cast<long>(std::llround(o.recordInterval / o.dt)));
    std::vector<Point> pts;
    pts.reserve(static_cast<size_t>(n + 1));
    double pA = d.pA0, eSup = 0, eMech = 0, eFric = 0;
    std::vector<double> energies;  // per step: supply, mech, friction
    energies.reserve(static_cast<size_t>(3 * (n + 1)));
    long last = n;
    for (long i = 0; i <= n; ++i) {
        const double t = i * o.dt;
        Point p = evaluate(d, t, pA);
        if (!p.feasible) {
            note(r.diagnostics, Diagnostic::Kind::Infeasible, t, p.pA, true, "inverse infeasible at t = " + num(t) + " s: " + p.why);
            last = i - 1;
            break;
        }
        if (i > 0) {  // trapezoidal energies
            const Point& q = pts.back();
            eSup += 0.5 * o.dt * d.ps * (p.qP + q.qP);
            eMech += 0.5 * o.dt * (-p.fExt * p.v - q.fExt * q.v);
            eFric += 0.5 * o.dt * (p.fFric * p.v + q.fFric * q.v);
        }
        energies.insert(energies.end(), {eSup, eMech, eFric});
        // diagnostics
        if (d.nominalSizing && std::abs(p.xv) > 1.0)
            note(r.diagnostics, Diagnostic::Kind::ValveSaturated, t, std::abs(p.xv), true,
                 "valve opening exceeded: |x_v| = " + num(100 * std::abs(p.xv)) + " % at t = " + num(t) +
                     " s, the valve '" + d.valveId + "' is undersized");
        if (p.x < -1e-9 || p.x > d.stroke + 1e-9)  // reaching the end exactly is full stroke, not beyond
            note(r.diagnostics, Diagnostic::Kind::EndOfTravel, t, p.x, true,
                 "cylinder '" + d.cylinderId + "' reaches end of travel at t = " + num(t) + " s (x = " + num(p.x) + " m, stroke " +
                     num(d.stroke) + " m)");
        const double pHi = std::max(p.pA, p.pB), pLo = std::min(p.pA, p.pB);
        if (pHi > d.pMax)
            note(r.diagnostics, Diagnostic::Kind::PressureAbove, t, pHi, true,
                 "maximum pressure exceeded: " + num(pHi / 1e5) + " bar > " + num(d.pMax / 1e5) + " bar at t = " + num(t) + " s");
        if (pLo < d.pMin)
            note(r.diagnostics, Diagnostic::Kind::PressureBelow, t, pLo, false,
                 "pressure below the circuit's minimum: " + num(pLo / 1e5) + " bar at t = " + num(t) + " s");
        pts.push_back(p);
        if (i == n) break;
        // RK4 on p_A
        const double h = o.dt;
        const double k1 = p.dpA;
        const double k2 = evaluate(d, t + h / 2, pA + h / 2 * k1).dpA;
        const double k3 = evaluate(d, t + h / 2, pA + h / 2 * k2).dpA;
        const double k4 = evaluate(d, t + h, pA + h * k3).dpA;
        pA += h / 6 * (k1 + 2 * k2 + 2 * k3 + k4);
    }
    // spool inversion: u = (x_v''/wn^2 + 2 zeta x_v'/wn + x_v)/Kv, central differences
    const size_t m = pts.size();
    r.gridU.assign(m, 0.0);
    for (size_t i = 1; i + 1 < m; ++i) {
        const double d1 = (pts[i + 1].xv - pts[i - 1].xv) / (2 * o.dt);
        const double d2 = (pts[i + 1].xv - 2 * pts[i].xv + pts[i - 1].xv) / (o.dt * o.dt);
        r.gridU[i] = (d2 / (d.wn * d.wn) + 2 * d.zeta * d1 / d.wn + pts[i].xv) / d.kv;
    }
    if (m < 3)
        for (size_t i = 0; i < m; ++i) r.gridU[i] = pts[i].xv / d.kv;
    if (m >= 3) { r.gridU[0] = r.gridU[1]; r.gridU[m - 1] = r.gridU[m - 2]; }
    for (size_t i = 0; i < m; i += static_cast<size_t>(every)) {
        const Point& p = pts[i];
        const double row[] = {p.x, p.v, p.a, d.ps, p.pA, p.pB, p.xv, r.gridU[i], p.qP, p.fExt,
                              100 * (d.ps - p.pA) / d.ps, 100 * (p.pA - p.pB) / d.ps,
                              energies[3 * i], energies[3 * i + 1], energies[3 * i + 2]};
        r.time.push_back(static_cast<double>(i) * o.dt);
        for (size_t k = 0; k < r.names.size(); ++k) r.columns[k].push_back(row[k]);
    }
    if (!pts.empty()) { r.pA0 = pts.front().pA; r.pB0 = pts.front().pB; r.xv0 = pts.front().xv; }
    r.ok = last == n;
    r.endTime = (last < 0 ? 0 : last) * o.dt;
    return r;
}

}  // namespace hs::inverse
