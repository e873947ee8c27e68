// SPDX-License-Identifier: GPL-3.0-or-later
// The declared specs against the objects they describe: every stepper spec makes its stepper
// (same name, fixed/adaptive as declared), every method spec's needsFixedStep matches the
// created method, the components that host a pressure method give their node a constant
// volume, and the shared settings check reports what the builder refuses.
#include <QtTest>

#include "sim/builder.h"
#include "sim/component.h"
#include "sim/settings_check.h"
#include "sim/stepper.h"
#include "methods/method_circuits.h"
#include "sim_test_util.h"

using namespace hs::sim;
using namespace hs::sim::test;

class TestSpecs : public QObject {
    Q_OBJECT
private slots:
    void steppersMatchTheirSpec() {
        const Registry& reg = registry();
        QCOMPARE(reg.steppers().size(), builtinSteppers().size());
        for (const StepperSpec& s : reg.steppers()) {
            std::string e;
            auto st = makeStepper(s.name, e);
            QVERIFY2(st, (s.name + ": " + e).c_str());
            QCOMPARE(std::string(st->name()), s.name);
            QCOMPARE(st->fixedStep(), !s.adaptive);
            QVERIFY(!s.label.empty() && !s.description.empty());
            QVERIFY2(!s.supportsPressureMethods || !s.adaptive, s.name.c_str());
            QVERIFY2(!s.supportsPartitions || (!s.adaptive && !s.implicit), s.name.c_str());
            QVERIFY2(s.adaptive ? s.stabilityLimit == 0 : s.stabilityLimit > 0, s.name.c_str());
            QCOMPARE(isFixedStepper(s.name), !s.adaptive);
        }
        std::string e;
        QVERIFY(!makeStepper("rk5", e));
        QVERIFY2(e.find(reg.stepperList()) != std::string::npos, e.c_str());
    }

    void methodsMatchTheirSpec() {
        const Registry& reg = registry();
        for (const MethodSpec* m : reg.methods()) {
            std::string e;
            auto method = makePressureMethod(reg, MethodSetting{m->id, {}, {}}, e);
            if (m->createWithText && m->paramIndex("model") >= 0) {  // narx: needs a trained model file
                QVERIFY2(!method && e.find("no model file") != std::string::npos, (m->id + ": " + e).c_str());
                continue;
            }
            QVERIFY2(method, (m->id + ": " + e).c_str());
            QVERIFY2(method->needsFixedStep() == m->needsFixedStep, m->id.c_str());
        }
    }

    void hostsHaveAConstantVolume() {
        const Registry& reg = registry();
        int hosts = 0;
        for (const ComponentSpec* c : reg.all()) {
            std::unique_ptr<Component> comp(c->create());
            // Only volumes give their node a constant capacitance (the builder's volumeIds).
            const bool hasV = c->paramIndex("V") >= 0 && !c->internallyConnected.empty();
            QVERIFY2(c->hostsPressureMethod == hasV, c->type.c_str());
            hosts += c->hostsPressureMethod;
        }
        QVERIFY(hosts >= 1);
    }

    // A signal output whose description ends in "[unit]" carries that unit to its probes; the
    // generic blocks' outputs are dimensionless.
    void signalOutputsCarryTheirUnit() {
        const Registry& reg = registry();
        const ComponentSpec* shuttle = reg.find("ShuttleValve");
        QVERIFY(shuttle);
        QCOMPARE(QString::fromStdString(shuttle->ports[static_cast<size_t>(shuttle->portIndex("p"))].unit), QString("Pa"));
        int withUnit = 0;
        for (const ComponentSpec* c : reg.all())
            for (const PortSpec& p : c->ports) {
                if (p.domain != Domain::Signal || p.dir != SignalDir::Out) {
                    QVERIFY2(p.unit.empty(), (c->type + "." + p.id).c_str());
                    continue;
                }
                const bool bracket = !p.description.empty() && p.description.back() == ']';
                QVERIFY2(bracket == !p.unit.empty(), (c->type + "." + p.id).c_str());
                withUnit += bracket;
            }
        QVERIFY(withUnit >= 20);
        Netlist n;
        n.components = {comp("PressureSource", "src", {{"p", 2e6}}), comp("Tank", "tank", {}),
                        comp("ShuttleValve", "shuttle", {})};
        n.wires = {wire("src", "P", "shuttle", "A"), wire("tank", "P", "shuttle", "B")};
        const RunResult r = buildAndRun(n, {{"p LS", "signal", "shuttle.p"}}, runOptions(solver("rk4", 1e-4), 1e-3, 1e-3));
        QVERIFY2(r.ok, r.error.c_str());
        QCOMPARE(QString::fromStdString(r.trace.units[0]), QString("Pa"));
        QCOMPARE(r.trace.columns[0].back(), 2e6);
    }

    void settingsCheckIsWhatTheBuilderSays() {
        const Registry& reg = registry();
        const Netlist n = threeOrifice(1e-3, 1e-5);
        const auto hosts = pressureMethodHosts(reg, n);
        QCOMPARE(hosts, (std::vector<std::string>{"V1", "V2"}));
        struct Row {
            SolverSettings s;
            std::string key, text;
        };
        SolverSettings tlmCvode = withMethod(solver("cvode", 1e-4), "V2", "tlm");
        SolverSettings heldThreads = withMethod(solver("rk4", 1e-4), "V2", "quasi_steady");
        heldThreads.threads = 2;
        SolverSettings sdirkThreads = solver("sdirk2", 1e-4);
        sdirkThreads.threads = 2;
        SolverSettings notVolume = withMethod(solver("rk4", 1e-4), "o2", "quasi_steady");
        const std::vector<Row> rows = {
            {tlmCvode, "methods", "volume 'V2': pressure method 'tlm' updates once per step and needs a fixed-step stepper (euler, rk4, implicit_euler or sdirk2), not 'cvode'"},
            {heldThreads, "threads", "parallel partitions support the integrate and tlm pressure methods only: V2 (quasi_steady)"},
            {sdirkThreads, "threads", "parallel partitions need the euler or rk4 stepper, not 'sdirk2'"},
            {notVolume, "methods", "pressure method set for 'o2', which is not a volume on a node of this circuit"},
            {solver("rk5", 1e-4), "stepper", "unknown stepper 'rk5'"},
        };
        for (const Row& r : rows) {
            const auto issues = checkSolverSettings(reg, r.s, hosts);
            QVERIFY2(!issues.empty(), r.text.c_str());
            QCOMPARE(issues.front().key, r.key);
            QVERIFY2(issues.front().text.find(r.text) != std::string::npos, issues.front().text.c_str());
            const BuildResult b = build(reg, n, r.s);
            QVERIFY(!b.ok());
            QVERIFY2(b.errorText().find(issues.front().text) != std::string::npos, b.errorText().c_str());
        }
        QVERIFY(checkSolverSettings(reg, solver("rk4", 1e-4), hosts).empty());
    }
};

QTEST_GUILESS_MAIN(TestSpecs)
#include "test_specs.moc"
