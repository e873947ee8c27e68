// SPDX-License-Identifier: GPL-3.0-or-later
// examples/position_servo.hydro.json does what its description says, in numbers one can check:
// while the spool is saturated the load rises at the speed a hand calculation of the two
// metering edges, the line resistances and the load gives; the loop then settles on the
// reference, and at rest the chamber pressures carry the load (pA A1 - pB A2 = m g).
#include <QtTest>

#include <cmath>
#include <numbers>

#include "example_run.h"
#include "sim/builder.h"

using namespace hs::model;
using namespace hs::model::test;

class TestPositionServo : public QObject {
    Q_OBJECT
private slots:
    void physics() {
        const ExampleRun e = runExampleReference("position_servo.hydro.json");
        QVERIFY2(e.error.isEmpty(), qPrintable(e.error));
        const hs::sim::RunResult& run = e.run;
        auto column = [&](const std::string& n) { return e.column(n); };
        auto at = [&](const std::vector<double>& col, double t) { return e.at(col, t); };
        const auto x = column("x"), v = column("v"), pa = column("p_A"), pb = column("p_B"), xv = column("xv");
        QVERIFY(!x.empty() && !v.empty() && !pa.empty() && !pb.empty() && !xv.empty());

        // The file's values: 100 bar supply, 1 bar tank, 4 mm spool open 0.5 mm (Cq 0.67, rho 870),
        // line conductance 1e-9 m3/(s Pa), 50/28 mm cylinder, 200 kg against gravity, 2000 N s/m.
        const double ps = 1e7, pt = 1e5, k = 0.67 * std::numbers::pi * 0.004 * 5e-4 * std::sqrt(2.0 / 870.0), g = 1e-9;
        const double a1 = std::numbers::pi / 4 * 0.05 * 0.05, a2 = a1 - std::numbers::pi / 4 * 0.028 * 0.028;
        const double f = 200 * 9.81, damping = 2000;
        // Saturated extension at speed s: P->A and the A line feed A1 s, B->T and the B line pass A2 s.
        auto pA = [&](double s) { return ps - std::pow(a1 * s / k, 2) - a1 * s / g; };
        auto pB = [&](double s) { return pt + std::pow(a2 * s / k, 2) + a2 * s / g; };
        double lo = 0, hi = 2;  // force surplus pA A1 - pB A2 - f - damping s falls with s
        for (int i = 0; i < 200; ++i) {
            const double s = 0.5 * (lo + hi);
            (pA(s) * a1 - pB(s) * a2 - f - damping * s > 0 ? lo : hi) = s;
        }
        const double vSat = 0.5 * (lo + hi);
        qInfo("saturated: v %.5f m/s (hand %.5f), pA %.4g Pa (hand %.4g), pB %.4g Pa (hand %.4g); x(3 s) %.6f m",
              at(v, 0.5), vSat, at(pa, 0.5), pA(vSat), at(pb, 0.5), pB(vSat), x.back());
        QCOMPARE(at(xv, 0.5), 5e-4);                             // the PID output saturates at the stroke
        QVERIFY(std::abs(at(v, 0.5) / vSat - 1.0) < 2e-3);       // the hand-calculated speed
        QVERIFY(std::abs(at(pa, 0.5) / pA(vSat) - 1.0) < 5e-3);
        QVERIFY(std::abs(at(pb, 0.5) / pB(vSat) - 1.0) < 5e-3);
        QVERIFY(std::abs(x.back() - 0.25) < 1e-4);                // settled on the reference
        double force = 0;
        int n = 0;
        for (size_t i = 0; i < run.trace.time.size(); ++i)
            if (run.trace.time[i] >= 2.5) {
                force += pa[i] * a1 - pb[i] * a2 - damping * v[i];
                ++n;
            }
        QVERIFY(n > 100);
        QVERIFY2(std::abs(force / n / f - 1.0) < 0.01, qPrintable(QString::number(force / n)));  // the load carried
    }
};

QTEST_GUILESS_MAIN(TestPositionServo)
#include "test_position_servo.moc"
