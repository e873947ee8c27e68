// SPDX-License-Identifier: GPL-3.0-or-later
#include "run_export.h"

#include <QFileInfo>
#include <QImageWriter>
#include <QPdfWriter>
#include <QSaveFile>
#include <QSvgGenerator>

#include <qcustomplot.h>

#include "service/comparison.h"

namespace hs::widgets {

QString exportTraceFile(const service::Comparison& cmp, int config, const QString& path) {
    if (config < 0 || config >= static_cast<int>(cmp.configs.size())) return QObject::tr("no such configuration");
    const auto& tr = cmp.configs[static_cast<size_t>(config)].result.trace;
    if (tr.time.empty()) return QObject::tr("configuration '%1' has no samples to export").arg(cmp.configs[static_cast<size_t>(config)].name);
    return service::writeTraceFile(path, tr);
}

QString exportAlignedFile(const service::Comparison& cmp, const QString& path) { return service::writeAlignedFile(path, cmp); }

QString exportMetricsCsv(const service::Comparison& cmp, const QString& path) { return service::writeMetricsCsv(path, cmp); }

QString exportPlotImage(QCustomPlot& plot, const QString& path, int width, int height) {
    const int w = width > 0 ? width : plot.width();
    const int h = height > 0 ? height : plot.height();
    const QString suffix = QFileInfo(path).suffix().toLower();
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly)) return QObject::tr("cannot write %1: %2").arg(path, f.errorString());
    if (suffix == "png") {
        const QPixmap pm = plot.toPixmap(w, h, 2.0);
        if (!pm.save(&f, "PNG")) return QObject::tr("cannot encode %1 as PNG").arg(path);
    } else if (suffix == "svg") {
        QSvgGenerator gen;
        gen.setOutputDevice(&f);
        gen.setSize(QSize(w, h));
        gen.setViewBox(QRect(0, 0, w, h));
        gen.setTitle(QObject::tr("HydroStiff run comparison"));
        QCPPainter painter(&gen);
        plot.toPainter(&painter, w, h);
        painter.end();
    } else if (suffix == "pdf") {
        QPdfWriter pdf(&f);
        pdf.setResolution(96);
        pdf.setPageMargins(QMarginsF(0, 0, 0, 0));
        pdf.setPageSize(QPageSize(QSizeF(w, h), QPageSize::Point));
        pdf.setCreator(QStringLiteral("HydroStiff"));
        QCPPainter painter(&pdf);
        // The page is in points (1/72 in) at 96 dpi resolution: scale the plot to fill it.
        const double sx = pdf.width() / static_cast<double>(w), sy = pdf.height() / static_cast<double>(h);
        painter.scale(sx, sy);
        plot.toPainter(&painter, w, h);
        painter.end();
    } else {
        f.cancelWriting();
        return QObject::tr("unknown image type '%1' (use .png, .svg or .pdf)").arg(suffix);
    }
    if (!f.commit()) return QObject::tr("cannot write %1: %2").arg(path, f.errorString());
    return {};
}

}  // namespace hs::widgets
