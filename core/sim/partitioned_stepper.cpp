// SPDX-License-Identifier: GPL-3.0-or-later
#include "partitioned_stepper.h"

#include <chrono>
#include <map>
#include <cmath>
#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

#include "fixed_stepper.h"
#include "partition_link.h"
#include "partitioner.h"
#include "rank_partitioned_stepper.h"
#include "rk4_stages.h"
#include "system.h"
#include "worker_pool.h"

namespace hs::sim {

namespace {

class PartitionedStepper final : public FixedStepBase {
public:
    // plan: the partition of every unit, from autoPartition() with these costs and hand
    // assignments; the stepper re-balances it from the partitions' measured times.
    PartitionedStepper(bool rk4, int threads, bool adaptive, System::PartitionUnits units, std::vector<double> cost,
                       std::map<std::string, int> manual, PartitionMapper mapper, std::vector<int> plan)
        : rk4_(rk4), adaptive_(adaptive), pool_(threads), units_(std::move(units)), cost_(std::move(cost)),
          manual_(std::move(manual)), mapper_(mapper), plan_(std::move(plan)) {}
    const char* name() const override { return rk4_ ? "rk4" : "euler"; }

    // The waves of step n (finishStepPartition) only feed the TLM solve of step n+1, so they
    // ride in the same fork-join as the stages of step n+1, and the state check of the step
    // with them; taking the new state over rides with the evaluation at it: two hand-overs per
    // step and no serial work in between but the step count.
    bool advance(double tOut, double& t, double* y) override {
        do {
            tune(lastSteps_);
            // TLM nodes shared by partitions that exchange every n-th step: the steps up to the
            // next exchange need nothing from the other partitions, so each partition takes them
            // in one go (one hand-over instead of two per step).
            long m = 1;
            if (sys_->wavesPrepared()) {
                // the exchange schedule first: with an exchange every step this is 1 at once
                const long free = sys_->finishesWithoutExchange(kMaxRun);
                const long most = std::min(kMaxRun, pendingFinish_ ? free : free + 1);
                double tt = t + dt_;
                while (m < most && tt + dt_ <= tOut + 1e-9 * dt_) {
                    tt += dt_;
                    ++m;
                }
            }
            lastSteps_ = std::max(m, 1L);
            if (m > 1) {
                if (!runAlone(m, t, y)) return false;
                continue;
            }
            const double t0 = t;
            const bool finish = pendingFinish_;
            forEach([&](int k) {
                const size_t i = static_cast<size_t>(k);
                ok_[i].v = !finish || sys_->finishStepPartition(k, dt_);
                if (!ok_[i].v) return;
                stagePart(k, t0, y);
                inBounds_[i].v = sys_->partitionStatesOk(k, tmp_.data());
            });
            pendingFinish_ = false;
            if (!allOk()) return false;
            rhs_ += rk4_ ? 4 : 1;
            ++steps_;
            for (int k = 0; k < pool_.size(); ++k)
                if (!inBounds_[static_cast<size_t>(k)].v) {
                    bad_ = firstBadState(*sys_, tmp_.data());  // the serial stepper's answer
                    badValue_ = bad_ >= 0 ? tmp_[static_cast<size_t>(bad_)] : 0.0;
                    error_ = "state left its bounds";
                    return false;
                }
            t += dt_;
            if (!sys_->prepareWavesOnce(dt_)) {
                error_ = sys_->failure();
                return false;
            }
            const double t1 = t;
            forEach([&](int k) {
                sys_->acceptPartition(k, tmp_.data(), y);
                ok_[static_cast<size_t>(k)].v = sys_->beginStepPartition(k, t1, y);
            });
            if (!allOk()) return false;
            pendingFinish_ = true;
        } while (t + dt_ <= tOut + 1e-9 * dt_);
        // the caller records now: the waves and TLM node pressures of this step must be in place
        forEach([&](int k) { ok_[static_cast<size_t>(k)].v = sys_->finishStepPartition(k, dt_); });
        pendingFinish_ = false;
        return allOk();
    }

private:
    // m steps with each partition on its own (the finishes in between are not exchanges at any
    // shared TLM node): per step the partition's finish of the previous step, its stages, check,
    // taking over and evaluation, as in the two phases of advance(). A failure stops the
    // partition; the run reports the earliest, at its time.
    bool runAlone(long m, double& t, double* y) {
        const double t0 = t;
        const bool pend = pendingFinish_;
        forEach([&](int k) {
            const size_t i = static_cast<size_t>(k);
            stop_[i] = {-1, 0};
            double tl = t0;
            for (long j = 0; j < m; ++j) {
                if ((j > 0 || pend) && !sys_->finishLocalPartition(k, pend ? j : j - 1, dt_)) {
                    stop_[i] = {j, 1};
                    return;
                }
                stagePart(k, tl, y);
                if (!sys_->partitionStatesOk(k, tmp_.data())) {
                    stop_[i] = {j, 0};
                    return;
                }
                tl += dt_;
                sys_->acceptPartition(k, tmp_.data(), y);
                if (!sys_->beginStepPartition(k, tl, y)) {
                    stop_[i] = {j, 2};
                    return;
                }
            }
        });
        pendingFinish_ = false;
        long first = m;
        int kind = -1;
        for (int k = 0; k < pool_.size(); ++k) {
            const Stop& st = stop_[static_cast<size_t>(k)];
            if (st.step >= 0 && st.step < first) {
                first = st.step;
                kind = st.kind;
            }
        }
        const bool failed = !allOk();  // also gathers the partitions' iteration counts
        if (kind >= 0 || failed) {
            // t of the serial run at that failure: a bad state or a failed finish leaves the
            // step not taken, a failed evaluation after it has taken it
            const long taken = first + (kind == 2 ? 1 : 0);
            for (long j = 0; j < taken; ++j) t += dt_;
            steps_ += first + 1;
            rhs_ += (first + 1) * (rk4_ ? 4 : 1);
            if (kind == 0 && !failed) {
                bad_ = firstBadState(*sys_, tmp_.data());
                badValue_ = bad_ >= 0 ? tmp_[static_cast<size_t>(bad_)] : 0.0;
                error_ = "state left its bounds";
            }
            return false;
        }
        sys_->skipSharedFinishes(pend ? m : m - 1);
        for (long j = 0; j < m; ++j) t += dt_;
        steps_ += m;
        rhs_ += m * (rk4_ ? 4 : 1);
        pendingFinish_ = true;
        return true;
    }

    // Every phase of a step: the partitions' jobs on the pool's threads, or one after the other
    // on this thread. Partitions are independent within a phase, so both give the same bits.
    template <class Job>
    void forEach(Job&& job) {
        if (!parallel_) {
            for (int k = 0; k < pool_.size(); ++k) job(k);
            return;
        }
        pool_.run([&](int k) {
            const auto t0 = std::chrono::steady_clock::now();
            job(k);
            busy_[static_cast<size_t>(k)].v += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        });
    }
    // Re-balancing: the cost of a component at a given state (the iterations of its solve
    // against a TLM node, say) is not what its eval() cost at the start. After a window on the
    // threads, each component's cost is scaled by how much longer its partition took than
    // predicted, and the circuit is split again if the partitions' times differed by more than
    // 10 %. Any partitioning gives the same bits, so this changes only the speed.
    void rebalance() {
        const size_t parts = static_cast<size_t>(pool_.size());
        std::vector<double> predicted(parts, 0.0);
        double total = 0, slowest = 0;
        for (size_t c = 0; c < cost_.size(); ++c) predicted[static_cast<size_t>(plan_[c])] += cost_[c];
        for (size_t k = 0; k < parts; ++k) {
            total += busy_[k].v;
            slowest = std::max(slowest, busy_[k].v);
        }
        const bool uneven = total > 0 && slowest > 1.1 * total / static_cast<double>(parts);
        if (uneven && std::all_of(predicted.begin(), predicted.end(), [](double v) { return v > 0; })) {
            for (size_t c = 0; c < cost_.size(); ++c) {
                const size_t k = static_cast<size_t>(plan_[c]);
                cost_[c] *= busy_[k].v / predicted[k];
            }
            std::vector<int> plan;
            if (autoPartition(*sys_, units_, pool_.size(), cost_, manual_, plan, mapper_).empty() && plan != plan_) {
                if (sys_->setPartitions(units_, plan, pool_.size()).empty()) {
                    plan_ = std::move(plan);
                    ++rebalances_;
                } else {
                    // keep the working plan; setPartitions() cleared the partitions first, so a
                    // plan that worked and now does not would leave nothing to step
                    const std::string e = sys_->setPartitions(units_, plan_, pool_.size());
                    if (!e.empty()) throw std::logic_error("re-balancing lost the working partition plan: " + e);
                }
            }
        }
        for (size_t k = 0; k < parts; ++k) busy_[k].v = 0.0;
    }
    // Adaptive threading: a shared machine (or the other configurations of a run) may leave no
    // free core, and then every hand-over waits for a descheduled thread. So the stepper times
    // a window of steps on the threads (and re-balances the partitions from it) and one on this
    // thread alone, runs the faster way for a while and measures again. Not adaptive: the
    // windows on the threads only, for re-balancing.
    void tune(long steps) {
        left_ -= steps;
        if (left_ > 0) return;
        const auto now = std::chrono::steady_clock::now();
        const double span = std::chrono::duration<double>(now - mark_).count();
        mark_ = now;
        auto runFor = [&](double windowsSeconds, double perStep) {
            // long enough that the timing windows cost ~2 % (a lost window on the threads may
            // take far longer than one on this thread), at most ~2 s
            const double runSeconds = std::min(50.0 * windowsSeconds, 2.0);
            left_ = std::max(4 * kWindow, static_cast<long>(runSeconds / std::max(perStep, 1e-9)));
        };
        switch (phase_) {
        case Phase::Run:
            if (parallel_) rebalance();  // the run on the threads has timed the partitions too
            phase_ = Phase::TimeThreads;
            parallel_ = true;
            left_ = kWindow;
            for (Seconds& b : busy_) b.v = 0.0;
            break;
        case Phase::TimeThreads:
            threadsTime_ = span;
            rebalance();
            if (!adaptive_) {  // on the threads throughout: re-balance every 8 windows
                phase_ = Phase::Run;
                left_ = 7 * kWindow;
                break;
            }
            phase_ = Phase::TimeInline;
            parallel_ = false;
            left_ = kWindow;
            break;
        case Phase::TimeInline:
            parallel_ = threadsTime_ < span;
            phase_ = Phase::Run;
            runFor(threadsTime_ + span, std::min(threadsTime_, span) / kWindow);
            break;
        }
    }

    // The partitions' failures, and the flags of the last phase: a step function that returned
    // false without saying why still stops the run (the flags were set and never read before).
    bool allOk() {
        const std::string e = sys_->partitionFailure();
        int failed = -1;
        for (int k = 0; k < pool_.size(); ++k) {
            Flag& f = ok_[static_cast<size_t>(k)];
            if (!f.v && failed < 0) failed = k;
            f.v = true;
        }
        if (e.empty() && failed < 0) return true;
        error_ = !e.empty() ? e : "partition " + std::to_string(failed) + " failed without a message";
        return false;
    }
    // The serial Rk4/Euler step (fixed_steppers.cpp), state by state, on the partition's states.
    void stagePart(int k, double t, const double* y) {
        const std::vector<int>& st = sys_->partitionStates(k);
        const double h = dt_, h2 = 0.5 * dt_;
        double* s = tmp_.data();
        if (!rk4_) {
            sys_->rhsPartition(k, t, y, k1_.data());
            rk4::stage(s, y, dt_, k1_.data(), st);
            return;
        }
        sys_->rhsPartition(k, t, y, k1_.data());
        rk4::stage(s, y, h2, k1_.data(), st);
        sys_->rhsPartition(k, t + h2, s, k2_.data());
        rk4::stage(s, y, h2, k2_.data(), st);
        sys_->rhsPartition(k, t + h2, s, k3_.data());
        rk4::stage(s, y, h, k3_.data(), st);
        sys_->rhsPartition(k, t + h, s, k4_.data());
        rk4::combine(s, y, h / 6.0, k1_.data(), k2_.data(), k3_.data(), k4_.data(), st);
    }

    bool rk4_, adaptive_;
    WorkerPool pool_;
    enum class Phase { Run, TimeThreads, TimeInline };
    static constexpr long kWindow = 64;
    Phase phase_ = Phase::Run;
    long left_ = 1;
    bool parallel_ = true;
    double threadsTime_ = 0;
    std::chrono::steady_clock::time_point mark_;
    struct alignas(64) Flag {  // one cache line per thread
        bool v = true;
    };
    std::vector<Flag> ok_ = std::vector<Flag>(64), inBounds_ = std::vector<Flag>(64);
    struct alignas(64) Seconds {
        double v = 0.0;
    };
    struct alignas(64) Stop {  // where a partition stopped in runAlone(): step, 0 bad state / 1 finish / 2 evaluation
        long step = -1;
        int kind = 0;
    };
    std::vector<Stop> stop_ = std::vector<Stop>(64);
    static constexpr long kMaxRun = 4096;
    long lastSteps_ = 1;
    std::vector<Seconds> busy_ = std::vector<Seconds>(64);  // per partition, since the last rebalance
    System::PartitionUnits units_;
    std::vector<double> cost_;
    std::map<std::string, int> manual_;
    PartitionMapper mapper_;
    std::vector<int> plan_;
    long rebalances_ = 0;
    bool pendingFinish_ = false;
};

}  // namespace

std::unique_ptr<Stepper> makeStepperFor(System& sys, const SolverSettings& s, std::string& error) {
    if (s.ranks && s.ranks->size() > 1) return makeRankStepper(sys, s, error);
    if (s.threads <= 1 && s.partition.empty()) return makeStepper(s.stepper, error);
    const StepperSpec* spec = findBuiltinStepper(s.stepper);
    if (!spec || !spec->supportsPartitions) {
        error = "parallel partitions need the " + stepperList([](const StepperSpec& x) { return x.supportsPartitions; }) +
                " stepper, not '" + s.stepper + "'";
        return nullptr;
    }
    const int parts = std::max(1, std::min(s.threads, 64));
    std::vector<int> plan;
    System::PartitionUnits units = sys.partitionUnits(s.dt);  // TLM lines long enough at dt are cuts too
    std::vector<double> cost = measureComponentCost(sys);
    PartitionMapper mapper = PartitionMapper::Balanced;
    if (!parsePartitionMapper(s.partitionMapper, mapper)) {
        error = "unknown partition mapper '" + s.partitionMapper + "' (expected balanced or optimal)";
        return nullptr;
    }
    error = autoPartition(sys, units, parts, cost, s.partition, plan, mapper);
    if (error.empty()) error = sys.setPartitions(units, plan, parts);
    if (!error.empty()) return nullptr;
    return std::make_unique<PartitionedStepper>(s.stepper == "rk4", parts, s.adaptiveThreads, std::move(units), std::move(cost),
                                                s.partition, mapper, std::move(plan));
}

}  // namespace hs::sim
