// SPDX-License-Identifier: GPL-3.0-or-later
#include "trace_plot.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "run_style.h"

namespace hs::widgets {

namespace {

// Min and max of each of TracePlot::kLiveBuckets time buckets, in time order.
void envelope(const std::vector<double>& t, const std::vector<double>& col, double scale, QVector<double>& k, QVector<double>& v) {
    if (t.empty()) return;
    const double width = std::max(t.back(), 1e-300) / TracePlot::kLiveBuckets;
    size_t i = 0;
    while (i < t.size()) {
        const auto b = static_cast<long long>(t[i] / width);
        size_t lo = i, hi = i;
        for (; i < t.size() && static_cast<long long>(t[i] / width) == b; ++i) {
            if (col[i] < col[lo]) lo = i;
            if (col[i] > col[hi]) hi = i;
        }
        for (size_t m : {std::min(lo, hi), std::max(lo, hi)}) {
            if (!k.isEmpty() && k.back() == t[m]) continue;
            k.append(t[m]);
            v.append(col[m] * scale);
        }
    }
}

constexpr double kNan = std::numeric_limits<double>::quiet_NaN();

void styleAxis(QCPAxis* a) {
    QFont f = a->tickLabelFont();
    f.setPointSizeF(8);
    a->setTickLabelFont(f);
    a->setLabelFont(f);
    a->setBasePen(QPen(QColor(120, 120, 120)));
    a->setTickPen(QPen(QColor(120, 120, 120)));
    a->setSubTickPen(QPen(QColor(160, 160, 160)));
    a->setTickLabelColor(QColor(60, 60, 60));
    a->setLabelColor(QColor(40, 40, 40));
    a->grid()->setPen(QPen(QColor(228, 228, 228), 0));
    a->grid()->setZeroLinePen(Qt::NoPen);
}

// Linear interpolation in a graph's data; nan outside its span.
double valueAt(const QCPGraph* g, double t) {
    const auto d = g->data();
    if (d->isEmpty() || t < d->constBegin()->key || t > (d->constEnd() - 1)->key) return kNan;
    auto it = d->findBegin(t, true);
    auto next = it + 1;
    if (next == d->constEnd() || next->key == it->key) return it->value;
    const double w = (t - it->key) / (next->key - it->key);
    return it->value + w * (next->value - it->value);
}

void widen(double& lo, double& hi, double v) {
    if (!std::isfinite(v)) return;
    if (v < lo) lo = v;
    if (v > hi) hi = v;
}

QCPRange padded(double lo, double hi) {
    if (lo > hi) return {0, 1};
    if (lo == hi) {
        const double d = lo == 0 ? 1 : std::abs(lo) * 0.05;
        return {lo - d, hi + d};
    }
    const double m = 0.06 * (hi - lo);
    return {lo - m, hi + m};
}

}  // namespace

TracePlot::TracePlot(QWidget* parent) : QCustomPlot(parent) {
    setNoAntialiasingOnDrag(true);
    setPlottingHint(QCP::phFastPolylines, true);
    setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    addLayer("cursor", layer("main"), limAbove);
    cursorLayer_ = layer("cursor");
    cursorLayer_->setMode(QCPLayer::lmBuffered);
    deltas_ = std::make_unique<DeltaCursors>(this, cursorLayer_);
    plotLayout()->clear();
    setMouseTracking(true);
    connect(this, &QCustomPlot::afterReplot, this, [this]() { ++replots_; });
    connect(this, &QCustomPlot::mouseWheel, this, [this](QWheelEvent*) { follow_ = false; });
    connect(this, &QCustomPlot::mouseDoubleClick, this, [this](QMouseEvent*) { resetView(); });
    connect(this, &QCustomPlot::mouseMove, this, [this](QMouseEvent* e) {
        if (e->buttons() != Qt::NoButton) {
            follow_ = false;
            return;
        }
        if (QCPAxisRect* r = axisRectAt(e->position())) moveCursor(r->axis(QCPAxis::atBottom)->pixelToCoord(e->position().x()));
    });
}

TracePlot::~TracePlot() = default;

void TracePlot::beginRun(double timeSpan) {
    timeSpan_ = timeSpan > 0 ? timeSpan : 1;
    // Cursors stay where they were for a run of the same length (comparing runs at the same
    // instants); outside a shorter run they go back to a quarter and three quarters of it.
    for (auto w : {DeltaCursors::A, DeltaCursors::B})
        if (deltas_->time(w) > timeSpan_) {
            deltas_->setTime(DeltaCursors::A, 0.25 * timeSpan_);
            deltas_->setTime(DeltaCursors::B, 0.75 * timeSpan_);
        }
    tMax_ = 0;
    series_.clear();
    done_.clear();
    doneErr_.clear();
    previous_.clear();
    follow_ = true;
    needRebuild_ = true;
    rebuild();
    replot();
}

void TracePlot::setProbes(const QStringList& probes) {
    if (probes == probes_) return;
    probes_ = probes;
    needRebuild_ = true;
    if (!series_.empty()) append(series_);
}

void TracePlot::setPrevious(int series, const std::vector<std::pair<int, const sim::Trace*>>& runs) {
    if (series < 0) return;
    if (previous_.size() <= static_cast<size_t>(series)) previous_.resize(static_cast<size_t>(series) + 1);
    previous_[static_cast<size_t>(series)] = runs;
    needRebuild_ = true;
}

void TracePlot::rebuild() {
    clearItems();
    clearGraphs();
    plotLayout()->clear();
    delete margins_;
    margins_ = new QCPMarginGroup(this);
    rows_.clear();
    const size_t n = series_.size();
    bool anyError = false;
    for (const auto& s : series_) anyError = anyError || (!s.reference && s.error);

    int layoutRow = 0;
    for (const QString& probe : probes_) {
        Row row;
        row.probe = probe;
        const std::string key = probe.toStdString();
        std::string unit;
        for (const auto& s : series_)
            if (s.trace && s.trace->column(key) >= 0) unit = s.trace->units[static_cast<size_t>(s.trace->column(key))];
        // Every configuration of this run failed before its first sample: the earlier runs drawn
        // faint still know the unit (else they were drawn in Pa on a "[-]" axis).
        for (size_t s = 0; s < previous_.size() && unit.empty(); ++s)
            for (const auto& [number, tr] : previous_[s])
                if (tr && tr->column(key) >= 0 && unit.empty()) unit = tr->units[static_cast<size_t>(tr->column(key))];
        const DisplayUnit du = displayUnit(unit);
        row.unitLabel = du.label;
        row.scale = du.scale;
        auto makeRect = [&](const QString& label, int stretch) {
            auto* r = new QCPAxisRect(this);
            plotLayout()->addElement(layoutRow, 0, r);
            plotLayout()->setRowStretchFactor(layoutRow, stretch);
            ++layoutRow;
            r->setMarginGroup(QCP::msLeft | QCP::msRight, margins_);
            r->setRangeDrag(Qt::Horizontal | Qt::Vertical);
            r->setRangeZoom(Qt::Horizontal);
            r->setRangeZoomAxes(r->axis(QCPAxis::atBottom), r->axis(QCPAxis::atLeft));
            r->setRangeDragAxes(r->axis(QCPAxis::atBottom), r->axis(QCPAxis::atLeft));
            for (auto* a : r->axes()) styleAxis(a);
            r->axis(QCPAxis::atLeft)->setLabel(label);
            r->axis(QCPAxis::atBottom)->setTickLabels(false);
            r->setMinimumMargins(QMargins(0, 2, 0, 2));
            connect(r->axis(QCPAxis::atBottom), qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this,
                    &TracePlot::onTimeRangeChanged);
            return r;
        };
        row.value = makeRect(probe + " [" + du.label + "]", 3);
        if (anyError) {
            row.error = makeRect("error [" + du.label + "]", 2);
            auto* zero = new QCPItemStraightLine(this);
            zero->setClipAxisRect(row.error);
            for (auto* p : {zero->point1, zero->point2}) p->setAxes(row.error->axis(QCPAxis::atBottom), row.error->axis(QCPAxis::atLeft));
            zero->point1->setCoords(0, 0);
            zero->point2->setCoords(1, 0);
            zero->setPen(QPen(QColor(150, 150, 150), 0, Qt::DashLine));
        }
        row.graphs.assign(n, nullptr);
        row.errors.assign(n, nullptr);
        row.valueEnv.assign(n, Envelope());
        row.errorEnv.assign(n, Envelope());
        // Faint earlier runs at the bottom, then the configurations, the reference last (on top).
        for (size_t s = 0; s < n && s < previous_.size(); ++s)
            for (const auto& [number, tr] : previous_[s]) {
                const int c = tr ? tr->column(key) : -1;
                if (c < 0) continue;
                QCPGraph* g = addGraph(row.value->axis(QCPAxis::atBottom), row.value->axis(QCPAxis::atLeft));
                QColor col = configColor(series_[s].colorIndex, series_[s].reference);
                col.setAlpha(70);
                g->setPen(QPen(col, 1.0, Qt::DashLine));
                g->setName(series_[s].name + " (run " + QString::number(number) + ")");
                // Earlier runs are context, not for reading off values: the min and max of each
                // time bucket, as while streaming, keep their shape without a dashed 1e6-point
                // line to draw at every replot of the new run.
                QVector<double> k, v;
                envelope(tr->time, tr->columns[static_cast<size_t>(c)], du.scale, k, v);
                for (double x : v) widen(row.fmin, row.fmax, x);
                g->setData(k, v, true);
                g->setVisible(s >= visible_.size() || visible_[s]);
                g->setProperty("series", static_cast<int>(s));
                row.faint.push_back(g);
            }
        for (int pass = 0; pass < 2; ++pass)
            for (size_t s = 0; s < n; ++s) {
                const PlotSeries& ps = series_[s];
                if (ps.reference != (pass == 1) || !ps.trace || ps.trace->column(key) < 0) continue;
                const QColor col = configColor(ps.colorIndex, ps.reference);
                QCPGraph* g = addGraph(row.value->axis(QCPAxis::atBottom), row.value->axis(QCPAxis::atLeft));
                g->setPen(QPen(col, ps.reference ? 1.2 : 2.2, configDash(ps.colorIndex, ps.reference)));
                g->setName(ps.name);
                g->setAdaptiveSampling(true);
                g->setVisible(seriesVisible(static_cast<int>(s)));
                row.graphs[s] = g;
                if (row.error && !ps.reference && ps.error && ps.error->column(key) >= 0) {
                    QCPGraph* e = addGraph(row.error->axis(QCPAxis::atBottom), row.error->axis(QCPAxis::atLeft));
                    e->setPen(QPen(col, 1.4, configDash(ps.colorIndex, ps.reference)));
                    e->setName(ps.name + " error");
                    e->setAdaptiveSampling(true);
                    e->setVisible(seriesVisible(static_cast<int>(s)));
                    row.errors[s] = e;
                }
            }
        for (QCPAxisRect* r : {row.value, row.error}) {
            if (!r) continue;
            auto* line = new QCPItemStraightLine(this);
            line->setLayer(cursorLayer_);
            line->setClipAxisRect(r);
            for (auto* p : {line->point1, line->point2}) p->setAxes(r->axis(QCPAxis::atBottom), r->axis(QCPAxis::atLeft));
            line->setPen(QPen(QColor(90, 90, 90), 0, Qt::DotLine));
            line->setVisible(false);
            row.cursor[r == row.value ? 0 : 1] = line;
        }
        rows_.push_back(std::move(row));
    }
    std::vector<QCPAxisRect*> rects;
    for (const Row& row : rows_)
        for (QCPAxisRect* r : {row.value, row.error})
            if (r) rects.push_back(r);
    deltas_->attach(rects);
    if (!rows_.empty()) {
        QCPAxisRect* last = rows_.back().error ? rows_.back().error : rows_.back().value;
        last->axis(QCPAxis::atBottom)->setTickLabels(true);
        last->axis(QCPAxis::atBottom)->setLabel("time [s]");
    }
    done_.assign(n, 0);
    doneErr_.assign(n, 0);
    needRebuild_ = false;
}

void TracePlot::fill(Row& row, size_t s, size_t from, size_t fromErr) {
    const PlotSeries& ps = series_[s];
    const std::string key = row.probe.toStdString();
    const double bucketWidth = timeSpan_ / kLiveBuckets;
    auto add = [&](QCPGraph* g, Envelope& env, const sim::Trace& tr, size_t start, bool complete, double& lo, double& hi) {
        const int c = tr.column(key);
        if (!g || c < 0 || env.full) return;
        const auto& col = tr.columns[static_cast<size_t>(c)];
        const size_t n = tr.time.size();
        QVector<QCPGraphData> out;
        if (complete) {
            out.resize(static_cast<qsizetype>(n));
            for (size_t i = 0; i < n; ++i) {
                out[static_cast<qsizetype>(i)] = QCPGraphData(tr.time[i], col[i] * row.scale);
                widen(lo, hi, out[static_cast<qsizetype>(i)].value);
            }
            g->data()->set(out, true);
            env.full = true;
            return;
        }
        auto flush = [&]() {
            if (env.count == 1) out.append(QCPGraphData(env.t0, env.v0));
            if (env.count < 2) return;
            if (env.tMin <= env.tMax) {
                out.append(QCPGraphData(env.tMin, env.vMin));
                if (env.tMax > env.tMin) out.append(QCPGraphData(env.tMax, env.vMax));
            } else {
                out.append(QCPGraphData(env.tMax, env.vMax));
                out.append(QCPGraphData(env.tMin, env.vMin));
            }
        };
        for (size_t i = start; i < n; ++i) {
            const double t = tr.time[i], v = col[i] * row.scale;
            widen(lo, hi, v);
            const auto b = static_cast<long long>(t / bucketWidth);
            if (b != env.bucket) {
                flush();
                env = Envelope{b, 1, t, v, t, v, t, v, false};
                continue;
            }
            ++env.count;
            if (v < env.vMin) { env.vMin = v; env.tMin = t; }
            if (v > env.vMax) { env.vMax = v; env.tMax = t; }
        }
        // The open bucket stays pending (at most 1/kLiveBuckets of the span behind).
        if (!out.isEmpty()) g->data()->add(out, true);
    };
    if (ps.trace) add(row.graphs[s], row.valueEnv[s], *ps.trace, from, ps.complete, row.vmin, row.vmax);
    if (ps.error) add(row.errors[s], row.errorEnv[s], *ps.error, fromErr, ps.errorComplete, row.emin, row.emax);
}

qint64 TracePlot::append(const std::vector<PlotSeries>& series) {
    // A series whose probes (or error columns) became known since the last call needs its
    // graphs created: that happens once per configuration, when its worker has started.
    auto columns = [](const PlotSeries& s) {
        return (s.trace ? s.trace->names.size() : 0) + 1000 * (s.error ? s.error->names.size() : 0);
    };
    bool rebuildNow = needRebuild_ || series.size() != series_.size() || series.size() != columns_.size();
    for (size_t i = 0; i < series.size() && !rebuildNow; ++i)
        rebuildNow = series[i].generation != series_[i].generation || series[i].trace != series_[i].trace ||
                     columns(series[i]) != columns_[i] ||
                     (series[i].trace && series[i].trace->time.size() < done_[i]) ||
                     (series[i].error && series[i].error->time.size() < doneErr_[i]);
    series_ = series;
    columns_.resize(series.size());
    for (size_t i = 0; i < series.size(); ++i) columns_[i] = columns(series[i]);
    if (visible_.size() < series_.size()) visible_.resize(series_.size(), true);
    if (rebuildNow) rebuild();
    qint64 added = 0;
    bool changed = false;
    for (size_t s = 0; s < series_.size(); ++s) {
        const size_t nt = series_[s].trace ? series_[s].trace->time.size() : 0;
        const size_t ne = series_[s].error ? series_[s].error->time.size() : 0;
        bool needFull = false;
        for (const Row& row : rows_)
            needFull = needFull || (series_[s].complete && row.graphs[s] && !row.valueEnv[s].full) ||
                       (series_[s].errorComplete && row.errors[s] && !row.errorEnv[s].full);
        if (nt == done_[s] && ne == doneErr_[s] && !needFull) continue;
        changed = true;
        for (Row& row : rows_) fill(row, s, done_[s], doneErr_[s]);
        for (const Row& row : rows_) {
            if (row.graphs[s]) added += static_cast<qint64>(nt - done_[s]);
            if (row.errors[s]) added += static_cast<qint64>(ne - doneErr_[s]);
        }
        done_[s] = nt;
        doneErr_[s] = ne;
        if (nt > 0) tMax_ = std::max(tMax_, series_[s].trace->time.back());
    }
    if (added > 0 || rebuildNow || changed) {
        applyRanges();
        replot();
        if (deltas_->enabled()) emit deltaCursorsChanged();
    }
    return added;
}

void TracePlot::applyRanges() {
    if (!follow_) return;
    settingRange_ = true;
    for (Row& row : rows_) {
        row.value->axis(QCPAxis::atBottom)->setRange(0, std::max(timeSpan_, tMax_));
        row.value->axis(QCPAxis::atLeft)->setRange(padded(row.vmin, row.vmax));
        if (row.fmin <= row.fmax)
            row.value->axis(QCPAxis::atLeft)->setRange(padded(std::min(row.vmin, row.fmin), std::max(row.vmax, row.fmax)));
        if (row.error) row.error->axis(QCPAxis::atLeft)->setRange(padded(std::min(row.emin, 0.0), std::max(row.emax, 0.0)));
    }
    settingRange_ = false;
}

void TracePlot::onTimeRangeChanged(const QCPRange& r) {
    static thread_local bool syncing = false;
    if (syncing) return;
    if (!settingRange_) follow_ = false;
    syncing = true;
    for (Row& row : rows_)
        for (QCPAxisRect* rect : {row.value, row.error})
            if (rect) rect->axis(QCPAxis::atBottom)->setRange(r);
    syncing = false;
}

void TracePlot::setSeriesVisible(int series, bool visible) {
    if (series < 0) return;
    if (visible_.size() <= static_cast<size_t>(series)) visible_.resize(static_cast<size_t>(series) + 1, true);
    visible_[static_cast<size_t>(series)] = visible;
    for (Row& row : rows_) {
        if (static_cast<size_t>(series) < row.graphs.size()) {
            if (row.graphs[static_cast<size_t>(series)]) row.graphs[static_cast<size_t>(series)]->setVisible(visible);
            if (row.errors[static_cast<size_t>(series)]) row.errors[static_cast<size_t>(series)]->setVisible(visible);
        }
        for (QCPGraph* g : row.faint)
            if (g->property("series").toInt() == series) g->setVisible(visible);
    }
    replot(rpQueuedReplot);
    if (deltas_->enabled()) emit deltaCursorsChanged();
}

bool TracePlot::seriesVisible(int series) const {
    return series < 0 || static_cast<size_t>(series) >= visible_.size() || visible_[static_cast<size_t>(series)];
}

void TracePlot::setStreaming(bool on) {
    if (on)
        setNotAntialiasedElements(QCP::aePlottables);
    else
        setAntialiasedElements(QCP::aePlottables);
    replot(rpQueuedReplot);
}

void TracePlot::setBoxZoom(bool on) { setSelectionRectMode(on ? QCP::srmZoom : QCP::srmNone); }

void TracePlot::resetView() {
    follow_ = true;
    applyRanges();
    replot(rpQueuedReplot);
}

int TracePlot::pointCount(int series, const QString& probe) const {
    for (const Row& row : rows_)
        if (row.probe == probe && static_cast<size_t>(series) < row.graphs.size() && row.graphs[static_cast<size_t>(series)])
            return row.graphs[static_cast<size_t>(series)]->dataCount();
    return -1;
}

int TracePlot::errorPointCount(int series, const QString& probe) const {
    for (const Row& row : rows_)
        if (row.probe == probe && static_cast<size_t>(series) < row.errors.size() && row.errors[static_cast<size_t>(series)])
            return row.errors[static_cast<size_t>(series)]->dataCount();
    return -1;
}

std::vector<int> TracePlot::graphsWithData() const {
    std::vector<int> out(series_.size(), 0);
    for (const Row& row : rows_)
        for (size_t s = 0; s < row.graphs.size(); ++s)
            if (row.graphs[s] && row.graphs[s]->dataCount() > 0 && row.graphs[s]->visible()) ++out[s];
    return out;
}

QString TracePlot::readout(double t) const {
    QString html = "<b>t = " + QString::number(t, 'g', 6) + " s</b>";
    for (const Row& row : rows_) {
        html += "<br><b>" + row.probe.toHtmlEscaped() + "</b> [" + row.unitLabel + "]:";
        for (size_t s = 0; s < row.graphs.size(); ++s) {
            if (!row.graphs[s] || !row.graphs[s]->visible()) continue;
            const double v = valueAt(row.graphs[s], t);
            if (std::isnan(v)) continue;
            const QColor c = configColor(series_[s].colorIndex, series_[s].reference);
            html += QString(" <span style='color:%1'>&#9632;</span> %2 %3")
                        .arg(c.name(), series_[s].name.toHtmlEscaped(), QString::number(v, 'g', 6));
            if (row.errors[s]) {
                const double e = valueAt(row.errors[s], t);
                if (!std::isnan(e)) html += QString(" (&Delta; %1)").arg(QString::number(e, 'g', 3));
            }
        }
    }
    return html;
}

TracePlot::Readout TracePlot::readoutTable(double t) const {
    Readout out;
    out.t = t;
    for (const Row& row : rows_) out.columns << row.probe + " [" + row.unitLabel + "]";
    for (size_t s = 0; s < series_.size(); ++s) {
        if (!seriesVisible(static_cast<int>(s))) continue;
        Readout::Line line;
        line.series = static_cast<int>(s);
        line.name = series_[s].name;
        line.colour = configColor(series_[s].colorIndex, series_[s].reference);
        line.dash = configDash(series_[s].colorIndex, series_[s].reference);
        bool any = false;
        for (const Row& row : rows_) {
            QString cell;
            double value = kNan;
            if (s < row.graphs.size() && row.graphs[s]) {
                const double v = value = valueAt(row.graphs[s], t);
                if (!std::isnan(v)) {
                    cell = QString::number(v, 'g', 6);
                    any = true;
                    if (row.errors[s])
                        if (const double e = valueAt(row.errors[s], t); !std::isnan(e))
                            cell += QString::fromUtf8(" (\u0394 %1)").arg(QString::number(e, 'g', 3));
                }
            }
            line.cells << cell;
            line.values.push_back(value);
        }
        if (any) out.lines.push_back(std::move(line));
    }
    return out;
}

void TracePlot::updateLayout() {
    QCustomPlot::updateLayout();
    // Labels and tick counts depend on the heights the layout gave the rects: lay out again
    // when they changed (in the same replot, so it costs no extra one).
    if (fitAxes()) QCustomPlot::updateLayout();
}

bool TracePlot::fitAxes() {
    bool changed = false;
    for (const Row& row : rows_)
        for (QCPAxisRect* r : {row.value, row.error}) {
            if (!r) continue;
            QCPAxis* y = r->axis(QCPAxis::atLeft);
            const int h = r->rect().height();
            if (h <= 0) continue;
            const QFontMetrics fm(y->labelFont());
            // The vertical axis title fits the rect's height or gets shorter ("[bar]", "Δ"),
            // never running into the next plot's title.
            const QString unit = "[" + row.unitLabel + "]";
            // A long probe name is shortened before it is dropped: "p cha… [bar]" still says
            // which plot this is, where "[bar]" alone (three pressure plots) did not.
            const QString shortened = fm.elidedText(row.probe, Qt::ElideRight, h - 4 - fm.horizontalAdvance(" " + unit));
            const bool keepsName = shortened.size() >= 3 && shortened != row.probe;
            const QStringList candidates = r == row.value ? QStringList{row.probe + " " + unit,
                                                                        keepsName ? shortened + " " + unit : unit, unit, QString()}
                                                          : QStringList{tr("error ") + unit, QString::fromUtf8("\u0394 ") + unit,
                                                                        QString::fromUtf8("\u0394"), QString()};
            QString want;
            for (const QString& c : candidates)
                if (fm.horizontalAdvance(c) <= h - 4) {
                    want = c;
                    break;
                }
            if (y->label() != want) {
                y->setLabel(want);
                changed = true;
            }
            // Tick labels at least two lines apart: a flat rect gets fewer ticks.
            const QFontMetrics tf(y->tickLabelFont());
            const int ticks = std::clamp(h / (2 * tf.height() + 6), 1, 5);
            if (y->ticker()->tickCount() != ticks) {
                y->ticker()->setTickCount(ticks);
                changed = true;
            }
        }
    return changed;
}

void TracePlot::leaveEvent(QEvent* e) {
    // The cursor and its readout belong to the mouse: when it leaves, they go.
    for (Row& row : rows_)
        for (QCPItemStraightLine* line : row.cursor)
            if (line) line->setVisible(false);
    if (cursorLayer_) cursorLayer_->replot();
    emit cursorLeft();
    QCustomPlot::leaveEvent(e);
}

void TracePlot::moveCursor(double t) {
    for (Row& row : rows_)
        for (QCPItemStraightLine* line : row.cursor)
            if (line) {
                line->point1->setCoords(t, 0);
                line->point2->setCoords(t, 1);
                line->setVisible(true);
            }
    cursorLayer_->replot();
    emit cursorMoved(t, readout(t));
}

void TracePlot::setDeltaCursors(bool on) {
    const QCPRange view = rows_.empty() ? QCPRange(0, timeSpan_) : rows_.front().value->axis(QCPAxis::atBottom)->range();
    deltas_->setEnabled(on, view);
    dragging_ = -1;
    cursorLayer_->replot();
    emit deltaCursorsChanged();
}

void TracePlot::setCursorTime(DeltaCursors::Which w, double t) {
    deltas_->setTime(w, std::clamp(t, 0.0, std::max(timeSpan_, tMax_)));
    cursorLayer_->replot();
    if (deltas_->enabled()) emit deltaCursorsChanged();
}

TracePlot::Readout TracePlot::deltaReadout() const {
    const Readout a = readoutTable(deltas_->time(DeltaCursors::A));
    const Readout b = readoutTable(deltas_->time(DeltaCursors::B));
    Readout out;
    out.t = deltas_->time(DeltaCursors::B) - deltas_->time(DeltaCursors::A);
    for (const Row& row : rows_) {
        const QString unit = " [" + row.unitLabel + "]";
        out.columns << row.probe + " A" + unit << row.probe + " B" + unit << row.probe + QString::fromUtf8(" B\u2212A") + unit;
    }
    // A line per configuration with a value at A or at B (a failed run may stop between them).
    auto find = [](const Readout& r, int series) -> const Readout::Line* {
        for (const auto& l : r.lines)
            if (l.series == series) return &l;
        return nullptr;
    };
    for (size_t s = 0; s < series_.size(); ++s) {
        const Readout::Line* la = find(a, static_cast<int>(s));
        const Readout::Line* lb = find(b, static_cast<int>(s));
        if (!la && !lb) continue;
        const Readout::Line& any = la ? *la : *lb;
        Readout::Line line{any.series, any.name, any.colour, any.dash, {}, {}};
        for (size_t c = 0; c < rows_.size(); ++c) {
            const double va = la ? la->values[c] : kNan, vb = lb ? lb->values[c] : kNan;
            for (const double v : {va, vb, vb - va}) {
                line.values.push_back(v);
                line.cells << (std::isnan(v) ? QString() : QString::number(v, 'g', 6));
            }
        }
        out.lines.push_back(std::move(line));
    }
    return out;
}

void TracePlot::mousePressEvent(QMouseEvent* e) {
    // A press on cursor A or B drags it (and not the plot).
    if (e->button() == Qt::LeftButton) {
        const int w = deltas_->hit(axisRectAt(e->position()), e->position().x());
        if (w >= 0) {
            dragging_ = w;
            e->accept();
            return;
        }
    }
    QCustomPlot::mousePressEvent(e);
}

void TracePlot::mouseMoveEvent(QMouseEvent* e) {
    if (dragging_ >= 0 && !rows_.empty()) {
        const double t = rows_.front().value->axis(QCPAxis::atBottom)->pixelToCoord(e->position().x());
        setCursorTime(static_cast<DeltaCursors::Which>(dragging_), t);
        e->accept();
        return;
    }
    // Over a cursor line the pointer says that it can be dragged sideways.
    if (e->buttons() == Qt::NoButton) {
        if (deltas_->hit(axisRectAt(e->position()), e->position().x()) >= 0)
            setCursor(Qt::SizeHorCursor);
        else
            unsetCursor();
    }
    QCustomPlot::mouseMoveEvent(e);
}

void TracePlot::mouseReleaseEvent(QMouseEvent* e) {
    if (dragging_ >= 0) {
        dragging_ = -1;
        e->accept();
        return;
    }
    QCustomPlot::mouseReleaseEvent(e);
}

}  // namespace hs::widgets
