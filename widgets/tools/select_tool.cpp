// SPDX-License-Identifier: GPL-3.0-or-later
#include "select_tool.h"

#include <QGraphicsSceneMouseEvent>

#include "../circuit_scene.h"
#include "../component_item.h"

namespace hs::widgets {

bool SelectTool::press(QGraphicsSceneMouseEvent* e) {
    if (e->button() != Qt::LeftButton) return false;
    QString port;
    if (ComponentItem* c = scene_.portAt(e->scenePos(), &port)) {
        scene_.beginWire(c->id(), port);
        return true;
    }
    if (ComponentItem* c = scene_.componentAt(e->scenePos())) emit scene_.componentActivated(c->id());
    return false;
}

bool SelectTool::release(QGraphicsSceneMouseEvent* e) {
    if (e->button() == Qt::LeftButton) scene_.commitMoves();
    return false;
}

}  // namespace hs::widgets
