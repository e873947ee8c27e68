// SPDX-License-Identifier: GPL-3.0-or-later
// examples/excavator_boom.hydro.json does what its description says, in numbers one can check:
// the boom rises at the pump flow over the piston area, the tandem centre unloads the pump in
// neutral, the counterbalance valve holds the load (no creep beyond a fraction of a millimetre),
// and lowering runs at the pump flow over the annulus area.
#include <QtTest>

#include <cmath>
#include <numbers>

#include "model_test_util.h"
#include "sim/builder.h"

using namespace hs::model;
using namespace hs::model::test;

class TestExcavatorBoom : public QObject {
    Q_OBJECT
private slots:
    void physics() {
        const LoadResult r = loadCircuit(QStringLiteral(HS_EXAMPLES_DIR "/excavator_boom.hydro.json"), registry());
        QVERIFY2(r.ok(), qPrintable(r.errors.join('\n')));
        const Circuit& c = *r.circuit;
        const SolverConfigDoc* ref = c.reference();
        QVERIFY(ref);
        hs::sim::BuildResult b = hs::sim::build(registry(), toNetlist(c), toSolverSettings(*ref));
        QVERIFY(b.ok());
        const hs::sim::RunResult run = hs::sim::simulate(*b.system, toProbes(c), toRunOptions(c, *ref));
        QVERIFY2(run.ok, run.error.c_str());
        auto column = [&](const std::string& name) {
            for (size_t i = 0; i < run.trace.names.size(); ++i)
                if (run.trace.names[i] == name) return run.trace.columns[i];
            return std::vector<double>{};
        };
        auto at = [&](const std::vector<double>& col, double t) {
            size_t i = 0;
            while (i + 1 < run.trace.time.size() && run.trace.time[i] < t) ++i;
            return col[i];
        };
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
