// SPDX-License-Identifier: GPL-3.0-or-later
// Hopsan import of pumps, motors and rotational mechanics (core/model/hopsan_types_rotational.cpp):
// each type becomes ours with its parameters converted, and the imported circuit is valid.
#include <QtTest>

#include <cmath>
#include <numbers>

#include "model/circuit_io.h"
#include "model/hopsan_import.h"
#include "service/comparison.h"
#include "sim/registry.h"

using namespace hs::model;

namespace {

QByteArray modelWith(const QString& type, const QString& params) {
    return QStringLiteral(
               "<?xml version=\"1.0\"?><hopsanmodelfile hmfversion=\"0.4\"><system name=\"M\" typename=\"Subsystem\">"
               "<simulationtime start=\"0\" timestep=\"0.001\" stop=\"2\"/>"
               "<objects><component name=\"C\" typename=\"%1\"><parameters>%2</parameters></component></objects>"
               "<connections/></system></hopsanmodelfile>")
        .arg(type, params)
        .toUtf8();
}

QString param(const QString& name, double v) {
    return QStringLiteral("<parameter name=\"%1#Value\" value=\"%2\" type=\"double\"/>").arg(name).arg(v, 0, 'g', 17);
}

}  // namespace

class TestHopsanImportRotational : public QObject {
    Q_OBJECT
private slots:
    void mapsTypeAndParameters_data() {
        QTest::addColumn<QString>("hopsanType");
        QTest::addColumn<QString>("params");
        QTest::addColumn<QString>("ourType");
        QTest::addColumn<QVariantMap>("expected");
        const double shaftK = std::numbers::pi / 32 * (std::pow(0.03, 4) - std::pow(0.01, 4)) * 8e10 / 0.5;
        QTest::newRow("fixed pump") << "HydraulicFixedDisplacementPump" << param("D_p", 3e-5) + param("n_p", 120) + param("C_lp", 2e-12)
                                    << "FixedDisplacementPump" << QVariantMap{{"D", 3e-5}, {"n", 120.0}, {"Cl", 2e-12}};
        QTest::newRow("variable pump") << "HydraulicVariableDisplacementPump"
                                       << param("D_p", 4e-5) + param("omega_p", 80) + param("K_cp", 3e-12) + param("eps", 0.5)
                                       << "VariableDisplacementPump" << QVariantMap{{"D", 4e-5}, {"n", 80.0}, {"Cl", 3e-12}, {"eps", 0.5}};
        QTest::newRow("pressure controlled pump")
            << "HydraulicPressureControlledPump" << param("p_dif", 2e6) + param("q_max", 0.002) + param("omega_p1", 150) + param("tao_v", 0.002)
            << "PressureCompensatedPump" << QVariantMap{{"p_dif", 2e6}, {"q_max", 0.002}, {"w_p1", 150.0}, {"tau_v", 0.002}, {"n", 125.0}};
        QTest::newRow("fixed motor") << "HydraulicFixedDisplacementMotorQ" << param("D_m", 6e-5) + param("B_m", 0.3) + param("C_lm", 1e-11) + param("J_m", 0.4)
                                     << "FixedDisplacementMotor" << QVariantMap{{"D", 6e-5}, {"B", 0.3}, {"Cl", 1e-11}, {"J", 0.4}};
        QTest::newRow("variable motor") << "HydraulicVariableDisplacementMotorQ" << param("D_m", 6e-5) + param("C_im", 2e-11) + param("eps", -0.5)
                                        << "VariableDisplacementMotor" << QVariantMap{{"D", 6e-5}, {"Cl", 2e-11}, {"eps", -0.5}, {"J", 0.1}};
        QTest::newRow("machine C") << "HydraulicMachineC" << param("D_m", 7e-5) + param("V_1", 0.002) + param("V_2", 0.003) + param("B_m", 0.2)
                                   << "HydraulicMachine" << QVariantMap{{"D", 7e-5}, {"V1", 0.002}, {"V2", 0.003}, {"B", 0.2}, {"J", 0.0}};
        QTest::newRow("inertia") << "MechanicRotationalInertia" << param("B", 2) + QStringLiteral("<parameter name=\"J\" value=\"3\"/>")
                                 << "RotationalInertia" << QVariantMap{{"J", 3.0}, {"B", 2.0}, {"k", 0.0}};
        QTest::newRow("shaft") << "MechanicRotShaft" << param("Ks", 2500) << "Gear" << QVariantMap{{"k", 2500.0}, {"ratio", -1.0}, {"c", 0.0}};
        QTest::newRow("shaft G") << "MechanicRotShaftG" << param("dy", 0.03) + param("di", 0.01) + param("len", 0.5) + param("G", 8e10)
                                 << "Gear" << QVariantMap{{"k", shaftK}, {"ratio", -1.0}, {"c", 0.0}};
        QTest::newRow("theta source") << "MechanicThetaSource" << param("omega", 12) << "SpeedSource" << QVariantMap{{"w", 12.0}};
        QTest::newRow("speed transformer") << "MechanicAngularVelocityTransformer" << param("omega", -4) << "SpeedSource"
                                           << QVariantMap{{"w", -4.0}};
        QTest::newRow("torque transformer") << "MechanicTorqueTransformer" << param("T", 7) << "TorqueSource" << QVariantMap{{"T", -7.0}};
        // degrees to radians; port A's leading notch tip where Hopsan's groove() starts: 90 - 120/2 - 8 - 4 = 18 degrees
        const double deg = std::numbers::pi / 180;
        QTest::newRow("valve plate") << "HydraulicValvePlate"
                                     << param("phi_P", 120) + param("phi_1", 8) + param("phi_2", 7) + param("Delta_alpha", 4) +
                                            param("alpha_f", 25) + param("R_f", 0.04) + param("rho", 860)
                                     << "ValvePlate"
                                     << QVariantMap{{"phi_P", 120 * deg}, {"phi_1", 8 * deg}, {"phi_2", 7 * deg}, {"delta", 4 * deg},
                                                    {"alpha_f", 25 * deg}, {"R_f", 0.04}, {"rho", 860.0}, {"theta_A", 18 * deg},
                                                    {"Cq", 0.67}};
        QTest::newRow("speed sensor") << "MechanicAngularVelocitySensor" << QString() << "SpeedSensor" << QVariantMap{};
    }
    void mapsTypeAndParameters() {
        QFETCH(QString, hopsanType);
        QFETCH(QString, params);
        QFETCH(QString, ourType);
        QFETCH(QVariantMap, expected);
        const HopsanReadResult read = readHopsanModel(modelWith(hopsanType, params));
        QVERIFY2(read.model, qPrintable(read.error));
        HopsanImportOptions partial;
        partial.partial = true;  // a lone component leaves required ports open: the builder's concern, not the import's
        const HopsanImport imp = importHopsan(*read.model, partial);
        QVERIFY2(imp.circuit && imp.errors.isEmpty() && imp.unsupported.isEmpty(), qPrintable((imp.unsupported + imp.errors).join('\n')));
        const ComponentDoc* c = imp.circuit->component("C");
        QVERIFY(c);
        QCOMPARE(c->type, ourType);
        for (auto it = expected.begin(); it != expected.end(); ++it) {
            QVERIFY2(c->num.count(it.key()), qPrintable(it.key() + " not set"));
            const double want = it.value().toDouble(), got = c->num.at(it.key());
            QVERIFY2(std::abs(got - want) <= 1e-12 * std::max(1.0, std::abs(want)), qPrintable(QString("%1 = %2, expected %3").arg(it.key()).arg(got).arg(want)));
        }
        const hs::sim::Registry reg = hs::sim::Registry::builtin();
        QVERIFY2(validateCircuit(*imp.circuit, reg).isEmpty(), qPrintable(validateCircuit(*imp.circuit, reg).join('\n')));
    }

    // Hopsan's torque sensor reads its node's torque: on a torque source's node (T = 7 N m, which
    // acts against the port's rotation) it reads 7. Ours watches the C-type source's shaft against
    // rotation, and the run reads 7 too.
    void torqueSensorReadsTheNodesCTypeComponent() {
        const QByteArray xml = QStringLiteral(
            "<?xml version=\"1.0\"?><hopsanmodelfile hmfversion=\"0.4\"><system name=\"M\" typename=\"Subsystem\">"
            "<simulationtime start=\"0\" timestep=\"0.001\" stop=\"0.5\"/><objects>"
            "<component name=\"Src\" typename=\"MechanicTorqueTransformer\"><parameters>%1</parameters></component>"
            "<component name=\"J\" typename=\"MechanicRotationalInertia\"><parameters>%2</parameters></component>"
            "<component name=\"Tq\" typename=\"MechanicTorqueSensor\"><parameters/></component></objects><connections>"
            "<connect startcomponent=\"Src\" startport=\"P1\" endcomponent=\"J\" endport=\"P1\"/>"
            "<connect startcomponent=\"Tq\" startport=\"P1\" endcomponent=\"Src\" endport=\"P1\"/>"
            "</connections></system></hopsanmodelfile>").arg(param("T", 7), param("B", 2)).toUtf8();
        const HopsanReadResult read = readHopsanModel(xml);
        QVERIFY2(read.model, qPrintable(read.error));
        const HopsanImport imp = importHopsan(*read.model, {});
        QVERIFY2(imp.circuit, qPrintable((imp.unsupported + imp.errors).join('\n')));
        const ComponentDoc* sensor = imp.circuit->component("Tq");
        QVERIFY(sensor);
        QCOMPARE(sensor->type, QStringLiteral("TorqueSensor"));
        QCOMPARE(sensor->text.at("port"), QStringLiteral("Src.shaft"));
        QCOMPARE(sensor->text.at("direction"), QStringLiteral("against rotation"));
        Circuit c = *imp.circuit;
        c.probes = {ProbeDoc{QStringLiteral("T"), QStringLiteral("signal"), QStringLiteral("Tq.T"), {}}};
        const hs::sim::Registry reg = hs::sim::Registry::builtin();
        const hs::sim::RunResult r = hs::service::runConfiguration(c, c.configs.back(), reg, 0.5);
        QVERIFY2(r.ok, r.error.c_str());
        QCOMPARE(r.trace.columns.at(0).back(), 7.0);
    }
    void inertiaAngleLimitsRefused() {
        const HopsanReadResult read = readHopsanModel(modelWith("MechanicRotationalInertia", param("a_max", 1.5)));
        QVERIFY(read.model);
        const HopsanImport imp = importHopsan(*read.model, {});
        QVERIFY(!imp.circuit);
        QVERIFY2(imp.errors.join('\n').contains("a_min/a_max"), qPrintable(imp.errors.join('\n')));
    }
};

QTEST_GUILESS_MAIN(TestHopsanImportRotational)
#include "test_hopsan_import_rotational.moc"
