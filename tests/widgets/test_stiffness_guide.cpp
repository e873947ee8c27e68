// SPDX-License-Identifier: GPL-3.0-or-later
// The method picker's guidance against the closed form: a volume V between two laminar
// restrictions G1, G2 (supply and tank held) has tau = V/(Be*(G1+G2)); RK4 is stable up to
// 2.785/|lambda| and explicit Euler up to 2/|lambda| with lambda = -1/tau. Then the guidance
// judged along the run (issue 13 #6) and never quasi-steady on a closable node (issue 19), on
// the examples, with the quick check that stands behind a suggestion.
#include <QtTest>

#include <cmath>

#include <QLabel>
#include <QSignalSpy>
#include <QPushButton>

#include "circuit_scene.h"
#include "method_panel.h"
#include "model/circuit_document.h"
#include "service/quick_check.h"
#include "stiffness_guide.h"
#include "symbol_library.h"
#include <QUndoStack>
#include "widgets_test_util.h"

using namespace hs::widgets;

namespace {

hs::model::Circuit line(double V, double G1, double G2, double dt, const QString& stepper) {
    hs::model::Circuit c;
    c.fluid.bulk.value = 1.5e9;
    c.components = {{"src", "PressureSource", {}, {{"p", 1e7}}, {}, {}},
                    {"g1", "LaminarOrifice", {}, {{"G", G1}}, {}, {}},
                    {"V1", "Volume", {}, {{"V", V}}, {}, {}},
                    {"g2", "LaminarOrifice", {}, {{"G", G2}}, {}, {}},
                    {"tank", "Tank", {}, {}, {}, {}}};
    c.wires = {{"src", "P", "g1", "A", {}, {}}, {"g1", "B", "V1", "P1", {}, {}},
               {"V1", "P2", "g2", "A", {}, {}}, {"g2", "B", "tank", "P", {}, {}}};
    hs::model::SolverConfigDoc cfg;
    cfg.name = "cfg";
    cfg.reference = true;
    cfg.stepper = stepper;
    cfg.dt = dt;
    // The advice must not depend on the method the volume has now.
    cfg.methods["V1"] = {"quasi_steady", {}, {}};
    c.configs = {cfg};
    return c;
}

}  // namespace

class TestStiffnessGuide : public QObject {
    Q_OBJECT
private slots:
    void closedForm_data() {
        QTest::addColumn<double>("V");
        QTest::addColumn<double>("G1");
        QTest::addColumn<double>("G2");
        QTest::newRow("1 L, 1e-11") << 1e-3 << 1e-11 << 1e-11;
        QTest::newRow("10 cm3, uneven") << 1e-5 << 3e-11 << 1e-11;
        QTest::newRow("1 cm3, stiff") << 1e-6 << 1e-9 << 1e-9;
    }
    void closedForm() {
        QFETCH(double, V);
        QFETCH(double, G1);
        QFETCH(double, G2);
        const auto g = StiffnessGuide::compute(line(V, G1, G2, 1e-5, "rk4"), test::registry(), "cfg", "V1");
        QVERIFY2(g.ok, qPrintable(g.error));
        const double tau = V / (1.5e9 * (G1 + G2));
        QVERIFY2(std::abs(g.stiffness.start.tau - tau) <= 1e-6 * tau, qPrintable(QString::number(g.stiffness.start.tau)));
        QVERIFY(std::abs(g.stiffness.start.maxStepEuler - 2 * tau) <= 1e-6 * tau);
        QVERIFY(std::abs(g.stiffness.start.maxStepRk4 - 2.785293563405282 * tau) <= 1e-3 * tau);
        // Linear restrictions: the time constant is the same all along the run.
        QVERIFY2(std::abs(g.stiffness.tauMin - tau) <= 1e-6 * tau && std::abs(g.stiffness.tauMax - tau) <= 1e-6 * tau,
                 qPrintable(QString::number(g.stiffness.tauMin)));
        QCOMPARE(g.samples, 200);
        QCOMPARE(static_cast<int>(g.stiffness.samples.size()), 201);
    }
    void suggestsAlgebraicWhenStepTooLarge() {
        // 1 cm3 between 1e-9 conductances: tau = 3.3e-7 s; RK4 at 1e-4 s is far beyond it, on the
        // whole run, and fixed orifices never close: quasi-steady, lagging by tau*|dp/dt| = 0 at
        // the steady state the node is in from the first sample on.
        const auto g = StiffnessGuide::compute(line(1e-6, 1e-9, 1e-9, 1e-4, "rk4"), test::registry(), "cfg", "V1");
        QVERIFY(g.ok);
        QCOMPARE(QString::fromStdString(g.suggestion.method), QString("quasi_steady"));
        QCOMPARE(g.suggestion.unstableShare, 1.0);
        QVERIFY(!g.stiffness.closure.closable);
        QCOMPARE(g.currentMethod, QString("quasi_steady"));
        QVERIFY(!g.suggestsChange());
        // Its cost: 1 s / 1e-4 s = 1e4 steps; integrating would need <= 2.785*tau/2 = 4.6e-7 s.
        QCOMPARE(g.suggestion.steps, 1e4);
        const double tau = 1e-6 / (1.5e9 * 2e-9);
        QVERIFY2(std::abs(g.suggestion.integrateStep - 0.5 * 2.785293563405282 * tau) <= 1e-3 * tau,
                 qPrintable(QString::number(g.suggestion.integrateStep)));
        QVERIFY(g.html().contains("integrating instead needs a step"));
        const auto ok = StiffnessGuide::compute(line(1e-3, 1e-11, 1e-11, 1e-4, "rk4"), test::registry(), "cfg", "V1");
        QCOMPARE(QString::fromStdString(ok.suggestion.method), QString("integrate"));
        QCOMPARE(ok.suggestion.unstableShare, 0.0);
        QVERIFY(ok.html().contains("suggested: integrate"));
    }
    // A check valve and a 2/2 valve on either side: every flow path can close, so the same stiff
    // volume gets local_implicit, never quasi-steady; with one fixed orifice left it is not closable.
    void closableNodeNeverQuasiSteady() {
        auto c = line(1e-6, 1e-9, 1e-9, 1e-4, "rk4");
        c.components[1] = {"g1", "CheckValve", {}, {{"k", 1e-6}, {"p_crack", 0.0}, {"dp_open", 1e5}}, {}, {}};
        auto mixed = StiffnessGuide::compute(c, test::registry(), "cfg", "V1");
        QVERIFY2(mixed.ok, qPrintable(mixed.error));
        QVERIFY(!mixed.stiffness.closure.closable);
        QCOMPARE(mixed.stiffness.closure.conductors, std::vector<std::string>{"g2"});
        c.components[3] = {"g2", "CheckValve", {}, {{"k", 1e-6}, {"p_crack", 0.0}, {"dp_open", 1e5}}, {}, {}};
        const auto g = StiffnessGuide::compute(c, test::registry(), "cfg", "V1");
        QVERIFY2(g.ok, qPrintable(g.error));
        QVERIFY(g.stiffness.closure.closable);
        QCOMPARE(g.stiffness.closure.blockers, (std::vector<std::string>{"g1", "g2"}));
        QVERIFY2(g.suggestion.unstableShare > 0.5, qPrintable(QString::number(g.suggestion.unstableShare)));
        QCOMPARE(QString::fromStdString(g.suggestion.method), QString("local_implicit"));
        QVERIFY(g.html().contains("can be closed off"));
        QVERIFY(QString::fromStdString(g.suggestion.reason).contains("not quasi_steady: every flow path of the node can close (g1, g2)"));
    }
    // Issue 13 #6: on the three-orifice circuit at 1e-5 s the start state (all pressures 0, every
    // orifice at dp = 0) gives V2 tau = 5.2e-7 s, beyond RK4's limit; 25 ms later it is 5e-4 s, so
    // RK4 is stable on the whole run and the guidance keeps integrating (it suggested quasi-steady).
    // Forcing quasi-steady anyway, the quick check shows the error rising, and says keep.
    void threeOrificeAtSmallStepKeepsIntegrating() {
        auto c = test::loadExample("three_orifice.hydro.json");
        QVERIFY(!c.configs.empty());
        auto cfg = *c.reference();
        cfg.name = "RK4 1e-5";
        cfg.reference = false;
        cfg.dt = 1e-5;
        cfg.methods.clear();
        c.configs.push_back(cfg);
        const auto g = StiffnessGuide::compute(c, test::registry(), "RK4 1e-5", "V2");
        QVERIFY2(g.ok, qPrintable(g.error));
        QVERIFY2(g.stiffness.start.tau < 1e-6, qPrintable(QString::number(g.stiffness.start.tau)));
        QVERIFY(g.suggestion.unstableAtStart);
        QVERIFY2(g.stiffness.tauMin > 4e-4 && g.stiffness.tauMax < 1e-3, qPrintable(QString::number(g.stiffness.tauMin)));
        QCOMPARE(g.suggestion.unstableShare, 0.0);
        QCOMPARE(QString::fromStdString(g.suggestion.method), QString("integrate"));
        QVERIFY(!g.suggestsChange());
        QVERIFY(!g.stiffness.closure.closable);
        const auto q = hs::service::quickCheck(c, test::registry(), "RK4 1e-5", "V2", "quasi_steady", 1.0);
        QVERIFY2(q.ok, qPrintable(q.error));
        qInfo("quick check 1 s: as is %.4g %% (%.4g Pa on p2), quasi-steady %.4g %% (%.4g Pa), %lld indeterminate steps",
              q.current.worstError, q.current.volumeRmse, q.suggested.worstError, q.suggested.volumeRmse,
              static_cast<long long>(q.suggested.indeterminateSteps));
        QVERIFY(q.current.ok && q.suggested.ok);
        QVERIFY(q.contradicted);
        QVERIFY2(q.suggested.volumeRmse > 100 * q.current.volumeRmse, qPrintable(q.verdict));
        QVERIFY(q.suggested.indeterminateSteps > 0);
        QVERIFY2(q.verdict.startsWith("keep integrate"), qPrintable(q.verdict));
        // At 5e-2 s the step is beyond the limit on the whole run and V2 (between fixed orifices)
        // settles within 1/20 of it: there quasi-steady is right, and the check confirms it.
        c.configs.back().dt = 5e-2;
        const auto big = StiffnessGuide::compute(c, test::registry(), "RK4 1e-5", "V2");
        QCOMPARE(QString::fromStdString(big.suggestion.method), QString("quasi_steady"));
        QVERIFY(big.suggestsChange());
        const auto ok = hs::service::quickCheck(c, test::registry(), "RK4 1e-5", "V2", "quasi_steady", 1.0);
        QVERIFY2(ok.ok && !ok.current.ok && ok.suggested.ok && !ok.contradicted, qPrintable(ok.verdict));
    }
    // Issue 19: Circuit 2's Vv sits between the compensator and the 4/3 valve, both of which close
    // (the valve in its dead band): at no step is it offered quasi-steady; where its step is beyond
    // the limit the guidance says local_implicit.
    void circuit2ValveNodeNeverQuasiSteady_data() {
        QTest::addColumn<double>("dt");
        QTest::addColumn<QString>("method");
        QTest::newRow("5e-4") << 5e-4 << "integrate";
        QTest::newRow("1e-2") << 1e-2 << "local_implicit";
        QTest::newRow("5e-2") << 5e-2 << "local_implicit";
        QTest::newRow("0.2") << 0.2 << "local_implicit";
    }
    void circuit2ValveNodeNeverQuasiSteady() {
        QFETCH(double, dt);
        QFETCH(QString, method);
        auto c = test::loadExample("circuit2_pcv.hydro.json");
        auto* cfg = const_cast<hs::model::SolverConfigDoc*>(c.config("Quasi-steady 5e-4"));
        QVERIFY(cfg);
        cfg->dt = dt;
        const auto g = StiffnessGuide::compute(c, test::registry(), cfg->name, "Vv");
        QVERIFY2(g.ok, qPrintable(g.error));
        QVERIFY(g.stiffness.closure.closable);
        QCOMPARE(g.stiffness.closure.blockers, (std::vector<std::string>{"comp", "valve"}));
        QCOMPARE(QString::fromStdString(g.suggestion.method), method);
        QCOMPARE(g.currentMethod, QString("quasi_steady"));
        QVERIFY(g.suggestsChange());
    }
    // Three-orifice "Quasi-steady 1e-3": RK4 at 1e-3 s is stable for V2 on the whole run, so the
    // guidance says integrate; the quick check finds quasi-steady more accurate there (0.072 %
    // against 0.21 % over 1 s) and the panel blocks Apply: no change the numbers contradict.
    void panelBlocksContradictedSuggestion() {
        hs::model::CircuitDocument doc;
        doc.setCircuit(test::loadExample("three_orifice.hydro.json"));
        SymbolLibrary symbols(test::registry());
        QUndoStack undo;
        CircuitScene scene(doc, test::registry(), symbols, undo);
        scene.setCurrentConfig("Quasi-steady 1e-3");
        MethodPanel panel(scene);
        panel.resize(420, 1000);
        panel.setVolume("V2");
        panel.show();
        QTRY_VERIFY_WITH_TIMEOUT(panel.guidanceLabel()->text().contains("suggested: integrate"), 10000);
        QVERIFY(panel.applyButton()->isEnabled());
        QSignalSpy done(&panel, &MethodPanel::quickCheckFinished);
        panel.runQuickCheck();
        QVERIFY(done.wait(60000));
        const QString text = panel.quickCheckLabel()->text();
        QVERIFY2(text.contains("keep quasi_steady: with integrate the largest error over 1 s rises"), qPrintable(text));
        QVERIFY(!panel.applyButton()->isEnabled());
        QVERIFY(panel.applyButton()->text().contains("the check contradicts it"));
        QDir().mkpath(HS_SCREENSHOT_DIR);
        QVERIFY(panel.grab().toImage().save(QDir(HS_SCREENSHOT_DIR).filePath("method_panel_contradicted.png")));
    }
    // Circuit 1's V1 (compensator and throttle, both shut for long spans) is closable too; its
    // sampling run is the slow one (CVODE on the chattering V1), so the panel's budget may cut
    // it, and then says so.
    void circuit1ValveNodeClosable() {
        hs::model::CircuitDocument doc;
        doc.setCircuit(test::loadExample("circuit1_fcv.hydro.json"));
        SymbolLibrary symbols(test::registry());
        QUndoStack undo;
        CircuitScene scene(doc, test::registry(), symbols, undo);
        scene.setCurrentConfig("Quasi-steady 1e-4");
        const auto g = StiffnessGuide::compute(doc.circuit(), test::registry(), "Quasi-steady 1e-4", "V1");
        QVERIFY2(g.ok, qPrintable(g.error));
        QVERIFY(g.stiffness.closure.closable);
        QCOMPARE(g.stiffness.closure.blockers, (std::vector<std::string>{"comp", "throttle"}));
        QVERIFY(QString::fromStdString(g.suggestion.method) != "quasi_steady");
        QVERIFY2(g.runNote.isEmpty() || g.runNote.contains("time budget 2 s"), qPrintable(g.runNote));
        MethodPanel panel(scene);
        panel.resize(420, 900);
        panel.setVolume("V1");
        panel.show();
        QTRY_VERIFY_WITH_TIMEOUT(panel.guidanceLabel()->text().contains("can be closed off"), 20000);
        QDir().mkpath(HS_SCREENSHOT_DIR);
        QVERIFY(panel.grab().toImage().save(QDir(HS_SCREENSHOT_DIR).filePath("method_panel_circuit1_v1.png")));
    }
    // The method panel: the quick check runs both configurations and blocks a contradicted Apply.
    void panelQuickCheck() {
        hs::model::CircuitDocument doc;
        doc.setCircuit(test::loadExample("circuit2_pcv.hydro.json"));
        SymbolLibrary symbols(test::registry());
        QUndoStack undo;
        CircuitScene scene(doc, test::registry(), symbols, undo);
        scene.setCurrentConfig("Quasi-steady 5e-4");
        MethodPanel panel(scene);
        panel.resize(420, 900);
        panel.setVolume("Vv");
        panel.show();
        QTRY_VERIFY_WITH_TIMEOUT(panel.guidanceLabel()->text().contains("suggested: integrate"), 10000);
        QVERIFY(panel.applyButton()->isEnabled());
        QVERIFY(panel.quickCheckButton()->isEnabled());
        QVERIFY(panel.quickCheckLabel()->isHidden());
        QSignalSpy done(&panel, &MethodPanel::quickCheckFinished);
        panel.runQuickCheck();
        QVERIFY(!panel.quickCheckButton()->isEnabled());  // running on its thread
        QVERIFY(done.wait(60000));
        QVERIFY(!panel.quickCheckLabel()->isHidden());
        const QString text = panel.quickCheckLabel()->text();
        QVERIFY2(text.contains("apply integrate"), qPrintable(text));
        QVERIFY(panel.applyButton()->isEnabled());
        const QImage shot = panel.grab().toImage();
        QDir().mkpath(HS_SCREENSHOT_DIR);
        QVERIFY(shot.save(QDir(HS_SCREENSHOT_DIR).filePath("method_panel_quick_check.png")));
    }
    // TLM guidance (notes/003 §1.3): a two-port volume has the thesis' parasitic inertance
    // I = Be*dt^2/V; Ppar = I*|dq/dt|; the step for a target Ppar is sqrt(target*V/(Be*|dq/dt|)).
    // The numbers are the same whether the volume is TLM already or only could be.
    void tlmClosedForm() {
        const double V = 1e-3, Be = 1.5e9, dt = 1e-4, dqdt = StiffnessGuide::tlmDqdt, target = StiffnessGuide::tlmPparTarget;
        auto c = line(V, 1e-11, 1e-11, dt, "rk4");
        const auto g = StiffnessGuide::compute(c, test::registry(), "cfg", "V1");
        QVERIFY2(g.tlmOk, qPrintable(g.tlmNote));
        QVERIFY(!g.tlmInUse);
        const double I = Be * dt * dt / V;
        QVERIFY2(std::abs(g.tlm.parasiticInertance - I) <= 1e-9 * I, qPrintable(QString::number(g.tlm.parasiticInertance)));
        QVERIFY(std::abs(g.tlm.expectedPpar - I * dqdt) <= 1e-9 * I * dqdt);
        const double step = std::sqrt(target * V / (Be * dqdt));
        QVERIFY(std::abs(g.tlm.stepForTarget - step) <= 1e-9 * step);
        QCOMPARE(g.tlm.lineInertance, 0.0);
        QVERIFY(g.html().contains("If solved as TLM"));
        // TLM in use, exchanging every 3rd step: the ports see Z* = 3Z', so I grows 9-fold.
        c.configs[0].methods["V1"] = {"tlm", {{"exchange", 3.0}}, {}};
        const auto u = StiffnessGuide::compute(c, test::registry(), "cfg", "V1");
        QVERIFY2(u.tlmOk, qPrintable(u.tlmNote));
        QVERIFY(u.tlmInUse);
        QVERIFY2(std::abs(u.tlm.parasiticInertance - 9 * I) <= 1e-9 * I, qPrintable(QString::number(u.tlm.parasiticInertance)));
        QVERIFY(u.html().contains("As TLM (in use)"));
    }
    // Next to a line whose inertance rho*L/A is below the parasitic one: the warning with the
    // largest step that removes it, sqrt(rho*L/A*V/Be).
    void tlmWarnsAboveLineInertance() {
        const double V = 1e-7, Be = 1.5e9, dt = 1e-3, L = 1.5, d = 0.02, rho = 870;
        auto c = line(V, 1e-11, 1e-11, dt, "rk4");
        c.components[1] = {"g1", "TlmLine", {}, {{"L", L}, {"d", d}, {"Be", Be}, {"rho", rho}}, {}, {}};
        const auto g = StiffnessGuide::compute(c, test::registry(), "cfg", "V1");
        QVERIFY2(g.ok, qPrintable(g.error));
        QVERIFY2(g.tlmOk, qPrintable(g.tlmNote));
        const double line = rho * L / (M_PI * d * d / 4);
        QVERIFY2(std::abs(g.tlm.lineInertance - line) <= 1e-9 * line, qPrintable(QString::number(g.tlm.lineInertance)));
        QVERIFY(g.tlm.parasiticInertance > line);
        QVERIFY(g.tlm.warn);
        const double ok = std::sqrt(line * V / Be);
        QVERIFY2(g.tlm.stepForLine <= ok && g.tlm.stepForLine > 0.99 * ok, qPrintable(QString::number(g.tlm.stepForLine)));
        QVERIFY(g.html().contains("exceeds"));
        // at that step the warning is gone
        c.configs[0].dt = g.tlm.stepForLine;
        const auto fine = StiffnessGuide::compute(c, test::registry(), "cfg", "V1");
        QVERIFY2(fine.tlmOk && !fine.tlm.warn, qPrintable(fine.tlmNote));
    }
    void tlmNeedsFixedStep() {
        const auto g = StiffnessGuide::compute(line(1e-3, 1e-11, 1e-11, 1e-4, "cvode"), test::registry(), "cfg", "V1");
        QVERIFY(g.ok);
        QVERIFY(!g.tlmOk);
        QVERIFY2(g.tlmNote.contains("fixed-step"), qPrintable(g.tlmNote));
    }
    void explainsWhenNoAdvice() {
        auto c = line(1e-3, 1e-11, 1e-11, 1e-5, "rk4");
        c.wires.pop_back();  // g2.B dangling: the circuit does not compile
        const auto g = StiffnessGuide::compute(c, test::registry(), "cfg", "V1");
        QVERIFY(!g.ok);
        QVERIFY2(g.error.contains("does not compile"), qPrintable(g.error));
    }
};

QTEST_MAIN(TestStiffnessGuide)
#include "test_stiffness_guide.moc"
