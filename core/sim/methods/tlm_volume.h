// SPDX-License-Identifier: GPL-3.0-or-later
// Transmission line modelling of a volume (notes/003 §1.3-1.4, §1.8): the node becomes a C-type
// element. Each flow port k sees a Thevenin source p_k = c_k - Z*q_k (q_k into the component)
// with a wave c_k that left the other ports one step earlier; the system solves the components
// against these sources, then updateWaves() forms the next step's waves. No state, no stiffness:
// the stiff small volume is replaced by a delay, at the price of a parasitic inertance Z*dt.
#pragma once

#include <algorithm>
#include <cmath>
#include <vector>

#include "../pressure_method.h"

namespace hs::sim {

class TlmVolumeMethod final : public PressureMethod {
public:
    // HopsanWaves: Characteristic with each port's leaving wave c + 2 Z u from its held wave
    // and inflow u (Hopsan's HydraulicVolume/VolumeMultiPort) instead of p + Z u.
    enum class Filter { Characteristic, Pressure, HopsanWaves };
    // exchange = n: the far side's pressure and flow reach the ports only every n-th step (notes
    // §3.7), with Z* = n*Z', filtered once per exchange and interpolated linearly in between;
    // n = 1 is the standard scheme.
    // hopsanStart: the first step is Hopsan's initialisation (startStepHeld()).
    TlmVolumeMethod(double alpha, Filter filter, int exchange = 1, bool hopsanStart = false)
        : alpha_(alpha), filter_(filter), exchange_(exchange < 1 ? 1 : exchange), hopsanStart_(hopsanStart) {}

    const char* id() const override { return "tlm"; }
    int stateCount() const override { return 0; }
    void initStates(double p0, double* y) override;
    double pressure(const double*) const override { return held_; }
    void derivative(double, double, double, double, double*) const override {}
    bool needsFixedStep() const override { return true; }

    bool wavePorts() const override { return true; }
    bool startStepHeld() const override { return hopsanStart_; }
    void bindWavePorts(int n) override { n_ = n; }
    void prepareWaves(double dt, double vol, double be, double* c, double* z) override;
    void updateWaves(const double* p, const double* q, double dvol) override;
    double finishWaves(const double* p, const double* q, double dvol, double dt, double vol, const BulkModulus& be, double* c,
                       double* z) override {
        // final class: direct calls, the same steps as the default. The standard scheme writes
        // the new waves straight into c as well (not read back from c_ afterwards: that store and
        // load would lie on the chain from one step to the next).
        const bool standard = exchange_ == 1 && filter_ == Filter::Characteristic && n_ > 0;
        if (standard) updateWavesCharacteristic(p, q, dvol, c);
        else updateWaves(p, q, dvol);
        const double b = be(held_);
        if (dt == dt_ && vol == vol_ && b == be_ && z_ > 0) {  // prepareWaves() when Z stays
            for (int i = 0; i < n_; ++i) {
                if (!standard) c[i] = c_[static_cast<size_t>(i)];
                z[i] = z_;
            }
            ++stats_.outerSteps;
        } else {
            prepareWaves(dt, vol, b, c, z);
        }
        return held_;
    }
    // The standard scheme (exchange every step, characteristic filter) on two ports: the flat
    // TLM step's volumes (flat_tlm_step.h) call finishTwoPort() instead of finishWaves().
    bool standardTwoPort() const { return exchange_ == 1 && filter_ == Filter::Characteristic && n_ == 2; }
    // finishWaves() for standardTwoPort(), inline: the same arithmetic in the same order.
    [[gnu::always_inline]] double finishTwoPort(const double* p, const double* q, double dvol, double dt, double vol,
                                                const BulkModulus& be, double* c, double* z) {
        held_ = characteristicWaves<2>(p, q, dvol, c);
        const double b = be(held_);
        if (dt == dt_ && vol == vol_ && b == be_ && z_ > 0) {
            z[0] = z_;
            z[1] = z_;
            ++stats_.outerSteps;
        } else {
            prepareWaves(dt, vol, b, c, z);
        }
        return held_;
    }
    int waveExchangeInterval() const override { return exchange_; }
    bool waveExchangeDue(long ahead) const override { return exchange_ == 1 || (steps_ + ahead) % exchange_ == 0; }
    double interpolateWave(int port, long ahead) override;
    void skipWaveFinishes(long count) override { steps_ += count; }
    long finishesBeforeExchange() const override {
        if (exchange_ == 1) return 0;
        const long r = steps_ % exchange_;
        return r == 0 ? 0 : exchange_ - r;
    }
    double parasiticPressure() const override { return ppar_; }
    // The element behaves as a line of delay n*dt: I = (N/2)*Be*(n*dt)^2/V.
    double parasiticInertance() const override { return exchange_ * zLossless_ * exchange_ * dt_; }
    double parasiticFactor() const override { return 0.5 * n_ * exchange_ * exchange_; }

private:
    void exchangeWaves(const double* raw, const double* pFar, const double* qFar);
    // out: also receives the new waves (may be null)
    void updateWavesCharacteristic(const double* p, const double* q, double dvol, double* out = nullptr);
    // updateWaves() for the standard scheme on n ports: the same arithmetic in the same order as
    // the general branch, without the other branches' bookkeeping. N > 0 fixes n at compile time
    // (the two-port volume, the common case; its outgoing waves w then stay in registers: w_ is
    // scratch of one call). Returns the node pressure; out (may be null) also receives the new waves.
    template <int N>
    [[gnu::always_inline]] double characteristicWaves(const double* p, const double* q, double dvol, double* out) {
        const int n = N > 0 ? N : n_;
        double wLocal[N > 0 ? N : 1];
        double* w = N > 0 ? wLocal : w_.data();
        double* c = c_.data();
        double* prev = prevP_.data();
        const double z = z_, alpha = alpha_;
        double sumW = 0, sumP = 0;
        for (int i = 0; i < n; ++i) {
            w[i] = p[i] + z * -q[i];
            sumW += w[i];
            sumP += p[i];
        }
        const double pAvg = (sumW - z * dvol) / n;
        for (int i = 0; i < n; ++i) {
            const double next = alpha * c[i] + (1.0 - alpha) * (2.0 * pAvg - w[i]);
            c[i] = next;
            if (out) out[i] = next;
        }
        double pp = 0;
        for (int i = 0; i < n; ++i)
            for (int j = i + 1; j < n; ++j) pp = std::max(pp, 0.5 * std::abs(p[i] - p[j] + prev[i] - prev[j]));
        ppar_ = pp;
        for (int i = 0; i < n; ++i) prev[i] = p[i];
        return sumP / n;
    }

    double alpha_;
    Filter filter_;
    int exchange_;
    bool hopsanStart_ = false;
    int n_ = 0;
    long steps_ = 0;
    double held_ = 0, ppar_ = 0, z_ = 0, zLossless_ = 0, dt_ = 0, vol_ = 0, be_ = 0;  // dt, V, Be of the last Z
    std::vector<double> c_, pf_, prevP_, w_;
    // exchange > 1: filtered samples at the last two exchanges (pressure and flow for the
    // pressure filter, the wave for the characteristic filter) and this step's far values.
    std::vector<double> pfPrev_, qNew_, qPrev_, cf_, cfPrev_, raw_, pFar_, qFar_;
};

}  // namespace hs::sim
