// SPDX-License-Identifier: GPL-3.0-or-later
// How a pressure method looks on the canvas: a short badge text and a colour, shared by the
// volume badges and the legend so that they cannot disagree.
#pragma once

#include <QColor>
#include <QString>

namespace hs::widgets {

struct MethodStyle {
    QString badge;
    QColor color;

    static MethodStyle of(const QString& methodId) {
        if (methodId == "integrate") return {"INT", QColor(0x4a, 0x7a, 0xb8)};
        if (methodId == "local_implicit") return {"LI", QColor(0x2e, 0x9c, 0x8a)};
        if (methodId == "pseudo_dynamic") return {"PD", QColor(0xd9, 0x8a, 0x1c)};
        if (methodId == "advanced_pseudo_dynamic") return {"APD", QColor(0xc4, 0x4e, 0x1f)};
        if (methodId == "quasi_steady") return {"QS", QColor(0x8a, 0x4f, 0xb0)};
        if (methodId == "multiple_scales") return {"MMS", QColor(0xb0, 0x3a, 0x7a)};
        if (methodId == "tlm") return {"TLM", QColor(0x5b, 0x8a, 0x1e)};
        // A method this table does not know yet still gets a readable badge.
        return {methodId.left(3).toUpper(), QColor(0x60, 0x60, 0x60)};
    }
};

}  // namespace hs::widgets
