// SPDX-License-Identifier: GPL-3.0-or-later
// The many-run commands end to end, as a user runs them: sweep (a grid to CSV, unknown names
// refused with the list of what exists, a failed run as a row), advise (--dry-run leaves the file;
// without it the winner is added) and identify (usage errors).
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include "../cli_process.h"

namespace {

using Result = hs::test::CliResult;
Result cli(const QStringList& args) { return hs::test::runCli(args, 300000); }
QString example(const char* name) { return hs::test::examplePath(name); }

QStringList lines(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return {};
    return QString::fromUtf8(f.readAll()).split('\n', Qt::SkipEmptyParts);
}

}  // namespace

class TestCliManyRuns : public QObject {
    Q_OBJECT
private slots:
    void sweepWritesOneRowPerRun();
    void sweepNamesUnknownParameters();
    void adviseAddsTheWinner();
    void identifyNeedsItsFiles();

private:
    QTemporaryDir dir_;
};

void TestCliManyRuns::sweepWritesOneRowPerRun() {
    const QString out = dir_.filePath("sweep.csv");
    const Result r = cli({"sweep", example("three_orifice.hydro.json"), "--param", "supply.p=5e6:1e7:3", "--param",
                          "V2.V=-1,1e-5", "--config", "Local implicit 1e-3", "--duration", "0.2", "--jobs", "2",
                          "--stats", "final", "--out", out});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains("6 runs (full grid), 3 ok, 3 failed"), qPrintable(r.out));
    const QStringList l = lines(out);
    QCOMPARE(l.size(), 7);
    QCOMPARE(l[0], QString("run,supply.p,V2.V,status,wall_s,steps,p1:final [Pa],p2:final [Pa],error"));
    QVERIFY(l[1].startsWith("1,5e+06,-1,failed,"));
    QVERIFY(l[2].startsWith("2,5e+06,1e-05,ok,"));
    const Result lhs = cli({"sweep", example("three_orifice.hydro.json"), "--param", "supply.p=5e6:1e7:3", "--lhs", "4",
                            "--seed", "9", "--config", "Local implicit 1e-3", "--duration", "0.1", "--out", out});
    QVERIFY2(lhs.code == 0 && lhs.out.contains("4 runs (Latin hypercube, seed 9), 4 ok"), qPrintable(lhs.out + lhs.err));
}

void TestCliManyRuns::sweepNamesUnknownParameters() {
    const QString out = dir_.filePath("x.csv");
    Result r = cli({"sweep", example("three_orifice.hydro.json"), "--param", "O9.Cd=0.5,0.6", "--out", out});
    QCOMPARE(r.code, 4);
    QVERIFY2(r.err.contains("no component 'O9'; its components are: supply, O1, V1, O2, V2, O3, tank"), qPrintable(r.err));
    r = cli({"sweep", example("three_orifice.hydro.json"), "--param", "O1.Kv=0.5,0.6", "--out", out});
    QCOMPARE(r.code, 4);
    QVERIFY2(r.err.contains("has no number parameter 'Kv'; its number parameters are:"), qPrintable(r.err));
    r = cli({"sweep", example("three_orifice.hydro.json"), "--param", "O1.Cd=0.5", "--config", "nope", "--out", out});
    QCOMPARE(r.code, 4);
    QVERIFY(r.err.contains("no configuration 'nope'"));
    r = cli({"sweep", example("three_orifice.hydro.json"), "--param", "O1.Cd=1:2", "--out", out});
    QCOMPARE(r.code, 2);
    QVERIFY(r.err.contains("a range is lo:hi:count"));
}

void TestCliManyRuns::adviseAddsTheWinner() {
    const QString path = dir_.filePath("three.hydro.json");
    QVERIFY(QFile::copy(example("three_orifice.hydro.json"), path));
    QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner);
    const QStringList before = lines(path);
    const QStringList args = {"advise", path, "--error", "0.5", "--depth", "0", "--budget", "60", "--min-step", "1e-4",
                              "--max-step", "2e-3", "--jobs", "2"};
    Result r = cli(args + QStringList{"--dry-run"});
    QVERIFY2(r.code == 0 && r.out.contains("winner: advisor: "), qPrintable(r.out + r.err));
    QCOMPARE(lines(path), before);  // --dry-run
    r = cli(args + QStringList{"--name", "fastest within 0.5 %"});
    QVERIFY2(r.code == 0 && r.out.contains("added configuration 'fastest within 0.5 %'"), qPrintable(r.out + r.err));
    const Result cmp = cli({"compare", path, "--configs", "fastest within 0.5 %", "--duration", "0.5"});
    QVERIFY2(cmp.code == 0 && cmp.out.contains("fastest within 0.5 %"), qPrintable(cmp.out + cmp.err));
    r = cli({"advise", path, "--error", "1", "--probes", "p7", "--dry-run"});
    QCOMPARE(r.code, 4);
    QVERIFY2(r.err.contains("no probe 'p7' to compare; the probes are: p1, p2"), qPrintable(r.err));
}

void TestCliManyRuns::identifyNeedsItsFiles() {
    Result r = cli({"identify", example("three_orifice.hydro.json")});
    QCOMPARE(r.code, 2);
    QVERIFY(r.err.contains("give --measured data.csv and --spec identify.json"));
    QVERIFY(cli({"identify", "--help"}).out.contains("Hooke-Jeeves"));
}

QTEST_GUILESS_MAIN(TestCliManyRuns)
#include "test_cli_many_runs.moc"
