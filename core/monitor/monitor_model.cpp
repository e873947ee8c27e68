// SPDX-License-Identifier: GPL-3.0-or-later
#include "monitor_model.h"

#include <algorithm>
#include <chrono>
#include <cmath>

#include "learn/dataset.h"
#include "learn/lm_trainer.h"

namespace hs::monitor {

void MonitorModel::setInfo(const std::string& key, const std::string& value) {
    for (auto& [k, v] : info)
        if (k == key) { v = value; return; }
    info.emplace_back(key, value);
}

std::string MonitorModel::infoValue(const std::string& key) const {
    for (const auto& [k, v] : info)
        if (k == key) return v;
    return {};
}

namespace {
std::pair<double, double> levelRange(const FaultSpec& f) {
    const auto [lo, hi] = std::minmax_element(f.levels.begin(), f.levels.end());
    return {*lo, *hi};
}
}  // namespace

double MonitorModel::levelTarget(int f, int l) const {
    const FaultSpec& fs = faults[static_cast<size_t>(f)];
    const auto [lo, hi] = levelRange(fs);
    return scaleTo01_09(fs.levels[static_cast<size_t>(l)], lo, hi);
}

int MonitorModel::quantise(int f, double scaled) const {
    int best = 0;
    double bestD = 1e300;
    for (int l = 0; l < static_cast<int>(faults[static_cast<size_t>(f)].levels.size()); ++l) {
        const double d = std::abs(scaled - levelTarget(f, l));
        if (d < bestD) { bestD = d; best = l; }
    }
    return best;
}

double MonitorModel::physical(int f, double scaled) const {
    const auto [lo, hi] = levelRange(faults[static_cast<size_t>(f)]);
    return unscale01_09(scaled, lo, hi);
}

Eigen::MatrixXd firstStagePatterns(const MonitorModel& m, const std::vector<QString>& probes,
                                   const std::vector<std::vector<double>>& run, const std::vector<std::vector<double>>& ref) {
    auto index = [&](const QString& p) {
        for (size_t i = 0; i < probes.size(); ++i)
            if (probes[i] == p) return i;
        return probes.size();
    };
    const int n = run.empty() ? 0 : static_cast<int>(run.front().size());
    const int P = std::max(0, n - m.window + 1);
    Eigen::MatrixXd X(m.inputs(), P);
    int row = 0;
    auto fill = [&](const std::vector<SignalSpec>& list, const std::vector<std::vector<double>>& src) {
        for (const SignalSpec& s : list) {
            const std::vector<double>& y = src[index(s.probe)];
            for (int d = 0; d < m.window; ++d, ++row)
                for (int p = 0; p < P; ++p) X(row, p) = scaleTo01_09(y[static_cast<size_t>(p + m.window - 1 - d)], s.lo, s.hi);
        }
    };
    fill(m.sensors, run);
    fill(m.reference, ref);
    return X;
}

Estimates estimate(const MonitorModel& m, const std::vector<QString>& probes, const std::vector<std::vector<double>>& run,
                   const std::vector<std::vector<double>>& ref) {
    Estimates e;
    const int F = static_cast<int>(m.faults.size());
    const Eigen::MatrixXd X = firstStagePatterns(m, probes, run, ref);
    const Eigen::Index P = X.cols(), P2 = std::max<Eigen::Index>(0, P - m.filterWindow + 1);
    Eigen::MatrixXd Y1(F, P);
    for (int f = 0; f < F; ++f) Y1.row(f) = m.stage1[static_cast<size_t>(f)].forward(X).transpose();
    Eigen::MatrixXd X2(F * m.filterWindow, P2);
    for (int f = 0; f < F; ++f)
        for (int d = 0; d < m.filterWindow; ++d)
            for (Eigen::Index p = 0; p < P2; ++p) X2(f * m.filterWindow + d, p) = Y1(f, p + m.filterWindow - 1 - d);
    const int first = m.window - 1 + m.filterWindow - 1;  // sample index of filter output 0
    for (Eigen::Index p = 0; p < P2; ++p) e.time.push_back((first + p) * m.sampleInterval);
    e.stage1.resize(static_cast<size_t>(F));
    e.filter.resize(static_cast<size_t>(F));
    e.level.resize(static_cast<size_t>(F));
    for (int f = 0; f < F; ++f) {
        const Eigen::VectorXd y = m.stage2[static_cast<size_t>(f)].forward(X2);
        auto& lv = e.level[static_cast<size_t>(f)];
        for (Eigen::Index p = 0; p < P2; ++p) {
            e.stage1[static_cast<size_t>(f)].push_back(Y1(f, p + m.filterWindow - 1));
            e.filter[static_cast<size_t>(f)].push_back(y(p));
            if (p + 1 < m.quantiseWindow) { lv.push_back(-1); continue; }
            const double avg = y.segment(p + 1 - m.quantiseWindow, m.quantiseWindow).mean();
            lv.push_back(m.quantise(f, avg));
        }
    }
    return e;
}

double accuracy(const Confusion& c) {
    long hit = 0, all = 0;
    for (size_t i = 0; i < c.size(); ++i)
        for (size_t j = 0; j < c[i].size(); ++j) {
            all += c[i][j];
            if (i == j) hit += c[i][j];
        }
    return all ? static_cast<double>(hit) / static_cast<double>(all) : 0.0;
}

namespace {

Confusion emptyConfusion(size_t n) { return Confusion(n, std::vector<int>(n, 0)); }

// Quantised averages of a scaled output series into a confusion matrix row `truth`.
void countQuantised(const MonitorModel& m, int f, const Eigen::VectorXd& y, int truth, int window, Confusion& c) {
    for (Eigen::Index p = window - 1; p < y.size(); ++p)
        ++c[static_cast<size_t>(truth)][static_cast<size_t>(m.quantise(f, y.segment(p + 1 - window, window).mean()))];
}

// Trains one network on (X, y), early stopping on a seeded 15 % of the patterns.
StageReport trainNet(learn::Mlp& net, const Eigen::MatrixXd& X, const Eigen::VectorXd& y, const Eigen::MatrixXd& Xv,
                     const Eigen::VectorXd& yv, const MonitorSpec& s, std::uint64_t seed, std::atomic<double>& fraction,
                     const std::atomic<bool>* cancel) {
    const learn::Split sp = learn::splitSamples(static_cast<int>(X.cols()), 0.85, 0.15, seed);
    Eigen::MatrixXd Xt(X.rows(), static_cast<Eigen::Index>(sp.train.size())), Xs(X.rows(), static_cast<Eigen::Index>(sp.validation.size()));
    Eigen::VectorXd yt(Xt.cols()), ys(Xs.cols());
    for (size_t i = 0; i < sp.train.size(); ++i) { Xt.col(static_cast<Eigen::Index>(i)) = X.col(sp.train[i]); yt(static_cast<Eigen::Index>(i)) = y(sp.train[i]); }
    for (size_t i = 0; i < sp.validation.size(); ++i) { Xs.col(static_cast<Eigen::Index>(i)) = X.col(sp.validation[i]); ys(static_cast<Eigen::Index>(i)) = y(sp.validation[i]); }
    net.initialise(seed);
    learn::LmOptions o;
    o.maxEpochs = s.maxEpochs;
    o.maxFail = s.maxFail;
    const learn::LmResult r = learn::trainLevenbergMarquardt(
        net, Xt, yt, Xs, ys, o, [&](const learn::EpochReport& e) { fraction.store(double(e.epoch) / s.maxEpochs); }, cancel);
    StageReport rep;
    rep.patterns = static_cast<int>(X.cols());
    rep.epochs = r.epochs;
    rep.seconds = r.seconds;
    rep.stopReason = r.stopReason;
    rep.trainMse = learn::meanSquaredError(net, X, y);
    rep.validationMse = Xv.cols() ? learn::meanSquaredError(net, Xv, yv) : 0.0;
    return rep;
}

Eigen::MatrixXd hcat(const std::vector<Eigen::MatrixXd>& parts, Eigen::Index rows) {
    Eigen::Index n = 0;
    for (const auto& p : parts) n += p.cols();
    Eigen::MatrixXd X(rows, n);
    n = 0;
    for (const auto& p : parts) { X.middleCols(n, p.cols()) = p; n += p.cols(); }
    return X;
}

Eigen::VectorXd constant(Eigen::Index n, double v) { return Eigen::VectorXd::Constant(n, v); }

}  // namespace

MonitorTrainResult trainMonitor(const MonitorSpec& s, const FaultRunSet& set, int jobs,
                                const std::function<void(const TrainProgress&)>& progress, const std::atomic<bool>* cancel) {
    using Clock = std::chrono::steady_clock;
    const auto t0 = Clock::now();
    MonitorTrainResult res;
    if (!set.error.isEmpty()) { res.error = set.error; return res; }
    const FaultRun* free[2] = {set.faultFree(DutyCycle::Training), set.faultFree(DutyCycle::Validation)};
    if (!free[0] || !free[1]) { res.error = "the run set has no fault-free run"; return res; }
    MonitorModel& m = res.model;
    m.sampleInterval = s.sampleInterval;
    m.window = s.window;
    m.filterWindow = s.filterWindow;
    m.quantiseWindow = s.quantiseWindow;
    m.faults = s.faults;
    // Ranges: the spec's, or the training duty cycle's extremes of that probe.
    auto resolve = [&](SignalSpec g) {
        if (g.fixedRange()) return g;
        const int p = set.probeIndex(g.probe);
        double lo = 1e300, hi = -1e300;
        for (const FaultRun& r : set.runs)
            if (r.duty == DutyCycle::Training)
                for (double v : r.samples[static_cast<size_t>(p)]) { lo = std::min(lo, v); hi = std::max(hi, v); }
        if (!(hi > lo)) hi = lo + std::max(1.0, std::abs(lo)) * 1e-9;  // a constant probe
        g.lo = lo;
        g.hi = hi;
        return g;
    };
    for (const SignalSpec& g : s.sensors) m.sensors.push_back(resolve(g));
    for (const SignalSpec& g : s.reference) {
        SignalSpec r = resolve(g);
        for (const SignalSpec& own : m.sensors)  // the reference of a probe is scaled as the probe
            if (own.probe == g.probe && !g.fixedRange()) { r.lo = own.lo; r.hi = own.hi; }
        m.reference.push_back(r);
    }
    const int F = static_cast<int>(s.faults.size());
    const size_t R = set.runs.size();
    std::vector<Eigen::MatrixXd> X1(R);
    for (size_t i = 0; i < R; ++i) X1[i] = firstStagePatterns(m, set.probes, set.runs[i].samples, free[static_cast<int>(set.runs[i].duty)]->samples);

    auto runStage = [&](int stage, int count, const std::function<void(int, std::atomic<double>&)>& job) {
        study::runParallel(count, jobs, job, [&](const study::StudyProgress& p) {
            if (progress) progress({stage, p.done, p.total, p.completed, std::chrono::duration<double>(Clock::now() - t0).count(), p.eta});
        });
    };
    // Stage 1: fault f's network on the fault-free run and the runs of fault f.
    m.stage1.assign(static_cast<size_t>(F), learn::Mlp(m.inputs(), {s.hidden}, learn::Activation::Logistic));
    res.stage1.resize(static_cast<size_t>(F));
    runStage(1, F, [&](int f, std::atomic<double>& fraction) {
        std::vector<Eigen::MatrixXd> xt, xv;
        std::vector<double> tt, tv;
        std::vector<Eigen::Index> nt, nv;
        for (size_t i = 0; i < R; ++i) {
            const FaultRun& r = set.runs[i];
            if (r.fault != -1 && r.fault != f) continue;
            auto& xs = r.duty == DutyCycle::Training ? xt : xv;
            (r.duty == DutyCycle::Training ? tt : tv).push_back(m.levelTarget(f, r.levelOf(f)));
            (r.duty == DutyCycle::Training ? nt : nv).push_back(X1[i].cols());
            xs.push_back(X1[i]);
        }
        auto targets = [](const std::vector<double>& t, const std::vector<Eigen::Index>& n) {
            Eigen::Index total = 0;
            for (auto k : n) total += k;
            Eigen::VectorXd y(total);
            total = 0;
            for (size_t i = 0; i < t.size(); ++i) { y.segment(total, n[i]) = constant(n[i], t[i]); total += n[i]; }
            return y;
        };
        res.stage1[static_cast<size_t>(f)] = trainNet(m.stage1[static_cast<size_t>(f)], hcat(xt, m.inputs()), targets(tt, nt),
                                                      hcat(xv, m.inputs()), targets(tv, nv), s, s.seed + static_cast<std::uint64_t>(f), fraction, cancel);
    });
    if (cancel && cancel->load()) { res.error = "cancelled"; return res; }
    // First-stage outputs of every run, and the filter's patterns.
    std::vector<Eigen::MatrixXd> Y1(R), X2(R);
    for (size_t i = 0; i < R; ++i) {
        Y1[i].resize(F, X1[i].cols());
        for (int f = 0; f < F; ++f) Y1[i].row(f) = m.stage1[static_cast<size_t>(f)].forward(X1[i]).transpose();
        const Eigen::Index P2 = std::max<Eigen::Index>(0, Y1[i].cols() - s.filterWindow + 1);
        X2[i].resize(F * s.filterWindow, P2);
        for (int f = 0; f < F; ++f)
            for (int d = 0; d < s.filterWindow; ++d)
                for (Eigen::Index p = 0; p < P2; ++p) X2[i](f * s.filterWindow + d, p) = Y1[i](f, p + s.filterWindow - 1 - d);
    }
    res.stage1Train.assign(static_cast<size_t>(F), {});
    res.stage1Validation.assign(static_cast<size_t>(F), {});
    for (int f = 0; f < F; ++f) {
        const size_t L = s.faults[static_cast<size_t>(f)].levels.size();
        res.stage1Train[static_cast<size_t>(f)] = emptyConfusion(L);
        res.stage1Validation[static_cast<size_t>(f)] = emptyConfusion(L);
        for (size_t i = 0; i < R; ++i) {
            const FaultRun& r = set.runs[i];
            if (r.fault != -1 && r.fault != f) continue;
            countQuantised(m, f, Y1[i].row(f).transpose(), r.levelOf(f), s.quantiseWindow,
                           r.duty == DutyCycle::Training ? res.stage1Train[static_cast<size_t>(f)] : res.stage1Validation[static_cast<size_t>(f)]);
        }
    }
    // Stage 2: filter network g on every run, target fault g's level in that run.
    const int n2 = s.filterWindow * F;
    m.stage2.assign(static_cast<size_t>(F), learn::Mlp(n2, {s.filterHidden}, learn::Activation::Logistic));
    res.stage2.resize(static_cast<size_t>(F));
    runStage(2, F, [&](int g, std::atomic<double>& fraction) {
        std::vector<Eigen::MatrixXd> xt, xv;
        std::vector<Eigen::VectorXd> yt, yv;
        for (size_t i = 0; i < R; ++i) {
            const FaultRun& r = set.runs[i];
            const bool train = r.duty == DutyCycle::Training;
            (train ? xt : xv).push_back(X2[i]);
            (train ? yt : yv).push_back(constant(X2[i].cols(), m.levelTarget(g, r.levelOf(g))));
        }
        auto vcat = [](const std::vector<Eigen::VectorXd>& v) {
            Eigen::Index n = 0;
            for (const auto& p : v) n += p.size();
            Eigen::VectorXd y(n);
            n = 0;
            for (const auto& p : v) { y.segment(n, p.size()) = p; n += p.size(); }
            return y;
        };
        res.stage2[static_cast<size_t>(g)] = trainNet(m.stage2[static_cast<size_t>(g)], hcat(xt, n2), vcat(yt), hcat(xv, n2), vcat(yv), s,
                                                      s.seed + 1000 + static_cast<std::uint64_t>(g), fraction, cancel);
    });
    if (cancel && cancel->load()) { res.error = "cancelled"; return res; }
    res.train.assign(static_cast<size_t>(F), {});
    res.validation.assign(static_cast<size_t>(F), {});
    for (int g = 0; g < F; ++g) {
        const size_t L = s.faults[static_cast<size_t>(g)].levels.size();
        res.train[static_cast<size_t>(g)] = emptyConfusion(L);
        res.validation[static_cast<size_t>(g)] = emptyConfusion(L);
        for (size_t i = 0; i < R; ++i) {
            const FaultRun& r = set.runs[i];
            countQuantised(m, g, m.stage2[static_cast<size_t>(g)].forward(X2[i]), r.levelOf(g), s.quantiseWindow,
                           r.duty == DutyCycle::Training ? res.train[static_cast<size_t>(g)] : res.validation[static_cast<size_t>(g)]);
        }
    }
    res.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
    return res;
}

}  // namespace hs::monitor
