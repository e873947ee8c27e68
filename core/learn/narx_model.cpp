// SPDX-License-Identifier: GPL-3.0-or-later
#include "narx_model.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace hs::learn {

namespace {

double scale(double v, double lo, double hi) { return hi > lo ? 2.0 * (v - lo) / (hi - lo) - 1.0 : 0.0; }

std::string num(double v) {
    char buf[32];
    auto r = std::to_chars(buf, buf + sizeof buf, v);
    return std::string(buf, r.ptr);
}

bool parseNum(const std::string& s, double& v) {
    const char* b = s.data();
    const char* e = b + s.size();
    while (b < e && *b == ' ') ++b;
    auto r = std::from_chars(b, e, v);
    return r.ec == std::errc() && r.ptr == e;
}

}  // namespace

const char* trainerName(Trainer t) { return t == Trainer::Adam ? "adam" : "lm"; }

bool parseTrainer(const std::string& s, Trainer& t) {
    if (s == "lm") t = Trainer::LevenbergMarquardt;
    else if (s == "adam") t = Trainer::Adam;
    else return false;
    return true;
}

std::string NarxModel::infoValue(const std::string& key) const {
    for (const auto& [k, v] : info)
        if (k == key) return v;
    return {};
}

void NarxModel::setInfo(const std::string& key, const std::string& value) {
    for (auto& [k, v] : info)
        if (k == key) { v = value; return; }
    info.emplace_back(key, value);
}

void NarxModel::regressor(const double* u, const double* y, double* out) const {
    const int m = exogenous();
    int k = 0;
    for (int lag = 0; lag < delay; ++lag)
        for (int i = 0; i < m; ++i) out[k++] = scale(u[lag * m + i], inLo[static_cast<size_t>(i)], inHi[static_cast<size_t>(i)]);
    for (int lag = 0; lag < delay; ++lag) out[k++] = scale(y[lag], outLo, outHi);
}

double NarxModel::predict(const double* u, const double* y) const {
    double r[256];
    std::vector<double> big;
    double* x = r;
    if (regressorSize() > 256) {
        big.resize(static_cast<size_t>(regressorSize()));
        x = big.data();
    }
    regressor(u, y, x);
    const double s = net.forward1(x);
    return outHi > outLo ? outLo + 0.5 * (s + 1.0) * (outHi - outLo) : outLo;
}

double NarxModel::outsideRange(int i, double v) const {
    const double lo = i < exogenous() ? inLo[static_cast<size_t>(i)] : outLo;
    const double hi = i < exogenous() ? inHi[static_cast<size_t>(i)] : outHi;
    double span = hi - lo;
    if (!(span > 0)) span = std::max({std::abs(lo), std::abs(hi), 1e-300});
    if (v < lo) return (lo - v) / span;
    if (v > hi) return (v - hi) / span;
    return std::isfinite(v) ? 0.0 : INFINITY;
}

NarxTrainResult trainNarx(const Dataset& data, const NarxTrainOptions& o,
                          const std::function<void(const EpochReport&)>& progress, const std::atomic<bool>* cancel) {
    NarxTrainResult res;
    NarxModel& m = res.model;
    if (o.delay < 1) { res.error = "the delay order must be at least 1"; return res; }
    std::vector<const std::vector<double>*> u;
    for (const auto& name : o.inputs) {
        const int c = data.column(name);
        if (c < 0) { res.error = "the dataset has no column '" + name + "'"; return res; }
        u.push_back(&data.columns[static_cast<size_t>(c)]);
    }
    const int yc = data.column(o.output);
    if (yc < 0) { res.error = "the dataset has no column '" + o.output + "'"; return res; }
    const auto& y = data.columns[static_cast<size_t>(yc)];
    double h = 0;
    if (!parseNum(data.metaValue("sample_interval"), h) || !(h > 0)) {
        const int tc = data.column("t");
        if (tc >= 0 && data.rows() > 1) h = data.columns[static_cast<size_t>(tc)][1] - data.columns[static_cast<size_t>(tc)][0];
    }
    if (!(h > 0)) { res.error = "the dataset states no sample interval (meta 'sample_interval' or a 't' column)"; return res; }
    const int n = static_cast<int>(data.rows()) - o.delay;
    if (n < 10) { res.error = "the dataset has too few samples for delay " + std::to_string(o.delay); return res; }

    m.inputs = o.inputs;
    m.output = o.output;
    m.delay = o.delay;
    m.sampleInterval = h;
    const int me = m.exogenous();
    m.inLo.resize(static_cast<size_t>(me));
    m.inHi.resize(static_cast<size_t>(me));
    for (int i = 0; i < me; ++i) {
        const auto [lo, hi] = std::minmax_element(u[static_cast<size_t>(i)]->begin(), u[static_cast<size_t>(i)]->end());
        m.inLo[static_cast<size_t>(i)] = *lo;
        m.inHi[static_cast<size_t>(i)] = *hi;
    }
    const auto [ylo, yhi] = std::minmax_element(y.begin(), y.end());
    m.outLo = *ylo;
    m.outHi = *yhi;
    m.net = Mlp(m.regressorSize(), o.hidden, o.activation);
    m.net.initialise(o.seed);

    // Regressor of target row j + 1 (j = delay-1 .. rows-2): u(j..j-d+1), y(j..j-d+1).
    Eigen::MatrixXd X(m.regressorSize(), n);
    Eigen::VectorXd Y(n);
    std::vector<double> uh(static_cast<size_t>(o.delay * me)), yh(static_cast<size_t>(o.delay));
    for (int r = 0; r < n; ++r) {
        const int j = r + o.delay - 1;
        for (int lag = 0; lag < o.delay; ++lag) {
            for (int i = 0; i < me; ++i) uh[static_cast<size_t>(lag * me + i)] = (*u[static_cast<size_t>(i)])[static_cast<size_t>(j - lag)];
            yh[static_cast<size_t>(lag)] = y[static_cast<size_t>(j - lag)];
        }
        m.regressor(uh.data(), yh.data(), X.col(r).data());
        Y[r] = scale(y[static_cast<size_t>(j + 1)], m.outLo, m.outHi);
    }
    const Split s = splitSamples(n, o.trainFraction, o.validationFraction, o.seed);
    auto take = [&](const std::vector<int>& idx, Eigen::MatrixXd& Xs, Eigen::VectorXd& Ys) {
        Xs.resize(X.rows(), static_cast<Eigen::Index>(idx.size()));
        Ys.resize(static_cast<Eigen::Index>(idx.size()));
        for (size_t k = 0; k < idx.size(); ++k) {
            Xs.col(static_cast<Eigen::Index>(k)) = X.col(idx[k]);
            Ys[static_cast<Eigen::Index>(k)] = Y[idx[k]];
        }
    };
    Eigen::MatrixXd Xt, Xv, Xs;
    Eigen::VectorXd Yt, Yv, Ys;
    take(s.train, Xt, Yt);
    take(s.validation, Xv, Yv);
    take(s.test, Xs, Ys);
    X.resize(0, 0);
    res.samples = n;
    const std::clock_t c0 = std::clock();
    if (o.trainer == Trainer::Adam) {
        AdamOptions ao = o.adam;
        ao.seed = o.seed;
        res.lm = trainAdam(m.net, Xt, Yt, Xv, Yv, ao, progress, cancel);
    } else {
        res.lm = trainLevenbergMarquardt(m.net, Xt, Yt, Xv, Yv, o.lm, progress, cancel);
    }
    res.cpuSeconds = static_cast<double>(std::clock() - c0) / CLOCKS_PER_SEC;
    res.lm.testMse = meanSquaredError(m.net, Xs, Ys);
    m.setInfo("samples", std::to_string(n));
    m.setInfo("split", "train " + std::to_string(s.train.size()) + ", validation " + std::to_string(s.validation.size()) +
                           ", test " + std::to_string(s.test.size()) + " (seed " + std::to_string(o.seed) + ")");
    m.setInfo("trainer", trainerName(o.trainer));
    m.setInfo("epochs", std::to_string(res.lm.epochs) + " (best " + std::to_string(res.lm.bestEpoch) + ", " + res.lm.stopReason + ")");
    m.setInfo("train_mse", num(res.lm.trainMse));
    m.setInfo("validation_mse", num(res.lm.validationMse));
    m.setInfo("test_mse", num(res.lm.testMse));
    m.setInfo("training_seconds", num(res.lm.seconds));
    m.setInfo("training_cpu_seconds", num(res.cpuSeconds));
    m.setInfo("data_hash", datasetHash(data));
    if (res.lm.cancelled) { res.error = "training cancelled"; return res; }
    res.ok = true;
    return res;
}

double rrmsePercent(const std::vector<double>& yRef, const std::vector<double>& y, size_t from) {
    double se = 0, mabs = 0;
    size_t n = 0;
    for (size_t i = from; i < yRef.size() && i < y.size(); ++i, ++n) {
        se += (y[i] - yRef[i]) * (y[i] - yRef[i]);
        mabs += std::abs(yRef[i]);
    }
    if (n == 0 || !(mabs > 0)) return 0.0;
    return 100.0 * std::sqrt(se / static_cast<double>(n)) / (mabs / static_cast<double>(n));
}

NarxReplay replayNarx(const NarxModel& m, const Dataset& data) {
    NarxReplay r;
    std::vector<const std::vector<double>*> u;
    for (const auto& name : m.inputs) {
        const int c = data.column(name);
        if (c < 0) { r.error = "the dataset has no column '" + name + "'"; return r; }
        u.push_back(&data.columns[static_cast<size_t>(c)]);
    }
    const int yc = data.column(m.output);
    if (yc < 0) { r.error = "the dataset has no column '" + m.output + "'"; return r; }
    const auto& y = data.columns[static_cast<size_t>(yc)];
    const int rows = static_cast<int>(data.rows()), d = m.delay, me = m.exogenous();
    if (rows <= d) { r.error = "the dataset has too few samples for delay " + std::to_string(d); return r; }
    r.seriesParallel.assign(y.begin(), y.begin() + d);
    r.inputReplay = r.seriesParallel;
    std::vector<double> uh(static_cast<size_t>(d * me)), yh(static_cast<size_t>(d)), yo(static_cast<size_t>(d));
    for (int j = d - 1; j + 1 < rows; ++j) {
        for (int lag = 0; lag < d; ++lag) {
            for (int i = 0; i < me; ++i) uh[static_cast<size_t>(lag * me + i)] = (*u[static_cast<size_t>(i)])[static_cast<size_t>(j - lag)];
            yh[static_cast<size_t>(lag)] = y[static_cast<size_t>(j - lag)];
            yo[static_cast<size_t>(lag)] = r.inputReplay[static_cast<size_t>(j - lag)];
        }
        r.seriesParallel.push_back(m.predict(uh.data(), yh.data()));
        r.inputReplay.push_back(m.predict(uh.data(), yo.data()));
    }
    r.rrmseSeriesParallel = rrmsePercent(y, r.seriesParallel, static_cast<size_t>(d));
    r.rrmseInputReplay = rrmsePercent(y, r.inputReplay, static_cast<size_t>(d));
    r.ok = true;
    return r;
}

std::string defaultNarxModelPath(const std::string& circuitFile, const std::string& volume) {
    const std::filesystem::path p(circuitFile);
    std::string stem = p.filename().string();
    stem = stem.substr(0, stem.find('.'));
    return (p.parent_path() / (stem + "." + volume + ".narx")).string();
}

// --- file ------------------------------------------------------------------------------------

bool saveNarxModel(const std::string& path, const NarxModel& m, std::string& error) {
    const std::string tmp = path + ".part";
    {
        std::ofstream out(tmp, std::ios::binary);
        if (!out) { error = "cannot write '" + path + "'"; return false; }
        out << "hydrostiff-narx 1\n";
        for (const auto& [k, v] : m.info) out << "info " << k << ": " << v << '\n';
        out << "output " << m.output << ' ' << num(m.outLo) << ' ' << num(m.outHi) << '\n';
        for (int i = 0; i < m.exogenous(); ++i)
            out << "input " << m.inputs[static_cast<size_t>(i)] << ' ' << num(m.inLo[static_cast<size_t>(i)]) << ' '
                << num(m.inHi[static_cast<size_t>(i)]) << '\n';
        out << "delay " << m.delay << '\n';
        out << "sample_interval " << num(m.sampleInterval) << '\n';
        out << "activation " << activationName(m.net.activation()) << '\n';
        out << "hidden";
        for (int h : m.net.hidden()) out << ' ' << h;
        out << '\n';
        out << "weights " << m.net.weightCount() << '\n';
        for (int i = 0; i < m.net.weightCount(); ++i) out << num(m.net.weights()[i]) << '\n';
        if (!out) { error = "write error on '" + path + "'"; return false; }
    }
    if (std::rename(tmp.c_str(), path.c_str()) != 0) { error = "cannot rename to '" + path + "'"; return false; }
    return true;
}

bool loadNarxModel(const std::string& path, NarxModel& m, std::string& error) {
    std::ifstream in(path, std::ios::binary);
    if (!in) { error = "cannot open NARX model '" + path + "'"; return false; }
    m = {};
    std::string line;
    if (!std::getline(in, line) || line.rfind("hydrostiff-narx 1", 0) != 0) {
        error = "'" + path + "' is not a HydroStiff NARX model (first line 'hydrostiff-narx 1')";
        return false;
    }
    Activation act = Activation::Logistic;
    std::vector<int> hidden;
    int weights = -1;
    bool haveOutput = false;
    auto bad = [&](const std::string& what) {
        error = "NARX model '" + path + "': " + what;
        return false;
    };
    while (weights < 0 && std::getline(in, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        std::istringstream ls(line);
        std::string key;
        ls >> key;
        if (key == "info") {
            const auto colon = line.find(':');
            if (colon == std::string::npos) return bad("info line without ':'");
            std::string v = line.substr(colon + 1);
            v.erase(0, v.find_first_not_of(' '));
            m.info.emplace_back(line.substr(5, colon - 5), v);
        } else if (key == "output" || key == "input") {
            std::string name, lo, hi;
            double a = 0, b = 0;
            ls >> name >> lo >> hi;
            if (!parseNum(lo, a) || !parseNum(hi, b)) return bad("bad range on line '" + line + "'");
            if (key == "output") {
                m.output = name;
                m.outLo = a;
                m.outHi = b;
                haveOutput = true;
            } else {
                m.inputs.push_back(name);
                m.inLo.push_back(a);
                m.inHi.push_back(b);
            }
        } else if (key == "delay") {
            ls >> m.delay;
        } else if (key == "sample_interval") {
            std::string v;
            ls >> v;
            if (!parseNum(v, m.sampleInterval)) return bad("bad sample_interval");
        } else if (key == "activation") {
            std::string v;
            ls >> v;
            if (!parseActivation(v, act)) return bad("unknown activation '" + v + "'");
        } else if (key == "hidden") {
            int h;
            while (ls >> h) hidden.push_back(h);
        } else if (key == "weights") {
            ls >> weights;
        } else if (!key.empty()) {
            return bad("unknown line '" + line + "'");
        }
    }
    if (!haveOutput || m.inputs.empty()) return bad("output or inputs missing");
    if (m.delay < 1 || !(m.sampleInterval > 0)) return bad("delay or sample_interval missing");
    for (int h : hidden)
        if (h < 1 || h > 100000) return bad("bad hidden layer size");
    m.net = Mlp(m.regressorSize(), hidden, act);
    if (weights != m.net.weightCount())
        return bad("holds " + std::to_string(weights) + " weights, the layers need " + std::to_string(m.net.weightCount()));
    for (int i = 0; i < weights; ++i) {
        if (!std::getline(in, line)) return bad("the file ends after " + std::to_string(i) + " weights");
        if (!parseNum(line, m.net.weights()[i])) return bad("weight " + std::to_string(i) + " is not a number");
    }
    return true;
}

std::string narxModelHash(const NarxModel& m) {
    std::uint64_t h = fnv1a(m.net.weights().data(), static_cast<size_t>(m.net.weightCount()) * sizeof(double));
    h = fnv1a(m.inLo.data(), m.inLo.size() * sizeof(double), h);
    h = fnv1a(m.inHi.data(), m.inHi.size() * sizeof(double), h);
    const double r[3] = {m.outLo, m.outHi, m.sampleInterval};
    return hashHex(fnv1a(r, sizeof r, h));
}

}  // namespace hs::learn
