// SPDX-License-Identifier: GPL-3.0-or-later
#include "advisor_dialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QUndoStack>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <qcustomplot.h>

#include "commands/configs_command.h"
#include "model/circuit_document.h"
#include "study/advisor_file.h"
#include "study/pareto.h"

namespace hs::gui {

namespace {

QString g3(double v) { return QString::number(v, 'g', 3); }

}  // namespace

AdvisorDialog::AdvisorDialog(model::CircuitDocument& doc, QUndoStack& undo, const sim::Registry& reg, QWidget* parent)
    : QDialog(parent), doc_(doc), undo_(undo), reg_(reg) {
    const model::Circuit& c = doc_.circuit();
    setWindowTitle(tr("Find the fastest configuration: %1").arg(c.name));
    resize(900, 760);
    auto* lay = new QVBoxLayout(this);
    auto* intro = new QLabel(
        tr("Searches the registry's steppers, steps and tolerances and the pressure methods of the volumes for the "
           "configuration with the least CPU time whose error (the largest RRMSE over the probes) against the "
           "reference '%1' is within the bound (docs/many-runs.md).")
            .arg(c.reference() ? c.reference()->name : tr("(none: mark a configuration as reference)")),
        this);
    intro->setWordWrap(true);
    lay->addWidget(intro);
    auto* form = new QFormLayout;
    bound_ = new QDoubleSpinBox(this);
    bound_->setRange(0.001, 100);
    bound_->setDecimals(3);
    bound_->setValue(1.0);
    bound_->setSuffix(tr(" % RRMSE"));
    form->addRow(tr("Error bound:"), bound_);
    probes_ = new QLineEdit(this);
    QStringList names;
    for (const auto& p : c.probes) names << p.name;
    probes_->setPlaceholderText(names.isEmpty() ? tr("every probe") : tr("every probe: %1").arg(names.join(", ")));
    probes_->setToolTip(tr("Probes compared with the reference, comma separated; empty: every probe"));
    form->addRow(tr("Probes:"), probes_);
    budget_ = new QDoubleSpinBox(this);
    budget_->setRange(1, 36000);
    budget_->setDecimals(0);
    budget_->setValue(120);
    budget_->setSuffix(tr(" s"));
    budget_->setToolTip(tr("Wall time of the whole search (the first confirmation over the full duration always finishes)"));
    form->addRow(tr("Time budget:"), budget_);
    auto* row = new QHBoxLayout;
    depth_ = new QComboBox(this);
    depth_->addItems({tr("methods with their defaults"), tr("and each option of their choices"),
                      tr("and number parameters at 1/10 and 10x")});
    depth_->setCurrentIndex(1);
    jobs_ = new QSpinBox(this);
    jobs_->setRange(1, 1024);
    jobs_->setValue(study::defaultJobs());
    jobs_->setSuffix(tr(" worker threads"));
    fileConfigs_ = new QCheckBox(tr("Also time the file's configurations"), this);
    row->addWidget(depth_);
    row->addWidget(jobs_);
    row->addWidget(fileConfigs_);
    row->addStretch(1);
    form->addRow(tr("Search:"), row);
    lay->addLayout(form);

    auto* ctl = new QHBoxLayout;
    start_ = new QPushButton(tr("Start"), this);
    start_->setObjectName("advisorStart");
    start_->setDefault(true);
    cancel_ = new QPushButton(tr("Cancel"), this);
    cancel_->setEnabled(false);
    progress_ = new QProgressBar(this);
    progress_->setRange(0, 1000);
    progress_->setValue(0);
    connect(start_, &QPushButton::clicked, this, [this] {
        const QString e = start();
        if (!e.isEmpty()) QMessageBox::warning(this, windowTitle(), e);
    });
    connect(cancel_, &QPushButton::clicked, this, &AdvisorDialog::cancel);
    ctl->addWidget(start_);
    ctl->addWidget(cancel_);
    ctl->addWidget(progress_, 1);
    lay->addLayout(ctl);
    status_ = new QLabel(this);
    status_->setObjectName("advisorStatus");
    status_->setWordWrap(true);
    status_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    lay->addWidget(status_);

    plot_ = new QCustomPlot(this);
    plot_->setObjectName("advisorFront");
    plot_->setMinimumHeight(320);
    plot_->xAxis->setLabel(tr("CPU time over the full duration [s]"));
    plot_->yAxis->setLabel(tr("error: largest RRMSE over the probes [%]"));
    plot_->xAxis->setScaleType(QCPAxis::stLogarithmic);
    plot_->xAxis->setTicker(QSharedPointer<QCPAxisTickerLog>::create());
    plot_->legend->setVisible(true);
    plot_->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignRight);
    plot_->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    connect(plot_, &QCustomPlot::plottableClick, this, [this](QCPAbstractPlottable* p, int dataIndex, QMouseEvent*) {
        for (const auto& [g, idx] : clickable_)
            if (g == p && dataIndex >= 0 && dataIndex < static_cast<int>(idx.size())) addRun(idx[size_t(dataIndex)]);
    });
    lay->addWidget(plot_, 1);
    picked_ = new QLabel(tr("Click a point to add its configuration to the circuit (Edit > Undo takes it back)."), this);
    picked_->setObjectName("advisorPicked");
    picked_->setWordWrap(true);
    lay->addWidget(picked_);
}

AdvisorDialog::~AdvisorDialog() {
    stop_.store(true);
    if (worker_) worker_->join();
}

void AdvisorDialog::setErrorBound(double percent) { bound_->setValue(percent); }
void AdvisorDialog::setProbes(const QStringList& probes) { probes_->setText(probes.join(", ")); }
void AdvisorDialog::setBudget(double seconds) { budget_->setValue(seconds); }
void AdvisorDialog::setDepth(int depth) { depth_->setCurrentIndex(std::clamp(depth, 0, 2)); }
void AdvisorDialog::setJobs(int jobs) { jobs_->setValue(jobs); }
void AdvisorDialog::setWithFileConfigs(bool on) { fileConfigs_->setChecked(on); }

QString AdvisorDialog::start() {
    if (worker_) return tr("the search is running");
    const model::Circuit circuit = doc_.circuit();
    if (!circuit.reference()) {
        const QString e = tr("the circuit has no reference configuration: the advisor measures errors against it");
        status_->setText(e);
        return e;
    }
    study::AdvisorOptions opt;
    opt.errorBound = bound_->value();
    for (const QString& p : probes_->text().split(',', Qt::SkipEmptyParts)) opt.probes << p.trimmed();
    opt.budget = budget_->value();
    opt.space.depth = depth_->currentIndex();
    opt.jobs = jobs_->value();
    opt.withFileConfigs = fileConfigs_->isChecked();
    stop_.store(false);
    opt.stop = &stop_;
    opt.progress = [this](const QString& phase, const study::StudyProgress& p) {
        QMetaObject::invokeMethod(this, [this, phase, p] { showProgress(phase, p); }, Qt::QueuedConnection);
    };
    start_->setEnabled(false);
    cancel_->setEnabled(true);
    progress_->setValue(0);
    status_->setText(tr("reference ..."));
    worker_ = std::make_unique<std::thread>([this, circuit, opt]() {
        study::AdvisorResult r = study::advise(circuit, reg_, opt);
        QMetaObject::invokeMethod(this, [this, r = std::move(r)]() mutable { finish(std::move(r)); }, Qt::QueuedConnection);
    });
    return {};
}

void AdvisorDialog::cancel() {
    stop_.store(true);
    if (worker_) status_->setText(tr("stopping the search ..."));
}

void AdvisorDialog::showProgress(const QString& phase, const study::StudyProgress& p) {
    if (!worker_ || stop_.load()) return;
    // The budget bounds the search: the bar shows the share of it used, the text the phase.
    progress_->setValue(static_cast<int>(1000 * std::min(1.0, p.elapsed / std::max(1.0, budget_->value()))));
    status_->setText(tr("%1: %2 of %3 done, %4 s elapsed of the %5 s budget")
                         .arg(phase)
                         .arg(p.done)
                         .arg(p.total)
                         .arg(QString::number(p.elapsed, 'f', 1))
                         .arg(budget_->value()));
}

void AdvisorDialog::finish(study::AdvisorResult r) {
    worker_->join();
    worker_.reset();
    result_ = std::move(r);
    start_->setEnabled(true);
    cancel_->setEnabled(false);
    progress_->setValue(1000);
    if (!result_.error.isEmpty()) {
        status_->setText(result_.error);
        drawFront();
        return;
    }
    QStringList lines;
    int ok = 0;
    for (const auto& s : result_.shortRuns) ok += s.ok;
    lines << tr("%1 families, %2 runs on the first %3 s (%4 ran to the end), %5 runs over %6 s; %7 s wall")
                 .arg(result_.families)
                 .arg(result_.shortRuns.size())
                 .arg(g3(result_.span))
                 .arg(ok)
                 .arg(result_.fullRuns.size())
                 .arg(g3(result_.duration))
                 .arg(QString::number(result_.elapsed, 'f', 1));
    if (result_.winner > 0) {
        const study::AdvisorRun& w = result_.fullRuns[size_t(result_.winner)];
        lines << tr("winner: %1: %2 s CPU (reference %3 s: %4x faster), error %5 %")
                     .arg(w.config.name, g3(w.cpu), g3(result_.fullRuns[0].cpu), g3(result_.fullRuns[0].cpu / w.cpu), g3(w.error));
    } else {
        lines << tr("no configuration faster than the reference met the bound");
    }
    for (const auto& n : result_.notes) lines << tr("note: ") + n;
    status_->setText(lines.join('\n'));
    drawFront();
    emit searchFinished();
}

void AdvisorDialog::drawFront() {
    plot_->clearGraphs();
    plot_->clearItems();
    clickable_.clear();
    runsGraph_ = nullptr;
    runsIndex_.clear();
    const auto& runs = result_.fullRuns;
    // One graph per kind of point, its data sorted by CPU time (QCPGraph keeps data by key), with
    // the run index of each point kept in the same order for clicks.
    auto graph = [&](const QString& name, const std::vector<int>& which, QCPScatterStyle style, QPen pen, bool line) {
        std::vector<int> idx;
        for (int i : which)
            if (runs[size_t(i)].ok && runs[size_t(i)].cpu > 0 && std::isfinite(runs[size_t(i)].error)) idx.push_back(i);
        std::stable_sort(idx.begin(), idx.end(), [&](int a, int b) { return runs[size_t(a)].cpu < runs[size_t(b)].cpu; });
        QVector<double> x, y;
        for (int i : idx) {
            x << runs[size_t(i)].cpu;
            y << runs[size_t(i)].error;
        }
        QCPGraph* g = plot_->addGraph();
        g->setName(name);
        g->setData(x, y, true);
        g->setScatterStyle(style);
        g->setPen(pen);
        g->setLineStyle(line ? QCPGraph::lsStepLeft : QCPGraph::lsNone);
        clickable_.emplace_back(g, idx);
        return std::make_pair(g, idx);
    };
    std::vector<int> own, file, winner;
    for (int i = 0; i < static_cast<int>(runs.size()); ++i) (runs[size_t(i)].family == "file" ? file : own).push_back(i);
    if (result_.winner >= 0) winner.push_back(result_.winner);
    auto [g, idx] = graph(tr("advisor's runs (full duration)"), own, QCPScatterStyle(QCPScatterStyle::ssCircle, QColor(120, 120, 120), 6),
                          QPen(Qt::gray), false);
    runsGraph_ = g;
    runsIndex_ = idx;
    graph(tr("Pareto front"), result_.front, QCPScatterStyle(QCPScatterStyle::ssDisc, QColor(30, 90, 200), 7), QPen(QColor(30, 90, 200), 1.5),
          true);
    if (!file.empty())
        graph(tr("the file's configurations"), file, QCPScatterStyle(QCPScatterStyle::ssDiamond, QColor(230, 130, 0), 9),
              QPen(QColor(230, 130, 0)), false);
    if (!file.empty()) clickable_.pop_back();  // already in the circuit
    graph(tr("winner"), winner, QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(Qt::red, 2.5), Qt::NoBrush, 15), QPen(Qt::red), false);
    // the error bound
    auto* boundLine = new QCPItemStraightLine(plot_);
    boundLine->point1->setCoords(1e-9, bound_->value());
    boundLine->point2->setCoords(1e9, bound_->value());
    boundLine->setPen(QPen(Qt::red, 1, Qt::DashLine));
    auto* boundText = new QCPItemText(plot_);
    boundText->setPositionAlignment(Qt::AlignLeft | Qt::AlignBottom);
    boundText->position->setTypeX(QCPItemPosition::ptAxisRectRatio);
    boundText->position->setTypeY(QCPItemPosition::ptPlotCoords);
    boundText->position->setCoords(0.01, bound_->value());
    boundText->setText(tr("bound %1 %").arg(g3(bound_->value())));
    boundText->setColor(Qt::red);
    plot_->rescaleAxes();
    const QCPRange xr = plot_->xAxis->range();
    plot_->xAxis->setRange(xr.lower / 1.5, xr.upper * 1.5);
    const QCPRange yr = plot_->yAxis->range();
    plot_->yAxis->setRange(-0.05 * std::max(yr.upper, bound_->value()), 1.1 * std::max(yr.upper, bound_->value()));
    plot_->replot();
}

QString AdvisorDialog::addRun(int index) {
    if (index < 0 || index >= static_cast<int>(result_.fullRuns.size()) || !result_.fullRuns[size_t(index)].ok) return {};
    const study::AdvisorRun& r = result_.fullRuns[size_t(index)];
    model::SolverConfigDoc cfg = r.config;
    cfg.reference = false;
    cfg.name = study::uniqueConfigName(doc_.circuit(), cfg.name);
    std::vector<model::SolverConfigDoc> configs = doc_.circuit().configs;
    configs.push_back(cfg);
    undo_.push(new widgets::ConfigsCommand(&doc_, configs, tr("Add configuration '%1' (advisor)").arg(cfg.name)));
    picked_->setText(tr("Added '%1' to the circuit: %2 s CPU, error %3 % (Edit > Undo takes it back).")
                         .arg(cfg.name, g3(r.cpu), g3(r.error)));
    emit configurationAdded(cfg.name);
    return cfg.name;
}

}  // namespace hs::gui
