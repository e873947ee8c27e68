// SPDX-License-Identifier: GPL-3.0-or-later
// Bad input gives clear errors that name the thing and its JSON path; every error is reported,
// not only the first; nothing crashes.
#include <QtTest>

#include "model_test_util.h"

using namespace hs::model;
using namespace hs::model::test;

class TestMalformed : public QObject {
    Q_OBJECT
private slots:
    void baseIsValid() {
        const LoadResult r = parseCircuit(bytes(baseDocument()), registry());
        QVERIFY2(r.ok(), qPrintable(r.errors.join('\n')));
    }

    void errors_data() {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QStringList>("expected");  // all fragments must occur in one error message
        QTest::addColumn<bool>("documentKept");     // a circuit is returned for repair

        const QJsonObject b = baseDocument();
        const QByteArray full = bytes(b);
        auto row = [](const char* name, const QByteArray& json, const QStringList& expected, bool kept = true) {
            QTest::newRow(name) << json << expected << kept;
        };
        row("truncated JSON", full.left(full.size() / 2), {"$: invalid JSON at byte", "line 1"}, false);
        row("empty input", QByteArray(), {"$: invalid JSON at byte 0"}, false);
        row("top-level array", "[1, 2]", {"$: expected an object at the top level, got an array"}, false);
        row("wrong type for a number", bytes(with(b, {"simulation", "duration"}, "5")),
            {"$.simulation.duration: expected a number, got a string"});
        row("unknown component type", bytes(with(b, {"components", 1, "type"}, "Foo")),
            {"$.components[1].type: unknown component type 'Foo'"});
        row("dangling wire", bytes(with(b, {"wires", 2, "to"}, "valve9.A")),
            {"$.wires[2].to: no component 'valve9' (dangling wire)"});
        row("negative volume", bytes(with(b, {"components", 2, "parameters", "V"}, -1)),
            {"$.components[2].parameters.V: -1 m3 is below the minimum 0 m3"});
        QJsonObject noFormat = b;
        noFormat.remove("format");
        row("missing format", bytes(noFormat), {"$.format: missing", "not a HydroStiff circuit file"}, false);
        row("format 99", bytes(with(b, {"format"}, 99)), {"$.format: format 99 is newer", "up to 1"}, false);
        row("format 0", bytes(with(b, {"format"}, 0)), {"$.format: unknown format 0"}, false);
        row("format not a number", bytes(with(b, {"format"}, "one")), {"$.format: expected an integer"}, false);
        row("two reference configurations", bytes(with(b, {"configurations", 1, "reference"}, true)),
            {"$.configurations: 2 configurations are marked as reference", "'ref', 'cv'", "mark exactly one"});
        row("no reference configuration", bytes(with(b, {"configurations", 0, "reference"}, false)),
            {"$.configurations: no reference configuration"});
        row("unknown stepper", bytes(with(b, {"configurations", 1, "stepper"}, "rk5")),
            {"$.configurations[1].stepper: unknown stepper 'rk5'", "rk4", "cvode"});
        row("unknown parameter", bytes(with(b, {"components", 2, "parameters", "Vx"}, 1)),
            {"$.components[2].parameters.Vx: unknown parameter 'Vx' of Volume", "known: V,"});
        row("no such port", bytes(with(b, {"wires", 0, "to"}, "orifice.Q")),
            {"$.wires[0].to: component 'orifice' (TurbulentOrifice) has no port 'Q'", "ports: A, B"});
        row("wire end without port", bytes(with(b, {"wires", 0, "from"}, "src")),
            {"$.wires[0].from: expected \"component.port\", got 'src'"});
        row("wire joins domains", bytes(with(b, {"wires", 0, "from"}, "src.p")),
            {"$.wires[0]: joins the signal port 'src.p' to the hydraulic port 'orifice.A'"});
        row("choice not an option", bytes(with(b, {"components", 1, "parameters", "spec"}, "area")),
            {"$.components[1].parameters.spec: 'area' is not one of: CdA, k"});
        row("choice given as a number", bytes(with(b, {"components", 1, "parameters", "spec"}, 1)),
            {"$.components[1].parameters.spec: expected one of the option names CdA, k"});
        row("number parameter as string", bytes(with(b, {"components", 2, "parameters", "V"}, "big")),
            {"$.components[2].parameters.V: expected a number, got a string"});
        row("parameter of another JSON type", bytes(with(b, {"components", 2, "parameters", "V"}, QJsonArray{1})),
            {"$.components[2].parameters.V: expected a number or a string, got an array"});
        row("above maximum", bytes(with(b, {"components", 1, "parameters", "Cd"}, 3)),
            {"$.components[1].parameters.Cd: 3 is above the maximum 2"});
        row("duplicate id", bytes(with(b, {"components", 3, "id"}, "V1")),
            {"$.components[3].id: duplicate id 'V1' (also used by $.components[2])"});
        row("id with a dot", bytes(with(b, {"components", 4, "id"}, "tank.1")),
            {"$.components[4].id: 'tank.1' must not contain '.'"});
        row("missing id", bytes(with(b, {"components", 4, "id"}, QJsonValue())),
            {"$.components[4].id: expected a string, got null"});
        row("bad rotation", bytes(with(b, {"components", 0, "pose", "rotation"}, 45)),
            {"$.components[0].pose.rotation: must be 0, 90, 180 or 270 degrees, got 45"});
        row("bad point", bytes(with(b, {"wires", 2, "points", 1}, QJsonArray{1, "x"})),
            {"$.wires[2].points[1]: expected a point [x, y]"});
        row("components not an array", bytes(with(b, {"components"}, QJsonObject())),
            {"$.components: expected an array, got an object"});
        row("bulk modulus model", bytes(with(b, {"fluid", "bulk_modulus", "model"}, "tait")),
            {"$.fluid.bulk_modulus.model: unknown bulk-modulus model 'tait' (known: constant, log)"});
        row("log base", bytes(with(b, {"fluid", "bulk_modulus", "log_base"}, "2")),
            {"$.fluid.bulk_modulus.log_base: expected \"10\" or \"e\", got '2'"});
        row("negative density", bytes(with(b, {"fluid", "density"}, -870)),
            {"$.fluid.density: must be positive, got -870 kg/m3"});
        row("zero step", bytes(with(b, {"configurations", 0, "dt"}, 0)),
            {"$.configurations[0].dt: must be positive, got 0 s"});
        row("p_min above p_max", bytes(with(b, {"simulation", "p_min"}, 2e9)), {"$.simulation.p_min: must be below p_max"});
        row("method for a missing volume",
            bytes(with(b, {"configurations", 0, "methods"}, QJsonObject{{"V9", QJsonObject{{"method", "integrate"}}}})),
            {"$.configurations[0].methods.V9: no component 'V9'"});
        row("unknown pressure method",
            bytes(with(b, {"configurations", 0, "methods"}, QJsonObject{{"V1", QJsonObject{{"method", "magic"}}}})),
            {"$.configurations[0].methods.V1: unknown pressure method 'magic'"});
        row("method parameter not a number",
            bytes(with(b, {"configurations", 0, "methods"},
                       QJsonObject{{"V1", QJsonObject{{"method", "integrate"}, {"params", QJsonObject{{"tol", "x"}}}}}})),
            {"$.configurations[0].methods.V1.params.tol: expected a number, got a string"});
        row("probe of a missing component", bytes(with(b, {"probes", 0, "target"}, "V9.P1")),
            {"$.probes[0].target: no component 'V9'"});
        row("probe quantity", bytes(with(b, {"probes", 0, "quantity"}, "temperature")),
            {"$.probes[0].quantity: unknown quantity 'temperature'"});
        row("probe of a missing state", bytes(with(with(b, {"probes", 0, "quantity"}, "state"), {"probes", 0, "target"}, "V1.z")),
            {"$.probes[0].target: component 'V1' (Volume) has no state 'z' (states: none)"});
        row("probe domain", bytes(with(b, {"probes", 0, "quantity"}, "position")),
            {"$.probes[0].target: quantity 'position' needs a mechanical port; 'V1.P1' is a hydraulic port"});
        // An entry that is not an object is skipped; later entries keep their own index in paths.
        row("index kept after a skipped entry",
            bytes(with(with(b, {"components", 1}, 5), {"components", 3, "parameters", "G"}, -1)),
            {"$.components[3].parameters.G: -1 m3/(s*Pa) is below the minimum 0 m3/(s*Pa)"});
        row("skipped entry reported", bytes(with(b, {"components", 1}, 5)), {"$.components[1]: expected an object, got a number"});
    }

    void errors() {
        QFETCH(QByteArray, json);
        QFETCH(QStringList, expected);
        QFETCH(bool, documentKept);
        const LoadResult r = parseCircuit(json, registry());
        QVERIFY(!r.ok());
        QVERIFY(!r.errors.isEmpty());
        QCOMPARE(r.circuit.has_value(), documentKept);
        bool found = false;
        for (const QString& e : r.errors) {
            bool all = true;
            for (const QString& f : expected) all = all && e.contains(f);
            found = found || all;
        }
        QVERIFY2(found, qPrintable("expected " + expected.join(" | ") + "\ngot:\n" + r.errors.join('\n')));
        for (const QString& e : r.errors) QVERIFY2(e.startsWith("$"), qPrintable(e));
    }

    // All problems of one file come back together, not just the first.
    void everyErrorReported() {
        QJsonObject b = baseDocument();
        b = with(b, {"components", 2, "parameters", "V"}, -1);
        b = with(b, {"components", 1, "type"}, "Foo");
        b = with(b, {"wires", 3, "to"}, "nowhere.P");
        b = with(b, {"simulation", "duration"}, "long");
        b = with(b, {"configurations", 1, "stepper"}, "rk5");
        b = with(b, {"probes", 0, "target"}, "V9.P1");
        const LoadResult r = parseCircuit(bytes(b), registry());
        QVERIFY(r.circuit.has_value());
        const QString all = r.errors.join('\n');
        for (const char* path : {"$.components[2].parameters.V", "$.components[1].type", "$.wires[3].to",
                                 "$.simulation.duration", "$.configurations[1].stepper", "$.probes[0].target"})
            QVERIFY2(all.contains(path), qPrintable(QString(path) + " missing in:\n" + all));
        QCOMPARE(r.errors.size(), 6);
    }

    // Random truncations and byte flips of a valid file never crash the loader, and each outcome
    // is one of the two a user can act on: rejected with errors that each name where ("$..."),
    // or accepted as a document that saves and reloads unchanged.
    void garbageNeverCrashes() {
        const QByteArray full = QJsonDocument(baseDocument()).toJson();
        for (int cut = 0; cut < full.size(); cut += 7) {
            const LoadResult r = parseCircuit(full.left(cut), registry());
            QVERIFY(!r.ok());
            QVERIFY(!r.errors.isEmpty());
            for (const QString& e : r.errors) QVERIFY2(e.startsWith('$'), qPrintable(e));
        }
        int rejected = 0, accepted = 0;
        for (int i = 0; i < full.size(); i += 13) {
            QByteArray m = full;
            m[i] = static_cast<char>(m[i] ^ 0x5a);
            const LoadResult r = parseCircuit(m, registry());
            const QString where = QString("flip at byte %1 ('%2')").arg(i).arg(QChar(full[i]));
            if (!r.ok()) {
                ++rejected;
                QVERIFY2(!r.errors.isEmpty(), qPrintable(where));
                for (const QString& e : r.errors) QVERIFY2(e.startsWith('$'), qPrintable(where + ": " + e));
                continue;
            }
            ++accepted;
            QVERIFY2(r.circuit, qPrintable(where));
            const QByteArray saved = serializeCircuit(*r.circuit);
            const LoadResult back = parseCircuit(saved, registry());
            QVERIFY2(back.ok() && *back.circuit == *r.circuit, qPrintable(where));
        }
        qInfo("byte flips: %d rejected with located errors, %d accepted and round-tripped", rejected, accepted);
        QVERIFY(rejected > 0);  // flips in the structure are caught
        QVERIFY(accepted > 0);  // flips inside names and descriptions are not errors
    }

    void missingFileNamesPath() {
        const LoadResult r = loadCircuit("/nonexistent/dir/x.hydro.json", registry());
        QVERIFY(!r.ok());
        QVERIFY(!r.circuit);
        QCOMPARE(r.errors.size(), 1);
        QVERIFY(r.errors.front().startsWith("/nonexistent/dir/x.hydro.json: cannot open"));
    }
};

QTEST_GUILESS_MAIN(TestMalformed)
#include "test_malformed.moc"
