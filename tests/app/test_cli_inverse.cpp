// SPDX-License-Identifier: GPL-3.0-or-later
// hydrostiff-cli inverse as a user runs it: the Cyl 3 case with --replay and --out (round trip
// below 1e-6 m, CSV columns), Cyl 3b infeasible (exit 1, the diagnostic printed), a circuit
// without a prescribed motion refused (exit 4), usage errors (exit 2).
#include <QtTest>

#include <QProcess>

#include "../cli_process.h"

namespace {
using Result = hs::test::CliResult;
Result cli(const QStringList& args) { return hs::test::runCli(args, 120000); }
QString example(const char* name) { return hs::test::examplePath(name); }
}  // namespace

class TestCliInverse : public QObject {
    Q_OBJECT
private slots:
    void replayAndCsv() {
        QTemporaryDir dir;
        const QString csv = dir.filePath("cyl3.csv");
        const Result r = cli({"inverse", example("gear_hobbing_cyl3.hydro.json"), "--replay", "--out", csv, "--at", "0.9"});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const QRegularExpressionMatch m = QRegularExpression("x_prescribed\\| = ([0-9.eE+-]+) m").match(r.out);
        QVERIFY2(m.hasMatch(), qPrintable(r.out));
        QVERIFY(m.captured(1).toDouble() < 1e-6);
        QVERIFY(r.out.contains("energies at the end: supply"));
        QFile f(csv);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QString header = QString::fromUtf8(f.readLine());
        for (const char* c : {"time [s]", "x_v [-]", "u [-]", "p_A [Pa]", "E_supply [J]", "x_forward [m]"})
            QVERIFY2(header.contains(c), qPrintable(header));
    }

    void infeasibleAndRefused() {
        Result r = cli({"inverse", example("gear_hobbing_cyl3b.hydro.json")});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.out.contains("diagnostic: inverse infeasible at t = "), qPrintable(r.out));
        r = cli({"inverse", example("three_orifice.hydro.json")});
        QCOMPARE(r.code, 4);
        QVERIFY2(r.err.contains("no prescribed output"), qPrintable(r.err));
        QCOMPARE(cli({"inverse"}).code, 2);
        QCOMPARE(cli({"inverse", "--help"}).code, 0);
        QCOMPARE(cli({"inverse", example("gear_hobbing_cyl3.hydro.json"), "--dt", "x"}).code, 2);
    }
};

QTEST_GUILESS_MAIN(TestCliInverse)
#include "test_cli_inverse.moc"
