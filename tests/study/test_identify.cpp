// SPDX-License-Identifier: GPL-3.0-or-later
// GA identification: the resolution bookkeeping of notes/003 Table 7.3 (eq. 7.22-7.23), the
// Hooke-Jeeves search on a function with a known minimum, the spec's error messages, and the
// recovery of two orifice coefficients of the three-orifice circuit from synthetic measurements
// (known values plus noise) within their resolution.
#include <QtTest>
#include <random>

#include "model/circuit_io.h"
#include "service/comparison.h"
#include "sim/registry.h"
#include "study/hooke_jeeves.h"
#include "study/identify_spec.h"
#ifdef HS_HAVE_PAGMO
#include "study/identify.h"
#endif

using namespace hs;

class TestIdentify : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void resolutionsOfTable73();
    void hookeJeevesFindsTheMinimum();
    void specErrorsAreNamed();
    void recoversKnownParameters();
    void nloptRecoversKnownParameters();

private:
    static constexpr double trueO2 = 0.52, trueO3 = 0.71;
    // Measurements of p1 and p2 with O2.Cd = trueO2 and O3.Cd = trueO3, plus 0.2 bar of noise.
    study::MeasuredData syntheticData();
    sim::Registry reg_ = sim::Registry::builtin();
    model::Circuit circuit_;
};

void TestIdentify::initTestCase() {
    auto loaded = model::loadCircuit(HS_EXAMPLES_DIR "/three_orifice.hydro.json", reg_);
    QVERIFY(loaded.ok());
    circuit_ = *loaded.circuit;
    circuit_.duration = 0.5;
}

void TestIdentify::resolutionsOfTable73() {
    // Table 7.3, 6 bits: valve flow 1-5 l/min -> 0.0635, underlap 0-3 % -> 0.0476, F_res 0-300 N
    // -> 4.76, viscous load 3000-12000 -> 143, cross-leak 0-0.08 -> 0.00127, Be 6000-16000 bar -> 159.
    auto r = [](double lo, double hi) { return study::resolutionOf(lo, hi, 6); };
    QCOMPARE(std::round(r(1, 5) * 1e4) / 1e4, 0.0635);
    QCOMPARE(std::round(r(0, 3) * 1e4) / 1e4, 0.0476);
    QCOMPARE(std::round(r(0, 300) * 100) / 100, 4.76);
    QCOMPARE(std::round(r(300, 600) * 100) / 100, 4.76);
    QCOMPARE(std::round(r(3000, 12000)), 143.0);
    QCOMPARE(std::round(r(0, 0.08) * 1e5) / 1e5, 0.00127);
    QCOMPARE(std::round(r(6000, 16000)), 159.0);
    // (7.23): the bits a resolution needs, and back.
    QCOMPARE(study::bitsFor(1, 5, 4.0 / 63), 6);
    QCOMPARE(study::bitsFor(1, 5, 0.0635), 6);
    QCOMPARE(study::bitsFor(1, 5, 0.06), 7);
    QCOMPARE(study::bitsFor(0, 1, 1), 1);
}

void TestIdentify::hookeJeevesFindsTheMinimum() {
    // A narrow valley not along the axes: the pattern move earns its keep.
    auto f = [](const std::vector<double>& x) { return std::pow(x[0] - 1.3, 2) + 10 * std::pow(x[0] + x[1] - 0.5, 2); };
    const study::HookeJeevesResult r = study::hookeJeeves(f, {-2, 3}, {0.5, 0.5}, {-5, -5}, {5, 5}, 4, 6, 10000);
    QVERIFY2(std::abs(r.x[0] - 1.3) < 1e-3 && std::abs(r.x[1] + 0.8) < 1e-3,
             qPrintable(QString("%1 %2").arg(r.x[0]).arg(r.x[1])));
    QVERIFY(r.evaluations < 10000);
    // Bounds hold: with x1 >= 0 the minimum lies on that edge, at x0 = (1.3 + 10*0.5)/11.
    const study::HookeJeevesResult b = study::hookeJeeves(f, {0, 2}, {0.5, 0.5}, {-5, 0}, {1, 5}, 4, 6, 10000);
    QCOMPARE(b.x[1], 0.0);
    QVERIFY2(std::abs(b.x[0] - 6.3 / 11) < 1e-3, qPrintable(QString::number(b.x[0])));
}

void TestIdentify::specErrorsAreNamed() {
    QStringList errors;
    const QByteArray bad = R"({"parameters": [{"name": "O9.Cd", "min": 0.3, "max": 0.9}, {"name": "O2.Cd", "min": 1, "max": 0.5}],
                             "cost": [{"probe": "p9"}], "config": "nope"})";
    QVERIFY(!study::parseIdentifySpec(bad, circuit_, reg_, &errors));
    const QString all = errors.join('\n');
    QVERIFY2(all.contains("$.config: no configuration 'nope'"), qPrintable(all));
    QVERIFY2(all.contains("$.parameters[0].name") && all.contains("no component 'O9'"), qPrintable(all));
    QVERIFY2(all.contains("$.parameters[1]: give min < max"), qPrintable(all));
    QVERIFY2(all.contains("$.cost[0].probe: no probe 'p9'; the probes are: p1, p2"), qPrintable(all));
    errors.clear();
    const QByteArray good = R"({"parameters": [{"name": "O2.Cd", "min": 0.3, "max": 0.9, "resolution": 0.01}],
                              "cost": [{"probe": "p1", "column": "p1 measured", "weight": 2}]})";
    auto spec = study::parseIdentifySpec(good, circuit_, reg_, &errors);
    QVERIFY2(spec, qPrintable(errors.join('\n')));
    QCOMPARE(spec->parameters[0].bits, 6);  // 0.6 / 63 = 0.0095 <= 0.01
    QCOMPARE(spec->cost[0].column, QString("p1 measured"));
    QCOMPARE(spec->ga.islands, 12);  // the thesis' 12 sub-populations by default
}

study::MeasuredData TestIdentify::syntheticData() {
    model::Circuit truth = circuit_;
    for (auto& comp : truth.components) {
        if (comp.id == "O2") comp.num["Cd"] = trueO2;
        if (comp.id == "O3") comp.num["Cd"] = trueO3;
    }
    truth.recordInterval = 0.005;
    const sim::RunResult r = service::runConfiguration(truth, *truth.config("Local implicit 1e-3"), reg_, truth.duration);
    study::MeasuredData data;
    if (!r.ok) return data;
    data.names = {"p1", "p2"};
    data.time = r.trace.time;
    data.columns = r.trace.columns;
    std::mt19937_64 gen(11);
    std::normal_distribution<double> noise(0.0, 2e4);  // 0.2 bar on pressures of up to 67 bar
    for (auto& col : data.columns)
        for (double& v : col) v += noise(gen);
    return data;
}

void TestIdentify::recoversKnownParameters() {
#ifndef HS_HAVE_PAGMO
    QSKIP("built without pagmo2 (libpagmo-dev)");
#else
    const study::MeasuredData data = syntheticData();
    QVERIFY(!data.time.empty());
    QStringList errors;
    auto spec = study::parseIdentifySpec(R"({"config": "Local implicit 1e-3",
        "parameters": [{"name": "O2.Cd", "min": 0.3, "max": 0.9, "bits": 6}, {"name": "O3.Cd", "min": 0.3, "max": 0.9, "bits": 6}],
        "cost": [{"probe": "p1"}, {"probe": "p2"}],
        "ga": {"islands": 4, "population": 16, "generations": 12, "seed": 5}})",
                                         circuit_, reg_, &errors);
    QVERIFY2(spec, qPrintable(errors.join('\n')));
    const study::IdentifyResult res = study::identify(circuit_, reg_, *spec, data, 2, {}, {trueO2, trueO3});
    QCOMPARE(res.error, QString());
    QCOMPARE(res.islands.size(), size_t(4));
    const double resolution = spec->parameters[0].resolution();
    QVERIFY2(std::abs(res.best[0] - trueO2) < resolution && std::abs(res.best[1] - trueO3) < resolution,
             qPrintable(QString("%1 %2 (resolution %3)").arg(res.best[0]).arg(res.best[1]).arg(resolution)));
    // The best ended within the resolution, so the count of evaluations to get there is known.
    QVERIFY(res.evaluationsToTruth > 0 && res.evaluationsToTruth <= res.evaluations);
    // Hooke-Jeeves never makes an island worse, and the best is the least of them.
    for (const auto& isl : res.islands) {
        QVERIFY(isl.refinedCost <= isl.gaCost);
        QVERIFY(res.bestCost <= isl.refinedCost);
    }
    QVERIFY(res.evaluations >= 4 * 16);
#endif
}

// The same identification with NLopt's controlled random search (starts in parallel) instead of
// the GA islands, and the spec's checks of the optimizer.
void TestIdentify::nloptRecoversKnownParameters() {
    QStringList errors;
    QVERIFY(!study::parseIdentifySpec(R"({"parameters": [{"name": "O2.Cd", "min": 0.3, "max": 0.9}], "cost": [{"probe": "p1"}],
        "optimizer": "simplex", "nlopt": {"algorithm": "LN_SBPLX"}})", circuit_, reg_, &errors));
    QVERIFY2(errors.join('\n').contains("$.optimizer: 'pagmo' (the GA islands) or 'nlopt', not 'simplex'"), qPrintable(errors.join('\n')));
    QVERIFY2(errors.join('\n').contains("$.nlopt.algorithm: a global derivative-free"), qPrintable(errors.join('\n')));
#if !defined(HS_HAVE_PAGMO) || !defined(HS_HAVE_NLOPT)
    QSKIP("built without pagmo2 or NLopt (libpagmo-dev, libnlopt-dev)");
#else
    QVERIFY(study::haveNlopt());
    const study::MeasuredData data = syntheticData();
    QVERIFY(!data.time.empty());
    errors.clear();
    auto spec = study::parseIdentifySpec(R"({"config": "Local implicit 1e-3",
        "parameters": [{"name": "O2.Cd", "min": 0.3, "max": 0.9, "bits": 6}, {"name": "O3.Cd", "min": 0.3, "max": 0.9, "bits": 6}],
        "cost": [{"probe": "p1"}, {"probe": "p2"}],
        "optimizer": "nlopt", "nlopt": {"algorithm": "gn_crs2_lm", "evaluations": 150, "starts": 3, "seed": 5}})",
                                         circuit_, reg_, &errors);
    QVERIFY2(spec, qPrintable(errors.join('\n')));
    const study::IdentifyResult res = study::identify(circuit_, reg_, *spec, data, 2, {}, {trueO2, trueO3});
    QCOMPARE(res.error, QString());
    QCOMPARE(res.islands.size(), size_t(3));
    QVERIFY(res.method.contains("GN_CRS2_LM"));
    const double resolution = spec->parameters[0].resolution();
    QVERIFY2(std::abs(res.best[0] - trueO2) < resolution && std::abs(res.best[1] - trueO3) < resolution,
             qPrintable(QString("%1 %2 (resolution %3)").arg(res.best[0]).arg(res.best[1]).arg(resolution)));
    QVERIFY(res.evaluationsToTruth > 0 && res.evaluationsToTruth <= res.evaluations);
    // each start stops at its evaluation budget; Hooke-Jeeves adds its own
    QVERIFY(res.evaluations > 3 * 150 / 2);
    for (const auto& isl : res.islands) QVERIFY(isl.refinedCost <= isl.gaCost);
    // an unknown NLopt algorithm is named
    spec->nlopt.algorithm = "GN_NOTHING";
    QVERIFY2(study::identify(circuit_, reg_, *spec, data, 2).error.contains("NLopt has no algorithm 'GN_NOTHING'"),
             "unknown algorithm");
#endif
}

QTEST_APPLESS_MAIN(TestIdentify)
#include "test_identify.moc"
