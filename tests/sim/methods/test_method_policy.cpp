// SPDX-License-Identifier: GPL-3.0-or-later
// What every pressure method shares: parameter checks, fixed-step requirement, failure policy,
// update timing, and mixing methods in one circuit.
#include <QtTest>

#include "method_circuits.h"

using namespace hs::sim;
using namespace hs::sim::test;

namespace {
std::string buildError(const Netlist& n, const SolverSettings& s) {
    BuildResult b = build(registry(), n, s);
    return b.ok() ? std::string() : b.errorText();
}
}  // namespace

class TestMethodPolicy : public QObject {
    Q_OBJECT
private slots:
    void registryDeclaresEveryMethod() {
        for (const char* id : {"integrate", "pseudo_dynamic", "advanced_pseudo_dynamic", "quasi_steady", "multiple_scales", "local_implicit"}) {
            const MethodSpec* m = registry().findMethod(id);
            QVERIFY2(m, id);
            QVERIFY(!m->description.empty() && !m->source.empty());
        }
        // the papers' defaults
        const MethodSpec* adv = registry().findMethod("advanced_pseudo_dynamic");
        QCOMPARE(adv->params[static_cast<size_t>(adv->paramIndex("tol_high"))].def, 300.0);
        QCOMPARE(adv->params[static_cast<size_t>(adv->paramIndex("tol_low"))].def, 10.0);
        QCOMPARE(adv->params[static_cast<size_t>(adv->paramIndex("p_switch"))].def, 22e5);
        QCOMPARE(adv->params[static_cast<size_t>(adv->paramIndex("V_pseudo"))].def, 1e-3);
    }

    void badSettingsNameTheVolume() {
        Netlist n = threeOrifice(1e-3, 1e-5);
        std::string e = buildError(n, withMethod(solver("rk4", 1e-4), "V2", "magic"));
        QVERIFY2(e.find("unknown pressure method 'magic'") != std::string::npos && e.find("V2") != std::string::npos, e.c_str());
        e = buildError(n, withMethod(solver("rk4", 1e-4), "V2", "quasi_steady", {{"speed", 1}}));
        QVERIFY2(e.find("no parameter 'speed'") != std::string::npos, e.c_str());
        e = buildError(n, withMethod(solver("rk4", 1e-4), "V2", "advanced_pseudo_dynamic", {{"V_pseudo", -1}}));
        QVERIFY2(e.find("V_pseudo") != std::string::npos && e.find("outside") != std::string::npos, e.c_str());
        e = buildError(n, withMethod(solver("cvode", 1e-4), "V2", "quasi_steady"));
        QVERIFY2(e.find("fixed-step") != std::string::npos, e.c_str());
        e = buildError(n, withMethod(solver("rk4", 1e-4), "o2", "quasi_steady"));
        QVERIFY2(e.find("not a volume") != std::string::npos, e.c_str());
    }

    void failurePolicy() {
        Netlist n = threeOrifice(1e-3, 1e-5);
        // an inner loop capped at one iteration with an unreachable tolerance always fails
        std::map<std::string, double> p = {{"max_iter", 1}, {"tol_high", 1e-9}, {"tol_low", 1e-9}};
        RunResult stop = buildAndRun(n, {{"p2", "pressure", "V2.P1"}},
                                     runOptions(withMethod(solver("rk4", 1e-4), "V2", "advanced_pseudo_dynamic", p), 0.01, 1e-3));
        QVERIFY(!stop.ok);
        QVERIFY2(stop.error.find("V2") != std::string::npos && stop.error.find("cap") != std::string::npos, stop.error.c_str());
        p["on_failure"] = 1;
        RunResult go = buildAndRun(n, {{"p2", "pressure", "V2.P1"}},
                                   runOptions(withMethod(solver("rk4", 1e-4), "V2", "advanced_pseudo_dynamic", p), 0.01, 1e-3));
        QVERIFY2(go.ok, go.error.c_str());
        QVERIFY(go.methodStats.at(1).second.failures >= 99);
        QCOMPARE(go.methodStats.at(1).second.capHits, go.methodStats.at(1).second.failures);
    }

    // Per-stage update gives nearly the per-step result on a smooth run.
    void perStageUpdate() {
        Netlist n = threeOrifice(1e-3, 1e-5);
        const std::vector<ProbeSpec> pr = {{"p2", "pressure", "V2.P1"}};
        RunResult step = buildAndRun(n, pr, runOptions(withMethod(solver("rk4", 1e-4), "V2", "quasi_steady"), 0.5, 1e-2));
        RunResult stage = buildAndRun(n, pr, runOptions(withMethod(solver("rk4", 1e-4), "V2", "quasi_steady", {{"update", 1}}), 0.5, 1e-2));
        QVERIFY2(step.ok && stage.ok, (step.error + stage.error).c_str());
        auto e = compareTraces(step.trace, stage.trace);
        QVERIFY2(e[0].rrmse < 0.5, qPrintable(QString::number(e[0].rrmse)));
        QVERIFY(stage.methodStats.at(1).second.outerSteps > 3 * step.methodStats.at(1).second.outerSteps);
    }

    // Methods compose: two volumes, two different methods, one circuit.
    void mixedMethods() {
        Netlist n = threeOrifice(1e-5, 1e-5);
        const std::vector<ProbeSpec> pr = {{"p1", "pressure", "V1.P1"}, {"p2", "pressure", "V2.P1"}};
        RunResult ref = buildAndRun(n, pr, runOptions(solver("cvode", 1e-6, 1e-9, 1e-9), 0.5, 1e-3));
        SolverSettings s = withMethod(solver("rk4", 2e-3), "V1", "local_implicit");
        s = withMethod(s, "V2", "quasi_steady");
        RunResult mix = buildAndRun(n, pr, runOptions(s, 0.5, 1e-3));
        QVERIFY2(ref.ok && mix.ok, (ref.error + mix.error).c_str());
        auto e = compareTraces(ref.trace, mix.trace);
        QVERIFY2(e[0].rrmse < 3 && e[1].rrmse < 3, qPrintable(QString("%1 %2").arg(e[0].rrmse).arg(e[1].rrmse)));
        // integrating both 10 ml volumes at this step is unstable
        RunResult rk = buildAndRun(n, pr, runOptions(solver("rk4", 2e-3), 0.5, 1e-3));
        if (rk.ok) qInfo("mixed %g %g; rk4 %g", e[0].rrmse, e[1].rrmse, compareTraces(ref.trace, rk.trace)[1].rrmse);
        else qInfo("rk4: %s", rk.error.c_str());
        QVERIFY(!rk.ok || compareTraces(ref.trace, rk.trace)[1].rrmse > 10 * e[1].rrmse);
    }
};

QTEST_APPLESS_MAIN(TestMethodPolicy)
#include "test_method_policy.moc"
