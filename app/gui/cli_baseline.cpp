// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli_baseline.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <algorithm>
#include <sys/resource.h>

#include "model/circuit_io.h"

namespace hs::gui {

namespace {

// One CSV record, with "quoted" fields that may hold commas and doubled quotes.
QStringList splitCsvLine(const QString& line) {
    QStringList fields;
    QString cur;
    bool quoted = false;
    for (int i = 0; i < line.size(); ++i) {
        const QChar ch = line[i];
        if (quoted) {
            if (ch == '"' && i + 1 < line.size() && line[i + 1] == '"') cur += '"', ++i;
            else if (ch == '"') quoted = false;
            else cur += ch;
        } else if (ch == '"') {
            quoted = true;
        } else if (ch == ',') {
            fields << cur;
            cur.clear();
        } else {
            cur += ch;
        }
    }
    fields << cur;
    return fields;
}

double childrenCpuSeconds() {
    rusage ru{};
    getrusage(RUSAGE_CHILDREN, &ru);
    auto s = [](const timeval& tv) { return static_cast<double>(tv.tv_sec) + 1e-6 * static_cast<double>(tv.tv_usec); };
    return s(ru.ru_utime) + s(ru.ru_stime);
}

}  // namespace

QString findCli() {
    const QDir here(QCoreApplication::applicationDirPath());
    for (const char* rel : {"hydrostiff-cli", "../cli/hydrostiff-cli"})
        if (QFileInfo f(here.filePath(rel)); f.isExecutable()) return f.absoluteFilePath();
    return {};
}

CliBaselineRun runCliBaseline(const QString& cli, const model::Circuit& circuit, const QStringList& configs, int jobs) {
    CliBaselineRun out;
    QTemporaryDir dir;
    if (!dir.isValid()) {
        out.error = "cannot create a temporary folder: " + dir.errorString();
        return out;
    }
    const QString file = dir.filePath("circuit.hydro.json"), metrics = dir.filePath("metrics.csv");
    QString err;
    if (!model::saveCircuit(circuit, file, &err)) {
        out.error = err;
        return out;
    }
    QStringList args{"compare", file, "--jobs", QString::number(jobs), "--metrics", metrics, "--quiet"};
    if (!configs.isEmpty()) args << "--configs" << configs.join(',');
    QProcess child;
    child.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    const double cpu0 = childrenCpuSeconds();
    QElapsedTimer clock;
    clock.start();
    child.start(cli, args);
    if (!child.waitForFinished(-1) || child.exitStatus() != QProcess::NormalExit) {
        out.error = cli + " did not run: " + child.errorString();
        return out;
    }
    out.processSeconds = static_cast<double>(clock.nsecsElapsed()) * 1e-9;
    out.processCpuSeconds = childrenCpuSeconds() - cpu0;
    QFile f(metrics);
    if (!f.open(QIODevice::ReadOnly | QIODevice::Text)) {
        out.error = "hydrostiff-cli compare exited with " + QString::number(child.exitCode()) + " and wrote no metrics";
        return out;
    }
    const QStringList header = splitCsvLine(QString::fromUtf8(f.readLine()).trimmed());
    const int wallCol = static_cast<int>(header.indexOf("wall time [s]")), stepsCol = static_cast<int>(header.indexOf("steps")),
              cpuCol = static_cast<int>(header.indexOf("cpu time [s]"));
    if (wallCol < 0 || stepsCol < 0 || cpuCol < 0) {
        out.error = "unexpected metrics header: " + header.join(',');
        return out;
    }
    while (!f.atEnd()) {
        const QStringList row = splitCsvLine(QString::fromUtf8(f.readLine()).trimmed());
        if (row.size() <= std::max({wallCol, stepsCol, cpuCol})) continue;
        out.wall[row[0]] = row[wallCol].toDouble();
        out.cpu[row[0]] = row[cpuCol].toDouble();
        out.steps[row[0]] = row[stepsCol].toLong();
    }
    return out;
}

}  // namespace hs::gui
