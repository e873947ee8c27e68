// SPDX-License-Identifier: GPL-3.0-or-later
// Iteration counters (a pressure method's inner / Newton iterations per record interval) are
// recorded and exported like any probe but never compared with the reference: no error rows in
// the comparison (the CLI table and the GUI's error table read them), none in the metrics CSV, no
// error columns in the aligned file, none in the live errors the GUI shows while running.
#include <QTemporaryDir>
#include <QtTest>

#include "model/circuit_io.h"
#include "service/comparison.h"
#include "service/live_metrics.h"
#include "sim/registry.h"

using namespace hs;

namespace {

const QString kLocal = "Local implicit 1e-3";

QStringList lines(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return {};
    return QString::fromUtf8(f.readAll()).split('\n', Qt::SkipEmptyParts);
}

std::vector<std::string> names(const std::vector<sim::ProbeError>& errors) {
    std::vector<std::string> out;
    for (const auto& e : errors) out.push_back(e.name);
    return out;
}

}  // namespace

class TestComparison : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void countersHaveNoErrorRows();
    void countersHaveNoErrorColumns();
    void liveErrorsLeaveCountersOut();

private:
    sim::Registry reg_ = sim::Registry::builtin();
    service::Comparison cmp_;
    QTemporaryDir dir_;
};

void TestComparison::initTestCase() {
    auto loaded = model::loadCircuit(HS_EXAMPLES_DIR "/three_orifice.hydro.json", reg_);
    QVERIFY(loaded.ok());
    model::Circuit c = *loaded.circuit;
    // V2 solved by backward Euler with a scalar Newton iteration per step: its counter moves.
    c.probes.push_back({"newton V2", "newton_iterations", "V2", {}});
    c.probes.push_back({"inner V2", "inner_iterations", "V2", {}});
    service::CompareOptions opt;
    opt.duration = 0.05;
    opt.configs = {kLocal};
    cmp_ = service::runComparison(c, reg_, opt);
    QCOMPARE(cmp_.reference, 0);
    QVERIFY(cmp_.configs[1].result.ok);
}

void TestComparison::countersHaveNoErrorRows() {
    const sim::Trace& tr = cmp_.configs[1].result.trace;
    // The counter is in the trace and counts (so leaving it out is by its quantity)...
    const int newton = tr.column("newton V2");
    QVERIFY(newton >= 0);
    QCOMPARE(tr.quantities[static_cast<size_t>(newton)], std::string("newton_iterations"));
    QVERIFY(*std::max_element(tr.columns[static_cast<size_t>(newton)].begin(), tr.columns[static_cast<size_t>(newton)].end()) > 0);
    // ...but only the pressures have errors.
    QCOMPARE(names(cmp_.configs[1].errors), (std::vector<std::string>{"p1", "p2"}));
    QVERIFY(cmp_.configs[1].errors[1].rmse > 0);
    QCOMPARE(names(sim::compareTraces(cmp_.configs[0].result.trace, tr)), (std::vector<std::string>{"p1", "p2"}));

    const QString metrics = dir_.filePath("metrics.csv");
    QCOMPARE(service::writeMetricsCsv(metrics, cmp_), QString());
    const QStringList rows = lines(metrics).filter("\"" + kLocal + "\"");
    QCOMPARE(rows.size(), 2);
    QVERIFY(rows[0].startsWith("\"" + kLocal + "\",\"p1\",Pa,"));
    QVERIFY(rows[1].startsWith("\"" + kLocal + "\",\"p2\",Pa,"));
}

void TestComparison::countersHaveNoErrorColumns() {
    const QString aligned = dir_.filePath("aligned.csv");
    QCOMPARE(service::writeAlignedFile(aligned, cmp_), QString());
    const QStringList header = lines(aligned).value(0).split(',');
    QVERIFY(header.contains("newton V2 (" + kLocal + ") [-]"));
    QVERIFY(header.contains("p2 error (" + kLocal + ") [Pa]"));
    QVERIFY(!header.contains("newton V2 error (" + kLocal + ") [-]"));
    QVERIFY(!header.contains("inner V2 error (" + kLocal + ") [-]"));
    // time, 4 probes x 2 configurations, 2 pressure errors
    QCOMPARE(header.size(), 1 + 4 * 2 + 2);
}

void TestComparison::liveErrorsLeaveCountersOut() {
    service::LiveMetrics live;
    live.update(cmp_.configs[0].result.trace, cmp_.configs[1].result.trace, true);
    QCOMPARE(names(live.errors()), (std::vector<std::string>{"p1", "p2"}));
    QCOMPARE(live.error().names, (std::vector<std::string>{"p1", "p2"}));  // the error plots
    QVERIFY(live.errors()[1].rmse == cmp_.configs[1].errors[1].rmse);
}

QTEST_APPLESS_MAIN(TestComparison)
#include "test_comparison.moc"
