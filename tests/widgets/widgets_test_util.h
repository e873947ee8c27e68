// SPDX-License-Identifier: GPL-3.0-or-later
// Shared by the widget tests: the registry, a document with a small circuit, the examples.
#pragma once

#include <QDir>
#include <QStringList>

#include "model/circuit_document.h"
#include "model/circuit_io.h"
#include "sim/registry.h"

namespace hs::widgets::test {

inline const hs::sim::Registry& registry() {
    static const hs::sim::Registry r = hs::sim::Registry::builtin();
    return r;
}

inline QStringList examples() {
    QStringList out;
    for (const QFileInfo& fi : QDir(HS_EXAMPLES_DIR).entryInfoList({"*.hydro.json"}, QDir::Files, QDir::Name))
        out << fi.filePath();
    return out;
}

inline hs::model::Circuit loadExample(const QString& name) {
    auto r = hs::model::loadCircuit(QDir(HS_EXAMPLES_DIR).filePath(name), registry());
    return r.circuit.value_or(hs::model::Circuit{});
}

}  // namespace hs::widgets::test
