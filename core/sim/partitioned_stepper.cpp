#include "partitioned_stepper.h"

#include <cmath>
#include <vector>

#include "fixed_stepper.h"
#include "partitioner.h"
#include "system.h"
#include "worker_pool.h"

namespace hs::sim {

namespace {

class PartitionedStepper final : public FixedStepBase {
public:
    PartitionedStepper(bool rk4, int threads) : rk4_(rk4), pool_(threads) {}
    const char* name() const override { return rk4_ ? "rk4" : "euler"; }

    // The waves of step n (finishStepPartition) only feed the TLM solve of step n+1, so they
    // ride in the same fork-join as the stages of step n+1: two hand-overs per step.
    bool advance(double tOut, double& t, double* y) override {
        const int n = sys_->stateCount();
        do {
            const double t0 = t;
            const bool finish = pendingFinish_;
            pool_.run([&](int k) {
                ok_[static_cast<size_t>(k)] = !finish || sys_->finishStepPartition(k, dt_);
                if (ok_[static_cast<size_t>(k)]) stagePart(k, t0, y);
            });
            pendingFinish_ = false;
            if (!allOk()) return false;
            rhs_ += rk4_ ? 4 : 1;
            ++steps_;
            bad_ = firstBadState(*sys_, tmp_.data());
            if (bad_ >= 0) {
                badValue_ = tmp_[static_cast<size_t>(bad_)];
                error_ = "state left its bounds";
                return false;
            }
            for (int i = 0; i < n; ++i) y[i] = tmp_[static_cast<size_t>(i)];
            sys_->project(y);
            t += dt_;
            sys_->prepareWavesOnce(dt_);
            const double t1 = t;
            pool_.run([&](int k) { ok_[static_cast<size_t>(k)] = sys_->beginStepPartition(k, t1, y); });
            if (!allOk()) return false;
            pendingFinish_ = true;
        } while (t + dt_ <= tOut + 1e-9 * dt_);
        // the caller records now: the waves and TLM node pressures of this step must be in place
        pool_.run([&](int k) { ok_[static_cast<size_t>(k)] = sys_->finishStepPartition(k, dt_); });
        pendingFinish_ = false;
        return allOk();
    }

private:
    bool allOk() {
        const std::string e = sys_->partitionFailure();
        if (e.empty()) return true;
        error_ = e;
        return false;
    }
    // The serial Rk4/Euler step (fixed_steppers.cpp), state by state, on the partition's states.
    void stagePart(int k, double t, const double* y) {
        const std::vector<int>& st = sys_->partitionStates(k);
        const double h = dt_, h2 = 0.5 * dt_;
        double* s = tmp_.data();
        if (!rk4_) {
            sys_->rhsPartition(k, t, y, k1_.data());
            for (int i : st) s[i] = y[i] + dt_ * k1_[static_cast<size_t>(i)];
            return;
        }
        sys_->rhsPartition(k, t, y, k1_.data());
        for (int i : st) s[i] = y[i] + h2 * k1_[static_cast<size_t>(i)];
        sys_->rhsPartition(k, t + h2, s, k2_.data());
        for (int i : st) s[i] = y[i] + h2 * k2_[static_cast<size_t>(i)];
        sys_->rhsPartition(k, t + h2, s, k3_.data());
        for (int i : st) s[i] = y[i] + h * k3_[static_cast<size_t>(i)];
        sys_->rhsPartition(k, t + h, s, k4_.data());
        for (int i : st)
            s[i] = y[i] + h / 6.0 * (k1_[static_cast<size_t>(i)] + 2.0 * (k2_[static_cast<size_t>(i)] + k3_[static_cast<size_t>(i)]) +
                                     k4_[static_cast<size_t>(i)]);
    }

    bool rk4_;
    WorkerPool pool_;
    std::vector<char> ok_ = std::vector<char>(64, 1);
    bool pendingFinish_ = false;
};

}  // namespace

std::unique_ptr<Stepper> makeStepperFor(System& sys, const SolverSettings& s, std::string& error) {
    if (s.threads <= 1 && s.partition.empty()) return makeStepper(s.stepper, error);
    if (s.stepper != "rk4" && s.stepper != "euler") {
        error = "parallel partitions need a fixed-step stepper (rk4 or euler), not '" + s.stepper + "'";
        return nullptr;
    }
    const int parts = std::max(1, std::min(s.threads, 64));
    std::vector<int> plan;
    error = autoPartition(sys, parts, measureComponentCost(sys), s.partition, plan);
    if (error.empty()) error = sys.setPartitions(plan, parts);
    if (!error.empty()) return nullptr;
    return std::make_unique<PartitionedStepper>(s.stepper == "rk4", parts);
}

}  // namespace hs::sim
