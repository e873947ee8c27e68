// SPDX-License-Identifier: GPL-3.0-or-later
#include "place_tool.h"

#include <QGraphicsSceneMouseEvent>
#include <QKeyEvent>

#include "../circuit_scene.h"

namespace hs::widgets {

bool PlaceTool::press(QGraphicsSceneMouseEvent* e) {
    if (e->button() == Qt::LeftButton) scene_.placeComponent(type_, e->scenePos());
    scene_.setTool(nullptr);
    return true;
}

bool PlaceTool::release(QGraphicsSceneMouseEvent*) { return true; }

bool PlaceTool::key(QKeyEvent* e) {
    if (e->key() != Qt::Key_Escape) return false;
    scene_.setTool(nullptr);
    return true;
}

}  // namespace hs::widgets
