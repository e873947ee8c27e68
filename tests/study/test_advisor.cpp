// SPDX-License-Identifier: GPL-3.0-or-later
// The solver advisor on the three-orifice circuit (two volumes, one of them stiff): its winner,
// run again on its own, is within the error bound against the reference and lies on the Pareto
// front; the front is non-dominated; the search space follows the registry; the winner written
// into a file leaves everything else of the file as it was.
#include <QTemporaryDir>
#include <QtTest>

#include "model/circuit_io.h"
#include "service/comparison.h"
#include "sim/metrics.h"
#include "sim/registry.h"
#include "study/advisor.h"
#include "study/advisor_file.h"
#include "study/pareto.h"

using namespace hs;

class TestAdvisor : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void paretoFrontIsNonDominated();
    void ladderAndVariantsFollowTheRegistry();
    void winnerIsWithinTheBoundAndOnTheFront();
    void unknownProbeIsNamed();
    void winnerIsAddedToTheFile();

private:
    sim::Registry reg_ = sim::Registry::builtin();
    model::Circuit circuit_;
};

void TestAdvisor::initTestCase() {
    auto loaded = model::loadCircuit(HS_EXAMPLES_DIR "/three_orifice.hydro.json", reg_);
    QVERIFY(loaded.ok());
    circuit_ = *loaded.circuit;
    circuit_.duration = 0.5;  // the start-up, where V2 is stiffest
}

void TestAdvisor::paretoFrontIsNonDominated() {
    const std::vector<study::CostError> pts = {{1, 5}, {2, 1}, {3, 2}, {0.5, 9}, {2, 1}, {4, 0}, {INFINITY, 0}, {1, NAN}};
    const std::vector<int> front = study::paretoFront(pts);
    QCOMPARE(front, (std::vector<int>{3, 0, 1, 5}));
}

void TestAdvisor::ladderAndVariantsFollowTheRegistry() {
    QCOMPARE(study::stepLadder(1e-6, 1e-3), (std::vector<double>{2e-6, 5e-6, 1e-5, 2e-5, 5e-5, 1e-4, 2e-4, 5e-4, 1e-3}));
    const sim::MethodSpec* tlm = reg_.findMethod("tlm");
    QVERIFY(tlm);
    QCOMPARE(study::methodVariants(*tlm, 0).size(), size_t(1));
    // Depth 1: plus each other option of each choice parameter (tlm: filter = pressure).
    size_t options = 0;
    for (const auto& p : tlm->params)
        if (p.kind == sim::ParamKind::Choice) options += p.choices.size() - 1;
    QCOMPARE(study::methodVariants(*tlm, 1).size(), 1 + options);
    // Depth 2: plus number parameters at 1/10 and 10x their default, where within bounds.
    QVERIFY(study::methodVariants(*tlm, 2).size() > 1 + options);
    for (const auto& [label, doc] : study::methodVariants(*tlm, 2))
        for (const auto& [name, v] : doc.params) {
            const sim::ParamSpec& p = tlm->params[size_t(tlm->paramIndex(name.toStdString()))];
            QVERIFY2(v >= p.min && v <= p.max, qPrintable(label));
        }
}

void TestAdvisor::winnerIsWithinTheBoundAndOnTheFront() {
    study::AdvisorOptions opt;
    opt.errorBound = 0.5;
    opt.budget = 60;
    opt.jobs = 2;
    opt.space.depth = 0;
    opt.spanFraction = 0.4;
    const study::AdvisorResult res = study::advise(circuit_, reg_, opt);
    QCOMPARE(res.error, QString());
    QCOMPARE(res.probes, (QStringList{"p1", "p2"}));
    QVERIFY(res.families > 10);
    QVERIFY(!res.shortRuns.empty());
    QVERIFY2(res.winner > 0, "the advisor beats RK4 at 1e-4 s on this circuit");
    const study::AdvisorRun& w = res.fullRuns[size_t(res.winner)];
    QVERIFY(std::find(res.front.begin(), res.front.end(), res.winner) != res.front.end());
    // Independently: the winner and the reference run again, compared probe by probe.
    const sim::RunResult ref = service::runConfiguration(circuit_, *circuit_.reference(), reg_, circuit_.duration);
    const sim::RunResult again = service::runConfiguration(circuit_, w.config, reg_, circuit_.duration);
    QVERIFY2(again.ok, again.error.c_str());
    double worst = 0;
    for (const auto& e : sim::compareTraces(ref.trace, again.trace)) worst = std::max(worst, e.rrmse);
    QVERIFY2(worst <= opt.errorBound, qPrintable(QString::number(worst)));
    QCOMPARE(worst, w.error);  // deterministic runs: the same error
    // Every full run within the bound costs at least the winner.
    for (const auto& r : res.fullRuns)
        if (r.ok && r.withinBound && r.family != "file") QVERIFY(r.cpu >= w.cpu);
    // The front is non-dominated.
    for (int i : res.front)
        for (const auto& r : res.fullRuns)
            if (r.ok) QVERIFY(!(r.cpu < res.fullRuns[size_t(i)].cpu && r.error < res.fullRuns[size_t(i)].error));
}

void TestAdvisor::unknownProbeIsNamed() {
    study::AdvisorOptions opt;
    opt.probes = {"p7"};
    opt.budget = 5;
    const study::AdvisorResult res = study::advise(circuit_, reg_, opt);
    QVERIFY2(res.error.contains("no probe 'p7'") && res.error.contains("p1, p2"), qPrintable(res.error));
}

void TestAdvisor::winnerIsAddedToTheFile() {
    QTemporaryDir dir;
    const QString path = dir.filePath("c.hydro.json");
    QVERIFY(QFile::copy(HS_EXAMPLES_DIR "/three_orifice.hydro.json", path));
    QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner);
    model::SolverConfigDoc cfg;
    cfg.name = "RK4 1e-4";  // taken: the new one gets "RK4 1e-4 (2)"
    cfg.stepper = "implicit_euler";
    cfg.dt = 1e-3;
    cfg.reference = true;  // never a second reference
    cfg.methods["V2"].method = "tlm";
    const study::AddedConfig added = study::addConfiguration(path, cfg, reg_);
    QCOMPARE(added.error, QString());
    QCOMPARE(added.name, QString("RK4 1e-4 (2)"));
    QVERIFY(!added.reformatted);  // the example is in the canonical form
    auto after = model::loadCircuit(path, reg_);
    QVERIFY(after.ok());
    model::Circuit c = *after.circuit;
    QCOMPARE(c.configs.size(), circuit_.configs.size() + 1);
    const model::SolverConfigDoc last = c.configs.back();
    QCOMPARE(last.name, QString("RK4 1e-4 (2)"));
    QVERIFY(!last.reference);
    QCOMPARE(last.methods.at("V2").method, QString("tlm"));
    c.configs.pop_back();
    auto original = model::loadCircuit(HS_EXAMPLES_DIR "/three_orifice.hydro.json", reg_);
    c.folder = original.circuit->folder;
    QVERIFY(c == *original.circuit);
    // And byte for byte: removing the configuration again gives the example's bytes.
    QFile f(HS_EXAMPLES_DIR "/three_orifice.hydro.json");
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(model::serializeCircuit(c), f.readAll());
}

QTEST_APPLESS_MAIN(TestAdvisor)
#include "test_advisor.moc"
