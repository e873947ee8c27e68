// SPDX-License-Identifier: GPL-3.0-or-later
#include "run_panel.h"

#include <QGridLayout>
#include <QLabel>
#include <QProgressBar>
#include <QScrollArea>
#include <QVBoxLayout>
#include <algorithm>

#include "run_style.h"
#include "service/run_service.h"

namespace hs::widgets {

RunPanel::RunPanel(QWidget* parent) : QWidget(parent) {
    title_ = new QLabel(tr("No run yet: press Run."));
    title_->setObjectName("runTitle");
    title_->setWordWrap(true);
    total_ = new QProgressBar;
    total_->setRange(0, 1000);
    total_->setTextVisible(false);
    total_->setMaximumHeight(8);
    grid_ = new QGridLayout;
    grid_->setHorizontalSpacing(8);
    grid_->setVerticalSpacing(2);
    grid_->setColumnStretch(1, 1);
    // The rows scroll: 50 configurations must not make the dock (and the window) taller than
    // the screen; the title and the overall bar stay on top.
    auto* rows = new QWidget;
    auto* rowsLay = new QVBoxLayout(rows);
    rowsLay->setContentsMargins(0, 0, 0, 0);
    rowsLay->addLayout(grid_);
    rowsLay->addStretch(1);
    auto* scroll = new QScrollArea;
    scroll->setObjectName("runRows");
    scroll->setWidget(rows);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    auto* lay = new QVBoxLayout(this);
    lay->setContentsMargins(4, 4, 4, 4);
    lay->addWidget(title_);
    lay->addWidget(total_);
    lay->addWidget(scroll, 1);
}

void RunPanel::beginRun(const service::RunService& run) {
    for (Row& r : rows_)
        for (QWidget* w : {static_cast<QWidget*>(r.name), static_cast<QWidget*>(r.bar), static_cast<QWidget*>(r.info),
                           static_cast<QWidget*>(r.state), static_cast<QWidget*>(r.warning), static_cast<QWidget*>(r.error)})
            delete w;
    rows_.clear();
    for (int i = 0; i < run.configCount(); ++i) {
        const service::ConfigStatus st = run.status(i);
        Row r;
        const QColor c = configColor(i, st.reference);
        // Long names are shortened in the middle ("TLM at 0.0001 s, … variant 07") so that the
        // bars stay in view; the full name is the tooltip and in the plot legend.
        const QString shown = fontMetrics().elidedText(st.name, Qt::ElideMiddle, fontMetrics().averageCharWidth() * 30);
        r.nameHtml = QString("<span style='color:%1'>&#9632;</span> %2%3")
                         .arg(c.name(), shown.toHtmlEscaped(), st.reference ? tr(" <i>(ref)</i>") : QString());
        r.name = new QLabel(r.nameHtml);
        r.bar = new QProgressBar;
        r.bar->setRange(0, 1000);
        r.bar->setFormat(QStringLiteral("%p%"));
        r.bar->setMaximumHeight(r.name->sizeHint().height() + 2);
        r.info = new QLabel;
        r.info->setMinimumWidth(r.info->fontMetrics().horizontalAdvance("t 20.00 / 20 s  wall 12.3 s  RTF 1.23  ETA 1 min 20 s"));
        r.state = new QLabel;
        r.warning = new QLabel;
        r.warning->setWordWrap(true);
        r.warning->setTextInteractionFlags(Qt::TextSelectableByMouse);
        r.warning->setStyleSheet("color: #9a5b00;");
        r.warning->hide();
        r.error = new QLabel;
        r.error->setWordWrap(true);
        r.error->setTextInteractionFlags(Qt::TextSelectableByMouse);
        r.error->setStyleSheet("color: #b00000;");
        r.error->hide();
        const int row = 3 * i;
        grid_->addWidget(r.name, row, 0);
        grid_->addWidget(r.bar, row, 1);
        grid_->addWidget(r.info, row, 2);
        grid_->addWidget(r.state, row, 3);
        grid_->addWidget(r.warning, row + 1, 0, 1, 4);
        grid_->addWidget(r.error, row + 2, 0, 1, 4);
        rows_.push_back(r);
    }
    update(run);
}

void RunPanel::update(const service::RunService& run) {
    int ended = 0;
    long long sumPermille = 0;
    for (int i = 0; i < run.configCount() && i < static_cast<int>(rows_.size()); ++i) {
        const service::ConfigStatus st = run.status(i);
        Row& r = rows_[static_cast<size_t>(i)];
        // Fixed steps end within half a step of the duration: a finished run is full.
        const int permille = st.state == service::RunState::Finished ? 1000
                             : st.duration > 0 ? static_cast<int>(std::clamp(1000.0 * st.simulated / st.duration, 0.0, 1000.0))
                                               : 0;
        r.bar->setValue(permille);
        QString info = QString("t %1 / %2 s  wall %3  RTF %4")
                           .arg(QString::number(st.simulated, 'f', 2), QString::number(st.duration, 'g', 4),
                                formatDuration(st.wallSeconds), QString::number(st.realTimeFactor, 'g', 3));
        if (st.state == service::RunState::Running) info += "  ETA " + formatDuration(st.eta);
        if (st.dropped > 0) info += tr("  (live view thinned: %1 samples)").arg(st.dropped);
        if (!st.kernelShort.isEmpty()) info += "  " + st.kernelShort;
        r.info->setText(info);
        r.info->setToolTip(st.kernel.isEmpty() ? QString() : tr("right-hand side: %1").arg(st.kernel));
        switch (st.state) {
        case service::RunState::Queued: r.state->setText(tr("queued")); break;
        case service::RunState::Running: r.state->setText(tr("running")); break;
        case service::RunState::Finished: r.state->setText(tr("done")); break;
        case service::RunState::Stopped: r.state->setText(tr("stopped")); break;
        case service::RunState::Failed: r.state->setText("<b style='color:#b00000'>" + tr("failed") + "</b>"); break;
        }
        if (r.warnings != static_cast<int>(st.warnings.size())) {
            r.warnings = static_cast<int>(st.warnings.size());
            if (st.warnings.isEmpty()) {
                r.name->setText(r.nameHtml);
                r.name->setToolTip(shownName(st.name, r.nameHtml));
                r.warning->hide();
            } else {
                // U+26A0 warning sign: non-fatal, the configuration runs on.
                r.name->setText(QStringLiteral("<span style='color:#c07000'>&#9888;</span> ") + r.nameHtml);
                r.name->setToolTip(st.warnings.join('\n'));
                QStringList lines;
                for (const QString& w : st.warnings) lines << "&#9888; " + tr("warning: ") + w.toHtmlEscaped();
                r.warning->setText(lines.join("<br>"));
                r.warning->setToolTip(st.warnings.join('\n'));
                r.warning->show();
            }
        }
        const bool done = st.state != service::RunState::Queued && st.state != service::RunState::Running;
        if (done) ++ended;
        if (st.state == service::RunState::Failed && !st.error.isEmpty()) {
            r.error->setText(st.error);
            r.error->show();
        } else {
            r.error->hide();
        }
        // A configuration counts with the share of its duration it simulated: a failed or stopped
        // one does not fill the bar, and one slow configuration does not hold it at 0 % while the
        // others are done.
        sumPermille += permille;
    }
    overall_ = run.configCount() > 0 ? static_cast<int>(sumPermille / run.configCount()) : 0;
    total_->setValue(overall_);
    if (run.configCount() > 0) {
        const QString summary = runSummary(run);
        title_->setText((run.isRunning() ? tr("Run %1: %2 of %3 configurations ended").arg(run.runNumber()).arg(ended).arg(run.configCount())
                                         : tr("Run %1 %2").arg(run.runNumber()).arg(summary)) +
                        recordsNote(run));
        title_->setStyleSheet(run.isRunning() || runSucceeded(run) ? QString() : QStringLiteral("color:#b00000"));
    } else {
        // No run (another circuit was opened): nothing of the last one stays.
        title_->setText(tr("No run yet: press Run."));
        title_->setStyleSheet({});
    }
}

// The tooltip of a name without warnings: the full name when the label shortened it.
QString RunPanel::shownName(const QString& name, const QString& html) {
    return html.contains(name.toHtmlEscaped()) ? QString() : name;
}

QString runSummary(const service::RunService& run) {
    int finished = 0, failed = 0, stopped = 0;
    const int n = run.configCount();
    for (int i = 0; i < n; ++i) switch (run.status(i).state) {
        case service::RunState::Finished: ++finished; break;
        case service::RunState::Failed: ++failed; break;
        case service::RunState::Stopped: ++stopped; break;
        default: break;
        }
    if (run.isRunning()) return QObject::tr("running: %1 of %2 configurations ended").arg(finished + failed + stopped).arg(n);
    if (stopped > 0) {
        QString s = QObject::tr("stopped: %1 of %2 ran to the end").arg(finished).arg(n);
        if (failed > 0) s += QObject::tr(", %1 failed").arg(failed);
        return s;
    }
    if (failed == n) return n == 1 ? QObject::tr("failed: the configuration did not run to the end")
                                   : QObject::tr("failed: none of the %1 configurations ran to the end").arg(n);
    if (failed > 0) return QObject::tr("finished: %1 of %2 ran to the end, %3 failed").arg(finished).arg(n).arg(failed);
    return QObject::tr("finished: %1 of %1 ran to the end").arg(n);
}

QString recordsNote(const service::RunService& run) {
    if (!run.recordsThinned()) return {};
    return QObject::tr(" (recorded every %1 s to keep memory bounded; hydrostiff-cli run --record streams every sample to a file)")
        .arg(QString::number(run.recordInterval(), 'g', 4));
}

bool runSucceeded(const service::RunService& run) {
    if (run.isRunning() || run.configCount() == 0) return false;
    for (int i = 0; i < run.configCount(); ++i)
        if (run.status(i).state != service::RunState::Finished) return false;
    return true;
}

QString RunPanel::warningText(int config) const {
    if (config < 0 || config >= static_cast<int>(rows_.size())) return {};
    const Row& r = rows_[static_cast<size_t>(config)];
    return r.warning->isHidden() ? QString() : r.warning->toolTip();
}

QString RunPanel::nameToolTip(int config) const {
    if (config < 0 || config >= static_cast<int>(rows_.size())) return {};
    return rows_[static_cast<size_t>(config)].name->toolTip();
}

QString RunPanel::errorText(int config) const {
    if (config < 0 || config >= static_cast<int>(rows_.size())) return {};
    return rows_[static_cast<size_t>(config)].error->text();
}

}  // namespace hs::widgets
