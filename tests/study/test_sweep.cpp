// SPDX-License-Identifier: GPL-3.0-or-later
// Sweeps on the three-orifice circuit (three equal orifices in series from the supply to the
// tank): at steady state p1 = 2/3 and p2 = 1/3 of the supply pressure, whatever it is. Failed
// runs are rows; the threaded sweep equals the serial one bit for bit; the summary statistics
// of a known trace; the CSV has one row per run.
#include <QTemporaryDir>
#include <QtTest>

#include "model/circuit_io.h"
#include "sim/registry.h"
#include "study/sweep.h"

using namespace hs;

class TestSweep : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void steadyStateFollowsTheSupply();
    void failedRunsAreRows();
    void threadsGiveTheSerialResult();
    void summaryOfARamp();
    void againstTheReference();
    void csvHasOneRowPerRun();

private:
    study::SweepOptions options(const QStringList& params) const;
    sim::Registry reg_ = sim::Registry::builtin();
    model::Circuit circuit_;
};

void TestSweep::initTestCase() {
    auto loaded = model::loadCircuit(HS_EXAMPLES_DIR "/three_orifice.hydro.json", reg_);
    QVERIFY(loaded.ok());
    circuit_ = *loaded.circuit;
}

study::SweepOptions TestSweep::options(const QStringList& params) const {
    study::SweepOptions opt;
    QString e;
    for (const auto& p : params) opt.axes.push_back(*study::parseAxis(p, &e));
    opt.points = study::gridPoints(opt.axes);
    opt.config = "Local implicit 1e-3";
    opt.jobs = 2;
    return opt;
}

void TestSweep::steadyStateFollowsTheSupply() {
    study::SweepOptions opt = options({"supply.p=5e6:2e7:4"});
    int reports = 0;
    opt.progress = [&](const study::StudyProgress& p) {
        ++reports;
        QVERIFY(p.done <= p.total && p.completed <= p.total + 1e-9);
    };
    const study::SweepResult res = study::runSweep(circuit_, reg_, opt);
    QCOMPARE(res.error, QString());
    QCOMPARE(res.rows.size(), size_t(4));
    QVERIFY(reports >= 1);
    for (const auto& row : res.rows) {
        QCOMPARE(row.status, QString("ok"));
        const double ps = row.point[0];
        QCOMPARE(row.probes[0].name, std::string("p1"));
        QVERIFY2(std::abs(row.probes[0].final - 2.0 / 3.0 * ps) < 1e-3 * ps, qPrintable(QString::number(row.probes[0].final)));
        QVERIFY(std::abs(row.probes[1].final - 1.0 / 3.0 * ps) < 1e-3 * ps);
        QVERIFY(row.probes[0].max <= ps * (1 + 1e-9));
        QVERIFY(row.probes[0].min >= -1.0);
        QVERIFY(row.probes[0].mean < row.probes[0].final);  // rising from 0
    }
}

void TestSweep::failedRunsAreRows() {
    const study::SweepResult res = study::runSweep(circuit_, reg_, options({"V2.V=-1,1e-5,0"}));
    QCOMPARE(res.rows.size(), size_t(3));
    QCOMPARE(res.rows[0].status, QString("failed"));
    QVERIFY2(res.rows[0].error.contains("'V'"), qPrintable(res.rows[0].error));
    QCOMPARE(res.rows[1].status, QString("ok"));
    QCOMPARE(res.rows[2].status, QString("failed"));
}

void TestSweep::threadsGiveTheSerialResult() {
    study::SweepOptions opt = options({"V2.V=1e-6:1e-5:3", "O3.Cd=0.5,0.7"});
    opt.jobs = 1;
    const study::SweepResult serial = study::runSweep(circuit_, reg_, opt);
    opt.jobs = 3;
    const study::SweepResult threaded = study::runSweep(circuit_, reg_, opt);
    QCOMPARE(serial.rows.size(), size_t(6));
    for (size_t i = 0; i < serial.rows.size(); ++i) {
        QCOMPARE(threaded.rows[i].point, serial.rows[i].point);
        QCOMPARE(threaded.rows[i].steps, serial.rows[i].steps);
        for (size_t k = 0; k < serial.rows[i].probes.size(); ++k) {
            QCOMPARE(threaded.rows[i].probes[k].final, serial.rows[i].probes[k].final);  // bit for bit
            QCOMPARE(threaded.rows[i].probes[k].mean, serial.rows[i].probes[k].mean);
        }
    }
}

void TestSweep::summaryOfARamp() {
    sim::Trace tr;
    tr.names = {"x"};
    tr.units = {"m"};
    tr.columns.resize(1);
    for (int i = 0; i <= 10; ++i) {  // x = 3 - t^... a ramp from 3 down to -2 over [0, 1] s
        tr.time.push_back(0.1 * i);
        tr.columns[0].push_back(3.0 - 0.5 * i);
    }
    const auto s = study::summarize(tr);
    QCOMPARE(s.size(), size_t(1));
    QCOMPARE(s[0].final, -2.0);
    QCOMPARE(s[0].min, -2.0);
    QCOMPARE(s[0].max, 3.0);
    QVERIFY(std::abs(s[0].mean - 0.5) < 1e-12);  // the trapezoidal mean of a ramp is exact
}

void TestSweep::againstTheReference() {
    study::SweepOptions opt = options({"supply.p=1e7,2e7"});
    opt.againstReference = true;
    opt.duration = 0.5;
    const study::SweepResult res = study::runSweep(circuit_, reg_, opt);
    for (const auto& row : res.rows) {
        QCOMPARE(row.status, QString("ok"));
        QCOMPARE(row.errors.size(), size_t(2));
        // Backward Euler at 1e-3 s against RK4 at 1e-4 s: a small, non-zero error.
        QVERIFY(row.errors[0].rrmse > 0 && row.errors[0].rrmse < 5);
    }
    // Relative errors of a circuit whose pressures scale with the supply: about the same.
    QVERIFY(std::abs(res.rows[0].errors[1].rrmse - res.rows[1].errors[1].rrmse) < 0.5 * res.rows[0].errors[1].rrmse);
}

void TestSweep::csvHasOneRowPerRun() {
    study::SweepOptions opt = options({"V2.V=-1,1e-5", "supply.p=1e7"});
    opt.duration = 0.1;
    const study::SweepResult res = study::runSweep(circuit_, reg_, opt);
    QTemporaryDir dir;
    const QString path = dir.filePath("sweep.csv");
    QCOMPARE(study::writeSweepCsv(path, opt, res, {}, {"final", "max"}), QString());
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QStringList lines = QString::fromUtf8(f.readAll()).split('\n', Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 3);
    QCOMPARE(lines[0], QString("run,V2.V,supply.p,status,wall_s,steps,p1:final [Pa],p1:max [Pa],p2:final [Pa],p2:max [Pa],error"));
    // the message's lines joined with "; " (one CSV line, the same cell as in the GUI's table)
    QVERIFY2(lines[1].startsWith("1,-1,1e+07,failed,0,0,nan,nan,nan,nan,circuit does not compile: component 'V2': "
                                 "parameter 'V' = -1 m3 is below its minimum 0 m3; component 'V2'"),
             qPrintable(lines[1]));
    QVERIFY(lines[2].startsWith("2,1e-05,1e+07,ok,"));
}

QTEST_APPLESS_MAIN(TestSweep)
#include "test_sweep.moc"
