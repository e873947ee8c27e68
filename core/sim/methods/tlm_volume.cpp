// SPDX-License-Identifier: GPL-3.0-or-later
#include "tlm_volume.h"

#include <algorithm>
#include <cmath>

namespace hs::sim {

void TlmVolumeMethod::initStates(double p0, double*) {
    // At rest every wave equals the initial pressure (notes §1.2, initial condition).
    c_.assign(static_cast<size_t>(n_), p0);
    pf_.assign(static_cast<size_t>(n_), p0);
    prevP_.assign(static_cast<size_t>(n_), p0);
    w_.assign(static_cast<size_t>(n_), p0);
    const size_t n = exchange_ > 1 ? static_cast<size_t>(n_) : 0;
    pfPrev_.assign(n, p0);
    cf_.assign(n, p0);
    cfPrev_.assign(n, p0);
    qNew_.assign(n, 0.0);
    qPrev_.assign(n, 0.0);
    raw_.assign(n, 0.0);
    pFar_.assign(n, 0.0);
    qFar_.assign(n, 0.0);
    steps_ = 0;
    held_ = p0;
    ppar_ = 0.0;
    z_ = 0.0;
    dt_ = vol_ = be_ = 0.0;
    stats_ = {};
}

void TlmVolumeMethod::prepareWaves(double dt, double vol, double be, double* c, double* z) {
    // N ports joined at one point: the mean wave rises by 2Z/N * sum(q_in) per step, so the
    // capacitance V/Be is kept with Z = (N/2)*Be*dt/V. N = 2 is the thesis' volume-as-line
    // (eq. 2.20, Zc = Be*dt/V); the alpha filter needs Z' = Z/(1 - alpha) (eq. 2.27).
    if (dt == dt_ && vol == vol_ && be == be_ && z_ > 0) {
        // Same step, volume and bulk modulus as last time (a constant volume with a constant
        // Be): Z is unchanged, only the waves move.
        for (int i = 0; i < n_; ++i) {
            c[i] = c_[static_cast<size_t>(i)];
            z[i] = z_;
        }
        ++stats_.outerSteps;
        return;
    }
    dt_ = dt;
    vol_ = vol;
    be_ = be;
    zLossless_ = 0.5 * n_ * be * dt / vol;
    const double zNew = exchange_ * zLossless_ / (1.0 - alpha_);  // Z* = n*Z' (eq. 6.14)
    if (z_ > 0 && zNew != z_ && n_ > 0) {
        // Z changed (V of a chamber, Be(p), dt): keep the mean pressure and the flows between
        // ports (eqs. 3.7-3.11 for two ports; their N-port form c' = cbar + k*(c - cbar)).
        double cbar = 0;
        for (double v : c_) cbar += v;
        cbar /= n_;
        const double k = zNew / z_;
        for (double& v : c_) v = cbar + k * (v - cbar);
        if (exchange_ > 1 && filter_ == Filter::Characteristic) {
            // the interpolated waves are affine in the two filtered samples: compensate those
            for (auto* set : {&cf_, &cfPrev_}) {
                double m = 0;
                for (double v : *set) m += v;
                m /= n_;
                for (double& v : *set) v = m + k * (v - m);
            }
        }
    }
    z_ = zNew;
    for (int i = 0; i < n_; ++i) {
        c[i] = c_[static_cast<size_t>(i)];
        z[i] = z_;
    }
    ++stats_.outerSteps;
}

void TlmVolumeMethod::updateWaves(const double* p, const double* q, double dvol) {
    if (n_ == 0) return;
    // u = flow into the volume; w = wave leaving through each port; the chamber's dV/dt acts
    // as one more outflow shared by all ports.
    if (exchange_ == 1 && filter_ == Filter::Characteristic) {
        updateWavesCharacteristic(p, q, dvol);
        return;
    }
    double sumW = 0, sumU = 0, sumP = 0;
    for (int i = 0; i < n_; ++i) {
        const double u = -q[i];
        w_[static_cast<size_t>(i)] = filter_ == Filter::HopsanWaves ? c_[static_cast<size_t>(i)] + 2.0 * z_ * u : p[i] + z_ * u;
        sumW += w_[static_cast<size_t>(i)];
        sumU += u;
        sumP += p[i];
    }
    const double pAvg = (sumW - z_ * dvol) / n_;
    if (exchange_ > 1) {
        for (int i = 0; i < n_; ++i) {
            const size_t k = static_cast<size_t>(i);
            raw_[k] = 2.0 * pAvg - w_[k];
            qFar_[k] = n_ > 1 ? 2.0 / n_ * (sumU - (-q[i])) : 0.0;
            pFar_[k] = raw_[k] - z_ * qFar_[k];
        }
        exchangeWaves(raw_.data(), pFar_.data(), qFar_.data());
    }
    for (int i = 0; i < n_ && exchange_ == 1; ++i) {
        const size_t k = static_cast<size_t>(i);
        const double raw = 2.0 * pAvg - w_[k];
        if (filter_ != Filter::Pressure) {
            c_[k] = alpha_ * c_[k] + (1.0 - alpha_) * raw;  // eq. 2.26
        } else {
            // Pressure-only filter (eqs. 6.1-6.5): split the arriving wave into the far-side
            // pressure and flow, filter the pressure only. For two ports the far flow is the
            // other port's inflow; for N ports (2/N)*(sum of the others') generalises it. The
            // mean ramp (the capacitance) does not depend on that choice.
            const double qFar = n_ > 1 ? 2.0 / n_ * (sumU - (-q[i])) : 0.0;
            const double pFar = raw - z_ * qFar;
            pf_[k] = alpha_ * pf_[k] + (1.0 - alpha_) * pFar;
            c_[k] = pf_[k] + z_ * qFar;
        }
    }
    // Parasitic pressure (eq. 3.4 with the factor 1/2): port-to-port difference averaged over
    // two steps, the largest over all port pairs.
    double ppar = 0;
    for (int i = 0; i < n_; ++i)
        for (int j = i + 1; j < n_; ++j)
            ppar = std::max(ppar, 0.5 * std::abs(p[i] - p[j] + prevP_[static_cast<size_t>(i)] - prevP_[static_cast<size_t>(j)]));
    ppar_ = ppar;
    for (int i = 0; i < n_; ++i) prevP_[static_cast<size_t>(i)] = p[i];
    held_ = sumP / n_;
}

void TlmVolumeMethod::updateWavesCharacteristic(const double* p, const double* q, double dvol, double* out) {
    held_ = n_ == 2 ? characteristicWaves<2>(p, q, dvol, out) : characteristicWaves<0>(p, q, dvol, out);
}

double TlmVolumeMethod::interpolateWave(int port, long ahead) {
    // the same arithmetic as exchangeWaves() at a step between exchanges (r != 0)
    const long r = (steps_ + ahead) % exchange_;
    const double wNew = static_cast<double>(r + 1) / exchange_, wOld = 1.0 - wNew;
    const size_t k = static_cast<size_t>(port);
    if (filter_ == Filter::Characteristic) c_[k] = wOld * cfPrev_[k] + wNew * cf_[k];
    else c_[k] = wOld * pfPrev_[k] + wNew * pf_[k] + z_ * (wOld * qPrev_[k] + wNew * qNew_[k]);
    return c_[k];
}

void TlmVolumeMethod::exchangeWaves(const double* raw, const double* pFar, const double* qFar) {
    // notes §3.7, the verified reconstruction: at an exchange the far side's values are taken
    // and filtered once (filtering the interpolated values at every step would under-state the
    // capacitance by 1 - alpha); at the k-th step after it the ports see the linear
    // interpolation between the last two filtered samples, i.e. a line of delay n*dt, whose
    // impedance n*Z' keeps the capacitance.
    const long r = steps_ % exchange_;
    ++steps_;
    const double wNew = static_cast<double>(r + 1) / exchange_, wOld = 1.0 - wNew;
    for (int i = 0; i < n_; ++i) {
        const size_t k = static_cast<size_t>(i);
        if (filter_ == Filter::Characteristic) {
            if (r == 0) {
                cfPrev_[k] = cf_[k];
                cf_[k] = alpha_ * cf_[k] + (1.0 - alpha_) * raw[k];
            }
            c_[k] = wOld * cfPrev_[k] + wNew * cf_[k];
        } else {
            if (r == 0) {
                pfPrev_[k] = pf_[k];
                pf_[k] = alpha_ * pf_[k] + (1.0 - alpha_) * pFar[k];
                qPrev_[k] = qNew_[k];
                qNew_[k] = qFar[k];
            }
            c_[k] = wOld * pfPrev_[k] + wNew * pf_[k] + z_ * (wOld * qPrev_[k] + wNew * qNew_[k]);
        }
    }
}

}  // namespace hs::sim
