// Serialization is deterministic and lossless: unknown keys survive, numbers keep full precision,
// parameters stay as the user wrote them, and the compile step maps every field.
#include <QtTest>

#include <clocale>

#include "model/migration.h"
#include "model_test_util.h"

using namespace hs::model;
using namespace hs::model::test;

namespace {

// Parses a document that must be valid; prints the errors if it is not.
bool parseOk(const QByteArray& json, Circuit& out) {
    LoadResult r = parseCircuit(json, registry());
    if (!r.ok()) qWarning("%s", qPrintable(r.errors.join('\n')));
    if (r.circuit) out = *r.circuit;
    return r.ok();
}

QJsonValue at(const QByteArray& json, const QVariantList& path) {
    QJsonValue v = QJsonDocument::fromJson(json).object();
    for (const QVariant& p : path)
        v = p.typeId() == QMetaType::Int ? v.toArray().at(p.toInt()) : v.toObject().value(p.toString());
    return v;
}

}  // namespace

class TestRoundTrip : public QObject {
    Q_OBJECT
private slots:
    void unknownKeysSurvive() {
        QJsonObject b = baseDocument();
        const QJsonValue marker = QJsonObject{{"list", QJsonArray{1, "two", true}}, {"n", 0.1}};
        const QList<QVariantList> places = {
            {"x_top"},
            {"fluid", "x_fluid"},
            {"fluid", "bulk_modulus", "x_be"},
            {"simulation", "x_sim"},
            {"components", 2, "x_comp"},
            {"components", 2, "pose", "x_pose"},
            {"wires", 1, "x_wire"},
            {"probes", 0, "x_probe"},
            {"configurations", 0, "x_cfg"},
            {"configurations", 0, "methods", "V1", "x_method"},
        };
        b = with(b, {"configurations", 0, "methods"}, QJsonObject{{"V1", QJsonObject{{"method", "integrate"}}}});
        for (const auto& p : places) b = with(b, p, marker);
        const LoadResult r = parseCircuit(bytes(b), registry());
        QVERIFY2(r.ok(), qPrintable(r.errors.join('\n')));
        const QByteArray saved = serializeCircuit(*r.circuit);
        for (const auto& p : places) {
            QVariantList pathText = p;
            QVERIFY2(at(saved, p) == marker, qPrintable(QVariant(pathText).toStringList().join('.')));
        }
        Circuit again;
        QVERIFY(parseOk(saved, again));
        QVERIFY(again == *r.circuit);
        QCOMPARE(serializeCircuit(again), saved);
    }

    void programmaticCircuitRoundTrips() {
        Circuit c;
        QVERIFY(parseOk(bytes(baseDocument()), c));
        c.name = QString::fromUtf8("Überdruck \"test\" ✓\n");
        c.duration = 1.0 / 3.0;
        c.recordInterval = 0.1 + 0.2;
        c.fluid.bulk.model = hs::sim::BulkModulus::Model::LogLaw;
        c.fluid.bulk.naturalLog = true;
        c.fluid.bulk.minArg = 1.5;
        c.components[2].num["p0"] = 4.9406564584124654e-324;  // smallest denormal
        c.components[2].pose = {40.5, -80.25, 270, true};
        c.components[0].num["p"] = 123456789.12345678;
        c.wires[0].points = {{1e-7, 3.0}, {-2.5, 1e12}};
        // validity does not matter for a round trip: a parameter no method knows, kept exactly
        c.configs[1].methods["V1"].params["w"] = 2.0 / 3.0;
        c.configs[1].maxStep = 1e-3;
        const QByteArray s1 = serializeCircuit(c);
        const LoadResult r = parseCircuit(s1, registry());
        QVERIFY(r.circuit);
        const Circuit& back = *r.circuit;
        QVERIFY(back == c);
        QCOMPARE(serializeCircuit(back), s1);
        QCOMPARE(serializeCircuit(c), s1);  // deterministic
    }

    void parametersStayAsWritten() {
        Circuit c;
        QVERIFY(parseOk(bytes(baseDocument()), c));
        const QByteArray s = serializeCircuit(c);
        // Volume V1 was given only V: no default (p0, bulk_modulus, Be) is filled in.
        const QJsonObject params = at(s, {"components", 2, "parameters"}).toObject();
        QCOMPARE(params.keys(), QStringList{"V"});
        QCOMPARE(at(s, {"components", 1, "parameters", "spec"}).toString(), QString("CdA"));
        QCOMPARE(at(s, {"format"}).toInt(), 1);
    }

    void decimalPointWhateverTheLocale() {
        Circuit c;
        QVERIFY(parseOk(bytes(baseDocument()), c));
        const QByteArray before = serializeCircuit(c);
        QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
        std::setlocale(LC_ALL, "de_DE.UTF-8");
        const QByteArray after = serializeCircuit(c);
        std::setlocale(LC_ALL, "C");
        QLocale::setDefault(QLocale::c());
        QCOMPARE(after, before);
        QVERIFY(before.contains("\"record_interval\": 0.001"));
    }

    void defaultsForOptionalKeys() {
        const LoadResult r = parseCircuit(R"({"format": 1, "configurations": [{"name": "only", "reference": true}]})", registry());
        QVERIFY2(r.ok(), qPrintable(r.errors.join('\n')));
        const Circuit& c = *r.circuit;
        QCOMPARE(c.duration, 1.0);
        QCOMPARE(c.configs.front().stepper, QString("rk4"));
        QCOMPARE(c.configs.front().dt, 1e-5);
        QVERIFY(c.components.empty());
        QVERIFY(c.reference() == &c.configs.front());
        QVERIFY(c.config("only") == &c.configs.front());
        QVERIFY(c.config("other") == nullptr);
    }

    void compileMapsEveryField() {
        QJsonObject b = with(baseDocument(), {"configurations", 1, "methods"},
                             QJsonObject{{"V1", QJsonObject{{"method", "integrate"}}}});
        b = with(b, {"configurations", 1, "max_step"}, 0.5);
        Circuit c;
        QVERIFY(parseOk(bytes(b), c));
        const hs::sim::Netlist net = toNetlist(c);
        QCOMPARE(net.components.size(), size_t(5));
        QCOMPARE(net.components[1].text.at("spec"), std::string("CdA"));
        QCOMPARE(net.components[2].num.at("V"), 1e-4);
        QCOMPARE(net.wires[2].fromComp, std::string("V1"));
        QCOMPARE(net.wires[2].toPort, std::string("A"));
        QCOMPARE(net.fluid.bulk.value, 1.5e9);
        QCOMPARE(net.pMax, 1e9);
        const hs::sim::SolverSettings s = toSolverSettings(*c.config("cv"));
        QCOMPARE(s.stepper, std::string("cvode"));
        QCOMPARE(s.maxStep, 0.5);
        QCOMPARE(s.methods.at("V1").method, std::string("integrate"));
        const auto probes = toProbes(c);
        QCOMPARE(probes.size(), size_t(1));
        QCOMPARE(probes[0].target, std::string("V1.P1"));
        const hs::sim::RunOptions o = toRunOptions(c, *c.reference());
        QCOMPARE(o.duration, 0.01);
        QCOMPARE(o.solver.dt, 1e-5);
    }

    void migrationToCurrentFormat() {
        QJsonObject root = baseDocument();
        int format = 0;
        QCOMPARE(checkFormat(root, &format), QString());
        QCOMPARE(format, 1);
        const QJsonObject before = root;
        migrate(root, 1);
        QCOMPARE(root, before);  // format 1 is current: nothing to do
        QVERIFY(!checkFormat(with(root, {"format"}, 1.5), &format).isEmpty());
        QVERIFY(checkFormat(with(root, {"format"}, kCurrentFormat + 1), &format).contains("newer"));
    }
};

QTEST_GUILESS_MAIN(TestRoundTrip)
#include "test_roundtrip.moc"
