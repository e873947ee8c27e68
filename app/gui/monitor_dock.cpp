// SPDX-License-Identifier: GPL-3.0-or-later
#include "monitor_dock.h"

#include <QFileInfo>
#include <QGridLayout>
#include <QLabel>
#include <QProgressBar>
#include <QTimer>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

#include "run_workspace.h"
#include "service/comparison.h"
#include "service/run_service.h"
#include "study/parameter_space.h"

namespace hs::gui {

MonitorDock::MonitorDock(QWidget* parent, hs::widgets::RunWorkspace& workspace, const hs::sim::Registry& registry,
                         std::function<model::Circuit()> circuit)
    : QDockWidget(tr("Condition monitor"), parent), workspace_(workspace), registry_(registry), circuit_(std::move(circuit)) {
    setObjectName("monitorDock");
    auto* body = new QWidget(this);
    auto* v = new QVBoxLayout(body);
    status_ = new QLabel(tr("No monitor loaded (Simulation > Condition Monitor...)"), body);
    status_->setWordWrap(true);
    rows_ = new QWidget(body);
    v->addWidget(status_);
    v->addWidget(rows_);
    v->addStretch(1);
    setWidget(body);
    timer_ = new QTimer(this);
    timer_->setInterval(100);
    connect(timer_, &QTimer::timeout, this, &MonitorDock::refresh);
    connect(&workspace_, &hs::widgets::RunWorkspace::runStarted, this, &MonitorDock::onRunStarted);
    connect(&workspace_, &hs::widgets::RunWorkspace::runFinished, this, [this] {
        timer_->stop();
        refresh();
    });
}

QString MonitorDock::load(const QString& path) {
    monitor::MonitorModel m;
    std::string e;
    if (!monitor::loadMonitorModel(path.toStdString(), m, e)) return QString::fromStdString(e);
    const model::Circuit c = circuit_();
    for (const monitor::FaultSpec& f : m.faults) {
        study::ParameterAxis ax;
        ax.component = f.component;
        ax.parameter = f.parameter;
        if (QString ce = study::checkAxis(ax, c, registry_); !ce.isEmpty()) return tr("monitor '%1', fault '%2': %3").arg(path, f.name, ce);
    }
    QStringList have;
    for (const auto& p : c.probes) have << p.name;
    probes_.clear();
    for (const auto* list : {&m.sensors, &m.reference})
        for (const monitor::SignalSpec& g : *list) {
            if (!have.contains(g.probe)) return tr("monitor '%1' reads the probe '%2', which the circuit does not define").arg(path, g.probe);
            if (std::find(probes_.begin(), probes_.end(), g.probe) == probes_.end()) probes_.push_back(g.probe);
        }
    model_ = std::move(m);
    modelPath_ = path;
    twin_.clear();
    buildRows();
    status_->setText(tr("Monitor %1 (%2 faults, trained on %3). Run to see its estimates.")
                         .arg(QFileInfo(path).fileName()).arg(model_.faults.size())
                         .arg(QString::fromStdString(model_.infoValue("circuit"))));
    return {};
}

void MonitorDock::buildRows() {
    delete rows_->layout();
    qDeleteAll(rows_->findChildren<QWidget*>(QString(), Qt::FindDirectChildrenOnly));
    auto* g = new QGridLayout(rows_);
    bars_.clear();
    levelLabels_.clear();
    shown_.assign(model_.faults.size(), std::nan(""));
    levels_.assign(model_.faults.size(), -1);
    for (size_t f = 0; f < model_.faults.size(); ++f) {
        const monitor::FaultSpec& fs = model_.faults[f];
        auto* name = new QLabel(fs.name, rows_);
        name->setToolTip(tr("%1, levels %2 .. %3 %4 (the first fault-free; the bar grows from it to the farthest level)")
                             .arg(fs.key()).arg(fs.levels.front() * fs.display).arg(fs.levels.back() * fs.display).arg(fs.unit));
        auto* bar = new QProgressBar(rows_);
        bar->setRange(0, 1000);
        bar->setValue(0);
        bar->setFormat(tr("-"));
        bar->setMinimumWidth(160);
        auto* lv = new QLabel(tr("level -"), rows_);
        g->addWidget(name, static_cast<int>(f), 0);
        g->addWidget(bar, static_cast<int>(f), 1);
        g->addWidget(lv, static_cast<int>(f), 2);
        bars_.push_back(bar);
        levelLabels_.push_back(lv);
    }
}

void MonitorDock::onRunStarted() {
    if (model_.faults.empty()) return;
    // The fault-free twin under the same demand, for the reference inputs.
    monitor::MonitorSpec twinSpec;
    twinSpec.faults = model_.faults;
    model::Circuit twin = monitor::faultFreeCircuit(circuit_(), twinSpec);
    twin.recordInterval = std::min(twin.recordInterval, model_.sampleInterval);
    const QString cfgName = QString::fromStdString(model_.infoValue("configuration"));
    const model::SolverConfigDoc* cfg = twin.config(cfgName) ? twin.config(cfgName) : twin.reference();
    twin_.clear();
    twinError_.clear();
    if (!cfg) {
        twinError_ = tr("the circuit has no reference configuration");
    } else if (!model_.reference.empty()) {
        const double duration = workspace_.service().status(0).duration > 0 ? workspace_.service().status(0).duration : twin.duration;
        const sim::RunResult r = service::runConfiguration(twin, *cfg, registry_, duration);
        if (!r.ok) twinError_ = tr("the fault-free twin failed: %1").arg(QString::fromStdString(r.error));
        else twin_ = monitor::sampleTrace(r.trace, probes_, model_.sampleInterval,
                                          static_cast<int>(std::floor(duration / model_.sampleInterval + 1e-9)) + 1, &twinError_);
    }
    buildRows();
    timer_->start();
    refresh();
}

void MonitorDock::refresh() {
    if (model_.faults.empty()) return;
    if (!twinError_.isEmpty()) { status_->setText(twinError_); return; }
    const service::RunService& run = workspace_.service();
    const auto& cmp = run.comparison();
    const QString want = QString::fromStdString(model_.infoValue("configuration"));
    int idx = run.referenceIndex();
    for (int i = 0; i < static_cast<int>(cmp.configs.size()); ++i)
        if (cmp.configs[static_cast<size_t>(i)].name == want) idx = i;
    if (idx < 0 || idx >= static_cast<int>(cmp.configs.size())) { status_->setText(tr("No configuration of this run to watch")); return; }
    const sim::Trace& tr_ = cmp.configs[static_cast<size_t>(idx)].result.trace;
    if (tr_.time.size() < 2) return;
    int count = static_cast<int>(std::floor(tr_.time.back() / model_.sampleInterval + 1e-9)) + 1;
    if (!twin_.empty()) count = std::min<int>(count, static_cast<int>(twin_.front().size()));
    if (count < model_.window + model_.filterWindow + model_.quantiseWindow) {
        status_->setText(tr("Watching '%1': waiting for %2 samples").arg(cmp.configs[static_cast<size_t>(idx)].name)
                             .arg(model_.window + model_.filterWindow + model_.quantiseWindow));
        return;
    }
    QString e;
    const auto live = monitor::sampleTrace(tr_, probes_, model_.sampleInterval, count, &e);
    if (!e.isEmpty()) { status_->setText(e); return; }
    std::vector<std::vector<double>> ref = twin_;
    for (auto& col : ref) col.resize(static_cast<size_t>(count));
    if (ref.empty()) ref = live;  // a model without reference inputs never reads it
    const monitor::Estimates est = monitor::estimate(model_, probes_, live, ref);
    if (est.time.empty()) return;
    for (size_t f = 0; f < model_.faults.size(); ++f) {
        const monitor::FaultSpec& fs = model_.faults[f];
        const double y = est.filter[f].back();
        const int lv = est.level[f].back();
        shown_[f] = y;
        levels_[f] = lv;
        // The bar grows from the fault-free level (empty) to the level farthest from it (full),
        // whichever way the levels run (the supply pressure's fall from 100 to 20 bar).
        double far = fs.levels.front();
        for (double v : fs.levels)
            if (std::abs(v - fs.levels.front()) > std::abs(far - fs.levels.front())) far = v;
        const double frac = (model_.physical(static_cast<int>(f), y) - fs.levels.front()) / (far - fs.levels.front());
        bars_[f]->setValue(std::clamp(static_cast<int>(std::lround(frac * 1000)), 0, 1000));
        bars_[f]->setFormat(QString("%1 %2").arg(model_.physical(static_cast<int>(f), y) * fs.display, 0, 'g', 3).arg(fs.unit));
        levelLabels_[f]->setText(lv < 0 ? tr("level -")
                                        : tr("level %1 (%2)").arg(lv + 1).arg(fs.levels[static_cast<size_t>(lv)] * fs.display, 0, 'g', 3));
        QFont font = levelLabels_[f]->font();
        font.setBold(lv > 0);
        levelLabels_[f]->setFont(font);
    }
    status_->setText(tr("Watching '%1' at t = %2 s (%3 estimates, every %4 s)")
                         .arg(cmp.configs[static_cast<size_t>(idx)].name).arg(est.time.back(), 0, 'f', 2).arg(est.time.size())
                         .arg(model_.sampleInterval));
}

}  // namespace hs::gui
