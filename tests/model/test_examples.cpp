// SPDX-License-Identifier: GPL-3.0-or-later
// Every shipped example loads without error, round-trips byte for byte, builds, and runs a short
// stretch of its reference configuration; and it is laid out so that it draws well.
#include <QtTest>

#include <set>

#include "model_test_util.h"
#include "sim/builder.h"

using namespace hs::model;
using namespace hs::model::test;

namespace {
QStringList exampleFiles() {
    return QDir(HS_EXAMPLES_DIR).entryList({"*.hydro.json"}, QDir::Files, QDir::Name);
}
}  // namespace

class TestExamples : public QObject {
    Q_OBJECT
private slots:
    void allExpectedExamplesExist() {
        const QStringList files = exampleFiles();
        for (const char* name : {"three_orifice.hydro.json", "circuit1_fcv.hydro.json", "circuit2_pcv.hydro.json",
                                 "pub2_mms.hydro.json", "relief_line.hydro.json", "position_servo.hydro.json",
                                 "boom_accumulator.hydro.json", "hydrostatic_transmission.hydro.json",
                                 "load_sensing_two_actuators.hydro.json"})
            QVERIFY2(files.contains(name), name);
    }

    void example_data() {
        QTest::addColumn<QString>("path");
        for (const QString& f : exampleFiles()) QTest::newRow(qPrintable(f)) << QDir(HS_EXAMPLES_DIR).filePath(f);
    }

    void example() {
        QFETCH(QString, path);
        const LoadResult r = loadCircuit(path, registry());
        QVERIFY2(r.ok(), qPrintable(r.errors.join('\n')));
        const Circuit& c = *r.circuit;
        QVERIFY(!c.name.isEmpty());
        QVERIFY(!c.description.isEmpty());
        QVERIFY(!c.probes.empty());
        QVERIFY(c.configs.size() >= 2);

        // serialize -> parse -> serialize is byte-identical; the file itself is in canonical form
        const QByteArray s1 = serializeCircuit(c);
        const LoadResult back = parseCircuit(s1, registry());
        QVERIFY(back.ok());
        QVERIFY(*back.circuit == c);
        QCOMPARE(serializeCircuit(*back.circuit), s1);
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QVERIFY2(f.readAll() == s1, "example file is not in the canonical form that saveCircuit writes");

        // load -> save to a temporary file -> load gives the same circuit
        QTemporaryDir dir;
        const QString copy = dir.filePath("copy.hydro.json");
        QString error;
        QVERIFY2(saveCircuit(c, copy, &error), qPrintable(error));
        const LoadResult again = loadCircuit(copy, registry());
        QVERIFY(again.ok());
        QVERIFY(*again.circuit == c);

        // builds in every configuration; the reference runs 0.01 s
        for (const SolverConfigDoc& cfg : c.configs) {
            const hs::sim::BuildResult b = hs::sim::build(registry(), toNetlist(c), toSolverSettings(cfg, c.folder));
            QVERIFY2(b.ok(), qPrintable(QString::fromStdString(cfg.name.toStdString() + ": " + b.errorText())));
        }
        const SolverConfigDoc* ref = c.reference();
        QVERIFY(ref);
        hs::sim::BuildResult b = hs::sim::build(registry(), toNetlist(c), toSolverSettings(*ref));
        QVERIFY(b.ok());
        hs::sim::RunOptions opt = toRunOptions(c, *ref);
        opt.duration = 0.01;
        const hs::sim::RunResult run = hs::sim::simulate(*b.system, toProbes(c), opt);
        QVERIFY2(run.ok, run.error.c_str());
        QCOMPARE(run.trace.names.size(), c.probes.size());
        QVERIFY(run.trace.time.size() >= 2);
        QVERIFY(std::abs(run.trace.time.back() - 0.01) < 1e-9);
    }

    // Editor layout: poses on the editor's 10 px snap grid (the symbols put their ports on it),
    // no two components on the same spot, every component wired. Overlaps of the drawn symbols
    // are checked by tests/widgets/test_screenshots.
    void layout_data() { example_data(); }
    void layout() {
        QFETCH(QString, path);
        const LoadResult r = loadCircuit(path, registry());
        QVERIFY(r.ok());
        std::set<std::pair<double, double>> spots;
        std::set<QString> wired;
        for (const WireDoc& w : r.circuit->wires) {
            wired.insert(w.fromComp);
            wired.insert(w.toComp);
        }
        for (const ComponentDoc& d : r.circuit->components) {
            QVERIFY2(std::fmod(d.pose.x, 10.0) == 0 && std::fmod(d.pose.y, 10.0) == 0, qPrintable(d.id));
            QVERIFY2(spots.insert({d.pose.x, d.pose.y}).second, qPrintable(d.id + " overlaps another component"));
            QVERIFY2(wired.count(d.id), qPrintable(d.id + " is not wired"));
        }
    }
};

QTEST_GUILESS_MAIN(TestExamples)
#include "test_examples.moc"
