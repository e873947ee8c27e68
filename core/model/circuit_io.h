// SPDX-License-Identifier: GPL-3.0-or-later
// Reading and writing *.hydro.json circuit files (docs/file-format.md describes the layout).
#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <optional>

#include "circuit.h"

namespace hs::sim {
class Registry;
}

namespace hs::model {

// The file format this version writes. Older formats are migrated on load (migration.h).
inline constexpr int kCurrentFormat = 1;

// circuit is set whenever the file could be read into a document at all (valid JSON, an object,
// a supported "format"), even if it has errors, so that an editor can open a broken file and
// let the user repair it. errors lists every problem found, each starting with its JSON path
// ("$.components[3].parameters.V: ..."). The load succeeded only if ok().
struct LoadResult {
    std::optional<Circuit> circuit;
    QStringList errors;
    bool ok() const { return circuit.has_value() && errors.isEmpty(); }
};

LoadResult parseCircuit(const QByteArray& json, const hs::sim::Registry& reg);
// Like parseCircuit; errors reading the file itself name the path.
LoadResult loadCircuit(const QString& path, const hs::sim::Registry& reg);

// Deterministic bytes: object keys sorted, lists in document order, numbers in the shortest form
// that reads back to the same double, '.' as decimal point, 4-space indentation, final newline.
QByteArray serializeCircuit(const Circuit& c);
// Atomic (QSaveFile): on failure the previous file is untouched and *error says why.
bool saveCircuit(const Circuit& c, const QString& path, QString* error);

// The registry-aware checks of a document (types, parameters, ports, references, solver
// configurations), as done on load. Paths refer to the document's list positions.
QStringList validateCircuit(const Circuit& c, const hs::sim::Registry& reg);

}  // namespace hs::model
