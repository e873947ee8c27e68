// SPDX-License-Identifier: GPL-3.0-or-later
// Reads the structure of a (migrated) circuit document into a Circuit: JSON types and unknown
// keys (kept in "extra"). Missing keys take their defaults (empty strings for ids and
// references); whether that is acceptable, and every registry check, is the validator's job.
#pragma once

#include <QJsonObject>
#include <QStringList>

#include <optional>
#include <vector>

#include "circuit.h"
#include "json_reader.h"

namespace hs::model {

// Position in the file of each document list entry, for error paths: entries that are not even
// objects are skipped, so document index and JSON index can differ.
struct SourceIndex {
    std::vector<int> components, wires, probes, configs;
};

class CircuitReader {
public:
    explicit CircuitReader(QStringList* errors) : in_(errors) {}
    Circuit read(const QJsonObject& root, SourceIndex* index);

private:
    void readFluid(const QJsonObject& o, Circuit& c);
    void readSimulation(const QJsonObject& o, Circuit& c);
    std::optional<ComponentDoc> readComponent(const QJsonObject& o, const QString& path);
    std::optional<WireDoc> readWire(const QJsonObject& o, const QString& path);
    std::optional<ProbeDoc> readProbe(const QJsonObject& o, const QString& path);
    std::optional<SolverConfigDoc> readConfig(const QJsonObject& o, const QString& path);
    MethodDoc readMethod(const QJsonObject& o, const QString& path);

    // Reads root[key] as an array of objects with readItem, recording each entry's JSON index.
    template <class T, class F>
    void readList(const QJsonObject& root, const char* key, std::vector<T>& out, std::vector<int>& index,
                  F readItem);

    JsonReader in_;
};

}  // namespace hs::model
