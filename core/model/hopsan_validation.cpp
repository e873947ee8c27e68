// SPDX-License-Identifier: GPL-3.0-or-later
#include "hopsan_validation.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QXmlStreamReader>

#include <algorithm>
#include <cmath>

namespace hs::model {

namespace {

QString resolveBeside(const QString& hvcPath, const QString& written) {
    const QFileInfo hvc(hvcPath);
    const QString direct = hvc.dir().filePath(written);
    if (QFileInfo::exists(direct)) return QFileInfo(direct).absoluteFilePath();
    const QString base = QFileInfo(written).fileName();
    if (QFileInfo::exists(hvc.dir().filePath(base))) return hvc.dir().absoluteFilePath(base);
    QDir parent = hvc.dir();
    if (parent.cdUp())
        for (const QString& sub : parent.entryList(QDir::Dirs | QDir::NoDotAndDotDot))
            if (QFileInfo::exists(parent.filePath(sub + "/" + base))) return parent.absoluteFilePath(sub + "/" + base);
    return direct;
}

bool splitVariable(HvcVariable& v) {
    QString n = v.fullName;
    const int dollar = n.lastIndexOf('$');
    if (dollar >= 0) n = n.mid(dollar + 1);
    const QStringList parts = n.split('#');
    if (parts.size() != 3) return false;
    v.component = parts[0];
    v.port = parts[1];
    v.variable = parts[2];
    return true;
}

double interpolate(const std::vector<double>& t, const std::vector<double>& y, double at) {
    if (t.empty()) return std::nan("");
    if (at <= t.front()) return y.front();
    if (at >= t.back()) return y.back();
    const auto it = std::upper_bound(t.begin(), t.end(), at);
    const size_t i = size_t(it - t.begin());
    const double t0 = t[i - 1], t1 = t[i];
    if (t1 == t0) return y[i];
    return y[i - 1] + (y[i] - y[i - 1]) * (at - t0) / (t1 - t0);
}

// hvcversion 0.1: <component name><port name><variable name> with <csvfile>, <column>,
// <tolerance>; time is column 0 of the csv file.
bool readComponentVariables(QXmlStreamReader& xml, const QString& path, HopsanValidationConfig& cfg, QString* error) {
    const QString component = xml.attributes().value(QLatin1String("name")).toString();
    while (xml.readNextStartElement()) {
        if (xml.name() != QLatin1String("port")) { xml.skipCurrentElement(); continue; }
        const QString port = xml.attributes().value(QLatin1String("name")).toString();
        while (xml.readNextStartElement()) {
            if (xml.name() != QLatin1String("variable")) { xml.skipCurrentElement(); continue; }
            HvcVariable v;
            v.component = component;
            v.port = port;
            v.variable = xml.attributes().value(QLatin1String("name")).toString();
            v.fullName = component + "#" + port + "#" + v.variable;
            while (xml.readNextStartElement()) {
                const QString text = xml.name().toString();
                const QString value = xml.readElementText().trimmed();
                if (text == QLatin1String("csvfile")) {
                    const QString file = resolveBeside(path, value);
                    if (!cfg.hvdFile.isEmpty() && cfg.hvdFile != file) {
                        *error = QStringLiteral("%1: variables read from several data files (%2, %3): not supported")
                                     .arg(path, cfg.hvdFile, file);
                        return false;
                    }
                    cfg.hvdFile = file;
                } else if (text == QLatin1String("column")) v.column = value.toInt();
                else if (text == QLatin1String("tolerance")) v.tolerance = value.toDouble();
            }
            cfg.variables.push_back(v);
        }
    }
    return true;
}

}  // namespace

HvcReadResult loadHvc(const QString& path) {
    HvcReadResult r;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        r.error = QStringLiteral("%1: cannot open: %2").arg(path, f.errorString());
        return r;
    }
    QXmlStreamReader xml(&f);
    HopsanValidationConfig cfg;
    auto text = [&xml] { return xml.readElementText().trimmed(); };
    if (!xml.readNextStartElement() || xml.name() != QLatin1String("hopsanvalidationconfiguration")) {
        r.error = QStringLiteral("%1: line %2: not a Hopsan validation configuration (<hopsanvalidationconfiguration>)")
                      .arg(path).arg(xml.lineNumber());
        return r;
    }
    while (xml.readNextStartElement()) {
        if (xml.name() != QLatin1String("validation")) { xml.skipCurrentElement(); continue; }
        while (xml.readNextStartElement()) {
            if (xml.name() == QLatin1String("modelfile")) cfg.modelFile = resolveBeside(path, text());
            else if (xml.name() == QLatin1String("hvdfile")) cfg.hvdFile = resolveBeside(path, text());
            else if (xml.name() == QLatin1String("variable")) {
                HvcVariable v;
                v.fullName = xml.attributes().value(QLatin1String("name")).toString();
                while (xml.readNextStartElement()) {
                    if (xml.name() == QLatin1String("timecolumn")) v.timeColumn = text().toInt();
                    else if (xml.name() == QLatin1String("column")) v.column = text().toInt();
                    else if (xml.name() == QLatin1String("tolerance")) v.tolerance = text().toDouble();
                    else xml.skipCurrentElement();
                }
                if (!splitVariable(v)) {
                    r.error = QStringLiteral("%1: variable '%2' is not Component#Port#Variable").arg(path, v.fullName);
                    return r;
                }
                cfg.variables.push_back(v);
            } else if (xml.name() == QLatin1String("component")) {
                if (!readComponentVariables(xml, path, cfg, &r.error)) return r;
            } else xml.skipCurrentElement();
        }
    }
    if (xml.hasError()) {
        r.error = QStringLiteral("%1: line %2, column %3: %4").arg(path).arg(xml.lineNumber()).arg(xml.columnNumber()).arg(xml.errorString());
        return r;
    }
    if (cfg.modelFile.isEmpty() || cfg.hvdFile.isEmpty() || cfg.variables.empty()) {
        r.error = QStringLiteral("%1: needs <modelfile>, <hvdfile> and at least one <variable>").arg(path);
        return r;
    }
    r.config = cfg;
    return r;
}

HvdData loadHvd(const QString& path) {
    HvdData d;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly | QIODevice::Text)) {
        d.error = QStringLiteral("%1: cannot open: %2").arg(path, f.errorString());
        return d;
    }
    int line = 0;
    while (!f.atEnd()) {
        ++line;
        const QString s = QString::fromUtf8(f.readLine()).trimmed();
        if (s.isEmpty()) continue;
        const QStringList cells = s.split(',');
        if (d.columns.empty()) d.columns.resize(size_t(cells.size()));
        if (size_t(cells.size()) != d.columns.size()) {
            d.error = QStringLiteral("%1:%2: %3 values, the first row has %4").arg(path).arg(line).arg(cells.size()).arg(d.columns.size());
            return d;
        }
        for (int i = 0; i < cells.size(); ++i) {
            bool ok = false;
            const double v = cells[i].trimmed().toDouble(&ok);
            if (!ok) {
                d.error = QStringLiteral("%1:%2: '%3' is not a number").arg(path).arg(line).arg(cells[i].trimmed());
                return d;
            }
            d.columns[size_t(i)].push_back(v);
        }
    }
    if (d.columns.empty()) d.error = path + QStringLiteral(": no data");
    return d;
}

ToleranceCheck hopsanToleranceCheck(const std::vector<double>& simTime, const std::vector<double>& simValue,
                                    const std::vector<double>& refTime, const std::vector<double>& refValue,
                                    double tolerance) {
    ToleranceCheck c;
    const size_t n = std::min(simTime.size(), simValue.size());
    const std::vector<double> t(simTime.begin(), simTime.begin() + long(n)), y(simValue.begin(), simValue.begin() + long(n));
    for (size_t i = 0; i < refTime.size() && i < refValue.size(); ++i) {
        if (n == 0 || refTime[i] > t.back() + 1e-9 * std::max(1.0, std::fabs(t.back()))) continue;  // past our run's end
        const double ref = refValue[i], sim = interpolate(t, y, refTime[i]);
        if (std::fabs(sim) < 1e-100 || std::fabs(ref) < 1e-10) continue;
        const double dev = std::fabs(1 - sim / ref);
        ++c.checked;
        if (!(dev <= c.maxDeviation)) { c.maxDeviation = dev; c.atTime = refTime[i]; }
        if (!(dev <= tolerance)) c.passed = false;
    }
    return c;
}

}  // namespace hs::model
