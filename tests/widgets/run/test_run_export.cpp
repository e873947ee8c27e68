// SPDX-License-Identifier: GPL-3.0-or-later
// Exports from a run made by the run service, under a German locale (',' decimals) for both Qt
// (QLocale::setDefault) and C (setlocale LC_NUMERIC): the CSV files parse back to the run's
// numbers within 1e-12 relative, carry "name [unit]" headers and '.' decimals; the metrics CSV
// matches the comparison; plot images come out as PNG, SVG and PDF; bad requests are refused
// without touching an existing file.
#include <QtTest>
#include <clocale>
#include <cmath>
#include <cstdio>

#include "model/circuit_io.h"
#include "run_export.h"
#include "service/run_service.h"
#include "sim/registry.h"
#include "trace_plot.h"

using namespace hs;

namespace {

// Splits one CSV line (fields with ',' or '"' are quoted, quotes doubled).
QStringList splitCsv(const QString& line) {
    QStringList out;
    QString cur;
    bool quoted = false;
    for (int i = 0; i < line.size(); ++i) {
        const QChar c = line[i];
        if (quoted) {
            if (c == '"' && i + 1 < line.size() && line[i + 1] == '"') { cur += '"'; ++i; }
            else if (c == '"') quoted = false;
            else cur += c;
        } else if (c == '"') quoted = true;
        else if (c == ',') { out << cur; cur.clear(); }
        else cur += c;
    }
    out << cur;
    return out;
}

struct Csv {
    QStringList header;
    std::vector<std::vector<double>> rows;
    QStringList lines;
};

Csv readCsv(const QString& path) {
    Csv csv;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return csv;
    csv.lines = QString::fromUtf8(f.readAll()).split('\n', Qt::SkipEmptyParts);
    if (csv.lines.isEmpty()) return csv;
    csv.header = splitCsv(csv.lines.front());
    for (int i = 1; i < csv.lines.size(); ++i) {
        std::vector<double> row;
        for (const QString& field : splitCsv(csv.lines[i])) {
            const QByteArray b = field.toLatin1();
            row.push_back(b == "nan" ? std::nan("") : std::strtod(b.constData(), nullptr));
        }
        csv.rows.push_back(std::move(row));
    }
    return csv;
}

bool close(double a, double b) {
    if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
    return std::abs(a - b) <= 1e-12 * std::max(std::abs(a), std::abs(b));
}

}  // namespace

class TestRunExport : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void cleanupTestCase();
    void traceCsvParsesBack();
    void alignedCsvParsesBack();
    void metricsCsvMatchesComparison();
    void plotImages_data();
    void plotImages();
    void badRequestsKeepOldFile();

private:
    // strtod must read '.' while the process locale says ','; parse in the C locale.
    void parseLocale(bool c) { std::setlocale(LC_NUMERIC, c ? "C" : germanLocale_.constData()); }
    sim::Registry reg_ = sim::Registry::builtin();
    service::RunService* svc_ = nullptr;
    QTemporaryDir dir_;
    QByteArray germanLocale_;
};

void TestRunExport::initTestCase() {
    QLocale::setDefault(QLocale::German);
    QCOMPARE(QLocale().decimalPoint(), QString(","));
    for (const char* name : {"de_DE.UTF-8", "de_DE.utf8", "de_DE"})
        if (std::setlocale(LC_NUMERIC, name)) {
            germanLocale_ = name;
            break;
        }
    char buf[16];
    std::snprintf(buf, sizeof buf, "%.1f", 0.5);
    if (QDir(qEnvironmentVariable("LOCPATH") + "/de_DE.UTF-8").exists())
        QVERIFY2(QByteArray(buf) == "0,5", "the de_DE locale compiled for this test did not take effect");
    else if (QByteArray(buf) != "0,5")
        qWarning("no de_DE C locale on this system: only QLocale is German in this run");

    auto loaded = model::loadCircuit(HS_EXAMPLES_DIR "/circuit2_pcv.hydro.json", reg_);
    QVERIFY(loaded.ok());
    svc_ = new service::RunService(reg_);
    service::RunServiceOptions opt;
    opt.duration = 0.3;
    opt.configs = {"RK4 1e-4", "CVODE"};
    QVERIFY(svc_->start(*loaded.circuit, opt).isEmpty());
    QSignalSpy done(svc_, &service::RunService::finished);
    QVERIFY(done.wait(60000));
    QCOMPARE(svc_->comparison().reference, 0);
}

void TestRunExport::cleanupTestCase() {
    delete svc_;
    std::setlocale(LC_NUMERIC, "C");
}

void TestRunExport::traceCsvParsesBack() {
    const QString path = dir_.filePath("trace.csv");
    QCOMPARE(widgets::exportTraceFile(svc_->comparison(), 2, path), QString());
    parseLocale(true);
    const Csv csv = readCsv(path);
    parseLocale(false);
    const sim::Trace& tr = svc_->comparison().configs[2].result.trace;
    QCOMPARE(csv.header, (QStringList{"time [s]", "p_v [Pa]", "p1 [Pa]", "p2 [Pa]", "x [m]", "K [" + QString::fromStdString(tr.units[4]) + "]"}));
    QCOMPARE(csv.rows.size(), tr.time.size());
    for (size_t r = 0; r < csv.rows.size(); ++r) {
        QCOMPARE(csv.rows[r].size(), size_t(6));  // a ',' decimal would split fields
        QVERIFY(close(csv.rows[r][0], tr.time[r]));
        for (size_t c = 0; c < 5; ++c) QVERIFY2(close(csv.rows[r][c + 1], tr.columns[c][r]), qPrintable(csv.lines[static_cast<int>(r) + 1]));
    }
}

void TestRunExport::alignedCsvParsesBack() {
    const QString path = dir_.filePath("aligned.csv");
    QCOMPARE(widgets::exportAlignedFile(svc_->comparison(), path), QString());
    parseLocale(true);
    const Csv csv = readCsv(path);
    parseLocale(false);
    const auto& cmp = svc_->comparison();
    const sim::Trace& ref = cmp.configs[0].result.trace;
    QCOMPARE(csv.header.size(), 1 + 5 * 3 + 5 * 2);  // time, 5 probes x 3 configs, 5 errors x 2
    QCOMPARE(csv.header[1], QString("p_v (RK4 1e-5) [Pa]"));
    QVERIFY(csv.header.contains("x error (CVODE) [m]"));
    QCOMPARE(csv.rows.size(), ref.time.size());
    const int xCvode = static_cast<int>(csv.header.indexOf("x (CVODE) [m]"));
    const int xErr = static_cast<int>(csv.header.indexOf("x error (CVODE) [m]"));
    QVERIFY(xCvode > 0 && xErr > 0);
    for (size_t r = 0; r < ref.time.size(); r += 7) {
        QCOMPARE(csv.rows[r].size(), static_cast<size_t>(csv.header.size()));
        QVERIFY(close(csv.rows[r][1], ref.columns[0][r]));
        const double x = sim::interpolate(cmp.configs[2].result.trace, 3, ref.time[r]);
        QVERIFY(close(csv.rows[r][static_cast<size_t>(xCvode)], x));
        QVERIFY(close(csv.rows[r][static_cast<size_t>(xErr)], x - ref.columns[3][r]));
    }
}

void TestRunExport::metricsCsvMatchesComparison() {
    const QString path = dir_.filePath("metrics.csv");
    QCOMPARE(widgets::exportMetricsCsv(svc_->comparison(), path), QString());
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QStringList lines = QString::fromUtf8(f.readAll()).split('\n', Qt::SkipEmptyParts);
    QCOMPARE(lines.front(), QString("configuration,probe,unit,rmse,rrmse [%],max abs error,wall time [s],steps,speed-up [-],"
                                    "real-time factor [-],status,cpu time [s],indeterminate steps,indeterminate time [s],"
                                    "indeterminate spans [s]"));
    QCOMPARE(lines.size(), 1 + 1 + 5 + 5);  // header, the reference, 5 probes x 2 configurations
    int checked = 0;
    parseLocale(true);
    for (const auto& o : svc_->comparison().configs)
        for (const auto& e : o.errors) {
            const QString prefix = "\"" + o.name + "\",\"" + QString::fromStdString(e.name) + "\",";
            for (const QString& l : lines)
                if (l.startsWith(prefix)) {
                    const QStringList f2 = splitCsv(l);
                    QCOMPARE(f2.size(), 15);
                    QCOMPARE(f2[12], QString("0"));  // no quasi-steady node: no indeterminate steps
                    QCOMPARE(f2[14], QString());
                    QCOMPARE(f2[2], QString::fromStdString(e.unit));
                    QVERIFY(close(std::strtod(f2[3].toLatin1().constData(), nullptr), e.rmse));
                    QVERIFY(close(std::strtod(f2[5].toLatin1().constData(), nullptr), e.maxAbs));
                    QCOMPARE(f2[10], QString("ok"));
                    QCOMPARE(std::strtod(f2[11].toLatin1().constData(), nullptr), o.result.cpuSeconds);
                    QVERIFY(o.result.cpuSeconds > 0 && o.result.cpuSeconds <= o.result.wallSeconds * 1.05 + 1e-3);
                    ++checked;
                }
        }
    parseLocale(false);
    QCOMPARE(checked, 10);
}

void TestRunExport::plotImages_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<QByteArray>("magic");
    QTest::newRow("png") << "plot.png" << QByteArray("\x89PNG");
    QTest::newRow("svg") << "plot.svg" << QByteArray("<?xml");
    QTest::newRow("pdf") << "plot.pdf" << QByteArray("%PDF");
}

void TestRunExport::plotImages() {
    QFETCH(QString, file);
    QFETCH(QByteArray, magic);
    widgets::TracePlot plot;
    plot.resize(700, 500);
    plot.beginRun(0.3);
    plot.setProbes({"p_v", "x"});
    const auto& cmp = svc_->comparison();
    std::vector<widgets::PlotSeries> series;
    for (int i = 0; i < 3; ++i)
        series.push_back({cmp.configs[static_cast<size_t>(i)].name, i == 0, i, &cmp.configs[static_cast<size_t>(i)].result.trace,
                          i == 0 ? nullptr : &svc_->liveMetrics(i).error(), 0});
    QVERIFY(plot.append(series) > 0);
    const QString path = dir_.filePath(file);
    QCOMPARE(widgets::exportPlotImage(plot, path), QString());
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray bytes = f.readAll();
    QVERIFY(bytes.startsWith(magic));
    QVERIFY2(bytes.size() > 5000, qPrintable(QString::number(bytes.size())));  // traces, not an empty page
    if (file.endsWith("svg")) QVERIFY(bytes.contains("<path") || bytes.contains("<polyline"));
}

void TestRunExport::badRequestsKeepOldFile() {
    const QString path = dir_.filePath("keep.csv");
    QCOMPARE(widgets::exportTraceFile(svc_->comparison(), 0, path), QString());
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray before = f.readAll();
    f.close();
    QVERIFY(!widgets::exportTraceFile(svc_->comparison(), 7, path).isEmpty());
    widgets::TracePlot plot;
    QVERIFY(widgets::exportPlotImage(plot, dir_.filePath("plot.bmp")).contains("unknown image type"));
    QVERIFY(!QFile::exists(dir_.filePath("plot.bmp")));
    const QString denied = widgets::exportAlignedFile(svc_->comparison(), dir_.filePath("no/such/dir/a.csv"));
    QVERIFY2(denied.contains("a.csv"), qPrintable(denied));
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(f.readAll(), before);
}

QTEST_MAIN(TestRunExport)
#include "test_run_export.moc"
