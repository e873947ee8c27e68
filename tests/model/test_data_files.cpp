// SPDX-License-Identifier: GPL-3.0-or-later
// Data files named in a circuit: a lookup table's CSV given relative to the circuit file is read
// from the circuit's folder wherever the program runs, an absolute one as written; the folder is
// not part of the document (not saved, not compared); a bad file is an error naming it.
#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include "model/circuit_io.h"
#include "sim/builder.h"
#include "sim/registry.h"
#include "sim/simulator.h"

using namespace hs::model;

namespace {

const hs::sim::Registry& registry() {
    static const hs::sim::Registry r = hs::sim::Registry::builtin();
    return r;
}

// u = t - 1 through a lookup table whose points are in `file`.
Circuit tableCircuit(const QString& file) {
    Circuit c;
    c.name = "table";
    c.duration = 4.0;
    c.recordInterval = 0.5;
    ComponentDoc u{"u", "Ramp", {}, {{"t0", 0.0}, {"offset", -1.0}, {"slope", 1.0}}, {}, {}};
    ComponentDoc t{"t", "LookupTable1D", {}, {}, {{"file", file}, {"outside", "extrapolate"}}, {}};
    c.components = {u, t};
    WireDoc w;
    w.fromComp = "u";
    w.fromPort = "out";
    w.toComp = "t";
    w.toPort = "in";
    c.wires = {w};
    SolverConfigDoc cfg;
    cfg.name = "RK4";
    cfg.stepper = "rk4";
    cfg.dt = 1e-3;
    cfg.reference = true;
    c.configs = {cfg};
    return c;
}

bool write(const QString& path, const QByteArray& bytes) {
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

// Runs the circuit's first configuration; out at t = 0, 0.5, ..., 4 (u = -1 .. 3).
std::vector<double> run(const Circuit& c, std::string* error) {
    const hs::sim::BuildResult b = hs::sim::build(registry(), toNetlist(c), toSolverSettings(c.configs[0]));
    if (!b.ok()) { *error = b.errorText(); return {}; }
    hs::sim::RunOptions o;
    o.solver = toSolverSettings(c.configs[0]);
    o.duration = c.duration;
    o.recordInterval = c.recordInterval;
    const hs::sim::RunResult r = hs::sim::simulate(*b.system, {{"y", "signal", "t.out"}}, o);
    if (!r.ok) { *error = r.error; return {}; }
    return r.trace.columns[0];
}

}  // namespace

class TestDataFiles : public QObject {
    Q_OBJECT
private slots:
    void csvRelativeToTheCircuit() {
        QTemporaryDir dir;
        QVERIFY(QDir(dir.path()).mkdir("data"));
        QVERIFY(write(dir.filePath("data/curve.csv"), "u, y\n0, 0\n1, 2\n\n2, 3\n"));
        QVERIFY(write(dir.filePath("circuit.hydro.json"), serializeCircuit(tableCircuit("data/curve.csv"))));
        const QString elsewhere = QDir::currentPath();
        QVERIFY(QDir::setCurrent(QDir::tempPath()));  // not where the circuit is
        const LoadResult loaded = loadCircuit(dir.filePath("circuit.hydro.json"), registry());
        QDir::setCurrent(elsewhere);
        QVERIFY2(loaded.ok(), qPrintable(loaded.errors.join('\n')));
        QCOMPARE(loaded.circuit->folder, QDir(dir.path()).absolutePath());
        QCOMPARE(toNetlist(*loaded.circuit).components[1].text.at("file"), dir.filePath("data/curve.csv").toStdString());
        std::string error;
        const std::vector<double> y = run(*loaded.circuit, &error);
        QVERIFY2(error.empty(), error.c_str());
        // u = -1 .. 3 in steps of 0.5: extrapolated below 0 (slope 2) and above 2 (slope 1)
        const std::vector<double> expected{-2, -1, 0, 1, 2, 2.5, 3, 3.5, 4};
        QCOMPARE(y.size(), expected.size());
        for (size_t i = 0; i < y.size(); ++i) QVERIFY2(std::abs(y[i] - expected[i]) < 1e-9, qPrintable(QString::number(y[i])));
        // the folder is not saved and not compared
        QVERIFY(!serializeCircuit(*loaded.circuit).contains(dir.path().toUtf8()));
        Circuit moved = *loaded.circuit;
        moved.folder = "/elsewhere";
        QVERIFY(moved == *loaded.circuit);
    }
    void absolutePathAsWritten() {
        QTemporaryDir dir;
        QVERIFY(write(dir.filePath("curve.csv"), "0 0\n1 2\n2 3\n"));
        Circuit c = tableCircuit(dir.filePath("curve.csv"));
        c.folder = "/nonexistent";
        std::string error;
        QCOMPARE(run(c, &error).size(), size_t(9));
        QVERIFY2(error.empty(), error.c_str());
    }
    void badFilesNamed_data() {
        QTest::addColumn<QByteArray>("csv");
        QTest::addColumn<QString>("message");
        QTest::newRow("missing") << QByteArray() << "cannot open";
        QTest::newRow("one column") << QByteArray("0, 0\n1\n") << "line 2: each point needs an input and an output value";
        QTest::newRow("not increasing") << QByteArray("0 0\n1 2\n1 3\n") << "line 3: input values must increase strictly";
        QTest::newRow("one point") << QByteArray("u,y\n0 0\n") << "at least two points";
    }
    void badFilesNamed() {
        QFETCH(QByteArray, csv);
        QFETCH(QString, message);
        QTemporaryDir dir;
        if (!csv.isEmpty()) QVERIFY(write(dir.filePath("curve.csv"), csv));
        Circuit c = tableCircuit("curve.csv");
        c.folder = dir.path();
        std::string error;
        run(c, &error);
        QVERIFY2(QString::fromStdString(error).contains(message) && QString::fromStdString(error).contains("curve.csv"), error.c_str());
    }
};

QTEST_GUILESS_MAIN(TestDataFiles)
#include "test_data_files.moc"
