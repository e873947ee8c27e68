// SPDX-License-Identifier: GPL-3.0-or-later
// examples/hydrostatic_transmission.hydro.json does what its description says: its steady state
// (8 s) against a hand calculation of the same equations: the charge relief sets the charge
// pressure, the low side sits a check-valve opening below it feeding the flushing orifice, the
// motor's torque balance sets the high side, and the pump flow less both leakages sets the motor
// speed, with the engine drooping under the pump's torque.
#include <QtTest>

#include <cmath>
#include <numbers>

#include "example_run.h"
#include "sim/builder.h"

using namespace hs::model;
using namespace hs::model::test;

class TestHydrostaticTransmission : public QObject {
    Q_OBJECT
private slots:
    void steadyState() {
        const ExampleRun e = runExampleReference("hydrostatic_transmission.hydro.json");
        QVERIFY2(e.error.isEmpty(), qPrintable(e.error));
        auto last = [&](const std::string& n) { return e.last(n); };

        // The file's values.
        const double twoPi = 2 * std::numbers::pi, pt = 1e5;
        const double dp = 2.8e-5 / twoPi, dm = 4e-5 / twoPi, clp = 2e-12, clm = 2e-12, bp = 0.02, bm = 0.05;
        const double wSet = 157.07963267948966, kGov = 200, tLoad = 50, bLoad = 0.5, gLine = 2e-9, gFlush = 1e-11;
        const double qCharge = 10.0 / 60000.0, reliefCrack = 2e6, kq = 2e-10, kCheck = 1e-6, checkCrack = 1e5, checkOpen = 1e5;
        // Charge side: flushing flow Qf = gFlush (pB - pt) through check B (Q = open k sqrt(dp),
        // open = (dp - crack)/dp_open), the rest over the charge relief.
        double pB = 2.7e6, pc = 0;
        for (int i = 0; i < 200; ++i) {
            const double qf = gFlush * (pB - pt);
            pc = reliefCrack + pt + (qCharge - qf) / kq;
            double lo = checkCrack, hi = checkCrack + checkOpen;  // check drop for qf (partly open)
            for (int k = 0; k < 100; ++k) {
                const double d = 0.5 * (lo + hi);
                ((d - checkCrack) / checkOpen * kCheck * std::sqrt(d) < qf ? lo : hi) = d;
            }
            pB = pc - 0.5 * (lo + hi);
        }
        // Drive side: motor torque balance, line flow, pump flow less leakages, engine droop.
        double we = wSet, wm = 100, pm = 2e7, pa = 2e7;
        for (int i = 0; i < 500; ++i) {
            pm = pB + (tLoad + (bLoad + bm) * wm) / dm;             // motor inlet: dm (pm - pB) = T + B w
            const double q = dp * we - clp * (pa - pB);              // pump flow into A
            pa = pm + q / gLine;                                     // through the line resistance
            wm = (q - clm * (pm - pB)) / dm;                         // motor: dm w + Cl (pm - pB) = q
            we = wSet - (dp * (pa - pB) + bp * we) / kGov;           // governor droop under the pump torque
        }
        qInfo("charge %.7g (hand %.7g), B %.7g (%.7g), A %.7g (%.7g) Pa; motor %.7g (%.7g), engine %.7g (%.7g) rad/s",
              last("p charge"), pc, last("p B"), pB, last("p A"), pa, last("w motor"), wm, last("w engine"), we);
        QVERIFY(std::abs(last("p charge") / pc - 1) < 1e-5);
        QVERIFY(std::abs(last("p B") / pB - 1) < 1e-5);
        QVERIFY(std::abs(last("p A") / pa - 1) < 1e-5);
        QVERIFY(std::abs(last("w motor") / wm - 1) < 1e-5);
        QVERIFY(std::abs(last("w engine") / we - 1) < 1e-5);
        QVERIFY(std::abs(last("Q check B") / (gFlush * (pB - pt)) - 1) < 1e-4);  // the charge pump replenishes the flush
    }
};

QTEST_GUILESS_MAIN(TestHydrostaticTransmission)
#include "test_hydrostatic_transmission.moc"
