// SPDX-License-Identifier: GPL-3.0-or-later
// notes/003 §7 item 4: the parasitic pressure Ppar (eq. 3.4 with the factor 1/2, the accuracy
// indicator of a TLM volume) spikes at discontinuities and is nil while the flows through the
// element are steady. The relief line of Table 2.1 with three discontinuities: the source
// starting at t = 0, the source flow stepped from 10 to 20 l/min at 0.05 s, the relief valve
// cracking (0.0846 s). A flow step dQ at one port meets the element's impedance at once and the
// far port one step later, so the two-step average of the port difference is Z'*dQ/2 with
// Z' = Be*dt/(V*(1 - alpha)); it then decays over a few steps as the filtered waves settle.
#include <QtTest>

#include "tlm_circuits.h"

using namespace hs::sim;
using namespace hs::sim::test;

namespace {

constexpr double kStepTime = 0.05;

// The relief line with its source flow stepped from Q to 2Q at kStepTime.
Netlist steppedReliefLine() {
    Netlist n = ReliefLine::net();
    n.components.push_back(comp("Step", "demand", {{"t0", kStepTime}, {"before", ReliefLine::Q}, {"after", 2 * ReliefLine::Q}}));
    n.wires.push_back(wire("demand", "out", "source", "Q"));
    return n;
}

struct PparTrace {
    std::vector<double> t, ppar, qValve;
    double peak(double from, double to) const {
        double m = 0;
        for (size_t i = 0; i < t.size(); ++i)
            if (t[i] >= from && t[i] < to) m = std::max(m, ppar[i]);
        return m;
    }
    double at(double time) const {
        for (size_t i = 0; i < t.size(); ++i)
            if (std::abs(t[i] - time) < 1e-9) return ppar[i];
        return -1;
    }
    double crack() const {
        for (size_t i = 0; i < t.size(); ++i)
            if (qValve[i] > 0) return t[i];
        return -1;
    }
};

// Recorded at every step.
PparTrace runStepped(double dt, double filter) {
    RunResult r = buildAndRun(steppedReliefLine(), ReliefLine::probes(), runOptions(tlmSolver(dt, "line", 0.2, filter), 0.3, dt));
    if (!r.ok) return {};
    return {r.trace.time, r.trace.columns[2], r.trace.columns[1]};
}

}  // namespace

class TestTlmPpar : public QObject {
    Q_OBJECT
private slots:
    void spikesAtDiscontinuities_data() {
        QTest::addColumn<double>("dt");
        QTest::addColumn<double>("filter");
        QTest::addColumn<double>("crackSpike");  // Ppar at the valve's opening [bar]
        QTest::newRow("characteristic 1e-5") << 1e-5 << 0.0 << 0.00599;
        QTest::newRow("pressure 1e-5") << 1e-5 << 1.0 << 0.00488;
        QTest::newRow("characteristic 1e-4") << 1e-4 << 0.0 << 0.1230;
        QTest::newRow("pressure 1e-4") << 1e-4 << 1.0 << 0.0950;
    }
    void spikesAtDiscontinuities() {
        QFETCH(double, dt);
        QFETCH(double, filter);
        QFETCH(double, crackSpike);
        const PparTrace p = runStepped(dt, filter);
        QVERIFY(!p.t.empty());
        const double zPrime = ReliefLine::Be * dt / (ReliefLine::V * 0.8);
        const double flowStep = zPrime * ReliefLine::Q / 2;  // both steps are 10 l/min
        const double tc = p.crack();
        const double start = p.at(0.0), step = p.at(kStepTime), crack = p.peak(tc - 2 * dt, tc + 20 * dt);
        const double quiet = std::max({p.peak(0.01, kStepTime - dt), p.peak(kStepTime + 0.01, tc - 2 * dt), p.peak(tc + 0.01, 0.3)});
        const QString info = QString("Z'dQ/2 %1 bar; Ppar: start %2, source step %3, valve opening at %4 s %5, largest between %6 bar")
                                 .arg(flowStep / 1e5).arg(start / 1e5).arg(step / 1e5).arg(tc).arg(crack / 1e5).arg(quiet / 1e5);
        qInfo("%s", qPrintable(info));
        // the flow steps: exactly the impedance's answer, the same at t = 0 and at 0.05 s
        QVERIFY2(std::abs(start / flowStep - 1) < 1e-6, qPrintable(info));
        QVERIFY2(std::abs(step / flowStep - 1) < 1e-6, qPrintable(info));
        // the opening: the valve flow rises from 0 to 20 l/min within a few steps
        QVERIFY2(std::abs(crack / 1e5 - crackSpike) < 0.02 * crackSpike, qPrintable(info));
        QVERIFY2(std::abs(tc - 0.0846) < 0.0002, qPrintable(info));
        // between the discontinuities the flows are steady and Ppar is rounding noise
        QVERIFY2(quiet < 1e-8 * flowStep, qPrintable(info));
        // a few steps after each spike it has decayed (characteristic: to 0.4, then by 0.6 a step)
        QVERIFY2(p.at(kStepTime + 10 * dt) < 0.02 * step, qPrintable(info));
    }
};

QTEST_GUILESS_MAIN(TestTlmPpar)
#include "test_tlm_ppar.moc"
