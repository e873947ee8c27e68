// SPDX-License-Identifier: GPL-3.0-or-later
// The check against Hopsan's validation data (core/service/hopsan_check.h): Hopsan's acceptance
// rule, a model Hopsan 2.24 simulated (generated/, its .hvd from hopsancli) passing with the
// Hopsan-compatible configuration and failing when one parameter is perturbed by 5 %, and
// Hopsan's 24 hydraulic validation models: each one we import is validated and must pass, each
// one we refuse names its unsupported types (docs/validation.md has the table).
#include <QDir>
#include <QtTest>

#include <algorithm>

#include "model/hopsan_import.h"
#include "service/comparison.h"
#include "service/hopsan_check.h"
#include "sim/registry.h"

using namespace hs::model;

namespace {

struct Loaded {
    HopsanValidationConfig hvc;
    HopsanModel model;
    HopsanImport imp;
};

Loaded load(const QString& hvcPath) {
    Loaded l;
    const HvcReadResult h = loadHvc(hvcPath);
    if (!h.config) qFatal("%s", qPrintable(h.error));
    l.hvc = *h.config;
    const HopsanReadResult m = loadHopsanModel(l.hvc.modelFile);
    if (!m.model) qFatal("%s", qPrintable(m.error));
    l.model = *m.model;
    l.imp = importHopsan(l.model, {});
    return l;
}

const QString kRampHvc = QStringLiteral(HS_HOPSAN_DATA "/generated/OrificeVolumeRamp.hvc");

}  // namespace

class TestHopsanValidation : public QObject {
    Q_OBJECT
private slots:
    void hopsanRule() {
        const std::vector<double> t{0, 1, 2, 3};
        // Reference 100 everywhere but 0 at t = 3 (never checked: |ref| < 1e-10).
        const std::vector<double> ref{100, 100, 100, 0};
        auto check = [&](std::vector<double> sim) { return hopsanToleranceCheck(t, sim, t, ref, 0.01); };
        ToleranceCheck c = check({100, 100.9, 99.5, 42});
        QVERIFY(c.passed);
        QCOMPARE(c.checked, 3);
        QVERIFY(qAbs(c.maxDeviation - 0.009) < 1e-12);
        QCOMPARE(c.atTime, 1.0);
        c = check({100, 101.1, 100, 0});
        QVERIFY(!c.passed);
        QCOMPARE(c.atTime, 1.0);
        // A simulated value of exactly 0 is skipped too (Hopsan: |sim| < 1e-100).
        QVERIFY(check({0, 100, 100, 5}).passed);
        // Our run read at the reference's times: on a finer grid, interpolated linearly.
        const std::vector<double> fine{0, 0.5, 1, 1.5, 2, 2.5, 3};
        QVERIFY(hopsanToleranceCheck(fine, {100, 1, 100, 1, 100, 1, 100}, t, ref, 0.01).passed);
    }

    void hopsanSimulatedModelPasses() {
        const Loaded l = load(kRampHvc);
        QVERIFY(l.imp.circuit);
        const HvdData hvd = loadHvd(l.hvc.hvdFile);
        QVERIFY2(hvd.error.isEmpty(), qPrintable(hvd.error));
        const auto check = hs::service::checkAgainstHopsan(*l.imp.circuit, l.model, l.imp, l.hvc, hvd,
                                                          hs::sim::Registry::builtin());
        QVERIFY2(check.error.isEmpty(), qPrintable(check.error));
        QCOMPARE(check.variables.size(), size_t(4));
        for (const auto& v : check.variables) {
            QVERIFY2(v.passed(), qPrintable(v.variable + ": " + v.error + QString(" %1").arg(v.check.maxDeviation)));
            QVERIFY(v.check.checked > 350);  // of 500 (flows are 0 before the ramp: not checked)
        }
        // Pressures within 0.3 %, flows far closer: the same TLM volume as Hopsan's.
        QVERIFY(check.variables[0].check.maxDeviation < 3e-3);
        QVERIFY(check.passed());
    }

    void perturbedModelFails() {
        Loaded l = load(kRampHvc);
        QVERIFY(l.imp.circuit);
        Circuit perturbed = *l.imp.circuit;
        for (auto& c : perturbed.components)
            if (c.id == "Orifice_Out") c.num["G"] *= 1.05;
        const auto check = hs::service::checkAgainstHopsan(perturbed, l.model, l.imp, l.hvc, loadHvd(l.hvc.hvdFile),
                                                          hs::sim::Registry::builtin());
        QVERIFY(!check.passed());
        QCOMPARE(check.variables[0].variable, QString("OrificeVolumeRamp$Volume#P1#Pressure"));
        QVERIFY2(check.variables[0].check.maxDeviation > 0.01, qPrintable(QString::number(check.variables[0].check.maxDeviation)));
    }

    void unmappedVariableFailsWithReason() {
        Loaded l = load(kRampHvc);
        l.hvc.variables[0].port = "P7";
        const auto check = hs::service::checkAgainstHopsan(*l.imp.circuit, l.model, l.imp, l.hvc, loadHvd(l.hvc.hvdFile),
                                                          hs::sim::Registry::builtin());
        QVERIFY(!check.passed());
        QVERIFY2(check.variables[0].error.contains("port P7 of Volume"), qPrintable(check.variables[0].error));
    }

    // A run that fails checks nothing: no variable may read as passed (each one's check still
    // holds its defaults, 0 deviation), and the reason is the check's error.
    void failedRunPassesNothing() {
        Loaded l = load(kRampHvc);
        QVERIFY(l.imp.circuit);
        Circuit broken = *l.imp.circuit;
        std::erase_if(broken.wires, [](const WireDoc& w) { return w.toComp == "Tank" || w.fromComp == "Tank"; });
        const auto check = hs::service::checkAgainstHopsan(broken, l.model, l.imp, l.hvc, loadHvd(l.hvc.hvdFile),
                                                          hs::sim::Registry::builtin());
        QVERIFY(!check.passed());
        QVERIFY2(check.error.startsWith("the run failed: ") && check.error.contains("is not connected"), qPrintable(check.error));
        QVERIFY2(!check.error.contains('\n'), qPrintable(check.error));  // one line: the table's "why"
        QCOMPARE(check.variables.size(), size_t(4));
        for (const auto& v : check.variables) {
            QVERIFY(!v.simulated);
            QVERIFY2(!v.passed(), qPrintable(v.variable));
        }
    }

    // Hopsan runs an unconnected input on the value its file stores ("in#Value"): the motor tests'
    // 2/2 valves' 'in' = 1e-3. The import feeds it from a Constant (with a note), so the model builds.
    void unconnectedInputFedItsStoredValue() {
        const Loaded l = load(QStringLiteral(HS_HOPSAN_DATA "/Component Test Validations/HydraulicFixedDisplacementMotorQ.hvc"));
        QVERIFY(l.imp.circuit);
        const Circuit& c = *l.imp.circuit;
        for (const QString valve : {"2_2_Directional_Valve", "2_2_Directional_Valve_1"}) {
            const auto w = std::find_if(c.wires.begin(), c.wires.end(),
                                        [&](const WireDoc& x) { return x.toComp == valve && x.toPort == "in"; });
            QVERIFY2(w != c.wires.end(), qPrintable(valve));
            const ComponentDoc* k = c.component(w->fromComp);
            QVERIFY(k);
            QCOMPARE(k->type, QString("Constant"));
            QCOMPARE(k->num.at("value"), 1e-3);
            QVERIFY2(l.imp.notes.join('\n').contains(valve + " (Hydraulic22Valve): input in is unconnected in Hopsan"),
                     qPrintable(l.imp.notes.join('\n')));
        }
        // Only those two: the theta sources' unconnected thetain is an optional input of ours.
        QCOMPARE(std::count_if(c.components.begin(), c.components.end(), [](const ComponentDoc& d) { return d.type == "Constant"; }),
                 2);
        const hs::service::PreparedRun run = hs::service::prepareConfiguration(
            c, *c.config(kHopsanCompatibleConfig), hs::sim::Registry::builtin(), c.duration);
        QVERIFY2(run.error.empty(), run.error.c_str());
    }

    // Hopsan's shaft reverses the speed's sign from one end to the other; a motor driven through it
    // must pump the way Hopsan's does: the pressure it builds before the 2/2 valve is Hopsan's
    // within 1 % (through a shaft keeping one direction it fell to -7400 Pa instead of 1.67 MPa).
    void motorThroughShaftPumpsHopsansWay() {
        const Loaded l = load(QStringLiteral(HS_HOPSAN_DATA "/Component Test Validations/HydraulicFixedDisplacementMotorQ.hvc"));
        QVERIFY(l.imp.circuit);
        const auto check = hs::service::checkAgainstHopsan(*l.imp.circuit, l.model, l.imp, l.hvc, loadHvd(l.hvc.hvdFile),
                                                          hs::sim::Registry::builtin());
        QVERIFY2(check.error.isEmpty(), qPrintable(check.error));
        const auto& v = check.variables.at(2);
        QCOMPARE(v.variable, QString("Pressure_Transducer_2#out#Value"));
        QVERIFY2(v.passed(), qPrintable(QString::number(v.check.maxDeviation)));
        QVERIFY(v.check.checked > 2000);
    }

    // The fixed motor test with the shaft as Hopsan's TLM element, Hopsan's motor step, and the
    // laminar orifice's cavitation check with the volumes' waves from held wave and flow: every
    // pressure within 1e-5 at every sample (before the shaft: it rang undamped, 0.79; before the
    // orifice's check: the motor's P1 missed by 0.12 at t = 1.221 s, where it leaves 0 Pa).
    void motorTestsVariablesWithinTolerance() {
        for (const auto& [file, names] : std::vector<std::pair<QString, QStringList>>{
                 {"HydraulicFixedDisplacementMotorQ.hvc",
                  {"Pressure_Transducer_1#out#Value", "Pressure_Transducer#out#Value", "Pressure_Transducer_2#out#Value"}}}) {
            const Loaded l = load(QStringLiteral(HS_HOPSAN_DATA "/Component Test Validations/") + file);
            QVERIFY2(l.imp.circuit, qPrintable(file));
            const auto check = hs::service::checkAgainstHopsan(*l.imp.circuit, l.model, l.imp, l.hvc, loadHvd(l.hvc.hvdFile),
                                                              hs::sim::Registry::builtin());
            QVERIFY2(check.error.isEmpty(), qPrintable(check.error));
            for (const auto& v : check.variables)
                if (names.contains(v.variable))
                    QVERIFY2(v.check.maxDeviation < 1e-5 && v.check.checked > 1000, qPrintable(file + ": " + v.variable + " " + QString::number(v.check.maxDeviation)));
        }
    }

    // The four-chamber piston (Hopsan x5 = minus the extension) on a 1000 kg mass limited to
    // 0 <= x2 <= 10 (x2 = L - x1, L = -2 from the start positions): the mass's limits become an
    // EndStop at [2, 12] in our frame, where HopsanCLI 2.24 holds it for the first second; the
    // force sensor reads the piston's rod. The chambers' nodes are set by Q-type pressure
    // sources, so the piston takes form "Hopsan C-type chambers at the step" (its chambers TLM
    // elements with Hopsan's Beta_e): the force then lags the pressure sum as Hopsan's does, and
    // passes at its zero crossing (t = 4.001 s) too (docs/validation.md).
    void fourChamberPistonStopsAndForce() {
        const Loaded l = load(QStringLiteral(HS_HOPSAN_DATA "/Component Test Validations/HydraulicFourChamberPistonTest.hvc"));
        QVERIFY2(l.imp.circuit, qPrintable((l.imp.unsupported + l.imp.errors).join("; ")));
        const Circuit& c = *l.imp.circuit;
        const ComponentDoc* stop = c.component("Translational_Mass_stops");
        QVERIFY(stop);
        QCOMPARE(stop->num.at("x_min"), 2.0);
        QCOMPARE(stop->num.at("x_max"), 12.0);
        const ComponentDoc* sensor = c.component("Force_Transducer");
        QVERIFY(sensor);
        QCOMPARE(sensor->text.at("port"), QString("C_type_Digital_Four_Chamber_Piston.rod"));
        QCOMPARE(sensor->text.at("direction"), QString("along x"));
        QCOMPARE(c.component("C_type_Digital_Four_Chamber_Piston")->num.at("x0"), 2.0);
        QCOMPARE(c.component("C_type_Digital_Four_Chamber_Piston")->text.at("form"), QString("Hopsan C-type chambers at the step"));
        QCOMPARE(c.component("C_type_Digital_Four_Chamber_Piston")->num.at("Be"), 1e9);
        const auto check = hs::service::checkAgainstHopsan(c, l.model, l.imp, l.hvc, loadHvd(l.hvc.hvdFile),
                                                          hs::sim::Registry::builtin());
        QVERIFY2(check.error.isEmpty(), qPrintable(check.error));
        QVERIFY2(check.variables.at(0).passed(), qPrintable(QString::number(check.variables.at(0).check.maxDeviation)));
        QVERIFY(check.variables.at(0).check.maxDeviation < 1e-6);
        const auto& force = check.variables.at(1).check;  // 4.7e-6 at 2.931 s (before the Hopsan form: 0.023 at 4.001 s)
        QVERIFY2(check.passed() && force.maxDeviation < 1e-5, qPrintable(QString("%1 at %2 s").arg(force.maxDeviation).arg(force.atTime)));
    }

    // The .hvc's variables as probes (import-hopsan --validate --out, tools/hopsan_tlm_vs_cvode.py):
    // one per variable, named by it, on the component port --validate reads.
    void validatedVariablesBecomeProbes() {
        const Loaded l = load(QStringLiteral(HS_HOPSAN_DATA "/Component Test Validations/Hydraulic43ValveTest.hvc"));
        QVERIFY(l.imp.circuit);
        hs::model::Circuit c = *l.imp.circuit;
        const QStringList missing = hs::service::addHopsanProbes(c, l.model, l.imp, l.hvc);
        QVERIFY2(missing.isEmpty(), qPrintable(missing.join("; ")));
        QCOMPARE(int(c.probes.size()), 4);
        QCOMPARE(c.probes[0].name, QString("Hydraulic43ValveTest$Flow_Sensor#out#Value"));
        QCOMPARE(c.probes[0].quantity, QString("signal"));
        QCOMPARE(c.probes[0].target, QString("Flow_Sensor.Q"));
    }

    // A TLM line's end (HydraulicTLMlossless, HydraulicHose) is the node's only capacitance in
    // Hopsan: the import adds a node volume there that Hopsan-compatible solves quasi-steady. The
    // hose is our TlmHose in its Hopsan form, the flow sources clamp as Hopsan's Q-type source and
    // both lines start from Hopsan's start values: the model passes within 3e-4.
    void lineEndsGetAlgebraicNodes() {
        const Loaded l = load(QStringLiteral(HS_HOPSAN_DATA "/Component Test Validations/HydraulicLineTest.hvc"));
        QVERIFY(l.imp.circuit);
        const auto* cfg = l.imp.circuit->config(hs::model::kHopsanCompatibleConfig);
        QVERIFY(cfg);
        int nodes = 0, hoses = 0;
        for (const auto& d : l.imp.circuit->components) {
            if (d.id.startsWith("Lossless_Transmission_Line_node_") || d.id.startsWith("Long_Line_With_Visco_Elastic_Walls_node_")) {
                ++nodes;
                QCOMPARE(cfg->methods.at(d.id).method, QString("quasi_steady"));
            }
            if (d.type == QLatin1String("TlmHose")) {
                ++hoses;
                QCOMPARE(d.text.at("form"), QString("Hopsan (N = T/dt + 1/2)"));
                QCOMPARE(d.num.at("eta_w"), 0.01);
            }
            if (d.type == QLatin1String("FlowSource")) QCOMPARE(d.text.at("clamp"), QString("Hopsan pressure clamp (not conservative)"));
        }
        QCOMPARE(nodes, 4);
        QCOMPARE(hoses, 1);
        const auto check = hs::service::checkAgainstHopsan(*l.imp.circuit, l.model, l.imp, l.hvc, loadHvd(l.hvc.hvdFile),
                                                          hs::sim::Registry::builtin());
        QVERIFY2(check.error.isEmpty(), qPrintable(check.error));
        QVERIFY(check.passed());
        for (const auto& v : check.variables) QVERIFY2(v.check.maxDeviation < 1e-3, qPrintable(v.variable));
    }

    // A Hopsan pressure sensor reads its node, which joins one Q-type and one C-type port and holds
    // the pressure the Q-type component writes: ours reads that port's own pressure (on a TLM
    // volume it differs from the volume's mean while a wave crosses it). With it the pump tests
    // pass: their pressures leave 0 Pa within 5e-5 of Hopsan's (before: 0.19, half of Hopsan's rise).
    void pressureSensorReadsTheQTypePort() {
        const Loaded l = load(QStringLiteral(HS_HOPSAN_DATA "/Component Test Validations/HydraulicFixedDisplacementPumpTest.hvc"));
        QVERIFY(l.imp.circuit);
        const ComponentDoc* s = l.imp.circuit->component(QStringLiteral("Pressure_Transducer_3"));
        QVERIFY(s);
        QCOMPARE(s->text.at("port"), QString("Q_type_Fixed_Displacement_Pump.P2"));
        const auto check = hs::service::checkAgainstHopsan(*l.imp.circuit, l.model, l.imp, l.hvc, loadHvd(l.hvc.hvdFile),
                                                          hs::sim::Registry::builtin());
        QVERIFY(check.passed());
        for (const auto& v : check.variables) QVERIFY2(v.check.maxDeviation < 1e-3, qPrintable(v.variable));
    }

    // Hopsan's Q-type cylinder maps to the Cylinder's Q-type form (its piston a bilinear filter
    // against the chambers' TLM impedance) and its 4/3 valve solves each metering edge alone
    // against its ports' TLM sources (tlm_solve, Hopsan's Hydraulic43Valve): HydraulicCylinderQTest2
    // runs at Hopsan's 1 ms step (the continuous form diverged at 0.055 s) and passes with 4.3e-6,
    // the print precision of Hopsan's data (coupled edges: 0.025 at 5 ms; docs/validation.md).
    void cylinderQTypeFormRuns() {
        const Loaded l = load(QStringLiteral(HS_HOPSAN_DATA "/Component Test Validations/HydraulicCylinderQTest2.hvc"));
        QVERIFY(l.imp.circuit);
        const ComponentDoc* cyl = l.imp.circuit->component(QStringLiteral("Q_type_Piston"));
        QVERIFY(cyl);
        QCOMPARE(cyl->text.at("form"), QString("Hopsan Q-type at the step"));
        const ComponentDoc* valve = l.imp.circuit->component(QStringLiteral("4_3_Directional_Valve"));
        QVERIFY(valve);
        QCOMPARE(valve->text.at("tlm_solve"), QString("each edge alone (Hopsan)"));
        const auto check = hs::service::checkAgainstHopsan(*l.imp.circuit, l.model, l.imp, l.hvc, loadHvd(l.hvc.hvdFile),
                                                          hs::sim::Registry::builtin());
        QVERIFY2(check.error.isEmpty(), qPrintable(check.error));
        QCOMPARE(int(check.variables.size()), 2);
        QVERIFY(check.passed());
        for (const auto& v : check.variables)
            QVERIFY2(v.simulated && v.check.maxDeviation < 1e-5, qPrintable(v.variable + " " + QString::number(v.check.maxDeviation)));
    }

    // Hopsan's cylinder block with swash plate maps to SwashPlateCylinderBlock in its Hopsan discrete
    // form, the multiport P1's connections to p1, p2 in the file's order: both piston position sensors
    // follow Hopsan's to 4.6e-6 (relative, at every sample) over 10 s (16 shaft revolutions; the smallest
    // sampled stroke 2e-6 m of 5e-3 m needs the phase to 4e-6 rad: docs/validation.md).
    void cylinderBlockFollowsHopsan() {
        const Loaded l = load(QStringLiteral(HS_HOPSAN_DATA "/Component Test Validations/HydraulicCylinderBlockTest.hvc"));
        QVERIFY(l.imp.circuit);
        const ComponentDoc* block = l.imp.circuit->component(QStringLiteral("CylinderBlock"));
        QVERIFY(block);
        QCOMPARE(block->type, QString("SwashPlateCylinderBlock"));
        QCOMPARE(block->text.at("form"), QString("Hopsan discrete at the step"));
        QCOMPARE(block->num.at("J"), 0.1);
        const auto check = hs::service::checkAgainstHopsan(*l.imp.circuit, l.model, l.imp, l.hvc, loadHvd(l.hvc.hvdFile),
                                                          hs::sim::Registry::builtin());
        QVERIFY(check.passed());
        QCOMPARE(int(check.variables.size()), 3);
        for (const auto& v : check.variables) QVERIFY2(v.check.maxDeviation < 1e-4, qPrintable(v.variable));
    }

    // The load-sensing valve's PL is a PressureSource driven by the valve's pLS; the pressure sensor on
    // PL reads that source's port, and after the TLM solve the source is evaluated again, so that the
    // sensor's previous-step sample is the load pressure of the step before (Hopsan's), not of two
    // steps before: the sensor passes with 6.9e-7 (before 0.37 at t = 5 ms).
    void loadSensePressureSensorReadsTheStepBefore() {
        const Loaded l = load(QStringLiteral(HS_HOPSAN_DATA "/Component Test Validations/Hydraulic43LoadSensingValveTest.hvc"));
        QVERIFY(l.imp.circuit);
        const ComponentDoc* s = l.imp.circuit->component(QStringLiteral("Pressure_Transducer_2"));
        QVERIFY(s);
        QCOMPARE(s->text.at("port"), QString("4_3_Load_Sensing_Valve_PL.P"));
        const auto check = hs::service::checkAgainstHopsan(*l.imp.circuit, l.model, l.imp, l.hvc, loadHvd(l.hvc.hvdFile),
                                                          hs::sim::Registry::builtin());
        QVERIFY(check.passed());
        for (const auto& v : check.variables) QVERIFY2(v.check.maxDeviation < 1e-4, qPrintable(v.variable));
    }

    // Hopsan's 24 hydraulic validation models (tests/data/hopsan, hvcversion 0.1 and 0.2).
    void hopsanHydraulicSuite() {
        const QDir dir(QStringLiteral(HS_HOPSAN_DATA "/Component Test Validations"));
        const QStringList files = dir.entryList({"*.hvc"}, QDir::Files, QDir::Name);
        QCOMPARE(files.size(), 24);
        // Imported but not within Hopsan's tolerance, and why (docs/validation.md).
        const QStringList knownFailures = {
            // machine C: speed within 1 % except at its zero crossing, flow during the reversal
            QStringLiteral("HydraulicMachineCTest.hvc"),
        };
        int passed = 0, failed = 0, refused = 0;
        for (const QString& f : files) {
            const Loaded l = load(dir.filePath(f));
            if (!l.imp.circuit) {
                ++refused;
                QVERIFY2(!(l.imp.unsupported + l.imp.errors).isEmpty(), qPrintable(f));
                continue;
            }
            const auto check = hs::service::checkAgainstHopsan(*l.imp.circuit, l.model, l.imp, l.hvc,
                                                              loadHvd(l.hvc.hvdFile), hs::sim::Registry::builtin());
            if (knownFailures.contains(f)) {
                QVERIFY2(!check.passed(), qPrintable(f + " passes now: take it off the known failures"));
                ++failed;
                continue;
            }
            QVERIFY2(check.passed(), qPrintable(f));
            ++passed;
        }
        // docs/validation.md, "Hopsan's component tests": update it with these numbers.
        QCOMPARE(passed, 22);
        QCOMPARE(failed, 1);
        QCOMPARE(refused, 1);
    }
};

QTEST_GUILESS_MAIN(TestHopsanValidation)
#include "test_hopsan_validation.moc"
