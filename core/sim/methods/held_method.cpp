// SPDX-License-Identifier: GPL-3.0-or-later
#include "held_method.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace hs::sim {

bool HeldPressureMethod::fail(const NodeAccess& node, const std::string& why) {
    char t[64];
    std::snprintf(t, sizeof t, "%.6g", node.t());
    error_ = "volume '" + node.name() + "' at t = " + t + " s: " + why;
    ++stats_.failures;
    return false;
}

bool HeldPressureMethod::solveRef(double (*call)(const void*, double), const void* obj, double guess, double tol,
                                  int maxIter, double& root) {
    auto g = [call, obj](double p) { return call(obj, p); };
    constexpr double kLow = -1e7, kHigh = 1e9;  // physical search range [Pa]
    double x = std::clamp(guess, kLow, kHigh);
    double fx = g(x);
    if (!std::isfinite(fx)) { error_ = "flow is not finite at the previous pressure"; return false; }
    if (fx == 0.0) { root = x; return true; }
    // Bracket: step outward in the direction the residual points, doubling.
    double a = x, fa = fx, b = x, fb = fx;
    double h = std::max(1e3, 1e-3 * std::abs(x));
    const double dir = fx > 0 ? 1.0 : -1.0;  // flows fall with pressure: positive residual -> root above
    bool bracketed = false;
    for (int i = 0; i < 80 && !bracketed; ++i, h *= 2) {
        b = std::clamp(x + dir * h, kLow, kHigh);
        fb = g(b);
        if (!std::isfinite(fb)) break;
        if ((fb > 0) != (fa > 0) || fb == 0) { bracketed = true; break; }
        a = b;
        fa = fb;
        if (b == kLow || b == kHigh) break;
    }
    if (!bracketed) {
        // Try the other direction once (non-monotonic flow characteristics).
        b = x; fb = fx; h = std::max(1e3, 1e-3 * std::abs(x));
        a = x; fa = fx;
        for (int i = 0; i < 80; ++i, h *= 2) {
            b = std::clamp(x - dir * h, kLow, kHigh);
            fb = g(b);
            if (!std::isfinite(fb)) break;
            if ((fb > 0) != (fa > 0) || fb == 0) { bracketed = true; break; }
            a = b; fa = fb;
            if (b == kLow || b == kHigh) break;
        }
    }
    if (!bracketed) { error_ = "no pressure in [-100, 10000] bar balances the flows (no bracket)"; return false; }
    if (fb == 0) { root = b; return true; }
    if (a > b) { std::swap(a, b); std::swap(fa, fb); }
    // Safeguarded Newton inside [a, b] (rtsafe-style): take the Newton step only if it stays in
    // the bracket and at least halves the previous step; otherwise bisect. The bracket shrinks
    // every iteration, so the solve converges even where the square-root law has an infinite
    // slope (a closed valve puts the root exactly at the supply pressure).
    x = 0.5 * (a + b);
    double dxOld = b - a, dx = dxOld;
    for (int it = 0; it < maxIter; ++it) {
        ++stats_.newtonIterations;
        fx = g(x);
        if (fx == 0.0) { root = x; return true; }
        if ((fx > 0) == (fa > 0)) { a = x; fa = fx; } else { b = x; fb = fx; }
        const double d = std::max(1e-7 * std::abs(x), 1e-4);
        const double slope = (g(x + d) - fx) / d;
        const double xn = slope != 0.0 && std::isfinite(slope) ? x - fx / slope : a - 1.0;
        if (xn > a && xn < b && std::abs(xn - x) < 0.5 * std::abs(dxOld)) {
            dxOld = dx;
            dx = xn - x;
            x = xn;
        } else {
            dxOld = dx;
            dx = 0.5 * (b - a);
            x = a + dx;
        }
        if (std::abs(dx) < tol || (b - a) < tol) { root = x; return true; }
    }
    error_ = "no convergence within " + std::to_string(maxIter) + " Newton iterations";
    ++stats_.capHits;
    return false;
}

}  // namespace hs::sim
