// SPDX-License-Identifier: GPL-3.0-or-later
// sim::suggest on made-up samples: the start state does not decide, the share of unstable samples,
// quasi-steady only for a fast node that cannot be closed off (else local_implicit), the step
// counts and quasi-steady's expected lag RMS(tau |dp/dt|).
#include <QtTest>

#include <cmath>
#include <limits>

#include "sim/method_suggestion.h"

using namespace hs::sim;

namespace {

constexpr double kRk4 = 2.785293563405282;

// A volume sampled at t = 0, 1, ..., n: tau(t) from the list (the first is the start state).
VolumeStiffness volume(const std::vector<double>& taus, double dpdt = 0, bool closable = false) {
    VolumeStiffness v;
    v.name = "V";
    v.start.tau = taus.front();
    for (size_t k = 0; k < taus.size(); ++k) v.samples.push_back({static_cast<double>(k), 1e5, taus[k], dpdt});
    v.closure.closable = closable;
    if (closable) v.closure.blockers = {"valve", "check"};
    else v.closure.conductors = {"orifice"};
    v.tauMin = std::numeric_limits<double>::infinity();
    v.tauMax = 0;
    for (size_t k = 1; k < taus.size(); ++k) {
        if (taus[k] < v.tauMin) v.tauMin = taus[k], v.tTauMin = static_cast<double>(k);
        v.tauMax = std::max(v.tauMax, taus[k]);
    }
    return v;
}

}  // namespace

class TestMethodSuggestion : public QObject {
    Q_OBJECT
private slots:
    // tau 1e-7 at the start only, 1e-3 after: RK4 at 1e-5 s is stable on every later sample.
    void startStateDoesNotDecide() {
        const Suggestion s = suggest(volume({1e-7, 1e-3, 1e-3, 2e-3}), "rk4", 1e-5, 10.0);
        QCOMPARE(QString::fromStdString(s.method), QString("integrate"));
        QCOMPARE(s.unstableShare, 0.0);
        QVERIFY(s.unstableAtStart);
        QCOMPARE(s.steps, 1e6);
        QVERIFY(std::isnan(s.expectedLag));
        QVERIFY(QString::fromStdString(s.reason).contains("at the initial state tau is 1e-07 s"));
    }
    // One sample of four beyond the limit (tau 1e-6 at 1e-5 s): 25 %, and a stable method.
    void shareOfUnstableSamples() {
        const Suggestion s = suggest(volume({1e-3, 1e-3, 1e-6, 1e-3, 1e-3}), "rk4", 1e-5, 1.0);
        QCOMPARE(s.unstableShare, 0.25);
        QCOMPARE(QString::fromStdString(s.method), QString("local_implicit"));
        QVERIFY(std::abs(s.integrateStep / (0.5 * kRk4 * 1e-6) - 1) < 1e-9);
        QVERIFY(std::abs(s.integrateSteps - 1.0 / (0.5 * kRk4 * 1e-6)) < 1e-6 * s.integrateSteps);
        QVERIFY(QString::fromStdString(s.reason).contains("not quasi_steady: the time constant reaches 0.001 s"));
    }
    // Exactly at the limit is stable; just above is not (Euler: 2 tau).
    void limitIsTheStepper() {
        QCOMPARE(suggest(volume({1e-3, 1e-3}), "euler", 2e-3, 1.0).unstableShare, 0.0);
        QCOMPARE(suggest(volume({1e-3, 1e-3}), "euler", 2.01e-3, 1.0).unstableShare, 1.0);
        QCOMPARE(suggest(volume({1e-3, 1e-3}), "rk4", 2.01e-3, 1.0).unstableShare, 0.0);
    }
    // Fast on every sample (tau <= dt/20) and always conducting: quasi-steady, lag RMS(tau dp/dt).
    void fastOpenNodeIsQuasiSteady() {
        const Suggestion s = suggest(volume({1e-7, 1e-6, 4e-6}, 1e6), "rk4", 1e-4, 1.0);
        QCOMPARE(QString::fromStdString(s.method), QString("quasi_steady"));
        const double lag = std::sqrt((1.0 * 1.0 + 4.0 * 4.0) / 2.0);  // tau*dp/dt = 1, 4 Pa
        QVERIFY2(std::abs(s.expectedLag - lag) < 1e-9, qPrintable(QString::number(s.expectedLag)));
        QVERIFY(!s.closable);
    }
    // The same node closable: never quasi-steady.
    void closableNodeIsLocalImplicit() {
        const Suggestion s = suggest(volume({1e-7, 1e-6, 4e-6}, 1e6, true), "rk4", 1e-4, 1.0);
        QCOMPARE(QString::fromStdString(s.method), QString("local_implicit"));
        QVERIFY(s.closable);
        QVERIFY(std::isnan(s.expectedLag));
        QVERIFY(QString::fromStdString(s.reason).contains("every flow path of the node can close (valve, check)"));
    }
    // Isolated on some samples (tau infinite): stable there, and not fast: no quasi-steady.
    void isolatedSamples() {
        const double inf = std::numeric_limits<double>::infinity();
        const Suggestion s = suggest(volume({1e-7, 1e-6, inf, 1e-6}), "rk4", 1e-4, 1.0);
        QVERIFY(std::abs(s.unstableShare - 2.0 / 3.0) < 1e-12);
        QCOMPARE(QString::fromStdString(s.method), QString("local_implicit"));
    }
    void implicitAndAdaptiveSteppersIntegrate() {
        for (const char* st : {"sdirk2", "implicit_euler", "cvode", "dopri5"})
            QCOMPARE(QString::fromStdString(suggest(volume({1e-9, 1e-9}), st, 1e-3, 1.0).method), QString("integrate"));
    }
};

QTEST_MAIN(TestMethodSuggestion)
#include "test_method_suggestion.moc"
