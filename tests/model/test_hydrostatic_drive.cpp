// SPDX-License-Identifier: GPL-3.0-or-later
// examples/hydrostatic_drive.hydro.json: the steady state a hand calculation gives. Pump flow
// D_p w_e/(2 pi) less both leakages drives the motor at w_m = 2 pi Q/D_m; the line pressure
// carries the load, 2 pi (T + (B_load + B_m) w_m + Tc)/D_m; the relief is shut.
#include <QtTest>

#include <numbers>

#include "example_run.h"
#include "sim/builder.h"
#include "sim/metrics.h"

using namespace hs::model;
using namespace hs::model::test;

class TestHydrostaticDrive : public QObject {
    Q_OBJECT
private slots:
    void steadyStateMatchesHandCalculation() {
        const ExampleRun e = runExampleReference("hydrostatic_drive.hydro.json");
        QVERIFY2(e.error.isEmpty(), qPrintable(e.error));
        const Circuit& c = *e.circuit;
        auto last = [&](const char* probe) { return e.last(probe); };
        auto num = [&](const char* id, const char* p) { return c.component(id)->num.at(p); };
        const double twoPi = 2 * std::numbers::pi;
        const double p1 = last("p V1"), p2 = last("p V2"), wm = last("w motor"), we = last("w engine");
        const double qPump = num("pump", "D") * we / twoPi - num("pump", "Cl") * p1;
        const double qMotor = qPump;  // the relief is shut
        const double wExpected = (qMotor - num("motor", "Cl") * (p1 - p2)) * twoPi / num("motor", "D");
        QVERIFY2(std::abs(wm - wExpected) < 1e-3 * wExpected, qPrintable(QString("w %1, expected %2").arg(wm).arg(wExpected)));
        const double load = -num("torque", "T") + (num("load", "B") + num("motor", "B")) * wm + num("motor", "Tc");
        const double dpExpected = twoPi * load / num("motor", "D");
        QVERIFY2(std::abs((p1 - p2) - dpExpected) < 1e-3 * dpExpected, qPrintable(QString("dp %1, expected %2").arg(p1 - p2).arg(dpExpected)));
        QVERIFY(p1 < num("relief", "p_crack"));
        QVERIFY(std::abs(last("Q relief")) < 1e-12);
        // the engine droops by its pump torque over the governor gain
        const double tPump = num("pump", "D") * p1 / twoPi + num("pump", "B") * we;
        QVERIFY2(std::abs(num("engine", "w") - we - tPump / num("engine", "K")) < 1e-3,
                 qPrintable(QString("droop %1, expected %2").arg(num("engine", "w") - we).arg(tPump / num("engine", "K"))));
    }
};

QTEST_GUILESS_MAIN(TestHydrostaticDrive)
#include "test_hydrostatic_drive.moc"
