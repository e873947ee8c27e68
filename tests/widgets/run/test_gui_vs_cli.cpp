// SPDX-License-Identifier: GPL-3.0-or-later
// The GUI's engine run and `hydrostiff-cli run` of the same configuration, in a separate process,
// do the same steps and give the same samples, bit for bit. The GUI's run is started from a main
// thread whose AVX upper state is in use (as Qt/GL left it in the real GUI), so that its workers
// are born with that state as they were when the GUI ran ~9x slower than the CLI.
#include <QtTest>

#include <QProcess>
#include <QTemporaryDir>

#include "model/circuit_io.h"
#include "run_workspace.h"
#include "sim/registry.h"
#include "sim/vector_state.h"

using namespace hs;

namespace {

struct CsvTrace {
    QStringList header;
    std::vector<std::vector<double>> columns;
};

CsvTrace readCsv(const QString& path) {
    CsvTrace t;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly | QIODevice::Text)) return t;
    t.header = QString::fromUtf8(f.readLine()).trimmed().split(',');
    t.columns.resize(static_cast<size_t>(t.header.size()));
    while (!f.atEnd()) {
        const QList<QByteArray> cells = f.readLine().trimmed().split(',');
        for (int i = 0; i < cells.size() && i < t.header.size(); ++i) t.columns[static_cast<size_t>(i)].push_back(cells[i].toDouble());
    }
    return t;
}

}  // namespace

class TestGuiVsCli : public QObject {
    Q_OBJECT
private slots:
    void sameStepsAndSamples_data();
    void sameStepsAndSamples();
};

void TestGuiVsCli::sameStepsAndSamples_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("config");
    QTest::addColumn<double>("duration");
    QTest::newRow("circuit2 RK4 1e-4") << "circuit2_pcv.hydro.json" << "RK4 1e-4" << 1.0;
    QTest::newRow("circuit2 CVODE") << "circuit2_pcv.hydro.json" << "CVODE" << 1.0;
    QTest::newRow("three-orifice reference") << "three_orifice.hydro.json" << "" << 0.5;
}

void TestGuiVsCli::sameStepsAndSamples() {
    QFETCH(QString, file);
    QFETCH(QString, config);
    QFETCH(double, duration);
    const sim::Registry reg = sim::Registry::builtin();
    const QString path = HS_EXAMPLES_DIR "/" + file;
    auto loaded = model::loadCircuit(path, reg);
    QVERIFY(loaded.ok());
    const model::Circuit& circuit = *loaded.circuit;
    const QString name = config.isEmpty() ? circuit.reference()->name : config;

    // The GUI's engine path: the run workspace of the main window, its service and workers.
    widgets::RunWorkspace ws(reg);
    ws.setCircuit(circuit);
    service::RunServiceOptions opt;
    opt.duration = duration;
    if (!config.isEmpty()) opt.configs = {config};
    ws.setRunOptions(opt);
    const bool dirtied = sim::dirtyUpperVectorState();
    QSignalSpy finished(&ws, &widgets::RunWorkspace::runFinished);
    QCOMPARE(ws.run(), QString());
    sim::clearUpperVectorState();
    QVERIFY(finished.wait(120000));
    const service::ConfigOutcome* gui = nullptr;
    for (const auto& o : ws.service().comparison().configs)
        if (o.name == name) gui = &o;
    QVERIFY(gui && gui->result.ok);
    qInfo("main thread dirtied before Run: %s", dirtied ? "yes" : "no AVX");

    // The same configuration in a separate hydrostiff-cli process.
    QTemporaryDir dir;
    const QString out = dir.filePath("cli.csv");
    QProcess cli;
    cli.start(HS_CLI, {"run", path, "--config", name, "--duration", QString::number(duration), "--out", out, "--quiet"});
    QVERIFY(cli.waitForFinished(120000));
    QCOMPARE(cli.exitCode(), 0);
    const QString text = QString::fromUtf8(cli.readAllStandardOutput());
    const QRegularExpressionMatch m = QRegularExpression(R"(, (\d+) steps)").match(text);
    QVERIFY2(m.hasMatch(), qPrintable(text));
    QCOMPARE(m.captured(1).toLong(), gui->result.steps);
    QVERIFY(gui->result.steps > 0);

    const CsvTrace csv = readCsv(out);
    const sim::Trace& trace = gui->result.trace;
    QCOMPARE(csv.columns.empty() ? size_t(0) : csv.columns[0].size(), trace.time.size());
    QVERIFY(csv.columns[0] == trace.time);
    int compared = 0;
    for (size_t i = 0; i < trace.names.size(); ++i) {
        const QString head = QString::fromStdString(trace.names[i]) + " [" + QString::fromStdString(trace.units[i]) + "]";
        const qsizetype col = csv.header.indexOf(head);
        QVERIFY2(col > 0, qPrintable(head));
        QVERIFY2(csv.columns[static_cast<size_t>(col)] == trace.columns[i], qPrintable(head + " differs"));
        ++compared;
    }
    QVERIFY(compared >= 1);
    qInfo("%s: %ld steps, %zu samples x %d probes identical", qPrintable(name), gui->result.steps, trace.time.size(), compared);
}

QTEST_MAIN(TestGuiVsCli)
#include "test_gui_vs_cli.moc"
