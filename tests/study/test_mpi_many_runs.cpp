// SPDX-License-Identifier: GPL-3.0-or-later
// The many-run commands over 2 MPI ranks (mpirun) against the same commands on threads: the sweep's
// CSV and the identification's result are the same to the last digit (only wall times differ;
// with NLopt's starts and --truth's count too), rank 0 alone writes, and the advisor runs over
// ranks to a winner. Built only with MPI.
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
    void nloptTruthOverRanksEqualsThreads();
    void adviseOverRanks();

private:
    // Measurements of the three-orifice circuit with O2.Cd = 0.45 (0.6 in the file) in dir_;
    // returns the measured CSV's path.
    QString measurements();
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

QString TestMpiManyRuns::measurements() {
    const QString measured = dir_.filePath("measured.csv");
    if (QFile::exists(measured)) return measured;
    QFile in(example("three_orifice.hydro.json"));
    if (!in.open(QIODevice::ReadOnly)) return {};
    QString text = QString::fromUtf8(in.readAll());
    const qsizetype o2 = text.indexOf("\"id\": \"O2\"");
    const QString before = "\"Cd\": 0.6";
    const qsizetype cd = o2 > 0 ? text.indexOf(before, o2) : -1;
    if (cd < 0) return {};
    text.replace(cd, before.size(), "\"Cd\": 0.45");
    const QString truth = dir_.filePath("truth.hydro.json");
    {
        QFile out(truth);
        if (!out.open(QIODevice::WriteOnly)) return {};
        out.write(text.toUtf8());
    }
    const Result r = hs::test::runCli({"run", truth, "--config", "Local implicit 1e-3", "--record", "0.005", "--out", measured, "--quiet"});
    return r.code == 0 ? measured : QString();
}

void TestMpiManyRuns::identifyOverRanksEqualsThreads() {
#ifndef HS_HAVE_PAGMO
    QSKIP("built without pagmo2 (libpagmo-dev)");
#else
    const QString circuit = example("three_orifice.hydro.json");
    const QString measured = measurements();
    QVERIFY2(!measured.isEmpty(), "the measurements");
    const QString spec = dir_.filePath("spec.json");
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

// NLopt's starts spread over ranks, and the evaluations until the best is within one resolution
// of the truth (--truth), as on threads: the count is the same whatever runs the starts.
void TestMpiManyRuns::nloptTruthOverRanksEqualsThreads() {
#if !defined(HS_HAVE_PAGMO) || !defined(HS_HAVE_NLOPT)
    QSKIP("built without pagmo2 or NLopt (libpagmo-dev, libnlopt-dev)");
#else
    const QString circuit = example("three_orifice.hydro.json");
    const QString measured = measurements();
    QVERIFY2(!measured.isEmpty(), "the measurements");
    const QString spec = dir_.filePath("nlopt.json");
    QFile s(spec);
    QVERIFY(s.open(QIODevice::WriteOnly));
    s.write(R"({"config": "Local implicit 1e-3",
        "parameters": [{"name": "O2.Cd", "min": 0.3, "max": 0.9, "bits": 5}],
        "cost": [{"probe": "p1"}, {"probe": "p2"}],
        "optimizer": "nlopt", "nlopt": {"algorithm": "GN_CRS2_LM", "evaluations": 40, "starts": 3, "seed": 2}})");
    s.close();
    // 0.45 is 7.75 resolutions (0.0194) above 0.3: the grid points 0.436 and 0.455 are within one
    const QStringList args = {"identify", circuit, "--measured", measured, "--spec", spec, "--truth", "0.45", "--quiet"};
    const Result t = hs::test::runCli(args);
    QVERIFY2(t.code == 0, qPrintable(t.err));
    const Result m = hs::test::runMpiCli(2, args);
    QVERIFY2(m.code == 0, qPrintable(m.err + m.out));
    QVERIFY2(m.out.contains("ran over 2 MPI ranks"), qPrintable(m.out));
    // Everything but the first line (its wall time), the ranks note and the wall time of the
    // truth line is the same.
    auto comparable = [](const QString& out) {
        QStringList lines = out.split('\n');
        lines.removeIf([](const QString& l) { return l.startsWith("ran over"); });
        if (!lines.isEmpty()) lines.removeFirst();
        for (QString& l : lines)
            if (l.startsWith("within one resolution")) l = l.left(l.indexOf(" ("));
        return lines;
    };
    const QStringList a = comparable(t.out), b = comparable(m.out);
    QVERIFY2(t.out.contains("within one resolution of --truth from evaluation "), qPrintable(t.out));
    QVERIFY(a.size() > 6);
    QCOMPARE(b, a);
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
