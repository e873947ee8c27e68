// SPDX-License-Identifier: GPL-3.0-or-later
// The bookkeeping of seed 003 ch. 8 (notes/003 §7 item 10): the thesis counts (n + c) m weights
// for an n:m:c network, 540 for the simulation study's 35:15:1 and 1220 for the experimental
// 60:20:1 (our networks also carry the m + c biases); the linear scaling maps each physical range
// of Table 8.2 to [0.1, 0.9]; the shipped faults file of the servo rig holds Table 8.1 and gives
// the thesis's 35 inputs; bad faults files are refused with the key named.
#include <QTemporaryDir>
#include <QtTest>

#include "learn/mlp.h"
#include "model/circuit_io.h"
#include "model_test_util.h"
#include "monitor/monitor_spec.h"

using namespace hs::monitor;

class TestMonitorBookkeeping : public QObject {
    Q_OBJECT

    static QString writeFile(const QTemporaryDir& dir, const QByteArray& text) {
        const QString p = dir.filePath("faults.json");
        QFile f(p);
        f.open(QIODevice::WriteOnly);
        f.write(text);
        return p;
    }

private slots:
    void weightCounts() {
        QCOMPARE(thesisWeightCount(35, 15, 1), 540);
        QCOMPARE(thesisWeightCount(60, 20, 1), 1220);
        QCOMPARE(thesisWeightCount(25, 10, 5), 300);
        // Ours: the same connections plus one bias per hidden and output neuron.
        QCOMPARE(hs::learn::Mlp(35, {15}, hs::learn::Activation::Logistic).weightCount(), 540 + 15 + 1);
        QCOMPARE(hs::learn::Mlp(60, {20}, hs::learn::Activation::Logistic).weightCount(), 1220 + 20 + 1);
    }

    void scalingOfTable8_2() {
        // u +-50 mm, i +-250 mA, p -40..100 bar, x +-50 mm -> [0.1, 0.9] (eq. 8.11)
        QCOMPARE(scaleTo01_09(-0.05, -0.05, 0.05), 0.1);
        QCOMPARE(scaleTo01_09(0.05, -0.05, 0.05), 0.9);
        QVERIFY(std::abs(scaleTo01_09(0.0, -0.25, 0.25) - 0.5) < 1e-15);
        QVERIFY(std::abs(scaleTo01_09(30e5, -40e5, 100e5) - 0.5) < 1e-15);
        QVERIFY(std::abs(unscale01_09(scaleTo01_09(12.3e5, -40e5, 100e5), -40e5, 100e5) - 12.3e5) < 1e-6);
    }

    void rigFaultsFileIsTable8_1() {
        QString e;
        const auto s = readMonitorSpec(HS_EXAMPLES_DIR "/servo_rig_003.faults.json", &e);
        QVERIFY2(s, qPrintable(e));
        QCOMPARE(s->inputs(), 35);  // u, i, dp, x and the reference's i, dp, x; 5 samples each
        QCOMPARE(s->filterInputs(), 25);
        QCOMPARE(thesisWeightCount(s->inputs(), s->hidden, 1), 540);
        QCOMPARE(int(s->faults.size()), 5);
        const double perLminBar = 1e-3 / 60 / 1e5;
        const std::vector<std::vector<double>> table = {{0, 0.1, 0.2, 0.3, 0.4},
                                                        {0, 500, 1000, 1500, 2000},
                                                        {50, 100, 150, 200, 250},
                                                        {100, 80, 60, 40, 20},
                                                        {1000, 8000, 15000, 22000, 29000}};
        const std::vector<double> unit = {perLminBar, 1, 1, 1e5, 1};
        for (size_t f = 0; f < 5; ++f)
            for (size_t l = 0; l < 5; ++l) {
                QVERIFY(std::abs(s->faults[f].levels[l] - table[f][l] * unit[f]) <= 1e-12 * std::abs(table[f][l] * unit[f]));
                QVERIFY(std::abs(s->faults[f].levels[l] * s->faults[f].display - table[f][l]) <= 1e-9 * std::max(1.0, table[f][l]));
            }
        const auto c = hs::model::loadCircuit(HS_EXAMPLES_DIR "/servo_rig_003.hydro.json", hs::model::test::registry());
        QVERIFY(c.ok());
        QCOMPARE(checkMonitorSpec(*s, *c.circuit, hs::model::test::registry()), QString());
    }

    void badFilesNamed() {
        QTemporaryDir dir;
        QString e;
        QVERIFY(!readMonitorSpec(writeFile(dir, "{\"format\": 1, \"sensors\": [\"x\"], \"faults\": []}"), &e));
        QVERIFY2(e.contains("demand"), qPrintable(e));
        QVERIFY(!readMonitorSpec(writeFile(dir, R"({"format": 1, "demand": {"component": "d", "min": 0, "max": 1, "period": 0.1},
            "sensors": ["x"], "faults": [{"name": "leak", "parameter": "cylL", "levels": [0, 1]}]})"), &e));
        QVERIFY2(e.contains("faults[0].parameter") && e.contains("comp.param"), qPrintable(e));
        QVERIFY(!readMonitorSpec(writeFile(dir, R"({"format": 1, "demand": {"component": "d", "min": 0, "max": 1, "period": 0.1},
            "sensors": ["x"], "faults": [{"name": "leak", "parameter": "cyl.L", "levels": [0]}]})"), &e));
        QVERIFY2(e.contains("faults[0].levels") && e.contains("two levels"), qPrintable(e));
        QVERIFY(!readMonitorSpec(writeFile(dir, R"({"format": 1, "demand": {"component": "d", "min": 0, "max": 1, "period": 0.1},
            "sensors": [{"probe": "x", "min": 1}], "faults": [{"name": "leak", "parameter": "cyl.L", "levels": [0, 1]}]})"), &e));
        QVERIFY2(e.contains("sensors[0]") && e.contains("both min and max"), qPrintable(e));
        // Against the circuit: an unknown parameter and an unknown probe are named.
        auto s = readMonitorSpec(HS_EXAMPLES_DIR "/servo_rig_003.faults.json", &e);
        const auto c = hs::model::loadCircuit(HS_EXAMPLES_DIR "/servo_rig_003.hydro.json", hs::model::test::registry());
        s->faults[1].parameter = "Force";
        e = checkMonitorSpec(*s, *c.circuit, hs::model::test::registry());
        QVERIFY2(e.contains("fault 'load'") && e.contains("no number parameter 'Force'"), qPrintable(e));
        s = readMonitorSpec(HS_EXAMPLES_DIR "/servo_rig_003.faults.json", &e);
        s->reference[0].probe = "current";
        e = checkMonitorSpec(*s, *c.circuit, hs::model::test::registry());
        QVERIFY2(e.contains("'current'") && e.contains("its probes are"), qPrintable(e));
    }
};

QTEST_GUILESS_MAIN(TestMonitorBookkeeping)
#include "test_monitor_bookkeeping.moc"
