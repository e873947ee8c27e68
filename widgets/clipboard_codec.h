// SPDX-License-Identifier: GPL-3.0-or-later
// Copy and paste between windows: a selection travels as a small circuit in the file format
// (serializeCircuit / parseCircuit) under a private MIME type, plus the same JSON as plain text.
#pragma once

#include <QString>
#include <QStringList>

#include <optional>

#include "model/circuit.h"

class QMimeData;

namespace hs::sim {
class Registry;
}

namespace hs::widgets {

class ClipboardCodec {
public:
    static constexpr const char* kMime = "application/x-hydrostiff-circuit";

    // The components with these ids, the wires among them and their method overrides.
    static QMimeData* encode(const hs::model::Circuit& c, const QStringList& ids);
    // nullopt with *error when the data is not a readable circuit fragment.
    static std::optional<hs::model::Circuit> decode(const QMimeData* mime, const hs::sim::Registry& reg, QString* error);
};

}  // namespace hs::widgets
