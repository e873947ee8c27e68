// SPDX-License-Identifier: GPL-3.0-or-later
#include "plot_panel.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QPainter>
#include <QSplitter>
#include <QTableWidget>
#include <QToolButton>
#include <QVBoxLayout>

#include "run_style.h"

#include <algorithm>

namespace hs::widgets {

namespace {

constexpr int kDefaultShown = 3;  // more stacked plots than this get too flat to read

// More configurations than this (the solid colours there are): only the reference and the
// preferred ones (the configuration selected in the editor) are plotted at first; the legend
// shows the others, unchecked. Circuit 2's ten are all plotted, three-orifice's 15 are not.
constexpr int kPlotAllUpTo = 12;

QIcon lineIcon(const QColor& c, bool thick, Qt::PenStyle dash = Qt::SolidLine) {
    QPixmap pm(24, 10);
    pm.fill(Qt::transparent);
    QPainter p(&pm);
    p.setRenderHint(QPainter::Antialiasing);
    QPen pen(c, thick ? 2.5 : 2.0, dash);
    pen.setCapStyle(Qt::FlatCap);
    p.setPen(pen);
    p.drawLine(1, 5, 23, 5);
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
    deltaButton_ = new QToolButton;
    deltaButton_->setObjectName("deltaCursors");
    deltaButton_->setText(tr("Cursors A/B"));
    deltaButton_->setCheckable(true);
    deltaButton_->setToolTip(tr("Two cursors, A and B, to drag along time: the table reads every plotted trace at A, "
                                "at B and B\u2212A, with \u0394t and 1/\u0394t"));
    top->addWidget(deltaButton_);
    top->addWidget(boxZoom_);
    top->addWidget(reset);

    plot_ = new TracePlot;
    plot_->setMinimumSize(360, 240);
    probes_ = new QListWidget;
    probes_->setToolTip(tr("Probes to plot"));
    probes_->setMinimumWidth(110);
    legend_ = new QListWidget;
    legend_->setObjectName("plotLegend");
    legend_->setToolTip(tr("Show or hide a configuration in every plot"));
    legend_->setIconSize(QSize(24, 10));
    // Long configuration names are read in full (scroll sideways), never cut to "TLM at 0.0001 s".
    legend_->setTextElideMode(Qt::ElideNone);
    legend_->setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    legend_->setHorizontalScrollMode(QAbstractItemView::ScrollPerPixel);
    plotted_ = new QLabel;
    plotted_->setContentsMargins(2, 0, 0, 0);
    auto* all = new QToolButton;
    all->setText(tr("All"));
    all->setToolTip(tr("Plot every configuration"));
    auto* refOnly = new QToolButton;
    refOnly->setText(tr("Ref + selected"));
    refOnly->setToolTip(tr("Plot only the reference and the configuration selected in the editor"));
    auto* legendBox = new QWidget;
    auto* legendLay = new QVBoxLayout(legendBox);
    legendLay->setContentsMargins(0, 0, 0, 0);
    legendLay->setSpacing(1);
    auto* legendTools = new QHBoxLayout;
    legendTools->setSpacing(2);
    legendTools->addWidget(plotted_, 1);
    legendTools->addWidget(all);
    legendTools->addWidget(refOnly);
    legendLay->addLayout(legendTools);
    legendLay->addWidget(legend_, 1);
    auto* lists = new QSplitter(Qt::Vertical);
    lists->addWidget(probes_);
    lists->addWidget(legendBox);
    lists->setStretchFactor(0, 1);
    lists->setStretchFactor(1, 3);
    auto* split = new QSplitter(Qt::Horizontal);
    split->addWidget(lists);
    split->addWidget(plot_);
    split->setStretchFactor(0, 0);
    split->setStretchFactor(1, 1);
    split->setSizes({220, 800});
    split_ = split;

    // The cursor readout: a compact table (a row per plotted configuration, a column per probe)
    // of bounded height that scrolls, so that 50 configurations never squeeze the plots.
    readout_ = new QLabel(tr("Move the mouse over a plot to read every trace at that time."));
    readout_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    readout_->setContentsMargins(6, 2, 6, 2);
    readoutTable_ = new QTableWidget;
    readoutTable_->setObjectName("cursorReadout");
    readoutTable_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    readoutTable_->setSelectionMode(QAbstractItemView::ContiguousSelection);
    readoutTable_->verticalHeader()->hide();
    readoutTable_->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    readoutTable_->verticalHeader()->setDefaultSectionSize(readoutTable_->fontMetrics().height() + 4);
    readoutTable_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    readoutTable_->setIconSize(QSize(24, 10));
    readoutTable_->setWordWrap(false);
    readoutTable_->setFixedHeight(readoutTable_->horizontalHeader()->sizeHint().height() +
                                  kReadoutRows * readoutTable_->verticalHeader()->defaultSectionSize() + 4);
    readoutTable_->hide();

    auto* lay = new QVBoxLayout(this);
    lay->setContentsMargins(0, 0, 0, 0);
    lay->setSpacing(2);
    lay->addLayout(top);
    lay->addWidget(split, 1);
    lay->addWidget(readout_);
    lay->addWidget(readoutTable_);

    connect(boxZoom_, &QToolButton::toggled, plot_, &TracePlot::setBoxZoom);
    connect(reset, &QToolButton::clicked, plot_, &TracePlot::resetView);
    connect(probes_, &QListWidget::itemChanged, this, [this]() {
        if (!updatingChoice_) onProbeChoiceChanged();
    });
    connect(legend_, &QListWidget::itemChanged, this, [this](QListWidgetItem* item) {
        plot_->setSeriesVisible(legend_->row(item), item->checkState() == Qt::Checked);
        updatePlottedLabel();
    });
    connect(all, &QToolButton::clicked, this, [this] { checkSeries([](int, bool) { return true; }); });
    connect(refOnly, &QToolButton::clicked, this, [this] {
        checkSeries([this](int i, bool reference) { return reference || preferred_.contains(seriesNames_.value(i)); });
    });
    connect(deltaButton_, &QToolButton::toggled, this, [this](bool on) {
        plot_->setDeltaCursors(on);
        if (!on) clearReadout();
    });
    connect(plot_, &TracePlot::deltaCursorsChanged, this, [this] {
        if (plot_->deltaCursors()) showDeltaReadout();
    });
    // With cursors A and B on, the table stays on them; the mouse only moves its dotted line.
    connect(plot_, &TracePlot::cursorMoved, this, [this](double t, const QString&) {
        if (!plot_->deltaCursors()) showReadout(t);
    });
    connect(plot_, &TracePlot::cursorLeft, this, [this] {
        if (!plot_->deltaCursors()) clearReadout();
    });
}

void PlotPanel::clearReadout() {
    readoutTable_->hide();
    readoutTable_->setRowCount(0);
    readout_->setText(tr("Move the mouse over a plot to read every trace at that time."));
}

void PlotPanel::checkSeries(const std::function<bool(int, bool)>& on) {
    {
        const QSignalBlocker quiet(legend_);
        for (int i = 0; i < legend_->count(); ++i) {
            const bool v = on(i, legend_->item(i)->data(Qt::UserRole).toBool());
            legend_->item(i)->setCheckState(v ? Qt::Checked : Qt::Unchecked);
            plot_->setSeriesVisible(i, v);
        }
    }
    updatePlottedLabel();
}

void PlotPanel::updatePlottedLabel() {
    int n = 0;
    for (int i = 0; i < legend_->count(); ++i) n += legend_->item(i)->checkState() == Qt::Checked;
    plotted_->setText(tr("%1 of %2 plotted").arg(n).arg(legend_->count()));
}

void PlotPanel::showReadout(double t) {
    const TracePlot::Readout r = plot_->readoutTable(t);
    readout_->setText(tr("<b>t = %1 s</b>  (%n configuration(s) plotted)", nullptr, static_cast<int>(r.lines.size()))
                          .arg(QString::number(t, 'g', 6)));
    fillReadoutTable(r);
}

void PlotPanel::showDeltaReadout() {
    const double a = plot_->cursorTime(DeltaCursors::A), b = plot_->cursorTime(DeltaCursors::B);
    const double dt = b - a;
    const QString inverse = dt != 0 ? QString::number(1.0 / dt, 'g', 5) + " Hz" : QString::fromUtf8("\u2013");
    readout_->setText(tr("<b style='color:%1'>A</b> %2 s &nbsp; <b style='color:%3'>B</b> %4 s &nbsp; "
                         "<b>\u0394t</b> = B\u2212A = %5 s &nbsp; <b>1/\u0394t</b> = %6")
                          .arg(deltaCursorColour(DeltaCursors::A).name(), QString::number(a, 'g', 6),
                               deltaCursorColour(DeltaCursors::B).name(), QString::number(b, 'g', 6),
                               QString::number(dt, 'g', 6), inverse));
    fillReadoutTable(plot_->deltaReadout());
}

void PlotPanel::fillReadoutTable(const TracePlot::Readout& r) {
    readoutTable_->setColumnCount(static_cast<int>(r.columns.size()) + 1);
    readoutTable_->setHorizontalHeaderLabels(QStringList{tr("configuration")} + r.columns);
    readoutTable_->setRowCount(static_cast<int>(r.lines.size()));
    for (int i = 0; i < static_cast<int>(r.lines.size()); ++i) {
        const auto& line = r.lines[static_cast<size_t>(i)];
        auto cell = [&](int c) {
            QTableWidgetItem* it = readoutTable_->item(i, c);
            if (!it) {
                it = new QTableWidgetItem;
                if (c > 0) it->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
                readoutTable_->setItem(i, c, it);
            }
            return it;
        };
        QTableWidgetItem* name = cell(0);
        name->setText(line.name);
        name->setIcon(lineIcon(line.colour, true, line.dash));
        name->setToolTip(line.name);
        for (int c = 0; c < static_cast<int>(line.cells.size()); ++c) cell(c + 1)->setText(line.cells[c]);
    }
    readoutTable_->setVisible(!r.lines.empty());
}

QTableWidget* PlotPanel::readoutTable() const { return readoutTable_; }

void PlotPanel::setPreferredConfigs(const QStringList& names) { preferred_ = names; }

void PlotPanel::beginRun(const std::vector<SeriesInfo>& series, double timeSpan) {
    const QSignalBlocker quiet(legend_);
    legend_->clear();
    // Nothing of the last run's hover readout stays (a new run, or another circuit opened);
    // cursors A and B stay on and fill their table again as the new run's samples come in.
    clearReadout();
    QStringList names;
    for (const auto& si : series) names << si.name;
    // A new set of configurations starts from the default choice; the same set keeps the user's.
    const bool fresh = names != seriesNames_;
    seriesNames_ = names;
    const bool many = static_cast<int>(series.size()) > kPlotAllUpTo;
    for (size_t i = 0; i < series.size(); ++i) {
        auto* item = new QListWidgetItem(lineIcon(configColor(series[i].colorIndex, series[i].reference), !series[i].reference,
                                                  configDash(series[i].colorIndex, series[i].reference)),
                                         series[i].name + (series[i].reference ? tr(" (ref)") : QString()));
        item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
        item->setData(Qt::UserRole, series[i].reference);
        if (fresh) plot_->setSeriesVisible(static_cast<int>(i), !many || series[i].reference || preferred_.contains(series[i].name));
        item->setCheckState(plot_->seriesVisible(static_cast<int>(i)) ? Qt::Checked : Qt::Unchecked);
        item->setToolTip(series[i].reference ? tr("%1: the reference, drawn as a solid dark line").arg(series[i].name)
                                             : series[i].name);
        legend_->addItem(item);
    }
    // Wide enough for the longest name (up to a third of the panel); the rest scrolls sideways.
    int w = 0;
    for (int i = 0; i < legend_->count(); ++i) w = std::max(w, legend_->fontMetrics().horizontalAdvance(legend_->item(i)->text()));
    w += legend_->iconSize().width() + 56;
    if (split_ && legend_->count() > 0) {
        const int total = std::max(split_->width(), 600);
        const int side = std::clamp(w, 170, total / 3);
        split_->setSizes({side, total - side});
    }
    updatePlottedLabel();
    plot_->beginRun(timeSpan);
    if (plot_->deltaCursors()) showDeltaReadout();
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

QString PlotPanel::readoutText() const {
    QString s = readout_->text();
    for (int r = 0; r < readoutTable_->rowCount(); ++r) {
        QStringList cells;
        for (int c = 0; c < readoutTable_->columnCount(); ++c)
            cells << (readoutTable_->item(r, c) ? readoutTable_->item(r, c)->text() : QString());
        s += '\n' + cells.join('\t');
    }
    return s;
}

void PlotPanel::onProbeChoiceChanged() { plot_->setProbes(shownProbes()); }

}  // namespace hs::widgets
