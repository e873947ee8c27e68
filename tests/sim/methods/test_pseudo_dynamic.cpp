// SPDX-License-Identifier: GPL-3.0-or-later
// Pseudo-dynamic inner loops (classic and advanced).
#include <QtTest>

#include "method_circuits.h"

using namespace hs::sim;
using namespace hs::sim::test;

class TestPseudoDynamic : public QObject {
    Q_OBJECT
private slots:
    // The inner loop relaxes to the balance of flows: at steady state the remaining imbalance is
    // bounded by tol*V_pseudo/(Be*dt_inner) (notes/000_001 §3.3).
    void relaxesToBalance_data() {
        QTest::addColumn<QString>("method");
        QTest::newRow("advanced") << "advanced_pseudo_dynamic";
        QTest::newRow("classic") << "pseudo_dynamic";
    }
    void relaxesToBalance() {
        QFETCH(QString, method);
        const double ps = 1.4e7, pt = 9e5, kin = 3e-7, kout = 2e-7, be = 1e9;
        const double tol = 10, vp = 1e-3, dti = 1e-5;
        std::map<std::string, double> params = {{"V_pseudo", vp}, {"dt_inner", dti}};
        if (method == "pseudo_dynamic") params["tol"] = tol;
        else params["tol_high"] = params["tol_low"] = tol;
        RunResult r = buildAndRun(twoOrifice(ps, pt, kin, kout, 1e-5, be),
                                  {{"p", "pressure", "V.P1"}, {"inner", "inner_iterations", "V"}, {"newton", "newton_iterations", "V"}},
                                  runOptions(withMethod(solver("rk4", 1e-4), "V", method.toStdString(), params), 0.2, 1e-3));
        QVERIFY2(r.ok, r.error.c_str());
        {
            // The method-statistics probes: iterations per record interval, which add up to the
            // run's total (the initial relaxation shows at t = 0); no Newton here.
            double sum = 0, largest = 0;
            for (double v : r.trace.columns[1]) {
                QVERIFY(v >= 0);
                sum += v;
                largest = std::max(largest, v);
            }
            QCOMPARE(sum, double(r.methodStats.at(0).second.innerIterations));
            QVERIFY(r.trace.columns[1][0] > 0);  // the initial relaxation, recorded at t = 0
            QVERIFY(largest > 0);
            QCOMPARE(r.trace.units[1], std::string("-"));
            for (double v : r.trace.columns[2]) QCOMPARE(v, 0.0);
        }
        const double p = r.trace.columns[0].back();
        const double imbalance = kin * std::sqrt(ps - p) - kout * std::sqrt(p - pt);
        QVERIFY2(std::abs(imbalance) < tol * vp / (be * dti), qPrintable(QString::number(imbalance)));
        const double alpha = (kin / kout) * (kin / kout);
        QVERIFY(std::abs(p - (pt + alpha * ps) / (1 + alpha)) < 2e4);
        const MethodStats& st = r.methodStats.at(0).second;
        QVERIFY(st.innerIterations >= st.outerSteps);
        std::int64_t inHistogram = 0;
        for (auto h : st.histogram) inHistogram += h;
        QCOMPARE(inHistogram, st.outerSteps);
        QVERIFY(st.maxInnerIterations >= 1);
    }

    // Adaptive criterion: below p_switch the tight tolerance applies and costs iterations.
    void adaptiveTolerance() {
        Netlist n = twoOrifice(2e6, 0, 3e-7, 2e-7, 1e-5);  // node at ~14 bar, below 22 bar
        auto iterations = [&](double pSwitch) {
            RunResult r = buildAndRun(n, {{"p", "pressure", "V.P1"}},
                                      runOptions(withMethod(solver("rk4", 1e-4), "V", "advanced_pseudo_dynamic",
                                                            {{"tol_high", 300}, {"tol_low", 1}, {"p_switch", pSwitch}}),
                                                 0.05, 1e-3));
            return r.ok ? r.methodStats.at(0).second.innerIterations : -1;
        };
        const auto low = iterations(22e5), high = iterations(0);
        QVERIFY(low > 0 && high > 0);
        QVERIFY2(low > 2 * high, qPrintable(QString("%1 vs %2").arg(low).arg(high)));
    }

    // Classic PDS freezes the outflow: with the outlet as the only path a pressure change can
    // take, the frozen loop cannot find the balance and hits its cap, where the advanced loop
    // converges. (The papers' Circuit 1 symptom, reduced to one node.)
    void classicFreezesOutflow() {
        Netlist n = twoOrifice(1e7, 0, 2e-7, 2e-7, 1e-5);
        // outlet only: the source is replaced by a charged volume draining to tank
        n.components[0] = comp("Tank", "ps", {{"p", 0}});
        n.components[2] = comp("Volume", "V", {{"V", 1e-5}, {"p0", 5e6}});
        auto run = [&](const char* m) {
            return buildAndRun(n, {{"p", "pressure", "V.P1"}},
                               runOptions(withMethod(solver("rk4", 1e-4), "V", m, {{"max_iter", 2000}, {"on_failure", 1}}), 0.01, 1e-3));
        };
        RunResult adv = run("advanced_pseudo_dynamic"), cls = run("pseudo_dynamic");
        QVERIFY2(adv.ok && cls.ok, (adv.error + cls.error).c_str());
        QCOMPARE(adv.methodStats[0].second.capHits, std::int64_t(0));
        QVERIFY(cls.methodStats[0].second.capHits > 0);
    }
};

QTEST_APPLESS_MAIN(TestPseudoDynamic)
#include "test_pseudo_dynamic.moc"
