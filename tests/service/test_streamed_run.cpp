// SPDX-License-Identifier: GPL-3.0-or-later
// A run streamed to CSV (what `hydrostiff-cli run --out x.csv` does) writes the same file, byte
// for byte, as the same run kept in memory and written afterwards, while the engine keeps only
// the last record; a run that fails before its first record leaves no file.
#include <QTemporaryDir>
#include <QtTest>

#include "model/circuit_io.h"
#include "service/comparison.h"
#include "service/streamed_run.h"
#include "sim/registry.h"

using namespace hs;

namespace {

QByteArray contents(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

}  // namespace

class TestStreamedRun : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void streamedFileEqualsInMemoryFile_data();
    void streamedFileEqualsInMemoryFile();
    void compileErrorLeavesNoFile();
    void unwritableFileIsReported();

private:
    sim::Registry reg_ = sim::Registry::builtin();
    model::Circuit circuit_;
    QTemporaryDir dir_;
};

void TestStreamedRun::initTestCase() {
    auto loaded = model::loadCircuit(HS_EXAMPLES_DIR "/three_orifice.hydro.json", reg_);
    QVERIFY(loaded.ok());
    circuit_ = *loaded.circuit;
    circuit_.probes.push_back({"newton V2", "newton_iterations", "V2", {}});
}

void TestStreamedRun::streamedFileEqualsInMemoryFile_data() {
    QTest::addColumn<QString>("config");
    QTest::addColumn<double>("recordInterval");
    QTest::newRow("RK4 1e-4, every step") << "RK4 1e-4" << 1e-4;
    QTest::newRow("local implicit, every 10 ms") << "Local implicit 1e-3" << 1e-2;
    QTest::newRow("CVODE (adaptive)") << "CVODE" << 1e-3;
    // 20 001 rows: five blocks go through the writer's formatting thread.
    QTest::newRow("CVODE, 20 001 records") << "CVODE" << 1e-5;
}

void TestStreamedRun::streamedFileEqualsInMemoryFile() {
    QFETCH(QString, config);
    QFETCH(double, recordInterval);
    model::Circuit c = circuit_;
    c.recordInterval = recordInterval;
    const model::SolverConfigDoc* cfg = c.config(config);
    QVERIFY(cfg);
    const double duration = 0.2;
    const sim::RunResult kept = service::runConfiguration(c, *cfg, reg_, duration);
    QVERIFY(kept.ok);
    const QString memoryPath = dir_.filePath("memory.csv"), streamedPath = dir_.filePath("streamed.csv");
    QCOMPARE(service::writeTraceFile(memoryPath, kept.trace), QString());
    QString fileError;
    const sim::RunResult streamed = service::runConfigurationToCsv(c, *cfg, reg_, duration, streamedPath, fileError);
    QCOMPARE(fileError, QString());
    QVERIFY(streamed.ok);
    QCOMPARE(streamed.steps, kept.steps);
    const QByteArray memory = contents(memoryPath);
    QCOMPARE(memory.count('\n'), static_cast<qsizetype>(kept.trace.time.size() + 1));
    QVERIFY(memory == contents(streamedPath));
    // The engine kept the last record only.
    QCOMPARE(streamed.trace.time.size(), size_t(1));
    QCOMPARE(streamed.trace.time.back(), kept.trace.time.back());
    QCOMPARE(streamed.trace.columns[1].back(), kept.trace.columns[1].back());
    QCOMPARE(streamed.trace.names, kept.trace.names);
}

void TestStreamedRun::compileErrorLeavesNoFile() {
    model::Circuit c = circuit_;
    c.wires.clear();  // every port unconnected
    const QString path = dir_.filePath("none.csv");
    QString fileError;
    const sim::RunResult r = service::runConfigurationToCsv(c, *c.reference(), reg_, 0.1, path, fileError);
    QVERIFY(!r.ok);
    QVERIFY2(r.error.rfind("circuit does not compile", 0) == 0, r.error.c_str());
    QCOMPARE(fileError, QString());
    QVERIFY(!QFile::exists(path));
}

void TestStreamedRun::unwritableFileIsReported() {
    const QString path = dir_.filePath("no/such/dir/x.csv");
    QString fileError;
    const sim::RunResult r = service::runConfigurationToCsv(circuit_, *circuit_.reference(), reg_, 0.01, path, fileError);
    QVERIFY(!r.ok);
    QVERIFY2(fileError.contains(path), qPrintable(fileError));
    QVERIFY(!QFile::exists(path));
}

QTEST_APPLESS_MAIN(TestStreamedRun)
#include "test_streamed_run.moc"
