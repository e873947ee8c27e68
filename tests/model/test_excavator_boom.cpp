// SPDX-License-Identifier: GPL-3.0-or-later
// examples/excavator_boom.hydro.json does what its description says, in numbers one can check:
// the boom rises at the pump flow over the piston area, the tandem centre unloads the pump in
// neutral, the counterbalance valve holds the load (no creep beyond a fraction of a millimetre),
// and lowering runs at the pump flow over the annulus area.
#include <QtTest>

#include <cmath>
#include <numbers>

#include "example_run.h"
#include "sim/builder.h"

using namespace hs::model;
using namespace hs::model::test;

class TestExcavatorBoom : public QObject {
    Q_OBJECT
private slots:
    void physics() {
        const ExampleRun e = runExampleReference("excavator_boom.hydro.json");
        QVERIFY2(e.error.isEmpty(), qPrintable(e.error));
        auto column = [&](const std::string& n) { return e.column(n); };
        auto at = [&](const std::vector<double>& col, double t) { return e.at(col, t); };
        const auto x = column("x"), v = column("v"), pump = column("p_pump");
        QVERIFY(!x.empty() && !v.empty() && !pump.empty());
        const double q = 40.0 / 60000.0, a1 = std::numbers::pi / 4 * 0.08 * 0.08, a2 = a1 - std::numbers::pi / 4 * 0.045 * 0.045;
        qInfo("raise %.4f m/s (Q/A1 %.4f), lower %.4f m/s (Q/A2 %.4f), neutral pump %.2f bar, hold drift %.3g mm",
              at(v, 2.0), q / a1, at(v, 4.5), q / a2, at(pump, 3.4) / 1e5, 1e3 * (at(x, 3.45) - at(x, 3.0)));
        QVERIFY(std::abs(at(v, 2.0) / (q / a1) - 1.0) < 0.01);   // all the pump flow lifts
        QVERIFY(std::abs(at(v, 4.5) / (-q / a2) - 1.0) < 0.01);  // all the pump flow pushes the annulus down
        QVERIFY(at(pump, 3.4) < 10e5);                           // tandem centre: the pump unloads to tank
        QVERIFY(std::abs(at(x, 3.45) - at(x, 3.0)) < 1e-3);      // the counterbalance valve holds the load
        QVERIFY(std::abs(at(x, 6.9) - at(x, 6.0)) < 1e-3);
    }
};

QTEST_GUILESS_MAIN(TestExcavatorBoom)
#include "test_excavator_boom.moc"
