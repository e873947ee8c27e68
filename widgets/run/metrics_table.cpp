// SPDX-License-Identifier: GPL-3.0-or-later
#include "metrics_table.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

#include "run_style.h"
#include "service/indeterminate_text.h"
#include "service/run_service.h"

namespace hs::widgets {

namespace {

QTableWidget* makeTable(const QStringList& header) {
    auto* t = new QTableWidget(0, static_cast<int>(header.size()));
    t->setHorizontalHeaderLabels(header);
    t->verticalHeader()->hide();
    t->setEditTriggers(QAbstractItemView::NoEditTriggers);
    t->setSelectionMode(QAbstractItemView::ContiguousSelection);
    t->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    // Numbers stay next to their names; a stretched last column would push them to the far edge.
    t->horizontalHeader()->setStretchLastSection(false);
    t->verticalHeader()->setDefaultSectionSize(t->fontMetrics().height() + 6);
    t->setAlternatingRowColors(true);
    t->setContextMenuPolicy(Qt::ActionsContextMenu);
    return t;
}

void setCell(QTableWidget* t, int r, int c, const QString& text, const QColor& fg = QColor()) {
    QTableWidgetItem* it = t->item(r, c);
    if (!it) {
        it = new QTableWidgetItem;
        if (c > 0) it->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        t->setItem(r, c, it);
    }
    if (it->text() != text) it->setText(text);
    if (fg.isValid()) it->setForeground(fg);
}

QString num(double v, int digits = 4) { return std::isfinite(v) ? QString::number(v, 'g', digits) : QStringLiteral("–"); }

QString stateText(service::RunState s) {
    switch (s) {
    case service::RunState::Queued: return QObject::tr("queued");
    case service::RunState::Running: return QObject::tr("running");
    case service::RunState::Finished: return QObject::tr("done");
    case service::RunState::Failed: return QObject::tr("FAILED");
    case service::RunState::Stopped: return QObject::tr("stopped");
    }
    return {};
}

QString tableText(const QString& title, const QTableWidget* t) {
    QString s = title + "\n";
    QStringList h;
    for (int c = 0; c < t->columnCount(); ++c) h << t->horizontalHeaderItem(c)->text();
    s += h.join('\t') + "\n";
    for (int r = 0; r < t->rowCount(); ++r) {
        QStringList row;
        for (int c = 0; c < t->columnCount(); ++c) row << (t->item(r, c) ? t->item(r, c)->text() : QString());
        s += row.join('\t') + "\n";
    }
    return s;
}

}  // namespace

MetricsTable::MetricsTable(QWidget* parent) : QWidget(parent) {
    cost_ = makeTable({tr("configuration"), tr("status"), tr("wall [s]"), tr("steps"), tr("RT factor"), tr("speed-up")});
    errors_ = makeTable({tr("configuration"), tr("probe"), tr("RMSE"), tr("RRMSE %"), tr("max |error|"), tr("unit")});
    // Quasi-steady's indeterminate steps next to the volume, where a narrow panel still shows them.
    methods_ = makeTable({tr("configuration"), tr("volume"), tr("indeterminate"), tr("indet. time [s]"), tr("outer steps"),
                          tr("inner iter."), tr("max inner"), tr("Newton iter."), tr("failures"), tr("cap hits"),
                          tr("indet. spans [s]")});
    auto* lay = new QVBoxLayout(this);
    lay->setContentsMargins(0, 0, 0, 0);
    lay->setSpacing(2);
    auto title = [&](const QString& s) {
        auto* l = new QLabel("<b>" + s + "</b>");
        l->setContentsMargins(4, 4, 0, 0);
        lay->addWidget(l);
        return l;
    };
    title(tr("Cost"));
    lay->addWidget(cost_, 2);
    errorsTitle_ = title(tr("Error against the reference"));
    lay->addWidget(errors_, 3);
    title(tr("Pressure-method statistics"));
    lay->addWidget(methods_, 2);

    auto* copy = new QAction(tr("Copy all tables as text"), this);
    copy->setShortcut(QKeySequence::Copy);
    copy->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(copy, &QAction::triggered, this, &MetricsTable::copyToClipboard);
    addAction(copy);
    for (QTableWidget* t : {cost_, errors_, methods_}) t->addAction(copy);
}

void MetricsTable::clear() {
    for (QTableWidget* t : {cost_, errors_, methods_}) t->setRowCount(0);
}

void MetricsTable::update(const service::RunService& run) {
    const int n = run.configCount();
    const service::Comparison& cmp = run.comparison();
    const int ref = run.referenceIndex();
    const double refRtf = ref >= 0 ? run.status(ref).realTimeFactor : 0.0;
    // Once the run is over every cost figure comes from the final comparison, the object the
    // metrics CSV is written from (issue 13: the screen showed the Progress tab's wall clock,
    // which also counts the build, and speed-ups from it). While running: the live pace.
    const bool final = !run.isRunning() && n == static_cast<int>(cmp.configs.size());
    cost_->setRowCount(n);
    int errRows = 0, methodRows = 0;
    for (int i = 0; i < n; ++i) {
        const service::ConfigStatus st = run.status(i);
        const service::ConfigOutcome& o = cmp.configs[static_cast<size_t>(i)];
        const bool ended = st.state != service::RunState::Queued && st.state != service::RunState::Running;
        const QColor colour = configColor(i, st.reference);
        setCell(cost_, i, 0, st.name + (st.reference ? tr(" (ref)") : QString()), colour);
        setCell(cost_, i, 1, stateText(st.state), st.state == service::RunState::Failed ? QColor(180, 0, 0) : QColor());
        if (final) {
            setCell(cost_, i, 2, num(o.result.wallSeconds));
            setCell(cost_, i, 3, QString::number(o.result.steps));
            setCell(cost_, i, 4, num(o.realTimeFactor));
            // Reference wall time / this wall time; 0 (no reference result, or this one failed): none.
            setCell(cost_, i, 5, st.reference ? QStringLiteral("1") : (o.speedup > 0 ? num(o.speedup) : QStringLiteral("–")));
        } else {
            setCell(cost_, i, 2, num(st.wallSeconds));
            setCell(cost_, i, 3, ended ? QString::number(o.result.steps) : QStringLiteral("–"));
            setCell(cost_, i, 4, num(st.realTimeFactor));
            // While running this compares paces (simulated per wall second) against the reference's.
            setCell(cost_, i, 5, st.reference ? QStringLiteral("1") : (refRtf > 0 ? num(st.realTimeFactor / refRtf) : QStringLiteral("–")));
        }

        if (!st.reference && ref >= 0) {
            const auto errs = final && cmp.reference >= 0 ? o.errors : run.liveMetrics(i).errors();
            errors_->setRowCount(errRows + static_cast<int>(errs.size()));
            for (const auto& e : errs) {
                const DisplayUnit du = displayUnit(e.unit);
                setCell(errors_, errRows, 0, st.name, colour);
                setCell(errors_, errRows, 1, QString::fromStdString(e.name));
                setCell(errors_, errRows, 2, num(e.rmse * du.scale));
                setCell(errors_, errRows, 3, num(e.rrmse));
                setCell(errors_, errRows, 4, num(e.maxAbs * du.scale));
                setCell(errors_, errRows, 5, du.label);
                ++errRows;
            }
        }
        if (ended)
            for (const auto& [node, ms] : o.result.methodStats) {
                // Integrated nodes report nothing; a row of zeros per volume would only hide the rest.
                if (ms.outerSteps == 0 && ms.innerIterations == 0 && ms.newtonIterations == 0 && ms.failures == 0 &&
                    ms.indeterminateSteps == 0)
                    continue;
                methods_->setRowCount(methodRows + 1);
                setCell(methods_, methodRows, 0, st.name, colour);
                setCell(methods_, methodRows, 1, QString::fromStdString(node));
                // Quasi-steady's blind spot (issue 19): steps whose balance did not pin the
                // pressure, as `compare` and the metrics CSV give them.
                const bool blind = ms.indeterminateSteps > 0;
                setCell(methods_, methodRows, 2, QString::number(ms.indeterminateSteps),
                        blind ? QColor(176, 0, 32) : QApplication::palette().color(QPalette::Text));
                setCell(methods_, methodRows, 3, blind ? service::indeterminateTimeText(ms) : QString());
                setCell(methods_, methodRows, 4, QString::number(ms.outerSteps));
                setCell(methods_, methodRows, 5, QString::number(ms.innerIterations));
                setCell(methods_, methodRows, 6, QString::number(ms.maxInnerIterations));
                setCell(methods_, methodRows, 7, QString::number(ms.newtonIterations));
                setCell(methods_, methodRows, 8, QString::number(ms.failures));
                setCell(methods_, methodRows, 9, QString::number(ms.capHits));
                setCell(methods_, methodRows, 10, service::indeterminateSpansText(ms));
                ++methodRows;
            }
    }
    errors_->setRowCount(errRows);
    methods_->setRowCount(methodRows);
    errorsTitle_->setText("<b>" + tr("Error against the reference") + (run.isRunning() ? tr(" (live, so far)") : QString()) + "</b>");
}

QString MetricsTable::text() const {
    return tableText(tr("Cost"), cost_) + "\n" + tableText(tr("Error against the reference"), errors_) + "\n" +
           tableText(tr("Pressure-method statistics"), methods_);
}

void MetricsTable::copyToClipboard() const { QApplication::clipboard()->setText(text()); }

}  // namespace hs::widgets
