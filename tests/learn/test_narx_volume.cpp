// SPDX-License-Identifier: GPL-3.0-or-later
// A NARX surrogate of a linear volume (laminar in, laminar out, constant Be, a random supply):
// over one sample interval the exact dynamics are linear in the NARX inputs, so a network with
// a linear hidden layer must recover them; then the narx method closed loop must follow the
// reference, and inputs outside the training range must go to the fallback and be counted.
// Also the dataset and model file round trips.
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

#include "learn/narx_data.h"
#include "learn/narx_model.h"
#include "sim/methods/narx_features.h"
#include "sim_test_util.h"

using namespace hs::sim;
using namespace hs::sim::test;
using namespace hs::learn;

namespace {

constexpr double kG = 1e-11, kV = 1e-5, kBe = 1e9, kH = 1e-4;  // tau = V/(2 G Be) = 0.5 ms

// PRMS supply (a level in [lo, hi] Pa held 50 ms, switching half-way between two samples) ->
// laminar G -> Volume -> laminar G -> tank 0. Only the samples whose interval holds a switch
// (1 in 500) are not an exact linear map of the inputs.
Netlist linearVolume(double lo, double hi, double seed) {
    Netlist n;
    n.fluid.bulk = constantBe(kBe);
    n.components = {comp("PRMS", "cmd", {{"period", 0.05}, {"min", lo}, {"max", hi}, {"seed", seed}, {"delay", 0.5 * kH}}),
                    comp("PressureSource", "ps"), comp("LaminarOrifice", "gin", {{"G", kG}}),
                    comp("Volume", "V", {{"V", kV}, {"p0", 0}}), comp("LaminarOrifice", "gout", {{"G", kG}}),
                    comp("Tank", "t", {{"p", 0}})};
    n.wires = {wire("cmd", "out", "ps", "p"), wire("ps", "P", "gin", "A"), wire("gin", "B", "V", "P1"),
               wire("V", "P2", "gout", "A"), wire("gout", "B", "t", "P")};
    return n;
}

NarxModel trainedModel(NarxTrainResult* out = nullptr) {
    NarxDataOptions o;
    o.volume = "V";
    o.reference = solver("rk4", 1e-5);
    o.duration = 3.0;
    o.sampleInterval = kH;
    const NarxDataResult d = generateNarxData(registry(), linearVolume(2e6, 1e7, 3), o);
    if (!d.ok) qFatal("%s", d.error.c_str());
    NarxTrainOptions t;
    t.inputs.assign(narx::kInputNames.begin(), narx::kInputNames.end());
    t.output = narx::kOutputName;
    t.delay = 1;
    t.hidden = {2};
    t.activation = Activation::Linear;
    t.lm.maxEpochs = 40;
    NarxTrainResult r = trainNarx(d.data, t);
    if (!r.ok) qFatal("%s", r.error.c_str());
    if (out) *out = r;
    return r.model;
}

}  // namespace

class TestNarxVolume : public QObject {
    Q_OBJECT
private slots:
    void recoversTheExactDiscreteDynamics() {
        NarxTrainResult r;
        const NarxModel m = trainedModel(&r);
        // The samples whose interval holds a switch of the supply (1 in 500) cannot be fitted: the
        // inputs at the start of the interval do not know the new level. They set the MSE floor.
        QVERIFY2(r.lm.validationMse < 5e-5, qPrintable(QString::number(r.lm.validationMse)));
        // Exact map over h with the supply held: p+ = a p + (1 - a) ps/2, a = exp(-2 G Be h / V),
        // and ps = p + q_in/G from the inputs.
        const double a = std::exp(-2 * kG * kBe * kH / kV);
        for (double p : {3e6, 4.5e6}) {
            for (double ps : {5e6, 8e6}) {
                const double u[4] = {kG * (ps - p), kG * p, kBe, kV};
                const double exact = a * p + (1 - a) * ps / 2;
                QVERIFY2(std::abs(m.predict(u, &p) - exact) < 1e-4 * exact,
                         qPrintable(QString("p %1 ps %2: %3 vs %4").arg(p).arg(ps).arg(m.predict(u, &p)).arg(exact)));
            }
        }
    }

    void closedLoopFollowsTheReference() {
        QTemporaryDir dir;
        const std::string path = dir.filePath("v.narx").toStdString();
        std::string e;
        QVERIFY(saveNarxModel(path, trainedModel(), e));
        const Netlist test = linearVolume(2e6, 1e7, 99);  // another random sequence, same range
        SolverSettings s = solver("rk4", kH);
        s.methods["V"].method = "narx";
        s.methods["V"].text["model"] = path;
        const std::vector<ProbeSpec> probe = {{"p", "pressure", "V"}};
        const RunResult ref = buildAndRun(test, probe, runOptions(solver("rk4", 1e-5), 1.0, kH));
        const RunResult got = buildAndRun(test, probe, runOptions(s, 1.0, kH));
        QVERIFY2(got.ok, got.error.c_str());
        // Closed loop, the network must reproduce the exact map over each interval driven by the
        // supply as the node saw it at the start of the interval (read back from the run).
        const RunResult seen = buildAndRun(test, {{"p", "pressure", "V"}, {"ps", "pressure", "ps.P"}}, runOptions(s, 1.0, kH));
        QVERIFY2(seen.ok, seen.error.c_str());
        const double a = std::exp(-2 * kG * kBe * kH / kV);
        double p = 0, worst = 0;
        for (size_t k = 0; k + 1 < seen.trace.time.size(); ++k) {
            p = a * p + (1 - a) * seen.trace.columns[1][k] / 2;
            worst = std::max(worst, std::abs(seen.trace.columns[0][k + 1] - p));
        }
        // (1e-3 of the 5 MPa node range; the unfittable switch samples tilt the fit that little. A
        // history shifted by one sample would be off by ~3e5 Pa at every switch.)
        QVERIFY2(worst < 5e3, qPrintable(QString("closed loop off the exact discrete map by %1 Pa").arg(worst)));
        // Against the continuous reference the surrogate lags each supply switch by one sample
        // (the switches fall inside intervals): an error of the order of one step's response.
        const double err = compareTraces(ref.trace, got.trace).front().rrmse;
        QVERIFY2(err < 2.0, qPrintable(QString("RRMSE %1 %").arg(err)));
        QCOMPARE(got.methodStats.front().second.guardedSteps, std::int64_t(0));
    }

    // learn narx-eval's replays: open loop (the recorded pressures fed back) is the one-step map,
    // exact here except in the 1-in-500 intervals that hold a supply switch (measured 0.22 %). The
    // free replay of the recorded inputs feeds the model's own pressures back: the recorded
    // inputs q_in = G (ps - p), q_out = G p were computed at the recorded p, so they contradict a
    // replayed p that has drifted, and how the network splits the dependence between q and p
    // (equivalent on the data) decides the result (measured 9.5 %): no better than open loop.
    void openLoopAndInputReplay() {
        const std::vector<double> ref = {1, 2, 3, 4}, off = {1.25, 2.25, 2.75, 4.25};  // |error| 0.25 everywhere
        QVERIFY(std::abs(rrmsePercent(ref, off) - 10.0) < 1e-12);  // 100 RMSE / mean|ref|
        const NarxModel m = trainedModel();
        NarxDataOptions o;
        o.volume = "V";
        o.reference = solver("rk4", 1e-5);
        o.duration = 1.0;
        o.sampleInterval = kH;
        const NarxDataResult d = generateNarxData(registry(), linearVolume(2e6, 1e7, 99), o);
        QVERIFY2(d.ok, d.error.c_str());
        const NarxReplay r = replayNarx(m, d.data);
        QVERIFY2(r.ok, r.error.c_str());
        const auto& p = d.data.columns[static_cast<size_t>(d.data.column("p"))];
        QCOMPARE(r.seriesParallel.size(), p.size());
        QCOMPARE(r.inputReplay.size(), p.size());
        QCOMPARE(r.seriesParallel.front(), p.front());  // the first `delay` rows copy the record
        QVERIFY2(r.rrmseSeriesParallel < 0.5, qPrintable(QString::number(r.rrmseSeriesParallel)));
        QVERIFY2(std::isfinite(r.rrmseInputReplay) && r.rrmseInputReplay < 100.0, qPrintable(QString::number(r.rrmseInputReplay)));
        QVERIFY(r.rrmseSeriesParallel <= r.rrmseInputReplay);
        qInfo("open loop RRMSE %g %%, input replay %g %%", r.rrmseSeriesParallel, r.rrmseInputReplay);
    }

    void outOfRangeInputsFallBackAndAreCounted() {
        QTemporaryDir dir;
        const std::string path = dir.filePath("v.narx").toStdString();
        std::string e;
        QVERIFY(saveNarxModel(path, trainedModel(), e));
        const Netlist high = linearVolume(2e6, 2e7, 5);  // supply up to twice the training range
        SolverSettings s = solver("rk4", kH);
        s.methods["V"].method = "narx";
        s.methods["V"].text["model"] = path;
        const std::vector<ProbeSpec> probe = {{"p", "pressure", "V"}};
        const RunResult guarded = buildAndRun(high, probe, runOptions(s, 0.5, kH));
        QVERIFY2(guarded.ok, guarded.error.c_str());
        QVERIFY(guarded.methodStats.front().second.guardedSteps > 0);
        s.methods["V"].params["fallback"] = 2;  // stop
        const RunResult stopped = buildAndRun(high, probe, runOptions(s, 0.5, kH));
        QVERIFY(!stopped.ok);
        QVERIFY2(stopped.error.find("outside") != std::string::npos && stopped.error.find("training range") != std::string::npos,
                 stopped.error.c_str());
        // A step other than the model's interval is refused with the reason.
        s.dt = 2 * kH;
        s.methods["V"].params.clear();
        const RunResult wrongStep = buildAndRun(high, probe, runOptions(s, 0.1, kH));
        QVERIFY(!wrongStep.ok);
        QVERIFY2(wrongStep.error.find("sample interval") != std::string::npos, wrongStep.error.c_str());
    }

    void modelAndDatasetFilesRoundTrip() {
        QTemporaryDir dir;
        const NarxModel m = trainedModel();
        const std::string path = dir.filePath("v.narx").toStdString();
        std::string e;
        QVERIFY(saveNarxModel(path, m, e));
        NarxModel back;
        QVERIFY2(loadNarxModel(path, back, e), e.c_str());
        QCOMPARE(narxModelHash(back), narxModelHash(m));
        QCOMPARE(back.infoValue("validation_mse"), m.infoValue("validation_mse"));
        Dataset d;
        d.meta = {{"sample_interval", "0.001"}};
        d.names = {"t", "a"};
        d.columns = {{0, 0.001, 0.002}, {1.0 / 3, -2e-300, 5e7}};
        QVERIFY(writeDatasetCsv(dir.filePath("d.csv").toStdString(), d, e));
        Dataset r;
        QVERIFY2(readDatasetCsv(dir.filePath("d.csv").toStdString(), r, e), e.c_str());
        QCOMPARE(r.columns, d.columns);
        QCOMPARE(r.metaValue("sample_interval"), std::string("0.001"));
        QCOMPARE(datasetHash(r), datasetHash(d));
        QVERIFY(!loadNarxModel(dir.filePath("d.csv").toStdString(), back, e));
        QVERIFY2(e.find("not a HydroStiff NARX model") != std::string::npos, e.c_str());
    }

    void randomExcitationReplacesOnlySignalSources() {
        Netlist n = linearVolume(0, 1, 1);
        QVERIFY(applyRandomExcitations(registry(), n, {{"cmd", -1, 1, 0.1, 4}}).empty());
        QCOMPARE(n.components[0].type, std::string("PRMS"));
        QCOMPARE(n.components[0].num.at("seed"), 4.0);
        const std::string e = applyRandomExcitations(registry(), n, {{"gin", -1, 1, 0.1, 4}});
        QVERIFY2(e.find("not a signal source") != std::string::npos, e.c_str());
        QVERIFY(netlistHash(linearVolume(0, 1, 1)) != netlistHash(linearVolume(0, 1, 2)));
    }
};

QTEST_APPLESS_MAIN(TestNarxVolume)
#include "test_narx_volume.moc"
