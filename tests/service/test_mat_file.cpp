// SPDX-License-Identifier: GPL-3.0-or-later
// MATLAB MAT-files: matlabName makes valid, unique variable names; a trace and an aligned
// comparison written as .mat and as .csv hold exactly the same numbers (read back with matio and
// strtod), with `t`, a column vector per channel and the `channels` cell {variable, name, unit}.
#include <QTemporaryDir>
#include <QtTest>
#include <matio.h>

#include "model/circuit_io.h"
#include "service/comparison.h"
#include "service/mat_file.h"
#include "sim/registry.h"

using namespace hs;

namespace {

struct Csv {
    QStringList header;
    std::vector<std::vector<double>> columns;
};

Csv readCsv(const QString& path) {
    Csv csv;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return csv;
    const QList<QByteArray> rows = f.readAll().split('\n');
    csv.header = QString::fromUtf8(rows.value(0)).split(',');
    csv.columns.resize(static_cast<size_t>(csv.header.size()));
    for (qsizetype r = 1; r < rows.size(); ++r) {
        if (rows[r].isEmpty()) continue;
        const QList<QByteArray> cells = rows[r].split(',');
        for (size_t c = 0; c < csv.columns.size(); ++c) csv.columns[c].push_back(std::strtod(cells.value(static_cast<qsizetype>(c)).constData(), nullptr));
    }
    return csv;
}

struct Mat {
    std::map<std::string, std::vector<double>> vectors;  // every double variable, as read
    std::vector<std::array<std::string, 3>> channels;    // {variable, name, unit} per row
    bool ok = false;
};

std::string cellText(matvar_t* v) {
    if (!v || v->class_type != MAT_C_CHAR || !v->data) return {};
    return std::string(static_cast<const char*>(v->data), v->nbytes);
}

Mat readMat(const QString& path) {
    Mat m;
    mat_t* mat = Mat_Open(QFile::encodeName(path).constData(), MAT_ACC_RDONLY);
    if (!mat) return m;
    while (matvar_t* info = Mat_VarReadNextInfo(mat)) {
        const std::string name = info->name;
        Mat_VarFree(info);
        matvar_t* v = Mat_VarRead(mat, name.c_str());
        if (!v) continue;
        if (v->class_type == MAT_C_DOUBLE && v->rank == 2 && v->dims[1] == 1) {
            const auto* d = static_cast<const double*>(v->data);
            m.vectors[name] = std::vector<double>(d, d + v->dims[0]);
        } else if (name == "channels" && v->class_type == MAT_C_CELL && v->dims[1] == 3) {
            const size_t n = v->dims[0];
            for (size_t r = 0; r < n; ++r)
                m.channels.push_back({cellText(Mat_VarGetCell(v, static_cast<int>(r))), cellText(Mat_VarGetCell(v, static_cast<int>(r + n))),
                                      cellText(Mat_VarGetCell(v, static_cast<int>(r + 2 * n)))});
        }
        Mat_VarFree(v);
    }
    Mat_Close(mat);
    m.ok = true;
    return m;
}

// Every CSV column equals, bit for bit, the MAT variable the channel map names for it.
void compareCsvWithMat(const QString& csvPath, const QString& matPath) {
    const Csv csv = readCsv(csvPath);
    const Mat mat = readMat(matPath);
    QVERIFY(mat.ok);
    QCOMPARE(mat.channels.size(), static_cast<size_t>(csv.header.size()));
    QCOMPARE(mat.vectors.size(), mat.channels.size());
    QCOMPARE(mat.channels[0][0], std::string("t"));
    for (size_t c = 0; c < mat.channels.size(); ++c) {
        const auto& [variable, name, unit] = mat.channels[c];
        QCOMPARE(QString::fromStdString(name + " [" + unit + "]"), csv.header[static_cast<qsizetype>(c)]);
        QVERIFY2(mat.vectors.count(variable), variable.c_str());
        const std::vector<double>& v = mat.vectors.at(variable);
        QCOMPARE(v.size(), csv.columns[c].size());
        QVERIFY(!v.empty());
        for (size_t r = 0; r < v.size(); ++r)
            QVERIFY2(std::memcmp(&v[r], &csv.columns[c][r], sizeof(double)) == 0, qPrintable(QString("%1 row %2: %3 vs %4")
                         .arg(QString::fromStdString(name)).arg(r).arg(v[r], 0, 'g', 17).arg(csv.columns[c][r], 0, 'g', 17)));
    }
}

}  // namespace

class TestMatFile : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void validNames_data();
    void validNames();
    void uniqueNames();
    void traceEqualsCsv();
    void alignedEqualsCsv();
    void unwritablePathKeepsNothing();

private:
    sim::Registry reg_ = sim::Registry::builtin();
    service::Comparison cmp_;
    QTemporaryDir dir_;
};

void TestMatFile::initTestCase() {
    auto loaded = model::loadCircuit(HS_EXAMPLES_DIR "/three_orifice.hydro.json", reg_);
    QVERIFY(loaded.ok());
    model::Circuit c = *loaded.circuit;
    c.probes.push_back({"newton V2", "newton_iterations", "V2", {}});
    service::CompareOptions opt;
    opt.duration = 0.05;
    opt.configs = {"Local implicit 1e-3", "CVODE"};
    cmp_ = service::runComparison(c, reg_, opt);
    QCOMPARE(cmp_.reference, 0);
}

void TestMatFile::validNames_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("variable");
    QTest::newRow("plain") << "p2" << "p2";
    QTest::newRow("aligned error") << "p2 error (RK4 1e-3)" << "p2_error_RK4_1e_3";
    QTest::newRow("dots and spaces") << "x cyl.rod" << "x_cyl_rod";
    QTest::newRow("leading digit") << "1st stage" << "x_1st_stage";
    QTest::newRow("leading underscore") << "_p" << "p";
    QTest::newRow("non-ASCII") << QString::fromUtf8("\u0394p [bar]") << "p_bar";
    QTest::newRow("nothing usable") << "(--)" << "x_";
    QTest::newRow("too long") << QString(70, 'a') << QString(63, 'a');
}

void TestMatFile::validNames() {
    QFETCH(QString, name);
    QFETCH(QString, variable);
    std::set<std::string> taken;
    QCOMPARE(QString::fromStdString(service::matlabName(name.toStdString(), taken)), variable);
    QCOMPARE(taken.size(), size_t(1));
}

void TestMatFile::uniqueNames() {
    std::set<std::string> taken{"t", "channels"};
    QCOMPARE(service::matlabName("t", taken), std::string("t_2"));
    QCOMPARE(service::matlabName("channels", taken), std::string("channels_2"));
    QCOMPARE(service::matlabName("p 1", taken), std::string("p_1"));
    QCOMPARE(service::matlabName("p.1", taken), std::string("p_1_2"));
    QCOMPARE(service::matlabName("p(1)", taken), std::string("p_1_3"));
    const std::string longName(70, 'b');
    QCOMPARE(service::matlabName(longName, taken), std::string(63, 'b'));
    QCOMPARE(service::matlabName(longName, taken), std::string(61, 'b') + "_2");  // still 63
}

void TestMatFile::traceEqualsCsv() {
    const sim::Trace& tr = cmp_.configs[1].result.trace;  // Local implicit: pressures and a counter
    QVERIFY(tr.time.size() > 40);
    const QString csv = dir_.filePath("trace.csv"), mat = dir_.filePath("trace.mat");
    QCOMPARE(service::writeTraceFile(csv, tr), QString());
    QCOMPARE(service::writeTraceFile(mat, tr), QString());
    compareCsvWithMat(csv, mat);
    const Mat m = readMat(mat);
    QCOMPARE(m.channels[3], (std::array<std::string, 3>{"newton_V2", "newton V2", "-"}));
    QCOMPARE(m.channels[2], (std::array<std::string, 3>{"p2", "p2", "Pa"}));
    QCOMPARE(m.vectors.at("t"), tr.time);
}

void TestMatFile::alignedEqualsCsv() {
    const QString csv = dir_.filePath("aligned.csv"), mat = dir_.filePath("aligned.MAT");
    QCOMPARE(service::writeAlignedFile(csv, cmp_), QString());
    QCOMPARE(service::writeAlignedFile(mat, cmp_), QString());
    compareCsvWithMat(csv, mat);
    const Mat m = readMat(mat);
    QVERIFY(m.vectors.count("p2_error_CVODE"));
    QVERIFY(m.vectors.count("p2_Local_implicit_1e_3"));
}

void TestMatFile::unwritablePathKeepsNothing() {
    const QString path = dir_.filePath("no/such/dir/x.mat");
    const QString e = service::writeTraceFile(path, cmp_.configs[0].result.trace);
    QVERIFY2(e.contains(path), qPrintable(e));
    QVERIFY(!QFile::exists(path));
    QVERIFY(!QFile::exists(path + ".part"));
}

QTEST_APPLESS_MAIN(TestMatFile)
#include "test_mat_file.moc"
