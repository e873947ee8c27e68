// SPDX-License-Identifier: GPL-3.0-or-later
// The method picker's guidance against the closed form: a volume V between two laminar
// restrictions G1, G2 (supply and tank held) has tau = V/(Be*(G1+G2)); RK4 is stable up to
// 2.785/|lambda| and explicit Euler up to 2/|lambda| with lambda = -1/tau.
#include <QtTest>

#include <cmath>

#include "stiffness_guide.h"
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
        QVERIFY2(std::abs(g.node.tau - tau) <= 1e-6 * tau, qPrintable(QString::number(g.node.tau)));
        QVERIFY(std::abs(g.node.maxStepEuler - 2 * tau) <= 1e-6 * tau);
        QVERIFY(std::abs(g.node.maxStepRk4 - 2.785293563405282 * tau) <= 1e-3 * tau);
    }
    void suggestsAlgebraicWhenStepTooLarge() {
        // 1 cm3 between 1e-9 conductances: tau = 3.3e-7 s; RK4 at 1e-4 s is far beyond it.
        const auto g = StiffnessGuide::compute(line(1e-6, 1e-9, 1e-9, 1e-4, "rk4"), test::registry(), "cfg", "V1");
        QVERIFY(g.ok);
        QCOMPARE(QString::fromStdString(g.suggestion.method), QString("quasi_steady"));
        const auto ok = StiffnessGuide::compute(line(1e-3, 1e-11, 1e-11, 1e-4, "rk4"), test::registry(), "cfg", "V1");
        QCOMPARE(QString::fromStdString(ok.suggestion.method), QString("integrate"));
        QVERIFY(ok.html().contains("suggested: integrate"));
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
