// SPDX-License-Identifier: GPL-3.0-or-later
#include "quick_check_view.h"

#include <QObject>
#include <cmath>

#include "service/quick_check.h"

namespace hs::widgets {

namespace {

QString row(const hs::service::CheckedRun& r) {
    const QString err = r.ok ? QString::number(r.worstError, 'g', 3) + " %" : QObject::tr("failed");
    const QString pv = std::isfinite(r.volumeRmse) ? QString::number(r.volumeRmse, 'g', 4) + " Pa" : QStringLiteral("–");
    return QString("<tr><td>%1</td><td align=right nowrap>%2</td><td align=right nowrap>%3</td><td align=right nowrap>%4 s</td>"
                   "<td align=right>%5</td><td align=right>%6</td></tr>")
        .arg(r.name.toHtmlEscaped(), err, pv, QString::number(r.wallSeconds, 'g', 3))
        .arg(r.steps)
        .arg(r.indeterminateSteps);
}

}  // namespace

QString quickCheckHtml(const hs::service::QuickCheck& q) {
    if (!q.ok) return "<i>" + q.error.toHtmlEscaped() + "</i>";
    QString h = QObject::tr("<b>Quick check</b>, %1 s against CVODE (tolerance 1e-9):<table cellspacing=4>"
                            "<tr><th></th><th>largest error</th><th>RMSE p volume</th><th>wall</th><th>steps</th>"
                            "<th>indeterminate</th></tr>")
                    .arg(QString::number(q.span, 'g', 3));
    h += row(q.current);
    if (!q.sameMethod) h += row(q.suggested);
    h += "</table><small>" +
         QObject::tr("largest error: the largest RMSE over the probes as % of the mean level of the probes of its unit") +
         "</small><br>";
    return h + QString(q.contradicted ? "<span style='color:#b00020'><b>%1</b></span>" : "<b>%1</b>").arg(q.verdict.toHtmlEscaped());
}

}  // namespace hs::widgets
