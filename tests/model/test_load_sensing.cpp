// SPDX-License-Identifier: GPL-3.0-or-later
// examples/load_sensing_two_actuators.hydro.json does what its description says: while both
// valves are open (1.5 .. 2.4 s) the pump pressure, the load-sense pressure and both cylinder
// speeds equal a hand calculation of the steady state: each cylinder meters at the pump pressure
// less its own load (P->A edge, line resistance, B->T edge), the load sense is the higher
// valve-side port pressure, and the pump's static characteristic q = (p_dif - p + p_LS)/r_p
// (plus its leakage) delivers both cylinders' flow.
#include <QtTest>

#include <cmath>
#include <numbers>

#include "example_run.h"
#include "sim/builder.h"

using namespace hs::model;
using namespace hs::model::test;

class TestLoadSensing : public QObject {
    Q_OBJECT
private slots:
    void steadyMetering() {
        const ExampleRun e = runExampleReference("load_sensing_two_actuators.hydro.json");
        QVERIFY2(e.error.isEmpty(), qPrintable(e.error));
        auto at = [&](const std::string& n, double t) { return e.at(n, t); };

        // The file's values: 63/36 mm cylinders lifting 10 kN and 5 kN (5000 N s/m each), 6 mm
        // spools open 0.5 mm (Cq 0.67, rho 870), line conductance 2e-9, tank 1 bar; pump margin
        // 20 bar, r_p 1e9, leakage 1e-12 from the outlet to its 1 bar suction.
        const double a1 = std::numbers::pi / 4 * 0.063 * 0.063, a2 = a1 - std::numbers::pi / 4 * 0.036 * 0.036;
        const double k = 0.67 * std::numbers::pi * 0.006 * 5e-4 * std::sqrt(2.0 / 870.0), g = 2e-9, pt = 1e5, damping = 5000;
        const double pdif = 2e6, rp = 1e9, cl = 1e-12;
        auto speed = [&](double pp, double f) {  // force surplus falls with the speed
            double lo = 0, hi = 5;
            for (int i = 0; i < 200; ++i) {
                const double v = 0.5 * (lo + hi);
                const double pa = pp - std::pow(a1 * v / k, 2) - a1 * v / g, pb = pt + std::pow(a2 * v / k, 2);
                (pa * a1 - pb * a2 - f - damping * v > 0 ? lo : hi) = v;
            }
            return 0.5 * (lo + hi);
        };
        double v1 = 0, v2 = 0, pls = 0, lo = 1e4 / a1, hi = 2.5e7, pp = 0;
        for (int i = 0; i < 200; ++i) {
            pp = 0.5 * (lo + hi);
            v1 = speed(pp, 1e4);
            v2 = speed(pp, 5e3);
            pls = std::max(pp - std::pow(a1 * v1 / k, 2), pp - std::pow(a1 * v2 / k, 2));
            const double delivered = (pdif - pp + pls) / rp + cl * (pt - pp);
            (delivered > a1 * (v1 + v2) ? lo : hi) = pp;
        }
        qInfo("pump %.6g (hand %.6g), LS %.6g (%.6g) Pa; v1 %.6g (%.6g), v2 %.6g (%.6g) m/s",
              at("p pump", 2.0), pp, at("p LS", 2.0), pls, at("v1", 2.0), v1, at("v2", 2.0), v2);
        for (double t : {1.5, 2.0, 2.4}) {
            QVERIFY(std::abs(at("p pump", t) / pp - 1) < 1e-4);
            QVERIFY(std::abs(at("p LS", t) / pls - 1) < 1e-4);
            QVERIFY(std::abs(at("v1", t) / v1 - 1) < 1e-4);
            QVERIFY(std::abs(at("v2", t) / v2 - 1) < 1e-4);
        }
        QVERIFY(v2 > 1.3 * v1);                      // the lighter load runs faster: no compensators
        QVERIFY(at("p pump", 2.0) - pls < pdif);     // the margin less the regulator's droop
    }
};

QTEST_GUILESS_MAIN(TestLoadSensing)
#include "test_load_sensing.moc"
