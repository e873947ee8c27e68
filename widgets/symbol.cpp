// SPDX-License-Identifier: GPL-3.0-or-later
#include "symbol.h"

#include <QPainter>
#include <QSvgRenderer>

namespace hs::widgets {

void Symbol::paint(QPainter* p) const {
    if (renderer && !fallback) {
        renderer->render(p, bounds);
        return;
    }
    p->save();
    p->setPen(QPen(Qt::black, 1.5));
    p->setBrush(Qt::white);
    p->drawRect(bounds);
    QFont f = p->font();
    f.setPixelSize(9);
    p->setFont(f);
    p->drawText(bounds.adjusted(2, 2, -2, -2), Qt::AlignCenter | Qt::TextWordWrap, label);
    p->restore();
}

}  // namespace hs::widgets
