// SPDX-License-Identifier: GPL-3.0-or-later
// service::kernelNote through the run service: after a run, a configuration's status says which
// right-hand side ran; a generated kernel's note gives its compile time the first time and says
// "from the cache" when the library was reused (the line the GUI's run dock and `run` show).
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include "model/circuit_io.h"
#include "service/kernel_note.h"
#include "service/run_service.h"
#include "sim/registry.h"

using namespace hs;

class TestKernelNote : public QObject {
    Q_OBJECT
private slots:
    void statusSaysWhichRightHandSideRan();
};

void TestKernelNote::statusSaysWhichRightHandSideRan() {
    QTemporaryDir cache;
    QVERIFY(cache.isValid());
    qputenv("HYDROSTIFF_KERNEL_CACHE", cache.path().toUtf8());
    const sim::Registry reg = sim::Registry::builtin();
    auto loaded = model::loadCircuit(HS_EXAMPLES_DIR "/circuit2_pcv.hydro.json", reg);
    QVERIFY2(loaded.ok(), qPrintable(loaded.errors.join("\n")));
    model::Circuit c = *loaded.circuit;
    c.duration = 0.05;
    std::vector<model::SolverConfigDoc> configs;
    for (const auto& cfg : c.configs)
        if (cfg.name == QLatin1String("RK4 1e-4")) configs.push_back(cfg);
    QCOMPARE(configs.size(), size_t(1));
    configs.front().reference = true;
    configs.push_back(configs.front());
    configs.back().name = QStringLiteral("RK4 1e-4 generated");
    configs.back().reference = false;
    configs.back().kernel = QStringLiteral("generated");
    c.configs = configs;

    service::RunService svc(reg);
    service::RunServiceOptions opt;
    opt.threads = 2;
    for (int round = 0; round < 2; ++round) {
        QSignalSpy done(&svc, &service::RunService::finished);
        QVERIFY(svc.start(c, opt).isEmpty());
        QVERIFY(done.wait(120000));
        QCOMPARE(svc.status(0).kernel, QStringLiteral("interpreted"));
        QVERIFY(svc.status(0).kernelShort.isEmpty());
        const QString note = svc.status(1).kernel;
        const sim::RunResult& r = svc.comparison().configs[1].result;
        QVERIFY2(r.ok, r.error.c_str());
        QCOMPARE(note, service::kernelNote(r));
        if (round == 0) {
            QVERIFY2(note.startsWith("generated, compiled in ") && note.endsWith(" s wall before the run (not in the run's times)"),
                     qPrintable(note));
            QVERIFY(r.kernelCompileSeconds > 0);
            QVERIFY2(svc.status(1).kernelShort.startsWith("generated kernel (compiled in "), qPrintable(svc.status(1).kernelShort));
        } else {
            QCOMPARE(note, QStringLiteral("generated (library from the cache, not compiled)"));
            QCOMPARE(svc.status(1).kernelShort, QStringLiteral("generated kernel (cached)"));
        }
    }
    qunsetenv("HYDROSTIFF_KERNEL_CACHE");
}

QTEST_GUILESS_MAIN(TestKernelNote)
#include "test_kernel_note.moc"
