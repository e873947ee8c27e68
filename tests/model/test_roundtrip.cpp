// SPDX-License-Identifier: GPL-3.0-or-later
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

    // Every key the reader knows, each set to a value that is not its default: the reader must
    // take each one (a key it skipped would come back as the default) and the writer must give
    // the document back unchanged. A reader that drops, say, the bulk-modulus a2 fails here.
    void everyKeyNonDefaultRoundTrips() {
        static const char* text = R"({
  "format": 1, "name": "every key", "description": "each value differs from its default",
  "fluid": {"density": 850.5, "bulk_modulus": {"model": "log", "value": 1.25e9, "a1": 0.45, "a2": 50,
            "a3": 2.5, "Emax": 1.7e9, "pmax": 3.1e7, "min_arg": 2.75, "log_base": "e"}},
  "simulation": {"duration": 2.5, "record_interval": 0.002, "p_min": -2e6, "p_max": 5e8},
  "components": [
    {"id": "src", "type": "PressureSource", "pose": {"x": 10.5, "y": -20.25, "rotation": 90, "flip": true}, "parameters": {"p": 1.2e7}},
    {"id": "orifice", "type": "TurbulentOrifice", "pose": {"x": 120, "y": 30, "rotation": 180, "flip": false}, "parameters": {"spec": "CdA", "Cd": 0.65}},
    {"id": "V1", "type": "Volume", "pose": {"x": 240, "y": 0, "rotation": 270, "flip": true}, "parameters": {"V": 2e-4, "p0": 1e5}},
    {"id": "lam", "type": "LaminarOrifice", "pose": {"x": 360, "y": 5, "rotation": 0, "flip": true}, "parameters": {"G": 2e-11}},
    {"id": "tank", "type": "Tank", "pose": {"x": 480, "y": 7, "rotation": 90, "flip": false}, "parameters": {"p": 1e5}}
  ],
  "wires": [
    {"from": "src.P", "to": "orifice.A", "points": [[5, 6]]},
    {"from": "orifice.B", "to": "V1.P1"},
    {"from": "V1.P2", "to": "lam.A", "points": [[300, 0], [300, 40]]},
    {"from": "lam.B", "to": "tank.P"}
  ],
  "probes": [{"name": "p1", "quantity": "pressure", "target": "V1.P1"}, {"name": "q", "quantity": "flow", "target": "lam.A"}],
  "configurations": [
    {"name": "ref", "description": "the reference", "reference": true, "stepper": "rk4", "dt": 2e-5, "rtol": 1e-6,
     "atol": 1e-7, "max_step": 1e-3, "methods": {"V1": {"method": "tlm", "params": {"alpha": 0.3}}},
     "default_method": {"method": "local_implicit", "params": {"scheme": 1}}, "threads": 2, "partition": {"src": 0, "lam": 1}},
    {"name": "cv", "description": "", "reference": false, "stepper": "cvode", "dt": 1e-5, "rtol": 1e-9, "atol": 1e-10,
     "max_step": 0, "methods": {}}
  ]
})";
        const QJsonObject original = QJsonDocument::fromJson(text).object();
        QVERIFY(!original.isEmpty());
        const LoadResult r = parseCircuit(text, registry());
        QVERIFY2(r.ok(), qPrintable(r.errors.join('\n')));
        const Circuit& c = *r.circuit;
        // each value as written, and each differs from the default of its field
        const hs::sim::BulkModulus be0;
        const auto& be = c.fluid.bulk;
        QCOMPARE(c.fluid.density, 850.5);
        QVERIFY(be.model == hs::sim::BulkModulus::Model::LogLaw && be0.model != be.model);
        QCOMPARE(be.value, 1.25e9);
        QCOMPARE(be.a1, 0.45);
        QCOMPARE(be.a2, 50.0);
        QCOMPARE(be.a3, 2.5);
        QCOMPARE(be.emax, 1.7e9);
        QCOMPARE(be.pmax, 3.1e7);
        QCOMPARE(be.minArg, 2.75);
        QVERIFY(be.naturalLog && !be0.naturalLog);
        QVERIFY(be.value != be0.value && be.a1 != be0.a1 && be.a2 != be0.a2 && be.a3 != be0.a3 &&
                be.emax != be0.emax && be.pmax != be0.pmax && be.minArg != be0.minArg);
        const Circuit c0;
        QVERIFY(c.fluid.density != c0.fluid.density);
        QCOMPARE(c.duration, 2.5);
        QCOMPARE(c.recordInterval, 0.002);
        QCOMPARE(c.pMin, -2e6);
        QCOMPARE(c.pMax, 5e8);
        QVERIFY(c.duration != c0.duration && c.recordInterval != c0.recordInterval && c.pMin != c0.pMin && c.pMax != c0.pMax);
        QCOMPARE(c.components.size(), size_t(5));
        QVERIFY(c.components[0].pose == (Pose{10.5, -20.25, 90, true}));
        QVERIFY(c.components[2].pose == (Pose{240, 0, 270, true}));
        QCOMPARE(c.components[2].num.at("p0"), 1e5);
        QCOMPARE(c.components[1].text.at("spec"), QString("CdA"));
        QCOMPARE(c.wires[0].points.size(), size_t(1));
        QCOMPARE(c.wires[0].points[0], QPointF(5, 6));
        QCOMPARE(c.wires[2].toComp, QString("lam"));
        QCOMPARE(c.wires[2].toPort, QString("A"));
        QCOMPARE(c.probes[1].name, QString("q"));
        QCOMPARE(c.probes[1].quantity, QString("flow"));
        QCOMPARE(c.probes[1].target, QString("lam.A"));
        const SolverConfigDoc s0;
        const SolverConfigDoc& s = c.configs[0];
        QCOMPARE(s.description, QString("the reference"));
        QVERIFY(s.reference && !s0.reference);
        QCOMPARE(s.dt, 2e-5);
        QCOMPARE(s.rtol, 1e-6);
        QCOMPARE(s.atol, 1e-7);
        QCOMPARE(s.maxStep, 1e-3);
        QVERIFY(s.dt != s0.dt && s.rtol != s0.rtol && s.atol != s0.atol && s.maxStep != s0.maxStep);
        QCOMPARE(s.methods.at("V1").method, QString("tlm"));
        QCOMPARE(s.methods.at("V1").params.at("alpha"), 0.3);
        QVERIFY(s.defaultMethod.has_value());
        QCOMPARE(s.defaultMethod->method, QString("local_implicit"));
        QCOMPARE(s.defaultMethod->params.at("scheme"), 1.0);
        QCOMPARE(s.threads, 2);
        QCOMPARE(s.partition.at("lam"), 1);
        QCOMPARE(c.configs[1].stepper, QString("cvode"));
        QVERIFY(c.configs[1].stepper != s0.stepper);
        // and the writer gives every key back as it was
        const QJsonObject saved = QJsonDocument::fromJson(serializeCircuit(c)).object();
        for (auto it = original.begin(); it != original.end(); ++it)
            QVERIFY2(saved.value(it.key()) == it.value(),
                     qPrintable(it.key() + ": " + QJsonDocument(QJsonObject{{it.key(), saved.value(it.key())}}).toJson(QJsonDocument::Compact)));
        QCOMPARE(saved, original);
        // the compile step maps the bulk modulus as read
        const hs::sim::Netlist net = toNetlist(c);
        QCOMPARE(net.fluid.bulk.a2, 50.0);
        QCOMPARE(net.fluid.bulk.minArg, 2.75);
        QCOMPARE(net.pMin, -2e6);
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
