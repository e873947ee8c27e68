// hydrostiff-cli as a user runs it: exit codes, messages, CSV files.
#include <QJsonDocument>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

namespace {

struct Result {
    int code = -1;
    QString out, err;
};

Result cli(const QStringList& args) {
    QProcess p;
    p.start(HS_CLI, args);
    p.waitForFinished(120000);
    return {p.exitCode(), QString::fromUtf8(p.readAllStandardOutput()), QString::fromUtf8(p.readAllStandardError())};
}

QString example(const char* name) { return QString(HS_EXAMPLES_DIR) + "/" + name; }

}  // namespace

class TestCli : public QObject {
    Q_OBJECT
private slots:
    void helpAndUsage() {
        QCOMPARE(cli({"--help"}).code, 0);
        QVERIFY(cli({"--help"}).out.contains("compare FILE"));
        Result r = cli({"frobnicate"});
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.contains("unknown command 'frobnicate'"));
        for (const char* c : {"run", "compare", "stiffness", "bench", "format", "components"}) QCOMPARE(cli({c, "--help"}).code, 0);
        QCOMPARE(cli({"run", example("three_orifice.hydro.json"), "--bogus"}).code, 2);
        QCOMPARE(cli({"run", example("three_orifice.hydro.json"), "--duration", "abc"}).code, 2);
    }

    void runWritesCsv() {
        QTemporaryDir dir;
        const QString csv = dir.filePath("out.csv");
        Result r = cli({"run", example("three_orifice.hydro.json"), "--duration", "0.05", "--out", csv});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY(r.out.contains("real-time factor"));
        QFile f(csv);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QStringList lines = QString::fromUtf8(f.readAll()).split('\n', Qt::SkipEmptyParts);
        QVERIFY(lines.front().startsWith("time [s],"));
        QVERIFY(lines.front().contains("[Pa]"));
        // 0.05 s at the example's record interval, plus t = 0
        QVERIFY(lines.size() > 10);
        const QStringList last = lines.back().split(',');
        bool ok = false;
        QVERIFY(std::abs(last.front().toDouble(&ok) - 0.05) < 1e-9);
        QVERIFY(ok);
    }

    void missingAndMalformedFiles() {
        Result r = cli({"run", "/nonexistent/x.hydro.json"});
        QCOMPARE(r.code, 3);
        QVERIFY(r.err.contains("/nonexistent/x.hydro.json"));
        QTemporaryDir dir;
        const QString bad = dir.filePath("bad.hydro.json");
        QFile f(bad);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\"format\": 1, \"components\": [");
        f.close();
        r = cli({"compare", bad});
        QCOMPARE(r.code, 3);
        QVERIFY(r.err.contains("bad.hydro.json"));
    }

    void compareTable() {
        QTemporaryDir dir;
        const QString csv = dir.filePath("aligned.csv"), metrics = dir.filePath("metrics.csv");
        Result r = cli({"compare", example("three_orifice.hydro.json"), "--duration", "0.2", "--out", csv, "--metrics", metrics});
        QVERIFY2(r.code == 0, qPrintable(r.err + r.out));
        QVERIFY(r.out.contains("(ref)"));
        QVERIFY(r.out.contains("RRMSE %"));
        QVERIFY(QFile::exists(csv));
        QFile m(metrics);
        QVERIFY(m.open(QIODevice::ReadOnly));
        QVERIFY(m.readLine().startsWith("configuration,probe,unit,rmse"));
    }

    void stiffnessReport() {
        Result r = cli({"stiffness", example("three_orifice.hydro.json"), "--at", "0.5"});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY(r.out.contains("stiffness ratio kappa"));
        QVERIFY(r.out.contains("largest stable step: RK4"));
    }

    void benchTable() {
        QTemporaryDir dir;
        const QString csv = dir.filePath("bench.csv");
        Result r = cli({"bench", example("three_orifice.hydro.json"), "--table", "pub3", "--duration", "0.2", "--csv", csv});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY(r.out.contains("errors against 'CVODE'"));
        QVERIFY(r.out.contains("802.1"));  // the published number beside ours
        QVERIFY(r.out.contains("Local implicit 1e-3"));
        QVERIFY(QFile::exists(csv));
        r = cli({"bench", example("three_orifice.hydro.json"), "--list"});
        QVERIFY(r.out.startsWith("pub3"));
        r = cli({"bench", example("three_orifice.hydro.json"), "--table", "nope"});
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.contains("no table 'nope'"));
        r = cli({"bench", example("relief_line.hydro.json")});
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.contains("keeps no benchmark tables"));
    }

    void formatRewritesCanonically() {
        // A hand-edited file (other indentation, keys in another order) loads, is reported by
        // --check, and after `format` is byte-identical to what the editor saves.
        QTemporaryDir dir;
        const QString path = dir.filePath("c.hydro.json");
        QFile src(example("three_orifice.hydro.json"));
        QVERIFY(src.open(QIODevice::ReadOnly));
        const QByteArray canonical = src.readAll();
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QJsonDocument::fromJson(canonical).toJson(QJsonDocument::Compact));
        f.close();
        QCOMPARE(cli({"format", "--check", path}).code, 1);
        Result r = cli({"format", path});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), canonical);
        QCOMPARE(cli({"format", "--check", path}).code, 0);
        QCOMPARE(cli({"format", dir.filePath("missing.hydro.json")}).code, 3);
    }

    void componentsListed() {
        Result r = cli({"components"});
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.contains("DirectionalValve43"));
        r = cli({"components", "PressureCompensator"});
        QVERIFY(r.out.contains("dK/dt"));
        QCOMPARE(cli({"components", "Nope"}).code, 2);
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "test_cli.moc"
