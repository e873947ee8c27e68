// SPDX-License-Identifier: GPL-3.0-or-later
// System side of transmission line modelling (notes/003 §1.6, §1.9): every flow port of a TLM
// node gets its own pressure slot; at the start of each step the components on such ports are
// solved against the Thevenin sources p = c - Z*q (closed form where the component has one,
// otherwise a bracketed scalar root or a small Newton solve), then the nodes form the waves of
// the next step and delay-line components advance.
#include <algorithm>
#include <cmath>
#include <map>

#include "system.h"

namespace hs::sim {

void System::setupWavePorts() {
    waveNodes_.clear();
    waveComps_.clear();
    slotPort_.clear();
    stepComps_.clear();
    const int base = static_cast<int>(hyd.size());
    std::map<int, size_t> compEntry;
    for (size_t n = 0; n < hyd.size(); ++n) {
        PressureMethod* m = hyd[n].method.get();
        if (!m || !m->wavePorts()) continue;
        WaveNode w{static_cast<int>(n), static_cast<int>(slotPort_.size()), 0, m, !hyd[n].variablePorts.empty(),
                   m->waveExchangeInterval() == 1};
        for (int g : hyd[n].ports) {
            // Ports that never carry flow (the Volume itself, pilot ports of static parts) see
            // the node's mean pressure and take no part in the waves.
            // Pressure-reading ports (sensors, pilots) likewise: they are not paths into the volume.
            if ((isStaticPort(g) && flow_[g] == 0.0) ||
                !comps[static_cast<size_t>(ports[g].comp)]->spec->ports[static_cast<size_t>(ports[g].port)].carriesFlow)
                continue;
            const int slot = static_cast<int>(slotPort_.size());
            slotPort_.push_back(g);
            Component& c = *comps[ports[g].comp];
            c.node[ports[g].port] = base + slot;
            auto [it, fresh] = compEntry.emplace(ports[g].comp, waveComps_.size());
            if (fresh) waveComps_.push_back({ports[g].comp, {}, {}, {}, 0});
            waveComps_[it->second].ports.push_back(ports[g].port);
            waveComps_[it->second].slotIds.push_back(slot);
        }
        w.slotEnd = static_cast<int>(slotPort_.size());
        m->bindWavePorts(w.slotEnd - w.slotBegin);
        m->initStates(hyd[n].p0, nullptr);
        waveNodes_.push_back(w);
    }
    size_t theveninSize = 0;
    for (WaveComp& w : waveComps_) {
        const Component& c = *comps[static_cast<size_t>(w.comp)];
        w.theveninBegin = static_cast<int>(theveninSize);
        theveninSize += c.node.size();
        for (int k = 0; k < static_cast<int>(c.node.size()); ++k)
            if (c.spec->ports[static_cast<size_t>(k)].domain == Domain::Hydraulic && c.node[static_cast<size_t>(k)] >= 0 &&
                c.node[static_cast<size_t>(k)] < base)
                w.nodePorts.emplace_back(k, c.node[static_cast<size_t>(k)]);
    }
    for (auto& c : comps)
        if (c->hasStepUpdate()) stepComps_.push_back(c.get());
    waveTerms_.clear();
    for (WaveComp& w : waveComps_) {
        w.component = comps[static_cast<size_t>(w.comp)].get();
        w.solveWritesFlows = w.component->theveninWritesFlows();
        w.termBegin = static_cast<int>(waveTerms_.size());
        for (const auto& [k, n] : w.nodePorts) waveTerms_.push_back({k, n});
        w.slotTermBegin = static_cast<int>(waveTerms_.size());
        for (size_t i = 0; i < w.ports.size(); ++i) waveTerms_.push_back({w.ports[i], w.slotIds[i]});
        w.termEnd = static_cast<int>(waveTerms_.size());
    }
    waveC_.assign(theveninSize, 0.0);
    waveZ_.assign(theveninSize, 0.0);
    presolveOrder_.clear();
    for (int c : order)
        if (!comps[static_cast<size_t>(c)]->isStatic() && (!stageNodes_.empty() || presolveEvalObservable(c)))
            presolveOrder_.push_back(comps[static_cast<size_t>(c)].get());
    if (!waveNodes_.empty() || !stepComps_.empty()) needsFixedStep_ = true;
    const size_t nSlots = slotPort_.size();
    p_.resize(static_cast<size_t>(base) + nSlots, 0.0);
    e_.p = p_.data();
    slotC_.assign(nSlots, 0.0);
    slotZ_.assign(nSlots, 0.0);
    slotQ_.assign(nSlots, 0.0);
    serialCtx_ = WaveContext{e_, 0, {}};
    serialCtx_.e.dy = scratchDy_.data();
    resetWaveSlots();
}

bool System::presolveEvalObservable(int ci) const {
    const bool waveComp = std::any_of(waveComps_.begin(), waveComps_.end(), [&](const WaveComp& w) { return w.comp == ci; });
    if (!waveComp) return true;
    const Component& c = *comps[static_cast<size_t>(ci)];
    if (c.spec->states.size() > 0 || c.hasVariableVolume() || c.hasStepUpdate()) return true;
    for (size_t k = 0; k < c.node.size(); ++k) {
        const PortSpec& port = c.spec->ports[k];
        if (port.domain == Domain::Mechanical || port.domain == Domain::Rotational) return true;
        if (port.domain == Domain::Signal && port.dir == SignalDir::Out && c.node[k] >= 0) return true;
    }
    for (const auto& other : comps)
        if (other->watchedPort >= c.portBase && other->watchedPort < c.portBase + static_cast<int>(c.node.size())) return true;
    return false;
}

void System::resetWaveSlots() {
    const size_t base = hyd.size();
    for (const WaveNode& w : waveNodes_)
        for (int s = w.slotBegin; s < w.slotEnd; ++s) p_[base + static_cast<size_t>(s)] = hyd[static_cast<size_t>(w.node)].p0;
    for (const WaveNode& w : waveNodes_) p_[static_cast<size_t>(w.node)] = w.method->pressure(nullptr);  // initStates() has reset it
    for (Component* c : stepComps_) c->resetDiscrete();
    waveIterations_ = 0;
    wavesPrepared_ = false;
    flatReady_ = false;
}

void System::prepareWaveNode(const WaveNode& w, double dt) {
    const size_t n = static_cast<size_t>(w.node);
    hyd[n].method->prepareWaves(dt, vol_[n], hyd[n].be(p_[n]), slotC_.data() + w.slotBegin, slotZ_.data() + w.slotBegin);
}

bool System::solveWavePorts(double dt) {
    // The waves of a step are prepared at the end of the previous one (finishWaveStep), so that
    // partitions never wait for each other between the two; the first step prepares here.
    const bool startStep = !wavesPrepared_;
    if (startStep) {
        for (const WaveNode& w : waveNodes_) prepareWaveNode(w, dt);
        // the step is known before the first solve (a discrete piston's filter needs it there),
        // as prepareWavesOnce() does for partitioned runs
        for (Component* c : stepComps_) {
            std::string e = c->prepareStep(dt);
            if (!e.empty()) {
                failure_ = "component '" + c->id + "': " + e;
                return false;
            }
        }
        wavesPrepared_ = true;
    }
    WaveContext& ctx = serialCtx_;  // its e shares e_'s arrays (setupWavePorts); t and y move
    ctx.e.t = e_.t;
    ctx.e.y = e_.y;
    ctx.iterations = 0;
    for (const WaveComp& w : waveComps_)
        if (!solveWaveComp(w, ctx)) {
            failure_ = ctx.failure;
            return false;
        }
    waveIterations_ += ctx.iterations;
    if (startStep) holdStartValues();
    return true;
}

void System::holdStartValues() {
    const size_t base = hyd.size();
    for (const WaveNode& w : waveNodes_) {
        if (!w.method->startStepHeld()) continue;
        for (int s = w.slotBegin; s < w.slotEnd; ++s) {
            p_[base + static_cast<size_t>(s)] = hyd[static_cast<size_t>(w.node)].p0;
            slotQ_[static_cast<size_t>(s)] = 0.0;
        }
    }
}

bool System::solveWaveComp(const WaveComp& w, WaveContext& ctx) {
    Component& c = *w.component;
    double* cc = waveC_.data() + w.theveninBegin;
    double* zz = waveZ_.data() + w.theveninBegin;
    const WaveTerm* terms = waveTerms_.data();
    for (int i = w.termBegin; i < w.slotTermBegin; ++i) cc[terms[i].port] = p_[static_cast<size_t>(terms[i].source)];
    for (int i = w.slotTermBegin; i < w.termEnd; ++i) {
        cc[terms[i].port] = slotC_[static_cast<size_t>(terms[i].source)];
        zz[terms[i].port] = slotZ_[static_cast<size_t>(terms[i].source)];
    }
    if (c.solveThevenin(ctx.e, cc, zz)) {
        if (!w.solveWritesFlows) c.eval(ctx.e);
    } else if (solveComponentGeneric(w, ctx)) {
        c.eval(ctx.e);
    } else {
        reportUnsolvable(c, ctx);
        return false;
    }
    const double* flow = flow_.data() + c.portBase;
    for (int i = w.slotTermBegin; i < w.termEnd; ++i) slotQ_[static_cast<size_t>(terms[i].source)] = flow[terms[i].port];
    return true;
}

void System::reportUnsolvable(const Component& c, WaveContext& ctx) {
    ctx.failure = "component '" + c.id + "' could not be solved against its TLM node(s) at t = " + std::to_string(ctx.e.t) +
                  " s (no pressure satisfies both its flow law and p = c - Z*q). Hint: use a smaller step or "
                  "another pressure method for the adjoining volume.";
}

// Residual of port i of w in pressure units: p + Z*q(p) - c (zero on the Thevenin line).
double System::slotResidual(const WaveComp& w, size_t i) {
    const size_t s = static_cast<size_t>(w.slotIds[i]);
    const int g = comps[static_cast<size_t>(w.comp)]->portBase + w.ports[i];
    return p_[hyd.size() + s] + slotZ_[s] * flow_[static_cast<size_t>(g)] - slotC_[s];
}

bool System::solveComponentGeneric(const WaveComp& w, WaveContext& ctx) {
    Component& c = *comps[static_cast<size_t>(w.comp)];
    const size_t m = w.ports.size(), base = hyd.size();
    auto tol = [&](size_t i) { return 1e-10 * (std::abs(slotC_[static_cast<size_t>(w.slotIds[i])]) + 1e5); };
    // One port: the residual p + Z*q(p) - c is increasing for any passive flow law, and
    // [c - Z*q(c), c] brackets its root; Illinois regula falsi, widening if the law is not
    // monotone.
    auto scalar = [&](size_t i) -> bool {
        double& p = p_[base + static_cast<size_t>(w.slotIds[i])];
        auto f = [&](double x) {
            p = x;
            c.eval(ctx.e);
            ++ctx.iterations;
            return slotResidual(w, i);
        };
        double a = slotC_[static_cast<size_t>(w.slotIds[i])], fa = f(a);
        if (std::abs(fa) <= tol(i)) return true;
        double b = a - fa, fb = f(b);
        for (int k = 0; fa * fb > 0 && k < 60; ++k) {
            const double d = b - a;
            a = b;
            fa = fb;
            b += 2.0 * d;
            fb = f(b);
        }
        if (!(fa * fb <= 0) || !std::isfinite(fb)) return false;
        int side = 0;
        for (int k = 0; k < 200; ++k) {
            const double x = (a * fb - b * fa) / (fb - fa);
            const double fx = f(x);
            if (std::abs(fx) <= tol(i) || std::abs(b - a) <= 1e-14 * (std::abs(a) + 1e5)) return true;
            if (fx * fb < 0) {
                a = b;
                fa = fb;
                if (side == 1) fa *= 0.5;
                side = 1;
            } else {
                if (side == -1) fa *= 0.5;
                side = -1;
            }
            b = x;
            fb = fx;
        }
        return false;
    };
    if (m == 1) return scalar(0);

    // Several ports: Newton on the coupled residuals with a finite-difference Jacobian and a
    // halving line search; if it stalls, cyclic scalar solves (each port bracketed).
    std::vector<double> r(m), rt(m), jac(m * m), dp(m), p0(m);
    auto evalAll = [&](std::vector<double>& out) {
        c.eval(ctx.e);
        ++ctx.iterations;
        double nrm = 0;
        for (size_t i = 0; i < m; ++i) {
            out[i] = slotResidual(w, i);
            nrm = std::max(nrm, std::abs(out[i]) / tol(i));
        }
        return nrm;
    };
    auto P = [&](size_t i) -> double& { return p_[base + static_cast<size_t>(w.slotIds[i])]; };
    for (size_t i = 0; i < m; ++i) P(i) = slotC_[static_cast<size_t>(w.slotIds[i])];
    double nrm = evalAll(r);
    for (int it = 0; it < 40 && nrm > 1.0; ++it) {
        for (size_t j = 0; j < m; ++j) {
            const double h = 1e-7 * (std::abs(P(j)) + 1e5), keep = P(j);
            P(j) = keep + h;
            evalAll(rt);
            for (size_t i = 0; i < m; ++i) jac[i * m + j] = (rt[i] - r[i]) / h;
            P(j) = keep;
        }
        // Gaussian elimination with partial pivoting on [J | -r].
        std::vector<double> a = jac, b(m);
        for (size_t i = 0; i < m; ++i) b[i] = -r[i];
        bool singular = false;
        for (size_t k = 0; k < m && !singular; ++k) {
            size_t piv = k;
            for (size_t i = k + 1; i < m; ++i)
                if (std::abs(a[i * m + k]) > std::abs(a[piv * m + k])) piv = i;
            if (a[piv * m + k] == 0.0) { singular = true; break; }
            for (size_t j = 0; j < m; ++j) std::swap(a[k * m + j], a[piv * m + j]);
            std::swap(b[k], b[piv]);
            for (size_t i = k + 1; i < m; ++i) {
                const double f = a[i * m + k] / a[k * m + k];
                for (size_t j = k; j < m; ++j) a[i * m + j] -= f * a[k * m + j];
                b[i] -= f * b[k];
            }
        }
        if (singular) break;
        for (size_t k = m; k-- > 0;) {
            double s = b[k];
            for (size_t j = k + 1; j < m; ++j) s -= a[k * m + j] * dp[j];
            dp[k] = s / a[k * m + k];
        }
        for (size_t i = 0; i < m; ++i) p0[i] = P(i);
        double lambda = 1.0, trial = 0;
        for (int ls = 0; ls < 12; ++ls, lambda *= 0.5) {
            for (size_t i = 0; i < m; ++i) P(i) = p0[i] + lambda * dp[i];
            trial = evalAll(rt);
            if (trial < nrm) break;
        }
        if (!(trial < nrm)) {
            for (size_t i = 0; i < m; ++i) P(i) = p0[i];
            evalAll(r);
            break;
        }
        r = rt;
        nrm = trial;
    }
    if (nrm <= 1.0) return true;
    for (int sweep = 0; sweep < 500; ++sweep) {
        for (size_t i = 0; i < m; ++i) p0[i] = P(i);
        for (size_t i = 0; i < m; ++i)
            if (!scalar(i)) return false;
        if (evalAll(r) <= 1.0) return true;
        // A sweep that moves no pressure is the solution at the resolution of the pressures:
        // next to a square-root law at zero pressure drop (dq/dp infinite) the residual cannot
        // fall below tol, and the one-port solve accepts the collapsed bracket the same way.
        double moved = 0;
        for (size_t i = 0; i < m; ++i) moved = std::max(moved, std::abs(P(i) - p0[i]) / (std::abs(P(i)) + 1e5));
        if (moved <= 1e-13) return true;
    }
    return false;
}

bool System::finishWaveStep(double dt) {
    const size_t base = hyd.size();
    if (flatTlm_ && flatTlmEnabled_) flatTlm_->finishVolumes(dt);  // every wave node a standard TLM volume
    else for (const WaveNode& w : waveNodes_) {
        if (w.everyStep && !w.variableVolume) {  // finishWaveNode()'s path for the standard scheme
            const size_t n = static_cast<size_t>(w.node);
            p_[n] = w.method->finishWaves(p_.data() + base + static_cast<size_t>(w.slotBegin), slotQ_.data() + w.slotBegin, dvol_[n], dt,
                                          vol_[n], hyd[n].be, slotC_.data() + w.slotBegin, slotZ_.data() + w.slotBegin);
        } else {
            finishWaveNode(w, dt);
        }
    }
    for (Component* c : stepComps_) {
        std::string e = c->stepUpdate(e_, dt);
        if (!e.empty()) {
            failure_ = "component '" + c->id + "': " + e;
            return false;
        }
    }
    return true;
}

void System::finishWaveNode(const WaveNode& w, double dt) {
    const size_t n = static_cast<size_t>(w.node), base = hyd.size();
    PressureMethod* m = w.method;
    if (!w.everyStep && !m->waveExchangeDue(0)) {
        // between exchanges: each port's interpolated wave; node pressure, Ppar and Z are those
        // of the last exchange (finishWavePort() does the same port by port in partitions)
        for (int s = w.slotBegin; s < w.slotEnd; ++s) slotC_[static_cast<size_t>(s)] = m->interpolateWave(s - w.slotBegin, 0);
        m->skipWaveFinishes(1);
        return;
    }
    if (w.variableVolume) {
        // Chamber volume at this step, summed as rhs() does (partitions skip TLM nodes in rhs).
        double vol = hyd[n].vConst, dvol = 0.0;
        for (int g : hyd[n].variablePorts) {
            vol += pvol_[static_cast<size_t>(g)];
            dvol += pdvol_[static_cast<size_t>(g)];
        }
        vol_[n] = vol;
        dvol_[n] = dvol;
    }
    p_[n] = m->finishWaves(p_.data() + base + static_cast<size_t>(w.slotBegin), slotQ_.data() + w.slotBegin, dvol_[n], dt, vol_[n],
                           hyd[n].be, slotC_.data() + w.slotBegin, slotZ_.data() + w.slotBegin);
}

}  // namespace hs::sim
