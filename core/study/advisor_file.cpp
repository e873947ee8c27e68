// SPDX-License-Identifier: GPL-3.0-or-later
#include "advisor_file.h"

#include <QFile>

#include "model/circuit_io.h"

namespace hs::study {

QString uniqueConfigName(const model::Circuit& c, const QString& name) {
    QString n = name;
    for (int k = 2; c.config(n); ++k) n = name + " (" + QString::number(k) + ")";
    return n;
}

AddedConfig addConfiguration(const QString& path, model::SolverConfigDoc cfg, const sim::Registry& reg) {
    AddedConfig out;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        out.error = "cannot read " + path + ": " + f.errorString();
        return out;
    }
    const QByteArray before = f.readAll();
    f.close();
    model::LoadResult loaded = model::parseCircuit(before, reg);
    if (!loaded.ok()) {
        out.error = path + ": cannot load the circuit" + (loaded.errors.isEmpty() ? QString() : ": " + loaded.errors.front());
        return out;
    }
    model::Circuit c = *loaded.circuit;
    out.reformatted = model::serializeCircuit(c) != before;
    cfg.reference = false;
    cfg.name = uniqueConfigName(c, cfg.name);
    out.name = cfg.name;
    c.configs.push_back(cfg);
    QString error;
    if (!model::saveCircuit(c, path, &error)) out.error = error;
    return out;
}

}  // namespace hs::study
