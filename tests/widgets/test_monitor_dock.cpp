// SPDX-License-Identifier: GPL-3.0-or-later
// The condition monitor dock as a user meets it: a monitor trained on the small leak case
// (tests/monitor/leak_monitor_case.h) is loaded into the window of that circuit with the leak at
// its third level; while Run streams the dock shows estimates, and when the run has ended every
// shown level is the injected one; the window is kept as main_window_monitor.png (CI artefact).
// A model whose fault parameter the circuit lacks is refused, naming it.
#include <QtTest>
#include <QProgressBar>
#include <QSettings>

#include "gui_settings.h"
#include "leak_monitor_case.h"
#include "main_window.h"
#include "model/circuit_io.h"
#include "monitor/fault_runs.h"
#include "monitor/monitor_model.h"
#include "monitor_dock.h"
#include "run_controller.h"
#include "run_workspace.h"
#include "widgets_test_util.h"

using namespace hs;

class TestMonitorDock : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;

private slots:
    void estimatesWhileRunning() {
        // Train on the fault-free circuit (the trainer sets every fault level itself).
        const QString modelPath = tmp_.filePath("leak.monitor");
        {
            const auto lr = model::loadCircuit(monitor::test::writeFile(tmp_, "train.hydro.json", monitor::test::leakCircuit(1e-11)),
                                               widgets::test::registry());
            QVERIFY(lr.ok());
            QString e;
            const auto spec = monitor::readMonitorSpec(monitor::test::writeFile(tmp_, "faults.json", monitor::test::kLeakFaults), &e);
            QVERIFY2(spec, qPrintable(e));
            const monitor::FaultRunSet set = monitor::generateFaultRuns(*lr.circuit, widgets::test::registry(), *spec, 2);
            QVERIFY2(set.error.isEmpty(), qPrintable(set.error));
            monitor::MonitorTrainResult tr = monitor::trainMonitor(*spec, set, 2);
            QVERIFY2(tr.error.isEmpty(), qPrintable(tr.error));
            tr.model.setInfo("configuration", "CVODE");
            std::string se;
            QVERIFY2(monitor::saveMonitorModel(modelPath.toStdString(), tr.model, se), se.c_str());
        }
        QSettings qs(tmp_.filePath("s.ini"), QSettings::IniFormat);
        gui::GuiSettings settings(qs);
        gui::MainWindow w(gui::MainWindowContext{widgets::test::registry(), settings, HS_EXAMPLES_DIR, tmp_.filePath("rec")});
        w.resize(1500, 900);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QString err;
        QVERIFY2(w.openFile(monitor::test::writeFile(tmp_, "faulty.hydro.json", monitor::test::leakCircuit(2e-11)), &err), qPrintable(err));
        QVERIFY2(w.attachMonitor(modelPath).isEmpty(), "attach");
        gui::MonitorDock* dock = w.monitorDock();
        QVERIFY(dock && dock->isVisible());
        QSignalSpy finished(&w.runner().workspace(), &widgets::RunWorkspace::runFinished);
        QCOMPARE(w.runner().run(), QString());
        QVERIFY(finished.wait(120000));
        QTest::qWait(50);
        QCOMPARE(int(dock->shownLevels().size()), 1);
        QCOMPARE(dock->shownLevels()[0], 2);  // the third level, 2e-11
        QVERIFY(std::abs(dock->model().physical(0, dock->shownOutputs()[0]) / 2e-11 - 1) < 0.1);
        QList<QProgressBar*> bars = dock->findChildren<QProgressBar*>();
        QCOMPARE(bars.size(), 1);
        QVERIFY(bars[0]->value() > 900);  // the top of the leak's range
        QDir().mkpath(HS_SCREENSHOT_DIR);
        QVERIFY(w.grab().save(QString(HS_SCREENSHOT_DIR) + "/main_window_monitor.png"));

        // A circuit without the fault's component: refused, naming it.
        const QString other = QDir(HS_EXAMPLES_DIR).filePath("three_orifice.hydro.json");
        QVERIFY(w.openExample(other, &err));
        const QString e = w.attachMonitor(modelPath);
        QVERIFY2(e.contains("leak") && e.contains("no component"), qPrintable(e));
    }
};

QTEST_MAIN(TestMonitorDock)
#include "test_monitor_dock.moc"
