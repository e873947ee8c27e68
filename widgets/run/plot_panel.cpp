#include "plot_panel.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QPainter>
#include <QSplitter>
#include <QToolButton>
#include <QVBoxLayout>

#include "run_style.h"

namespace hs::widgets {

namespace {

constexpr int kDefaultShown = 3;  // more stacked plots than this get too flat to read

QIcon lineIcon(const QColor& c, bool thick) {
    QPixmap pm(18, 10);
    pm.fill(Qt::transparent);
    QPainter p(&pm);
    p.setRenderHint(QPainter::Antialiasing);
    p.setPen(QPen(c, thick ? 3.0 : 2.0));
    p.drawLine(1, 5, 17, 5);
    return QIcon(pm);
}

}  // namespace

PlotPanel::PlotPanel(QWidget* parent) : QWidget(parent) {
    auto* top = top_ = new QHBoxLayout;
    top->setContentsMargins(4, 2, 4, 2);
    top->addStretch(1);
    boxZoom_ = new QToolButton;
    boxZoom_->setText(tr("Box zoom"));
    boxZoom_->setCheckable(true);
    boxZoom_->setToolTip(tr("Drag a rectangle to zoom time and value (off: drag pans, wheel zooms time)"));
    auto* reset = new QToolButton;
    reset->setText(tr("Reset view"));
    reset->setToolTip(tr("Show the whole run again and follow it (also: double click)"));
    top->addWidget(boxZoom_);
    top->addWidget(reset);

    plot_ = new TracePlot;
    plot_->setMinimumSize(360, 240);
    probes_ = new QListWidget;
    probes_->setToolTip(tr("Probes to plot"));
    probes_->setMinimumWidth(110);
    legend_ = new QListWidget;
    legend_->setToolTip(tr("Show or hide a configuration in every plot"));
    legend_->setIconSize(QSize(18, 10));
    auto* lists = new QSplitter(Qt::Vertical);
    lists->addWidget(probes_);
    lists->addWidget(legend_);
    auto* split = new QSplitter(Qt::Horizontal);
    split->addWidget(lists);
    split->addWidget(plot_);
    split->setStretchFactor(0, 0);
    split->setStretchFactor(1, 1);
    split->setSizes({170, 800});

    readout_ = new QLabel(tr("Move the mouse over a plot to read every trace at that time."));
    readout_->setWordWrap(true);
    readout_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    readout_->setContentsMargins(6, 2, 6, 2);
    readout_->setMinimumHeight(2 * readout_->fontMetrics().height());

    auto* lay = new QVBoxLayout(this);
    lay->setContentsMargins(0, 0, 0, 0);
    lay->setSpacing(2);
    lay->addLayout(top);
    lay->addWidget(split, 1);
    lay->addWidget(readout_);

    connect(boxZoom_, &QToolButton::toggled, plot_, &TracePlot::setBoxZoom);
    connect(reset, &QToolButton::clicked, plot_, &TracePlot::resetView);
    connect(probes_, &QListWidget::itemChanged, this, [this]() {
        if (!updatingChoice_) onProbeChoiceChanged();
    });
    connect(legend_, &QListWidget::itemChanged, this, [this](QListWidgetItem* item) {
        plot_->setSeriesVisible(legend_->row(item), item->checkState() == Qt::Checked);
    });
    connect(plot_, &TracePlot::cursorMoved, this, [this](double, const QString& html) { readout_->setText(html); });
}

void PlotPanel::beginRun(const std::vector<SeriesInfo>& series, double timeSpan) {
    const QSignalBlocker quiet(legend_);
    legend_->clear();
    for (size_t i = 0; i < series.size(); ++i) {
        auto* item = new QListWidgetItem(lineIcon(configColor(series[i].colorIndex, series[i].reference), !series[i].reference),
                                         series[i].name + (series[i].reference ? tr(" (ref)") : QString()));
        item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
        item->setCheckState(plot_->seriesVisible(static_cast<int>(i)) ? Qt::Checked : Qt::Unchecked);
        item->setToolTip(series[i].reference ? tr("%1: the reference, drawn as a solid dark line").arg(series[i].name)
                                             : series[i].name);
        legend_->addItem(item);
    }
    plot_->beginRun(timeSpan);
}

void PlotPanel::setAvailableProbes(const QStringList& names, const QStringList& units) {
    const QStringList wasShown = shownProbes();
    if (names == availableProbes()) return;
    updatingChoice_ = true;
    probes_->clear();
    for (int i = 0; i < names.size(); ++i) {
        auto* item = new QListWidgetItem(names[i] + (i < units.size() ? "  [" + displayUnit(units[i].toStdString()).label + "]" : QString()));
        item->setData(Qt::UserRole, names[i]);
        item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
        const bool on = wasShown.isEmpty() ? i < kDefaultShown : wasShown.contains(names[i]);
        item->setCheckState(on ? Qt::Checked : Qt::Unchecked);
        probes_->addItem(item);
    }
    updatingChoice_ = false;
    onProbeChoiceChanged();
}

QStringList PlotPanel::availableProbes() const {
    QStringList out;
    for (int i = 0; i < probes_->count(); ++i) out << probes_->item(i)->data(Qt::UserRole).toString();
    return out;
}

QStringList PlotPanel::shownProbes() const {
    QStringList out;
    for (int i = 0; i < probes_->count(); ++i)
        if (probes_->item(i)->checkState() == Qt::Checked) out << probes_->item(i)->data(Qt::UserRole).toString();
    return out;
}

bool PlotPanel::showProbes(const QStringList& wanted) {
    bool any = false;
    for (int i = 0; i < probes_->count(); ++i) any = any || wanted.contains(probes_->item(i)->data(Qt::UserRole).toString());
    if (!any) return false;
    updatingChoice_ = true;
    for (int i = 0; i < probes_->count(); ++i)
        probes_->item(i)->setCheckState(wanted.contains(probes_->item(i)->data(Qt::UserRole).toString()) ? Qt::Checked
                                                                                                         : Qt::Unchecked);
    updatingChoice_ = false;
    onProbeChoiceChanged();
    return true;
}

void PlotPanel::addToolWidget(QWidget* w) { top_->insertWidget(0, w); }

QString PlotPanel::readoutText() const { return readout_->text(); }

void PlotPanel::onProbeChoiceChanged() { plot_->setProbes(shownProbes()); }

}  // namespace hs::widgets
