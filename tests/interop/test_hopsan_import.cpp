// SPDX-License-Identifier: GPL-3.0-or-later
// Hopsan model import (core/model/hopsan_import.h): parameters mapped with their values and
// survive save -> load, unknown types are refused by name, expressions are refused with the
// parameter, malformed XML gives a message with the line, never a crash.
#include <QtTest>

#include <cmath>

#include "model/circuit_io.h"
#include "model/hopsan_import.h"
#include "sim/registry.h"

using namespace hs::model;

namespace {

const QString kRamp = QStringLiteral(HS_HOPSAN_DATA "/generated/OrificeVolumeRamp.hmf");

QByteArray modelWith(const QString& components) {
    return QStringLiteral(
               "<?xml version=\"1.0\"?><hopsanmodelfile hmfversion=\"0.4\"><system name=\"M\" typename=\"Subsystem\">"
               "<simulationtime start=\"0\" timestep=\"0.001\" stop=\"2\"/>"
               "<parameters><parameter name=\"V_sys\" value=\"3e-4\" type=\"double\"/></parameters>"
               "<objects>%1</objects><connections/></system></hopsanmodelfile>")
        .arg(components)
        .toUtf8();
}

const ComponentDoc* find(const Circuit& c, const QString& id) { return c.component(id); }

}  // namespace

class TestHopsanImport : public QObject {
    Q_OBJECT
private slots:
    void mappedParametersRoundTrip() {
        const HopsanReadResult read = loadHopsanModel(kRamp);
        QVERIFY2(read.model, qPrintable(read.error));
        const HopsanImport imp = importHopsan(*read.model, {});
        QVERIFY2(imp.circuit, qPrintable((imp.unsupported + imp.errors).join('\n')));
        const hs::sim::Registry reg = hs::sim::Registry::builtin();
        QVERIFY2(validateCircuit(*imp.circuit, reg).isEmpty(), qPrintable(validateCircuit(*imp.circuit, reg).join('\n')));

        // Through the file format and back: what the user gets from --out.
        const LoadResult back = parseCircuit(serializeCircuit(*imp.circuit), reg);
        QVERIFY2(back.ok(), qPrintable(back.errors.join('\n')));
        const Circuit& c = *back.circuit;
        QCOMPARE(c.components.size(), size_t(6));
        QCOMPARE(c.wires.size(), size_t(5));
        QCOMPARE(c.duration, 0.5);
        QCOMPARE(c.recordInterval, 1e-3);  // 500 logged samples over 0.5 s

        const ComponentDoc* in = find(c, "Orifice_In");
        QVERIFY(in);
        QCOMPARE(in->type, QString("TurbulentOrifice"));
        QCOMPARE(in->num.at("A"), 1e-6);
        QCOMPARE(in->num.at("Cd"), 0.67);
        QCOMPARE(in->num.at("rho"), 870.0);
        const ComponentDoc* vol = find(c, "Volume");
        QVERIFY(vol);
        QCOMPARE(vol->num.at("V"), 1e-4);
        QCOMPARE(vol->num.at("Be"), 1e9);
        QCOMPARE(vol->num.at("p0"), 1e5);
        QCOMPARE(vol->text.at("bulk_modulus"), QString("constant"));
        QCOMPARE(find(c, "Orifice_Out")->num.at("G"), 2e-11);
        QCOMPARE(find(c, "Tank")->num.at("p"), 1e5);
        // y_A is the system parameter p_supply = 10e6; the ramp ends at t_end = 0.3 s.
        QCOMPARE(find(c, "Ramp")->text.at("points"), QString("0 100000; 0.10000000000000001 100000; "
                                                             "0.29999999999999999 10100000"));
        // Positions: Hopsan's x 2100 .. 2500 shifted to 100 .. 500, the order kept.
        QCOMPARE(find(c, "Supply")->pose.x, 200.0);
        QCOMPARE(find(c, "Tank")->pose.x, 600.0);

        const SolverConfigDoc* hop = c.config(kHopsanCompatibleConfig);
        QVERIFY(hop);
        QCOMPARE(hop->dt, 1e-4);
        QCOMPARE(hop->methods.at("Volume").method, QString("tlm"));
        QCOMPARE(hop->methods.at("Volume").params.at("alpha"), 0.1);
        const SolverConfigDoc* ref = c.reference();
        QVERIFY(ref);
        QCOMPARE(ref->name, kCvodeReferenceConfig);
        QCOMPARE(ref->stepper, QString("cvode"));
    }

    void unknownTypeRefusedByName() {
        const QByteArray xml = modelWith(
            "<component name=\"Fancy 1\" typename=\"HydraulicFancyValve\"/>"
            "<component name=\"V\" typename=\"HydraulicVolume\"><parameters>"
            "<parameter name=\"V\" value=\"V_sys\"/></parameters></component>"
            "<component name=\"Scope\" typename=\"SignalSink\"/>");
        const HopsanReadResult read = readHopsanModel(xml);
        QVERIFY2(read.model, qPrintable(read.error));
        const HopsanImport refused = importHopsan(*read.model, {});
        QVERIFY(!refused.circuit);
        QCOMPARE(refused.unsupported, QStringList{"HydraulicFancyValve: Fancy 1"});

        HopsanImportOptions partial;
        partial.partial = true;
        const HopsanImport imp = importHopsan(*read.model, partial);
        QVERIFY(imp.circuit);
        QCOMPARE(imp.unsupported, QStringList{"HydraulicFancyValve: Fancy 1"});  // still listed
        QCOMPARE(imp.circuit->components.size(), size_t(1));
        QCOMPARE(imp.circuit->components[0].num.at("V"), 3e-4);  // the system parameter
        QVERIFY(imp.notes.join('\n').contains("Scope (SignalSink)"));  // a sink is left out, said so
    }

    // Found by tools/fuzz.sh hopsan: a pose angle of 2.1e9 degrees overflowed int. Any number in
    // a pose gives a grid position and a quarter-turn rotation, and the circuit saves and loads.
    void extremePoseNumbers() {
        const QByteArray xml = modelWith(
            "<component name=\"T\" typename=\"HydraulicTankC\"><hopsangui><pose x=\"1e300\" y=\"-1e300\" a=\"2100444375\"/>"
            "</hopsangui></component>"
            "<component name=\"U\" typename=\"HydraulicTankC\"><hopsangui><pose x=\"inf\" y=\"nan\" a=\"-450\"/></hopsangui></component>");
        const HopsanReadResult read = readHopsanModel(xml);
        QVERIFY2(read.model, qPrintable(read.error));
        const HopsanImport imp = importHopsan(*read.model, {});
        QVERIFY(imp.circuit);
        for (const auto& c : imp.circuit->components) {
            QVERIFY2(c.pose.rotation == 0 || c.pose.rotation == 90 || c.pose.rotation == 180 || c.pose.rotation == 270,
                     qPrintable(QString::number(c.pose.rotation)));
            QVERIFY(std::isfinite(c.pose.x) && std::isfinite(c.pose.y));
        }
        // 2100444375 = 5834567 turns + 255 degrees -> 270; -450 = -360 - 90 -> 270
        QCOMPARE(imp.circuit->components[0].pose.rotation, 270);
        QCOMPARE(imp.circuit->components[1].pose.rotation, 270);
        const hs::sim::Registry reg = hs::sim::Registry::builtin();
        QVERIFY(parseCircuit(serializeCircuit(*imp.circuit), reg).ok());
    }

    // Found by tools/fuzz.sh hopsan: numsamples="5.2e101" was converted to int (undefined).
    void logSampleCountOutOfRange() {
        for (const char* n : {"5.22222e+101", "-3", "nan"}) {
            QByteArray xml = modelWith("<component name=\"T\" typename=\"HydraulicTankC\"/>");
            xml.replace("<objects>", QByteArray("<simulationlogsettings numsamples=\"") + n + "\"/><objects>");
            const HopsanReadResult read = readHopsanModel(xml);
            QVERIFY2(read.model, qPrintable(read.error));
            QCOMPARE(read.model->logSamples, 0);
        }
        QByteArray xml = modelWith("<component name=\"T\" typename=\"HydraulicTankC\"/>");
        xml.replace("<objects>", "<simulationlogsettings numsamples=\"2048\"/><objects>");
        QCOMPARE(readHopsanModel(xml).model->logSamples, 2048);
    }

    void expressionRefusedWithItsParameter() {
        const HopsanReadResult read = readHopsanModel(modelWith(
            "<component name=\"Gain_1\" typename=\"SignalGain\"><parameters>"
            "<parameter name=\"k::Value\" value=\"-A2\"/></parameters></component>"));
        QVERIFY(read.model);
        const HopsanImport imp = importHopsan(*read.model, {});
        QVERIFY(!imp.circuit);
        QCOMPARE(imp.errors.size(), 1);
        QVERIFY2(imp.errors[0].contains("Gain_1") && imp.errors[0].contains("k = '-A2'"), qPrintable(imp.errors[0]));
    }

    void malformedXml_data() {
        QTest::addColumn<QByteArray>("xml");
        QTest::addColumn<QString>("expected");
        const QByteArray good = modelWith("<component name=\"T\" typename=\"HydraulicTankC\"/>");
        QTest::newRow("truncated") << good.left(good.size() / 2) << "line 1";
        QTest::newRow("empty") << QByteArray() << "no XML root element";
        QTest::newRow("not a model") << QByteArray("<circuit/>") << "not <hopsanmodelfile>";
        QTest::newRow("no system") << QByteArray("<hopsanmodelfile/>") << "no <system>";
        QTest::newRow("mismatched tag") << QByteArray("<hopsanmodelfile><system><objects></system>") << "line 1, column";
        QTest::newRow("binary") << QByteArray("\x00\xff\xfe<", 4) << "line";
    }
    void malformedXml() {
        QFETCH(QByteArray, xml);
        QFETCH(QString, expected);
        const HopsanReadResult r = readHopsanModel(xml);
        QVERIFY(!r.model);
        QVERIFY2(r.error.contains(expected), qPrintable(r.error));
    }

    void missingFileNamed() {
        const HopsanReadResult r = loadHopsanModel("/nonexistent/model.hmf");
        QVERIFY(!r.model);
        QVERIFY2(r.error.contains("/nonexistent/model.hmf"), qPrintable(r.error));
    }
};

QTEST_GUILESS_MAIN(TestHopsanImport)
#include "test_hopsan_import.moc"
