// SPDX-License-Identifier: GPL-3.0-or-later
// The narx pressure method (Pub III, notes/000_001 §3.6): a trained NARX network replaces the
// continuity equation of one volume. Closed loop: after each fixed step, the network maps the
// node's last d inputs (inflow, outflow, bulk modulus, volume: narx_features.h) and its last d
// pressures to the pressure at the new step; then the node's components are evaluated at that
// pressure to give the next inputs. The network is a map over its sample interval, so the step
// must equal it (checked on the first step). Out-of-range guard: when an input or the pressure
// leaves the training range by more than `margin` (a fraction of the range), that step is
// solved by the fallback (quasi-steady root, or backward Euler on the node) or the run stops;
// such steps are counted (MethodStats::guardedSteps), never silent.
#pragma once

#include <array>
#include <vector>

#include "held_method.h"
#include "learn/narx_model.h"
#include "narx_features.h"

namespace hs::sim {

class NarxMethod final : public HeldPressureMethod {
public:
    enum class Fallback { QuasiSteady, BackwardEuler, Stop };
    NarxMethod(learn::NarxModel model, double margin, Fallback fallback, double tol, int maxIter);
    const char* id() const override { return "narx"; }
    void initStates(double p0, double* y) override;
    bool update(NodeAccess& node) override;
    const learn::NarxModel& model() const { return model_; }

private:
    bool fallbackStep(NodeAccess& node, const std::string& why, double& p);
    void pushInputs(NodeAccess& node, double p);

    learn::NarxModel model_;
    double margin_;
    Fallback fallback_;
    double tol_;
    int maxIter_;
    std::vector<double> u_, y_;  // histories, most recent first (delay rows)
    std::vector<double> inflows_;
};

}  // namespace hs::sim
