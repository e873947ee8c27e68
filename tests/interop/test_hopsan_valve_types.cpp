// SPDX-License-Identifier: GPL-3.0-or-later
// The Hopsan mappings of hopsan_types_valves.cpp: every one names our type, ports and parameters
// that exist (in bounds, for Hopsan's defaults and for given values), and the conversions that
// change numbers give the numbers Hopsan's equations ask for.
#include <QtTest/QtTest>

#include <cmath>
#include <numbers>

#include "model/hopsan_import.h"
#include "model/hopsan_type_map.h"
#include "sim/registry.h"

using namespace hs::model;

namespace {

const hs::sim::Registry& registry() {
    static const hs::sim::Registry r = hs::sim::Registry::builtin();
    return r;
}

// Converts with the given Hopsan values (the rest at Hopsan's defaults).
ComponentDoc convert(const char* hopsanType, std::map<QString, double> values, QStringList* problems = nullptr) {
    const HopsanTypeMapping* m = findHopsanType(QString::fromLatin1(hopsanType));
    ComponentDoc doc;
    if (!m) return doc;
    HopsanValues in([values](const QString& name, QString*) -> std::optional<double> {
        auto it = values.find(name);
        return it == values.end() ? std::nullopt : std::optional<double>(it->second);
    });
    QStringList p;
    m->convert(in, doc, p);
    if (problems) *problems = p + in.problems;
    doc.type = QString::fromLatin1(m->ourType);
    return doc;
}

const QStringList kTypes = {"Hydraulic22Valve", "Hydraulic22DirectionalValve", "Hydraulic22DirectionalCheckValve",
                            "Hydraulic32DirectionalValve", "Hydraulic42DirectionalValve", "Hydraulic33Valve",
                            "Hydraulic43Valve", "Hydraulic43LoadSensingValve", "HydraulicPilotControlledCheckValve",
                            "HydraulicAckumulator", "HydraulicCylinderC", "HydraulicCylinderQ", "HydraulicTLMlossless",
                            "HydraulicHose", "HydraulicCounterBalanceValveG", "HydraulicOverCenterValve",
                            "MechanicTranslationalMass", "MechanicForceTransformer", "MechanicPositionSensor",
                            "MechanicSpeedSensor", "HydraulicOpenCenterValve", "HydraulicFourChamberPiston",
                            "MechanicForceSensor"};

}  // namespace

// A mass with force transformers on both ends and a sensor: Hopsan measures P2 against P1.
HopsanModel massBetweenForces(const QString& sensorPort) {
    HopsanModel m;
    m.name = "mass";
    auto add = [&](const char* type, const char* name, std::vector<HopsanParameter> p = {}) {
        HopsanComponent c;
        c.typeName = type;
        c.name = name;
        c.parameters = std::move(p);
        m.components.push_back(c);
    };
    add("MechanicTranslationalMass", "M", {{"m", "10", ""}, {"B", "0", ""}});
    add("MechanicForceTransformer", "F1", {{"F", "100", ""}});
    add("MechanicForceTransformer", "F2", {{"F", "30", ""}});
    add("MechanicSpeedSensor", "S");
    m.connections = {{"F1", "P1", "M", "P1"}, {"F2", "P1", "M", "P2"}, {"S", "P1", "M", sensorPort}};
    m.timestep = 1e-3;
    m.stop = 1.0;
    return m;
}

double forceOf(const Circuit& c, const char* id) {
    for (const auto& d : c.components)
        if (d.id == id) return d.num.at("F");
    return NAN;
}

class TestHopsanValveTypes : public QObject {
    Q_OBJECT
private slots:
    void everyMappingNamesWhatExists_data() {
        QTest::addColumn<QString>("hopsanType");
        for (const QString& t : kTypes) QTest::newRow(qPrintable(t)) << t;
    }
    void everyMappingNamesWhatExists() {
        QFETCH(QString, hopsanType);
        const HopsanTypeMapping* m = findHopsanType(hopsanType);
        QVERIFY2(m, qPrintable(hopsanType));
        const hs::sim::ComponentSpec* spec = registry().find(m->ourType);
        QVERIFY2(spec, m->ourType);
        for (const auto& p : m->ports) QVERIFY2(spec->portIndex(p.ours) >= 0, p.ours);
        QStringList problems;
        const ComponentDoc doc = convert(m->hopsanType, {}, &problems);
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join("; ")));
        for (const auto& [name, value] : doc.num) {
            const int i = spec->paramIndex(name.toStdString());
            QVERIFY2(i >= 0, qPrintable(hopsanType + ": " + name));
            const auto& ps = spec->params[static_cast<size_t>(i)];
            QVERIFY2(value >= ps.min && value <= ps.max, qPrintable(QString("%1: %2 = %3").arg(hopsanType, name).arg(value)));
        }
        for (const auto& [name, value] : doc.text) {
            const int i = spec->paramIndex(name.toStdString());
            QVERIFY2(i >= 0, qPrintable(hopsanType + ": " + name));
            const auto& ch = spec->params[static_cast<size_t>(i)].choices;
            QVERIFY2(std::find(ch.begin(), ch.end(), value.toStdString()) != ch.end(), qPrintable(name + " = " + value));
        }
    }

    void spoolValveGeometryAndLaps() {
        const ComponentDoc d = convert("Hydraulic43Valve", {{"C_q", 0.6}, {"rho", 890}, {"d", 0.012}, {"x_vmax", 0.005},
                                                            {"x_pa", 2e-5}, {"x_bt", -3e-5}, {"omega_h", 300}, {"delta_h", 0.7}});
        QCOMPARE(d.num.at("Cq"), 0.6);
        QCOMPARE(d.num.at("rho"), 890.0);
        QCOMPARE(d.num.at("d"), 0.012);
        QCOMPARE(d.num.at("x_vmax"), 0.005);
        QCOMPARE(d.num.at("x_pa"), 2e-5);
        QCOMPARE(d.num.at("x_pb"), -1e-6);  // Hopsan's default underlap
        QCOMPARE(d.num.at("x_bt"), -3e-5);
        QCOMPARE(d.num.at("omega_h"), 300.0);
        QCOMPARE(d.num.at("delta_h"), 0.7);
        QCOMPARE(d.text.at("centre"), QString("closed"));
        QCOMPARE(convert("Hydraulic22Valve", {}).text.at("command"), QString("position"));
        QCOMPARE(convert("Hydraulic22DirectionalValve", {}).text.at("command"), QString("switch"));
        QStringList problems;
        convert("Hydraulic42DirectionalValve", {{"f_pa", 0.5}}, &problems);
        QVERIFY(!problems.isEmpty());  // one fraction for all edges: refused, not silently changed
    }

    void accumulatorStateOfCharge() {
        const ComponentDoc d = convert("HydraulicAckumulator", {{"V0", 2e-3}, {"xmp", 0.25}, {"p0", 5e6}, {"Kca", 3e-8}});
        QCOMPARE(d.num.at("V_oil0"), 5e-4);
        QCOMPARE(d.num.at("p0"), 5e6);
        QCOMPARE(d.num.at("Kca"), 3e-8);
        QCOMPARE(d.num.at("V_port"), 0.0);
    }

    void tlmLineImpedanceAndDelay() {
        const double zc = 3e9, t = 2e-3;
        const ComponentDoc d = convert("HydraulicTLMlossless", {{"Z_c", zc}, {"deltat", t}});
        const double rho = d.num.at("rho"), be = d.num.at("Be"), c = std::sqrt(be / rho);
        const double area = std::numbers::pi * d.num.at("d") * d.num.at("d") / 4;
        QVERIFY(std::abs(rho * c / area / zc - 1.0) < 1e-12);
        QVERIFY(std::abs(d.num.at("L") / c / t - 1.0) < 1e-12);
    }

    void cylinders() {
        const ComponentDoc q = convert("HydraulicCylinderQ", {{"A_1", 1.5e-4}, {"B_p", 10}, {"B_l", 5}, {"k_l", 0}, {"m_l", 0.05}});
        QCOMPARE(q.text.at("chambers"), QString("external"));
        QCOMPARE(q.num.at("b"), 15.0);
        QCOMPARE(q.num.at("m_piston"), 0.05);
        const ComponentDoc c = convert("HydraulicCylinderC", {{"V_1", 1e-4}, {"c_leak", 2e-12}, {"P1#Pressure", 3e6}});
        QCOMPARE(c.num.at("V_dead_A"), 1e-4);
        QCOMPARE(c.num.at("L"), 2e-12);
        QCOMPARE(c.num.at("pA0"), 3e6);
    }

    void pressureValves() {
        const ComponentDoc pc = convert("HydraulicPilotControlledCheckValve", {{"phi", 4.0}, {"p_f", 2e5}});
        QCOMPARE(pc.num.at("phi"), 4.0);
        QCOMPARE(pc.num.at("p_crack"), 2e5);
        // over-centre: fully open at q_nom/k_cs above the setting, at the nominal flow coefficient
        const ComponentDoc oc = convert("HydraulicOverCenterValve", {{"q_nom", 2e-3}, {"p_nom", 4e6}, {"k_cs", 1e-9}});
        QCOMPARE(oc.num.at("k"), 2e-3 / 2e3);
        QCOMPARE(oc.num.at("dp_open"), 2e6);
        // counterbalance G: static band ks*Xvmax/Av, tau Bv/ks
        const ComponentDoc cb = convert("HydraulicCounterBalanceValveG", {{"Dv", 0.02}, {"Xvmax", 1e-3}, {"ks", 1e5}, {"Bv", 100}});
        QVERIFY(std::abs(cb.num.at("dp_open") - 1e5 * 1e-3 / (std::numbers::pi * 1e-4)) < 1e-6);
        QCOMPARE(cb.num.at("tau"), 1e-3);
    }

    // No cylinder: our x is the mass's x2. A force into P1 pushes along it, into P2 against it.
    void massOrientation() {
        const HopsanImport imp = importHopsan(massBetweenForces("P2"), {});
        QVERIFY2(imp.circuit, qPrintable((imp.errors + imp.unsupported).join("; ")));
        QCOMPARE(forceOf(*imp.circuit, "F1"), 100.0);
        QCOMPARE(forceOf(*imp.circuit, "F2"), -30.0);
        // a speed sensor on P1 would read -v: refused, named
        const HopsanImport refused = importHopsan(massBetweenForces("P1"), {});
        QVERIFY(!refused.circuit);
        QVERIFY2(refused.errors.join(" ").contains("S: sensor on a node Hopsan measures against ours"),
                 qPrintable(refused.errors.join("; ")));
    }

    void mechanics() {
        QCOMPARE(convert("MechanicForceTransformer", {{"F", 250}}).num.at("F"), -250.0);
        const ComponentDoc m = convert("MechanicTranslationalMass", {{"m", 20}, {"B", 3}});
        QCOMPARE(m.num.at("m"), 20.0);
        QCOMPARE(m.num.at("b"), 3.0);
        QStringList problems;
        convert("MechanicTranslationalMass", {{"x_max", 0.5}}, &problems);
        QVERIFY(problems.isEmpty());  // the import adds an EndStop (massLimitsBecomeEndStop)
    }

    // x_min/x_max limit the mass's P2 position: measured from P2 (ours, offset 0 here: no cylinder,
    // the mass's P2 sets the frame) the EndStop sits at the limits themselves, with Hopsan's stop
    // constants k = 0.1 m/dt^2, c = 0.2 m/dt.
    void massLimitsBecomeEndStop() {
        HopsanModel m = massBetweenForces("P2");
        m.components[0].parameters.push_back({"x_min", "-0.25", ""});
        m.components[0].parameters.push_back({"x_max", "0.5", ""});
        const HopsanImport imp = importHopsan(m, {});
        QVERIFY2(imp.circuit, qPrintable((imp.errors + imp.unsupported).join("; ")));
        const ComponentDoc* stop = imp.circuit->component("M_stops");
        QVERIFY(stop);
        QCOMPARE(stop->type, QString("EndStop"));
        QCOMPARE(stop->num.at("x_min"), -0.25);
        QCOMPARE(stop->num.at("x_max"), 0.5);
        QCOMPARE(stop->num.at("k"), 0.1 * 10 / 1e-6);
        QCOMPARE(stop->num.at("c"), 0.2 * 10 / 1e-3);
        const bool wired = std::any_of(imp.circuit->wires.begin(), imp.circuit->wires.end(), [](const WireDoc& w) {
            return w.fromComp == "M_stops" && w.toComp == "M" && w.toPort == "m";
        });
        QVERIFY(wired);
    }

    // The open-centre valve's neutral channel: Hopsan's x_cc and f_cc become ours, with the 4/3 edges.
    void openCentreValve() {
        const ComponentDoc d = convert("HydraulicOpenCenterValve", {{"x_cc", -1e-4}, {"f_cc", 0.1}, {"x_pa", 2e-4}, {"omega_h", 1000}});
        QCOMPARE(d.type, QString("OpenCentreValve63"));
        QCOMPARE(d.num.at("x_cc"), -1e-4);
        QCOMPARE(d.num.at("f_cc"), 0.1);
        QCOMPARE(d.num.at("x_pa"), 2e-4);
        QCOMPARE(d.num.at("x_bt"), -1e-6);  // Hopsan's default
        QCOMPARE(d.num.at("omega_h"), 1000.0);
        QCOMPARE(d.text.at("lag_form"), QString("bilinear at the step"));
    }

    // Hopsan's P5 position is minus the extension; chambers 1..4 are A..D.
    void fourChamberPiston() {
        const ComponentDoc d = convert("HydraulicFourChamberPiston", {{"A_3", 2e-4}, {"c_leak14", 1e-12}, {"P5#Position", -2}, {"s_l", 10}});
        QCOMPARE(d.type, QString("FourChamberCylinder"));
        QCOMPARE(d.num.at("A_C"), 2e-4);
        QCOMPARE(d.num.at("L_AD"), 1e-12);
        QCOMPARE(d.num.at("x0"), 2.0);
        QStringList problems;
        convert("HydraulicFourChamberPiston", {{"P5#Position", 1}, {"s_l", 10}}, &problems);
        QVERIFY(!problems.isEmpty());  // extension -1 m: outside the stroke
        QCOMPARE(convert("HydraulicFourChamberPiston", {{"Beta_e", 1.2e9}, {"P5#Position", -2}, {"s_l", 10}}).num.at("Be"), 1.2e9);
    }

    // The Hopsan form is selected where every chamber's node is set by a Q-type pressure source;
    // a chamber on a Q-type orifice keeps the continuous form (its node needs the chamber's volume).
    void fourChamberPistonForm() {
        for (bool orificeOnD : {false, true}) {
            HopsanModel m;
            auto add = [&](const char* type, const char* name, std::vector<HopsanParameter> p = {}) {
                HopsanComponent c;
                c.typeName = type;
                c.name = name;
                c.parameters = std::move(p);
                m.components.push_back(c);
            };
            add("HydraulicFourChamberPiston", "Pis", {{"P5#Position", "-2", ""}, {"s_l", "10", ""}});
            add("MechanicTranslationalMass", "M", {{"m", "10", ""}});
            for (const char* s : {"S1", "S2", "S3", "S4"}) add("HydraulicPressureSourceQ", s, {{"p", "1e5", ""}});
            add("HydraulicLaminarOrifice", "O");
            m.connections = {{"S1", "P1", "Pis", "P1"}, {"S2", "P1", "Pis", "P2"}, {"S3", "P1", "Pis", "P3"}, {"M", "P1", "Pis", "P5"}};
            if (orificeOnD) {
                m.connections.push_back({"O", "P1", "Pis", "P4"});
                m.connections.push_back({"O", "P2", "S4", "P1"});
            } else {
                m.connections.push_back({"S4", "P1", "Pis", "P4"});
            }
            m.timestep = 1e-4;
            m.stop = 0.01;
            const HopsanImport imp = importHopsan(m, {});
            QVERIFY2(imp.circuit, qPrintable((imp.errors + imp.unsupported).join("; ")));
            const ComponentDoc* pis = imp.circuit->component("Pis");
            QVERIFY(pis);
            const auto form = pis->text.find("form");
            if (orificeOnD) {
                QVERIFY(form == pis->text.end());
                QVERIFY(imp.notes.join("\n").contains("port(s) P4 not set by a Q-type pressure source"));
            } else {
                QVERIFY(form != pis->text.end());
                QCOMPARE(form->second, QString("Hopsan C-type chambers at the step"));
            }
        }
    }
};

QTEST_GUILESS_MAIN(TestHopsanValveTypes)
#include "test_hopsan_valve_types.moc"
