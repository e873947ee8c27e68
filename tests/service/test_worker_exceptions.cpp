// SPDX-License-Identifier: GPL-3.0-or-later
// No exception escapes a worker thread (issue 13): a component that throws std::logic_error in
// the middle of a run (a test double standing for a bug in component code) makes that run fail
// with the message, through runComparison's threads, the run service's workers and the
// partition workers of a parallel run; the process lives on and the other configurations finish.
#include <QSignalSpy>
#include <QtTest>
#include <cmath>
#include <stdexcept>

#include "model/circuit_io.h"
#include "service/comparison.h"
#include "service/run_service.h"
#include "sim/component.h"
#include "sim/registry.h"
#include "sim/worker_pool.h"

using namespace hs;

namespace {

// An orifice (Q = k*sign(dp)*sqrt|dp|) that throws once the time reaches t_throw.
class ThrowingOrifice final : public sim::Component {
public:
    std::string configure(const sim::ParamSet& p, const sim::Fluid&) override {
        k_ = p.num("k");
        t_ = p.num("t_throw");
        return {};
    }
    void eval(sim::Eval& e) override {
        if (e.t >= t_) throw std::logic_error("ThrowingOrifice: defect at t = " + std::to_string(e.t));
        const double dp = P(e, 0) - P(e, 1);
        const double q = k_ * (dp >= 0 ? 1.0 : -1.0) * std::sqrt(std::abs(dp));
        setFlow(e, 0, q);
        setFlow(e, 1, -q);
    }

private:
    double k_ = 1e-8, t_ = 0.01;
};

sim::Registry withThrower() {
    sim::Registry r = sim::Registry::builtin();
    r.add(sim::SpecBuilder("ThrowingOrifice", "Test", "Throwing orifice")
              .describe("test double")
              .hydraulic("A", "Inlet")
              .hydraulic("B", "Outlet")
              .param("k", "m3/(s*Pa^0.5)", 2.2214e-8, 0.0, 1.0, "Flow coefficient")
              .param("t_throw", "s", 0.01, 0.0, 1e9, "Time of the throw")
              .factory<ThrowingOrifice>());
    return r;
}

bool waitFinished(service::RunService& s, int ms) {
    if (!s.isRunning()) return true;
    QSignalSpy spy(&s, &service::RunService::finished);
    return spy.wait(ms);
}

}  // namespace

class TestWorkerExceptions : public QObject {
    Q_OBJECT
    sim::Registry reg_ = withThrower();
    model::Circuit circuit_;

    // The three-orifice example with O2 throwing at t_throw, and a configuration without it.
    model::Circuit circuit(double tThrow) const {
        model::Circuit c = circuit_;
        for (auto& comp : c.components)
            if (comp.id == "O2") {
                comp.type = "ThrowingOrifice";
                comp.num = {{"t_throw", tThrow}};
                comp.text.clear();
            }
        return c;
    }

private slots:
    void initTestCase() {
        auto loaded = model::loadCircuit(HS_EXAMPLES_DIR "/three_orifice.hydro.json", reg_);
        QVERIFY2(loaded.ok(), qPrintable(loaded.errors.join("\n")));
        circuit_ = *loaded.circuit;
    }

    // The pool carries a job's exception to the caller after every job ended, and stays usable.
    void poolRethrowsOnTheCaller() {
        sim::WorkerPool pool(3, 0.0);
        std::atomic<int> ran{0};
        for (int thrower : {1, 0, 2}) {
            bool caught = false;
            try {
                pool.run([&](int k) {
                    ran.fetch_add(1);
                    if (k == thrower) throw std::logic_error("job " + std::to_string(k));
                });
            } catch (const std::logic_error& e) {
                caught = std::string(e.what()) == "job " + std::to_string(thrower);
            }
            QVERIFY(caught);
        }
        QCOMPARE(ran.load(), 9);  // every job ran, also beside the throwing one
        ran = 0;
        pool.run([&](int) { ran.fetch_add(1); });
        QCOMPARE(ran.load(), 3);
    }

    void comparisonThreadsReportTheThrow() {
        const model::Circuit c = circuit(0.002);
        service::CompareOptions opt;
        opt.duration = 0.01;
        opt.jobs = 2;
        opt.configs = {"RK4 1e-4", "CVODE", "TLM V2 1e-4"};
        const service::Comparison cmp = service::runComparison(c, reg_, opt);
        QCOMPARE(cmp.configs.size(), size_t(3));
        for (const auto& o : cmp.configs) {
            QVERIFY2(!o.result.ok, qPrintable(o.name));
            QVERIFY2(o.result.error.find("internal error: ThrowingOrifice: defect at t = ") != std::string::npos, o.result.error.c_str());
        }
        // A throw after the end of the run: nothing to report.
        const service::Comparison fine = service::runComparison(circuit(1.0), reg_, opt);
        for (const auto& o : fine.configs) QVERIFY2(o.result.ok, o.result.error.c_str());
    }

    // Parallel partitions: O2 by hand on partition 1 (a pool worker), always on the threads.
    void partitionWorkerThrowReachesTheRun() {
        model::Circuit c = circuit(5e-4);
        model::SolverConfigDoc cfg = *c.config("Hopsan-style 1e-4");
        cfg.name = "Hopsan-style 1e-4, 2 threads";
        cfg.reference = false;
        cfg.dt = 1e-5;
        cfg.threads = 2;
        cfg.partition = {{"O2", 1}, {"O1", 0}};
        c.configs.push_back(cfg);
        const sim::RunResult r = service::runConfiguration(c, cfg, reg_, 0.01);
        QVERIFY(!r.ok);
        QVERIFY2(r.error.find("internal error: ThrowingOrifice: defect") != std::string::npos, r.error.c_str());
    }

    // The run service: the throwing configurations fail with the message, the others finish.
    void runServiceReportsFailedRuns() {
        model::Circuit c = circuit(0.003);
        service::RunService svc(reg_);
        service::RunServiceOptions opt;
        opt.duration = 0.01;
        opt.threads = 2;
        opt.configs = {"RK4 1e-4", "RK4 1e-3", "TLM V2 1e-4 SDIRK2"};
        QSignalSpy failed(&svc, &service::RunService::configFailed);
        QVERIFY(svc.start(c, opt).isEmpty());
        QVERIFY(waitFinished(svc, 60000));
        QCOMPARE(failed.count(), 3);
        for (const auto& f : failed) {
            const QString why = f.at(1).toString();
            QVERIFY2(why.contains("internal error: ThrowingOrifice: defect"), qPrintable(why));
            QCOMPARE(svc.status(f.at(0).toInt()).state, service::RunState::Failed);
        }
        // and the service runs again afterwards
        c = circuit(1.0);
        QVERIFY(svc.start(c, opt).isEmpty());
        QVERIFY(waitFinished(svc, 60000));
        for (int i = 0; i < 3; ++i) QCOMPARE(svc.status(i).state, service::RunState::Finished);
    }
};

QTEST_GUILESS_MAIN(TestWorkerExceptions)
#include "test_worker_exceptions.moc"
