// SPDX-License-Identifier: GPL-3.0-or-later
// examples/boom_accumulator.hydro.json does what its description says, in numbers one can check:
// the accumulator charges along the polytropic law (p_gas = p0/(1 - Q t/V0)^kappa), the relief
// valve then holds p_crack + p_tank + Q/Kq with the whole pump flow, and while the boom rises the
// oil balances: A1 dx = Q dt + the gas volume's growth - what the relief passes as the valve opens.
#include <QtTest>

#include <cmath>
#include <numbers>

#include "example_run.h"
#include "sim/builder.h"

using namespace hs::model;
using namespace hs::model::test;

class TestBoomAccumulator : public QObject {
    Q_OBJECT
private slots:
    void physics() {
        const ExampleRun e = runExampleReference("boom_accumulator.hydro.json");
        QVERIFY2(e.error.isEmpty(), qPrintable(e.error));
        const hs::sim::RunResult& run = e.run;
        auto column = [&](const std::string& n) { return e.column(n); };
        auto at = [&](const std::vector<double>& col, double t) { return e.at(col, t); };
        const auto x = column("x"), pump = column("p_pump"), gas = column("p_gas"), vgas = column("V_gas"), relief = column("Q_relief");
        QVERIFY(!x.empty() && !pump.empty() && !gas.empty() && !vgas.empty() && !relief.empty());

        // The file's values: Q 10 l/min, V0 1 l at p0 50 bar, kappa 1.4, relief 150 bar with Kq 2e-10
        // to a 1 bar tank, piston 50 mm.
        const double q = 10.0 / 60000.0, v0 = 1e-3, p0 = 5e6, kappa = 1.4, a1 = std::numbers::pi / 4 * 0.05 * 0.05;
        // Charging: the node reaches p0 within a millisecond, then all the flow goes into the
        // accumulator (the relief and the valve closed): V_oil = Q (t - t0), t0 ~ 0.
        const double hand = p0 / std::pow(1.0 - q * 2.0 / v0, kappa);
        qInfo("p_gas(2 s) %.6g Pa (hand %.6g); held %.6g Pa (hand %.6g), relief flow %.6g m3/s; lift %.4f m",
              at(gas, 2.0), hand, at(pump, 7.5), 1.5e7 + 1e5 + q / 2e-10, at(relief, 7.5), at(x, 9.5) - at(x, 8.0));
        QCOMPARE(at(relief, 2.0), 0.0);
        QVERIFY(std::abs(at(gas, 2.0) / hand - 1.0) < 2e-3);
        QVERIFY(std::abs(at(pump, 7.5) / (1.5e7 + 1e5 + q / 2e-10) - 1.0) < 1e-4);  // the relief holds the charge
        QVERIFY(std::abs(at(relief, 7.5) / q - 1.0) < 1e-4);                       // with the whole pump flow
        // Lifting, 8 .. 9.5 s: the boom takes the pump's oil and what the gas pushes out, less what
        // the relief passes in the first milliseconds (until the pressure falls below its setting).
        double reliefMax = 0, reliefOil = 0;
        for (size_t i = 1; i < run.trace.time.size(); ++i) {
            const double t = run.trace.time[i];
            if (t > 8.1 && t < 9.5) reliefMax = std::max(reliefMax, relief[i]);
            if (t > 8.0 && t <= 9.5) reliefOil += 0.5 * (relief[i] + relief[i - 1]) * (t - run.trace.time[i - 1]);
        }
        QCOMPARE(reliefMax, 0.0);
        const double dx = at(x, 9.5) - at(x, 8.0);
        QVERIFY(dx > 0.2);
        const double oil = q * 1.5 + (at(vgas, 9.5) - at(vgas, 8.0)) - reliefOil;
        qInfo("oil: pump %.4g, gas %.4g, relief %.4g m3; A1 dx %.4g m3", q * 1.5, at(vgas, 9.5) - at(vgas, 8.0), reliefOil, a1 * dx);
        QVERIFY2(std::abs(a1 * dx / oil - 1.0) < 2e-3, qPrintable(QString::number(a1 * dx / oil)));
    }
};

QTEST_GUILESS_MAIN(TestBoomAccumulator)
#include "test_boom_accumulator.moc"
