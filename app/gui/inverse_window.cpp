// SPDX-License-Identifier: GPL-3.0-or-later
#include "inverse_window.h"

#include <QApplication>
#include <algorithm>
#include <QDialog>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QPushButton>
#include <QLabel>
#include <QMessageBox>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include "inverse/drive.h"
#include "inverse/inverse_solve.h"
#include "inverse/replay.h"
#include "model/circuit.h"
#include "service/inverse_csv.h"

namespace hs::gui {

namespace {

QVector<double> qv(const std::vector<double>& v) { return QVector<double>(v.begin(), v.end()); }

QCustomPlot* plot(QWidget* parent, const QString& yLabel) {
    auto* p = new QCustomPlot(parent);
    p->setMinimumHeight(160);
    p->xAxis->setLabel(QObject::tr("t [s]"));
    p->yAxis->setLabel(yLabel);
    p->legend->setVisible(true);
    p->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    return p;
}

void addGraph(QCustomPlot* p, const std::vector<double>& t, const std::vector<double>& y, const QString& name, QColor c,
              double scale = 1.0, Qt::PenStyle style = Qt::SolidLine) {
    QCPGraph* g = p->addGraph();
    QVector<double> ys = qv(y);
    for (double& v : ys) v *= scale;
    g->setData(qv(t), ys, true);
    g->setName(name);
    g->setPen(QPen(c, 1.5, style));
}

}  // namespace

QString inverseProblem(const hs::model::Circuit& circuit, const hs::sim::Registry& reg) {
    const hs::sim::Netlist net = hs::model::toNetlist(circuit);
    auto isMotion = [&](const std::string& id) {
        return std::any_of(net.components.begin(), net.components.end(),
                           [&](const hs::sim::NetComponent& c) { return c.id == id && c.type == "SmoothMotion"; });
    };
    const bool intended = std::any_of(net.wires.begin(), net.wires.end(), [&](const hs::sim::NetWire& w) {
        return (w.fromPort == "rod" && isMotion(w.fromComp)) || (w.toPort == "rod" && isMotion(w.toComp));
    });
    if (!intended) return {};
    inverse::ValveCylinderDrive drive;
    return QString::fromStdString(inverse::extractDrive(reg, net, &drive));
}

QString runInverse(QWidget* parent, const hs::model::Circuit& circuit, const hs::sim::Registry& reg) {
    const hs::sim::Netlist net = hs::model::toNetlist(circuit);
    inverse::ValveCylinderDrive drive;
    const std::string problem = inverse::extractDrive(reg, net, &drive);
    if (!problem.empty()) {
        const QString msg = QString::fromStdString(problem);
        QMessageBox::warning(parent, QObject::tr("Run inverse"), QObject::tr("The inverse cannot take this circuit:\n\n") + msg);
        return msg;
    }
    QApplication::setOverrideCursor(Qt::WaitCursor);
    inverse::InverseOptions o;
    o.duration = circuit.duration;
    o.recordInterval = circuit.recordInterval;
    const inverse::InverseResult r = inverse::solveInverse(drive, o);
    inverse::ReplayResult rp;
    if (r.ok) rp = inverse::replayForward(reg, net, drive, r, o.recordInterval);
    QApplication::restoreOverrideCursor();

    auto* w = new QDialog(parent);
    w->setAttribute(Qt::WA_DeleteOnClose);
    w->setWindowTitle(QObject::tr("Inverse: %1").arg(circuit.name));
    w->resize(820, 760);
    auto* lay = new QVBoxLayout(w);
    QStringList lines;
    for (const auto& d : r.diagnostics) lines << QString::fromStdString(d.message);
    if (r.ok && rp.error.empty())
        lines << QObject::tr("Replay: u(t) as the valve command of a forward run; max |x_forward - x_prescribed| = %1 m")
                     .arg(rp.maxError, 0, 'g', 3);
    else if (!rp.error.empty())
        lines << QString::fromStdString(rp.error);
    auto* label = new QLabel(lines.join('\n'), w);
    label->setObjectName("inverseSummary");
    label->setWordWrap(true);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* top = new QHBoxLayout;
    top->addWidget(label, 1);
    // the same columns as `hydrostiff-cli inverse --replay --out` (service/inverse_csv.h)
    auto* exportButton = new QPushButton(QObject::tr("Export CSV..."), w);
    exportButton->setObjectName("inverseExport");
    const std::vector<service::CsvColumn> columns = service::inverseCsvColumns(r, &rp);
    QObject::connect(exportButton, &QPushButton::clicked, w, [w, columns] {
        const QString path = QFileDialog::getSaveFileName(w, QObject::tr("Export inverse results"), QString(),
                                                          QObject::tr("CSV files (*.csv)"));
        if (path.isEmpty()) return;
        const QString e = service::writeCsv(path.endsWith(".csv", Qt::CaseInsensitive) ? path : path + ".csv", columns);
        if (!e.isEmpty()) QMessageBox::warning(w, QObject::tr("Export inverse results"), e);
    });
    exportButton->setEnabled(!r.time.empty());
    top->addWidget(exportButton, 0, Qt::AlignTop);
    lay->addLayout(top);
    auto col = [&](const char* n) -> const std::vector<double>& { return r.columns[static_cast<size_t>(r.column(n))]; };

    QCustomPlot* px = plot(w, QObject::tr("piston position [m]"));
    addGraph(px, r.time, col("x"), QObject::tr("prescribed"), Qt::black);
    if (rp.error.empty() && !rp.run.trace.time.empty())
        addGraph(px, rp.run.trace.time, rp.run.trace.columns[0], QObject::tr("forward replay"), Qt::red, 1.0, Qt::DashLine);
    QCustomPlot* pv = plot(w, QObject::tr("valve [%]"));
    addGraph(pv, r.time, col("x_v"), QObject::tr("opening x_v"), Qt::blue, 100.0);
    addGraph(pv, r.time, col("u"), QObject::tr("command u"), Qt::darkGreen, 100.0, Qt::DashLine);
    QCustomPlot* pp = plot(w, QObject::tr("pressure [bar]"));
    addGraph(pp, r.time, col("p_S"), "p_S", Qt::gray, 1e-5);
    addGraph(pp, r.time, col("p_A"), "p_A", Qt::red, 1e-5);
    addGraph(pp, r.time, col("p_B"), "p_B", Qt::blue, 1e-5);
    QCustomPlot* pe = plot(w, QObject::tr("energy [J]"));
    addGraph(pe, r.time, col("E_supply"), QObject::tr("supply"), Qt::black);
    addGraph(pe, r.time, col("E_mech"), QObject::tr("mechanical"), Qt::darkGreen);
    addGraph(pe, r.time, col("E_friction"), QObject::tr("friction"), Qt::darkYellow);
    for (QCustomPlot* p : {px, pv, pp, pe}) {
        p->rescaleAxes();
        lay->addWidget(p, 1);
    }
    w->show();
    return {};
}

}  // namespace hs::gui
