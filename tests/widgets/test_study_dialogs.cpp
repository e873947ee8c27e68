// SPDX-License-Identifier: GPL-3.0-or-later
// The many-run dialogs of the editor on the three-orifice circuit: Simulation > Parameter Sweep
// runs three points (one of them a volume its component refuses) and its results table and
// exported CSV hold what `hydrostiff-cli sweep --out` writes for the same sweep (wall times
// aside); Simulation > Find the Fastest Configuration searches, and a click on the winner's point
// in the Pareto plot adds exactly that configuration through the editor's undo stack, which
// Undo takes back (the circuit is then equal to the one before).
#include <QtTest>

#include <QDialog>
#include <QFile>
#include <QLabel>
#include <QSettings>
#include <QTableWidget>
#include <QUndoStack>
#include <qcustomplot.h>

#include "action_table.h"
#include "advisor_dialog.h"
#include "cli_process.h"
#include "gui_settings.h"
#include "main_window.h"
#include "model/circuit_document.h"
#include "model/circuit_settings.h"
#include "sweep_dialog.h"
#include "widgets_test_util.h"

using namespace hs;

namespace {

// One CSV line split into its cells (quoted cells unquoted).
QStringList csvCells(const QString& line) {
    QStringList cells;
    QString cell;
    bool quoted = false;
    for (int i = 0; i < line.size(); ++i) {
        const QChar ch = line[i];
        if (quoted && ch == '"' && i + 1 < line.size() && line[i + 1] == '"') {
            cell += '"';
            ++i;
        } else if (ch == '"') {
            quoted = !quoted;
        } else if (ch == ',' && !quoted) {
            cells << cell;
            cell.clear();
        } else {
            cell += ch;
        }
    }
    return cells << cell;
}

QList<QStringList> readCsv(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return {};
    QList<QStringList> rows;
    for (const QString& line : QString::fromUtf8(f.readAll()).split('\n', Qt::SkipEmptyParts)) rows << csvCells(line);
    return rows;
}

}  // namespace

class TestStudyDialogs : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;
    std::unique_ptr<QSettings> qs_;
    std::unique_ptr<gui::GuiSettings> settings_;
    std::unique_ptr<gui::MainWindow> w_;

private slots:
    void initTestCase() {
        qs_ = std::make_unique<QSettings>(tmp_.filePath("s.ini"), QSettings::IniFormat);
        settings_ = std::make_unique<gui::GuiSettings>(*qs_);
        w_ = std::make_unique<gui::MainWindow>(gui::MainWindowContext{widgets::test::registry(), *settings_, HS_EXAMPLES_DIR, tmp_.filePath("rec")});
        w_->show();
        QString err;
        QVERIFY2(w_->openExample(test::examplePath("three_orifice.hydro.json"), &err), qPrintable(err));
        QDir().mkpath(HS_SCREENSHOT_DIR);
    }

    void sweepTableAndCsvMatchTheCli() {
        w_->actions().get("sim.sweep")->trigger();
        auto* d = w_->findChild<gui::SweepDialog*>();
        QVERIFY(d);
        // V1.V = -1e-5 is refused by the component: a failed row with its message; 1e-5 and 3e-5 run.
        QVERIFY(d->addParameter("V1.V", -1e-5, 3e-5, 3));
        QVERIFY(!d->addParameter("V1.nothing", 0, 1, 2));
        QVERIFY(d->setConfiguration("Local implicit 1e-3"));
        d->setJobs(2);
        QSignalSpy done(d, &gui::SweepDialog::sweepFinished);
        QCOMPARE(d->start(), QString());
        QVERIFY(d->isRunning());
        QVERIFY(done.wait(120000));
        QCOMPARE(d->result().rows.size(), size_t(3));
        const QString guiCsv = tmp_.filePath("gui.csv");
        QCOMPARE(d->exportCsv(guiCsv), QString());

        const QString cliCsv = tmp_.filePath("cli.csv");
        const test::CliResult r = test::runCli({"sweep", test::examplePath("three_orifice.hydro.json"), "--param", "V1.V=-1e-5:3e-5:3",
                                                "--config", "Local implicit 1e-3", "--jobs", "2", "--quiet", "--out", cliCsv});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const QList<QStringList> cli = readCsv(cliCsv), gui = readCsv(guiCsv);
        QCOMPARE(cli.size(), 4);  // header and three runs
        const int wallCol = static_cast<int>(cli[0].indexOf("wall_s"));
        const int statusCol = static_cast<int>(cli[0].indexOf("status"));
        QVERIFY(wallCol > 0 && statusCol > 0);
        QCOMPARE(cli[0].last(), QString("error"));
        QCOMPARE(cli[1][statusCol], QString("failed"));
        QVERIFY2(cli[1].last().contains("below its minimum"), qPrintable(cli[1].last()));
        QCOMPARE(cli[2][statusCol], QString("ok"));
        QCOMPARE(cli[3][statusCol], QString("ok"));
        // The exported file: the CLI's, but for the wall times.
        QCOMPARE(gui.size(), cli.size());
        for (int i = 0; i < cli.size(); ++i) {
            QStringList a = cli[i], b = gui[i];
            if (i > 0) a[wallCol] = b[wallCol] = "-";
            QCOMPARE(b, a);
        }
        // The table: the same header and cells.
        const QTableWidget* t = d->resultsTable();
        QCOMPARE(t->columnCount(), static_cast<int>(cli[0].size()));
        QCOMPARE(t->rowCount(), 3);
        for (int k = 0; k < t->columnCount(); ++k) QCOMPARE(t->horizontalHeaderItem(k)->text(), cli[0][k]);
        for (int i = 0; i < 3; ++i)
            for (int k = 0; k < t->columnCount(); ++k)
                if (k != wallCol) QCOMPARE(t->item(i, k)->text(), cli[i + 1][k]);
        // The plot: p1's final value against V1.V for the two runs that finished.
        d->plotColumn(0, "p1:final [Pa]");
        QCOMPARE(d->plot()->graphCount(), 1);
        QCOMPARE(d->plot()->graph(0)->data()->size(), 2);
        QVERIFY(d->grab().save(HS_SCREENSHOT_DIR "/sweep_dialog_three_orifice.png"));
        qInfo("screenshot: %s", HS_SCREENSHOT_DIR "/sweep_dialog_three_orifice.png");
        d->close();
    }

    void advisorPointIsAddedWithUndo() {
        // The start-up, where V2 is stiffest (as study_test_advisor)
        model::CircuitSettings s = model::CircuitSettings::of(w_->document().circuit());
        s.duration = 0.5;
        w_->document().setSettings(s);
        w_->undoStack().clear();
        const model::Circuit before = w_->document().circuit();
        w_->actions().get("sim.advise")->trigger();
        auto* d = w_->findChild<gui::AdvisorDialog*>();
        QVERIFY(d);
        d->resize(900, 760);
        d->setErrorBound(0.5);
        d->setBudget(20);
        d->setDepth(0);
        d->setJobs(2);
        QSignalSpy done(d, &gui::AdvisorDialog::searchFinished);
        QCOMPARE(d->start(), QString());
        QVERIFY(done.wait(120000));
        const study::AdvisorResult& res = d->result();
        QCOMPARE(res.error, QString());
        QVERIFY2(res.winner > 0, "the advisor beats RK4 at 1e-4 s on this circuit");
        // Click the winner's point in the plot.
        QCPGraph* g = d->runsGraph();
        QVERIFY(g);
        const auto& idx = d->runsGraphIndex();
        const auto it = std::find(idx.begin(), idx.end(), res.winner);
        QVERIFY(it != idx.end());
        const auto point = g->data()->at(static_cast<int>(it - idx.begin()));
        QCustomPlot* plot = d->plot();
        plot->replot();
        const QPoint px(qRound(plot->xAxis->coordToPixel(point->key)), qRound(plot->yAxis->coordToPixel(point->value)));
        QSignalSpy added(d, &gui::AdvisorDialog::configurationAdded);
        QTest::mouseClick(plot, Qt::LeftButton, {}, px);
        QCOMPARE(added.size(), 1);
        const model::Circuit after = w_->document().circuit();
        QCOMPARE(after.configs.size(), before.configs.size() + 1);
        model::SolverConfigDoc expected = res.fullRuns[size_t(res.winner)].config;
        expected.name = added.front().front().toString();
        QCOMPARE(after.configs.back(), expected);
        model::Circuit rest = after;
        rest.configs.pop_back();
        QVERIFY(rest == before);  // nothing else changed
        QVERIFY(d->grab().save(HS_SCREENSHOT_DIR "/advisor_dialog_three_orifice.png"));
        qInfo("screenshot: %s", HS_SCREENSHOT_DIR "/advisor_dialog_three_orifice.png");
        w_->undoStack().undo();
        QVERIFY(w_->document().circuit() == before);
        w_->undoStack().redo();
        QVERIFY(w_->document().circuit() == after);
        d->close();
    }
};

QTEST_MAIN(TestStudyDialogs)
#include "test_study_dialogs.moc"
