// SPDX-License-Identifier: GPL-3.0-or-later
#include "measured_data.h"

#include <QFile>
#include <QStringList>
#include <cmath>

namespace hs::study {

int MeasuredData::column(const QString& name) const {
    for (size_t i = 0; i < names.size(); ++i)
        if (names[i] == name) return static_cast<int>(i);
    return -1;
}

namespace {
QString bareName(QString h) {
    h = h.trimmed();
    if (h.startsWith('"') && h.endsWith('"') && h.size() >= 2) h = h.mid(1, h.size() - 2);
    const int bracket = h.lastIndexOf(" [");
    if (bracket > 0 && h.endsWith(']')) h = h.left(bracket);
    return h.trimmed();
}
}  // namespace

std::optional<MeasuredData> readMeasuredCsv(const QString& path, QString* error) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly | QIODevice::Text)) {
        *error = "cannot read " + path + ": " + f.errorString();
        return std::nullopt;
    }
    const QStringList lines = QString::fromUtf8(f.readAll()).split('\n', Qt::SkipEmptyParts);
    if (lines.size() < 2) {
        *error = path + ": needs a header row and at least one row of data";
        return std::nullopt;
    }
    MeasuredData d;
    const QStringList head = lines[0].split(',');
    if (head.size() < 2) {
        *error = path + ": the header needs time and at least one signal";
        return std::nullopt;
    }
    for (int k = 1; k < head.size(); ++k) d.names.push_back(bareName(head[k]));
    d.columns.resize(d.names.size());
    for (int i = 1; i < lines.size(); ++i) {
        const QStringList cells = lines[i].trimmed().split(',');
        if (cells.size() != head.size()) {
            *error = QString("%1:%2: %3 values, the header has %4").arg(path).arg(i + 1).arg(cells.size()).arg(head.size());
            return std::nullopt;
        }
        std::vector<double> row;
        for (int k = 0; k < cells.size(); ++k) {
            bool ok = false;
            const double v = cells[k].trimmed().toDouble(&ok);
            if (!ok || !std::isfinite(v)) {
                *error = QString("%1:%2: '%3' is not a number").arg(path).arg(i + 1).arg(cells[k].trimmed());
                return std::nullopt;
            }
            row.push_back(v);
        }
        if (!d.time.empty() && row[0] <= d.time.back()) {
            *error = QString("%1:%2: time must increase").arg(path).arg(i + 1);
            return std::nullopt;
        }
        d.time.push_back(row[0]);
        for (size_t k = 1; k < row.size(); ++k) d.columns[k - 1].push_back(row[k]);
    }
    return d;
}

}  // namespace hs::study
