// SPDX-License-Identifier: GPL-3.0-or-later
#include "sweep_dialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <qcustomplot.h>

#include "model/circuit_document.h"
#include "sim/registry.h"

namespace hs::gui {

namespace {

enum ParamColumn { ColParam, ColFrom, ColTo, ColLevels, ColLog, ColBounds, ColCount };

QString num(double v) { return QString::number(v, 'g', 6); }

const sim::ParamSpec* paramSpec(const model::Circuit& c, const sim::Registry& reg, const QString& key) {
    const int dot = key.indexOf('.');
    const model::ComponentDoc* comp = c.component(key.left(dot));
    const sim::ComponentSpec* spec = comp ? reg.find(comp->type.toStdString()) : nullptr;
    if (!spec) return nullptr;
    const int k = spec->paramIndex(key.mid(dot + 1).toStdString());
    return k < 0 || spec->params[size_t(k)].kind != sim::ParamKind::Number ? nullptr : &spec->params[size_t(k)];
}

double currentValue(const model::Circuit& c, const sim::ParamSpec& p, const QString& key) {
    const model::ComponentDoc* comp = c.component(key.left(key.indexOf('.')));
    auto it = comp->num.find(QString::fromStdString(p.name));
    return it != comp->num.end() ? it->second : p.def;
}

QString boundsText(const sim::ParamSpec& p) {
    auto end = [](double v) { return std::isfinite(v) ? num(v) : (v < 0 ? QString("-inf") : QString("inf")); };
    return QString("[%1, %2] %3").arg(end(p.min), end(p.max), QString::fromStdString(p.unit)).trimmed();
}

QString elapsedText(double s) { return s < 0 ? QString("-") : s < 100 ? QString::number(s, 'f', 1) + " s" : QString::number(s / 60, 'f', 1) + " min"; }

}  // namespace

SweepDialog::SweepDialog(const model::CircuitDocument& doc, const sim::Registry& reg, QWidget* parent)
    : QDialog(parent), doc_(doc), reg_(reg) {
    const model::Circuit& c = doc_.circuit();
    setWindowTitle(tr("Parameter sweep: %1").arg(c.name));
    resize(980, 820);
    for (const auto& comp : c.components) {
        const sim::ComponentSpec* spec = reg_.find(comp.type.toStdString());
        if (!spec) continue;
        for (const auto& p : spec->params) {
            if (p.kind != sim::ParamKind::Number) continue;
            keys_ << comp.id + "." + QString::fromStdString(p.name);
            units_ << QString::fromStdString(p.unit);
        }
    }
    auto* lay = new QVBoxLayout(this);

    auto* paramBox = new QGroupBox(tr("Parameters (SI units; the first varies slowest in a full grid)"), this);
    auto* pl = new QVBoxLayout(paramBox);
    params_ = new QTableWidget(0, ColCount, paramBox);
    params_->setObjectName("sweepParameters");
    params_->setHorizontalHeaderLabels({tr("parameter"), tr("from"), tr("to"), tr("levels"), tr("log"), tr("bounds (spec)")});
    params_->horizontalHeader()->setSectionResizeMode(ColParam, QHeaderView::Stretch);
    params_->verticalHeader()->setVisible(false);
    params_->setMinimumHeight(90);
    params_->setMaximumHeight(150);
    pl->addWidget(params_);
    auto* prow = new QHBoxLayout;
    auto* add = new QPushButton(tr("Add parameter"), paramBox);
    auto* remove = new QPushButton(tr("Remove"), paramBox);
    add->setEnabled(!keys_.isEmpty());
    connect(add, &QPushButton::clicked, this, [this] {
        const int row = params_->rowCount();
        params_->insertRow(row);
        buildParameterRow(row, keys_.value(std::min<int>(row, int(keys_.size()) - 1)));
    });
    connect(remove, &QPushButton::clicked, this, [this] {
        const int row = params_->currentRow() >= 0 ? params_->currentRow() : params_->rowCount() - 1;
        if (row >= 0) params_->removeRow(row);
    });
    prow->addWidget(add);
    prow->addWidget(remove);
    prow->addStretch(1);
    pl->addLayout(prow);
    lay->addWidget(paramBox);

    auto* form = new QFormLayout;
    auto* samplingRow = new QHBoxLayout;
    sampling_ = new QComboBox(this);
    sampling_->addItems({tr("Full grid (every combination)"), tr("Latin hypercube")});
    lhsPoints_ = new QSpinBox(this);
    lhsPoints_->setRange(1, 100000);
    lhsPoints_->setValue(20);
    lhsPoints_->setPrefix(tr("points "));
    seed_ = new QSpinBox(this);
    seed_->setRange(0, 2147483647);
    seed_->setValue(1);
    seed_->setPrefix(tr("seed "));
    auto lhsOn = [this] {
        const bool on = sampling_->currentIndex() == 1;
        lhsPoints_->setEnabled(on);
        seed_->setEnabled(on);
    };
    connect(sampling_, &QComboBox::currentIndexChanged, this, lhsOn);
    lhsOn();
    samplingRow->addWidget(sampling_);
    samplingRow->addWidget(lhsPoints_);
    samplingRow->addWidget(seed_);
    samplingRow->addStretch(1);
    form->addRow(tr("Sampling:"), samplingRow);
    config_ = new QComboBox(this);
    for (const auto& k : c.configs) config_->addItem(k.reference ? k.name + tr(" (reference)") : k.name, k.name);
    if (const model::SolverConfigDoc* ref = c.reference()) config_->setCurrentIndex(config_->findData(ref->name));
    form->addRow(tr("Configuration:"), config_);
    auto* runRow = new QHBoxLayout;
    jobs_ = new QSpinBox(this);
    jobs_->setRange(1, 1024);
    jobs_->setValue(study::defaultJobs());
    jobs_->setSuffix(tr(" worker threads"));
    rrmse_ = new QCheckBox(tr("Also run the reference at each point (RRMSE %)"), this);
    runRow->addWidget(jobs_);
    runRow->addWidget(rrmse_);
    runRow->addStretch(1);
    form->addRow(tr("Runs:"), runRow);
    lay->addLayout(form);

    auto* ctl = new QHBoxLayout;
    run_ = new QPushButton(tr("Run sweep"), this);
    run_->setObjectName("sweepRun");
    run_->setDefault(true);
    cancel_ = new QPushButton(tr("Cancel"), this);
    cancel_->setEnabled(false);
    export_ = new QPushButton(tr("Export CSV..."), this);
    export_->setObjectName("sweepExport");
    export_->setEnabled(false);
    progress_ = new QProgressBar(this);
    progress_->setRange(0, 1000);
    progress_->setValue(0);
    connect(run_, &QPushButton::clicked, this, [this] {
        const QString e = start();
        if (!e.isEmpty()) QMessageBox::warning(this, windowTitle(), e);
    });
    connect(cancel_, &QPushButton::clicked, this, &SweepDialog::cancel);
    connect(export_, &QPushButton::clicked, this, &SweepDialog::exportDialog);
    ctl->addWidget(run_);
    ctl->addWidget(cancel_);
    ctl->addWidget(progress_, 1);
    ctl->addWidget(export_);
    lay->addLayout(ctl);
    status_ = new QLabel(tr("Add the parameters to vary, then Run sweep."), this);
    status_->setObjectName("sweepStatus");
    status_->setWordWrap(true);
    lay->addWidget(status_);

    auto* split = new QSplitter(Qt::Vertical, this);
    results_ = new QTableWidget(split);
    results_->setObjectName("sweepResults");
    results_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    results_->verticalHeader()->setVisible(false);
    auto* plotBox = new QWidget(split);
    auto* plotLay = new QVBoxLayout(plotBox);
    plotLay->setContentsMargins(0, 0, 0, 0);
    auto* plotRow = new QHBoxLayout;
    plotY_ = new QComboBox(plotBox);
    plotX_ = new QComboBox(plotBox);
    plotRow->addWidget(new QLabel(tr("Plot"), plotBox));
    plotRow->addWidget(plotY_, 1);
    plotRow->addWidget(new QLabel(tr("against"), plotBox));
    plotRow->addWidget(plotX_, 1);
    plotLay->addLayout(plotRow);
    plot_ = new QCustomPlot(plotBox);
    plot_->setMinimumHeight(200);
    plot_->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    plotLay->addWidget(plot_, 1);
    connect(plotX_, &QComboBox::currentIndexChanged, this, &SweepDialog::updatePlot);
    connect(plotY_, &QComboBox::currentIndexChanged, this, &SweepDialog::updatePlot);
    split->addWidget(results_);
    split->addWidget(plotBox);
    lay->addWidget(split, 1);
}

SweepDialog::~SweepDialog() {
    stop_.store(true);
    if (worker_) worker_->join();
}

void SweepDialog::buildParameterRow(int row, const QString& key) {
    auto* combo = new QComboBox(params_);
    for (int k = 0; k < keys_.size(); ++k)
        combo->addItem(units_[k].isEmpty() ? keys_[k] : keys_[k] + " [" + units_[k] + "]", keys_[k]);
    for (int col : {ColFrom, ColTo}) params_->setItem(row, col, new QTableWidgetItem);
    auto* levels = new QSpinBox(params_);
    levels->setRange(1, 10000);
    levels->setValue(5);
    params_->setCellWidget(row, ColLevels, levels);
    auto* log = new QCheckBox(params_);
    log->setToolTip(tr("Geometric spacing (both ends > 0)"));
    params_->setCellWidget(row, ColLog, log);
    params_->setItem(row, ColBounds, new QTableWidgetItem);
    params_->item(row, ColBounds)->setFlags(Qt::ItemIsEnabled);
    // Picking a parameter proposes its current value +-20 % inside the spec's bounds.
    auto pick = [this, combo] {
        int r = 0;
        while (r < params_->rowCount() && params_->cellWidget(r, ColParam) != combo) ++r;
        const QString k = combo->currentData().toString();
        const sim::ParamSpec* p = paramSpec(doc_.circuit(), reg_, k);
        if (!p || r >= params_->rowCount()) return;
        const double v = currentValue(doc_.circuit(), *p, k);
        double lo = v != 0 ? v * 0.8 : std::isfinite(p->min) ? p->min : 0.0;
        double hi = v != 0 ? v * 1.2 : std::isfinite(p->max) ? p->max : 1.0;
        if (lo > hi) std::swap(lo, hi);
        lo = std::clamp(lo, p->min, p->max);
        hi = std::clamp(hi, p->min, p->max);
        params_->item(r, ColFrom)->setText(num(lo));
        params_->item(r, ColTo)->setText(num(hi));
        params_->item(r, ColBounds)->setText(boundsText(*p));
        params_->item(r, ColBounds)->setToolTip(QString::fromStdString(p->description));
    };
    params_->setCellWidget(row, ColParam, combo);
    connect(combo, &QComboBox::currentIndexChanged, this, pick);
    combo->setCurrentIndex(std::max(0, combo->findData(key)));
    pick();
}

bool SweepDialog::addParameter(const QString& key, double lo, double hi, int levels, bool logScale) {
    if (!keys_.contains(key)) return false;
    const int row = params_->rowCount();
    params_->insertRow(row);
    buildParameterRow(row, key);
    params_->item(row, ColFrom)->setText(QString::number(lo, 'g', QLocale::FloatingPointShortest));
    params_->item(row, ColTo)->setText(QString::number(hi, 'g', QLocale::FloatingPointShortest));
    static_cast<QSpinBox*>(params_->cellWidget(row, ColLevels))->setValue(levels);
    static_cast<QCheckBox*>(params_->cellWidget(row, ColLog))->setChecked(logScale);
    return true;
}

void SweepDialog::setLatinHypercube(int points, std::uint64_t seed) {
    sampling_->setCurrentIndex(points > 0 ? 1 : 0);
    if (points > 0) lhsPoints_->setValue(points);
    seed_->setValue(static_cast<int>(seed));
}

bool SweepDialog::setConfiguration(const QString& name) {
    const int k = config_->findData(name);
    if (k >= 0) config_->setCurrentIndex(k);
    return k >= 0;
}

void SweepDialog::setJobs(int jobs) { jobs_->setValue(jobs); }
void SweepDialog::setAgainstReference(bool on) { rrmse_->setChecked(on); }

QString SweepDialog::start() {
    if (worker_) return tr("a sweep is running");
    study::SweepOptions opt;
    for (int r = 0; r < params_->rowCount(); ++r) {
        const QString key = static_cast<QComboBox*>(params_->cellWidget(r, ColParam))->currentData().toString();
        const int levels = static_cast<QSpinBox*>(params_->cellWidget(r, ColLevels))->value();
        const bool log = static_cast<QCheckBox*>(params_->cellWidget(r, ColLog))->isChecked();
        // The CLI's syntax, parsed by the CLI's parser: the same checks and messages.
        const QString text = QString("%1=%2:%3:%4%5")
                                 .arg(key, params_->item(r, ColFrom)->text().trimmed(), params_->item(r, ColTo)->text().trimmed())
                                 .arg(levels)
                                 .arg(log ? ":log" : "");
        QString e;
        auto axis = study::parseAxis(text, &e);
        if (!axis) {
            status_->setText(e);
            return e;
        }
        opt.axes.push_back(*axis);
    }
    const model::Circuit circuit = doc_.circuit();
    opt.config = config_->currentData().toString();
    opt.againstReference = rrmse_->isChecked();
    opt.jobs = jobs_->value();
    if (const QString e = study::checkSweep(circuit, reg_, opt); !e.isEmpty()) {
        status_->setText(e);
        return e;
    }
    opt.points = sampling_->currentIndex() == 1
                     ? study::latinHypercube(opt.axes, lhsPoints_->value(), static_cast<std::uint64_t>(seed_->value()))
                     : study::gridPoints(opt.axes);
    options_ = opt;
    stop_.store(false);
    opt.stop = &stop_;
    opt.progress = [this](const study::StudyProgress& p) {
        QMetaObject::invokeMethod(this, [this, p] { showProgress(p); }, Qt::QueuedConnection);
    };
    run_->setEnabled(false);
    cancel_->setEnabled(true);
    export_->setEnabled(false);
    progress_->setValue(0);
    status_->setText(tr("%1 runs of '%2' on %3 worker threads ...").arg(opt.points.size()).arg(opt.config).arg(opt.jobs));
    worker_ = std::make_unique<std::thread>([this, circuit, opt]() {
        study::SweepResult r = study::runSweep(circuit, reg_, opt);
        QMetaObject::invokeMethod(this, [this, r = std::move(r)]() mutable { finish(std::move(r)); }, Qt::QueuedConnection);
    });
    return {};
}

void SweepDialog::cancel() {
    stop_.store(true);
    if (worker_) status_->setText(tr("stopping the runs under way ..."));
}

void SweepDialog::showProgress(const study::StudyProgress& p) {
    if (!worker_) return;
    progress_->setValue(p.total > 0 ? static_cast<int>(1000 * p.completed / p.total) : 0);
    status_->setText(tr("%1 of %2 runs done, %3 elapsed, ETA %4").arg(p.done).arg(p.total).arg(elapsedText(p.elapsed), elapsedText(p.eta)));
}

void SweepDialog::finish(study::SweepResult r) {
    worker_->join();
    worker_.reset();
    result_ = std::move(r);
    run_->setEnabled(true);
    cancel_->setEnabled(false);
    if (!result_.error.isEmpty()) {
        status_->setText(result_.error);
        return;
    }
    table_ = study::sweepTable(options_, result_, {}, study::sweepStatistics());
    results_->clear();
    results_->setColumnCount(static_cast<int>(table_.header.size()));
    results_->setRowCount(static_cast<int>(table_.rows.size()));
    QStringList header;
    for (const auto& h : table_.header) header << QString::fromStdString(h);
    results_->setHorizontalHeaderLabels(header);
    const int statusCol = static_cast<int>(header.indexOf("status"));
    int ok = 0, failed = 0, stopped = 0;
    for (int i = 0; i < results_->rowCount(); ++i) {
        const auto& cells = table_.rows[size_t(i)];
        const bool good = cells[size_t(statusCol)] == "ok";
        ok += good;
        failed += cells[size_t(statusCol)] == "failed";
        stopped += cells[size_t(statusCol)] == "stopped";
        for (int k = 0; k < results_->columnCount(); ++k) {
            auto* item = new QTableWidgetItem(QString::fromStdString(cells[size_t(k)]));
            if (!good) item->setBackground(QColor(255, 225, 225));
            if (k == results_->columnCount() - 1) item->setToolTip(item->text());
            results_->setItem(i, k, item);
        }
    }
    results_->resizeColumnsToContents();
    export_->setEnabled(true);
    progress_->setValue(1000);
    status_->setText(tr("'%1': %2 runs, %3 ok, %4 failed, %5 stopped").arg(result_.config).arg(result_.rows.size()).arg(ok).arg(failed).arg(stopped));
    const QSignalBlocker bx(plotX_), by(plotY_);
    plotX_->clear();
    for (const auto& a : options_.axes) plotX_->addItem(a.key());
    plotY_->clear();
    // the numeric columns after the parameters and status: wall_s, steps, the probes' statistics
    for (int k = statusCol + 1; k + 1 < header.size(); ++k) plotY_->addItem(header[k]);
    plotY_->setCurrentIndex(std::min(2, plotY_->count() - 1));  // the first probe's final value
    updatePlot();
    emit sweepFinished();
}

void SweepDialog::plotColumn(int axis, const QString& column) {
    plotX_->setCurrentIndex(axis);
    plotY_->setCurrentIndex(plotY_->findText(column));
}

void SweepDialog::updatePlot() {
    plot_->clearGraphs();
    const int axis = plotX_->currentIndex();
    const QString yName = plotY_->currentText();
    int col = -1;
    for (size_t k = 0; k < table_.header.size(); ++k)
        if (QString::fromStdString(table_.header[k]) == yName) col = static_cast<int>(k);
    if (axis < 0 || col < 0) {
        plot_->replot();
        return;
    }
    std::vector<std::pair<double, double>> pts;
    for (size_t i = 0; i < table_.rows.size() && i < result_.rows.size(); ++i) {
        bool good = false;
        const double y = QString::fromStdString(table_.rows[i][size_t(col)]).toDouble(&good);
        if (good && std::isfinite(y)) pts.emplace_back(result_.rows[i].point[size_t(axis)], y);
    }
    std::sort(pts.begin(), pts.end());
    QVector<double> xs, ys;
    for (const auto& [x, y] : pts) {
        xs << x;
        ys << y;
    }
    QCPGraph* g = plot_->addGraph();
    g->setData(xs, ys, true);
    // one parameter: a line through the points; several: the points alone (others vary too)
    g->setLineStyle(options_.axes.size() == 1 ? QCPGraph::lsLine : QCPGraph::lsNone);
    g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, 7));
    g->setPen(QPen(QColor(30, 90, 200), 1.5));
    const bool logX = options_.axes[size_t(axis)].logScale;
    plot_->xAxis->setScaleType(logX ? QCPAxis::stLogarithmic : QCPAxis::stLinear);
    if (logX)
        plot_->xAxis->setTicker(QSharedPointer<QCPAxisTickerLog>::create());
    else
        plot_->xAxis->setTicker(QSharedPointer<QCPAxisTicker>::create());
    plot_->xAxis->setLabel(plotX_->currentText() + (units_.value(keys_.indexOf(plotX_->currentText())).isEmpty()
                                                        ? QString()
                                                        : " [" + units_.value(keys_.indexOf(plotX_->currentText())) + "]"));
    plot_->yAxis->setLabel(yName);
    plot_->rescaleAxes();
    // a little margin so that points on the ends are visible
    for (QCPAxis* ax : {plot_->xAxis, plot_->yAxis}) {
        const QCPRange r = ax->range();
        if (ax->scaleType() == QCPAxis::stLinear) {
            const double m = r.size() > 0 ? 0.05 * r.size() : std::max(1e-12, std::abs(r.center()) * 0.05 + 1e-12);
            ax->setRange(r.lower - m, r.upper + m);
        }
        // enough digits for the tick labels to differ on a narrow range far from zero
        const QCPRange now = ax->range();
        const double mag = std::max(std::abs(now.lower), std::abs(now.upper));
        const int digits = now.size() > 0 && mag > 0 ? static_cast<int>(std::ceil(std::log10(mag / now.size()))) + 2 : 6;
        ax->setNumberPrecision(std::clamp(digits, 3, 12));
    }
    plot_->replot();
}

QString SweepDialog::exportCsv(const QString& path) const {
    return study::writeSweepCsv(path, options_, result_, {}, study::sweepStatistics());
}

void SweepDialog::exportDialog() {
    QString path = QFileDialog::getSaveFileName(this, tr("Export sweep results"), QString(), tr("CSV files (*.csv)"));
    if (path.isEmpty()) return;
    if (!path.endsWith(".csv", Qt::CaseInsensitive)) path += ".csv";
    if (const QString e = exportCsv(path); !e.isEmpty()) QMessageBox::warning(this, windowTitle(), e);
}

}  // namespace hs::gui
