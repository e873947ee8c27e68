// SPDX-License-Identifier: GPL-3.0-or-later
// The condition monitor on a case small enough to train in a second (leak_monitor_case.h): a
// flow source driven by a random demand fills a 0.1 l volume that drains through a laminar leak
// to tank; the fault is the leak's conductance at three levels. The monitor sees the demand and the pressure (and the
// fault-free reference's pressure); at steady state p = Q/G, so the level is observable. Trained
// on one seeded duty cycle, it must classify the levels of another; the saved model must give the
// same estimates bit for bit after loading.
#include <QTemporaryDir>
#include <QtTest>

#include "model/circuit_io.h"
#include "model_test_util.h"
#include "monitor/fault_runs.h"
#include "monitor/monitor_model.h"
#include "leak_monitor_case.h"

using namespace hs::monitor;
using namespace hs::monitor::test;


class TestMonitorSynthetic : public QObject {
    Q_OBJECT
private slots:
    void classifiesLeakLevels() {
        QTemporaryDir dir;
        const auto lr = hs::model::loadCircuit(writeFile(dir, "leak.hydro.json", leakCircuit(1e-11)), hs::model::test::registry());
        QVERIFY2(lr.ok(), qPrintable(lr.errors.join('\n')));
        QString e;
        const auto spec = readMonitorSpec(writeFile(dir, "faults.json", kLeakFaults), &e);
        QVERIFY2(spec, qPrintable(e));
        const FaultRunSet set = generateFaultRuns(*lr.circuit, hs::model::test::registry(), *spec, 2);
        QVERIFY2(set.error.isEmpty(), qPrintable(set.error));
        QCOMPARE(int(set.runs.size()), 6);  // fault-free + 2 levels, two duty cycles
        QCOMPARE(set.samples, 301);
        // The runs are what they say: at the end of a held demand level p = Q/G.
        for (const FaultRun& r : set.runs) {
            const double G = spec->faults[0].levels[static_cast<size_t>(r.level)];
            const size_t k = 299;  // t = 2.99 s, 0.09 s into the last level (tau = C/G <= 6.7 ms)
            const double q = r.samples[0][k], p = r.samples[1][k];
            QVERIFY2(std::abs(p / (q / G) - 1) < 1e-4, qPrintable(QString("p %1, Q/G %2").arg(p).arg(q / G)));
        }
        const MonitorTrainResult tr = trainMonitor(*spec, set, 2);
        QVERIFY2(tr.error.isEmpty(), qPrintable(tr.error));
        const double acc = accuracy(tr.validation[0]), acc1 = accuracy(tr.stage1Validation[0]);
        qInfo("stage 1 MSE %.3g / %.3g (%d epochs), filter MSE %.3g / %.3g; levels right (validation duty cycle): stage 1 %.3f, "
              "filtered %.3f",
              tr.stage1[0].trainMse, tr.stage1[0].validationMse, tr.stage1[0].epochs, tr.stage2[0].trainMse,
              tr.stage2[0].validationMse, acc1, acc);
        QVERIFY(tr.stage1[0].validationMse < 0.005);
        QVERIFY(acc > 0.95);
        for (size_t l = 0; l < 3; ++l) {  // each level mostly recognised as itself
            int row = 0;
            for (int n : tr.validation[0][l]) row += n;
            QVERIFY(tr.validation[0][l][l] > 0.9 * row);
        }

        // Round trip: the loaded model estimates the same numbers.
        const QString path = dir.filePath("leak.monitor");
        std::string se;
        QVERIFY2(saveMonitorModel(path.toStdString(), tr.model, se), se.c_str());
        MonitorModel back;
        QVERIFY2(loadMonitorModel(path.toStdString(), back, se), se.c_str());
        const FaultRun& run = set.runs[5];  // validation duty cycle, level 3
        QCOMPARE(run.level, 2);
        const FaultRun* ref = set.faultFree(DutyCycle::Validation);
        const Estimates a = estimate(tr.model, set.probes, run.samples, ref->samples);
        const Estimates b = estimate(back, set.probes, run.samples, ref->samples);
        QCOMPARE(a.filter, b.filter);
        QCOMPARE(a.level, b.level);
        QCOMPARE(a.level[0].back(), 2);
        QCOMPARE(a.time.front(), (spec->window - 1 + spec->filterWindow - 1) * spec->sampleInterval);
        // A damaged file is refused with its line.
        QFile f(path);
        QVERIFY(f.open(QIODevice::Append));
        f.write("bogus 1\n");
        f.close();
        QVERIFY(!loadMonitorModel(path.toStdString(), back, se));
        QVERIFY2(QString::fromStdString(se).contains("unknown item 'bogus'"), se.c_str());
    }
};

QTEST_GUILESS_MAIN(TestMonitorSynthetic)
#include "test_monitor_synthetic.moc"
