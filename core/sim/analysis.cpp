// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysis.h"

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <limits>

#include "matrix_balance.h"
#include "simulator.h"
#include "system.h"

namespace hs::sim {

namespace {

Eigen::MatrixXd jacobian(System& sys, double t, const std::vector<double>& y, const std::vector<int>& sub) {
    const size_t n = y.size();
    const Eigen::Index m = static_cast<Eigen::Index>(sub.size());
    Eigen::MatrixXd j(m, m);
    std::vector<double> yp = y, fp(n), fm(n);
    for (Eigen::Index c = 0; c < m; ++c) {
        const int s = sub[static_cast<size_t>(c)];
        const double h = 1e-7 * std::max(std::abs(y[s]), sys.states[s].nominal);
        yp[s] = y[s] + h;
        sys.rhs(t, yp.data(), fp.data());
        yp[s] = y[s] - h;
        sys.rhs(t, yp.data(), fm.data());
        yp[s] = y[s];
        for (Eigen::Index r = 0; r < m; ++r) {
            const int sr = sub[static_cast<size_t>(r)];
            j(r, c) = (fp[sr] - fm[sr]) / (2 * h);
        }
    }
    return j;
}

}  // namespace

double largestStableStep(std::complex<double> lambda, bool rk4) {
    const double mag = std::abs(lambda);
    if (mag == 0.0) return std::numeric_limits<double>::infinity();
    if (lambda.real() > 0) return 0.0;
    auto stable = [&](double h) {
        const std::complex<double> z = h * lambda;
        const std::complex<double> r = rk4 ? 1.0 + z + z * z / 2.0 + z * z * z / 6.0 + z * z * z * z / 24.0 : 1.0 + z;
        return std::abs(r) <= 1.0 + 1e-12;
    };
    // The stability region meets every ray of the left half-plane in one interval from 0 for
    // both methods; bracket its end and bisect.
    double lo = 0.0, hi = 3.0 / mag;
    if (stable(hi)) return hi;  // not reached for RK4/Euler, kept for safety
    for (int i = 0; i < 80; ++i) {
        const double mid = 0.5 * (lo + hi);
        (stable(mid) ? lo : hi) = mid;
    }
    return lo;
}

std::vector<int> pressureStates(const System& sys) {
    std::vector<int> v;
    for (int i = 0; i < sys.stateCount(); ++i)
        if (sys.states[i].kind == StateKind::Pressure) v.push_back(i);
    return v;
}

std::string steadyState(System& sys, double t, std::vector<double>& y, const std::vector<int>& sub) {
    const size_t n = y.size();
    std::vector<double> f(n);
    auto residual = [&](const std::vector<double>& yy) {
        sys.rhs(t, yy.data(), f.data());
        Eigen::VectorXd r(static_cast<Eigen::Index>(sub.size()));
        for (size_t i = 0; i < sub.size(); ++i) r(static_cast<Eigen::Index>(i)) = f[sub[i]] / sys.states[sub[i]].nominal;
        return r;
    };
    Eigen::VectorXd r = residual(y);
    for (int it = 0; it < 200; ++it) {
        if (r.norm() < 1e-10) return {};
        Eigen::MatrixXd j = jacobian(sys, t, y, sub);
        for (Eigen::Index c = 0; c < j.cols(); ++c)
            for (Eigen::Index rr = 0; rr < j.rows(); ++rr) j(rr, c) /= sys.states[sub[static_cast<size_t>(rr)]].nominal;
        Eigen::VectorXd dx = j.fullPivLu().solve(-r);
        double lambda = 1.0;
        bool improved = false;
        for (int ls = 0; ls < 40; ++ls, lambda *= 0.5) {
            std::vector<double> yt = y;
            for (size_t i = 0; i < sub.size(); ++i) yt[sub[i]] += lambda * dx(static_cast<Eigen::Index>(i));
            Eigen::VectorXd rt = residual(yt);
            if (rt.allFinite() && rt.norm() < r.norm()) {
                y = yt;
                r = rt;
                improved = true;
                break;
            }
        }
        if (!improved) break;
    }
    if (r.norm() < 1e-6) return {};
    return "no steady state found for the chosen states (residual " + std::to_string(r.norm()) + ")";
}

StiffnessReport analyse(System& sys, double t, const std::vector<double>& y, const std::vector<int>& sub) {
    StiffnessReport rep;
    for (int s : sub) rep.states.push_back(sys.states[s].name);
    if (!sub.empty()) {  // no states (every volume TLM): no eigenvalues, the node table below still holds
        Eigen::MatrixXd j = jacobian(sys, t, y, sub);
        balanceForEigenvalues(j);  // a flow state beside a pressure state: entries from 1e-8 to 1e12
        Eigen::EigenSolver<Eigen::MatrixXd> es(j, false);
        for (Eigen::Index i = 0; i < es.eigenvalues().size(); ++i) rep.eigenvalues.push_back(es.eigenvalues()(i));
    }
    std::sort(rep.eigenvalues.begin(), rep.eigenvalues.end(),
              [](auto a, auto b) { return std::abs(a) > std::abs(b); });
    rep.maxStepRk4 = rep.maxStepEuler = std::numeric_limits<double>::infinity();
    if (!rep.eigenvalues.empty()) {
        const double big = std::abs(rep.eigenvalues.front());
        double small = big;
        for (auto l : rep.eigenvalues) {
            if (std::abs(l) < 1e-9 * big) { ++rep.zeroEigenvalues; continue; }
            small = std::min(small, std::abs(l));
            rep.maxStepRk4 = std::min(rep.maxStepRk4, largestStableStep(l, true));
            rep.maxStepEuler = std::min(rep.maxStepEuler, largestStableStep(l, false));
        }
        rep.kappa = big > 0 ? big / small : 0.0;
    }
    // Per node: tau = V/(Be*G), G from the node's own flows (others frozen).
    std::vector<double> dy(y.size());
    sys.rhs(t, y.data(), dy.data());
    for (size_t n = 0; n < sys.hyd.size(); ++n) {
        if (!sys.hyd[n].method) continue;
        NodeStiffness ns;
        ns.name = sys.hyd[n].name;
        ns.p = sys.eval().p[n];
        ns.volume = sys.nodeVolume(static_cast<int>(n));
        ns.bulkModulus = sys.nodeBulkModulus(static_cast<int>(n));
        ns.tau = nodeTimeConstant(sys, static_cast<int>(n));
        ns.conductance = std::isfinite(ns.tau) ? ns.volume / (ns.bulkModulus * ns.tau) : 0.0;
        ns.maxStepRk4 = largestStableStep(-1.0 / ns.tau, true);
        ns.maxStepEuler = largestStableStep(-1.0 / ns.tau, false);
        rep.nodes.push_back(ns);
    }
    return rep;
}

}  // namespace hs::sim
