// SPDX-License-Identifier: GPL-3.0-or-later
#include <QTextStream>
#include <cstdio>

#include "cli.h"
#include "model/circuit_io.h"

namespace hs::cli {

Args::Args(const QStringList& args, const QStringList& valueOptions, const QStringList& flags) {
    for (int i = 0; i < args.size(); ++i) {
        const QString& a = args[i];
        if (!a.startsWith("--")) { positional << a; continue; }
        const QString name = a.mid(2);
        if (flags.contains(name)) { flags_ << name; continue; }
        if (!valueOptions.contains(name)) { error_ = "unknown option " + a; return; }
        if (i + 1 >= args.size()) { error_ = "option " + a + " needs a value"; return; }
        values_[name] = args[++i];
    }
}

std::optional<QString> Args::value(const QString& name) const {
    auto it = values_.find(name);
    if (it == values_.end()) return std::nullopt;
    return *it;
}

std::optional<double> Args::number(const QString& name) {
    auto v = value(name);
    if (!v) return std::nullopt;
    bool ok = false;
    const double d = v->toDouble(&ok);
    if (!ok) { error_ = "--" + name + ": '" + *v + "' is not a number"; return std::nullopt; }
    return d;
}

void out(const QString& s) {
    const QByteArray b = s.toUtf8();
    std::fwrite(b.constData(), 1, static_cast<size_t>(b.size()), stdout);
    std::fputc('\n', stdout);
    std::fflush(stdout);
}

void err(const QString& s) {
    const QByteArray b = s.toUtf8();
    std::fwrite(b.constData(), 1, static_cast<size_t>(b.size()), stderr);
    std::fputc('\n', stderr);
}

QString fmt(double v, int precision) { return QString::number(v, 'g', precision); }

void warnConfig(const QString& config, const std::vector<std::string>& warnings) {
    for (const auto& w : warnings) err("warning: [" + config + "] " + QString::fromStdString(w));
}

std::optional<model::Circuit> loadOrReport(const QString& path, const sim::Registry& reg) {
    model::LoadResult r = model::loadCircuit(path, reg);
    if (!r.ok()) {
        err(path + ": cannot load the circuit:");
        for (const auto& e : r.errors) err("  " + e);
        return std::nullopt;
    }
    return r.circuit;
}

}  // namespace hs::cli
