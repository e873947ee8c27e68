// hydrostiff-cli as a user runs it: exit codes, messages, CSV files.
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include "../tlm_line_circuit.h"

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

    // The builder's TLM warning reaches run, compare and bench on stderr, once per configuration,
    // prefixed with the configuration's name; stdout and the exit code stay as they were. The
    // step it suggests removes it; a step 10 % above that brings it back.
    void tlmWarningsOnStderr() {
        QTemporaryDir dir;
        auto write = [&](double dt) {
            const QString path = dir.filePath(QString("tlm-%1.hydro.json").arg(dt));
            QFile f(path);
            if (!f.open(QIODevice::WriteOnly)) return QString();
            f.write(hs::test::tlmLineCircuitJson(dt));
            return path;
        };
        const QString coarse = write(1e-3);
        QVERIFY(!coarse.isEmpty());
        Result r = cli({"run", coarse, "--config", "TLM", "--out", dir.filePath("a.csv"), "--quiet"});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const QStringList warnings = r.err.split('\n', Qt::SkipEmptyParts).filter("warning:");
        QCOMPARE(warnings.size(), 1);
        const QString w = warnings.front();
        QVERIFY2(w.startsWith("warning: [TLM] volume 'V' (tlm): parasitic inertance"), qPrintable(w));
        QVERIFY2(w.contains("= 1e+08 kg/m4 at dt = 0.001 s") && w.contains("rho*L/A = 2.27e+07 kg/m4"), qPrintable(w));
        QVERIFY(!r.out.contains("warning"));
        // the suggested step: sqrt(2.27e7*1e-5/1e9) = 4.76e-4 s, rounded down
        QRegularExpressionMatch m = QRegularExpression("use dt <= ([0-9.e+-]+) s").match(w);
        QVERIFY2(m.hasMatch(), qPrintable(w));
        const double suggested = m.captured(1).toDouble();
        QVERIFY2(suggested > 4.7e-4 && suggested <= 4.7601e-4, qPrintable(m.captured(1)));
        r = cli({"run", write(suggested), "--config", "TLM", "--out", dir.filePath("b.csv"), "--quiet"});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY2(!r.err.contains("warning"), qPrintable(r.err));
        r = cli({"run", write(1.1 * suggested), "--config", "TLM", "--out", dir.filePath("c.csv"), "--quiet"});
        QVERIFY2(r.err.contains("warning: [TLM] volume 'V'"), qPrintable(r.err));
        // the reference integrates V: no warning for it
        r = cli({"run", coarse, "--out", dir.filePath("d.csv"), "--quiet"});
        QVERIFY2(r.code == 0 && !r.err.contains("warning"), qPrintable(r.err));

        // compare: once, for the TLM configuration only; the table on stdout is unchanged
        r = cli({"compare", coarse, "--quiet"});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QCOMPARE(r.err.split('\n', Qt::SkipEmptyParts).filter("warning:").size(), 1);
        QVERIFY(r.err.contains("warning: [TLM] volume 'V' (tlm): parasitic inertance"));
        QVERIFY(!r.out.contains("warning"));
        Result fine = cli({"compare", write(1e-4), "--quiet"});
        QVERIFY2(fine.code == 0 && !fine.err.contains("warning"), qPrintable(fine.err));
        QVERIFY(r.out.contains("(ref)") && r.out.contains("RRMSE %"));
    }

    void stiffnessReport() {
        Result r = cli({"stiffness", example("three_orifice.hydro.json"), "--at", "0.5"});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY(r.out.contains("stiffness ratio kappa"));
        QVERIFY(r.out.contains("largest stable step: RK4"));
        // TLM accuracy per volume; halving the target Ppar shrinks the step by sqrt(2)
        QVERIFY(r.out.contains("dt for Ppar <= 0.1 bar"));
        Result half = cli({"stiffness", example("three_orifice.hydro.json"), "--at", "0.5", "--ppar", "0.05"});
        auto step = [](const QString& text) {
            for (const QString& l : text.split('\n'))
                if (l.trimmed().startsWith("V2 ") && l.contains("dt for Ppar")) return l.section(": ", -1).section(' ', 0, 0).toDouble();
            return 0.0;
        };
        QVERIFY(step(r.out) > 0);
        QVERIFY2(std::abs(step(r.out) / step(half.out) - std::sqrt(2.0)) < 0.01, qPrintable(half.out));
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
        // a circuit without tables: the relief line with its "benchmarks" removed
        QFile in(example("relief_line.hydro.json"));
        QVERIFY(in.open(QIODevice::ReadOnly));
        QJsonObject doc = QJsonDocument::fromJson(in.readAll()).object();
        doc.remove("benchmarks");
        const QString bare = dir.filePath("bare.hydro.json");
        QFile out(bare);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(QJsonDocument(doc).toJson());
        out.close();
        r = cli({"bench", bare});
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
