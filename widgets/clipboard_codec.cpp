// SPDX-License-Identifier: GPL-3.0-or-later
#include "clipboard_codec.h"

#include <QMimeData>

#include "model/circuit_io.h"

namespace hs::widgets {

QMimeData* ClipboardCodec::encode(const hs::model::Circuit& c, const QStringList& ids) {
    hs::model::Circuit part;
    part.name = QStringLiteral("clipboard");
    for (const auto& comp : c.components)
        if (ids.contains(comp.id)) part.components.push_back(comp);
    for (const auto& w : c.wires)
        if (ids.contains(w.fromComp) && ids.contains(w.toComp)) part.wires.push_back(w);
    // One reference configuration carries the methods of the copied volumes, so the fragment is a
    // valid file and a pasted volume keeps how it was solved.
    hs::model::SolverConfigDoc cfg;
    cfg.name = QStringLiteral("clipboard");
    cfg.reference = true;
    if (const auto* ref = c.reference())
        for (const auto& [vol, m] : ref->methods)
            if (ids.contains(vol)) cfg.methods[vol] = m;
    part.configs.push_back(cfg);
    auto* mime = new QMimeData;
    const QByteArray bytes = hs::model::serializeCircuit(part);
    mime->setData(kMime, bytes);
    mime->setText(QString::fromUtf8(bytes));
    return mime;
}

std::optional<hs::model::Circuit> ClipboardCodec::decode(const QMimeData* mime, const hs::sim::Registry& reg,
                                                         QString* error) {
    if (!mime || !mime->hasFormat(kMime)) {
        if (error) *error = QObject::tr("The clipboard holds no HydroStiff components");
        return std::nullopt;
    }
    hs::model::LoadResult r = hs::model::parseCircuit(mime->data(kMime), reg);
    if (!r.ok()) {
        if (error) *error = QObject::tr("The clipboard data is not a valid circuit fragment: %1").arg(r.errors.value(0));
        return std::nullopt;
    }
    return r.circuit;
}

}  // namespace hs::widgets
