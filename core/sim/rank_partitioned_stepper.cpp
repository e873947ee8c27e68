// SPDX-License-Identifier: GPL-3.0-or-later
#include "rank_partitioned_stepper.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

#include "fixed_stepper.h"
#include "partition_link.h"
#include "partitioner.h"
#include "rk4_stages.h"
#include "stepper_spec.h"
#include "system.h"

namespace hs::sim {

namespace {

class RankPartitionedStepper final : public FixedStepBase {
public:
    // order: the partitions' numbers of §3.6 (position by estimated load, ascending).
    RankPartitionedStepper(bool rk4, PartitionLink& link, std::vector<int> order)
        : rk4_(rk4), link_(link), k_(link.rank()), order_(std::move(order)) {}
    const char* name() const override { return rk4_ ? "rk4" : "euler"; }

    // PartitionedStepper::advance() for partition k_ alone; the other partitions' phases run
    // on their processes, and what crosses is exchanged before each finish that needs it.
    bool advance(double tOut, double& t, double* y) override {
        do {
            long m = 1;
            if (sys_->wavesPrepared()) {
                const long free = sys_->rankFinishesWithoutExchange(k_, kMaxRun);
                const long most = std::min(kMaxRun, pendingFinish_ ? free : free + 1);
                double tt = t + dt_;
                while (m < most && tt + dt_ <= tOut + 1e-9 * dt_) {
                    tt += dt_;
                    ++m;
                }
            }
            if (m > 1) {
                runAlone(m, t, y);
                continue;
            }
            if (pendingFinish_) {
                exchange();
                if (!sys_->finishRankPartition(k_, dt_)) fail(t);
            }
            pendingFinish_ = false;
            stagePart(t, y);
            if (!sys_->partitionStatesOk(k_, tmp_.data())) failState(t);
            rhs_ += rk4_ ? 4 : 1;
            ++steps_;
            t += dt_;
            if (!sys_->prepareWavesOnce(dt_)) fail(t, sys_->failure());
            sys_->acceptPartition(k_, tmp_.data(), y);
            if (!sys_->beginStepPartition(k_, t, y)) fail(t);
            pendingFinish_ = true;
        } while (t + dt_ <= tOut + 1e-9 * dt_);
        // the caller records now: the waves and TLM node pressures of this step must be in place
        exchange();
        if (!sys_->finishRankPartition(k_, dt_)) fail(t);
        pendingFinish_ = false;
        return agree(t);
    }

private:
    // A process whose partition fails goes on stepping (garbage, but the same schedule, so its
    // partners' messages are matched) to the end of advance(), where all agree on the earliest
    // failure. Only the first failure of this partition is kept.
    void fail(double t, std::string why = {}) {
        if (failTime_ != kNone) return;
        failTime_ = t;
        failure_ = !why.empty() ? why : sys_->partitionFailure();
        if (failure_.empty()) failure_ = "partition " + std::to_string(k_) + " failed without a message";
    }
    void failState(double t) {
        std::string what = "a pressure left its bounds";
        for (int i : sys_->partitionStates(k_))
            if (!std::isfinite(tmp_[size_t(i)])) {
                what = "state '" + sys_->states[size_t(i)].name + "' is not finite";
                break;
            }
        fail(t, what + " at t = " + std::to_string(t) + " s");
    }

    // The ordered pairwise exchange of notes/003 §3.6 with the partners whose shared nodes are
    // due: the lower number sends first, then receives; the higher receives first, then sends.
    void exchange() {
        partners_.clear();
        for (int j : sys_->rankPeers(k_))
            if (sys_->rankExchangeDue(k_, j)) partners_.push_back(j);
        std::sort(partners_.begin(), partners_.end(), [&](int a, int b) { return order_[size_t(a)] < order_[size_t(b)]; });
        for (int j : partners_) {
            sys_->packRankPorts(k_, j, out_);
            if (order_[size_t(k_)] < order_[size_t(j)]) {
                link_.send(j, out_);
                link_.receive(j, in_);
            } else {
                link_.receive(j, in_);
                link_.send(j, out_);
            }
            sys_->unpackRankPorts(k_, j, in_);
        }
    }

    // m steps of partition k_ without meeting (PartitionedStepper::runAlone for one partition).
    void runAlone(long m, double& t, double* y) {
        const bool pend = pendingFinish_;
        double tl = t;
        for (long j = 0; j < m; ++j) {
            if ((j > 0 || pend) && !sys_->finishRankLocal(k_, pend ? j : j - 1, dt_)) fail(tl);
            stagePart(tl, y);
            if (!sys_->partitionStatesOk(k_, tmp_.data())) failState(tl);
            tl += dt_;
            sys_->acceptPartition(k_, tmp_.data(), y);
            if (!sys_->beginStepPartition(k_, tl, y)) fail(tl);
        }
        sys_->skipRankFinishes(k_, pend ? m : m - 1);
        for (long j = 0; j < m; ++j) t += dt_;
        steps_ += m;
        rhs_ += m * (rk4_ ? 4 : 1);
        pendingFinish_ = true;
    }

    // Whether every partition got through; else every process reports the earliest failure
    // (its time and message; the lowest rank among equals) and leaves t there.
    bool agree(double& t) {
        const double first = link_.minimum(failTime_);
        if (first == kNone) return true;
        const int from = static_cast<int>(link_.minimum(failTime_ == first ? static_cast<double>(k_) : kNone));
        error_ = "partition " + std::to_string(from) + ": " + link_.broadcastText(failure_, from);
        t = first;
        return false;
    }

    // The serial Rk4/Euler step on partition k_'s states (PartitionedStepper::stagePart).
    void stagePart(double t, const double* y) {
        const std::vector<int>& st = sys_->partitionStates(k_);
        const double h = dt_, h2 = 0.5 * dt_;
        double* s = tmp_.data();
        if (!rk4_) {
            sys_->rhsPartition(k_, t, y, k1_.data());
            rk4::stage(s, y, dt_, k1_.data(), st);
            return;
        }
        sys_->rhsPartition(k_, t, y, k1_.data());
        rk4::stage(s, y, h2, k1_.data(), st);
        sys_->rhsPartition(k_, t + h2, s, k2_.data());
        rk4::stage(s, y, h2, k2_.data(), st);
        sys_->rhsPartition(k_, t + h2, s, k3_.data());
        rk4::stage(s, y, h, k3_.data(), st);
        sys_->rhsPartition(k_, t + h, s, k4_.data());
        rk4::combine(s, y, h / 6.0, k1_.data(), k2_.data(), k3_.data(), k4_.data(), st);
    }

    static constexpr double kNone = std::numeric_limits<double>::infinity();
    static constexpr long kMaxRun = 4096;
    bool rk4_;
    PartitionLink& link_;
    int k_;
    std::vector<int> order_;
    std::vector<double> out_, in_;
    std::vector<int> partners_;
    bool pendingFinish_ = false;
    double failTime_ = kNone;
    std::string failure_;
};

}  // namespace

std::unique_ptr<Stepper> makeRankStepper(System& sys, const SolverSettings& s, std::string& error) {
    PartitionLink& link = *s.ranks;
    const StepperSpec* spec = findBuiltinStepper(s.stepper);
    if (!spec || !spec->supportsPartitions) {
        error = "partitions on MPI ranks need the " + stepperList([](const StepperSpec& x) { return x.supportsPartitions; }) +
                " stepper, not '" + s.stepper + "'";
        return nullptr;
    }
    const int parts = link.size();
    System::PartitionUnits units = sys.partitionUnits(0.0);  // cut at TLM volumes only (lines stay whole)
    // Rank 0 plans (the measured costs differ from process to process) and tells the others:
    // the partition of every unit, then each partition's estimated load.
    std::vector<double> msg;
    if (link.rank() == 0) {
        const std::vector<double> cost = measureComponentCost(sys);
        PartitionMapper mapper = PartitionMapper::Balanced;
        std::vector<int> plan;
        std::string e = parsePartitionMapper(s.partitionMapper, mapper) ? std::string()
                                                                          : "unknown partition mapper '" + s.partitionMapper + "'";
        if (e.empty()) e = autoPartition(sys, units, parts, cost, s.partition, plan, mapper);
        if (e.empty()) {
            std::vector<double> load(static_cast<size_t>(parts), 0.0);
            for (size_t c = 0; c < plan.size(); ++c) load[static_cast<size_t>(plan[c])] += c < cost.size() ? cost[c] : 0.0;
            msg.assign(plan.begin(), plan.end());
            msg.insert(msg.end(), load.begin(), load.end());
        }
        error = e;
    }
    const std::string e0 = link.broadcastText(error, 0);
    if (!e0.empty()) {
        error = e0;
        return nullptr;
    }
    link.broadcast(msg);
    if (msg.size() != static_cast<size_t>(units.count + parts)) {
        error = "the partition plan did not reach every process";
        return nullptr;
    }
    std::vector<int> plan(msg.begin(), msg.begin() + units.count);
    std::vector<double> load(msg.begin() + units.count, msg.end());
    error = sys.setPartitions(units, plan, parts);
    if (error.empty()) error = sys.prepareRankExchange();
    // every process reaches the same verdict (same plan, same system)
    if (!error.empty()) return nullptr;
    std::vector<int> byLoad(static_cast<size_t>(parts));
    std::iota(byLoad.begin(), byLoad.end(), 0);
    std::stable_sort(byLoad.begin(), byLoad.end(), [&](int a, int b) { return load[size_t(a)] < load[size_t(b)]; });
    std::vector<int> order(static_cast<size_t>(parts));
    for (int pos = 0; pos < parts; ++pos) order[size_t(byLoad[size_t(pos)])] = pos;
    return std::make_unique<RankPartitionedStepper>(s.stepper == "rk4", link, std::move(order));
}

}  // namespace hs::sim
