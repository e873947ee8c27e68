// "default_method" of a configuration (the Hopsan-style every-volume-TLM option): read, written,
// round-tripped, validated, compiled into the engine settings and used by the builder.
#include <QtTest>

#include "model_test_util.h"
#include "sim/builder.h"

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
        for (const auto& n : b.system->hyd)
            if (n.method) QCOMPARE(std::string(n.method->id()), std::string("tlm"));
    }

    void badDefaultMethodIsNamed() {
        QJsonObject doc = with(baseDocument(), {"configurations", 1, "default_method"}, QJsonObject{{"method", "tlm"}, {"params", QJsonObject{{"alpha", 2.0}}}});
        const LoadResult r = parseCircuit(bytes(doc), registry());
        QVERIFY(!r.ok());
        QVERIFY2(r.errors.join('\n').contains("default_method"), qPrintable(r.errors.join('\n')));
        QVERIFY2(r.errors.join('\n').contains("alpha"), qPrintable(r.errors.join('\n')));
    }
};

QTEST_GUILESS_MAIN(TestDefaultMethod)
#include "test_default_method.moc"
