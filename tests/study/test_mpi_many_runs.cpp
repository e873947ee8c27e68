// SPDX-License-Identifier: GPL-3.0-or-later
// The many-run commands over 2 MPI ranks (mpirun) against the same commands on threads: the sweep's
// CSV and the identification's result are the same to the last digit (only wall times differ),
// rank 0 alone writes, and the advisor runs over ranks to a winner. Built only with MPI.
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include "../mpi_process.h"

namespace {

using Result = hs::test::CliResult;
QString example(const char* name) { return hs::test::examplePath(name); }

QString readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

// The CSV without its wall_s column (the one thing that differs between two runs).
QStringList withoutWallTime(const QString& csv) {
    QStringList rows = csv.split('\n', Qt::SkipEmptyParts);
    if (rows.isEmpty()) return rows;
    const int col = rows.front().split(',').indexOf("wall_s");
    for (QString& r : rows) {
        QStringList cells = r.split(',');
        if (col >= 0 && col < cells.size()) cells.removeAt(col);
        r = cells.join(',');
    }
    return rows;
}

}  // namespace

class TestMpiManyRuns : public QObject {
    Q_OBJECT
private slots:
    void sweepOverRanksEqualsThreads();
    void identifyOverRanksEqualsThreads();
    void adviseOverRanks();

private:
    QTemporaryDir dir_;
};

void TestMpiManyRuns::sweepOverRanksEqualsThreads() {
    const QString threads = dir_.filePath("threads.csv"), ranks = dir_.filePath("ranks.csv");
    const QStringList args = {"sweep", example("three_orifice.hydro.json"), "--param", "supply.p=5e6:1e7:4", "--param",
                              "O1.Cd=0.5,0.7", "--rrmse", "--quiet", "--out"};
    const Result t = hs::test::runCli(args + QStringList{threads});
    QVERIFY2(t.code == 0, qPrintable(t.err));
    const Result m = hs::test::runMpiCli(2, args + QStringList{ranks});
    QVERIFY2(m.code == 0, qPrintable(m.err + m.out));
    QVERIFY2(m.out.contains("ran over 2 MPI ranks"), qPrintable(m.out));
    QCOMPARE(m.out.count("wrote "), 1);  // rank 0 alone reports and writes
    const QStringList a = withoutWallTime(readAll(threads)), b = withoutWallTime(readAll(ranks));
    QCOMPARE(a.size(), 9);  // header + 4 x 2 runs
    QCOMPARE(b, a);
}

void TestMpiManyRuns::identifyOverRanksEqualsThreads() {
#ifndef HS_HAVE_PAGMO
    QSKIP("built without pagmo2 (libpagmo-dev)");
#else
    // Measurements: a copy of the circuit with O2.Cd = 0.45 (0.6 in the file).
    QFile in(example("three_orifice.hydro.json"));
    QVERIFY(in.open(QIODevice::ReadOnly));
    QString text = QString::fromUtf8(in.readAll());
    const qsizetype o2 = text.indexOf("\"id\": \"O2\"");
    QVERIFY(o2 > 0);
    const QString before = "\"Cd\": 0.6";
    const qsizetype cd = text.indexOf(before, o2);
    QVERIFY(cd > o2);
    text.replace(cd, before.size(), "\"Cd\": 0.45");
    const QString truth = dir_.filePath("truth.hydro.json"), circuit = example("three_orifice.hydro.json");
    {
        QFile out(truth);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(text.toUtf8());
    }
    const QString measured = dir_.filePath("measured.csv"), spec = dir_.filePath("spec.json");
    Result r = hs::test::runCli({"run", truth, "--config", "Local implicit 1e-3", "--record", "0.005", "--out", measured, "--quiet"});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QFile s(spec);
    QVERIFY(s.open(QIODevice::WriteOnly));
    s.write(R"({"config": "Local implicit 1e-3",
        "parameters": [{"name": "O2.Cd", "min": 0.3, "max": 0.9, "bits": 5}, {"name": "O3.Cd", "min": 0.3, "max": 0.9, "bits": 5}],
        "cost": [{"probe": "p1"}, {"probe": "p2"}],
        "ga": {"islands": 3, "population": 8, "generations": 4, "migrants": 2, "migration_every": 2, "seed": 3}})");
    s.close();
    const QStringList args = {"identify", circuit, "--measured", measured, "--spec", spec, "--quiet"};
    const Result t = hs::test::runCli(args);
    QVERIFY2(t.code == 0, qPrintable(t.err));
    const Result m = hs::test::runMpiCli(2, args);
    QVERIFY2(m.code == 0, qPrintable(m.err + m.out));
    // Everything but the first line (its wall time) and the ranks note is the same.
    QStringList a = t.out.split('\n'), b = m.out.split('\n');
    b.removeIf([](const QString& l) { return l.startsWith("ran over"); });
    QVERIFY(a.size() > 8);
    a.removeFirst();
    b.removeFirst();
    QCOMPARE(b, a);
    QVERIFY2(m.out.contains("ran over 2 MPI ranks"), qPrintable(m.out));
#endif
}

void TestMpiManyRuns::adviseOverRanks() {
    const Result m = hs::test::runMpiCli(2, {"advise", example("three_orifice.hydro.json"), "--error", "1", "--depth", "0",
                                             "--budget", "20", "--confirm", "2", "--dry-run", "--quiet"});
    QVERIFY2(m.code == 0, qPrintable(m.err + m.out));
    QCOMPARE(m.out.count("Pareto front"), 1);
    QVERIFY2(m.out.contains("ran over 2 MPI ranks"), qPrintable(m.out));
}

QTEST_GUILESS_MAIN(TestMpiManyRuns)
#include "test_mpi_many_runs.moc"
