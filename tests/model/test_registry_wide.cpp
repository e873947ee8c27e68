// SPDX-License-Identifier: GPL-3.0-or-later
// Every registered component type can be placed in a circuit, saved, loaded back, built and
// simulated. The circuit around the type is generated from its spec alone: hydraulic ports each
// get their own Volume, mechanical ports a Mass, required signal inputs a Constant, and every
// port and state gets a probe. A new type that this generic circuit cannot run makes the test
// fail; give it what it needs in kSpecialSettings (the sensors that name the port they measure).
#include <QtTest>

#include <map>

#include "model_test_util.h"
#include "sim/builder.h"

using namespace hs::model;
using namespace hs::model::test;
using hs::sim::Domain;
using hs::sim::SignalDir;

namespace {

// Text parameters without a usable default, by type.
const std::map<QString, std::map<QString, QString>> kSpecialSettings = {
    {"FlowSensor", {{"port", "bg_orifice.A"}}},
    {"HydraulicPowerSensor", {{"port", "bg_orifice.A"}}},
    {"TorqueSensor", {{"port", "bg_torque.shaft"}}},
    {"PowerSensor", {{"port", "bg_torque.shaft"}}},
    {"ForceSensor", {{"port", "bg_force.m"}}},
};

ComponentDoc component(const QString& id, const QString& type, double x, double y,
                       std::map<QString, double> num = {}) {
    ComponentDoc d;
    d.id = id;
    d.type = type;
    d.pose = {x, y, 0, false};
    d.num = std::move(num);
    return d;
}

WireDoc wire(const QString& a, const QString& pa, const QString& b, const QString& pb) {
    WireDoc w;
    w.fromComp = a;
    w.fromPort = pa;
    w.toComp = b;
    w.toPort = pb;
    return w;
}

ProbeDoc probe(const QString& quantity, const QString& target) { return {quantity + " " + target, quantity, target, {}}; }

Circuit circuitAround(const hs::sim::ComponentSpec& spec) {
    Circuit c;
    c.name = QString::fromStdString("registry-wide: " + spec.type);
    c.duration = 0.01;
    c.recordInterval = 1e-3;
    // A small background circuit so that every test circuit has at least one state and the flow
    // sensor has a port to watch: tank -> laminar orifice -> volume.
    c.components.push_back(component("bg_tank", "Tank", 0, 400, {{"p", 1e6}}));
    c.components.push_back(component("bg_orifice", "LaminarOrifice", 160, 400));
    c.components.push_back(component("bg_volume", "Volume", 320, 400, {{"V", 1e-4}}));
    c.wires.push_back(wire("bg_tank", "P", "bg_orifice", "A"));
    c.wires.push_back(wire("bg_orifice", "B", "bg_volume", "P1"));
    // and a driven shaft for the torque and power sensors: torque source -> inertia
    c.components.push_back(component("bg_torque", "TorqueSource", 480, 400, {{"T", 1}}));
    c.components.push_back(component("bg_inertia", "RotationalInertia", 640, 400));
    c.wires.push_back(wire("bg_torque", "shaft", "bg_inertia", "shaft"));
    // and a pushed mass for the force sensor: force source -> mass
    c.components.push_back(component("bg_force", "ForceSource", 800, 400, {{"F", 1}}));
    c.components.push_back(component("bg_mass", "Mass", 960, 400, {{"m", 1}}));
    c.wires.push_back(wire("bg_force", "m", "bg_mass", "m"));

    const QString type = QString::fromStdString(spec.type);
    ComponentDoc dut = component("dut", type, 400, 200);
    if (auto it = kSpecialSettings.find(type); it != kSpecialSettings.end())
        for (const auto& [k, v] : it->second) dut.text[k] = v;
    c.components.push_back(dut);

    double x = 0;
    for (const auto& port : spec.ports) {
        const QString p = QString::fromStdString(port.id);
        x += 80;
        if (port.domain == Domain::Hydraulic) {
            // optional hydraulic ports are wired too (the compensator's load-sense pilot)
            const QString id = "v_" + p;
            c.components.push_back(component(id, "Volume", x, 40, {{"V", 1e-4}}));
            c.wires.push_back(wire("dut", p, id, "P1"));
            c.probes.push_back(probe("pressure", "dut." + p));
            c.probes.push_back(probe("flow", "dut." + p));
        } else if (port.domain == Domain::Mechanical) {
            const QString id = "m_" + p;
            c.components.push_back(component(id, "Mass", x, 40, {{"m", 10}}));
            c.wires.push_back(wire("dut", p, id, "m"));
            c.probes.push_back(probe("position", "dut." + p));
            c.probes.push_back(probe("force", "dut." + p));
        } else if (port.domain == Domain::Rotational) {
            const QString id = "j_" + p;
            c.components.push_back(component(id, "RotationalInertia", x, 40, {{"J", 0.1}}));
            c.wires.push_back(wire("dut", p, id, "shaft"));
            c.probes.push_back(probe("angle", "dut." + p));
            c.probes.push_back(probe("torque", "dut." + p));
        } else if (port.dir == SignalDir::In) {
            if (port.optional) continue;
            const QString id = "c_" + p;
            c.components.push_back(component(id, "Constant", x, 40, {{"value", 1}}));
            c.wires.push_back(wire(id, "out", "dut", p));
            c.probes.push_back(probe("signal", "dut." + p));
        } else {
            c.probes.push_back(probe("signal", "dut." + p));
        }
    }
    for (const auto& st : spec.states) c.probes.push_back(probe("state", "dut." + QString::fromStdString(st.name)));

    SolverConfigDoc rk4;
    rk4.name = "RK4 1e-6";
    rk4.stepper = "rk4";
    rk4.dt = 1e-6;
    rk4.reference = true;
    SolverConfigDoc cvode;
    cvode.name = "CVODE";
    cvode.stepper = "cvode";
    cvode.dt = 1e-6;
    c.configs = {rk4, cvode};
    return c;
}

}  // namespace

class TestRegistryWide : public QObject {
    Q_OBJECT
private slots:
    void everyType_data() {
        QTest::addColumn<QString>("type");
        QTest::addColumn<QString>("config");
        const auto specs = registry().all();
        QVERIFY(specs.size() >= 20);
        for (const auto* spec : specs)
            for (const char* cfg : {"RK4 1e-6", "CVODE"})
                QTest::addRow("%s %s", spec->type.c_str(), cfg) << QString::fromStdString(spec->type) << cfg;
    }

    void everyType() {
        QFETCH(QString, type);
        QFETCH(QString, config);
        const hs::sim::ComponentSpec* spec = registry().find(type.toStdString());
        QVERIFY(spec);
        const Circuit original = circuitAround(*spec);
        QVERIFY2(validateCircuit(original, registry()).isEmpty(), qPrintable(validateCircuit(original, registry()).join('\n')));

        // place -> save -> load
        const QByteArray bytes = serializeCircuit(original);
        const LoadResult r = parseCircuit(bytes, registry());
        QVERIFY2(r.ok(), qPrintable(r.errors.join('\n')));
        QVERIFY(*r.circuit == original);
        QCOMPARE(serializeCircuit(*r.circuit), bytes);

        // build and simulate 0.01 s
        const Circuit& c = *r.circuit;
        const SolverConfigDoc* cfg = c.config(config);
        QVERIFY(cfg);
        hs::sim::BuildResult b = hs::sim::build(registry(), toNetlist(c), toSolverSettings(*cfg));
        // A component that advances once per fixed step (a delay line) must be refused by an
        // adaptive stepper with a message naming it, unless its per-step update is optional (it
        // then runs without it: the quasistatic actuators' ODE); learn that from a fixed-step build.
        if (cfg->stepper == "cvode") {
            hs::sim::BuildResult fixed = hs::sim::build(registry(), toNetlist(c), toSolverSettings(*c.config("RK4 1e-6")));
            QVERIFY2(fixed.ok(), fixed.errorText().c_str());
            bool stepUpdate = false, optional = false;
            for (const auto& comp : fixed.system->comps)
                if (comp->id == "dut") {
                    stepUpdate = comp->hasStepUpdate();
                    optional = comp->stepUpdateOptional();
                }
            if (stepUpdate && optional) {
                QVERIFY2(b.ok(), b.errorText().c_str());
                for (const auto& comp : b.system->comps)
                    if (comp->id == "dut") QVERIFY(!comp->hasStepUpdate());
            } else if (stepUpdate) {
                QVERIFY(!b.ok());
                QVERIFY2(b.errorText().find("'dut'") != std::string::npos && b.errorText().find("fixed-step") != std::string::npos, b.errorText().c_str());
                return;
            }
        }
        QVERIFY2(b.ok(), b.errorText().c_str());
        const hs::sim::RunResult run = hs::sim::simulate(*b.system, toProbes(c), toRunOptions(c, *cfg));
        QVERIFY2(run.ok, run.error.c_str());
        QCOMPARE(run.trace.names.size(), c.probes.size());
        for (const auto& col : run.trace.columns)
            for (double v : col) QVERIFY(std::isfinite(v));
    }
};

QTEST_GUILESS_MAIN(TestRegistryWide)
#include "test_registry_wide.moc"
