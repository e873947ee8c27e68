// SPDX-License-Identifier: GPL-3.0-or-later
// "default_method" of a configuration (the Hopsan-style every-volume-TLM option) and the parallel
// partition keys "threads" / "partition": read, written, round-tripped, validated, compiled into
// the engine settings and used by the builder and the stepper.
#include <QtTest>

#include "model_test_util.h"
#include "sim/builder.h"
#include "sim/simulator.h"

using namespace hs::model;
using namespace hs::model::test;

class TestDefaultMethod : public QObject {
    Q_OBJECT
private slots:
    void roundTripAndBuild() {
        QJsonObject doc = with(baseDocument(), {"configurations", 1},
                               QJsonObject{{"name", "hopsan"}, {"stepper", "rk4"}, {"dt", 1e-4},
                                           {"default_method", QJsonObject{{"method", "tlm"}, {"params", QJsonObject{{"alpha", 0.1}}}}}});
        const LoadResult r = parseCircuit(bytes(doc), registry());
        QVERIFY2(r.ok(), qPrintable(r.errors.join('\n')));
        const SolverConfigDoc* cfg = r.circuit->config("hopsan");
        QVERIFY(cfg && cfg->defaultMethod);
        QCOMPARE(cfg->defaultMethod->method, QString("tlm"));
        QCOMPARE(cfg->defaultMethod->params.at("alpha"), 0.1);
        QVERIFY(!r.circuit->config("ref")->defaultMethod);  // absent stays absent
        const QByteArray saved = serializeCircuit(*r.circuit);
        QVERIFY(saved.contains("\"default_method\""));
        const LoadResult back = parseCircuit(saved, registry());
        QVERIFY(back.ok());
        QVERIFY(*back.circuit == *r.circuit);
        QCOMPARE(serializeCircuit(*back.circuit), saved);

        const hs::sim::SolverSettings st = toSolverSettings(*cfg);
        QCOMPARE(st.defaultMethod.method, std::string("tlm"));
        hs::sim::BuildResult b = hs::sim::build(registry(), toNetlist(*r.circuit), st);
        QVERIFY2(b.ok(), b.errorText().c_str());
        // the document's one volume, V1, takes the default: exactly one node holds a method, tlm
        int withMethod = 0;
        for (const auto& n : b.system->hyd)
            if (n.method) {
                QCOMPARE(std::string(n.method->id()), std::string("tlm"));
                ++withMethod;
            }
        QCOMPARE(withMethod, 1);
        // and without default_method no node is tlm
        hs::sim::BuildResult plain = hs::sim::build(registry(), toNetlist(*r.circuit), toSolverSettings(*r.circuit->config("ref")));
        QVERIFY2(plain.ok(), plain.errorText().c_str());
        for (const auto& n : plain.system->hyd) QVERIFY(!n.method || std::string(n.method->id()) != "tlm");
    }

    void badDefaultMethodIsNamed() {
        QJsonObject doc = with(baseDocument(), {"configurations", 1, "default_method"}, QJsonObject{{"method", "tlm"}, {"params", QJsonObject{{"alpha", 2.0}}}});
        const LoadResult r = parseCircuit(bytes(doc), registry());
        QVERIFY(!r.ok());
        QVERIFY2(r.errors.join('\n').contains("default_method"), qPrintable(r.errors.join('\n')));
        QVERIFY2(r.errors.join('\n').contains("alpha"), qPrintable(r.errors.join('\n')));
    }

    // Every volume TLM on two threads, the orifice and the laminar orifice on either side of V1
    // by hand: the file round-trips and the run equals the one-thread run bit for bit.
    void threadsAndPartition() {
        QJsonObject doc = with(baseDocument(), {"configurations", 1},
                               QJsonObject{{"name", "par"}, {"stepper", "rk4"}, {"dt", 1e-5}, {"threads", 2},
                                           {"partition", QJsonObject{{"orifice", 0}, {"lam", 1}}}, {"partition_mapper", "optimal"},
                                           {"default_method", QJsonObject{{"method", "tlm"}}}});
        const LoadResult r = parseCircuit(bytes(doc), registry());
        QVERIFY2(r.ok(), qPrintable(r.errors.join('\n')));
        const SolverConfigDoc* cfg = r.circuit->config("par");
        QVERIFY(cfg);
        QCOMPARE(cfg->threads, 2);
        QCOMPARE(cfg->partition.at("lam"), 1);
        QCOMPARE(cfg->partitionMapper, QString("optimal"));
        QCOMPARE(toSolverSettings(*cfg).partitionMapper, std::string("optimal"));
        const QByteArray saved = serializeCircuit(*r.circuit);
        QVERIFY(saved.contains("\"threads\": 2"));
        QVERIFY(saved.contains("\"partition_mapper\": \"optimal\""));
        QVERIFY(!serializeCircuit(*parseCircuit(bytes(baseDocument()), registry()).circuit).contains("threads"));
        const LoadResult back = parseCircuit(saved, registry());
        QVERIFY(back.ok() && *back.circuit == *r.circuit);

        auto run = [&](const SolverConfigDoc& c) {
            hs::sim::BuildResult b = hs::sim::build(registry(), toNetlist(*r.circuit), toSolverSettings(c));
            if (!b.ok()) return hs::sim::RunResult{};
            return hs::sim::simulate(*b.system, toProbes(*r.circuit), toRunOptions(*r.circuit, c));
        };
        SolverConfigDoc serial = *cfg;
        serial.threads = 1;
        serial.partition.clear();
        const hs::sim::RunResult a = run(*cfg), b = run(serial);
        QVERIFY2(a.ok && b.ok, (a.error + b.error).c_str());
        QVERIFY(a.trace.columns == b.trace.columns);
        QVERIFY(a.trace.columns[0].back() > 1e5);  // something flowed
    }

    void badThreadsAndPartitionAreNamed_data() {
        QTest::addColumn<QJsonObject>("config");
        QTest::addColumn<QString>("message");
        QTest::newRow("threads 0") << QJsonObject{{"threads", 0}} << "threads: 0 threads: expected 1 to 64";
        QTest::newRow("unknown id") << QJsonObject{{"threads", 2}, {"partition", QJsonObject{{"nope", 0}}}} << "no component 'nope'";
        QTest::newRow("out of range") << QJsonObject{{"threads", 2}, {"partition", QJsonObject{{"lam", 2}}}} << "partition 2 outside 0..1";
        QTest::newRow("not an integer") << QJsonObject{{"threads", 1.5}} << "threads";
        QTest::newRow("unknown kernel") << QJsonObject{{"kernel", "jit"}} << "kernel: unknown kernel 'jit' (expected interpreted or generated)";
        QTest::newRow("unknown mapper") << QJsonObject{{"threads", 2}, {"partition_mapper", "genetic"}}
                                        << "partition_mapper: unknown partition mapper 'genetic' (expected balanced or optimal)";
    }
    // "kernel" is read, passed to the engine, written back only when set.
    void kernelKey() {
        QJsonObject doc = with(baseDocument(), {"configurations", 1},
                               QJsonObject{{"name", "gen"}, {"stepper", "rk4"}, {"dt", 1e-5}, {"kernel", "generated"}});
        const LoadResult r = parseCircuit(bytes(doc), registry());
        QVERIFY2(r.ok(), qPrintable(r.errors.join('\n')));
        const SolverConfigDoc* cfg = r.circuit->config("gen");
        QVERIFY(cfg);
        QCOMPARE(cfg->kernel, QString("generated"));
        QCOMPARE(toSolverSettings(*cfg).kernel, std::string("generated"));
        const QByteArray saved = serializeCircuit(*r.circuit);
        QVERIFY(saved.contains("\"kernel\": \"generated\""));
        QVERIFY(!serializeCircuit(*parseCircuit(bytes(baseDocument()), registry()).circuit).contains("\"kernel\""));
        const LoadResult back = parseCircuit(saved, registry());
        QVERIFY(back.ok() && *back.circuit == *r.circuit);
    }
    void badThreadsAndPartitionAreNamed() {
        QFETCH(QJsonObject, config);
        QFETCH(QString, message);
        QJsonObject c{{"name", "par"}, {"stepper", "rk4"}, {"dt", 1e-5}};
        for (auto it = config.begin(); it != config.end(); ++it) c.insert(it.key(), it.value());
        const LoadResult r = parseCircuit(bytes(with(baseDocument(), {"configurations", 1}, c)), registry());
        QVERIFY(!r.ok());
        QVERIFY2(r.errors.join('\n').contains(message), qPrintable(r.errors.join('\n')));
    }
};

QTEST_GUILESS_MAIN(TestDefaultMethod)
#include "test_default_method.moc"
